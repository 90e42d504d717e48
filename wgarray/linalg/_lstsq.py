"""What stands on the SVD: pinv, matrix_rank and lstsq, as numpy.linalg's (with the standard's
rtol). Every step is a GPU op on the SVD's factors; lstsq reads the rank back, since NumPy
returns it as a number and the residuals' shape depends on it."""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import asarray, zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.linear_algebra_functions import matmul, matrix_transpose
from .._api.manipulation_functions import expand_dims, squeeze
from .._api.searching_functions import count_nonzero
from .._api.statistical_functions import max as max_, sum as sum_
from .._api.utility_functions import all as all_
from ._common import LinAlgError, float_dtype, matrices
from ._spectral import svd

_NO_VALUE = object()  # pinv's rtol not given (NumPy's _NoValue)


def _eps(dtype) -> float:
    return float(np.finfo(dt.real_dtype(dtype)).eps)


def _per_matrix(value) -> Array:
    """A tolerance (scalar or one per matrix of a stack) broadcast against S (..., K)."""
    return expand_dims(asarray(value), axis=-1)


def _adjoint(x: Array) -> Array:
    return E["conj"](matrix_transpose(x))


def pinv(x, /, rcond=None, hermitian=False, *, rtol=_NO_VALUE) -> Array:
    """Return the Moore-Penrose pseudo-inverse of each matrix of a stack.

    As ``numpy.linalg.pinv``, through the SVD: singular values at most ``rtol * max(S)`` count
    as zero.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N).
    rcond : float or array_like, optional
        NumPy's older name of ``rtol`` (one value, or one per matrix); not both may be given.
    hermitian : bool, optional
        The matrices are Hermitian: the SVD goes through ``eigh`` (default False).
    rtol : float or array_like or None, optional
        The relative cutoff (one value, or one per matrix). Not given: NumPy's default 1e-15;
        None: the standard's ``max(M, N) * eps``.

    Returns
    -------
    Array
        The pseudo-inverses (..., N, M), of ``x``'s computing dtype.

    Raises
    ------
    ValueError
        If both ``rcond`` and ``rtol`` are given.
    LinAlgError
        If ``x`` has fewer than 2 dimensions, or the SVD does not converge.

    See Also
    --------
    svd, lstsq, inv

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: the SVD (see ``svd``, with its host sync; ``eigh`` with ``hermitian``), a fold for the
    largest singular value, map kernels for the cutoff and the reciprocals, one matmul.

    Examples
    --------
    >>> wg.linalg.pinv(wg.asarray([[2.0, 0.0], [0.0, 0.0]]))
    array([[0.5, 0. ],
           [0. , 0. ]])
    """
    if rcond is None:
        if rtol is _NO_VALUE:
            rcond = 1e-15
        elif rtol is None:
            rcond = None
        else:
            rcond = rtol
    elif rtol is not _NO_VALUE:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    x = matrices(x, "pinv")
    *batch, m, n = x.shape
    if rcond is None:
        rcond = max(m, n) * _eps(x.dtype)
    if m == 0 or n == 0:
        return zeros((*batch, n, m), dtype=x.dtype, device=x.device)
    u, s, vh = svd(x, full_matrices=False, hermitian=hermitian)
    cutoff = _per_matrix(rcond) * max_(s, axis=-1, keepdims=True)
    inverse = E["where"](s > cutoff, 1 / s, 0)
    return matmul(_adjoint(vh), expand_dims(inverse, axis=-1) * _adjoint(u))


def matrix_rank(x, /, tol=None, hermitian=False, *, rtol=None):
    """Return the rank of each matrix of a stack: its number of singular values above a tolerance.

    As ``numpy.linalg.matrix_rank``. An input of fewer than 2 dimensions gives 1 if any of its
    elements is nonzero, else 0 (a Python int, as NumPy).

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), or a 0-d or 1-D array.
    tol : float or array_like, optional
        The absolute threshold (one value, or one per matrix); by default ``rtol * max(S)``.
    hermitian : bool, optional
        The matrices are Hermitian: the singular values come from ``eigvalsh`` (default False).
    rtol : float or array_like, optional
        The relative threshold (one value, or one per matrix), by default ``max(M, N) * eps``;
        not both ``tol`` and ``rtol`` may be given.

    Returns
    -------
    Array or int
        The ranks, of shape (...) and the default integer dtype (an int for fewer than 2
        dimensions).

    Raises
    ------
    ValueError
        If both ``tol`` and ``rtol`` are given.

    See Also
    --------
    svdvals

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: the singular values (see ``svdvals``; one host sync for its convergence check), map
    kernels for the threshold and a fold counting the values above it. An input of fewer than
    2 dimensions: one fold and a host sync for the Python int.

    Examples
    --------
    >>> wg.linalg.matrix_rank(wg.asarray([[1.0, 2.0], [2.0, 4.0]]))
    array(1)
    """
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    x = as_array(x, "matrix_rank")
    if x.ndim < 2:
        return int(not bool(all_(x == 0)))
    s = svd(x, compute_uv=False, hermitian=hermitian)
    if s.shape[-1] == 0:
        return zeros(s.shape[:-1], dtype=dt.default_int(x.device), device=x.device)
    if tol is None:
        if rtol is None:
            rtol = max(x.shape[-2:]) * _eps(s.dtype)
        else:
            rtol = _per_matrix(rtol)
        tol = max_(s, axis=-1, keepdims=True) * rtol
    else:
        tol = _per_matrix(tol)
    return count_nonzero(s > tol, axis=-1)


