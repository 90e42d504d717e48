"""The Generator's multivariate distributions: multinomial (conditional binomials), dirichlet
(normalised gammas) and multivariate_normal (a factor of the covariance from wgarray.linalg)."""

from __future__ import annotations

import warnings

import numpy as np

from .._api.coerce import as_array
from .._api.creation_functions import zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.linear_algebra_functions import matmul, matrix_transpose
from .._api.manipulation_functions import broadcast_shapes, broadcast_to, reshape, stack
from .._api.statistical_functions import cumulative_sum, sum as sum_
from .._api.utility_functions import any as any_
from .._numpy.logic import allclose
from ..linalg import cholesky, eigh, svd
from ._common import draw_block, draw_element, float_array, shape_of

F64, I64 = np.dtype(np.float64), np.dtype(np.int64)


class MultivariateMixin:
    def multinomial(self, n, pvals, size=None):
        """Draw from a multinomial distribution: counts of ``n`` trials over ``len(pvals)`` outcomes.

        Parameters
        ----------
        n : int or array_like of ints
            The number of trials, non-negative (cast to int64).
        pvals : array_like of floats
            The outcomes' probabilities along the last axis (leading axes are a batch that
            broadcasts with ``n``). Each must be in [0, 1] and ``pvals[..., :-1]`` must sum to at
            most 1; the last outcome takes the trials left (``pvals[..., -1]`` is not read, as in
            NumPy).
        size : int or tuple of int, optional
            The batch shape, to which the batch shape of ``n`` and ``pvals`` must broadcast; None
            (the default) takes that batch shape.

        Returns
        -------
        Array
            int64 counts of shape ``size + (len(pvals),)`` (a 1-d array for one draw), each row
            summing to its ``n``.

        Raises
        ------
        ValueError
            If ``n`` < 0, ``pvals`` is 0-d, a probability is outside [0, 1] or NaN, or
            ``sum(pvals[:-1]) > 1``.
        TypeError
            If ``pvals`` is complex.

        Notes
        -----
        Dtypes: ``pvals`` may have any real dtype and computes in float64 (complex raises
        TypeError); ``n`` is cast to int64. The counts are int64.

        GPU: outcome j is a binomial draw of the trials left, with probability
        ``pvals[j] / (1 - sum(pvals[:j]))``: one binomial rejection kernel
        (wgsl/random_binomial.wgsl) per outcome but the last, for the whole batch, plus a
        cumulative sum and elementwise kernels; the outcomes are stacked at the end. The checks
        are reductions on the device, read back (host syncs). It needs shader-f64 and
        shader-int64. The numbers are not NumPy's.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> counts = rng.multinomial(20, [0.2, 0.3, 0.5], size=4)
        >>> counts.shape, counts.sum(axis=1).tolist()
        ((4, 3), [20, 20, 20, 20])
        """
        pvals = float_array(pvals, "pvals")
        if pvals.ndim == 0:
            raise ValueError("pvals must have at least 1 dimension")
        n = astype(as_array(n, "n"), I64)
        if n.size and bool(any_(n < 0)):
            raise ValueError("n < 0")
        if pvals.size and bool(any_((pvals < 0) | (pvals > 1) | E["isnan"](pvals))):
            raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
        k = pvals.shape[-1]
        if k > 1 and bool(any_(sum_(pvals[..., :-1], axis=-1) > 1.0 + 1e-12)):
            raise ValueError("sum(pvals[:-1]) > 1.0")
        shape = shape_of(size)
        batch = broadcast_shapes(n.shape, pvals.shape[:-1])
        if shape is None:
            shape = batch
        elif broadcast_shapes(batch, shape) != shape:
            raise ValueError(f"shape mismatch: n and pvals of batch shape {batch} cannot be broadcast to size {shape}")
        if k == 0:
            return zeros(shape + (0,), dtype=I64)
        before = cumulative_sum(pvals, axis=-1) - pvals  # the probability of the earlier categories
        conditional = E["clip"](pvals / (1.0 - before), 0.0, 1.0)
        conditional = E["where"](before >= 1.0, 0.0, conditional)
        left = astype(broadcast_to(n, shape), F64)._contiguous()
        counts = []
        for j in range(k - 1):
            p_j = broadcast_to(conditional[..., j], shape)._contiguous()
            count = draw_element(self._bit_generator, "binomial", I64, shape, left._data(), p_j._data())
            counts.append(count)
            left = left - astype(count, F64)
        counts.append(astype(left, I64))
        return stack(counts, axis=-1)

    def dirichlet(self, alpha, size=None):
        """Draw from a Dirichlet distribution of concentrations ``alpha``.

        Parameters
        ----------
        alpha : array_like of floats
            The concentration parameters, a 1-d sequence of non-negative values.
        size : int or tuple of int, optional
            The batch shape; None (the default) draws one vector.

        Returns
        -------
        Array
            float64 draws of shape ``size + (len(alpha),)``, each summing to 1 along the last
            axis.

        Raises
        ------
        ValueError
            If ``alpha`` is not 1-d, or has a negative or NaN value.
        TypeError
            If ``alpha`` is complex.

        Notes
        -----
        Dtypes: ``alpha`` may have any real dtype and computes in float64 (complex raises
        TypeError); the draws are float64. Unlike NumPy, which switches to stick-breaking for small concentrations, every
        draw normalises gammas: where all of a vector's gammas underflow to 0 (concentrations
        near 1e-3 and below) its values are NaN.

        GPU: ``G / G.sum(-1)`` for standard gammas G of shapes ``alpha``: one gamma rejection
        kernel (wgsl/random_gamma.wgsl), one sum (a fold kernel) and one division. ``alpha`` is
        checked by reductions on the device, read back (host syncs). It needs shader-f64 and
        shader-int64. The numbers are not NumPy's.
        """
        alpha = float_array(alpha, "alpha")
        if alpha.ndim != 1:
            raise ValueError("alpha must be a one-dimensional sequence of floats")
        if alpha.size and bool(any_((alpha < 0) | E["isnan"](alpha))):
            raise ValueError("alpha < 0" if not bool(any_(E["isnan"](alpha))) else "alpha contains NaNs")
        shape = (shape_of(size) or ()) + alpha.shape
        gammas = draw_element(self._bit_generator, "gamma", F64, shape,
                              broadcast_to(alpha, shape)._contiguous()._data())
        return gammas / sum_(gammas, axis=-1, keepdims=True)

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd"):
        """Draw from a multivariate normal distribution of mean ``mean`` and covariance ``cov``.

        Parameters
        ----------
        mean : array_like of floats
            The mean, 1-d of length N.
        cov : array_like of floats
            The covariance, an N x N matrix, symmetric and positive semi-definite.
        size : int or tuple of int, optional
            The batch shape; None (the default) draws one vector.
        check_valid : {'warn', 'raise', 'ignore'}, optional
            What to do when ``cov`` is not positive semi-definite (checked with ``method='svd'``
            only, as in NumPy): warn (the default, RuntimeWarning), raise ValueError, or nothing.
        tol : float, optional
            The tolerance of that check (default 1e-8): ``u diag(s) vh`` must be close to
            ``cov`` (relative and absolute).
        method : {'svd', 'eigh', 'cholesky'}, optional
            How ``cov`` is factored (default 'svd', as NumPy); 'cholesky' is the fastest and needs
            ``cov`` positive definite.

        Returns
        -------
        Array
            float64 draws of shape ``size + (N,)``.

        Raises
        ------
        ValueError
            If ``mean`` is not 1-d, ``cov`` is not square or of another length, ``method`` or
            ``check_valid`` is not one of its values, or ``check_valid='raise'`` and ``cov`` is
            not positive semi-definite.
        TypeError
            If ``mean`` or ``cov`` is complex.

        Notes
        -----
        Dtypes: ``mean`` and ``cov`` may have any real dtype and compute in float64; complex
        raises TypeError, as in NumPy. The draws are float64.

        GPU: ``mean + z F`` for standard normals z and a factor F of ``cov`` (F^T F = cov): the
        factor from :func:`wgarray.linalg.svd`, :func:`wgarray.linalg.eigh` or
        :func:`wgarray.linalg.cholesky` on the device, one vectorised normal draw
        (wgsl/random_block.wgsl), one matmul and an addition. The 'svd' check reads one boolean
        back (a host sync). The numbers are not NumPy's.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> x = rng.multivariate_normal([0.0, 10.0], [[1.0, 0.5], [0.5, 2.0]], size=1000)
        >>> x.shape, x.dtype
        ((1000, 2), dtype('float64'))
        """
        if method not in ("svd", "eigh", "cholesky"):
            raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
        if check_valid not in ("warn", "raise", "ignore"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        mean, cov = float_array(mean, "mean"), float_array(cov, "cov")
        if mean.ndim != 1:
            raise ValueError("mean must be 1 dimensional")
        if cov.ndim != 2 or cov.shape[0] != cov.shape[1]:
            raise ValueError("cov must be 2 dimensional and square")
        if mean.shape[0] != cov.shape[0]:
            raise ValueError("mean and cov must have same length")
        n = mean.shape[0]
        shape = (shape_of(size) or ()) + (n,)
        if method == "cholesky":
            factor = matrix_transpose(cholesky(cov))
        elif method == "eigh":
            values, vectors = eigh(cov)
            factor = matrix_transpose(vectors * E["sqrt"](E["abs"](values)))
        else:
            u, s, vh = svd(cov)
            if check_valid != "ignore" and n and not allclose(matmul(matrix_transpose(vh) * s, vh), cov,
                                                               rtol=tol, atol=tol):
                if check_valid == "raise":
                    raise ValueError("covariance is not symmetric positive-semidefinite.")
                warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=2)
            factor = reshape(E["sqrt"](E["abs"](s)), (n, 1)) * vh
        z = reshape(draw_block(self._bit_generator, "normal", F64, shape), (-1, n))
        return reshape(matmul(z, factor) + mean, shape)
