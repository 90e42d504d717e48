"""The functions built on the LU factorisation (wgarray/_engines/lu.py): solve, inv, det,
slogdet, matrix_power, tensorsolve and tensorinv, with NumPy's semantics (LinAlgError for a
singular matrix in inv and solve, one host read per call for the whole batch)."""

from __future__ import annotations

import math
import operator
from typing import NamedTuple

from .._api.coerce import as_array
from .._api.creation_functions import eye
from .._api.elementwise_functions import FUNCTIONS as _ELEMENTWISE
from .._api.linear_algebra_functions import matmul
from .._api.manipulation_functions import broadcast_to, permute_dims, reshape
from .._array import Array
from .._core import dtypes as dt
from .._core.view import broadcast_shapes
from .._engines import lu_tiny
from .._engines.lu import gesv_checked, slogdet as lu_slogdet
from ._common import LinAlgError, float_dtype, matrices, raise_if_set

_exp = _ELEMENTWISE["exp"]
_SINGULAR = "Singular matrix"


class SlogdetResult(NamedTuple):
    """The result of ``slogdet``: ``det = sign * exp(logabsdet)`` (a named tuple).

    Parameters
    ----------
    sign : Array
        The sign of each determinant: -1, 0 or 1 for real input, a unit complex number (or 0)
        for complex input.
    logabsdet : Array
        The natural logarithm of each determinant's absolute value (-inf for a singular
        matrix), real.

    Notes
    -----
    Dtypes: ``sign`` is of the input's computing dtype (float32, float64, complex64 or
    complex128), ``logabsdet`` of its real dtype.

    GPU: none; a tuple of two arrays the GPU computed.
    """

    sign: Array
    logabsdet: Array


def solve(x1, x2, /) -> Array:
    """Solve the linear systems ``x1 @ X = x2`` for X.

    ``x2`` of shape (M,) is one vector for every matrix of ``x1`` (the result is (..., M)), as
    the array API standard and NumPy 2 read it; otherwise ``x2`` is a stack (..., M, K) whose
    batch dimensions broadcast against ``x1``'s.

    Parameters
    ----------
    x1 : array_like
        A stack of square coefficient matrices (..., M, M).
    x2 : array_like
        The right-hand sides: (M,) or (..., M, K).

    Returns
    -------
    Array
        The solutions, (..., M) or (..., M, K), of the promoted computing dtype.

    Raises
    ------
    LinAlgError
        If ``x1`` is not a stack of square matrices, or a matrix is singular.
    ValueError
        If ``x2`` is 0-d, its rows do not match, or the stacks do not broadcast.

    See Also
    --------
    inv, lstsq

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg. The two inputs' computing dtypes are promoted together.

    GPU: the LU engine: a matrix that fits workgroup memory is factored by one workgroup
    (n <= 8: one invocation); a larger one blocked and right-looking (tournament-pivoted
    panels, matmul trailing updates), then the triangular solves; small systems in one dispatch. One host sync
    reads the singular flags of the whole batch.

    Examples
    --------
    >>> wg.linalg.solve(wg.asarray([[3.0, 1.0], [1.0, 2.0]]), wg.asarray([9.0, 8.0]))
    array([2., 3.])
    """
    a = matrices(x1, "solve", square=True)
    b = as_array(x2, "solve")
    # (the common case first: host time is most of a small batch's solve)
    dtype = a.dtype if b.dtype == a.dtype else dt.promote(a.dtype, float_dtype(b.dtype, b.device), a.device)
    n = a.shape[-1]
    if b.ndim == 0:
        raise ValueError("solve: x2 must be at least 1-dimensional, not a 0-d array")
    rows = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if rows != n:
        raise ValueError(f"solve: x2 has {rows} rows where x1's matrices have {n}: shapes {a.shape} and {b.shape}")
    if b.ndim == 1:
        batch = a.shape[:-2]
        rhs = broadcast_to(reshape(b, (n, 1)), (*batch, n, 1))
    else:
        batch = a.shape[:-2]
        if b.shape[:-2] != batch:
            try:
                batch = broadcast_shapes(batch, b.shape[:-2])
            except ValueError:
                raise ValueError(f"solve: the stacks of x1 {a.shape} and x2 {b.shape} do not broadcast") from None
        rhs = b if b.shape[:-2] == batch else broadcast_to(b, (*batch, *b.shape[-2:]))
    x, failed = gesv_checked((a.astype(dtype) if a.dtype != dtype else a)._data(),
                             (rhs if rhs.dtype == dtype else rhs.astype(dtype))._data())
    raise_if_set(failed, _SINGULAR)
    result = Array._wrap(x)
    return reshape(result, (*batch, n)) if b.ndim == 1 else result


