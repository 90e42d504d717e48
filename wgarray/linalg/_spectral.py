"""The spectral decompositions: eigh, eigvalsh, svd, svdvals.

They run on the GPU through the Jacobi engines (wgarray/_engines/jacobi.py): one matrix per
workgroup, every sweep and the convergence test in one dispatch. eigh/eigvalsh of matrices
of order tridiag.MIN_N (65) or more take the tridiagonal engine instead
(wgarray/_engines/tridiag.py: blocked Householder reduction, bisection, inverse iteration),
whose eigenvalues come by split block and are sorted here; svd/svdvals of matrices with
min(m, n) >= bidiag.MIN_N (65) take the bidiagonalisation engine (wgarray/_engines/bidiag.py:
blocked Householder bidiagonalisation, the Golub-Kahan tridiagonal's eigenpairs), whose
singular values come sorted. Both take each matrix scaled first, as LAPACK's ?syev and ?gesdd
do: one whose largest element lies outside their range (tiny or huge elements, whose squares
would underflow or overflow) by the power of 2 that brings it near 1, its values scaled back
after, exactly (wgarray/_engines/spectral_scaling.py; on the device, no host sync); other
matrices keep their results bit for bit. The batch dimensions of a stack
are flattened into one (a view where the strides allow, else a copy) and restored on the
results.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .._array import Array
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take_along_axis
from .._api.data_type_functions import astype
from .._api.manipulation_functions import broadcast_to, flip, reshape
from .._api.sorting_functions import argsort
from .._api.creation_functions import eye
from .._api.linear_algebra_functions import matrix_transpose
from .._engines import bidiag, jacobi, spectral_scaling, tridiag
from ._common import matrices, raise_if_any


class EighResult(NamedTuple):
    """The result of ``eigh``: the eigenvalues and the eigenvectors (a named tuple).

    Parameters
    ----------
    eigenvalues : Array
        The eigenvalues (..., N), ascending, real.
    eigenvectors : Array
        The orthonormal eigenvectors as columns (..., N, N): ``eigenvectors[..., :, i]``
        belongs to ``eigenvalues[..., i]``.

    Notes
    -----
    Dtypes: the eigenvalues are of the input's real dtype (float32 or float64), the
    eigenvectors of its computing dtype (float32, float64, complex64 or complex128).

    GPU: none; a tuple of two arrays the GPU computed.
    """

    eigenvalues: Array
    eigenvectors: Array


class SVDResult(NamedTuple):
    """The result of ``svd``: ``x = U @ diag(S) @ Vh`` (a named tuple).

    Parameters
    ----------
    U : Array
        The left singular vectors as columns (..., M, M), or (..., M, K) without
        ``full_matrices``.
    S : Array
        The singular values (..., K), descending, real.
    Vh : Array
        The right singular vectors as rows (..., N, N), or (..., K, N) without
        ``full_matrices``.

    Notes
    -----
    Dtypes: S is of the input's real dtype (float32 or float64), U and Vh of its computing
    dtype (float32, float64, complex64 or complex128).

    GPU: none; a tuple of three arrays the GPU computed.
    """

    U: Array
    S: Array
    Vh: Array


def stacked(x: Array):
    """x (..., m, n) as an engine operand (batch, m, n), and the batch shape to restore."""
    *batch, m, n = x.shape
    flat = reshape(x, (math.prod(batch), m, n))
    return flat._data(), tuple(batch)


def unstacked(operand, batch: tuple) -> Array:
    """An engine's fresh (count, ...) result as an Array of shape (*batch, ...)."""
    result = Array._wrap(operand)
    return reshape(result, (*batch, *result.shape[1:]))


def _lower(UPLO) -> bool:
    if not isinstance(UPLO, str) or UPLO.upper() not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return UPLO.upper() == "L"


