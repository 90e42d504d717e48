"""The linalg extension's simple functions: cross, diagonal, outer, trace, vector_norm, with the
standard's signatures, and NumPy's multi_dot.

They reuse the namespace's pieces (NumPy's cross, diagonal and outer as views and maps, the
folds of sum/max/min, the matmul engine); only the standard's argument rules live here.
"""

from __future__ import annotations

import math
import operator

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array, normalize_axes
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.linear_algebra_functions import matmul
from .._api.statistical_functions import max as max_, min as min_, sum as sum_
from .._numpy import functions as numpy_functions
from .._numpy import more_products
from .._numpy.reductions import deliver
from ._common import LinAlgError, float_dtype

__all__ = ["cross", "diagonal", "multi_dot", "outer", "trace", "vector_norm"]


def cross(x1, x2, /, *, axis: int = -1) -> Array:
    """Return the cross product of 3-element vectors.

    The standard's ``linalg.cross``: ``axis`` is counted on the broadcast shape's dimensions
    (from the end), and both inputs must have 3 elements along it.

    Parameters
    ----------
    x1, x2 : array_like
        The vectors; their other dimensions broadcast against each other.
    axis : int, optional
        The axis holding the vectors' components (default -1, the last).

    Returns
    -------
    Array
        The cross products, of the broadcast shape and the promoted dtype.

    Raises
    ------
    ValueError
        If ``axis`` is out of bounds or an input does not have 3 elements along it.
    TypeError
        If an input is boolean.

    See Also
    --------
    wgarray.cross : NumPy's cross, which also takes 2-element vectors.

    Notes
    -----
    Dtypes: every integer, real and complex dtype, promoted as NumPy's; bool raises TypeError
    (the standard asks for numeric arrays).

    GPU: map kernels (multiplications and subtractions, one per component) over views of the
    inputs' components.

    Examples
    --------
    >>> wg.linalg.cross(wg.asarray([1, 0, 0]), wg.asarray([0, 1, 0]))
    array([0, 0, 1])
    """
    x1, x2 = as_array(x1, "cross"), as_array(x2, "cross")
    axis = operator.index(axis)
    ndim = max(x1.ndim, x2.ndim)
    counted = axis - ndim if axis >= 0 else axis  # the standard counts from the end of the broadcast shape
    if not -min(x1.ndim, x2.ndim) <= counted < 0 or axis >= ndim:
        raise ValueError(f"cross: axis {axis} is out of bounds for arrays of shapes {x1.shape} and {x2.shape}")
    axis = counted
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"cross: both inputs must have size 3 along axis {axis} (shapes {x1.shape} and {x2.shape})")
    if dt.kind(x1._dtype) == "bool" or dt.kind(x2._dtype) == "bool":
        raise TypeError("cross: boolean inputs are not supported (the standard asks for numeric arrays)")
    return more_products.cross(x1, x2, axis=axis)


def diagonal(x, /, *, offset: int = 0) -> Array:
    """Return the diagonal at ``offset`` of each matrix of a stack.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), at least 2-D.
    offset : int, optional
        The diagonal: 0 (the default) the main one, positive above it, negative below it.

    Returns
    -------
    Array
        A read-only view of shape (..., K), K the diagonal's length.

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 dimensions.

    See Also
    --------
    wgarray.diagonal : NumPy's diagonal, with axis1 and axis2.

    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel runs; the result is a view of ``x`` (a strided view over its buffer).

    Examples
    --------
    >>> wg.linalg.diagonal(wg.asarray([[1, 2], [3, 4]]))
    array([1, 4])
    """
    x = as_array(x, "diagonal")
    if x.ndim < 2:
        raise ValueError(f"diagonal: the input must have at least 2 dimensions; this array has shape {x.shape}")
    return numpy_functions.diagonal(x, operator.index(offset), -2, -1)


def outer(x1, x2, /) -> Array:
    """Return the outer product of two vectors.

    Parameters
    ----------
    x1, x2 : array_like
        1-D vectors of lengths M and N.

    Returns
    -------
    Array
        ``x1[i] * x2[j]``, of shape (M, N) and the promoted dtype.

    Raises
    ------
    ValueError
        If an input is not 1-D (NumPy's ``outer`` flattens; the standard's does not).

    See Also
    --------
    wgarray.outer : NumPy's outer, which flattens its inputs.

    Notes
    -----
    Dtypes: every dtype, promoted as ``multiply``.

    GPU: one map kernel (a broadcast multiplication).

    Examples
    --------
    >>> wg.linalg.outer(wg.asarray([1, 2]), wg.asarray([3, 4]))
    array([[3, 4],
           [6, 8]])
    """
    x1, x2 = as_array(x1, "outer"), as_array(x2, "outer")
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"outer: the inputs must be 1-D vectors; got shapes {x1.shape} and {x2.shape}")
    return more_products.outer(x1, x2)