def inv(x, /) -> Array:
    """Return the inverse of each square matrix of a stack.

    Parameters
    ----------
    x : array_like
        A stack of square matrices (..., N, N).

    Returns
    -------
    Array
        The inverses, of ``x``'s shape and computing dtype.

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices, or a matrix is singular.

    See Also
    --------
    solve, pinv

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: the LU engine: a matrix that fits workgroup memory is factored by one workgroup
    (n <= 8: one invocation); a larger one blocked and right-looking (tournament-pivoted
    panels, matmul trailing updates), then the solves against the identity; small matrices in one dispatch. One
    host sync reads the singular flags of the whole batch.

    Examples
    --------
    >>> wg.linalg.inv(wg.asarray([[2.0, 0.0], [0.0, 4.0]]))
    array([[0.5 , 0.  ],
           [0.  , 0.25]])
    """
    a = matrices(x, "inv", square=True)
    x, failed = gesv_checked(a._data(), None)
    raise_if_set(failed, _SINGULAR)
    return Array._wrap(x)


def _slogdet(a: Array) -> tuple[Array, Array]:
    """(sign, logabsdet) of the square matrices of a (in its computing dtype), on the GPU."""
    sign, logabsdet = lu_slogdet(a._data())
    return Array._wrap(sign), Array._wrap(logabsdet)


def slogdet(x, /) -> SlogdetResult:
    """Return the sign and the natural logarithm of the absolute value of each determinant.

    Safer than ``det`` for large matrices, whose determinants overflow or underflow.

    Parameters
    ----------
    x : array_like
        A stack of square matrices (..., N, N).

    Returns
    -------
    SlogdetResult
        ``(sign, logabsdet)``, each of shape (...): the sign (-1, 0 or 1; a unit complex number
        for complex input; 0 if singular) and the log of the absolute value (-inf if singular,
        real).

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices.

    See Also
    --------
    det

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: the LU engine: a matrix that fits workgroup memory is factored by one workgroup
    (n <= 8: one invocation); a larger one blocked and right-looking (tournament-pivoted
    panels, matmul trailing updates), and a kernel for the sign and the sum of the logs of the pivots. A singular
    matrix is no error: no host sync.

    Examples
    --------
    >>> sign, logabsdet = wg.linalg.slogdet(wg.asarray([[1.0, 2.0], [3.0, 4.0]]))
    >>> sign
    array(-1.)
    >>> logabsdet
    array(0.69314718)
    """
    return SlogdetResult(*_slogdet(matrices(x, "slogdet", square=True)))


def det(x, /) -> Array:
    """Return the determinant of each square matrix of a stack.

    Computed as NumPy computes it, ``sign * exp(logabsdet)`` of the LU factorisation.

    Parameters
    ----------
    x : array_like
        A stack of square matrices (..., N, N).

    Returns
    -------
    Array
        The determinants, of shape (...) and ``x``'s computing dtype (0 for a singular matrix).

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices.

    See Also
    --------
    slogdet

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: as ``slogdet``, then two map kernels (exp, multiply); for n <= 8, all in one dispatch.
    No host sync.

    Examples
    --------
    >>> wg.linalg.det(wg.asarray([[1.0, 2.0], [3.0, 4.0]]))
    array(-2...)
    """
    a = matrices(x, "det", square=True)
    if (tiny := lu_tiny.det(a._data())) is not None:  # the same formula, in one dispatch
        return Array._wrap(tiny)
    sign, logabsdet = _slogdet(a)
    return sign * _exp(logabsdet)


def matrix_power(x, n, /) -> Array:
    """Raise each square matrix of a stack to the integer power ``n``.

    By repeated squaring, in NumPy's order of products; ``n = 0`` gives identities of ``x``'s
    dtype, a negative ``n`` powers the inverse.

    Parameters
    ----------
    x : array_like
        A stack of square matrices (..., M, M).
    n : int
        The exponent (any integer; negative needs invertible matrices).

    Returns
    -------
    Array
        The powers, of ``x``'s shape; of ``x``'s dtype for ``n >= 0`` (integers stay integers),
        of the inverse's computing dtype for ``n < 0``.

    Raises
    ------
    LinAlgError
        If ``x`` is not a stack of square matrices, or ``n < 0`` and a matrix is singular.
    TypeError
        If ``n`` is not an integer.

    See Also
    --------
    wgarray.matmul, inv

    Notes
    -----
    Dtypes: every dtype for ``n >= 0``, as ``matmul`` (the result keeps ``x``'s dtype);
    ``n < 0`` as ``inv`` (integers compute in the default float dtype, float16 raises
    TypeError).

    GPU: one matmul engine dispatch per product (about 2 log2(n) of them); a negative ``n``
    first runs ``inv`` (with its host sync); ``n = 0`` an identity and a copy kernel.

    Examples
    --------
    >>> wg.linalg.matrix_power(wg.asarray([[1, 1], [1, 0]]), 5)
    array([[8, 5],
           [5, 3]])
    """
    a = as_array(x, "matrix_power")
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"exponent must be an integer, not {type(n).__name__}") from None
    if n == 0:
        return _identities(a)
    if n < 0:
        a = inv(a)
        n = -n
    if n == 1:
        return a
    if n == 2:
        return matmul(a, a)
    if n == 3:
        return matmul(matmul(a, a), a)
    square = result = None
    while n > 0:
        square = a if square is None else matmul(square, square)
        n, bit = divmod(n, 2)
        if bit:
            result = square if result is None else matmul(result, square)
    return result


