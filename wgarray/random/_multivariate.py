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
from ._common import draw_block, draw_element, shape_of

F64, I64 = np.dtype(np.float64), np.dtype(np.int64)


def _float_array(x, name: str):
    x = as_array(x, name)
    return x if x._dtype == F64 else astype(x, F64)


class MultivariateMixin:
    def multinomial(self, n, pvals, size=None):
        """multinomial(n, pvals, size=None)

        Counts of n trials over the categories of pvals' last axis (int64): category j is a
        binomial draw of the trials left, with probability pvals[j] / (1 - pvals[:j].sum()); the
        last category takes the rest (pvals[-1] is not read, as in NumPy)."""
        pvals = _float_array(pvals, "pvals")
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
        """dirichlet(alpha, size=None)

        G / G.sum(-1) for standard gammas G of shapes alpha (the last axis)."""
        alpha = _float_array(alpha, "alpha")
        if alpha.ndim != 1:
            raise ValueError("alpha must be a one-dimensional sequence of floats")
        if alpha.size and bool(any_((alpha < 0) | E["isnan"](alpha))):
            raise ValueError("alpha < 0" if not bool(any_(E["isnan"](alpha))) else "alpha contains NaNs")
        shape = (shape_of(size) or ()) + alpha.shape
        gammas = draw_element(self._bit_generator, "gamma", F64, shape,
                              broadcast_to(alpha, shape)._contiguous()._data())
        return gammas / sum_(gammas, axis=-1, keepdims=True)

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd"):
        """mean + z F for standard normals z and a factor F of cov (F^T F = cov): from the SVD (the
        default, as NumPy; cov is checked to be positive semi-definite), Cholesky or eigh."""
        if method not in ("svd", "eigh", "cholesky"):
            raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
        if check_valid not in ("warn", "raise", "ignore"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        mean, cov = _float_array(mean, "mean"), _float_array(cov, "cov")
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