def trace(x, /, *, offset: int = 0, dtype=None) -> Array:
    """Return the sum along the diagonal at ``offset`` of each matrix of a stack.

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), at least 2-D.
    offset : int, optional
        The diagonal: 0 (the default) the main one, positive above it, negative below it.
    dtype : dtype, optional
        The dtype of the sums; by default the standard's ``sum`` rules (small integers
        accumulate in the default integer dtype, unsigned ones in the default unsigned one).

    Returns
    -------
    Array
        The traces, of shape (...).

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 dimensions.

    See Also
    --------
    wgarray.trace : NumPy's trace, with axis1 and axis2.

    Notes
    -----
    Dtypes: every dtype, as ``wgarray.sum``.

    GPU: one fold (reduction) kernel over a view of the diagonals.

    Examples
    --------
    >>> wg.linalg.trace(wg.asarray([[1, 2], [3, 4]]))
    array(5)
    """
    return sum_(diagonal(x, offset=offset), axis=-1, dtype=dtype)


# -- vector_norm -----------------------------------------------------------------------------------
def _order(ord) -> float:
    if isinstance(ord, bool) or not isinstance(ord, (int, float)) and not hasattr(ord, "__float__"):
        raise ValueError(f"vector_norm: invalid norm order {ord!r}")
    order = float(ord)
    if math.isnan(order):
        raise ValueError("vector_norm: the norm order must not be nan")
    return order


def vector_norm(x, /, *, axis=None, keepdims: bool = False, ord=2) -> Array:
    """Return the vector norm ``(sum |x|**ord) ** (1/ord)`` over the given axes.

    Overflow- and underflow-safe: the sum runs over ``|x| / s``, s the largest ``|x|`` (the
    smallest for a negative order), so that ``1e200 ** 2`` never overflows (NumPy's norm gives
    inf there).

    Parameters
    ----------
    x : array_like
        The input array.
    axis : int or tuple of int, optional
        The axes to reduce; None (the default) reduces all of them, as one vector.
    keepdims : bool, optional
        Keep the reduced axes as dimensions of length 1 (default False).
    ord : int or float, optional
        The order: any real number; 2 (the default) the Euclidean norm, 1 the sum of ``|x|``,
        0 the count of nonzeros, ``inf`` and ``-inf`` the largest and smallest ``|x|``.

    Returns
    -------
    Array
        The norms, of ``x``'s real floating dtype (float64 for integer input).

    Raises
    ------
    ValueError
        If ``ord`` is not a number or is nan, or ``ord=-inf`` of an empty array.

    See Also
    --------
    norm, matrix_norm

    Notes
    -----
    Dtypes: every dtype; bool and integer inputs compute in the default float dtype (float64,
    float32 on a device without float64), complex ones give the norm of their moduli in the
    matching real dtype, float16 computes in float32 and rounds the result once to float16.

    GPU: map kernels (``|x|``, the ratios, their powers, the root) and fold (reduction)
    kernels: one for the largest (smallest) ``|x|``, one for the sum.

    Examples
    --------
    >>> wg.linalg.vector_norm(wg.asarray([3.0, 4.0]))
    array(5.)
    >>> wg.linalg.vector_norm(wg.asarray([[1, -2], [3, -4]]), axis=1, ord=1)
    array([3., 7.])
    """
    x = as_array(x, "vector_norm")
    if x._dtype == dt.float16:  # computed in float32 and rounded once; NumPy's norm gives float16
        return vector_norm(x.astype(dt.float32), axis=axis, keepdims=keepdims, ord=ord).astype(dt.float16)
    order = _order(ord)
    axes = tuple(range(x.ndim)) if axis is None else normalize_axes(axis, x.ndim)
    compute = float_dtype(x._dtype, x.device)
    if compute != x._dtype:
        x = x.astype(compute)
    magnitude = E["abs"](x)  # real dtype
    real = magnitude._dtype
    empty = math.prod(x.shape[a] for a in axes) == 0
    if order == 0:
        norm = sum_(E["not_equal"](magnitude, 0).astype(real), axis=axes, keepdims=True)
    elif order == 1:
        norm = sum_(magnitude, axis=axes, keepdims=True)
    elif math.isinf(order) and not (empty and order > 0):
        if empty:  # NumPy's min without an identity
            raise ValueError("vector_norm: ord=-inf of a zero-size array: the minimum has no identity")
        norm = (max_ if order > 0 else min_)(magnitude, axis=axes, keepdims=True)
    elif empty:  # the empty sum (max with initial 0): 0 ** (1/ord) is 0 for ord > 0, inf for ord < 0
        shape = tuple(1 if d in axes else n for d, n in enumerate(x.shape))
        norm = Array._empty(shape, real, x.device)
        norm._assign(0.0 if order > 0 else math.inf)
    else:
        norm = _scaled_norm(magnitude, axes, order)
    if not keepdims:
        norm = norm._with_view(norm._view.reshape(tuple(n for d, n in enumerate(norm.shape) if d not in axes)))
    return norm


