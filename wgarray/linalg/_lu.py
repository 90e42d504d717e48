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
from .._engines.lu import gesv, slogdet as lu_slogdet
from ._common import LinAlgError, float_dtype, matrices, raise_if_any

_exp = _ELEMENTWISE["exp"]
_SINGULAR = "Singular matrix"


class SlogdetResult(NamedTuple):
    """slogdet's result: det = sign * exp(logabsdet)."""

    sign: Array
    logabsdet: Array


def solve(x1, x2, /) -> Array:
    """X with x1 @ X == x2. x2 of shape (M,) is one vector for every matrix of x1 (the result
    is (..., M)); otherwise x2 is a stack (..., M, K) whose batch dims broadcast against x1's."""
    a = matrices(x1, "solve", square=True)
    b = as_array(x2, "solve")
    dtype = dt.promote(a.dtype, float_dtype(b.dtype, b.device), a.device)
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
        try:
            batch = broadcast_shapes(a.shape[:-2], b.shape[:-2])
        except ValueError:
            raise ValueError(f"solve: the stacks of x1 {a.shape} and x2 {b.shape} do not broadcast") from None
        rhs = broadcast_to(b, (*batch, *b.shape[-2:]))
    x, info = gesv((a.astype(dtype) if a.dtype != dtype else a)._data(),
                   (rhs if rhs.dtype == dtype else rhs.astype(dtype))._data())
    raise_if_any(Array._wrap(info), _SINGULAR)
    result = Array._wrap(x)
    return reshape(result, (*batch, n)) if b.ndim == 1 else result


def inv(x, /) -> Array:
    """The inverse of each square matrix of x (LinAlgError if one is singular)."""
    a = matrices(x, "inv", square=True)
    x, info = gesv(a._data(), None)
    raise_if_any(Array._wrap(info), _SINGULAR)
    return Array._wrap(x)


def _slogdet(a: Array) -> tuple[Array, Array]:
    """(sign, logabsdet) of the square matrices of a (in its computing dtype), on the GPU."""
    sign, logabsdet = lu_slogdet(a._data())
    return Array._wrap(sign), Array._wrap(logabsdet)


def slogdet(x, /) -> SlogdetResult:
    """The sign (a unit complex number for complex input, 0 if singular) and the natural log of
    the absolute value of the determinant (-inf if singular) of each square matrix of x."""
    return SlogdetResult(*_slogdet(matrices(x, "slogdet", square=True)))


def det(x, /) -> Array:
    """The determinant of each square matrix of x, as NumPy computes it: sign * exp(logabsdet)."""
    sign, logabsdet = _slogdet(matrices(x, "det", square=True))
    return sign * _exp(logabsdet)


def matrix_power(x, n, /) -> Array:
    """x raised to the integer power n by repeated squaring (NumPy's order of products);
    n = 0 gives identities of x's dtype, a negative n powers the inverse."""
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
    """x with tensordot(a, x, axes=x.ndim) == b (NumPy's tensorsolve): a's trailing dims,
    after moving `axes` to the end, are x's shape."""
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
    """The inverse of a under tensordot over `ind` dims (NumPy's tensorinv): the result has
    shape a.shape[ind:] + a.shape[:ind]."""
    a = as_array(a, "tensorinv")
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    inv_shape = a.shape[ind:] + a.shape[:ind]
    rows = math.prod(a.shape[ind:])
    matrix = reshape(a, (rows, a.size // rows if rows else 0))
    return reshape(inv(matrix), inv_shape)