def _identities(a: Array) -> Array:
    """An identity matrix for every matrix of a, in a's dtype (a new array)."""
    identity = eye(a.shape[-1], dtype=a.dtype, device=a.device)
    return identity if a.ndim == 2 else broadcast_to(identity, a.shape).copy()


def tensorsolve(a, b, axes=None) -> Array:
    """Solve the tensor equation ``tensordot(a, x, axes=x.ndim) = b`` for x.

    NumPy's ``tensorsolve``: ``a``'s trailing dimensions (after moving ``axes`` to the end)
    are ``x``'s shape, its leading ones ``b``'s; the system is solved as one square matrix.

    Parameters
    ----------
    a : array_like
        The coefficient tensor, of shape ``b.shape + x.shape``.
    b : array_like
        The right-hand side tensor.
    axes : tuple of int, optional
        Axes of ``a`` to move to the end (after the others) before solving.

    Returns
    -------
    Array
        ``x``, of shape ``a.shape[b.ndim:]``.

    Raises
    ------
    LinAlgError
        If ``prod(a.shape[b.ndim:]) != prod(a.shape[:b.ndim])``, or the matrix is singular.

    See Also
    --------
    solve, tensorinv, wgarray.tensordot

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: as ``solve`` on the reshaped system (one host sync for the singular flag); the
    reshapes are views where the strides allow, else copies.

    Examples
    --------
    >>> a = wg.reshape(wg.eye(4), (2, 2, 4))
    >>> wg.linalg.tensorsolve(a, wg.asarray([[1.0, 2.0], [3.0, 4.0]]))
    array([1., 2., 3., 4.])
    """
    a = as_array(a, "tensorsolve")
    b = as_array(b, "tensorsolve")
    an = a.ndim
    if axes is not None:
        order = list(range(an))
        for k in axes:
            order.remove(k)
            order.insert(an, k)
        a = permute_dims(a, tuple(order))
    x_shape = a.shape[-(an - b.ndim):]
    size = math.prod(x_shape)
    if a.size != size ** 2:
        raise LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    x = solve(reshape(a, (size, size)), reshape(b, (-1,)))
    return reshape(x, x_shape)


def tensorinv(a, ind=2) -> Array:
    """Return the inverse of a tensor under ``tensordot`` over ``ind`` dimensions.

    NumPy's ``tensorinv``: ``tensordot(tensorinv(a, ind), a, ind)`` is the identity of
    shape ``a.shape[ind:]``.

    Parameters
    ----------
    a : array_like
        The tensor; ``prod(a.shape[:ind])`` must equal ``prod(a.shape[ind:])``.
    ind : int, optional
        The number of leading dimensions that take part in the inverse sum (default 2,
        positive).

    Returns
    -------
    Array
        The inverse, of shape ``a.shape[ind:] + a.shape[:ind]``.

    Raises
    ------
    ValueError
        If ``ind`` is not positive.
    LinAlgError
        If the reshaped matrix is not square or is singular.

    See Also
    --------
    inv, tensorsolve

    Notes
    -----
    Dtypes: float32, float64, complex64 and complex128; bool and integer inputs compute in
    the default float dtype (float64, float32 on a device without float64), as NumPy's linalg;
    float16 raises TypeError, as in NumPy's linalg.

    GPU: as ``inv`` on ``a`` reshaped to a matrix (one host sync for the singular flag).

    Examples
    --------
    >>> wg.linalg.tensorinv(wg.reshape(wg.eye(4), (4, 2, 2)), ind=1).shape
    (2, 2, 4)
    """
    a = as_array(a, "tensorinv")
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    inv_shape = a.shape[ind:] + a.shape[:ind]
    rows = math.prod(a.shape[ind:])
    matrix = reshape(a, (rows, a.size // rows if rows else 0))
    return reshape(inv(matrix), inv_shape)