def _scaled_norm(magnitude: Array, axes: tuple, order: float) -> Array:
    """s * (sum (|x| / s) ** ord) ** (1/ord) with s = max |x| (min |x| for ord < 0): every term is at
    most 1 either way, so the sum cannot overflow before the result does. s = 0 or inf is itself the
    norm (the limit), and a NaN anywhere gives NaN (max and min propagate it)."""
    scale = (max_ if order > 0 else min_)(magnitude, axis=axes, keepdims=True)
    ratio = E["divide"](magnitude, scale)
    terms = E["multiply"](ratio, ratio) if order == 2 else E["pow"](ratio, order)
    total = sum_(terms, axis=axes, keepdims=True)
    root = E["sqrt"](total) if order == 2 else E["pow"](total, 1.0 / order)
    norm = E["multiply"](scale, root)
    limit = E["logical_or"](E["equal"](scale, 0), E["isinf"](scale))  # 0 or inf: the norm is s itself
    return E["where"](limit, scale, norm)


# -- multi_dot ----------------------------------------------------------------------------------------
def _chain_order(dims: list) -> list:
    """split[i][j]: where the optimal parenthesisation of matrices i..j splits (the classic O(n^3)
    dynamic programme over the scalar multiplications, as NumPy's _multi_dot_matrix_chain_order)."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = math.inf
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k
    return split


def _chain_product(arrays: list, split: list, i: int, j: int) -> Array:
    if i == j:
        return arrays[i]
    k = split[i][j]
    return matmul(_chain_product(arrays, split, i, k), _chain_product(arrays, split, k + 1, j))


def multi_dot(arrays, *, out=None) -> Array:
    """Return the product of a chain of matrices, multiplied in the cheapest order.

    NumPy's ``multi_dot``: the parenthesisation that needs the fewest scalar multiplications is
    chosen (on the host, from the shapes), then the products run on the GPU.

    Parameters
    ----------
    arrays : sequence of array_like
        At least two arrays: the first may be a 1-D row vector, the last a 1-D column vector,
        the others are 2-D matrices with matching inner dimensions.
    out : Array, optional
        An array of the result's exact shape to write the result into (a same-kind cast).

    Returns
    -------
    Array
        The product; 1-D if the first or the last input is, 0-d if both are.

    Raises
    ------
    ValueError
        If fewer than two arrays are given or the shapes are not aligned.
    LinAlgError
        If an inner array is not 2-D.

    See Also
    --------
    wgarray.matmul

    Notes
    -----
    Dtypes: every dtype, promoted as ``matmul``.

    GPU: one matmul engine dispatch (a tiled, dot or naive kernel by shape) per product of the
    chain.

    Examples
    --------
    >>> wg.linalg.multi_dot([wg.ones((2, 3)), wg.ones((3, 4)), wg.ones(4)])
    array([12., 12.])
    """
    arrays = [as_array(a, "multi_dot") for a in arrays]
    if len(arrays) < 2:
        raise ValueError("multi_dot: expecting at least two arrays")
    first, last = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first:
        arrays[0] = arrays[0][None, :]
    if last:
        arrays[-1] = arrays[-1][:, None]
    for position, a in enumerate(arrays):
        if a.ndim != 2:
            raise LinAlgError(f"multi_dot: array {position} has {a.ndim} dimensions; the inner arrays must be 2-D "
                             f"(the first and last may be 1-D)")
    for position, (a, b) in enumerate(zip(arrays, arrays[1:])):
        if a.shape[1] != b.shape[0]:
            raise ValueError(f"multi_dot: shapes {a.shape} (array {position}) and {b.shape} (array {position + 1}) "
                             f"not aligned: {a.shape[1]} != {b.shape[0]}")
    dims = [arrays[0].shape[0]] + [a.shape[1] for a in arrays]
    result = _chain_product(arrays, _chain_order(dims), 0, len(arrays) - 1)
    shape = result.shape
    if first and last:
        shape = ()
    elif first:
        shape = shape[1:]
    elif last:
        shape = shape[:1]
    result = result._with_view(result._view.reshape(shape))
    if out is not None:
        return deliver(result, out, "multi_dot", "same_kind")
    return result