def eigh(x, /, UPLO="L") -> EighResult:
    """Return the eigenvalues and eigenvectors of each Hermitian (real symmetric) matrix of a stack.

    As ``numpy.linalg.eigh``: only the ``UPLO`` triangle is read. A non-finite value in that
    triangle gives NaN results, as LAPACK's.

    Parameters
    ----------
    x : array_like
        A stack of square Hermitian matrices (..., N, N).
    UPLO : {'L', 'U'}, optional
        Read the lower (the default) or the upper triangle.

    Returns
    -------
    EighResult
        ``(eigenvalues, eigenvectors)``: the eigenvalues (..., N) ascending, in ``x``'s real
        dtype, and the orthonormal eigenvectors as columns (..., N, N).

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices.
    ValueError
        If ``UPLO`` is not 'L' or 'U'.

    See Also
    --------
    eigvalsh, eig, svd

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: two-sided cyclic Jacobi (one workgroup per matrix, every sweep in one
    dispatch) for N < 65, else a blocked Householder tridiagonalisation, bisection and
    inverse iteration, the eigenvalues then sorted (an argsort and gathers); Jacobi also where
    those working arrays exceed one storage binding, or on a CPU adapter past N = 1376; there
    each matrix whose largest element lies outside ?syev's range is scaled by a power of 2
    first (a max-abs fold and two maps, the eigenvalues scaled back by a third). No host sync.

    Examples
    --------
    >>> w, v = wg.linalg.eigh(wg.asarray([[2.0, 1.0], [1.0, 2.0]]))
    >>> w
    array([1., 3.])
    """
    lower = _lower(UPLO)
    x = matrices(x, "eigh", square=True)
    w, v = _eigh(x, lower, vectors=True)
    return EighResult(w, v)


def eigvalsh(x, /, UPLO="L") -> Array:
    """Return the eigenvalues of each Hermitian (real symmetric) matrix of a stack.

    Parameters
    ----------
    x : array_like
        A stack of square Hermitian matrices (..., N, N).
    UPLO : {'L', 'U'}, optional
        Read the lower (the default) or the upper triangle.

    Returns
    -------
    Array
        The eigenvalues (..., N), ascending, in ``x``'s real dtype.

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices.
    ValueError
        If ``UPLO`` is not 'L' or 'U'.

    See Also
    --------
    eigh, eigvals

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: as ``eigh`` without the eigenvectors. No host sync.

    Examples
    --------
    >>> wg.linalg.eigvalsh(wg.asarray([[2.0, 1.0], [1.0, 2.0]]))
    array([1., 3.])
    """
    lower = _lower(UPLO)
    x = matrices(x, "eigvalsh", square=True)
    return _eigh(x, lower, vectors=False)[0]


def _eigh(x: Array, lower: bool, vectors: bool):
    """(eigenvalues ascending, eigenvectors or None) by the engine that suits the size."""
    operand, batch = stacked(x)
    if not tridiag.suitable(operand.device, operand.shape, operand.dtype):
        w, v = jacobi.eigh(operand, lower, vectors)
        return unstacked(w, batch), (unstacked(v, batch) if vectors else None)
    factors = spectral_scaling.scale_factors(operand, *spectral_scaling.eigh_range(operand.dtype))
    w, v = tridiag.eigh(spectral_scaling.scaled(operand, factors), lower, vectors)
    w = unstacked(spectral_scaling.unscaled(w, factors), batch)
    order = argsort(w, axis=-1, stable=True)
    if not vectors:
        return take_along_axis(w, order, axis=-1), None
    columns = reshape(order, (*order.shape[:-1], 1, order.shape[-1]))
    return take_along_axis(w, order, axis=-1), take_along_axis(unstacked(v, batch), columns, axis=-1)