def lstsq(a, b, rcond=None):
    """Return the least-squares solution of ``a @ x = b``.

    As ``numpy.linalg.lstsq``, through the SVD of ``a``: singular values at most
    ``rcond * max(S)`` count as zero.

    Parameters
    ----------
    a : array_like
        The coefficient matrix (M, N).
    b : array_like
        The right-hand side(s): (M,) or (M, K).
    rcond : float, optional
        The relative cutoff of the singular values; by default ``max(M, N) * eps``, a negative
        one means eps.

    Returns
    -------
    x : Array
        The solution (N,) or (N, K).
    residuals : Array
        The squared norms of ``b - a @ x`` per column (shape (K,), or (1,) for a 1-D ``b``) when
        ``a`` has full column rank and M > N; else empty.
    rank : numpy.int32
        The rank of ``a``.
    s : Array
        The singular values of ``a``, descending.

    Raises
    ------
    LinAlgError
        If ``a`` or ``b`` is not 2-D (``b`` may be 1-D), their rows differ, or the SVD does
        not converge.

    See Also
    --------
    pinv, solve

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128, the two inputs promoted together;
    bool and integer inputs compute in the default float dtype (float64, float32 on a device
    without float64), as NumPy's; float16 raises TypeError.

    GPU: the SVD (see ``svd``), map kernels and matmuls for the solution and the residuals, a
    fold for the rank. Two host syncs: the SVD's convergence check and the rank, which NumPy
    returns as a number (and which decides the residuals' shape).

    Examples
    --------
    >>> x, residuals, rank, s = wg.linalg.lstsq(wg.asarray([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]),
    ...                                         wg.asarray([1.0, 2.0, 3.0]))
    >>> x
    array([1., 1.])
    >>> rank
    np.int32(2)
    """
    a, b = as_array(a, "lstsq"), as_array(b, "lstsq")
    vector = b.ndim == 1
    if vector:
        b = expand_dims(b, axis=-1)
    for array in (a, b):
        if array.ndim != 2:
            raise LinAlgError(f"{array.ndim}-dimensional array given. Array must be two-dimensional")
    (m, n), (m2, k) = a.shape, b.shape
    if m != m2:
        raise LinAlgError("Incompatible dimensions")
    dtype = dt.promote(float_dtype(a.dtype, a.device), float_dtype(b.dtype, b.device), a.device)
    real = dt.real_dtype(dtype)
    a, b = astype(a, dtype, copy=False), astype(b, dtype, copy=False)
    eps = _eps(dtype)
    if rcond is None:
        rcond = eps * max(m, n)
    elif rcond < 0:
        rcond = eps
    try:
        u, s, vh = svd(a, full_matrices=False)
    except LinAlgError:
        raise LinAlgError("SVD did not converge in Linear Least Squares") from None
    if s.shape[0]:
        kept = s > rcond * max_(s)
        rank = int(count_nonzero(kept))
        inverse = E["where"](kept, 1 / s, 0)
        x = matmul(_adjoint(vh), expand_dims(inverse, axis=-1) * matmul(_adjoint(u), b))
    else:
        rank = 0
        x = zeros((n, k), dtype=dtype, device=a.device)
    if rank == n and m > n:
        r = b - matmul(a, x)
        residuals = sum_(E["real"](E["conj"](r) * r) if dt.kind(dtype) == "complex" else r * r, axis=0)
    else:
        residuals = zeros((0,), dtype=real, device=a.device)
    if vector:
        x = squeeze(x, axis=-1)
    return x, residuals, np.int32(rank), s  # NumPy's rank is a LAPACK int: numpy.int32