def svd(x, /, full_matrices=True, compute_uv=True, hermitian=False):
    """Return the singular value decomposition ``x = U @ diag(S) @ Vh`` of each matrix of a stack.

    As ``numpy.linalg.svd``, the singular values descending.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), at least 2-D.
    full_matrices : bool, optional
        U (..., M, M) and Vh (..., N, N) (the default), else U (..., M, K) and Vh (..., K, N),
        K = min(M, N).
    compute_uv : bool, optional
        Compute U and Vh (the default); False returns S alone.
    hermitian : bool, optional
        The matrices are Hermitian: the decomposition comes from ``eigh`` (the eigenvalues'
        absolute values sorted descending, their signs moved into Vh), as NumPy's. Default
        False.

    Returns
    -------
    SVDResult or Array
        ``SVDResult(U, S, Vh)``, or S (..., K) without ``compute_uv``; S is of ``x``'s real
        dtype.

    Raises
    ------
    LinAlgError
        If ``x`` has fewer than 2 dimensions, or the SVD does not converge (a NaN singular
        value, e.g. from a non-finite input).

    See Also
    --------
    svdvals, eigh, pinv

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: one-sided Jacobi (one workgroup per matrix, every sweep in one
    dispatch) for min(M, N) < 65, else a blocked Householder bidiagonalisation and the
    Golub-Kahan tridiagonal's eigenpairs (bisection, inverse iteration); Jacobi also where
    those working arrays exceed one storage binding, or on a CPU adapter past min(M, N) = 481;
    there each matrix whose largest element lies outside ?gesdd's range is scaled by a power
    of 2 first (a max-abs fold and two maps, the singular values scaled back by a third).
    ``hermitian=True`` runs ``eigh`` instead. One host sync checks the
    singular values for NaN (convergence) over the whole batch.

    Examples
    --------
    >>> u, s, vh = wg.linalg.svd(wg.asarray([[3.0, 0.0], [0.0, 4.0]]))
    >>> s
    array([4., 3.])
    """
    x = matrices(x, "svd")
    if hermitian:
        return _hermitian_svd(x, compute_uv)
    *batch, m, n = x.shape
    operand, batch = stacked(x)
    if not bidiag.suitable(operand.device, operand.shape, operand.dtype):
        u, s, vh = jacobi.svd(operand, bool(full_matrices), bool(compute_uv))
    else:
        u, s, vh = _bidiag_svd(operand, bool(full_matrices), bool(compute_uv))
    s = unstacked(s, batch)
    raise_if_any(E["isnan"](s), "SVD did not converge")
    if not compute_uv:
        return s
    if min(m, n) == 0:  # no rotation ran: U and Vh are identities (or empty)
        rows, cols = (m, n) if full_matrices else (0, 0)
        return SVDResult(_identities(batch, m, rows if full_matrices else 0, x),
                         s, _identities(batch, cols if full_matrices else 0, n, x))
    return SVDResult(unstacked(u, batch), s, unstacked(vh, batch))


def _bidiag_svd(operand, full_matrices: bool, compute_uv: bool):
    """(U, S, Vh) (U and Vh None without compute_uv) by the bidiagonalisation engine, each
    matrix scaled into range first (?gesdd's thresholds) and its singular values back."""
    factors = spectral_scaling.scale_factors(operand, *spectral_scaling.svd_range(operand.dtype))
    operand = spectral_scaling.scaled(operand, factors)
    u = vh = None
    if compute_uv:
        u, s, vh = bidiag.svd(operand, full_matrices)
    else:
        s = bidiag.svdvals(operand)
    return u, spectral_scaling.unscaled(s, factors), vh


def _identities(batch: tuple, rows: int, cols: int, like: Array) -> Array:
    """A stack of identity matrices (rows x cols, either may be 0) of like's dtype."""
    one = eye(rows, cols, dtype=like.dtype, device=like.device)
    return astype(broadcast_to(one, (*batch, rows, cols)), like.dtype, copy=True)


def _hermitian_svd(x: Array, compute_uv: bool):
    """NumPy's svd(hermitian=True): |eigenvalues| descending, the signs moved into Vh."""
    if not compute_uv:
        return _descending(E["abs"](eigvalsh(x)))
    w, u = eigh(x)
    sign = E["copysign"](1.0, w)
    order = flip(argsort(E["abs"](w), axis=-1), axis=-1)
    s = take_along_axis(E["abs"](w), order, axis=-1)
    sign = take_along_axis(sign, order, axis=-1)
    u = take_along_axis(u, reshape(order, (*order.shape[:-1], 1, order.shape[-1])), axis=-1)
    vh = E["conj"](matrix_transpose(u * reshape(sign, (*sign.shape[:-1], 1, sign.shape[-1]))))
    return SVDResult(u, s, vh)


def _descending(values: Array) -> Array:
    return flip(take_along_axis(values, argsort(values, axis=-1), axis=-1), axis=-1)


def svdvals(x, /) -> Array:
    """Return the singular values of each matrix of a stack, descending.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), at least 2-D.

    Returns
    -------
    Array
        The singular values (..., K), K = min(M, N), of ``x``'s real dtype.

    Raises
    ------
    LinAlgError
        If ``x`` has fewer than 2 dimensions, or the SVD does not converge.

    See Also
    --------
    svd, matrix_norm

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: one-sided Jacobi (one workgroup per matrix, every sweep in one
    dispatch) for min(M, N) < 65, else a blocked Householder bidiagonalisation and the
    Golub-Kahan tridiagonal's eigenpairs (bisection, inverse iteration); Jacobi also where
    those working arrays exceed one storage binding, or on a CPU adapter past min(M, N) = 481, the singular vectors left out; one host sync checks for NaN (convergence).

    Examples
    --------
    >>> wg.linalg.svdvals(wg.asarray([[3.0, 0.0], [0.0, 4.0]]))
    array([4., 3.])
    """
    return svd(x, compute_uv=False)
