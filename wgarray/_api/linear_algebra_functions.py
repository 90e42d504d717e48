"""Linear algebra functions of the main namespace: matmul, matrix_transpose, tensordot,
vecdot. All lower to the matmul engine's batched product, with views for the rest."""

from __future__ import annotations

import math
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView, broadcast_shapes
from .._engines.matmul import product
from .coerce import as_array, normalize_axis

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


def _product(a: Array, b: Array, *, conj: bool = False) -> Array:
    return Array._wrap(product(a._data(), b._data(), conj=conj))


def matmul(x1, x2, /) -> Array:
    """Matrix product of two arrays.

    Parameters
    ----------
    x1, x2 : array_like
        The operands, of at least one dimension. A 1-D ``x1`` is a row vector and a 1-D
        ``x2`` a column vector (the added dimension is removed from the result); dimensions
        before the last two are batch dimensions and broadcast.

    Returns
    -------
    Array
        The product, of shape ``broadcast(x1.shape[:-2], x2.shape[:-2]) + (M, N)`` less the
        dimensions a 1-D operand added, in the promoted dtype.

    Raises
    ------
    ValueError
        If an operand is 0-d, the inner dimensions differ, or the batch dimensions do not
        broadcast.

    See Also
    --------
    tensordot, vecdot, wgarray.matmul

    Notes
    -----
    Dtypes: every dtype, promoted as NumPy's (int8 with uint8 gives int16, ...). bool
    computes the logical product (any of ``a and b``); int8, int16, uint8, uint16 and float16
    accumulate in 32 bits and are cast back once at the end (integers wrap as NumPy's do).

    GPU: one batched product kernel of the matmul engine, chosen by shape: a tiled kernel for
    big matrices, a dot kernel (lanes per output) or a streaming kernel for skinny ones. A long
    inner dimension over few tiles is split (split-K) and summed by a fold kernel; narrow dtypes
    add one cast kernel. Transposed and broadcast operands are read through their strides,
    never copied. This is the array API's ``matmul`` (wgarray.matmul is NumPy's, with ``out``
    and the other ufunc keywords).

    Examples
    --------
    >>> a = wg.asarray([[1., 2.], [3., 4.]])
    >>> wg.linalg.matmul(a, a)
    array([[ 7., 10.],
           [15., 22.]])
    >>> wg.linalg.matmul(a, wg.asarray([1., 1.]))
    array([3., 7.])
    """
    x1, x2 = as_array(x1, "matmul"), as_array(x2, "matmul")
    if x1.ndim == 0 or x2.ndim == 0:
        which = "x1" if x1.ndim == 0 else "x2"
        raise ValueError(f"matmul: {which} is 0-d (shapes {x1.shape} and {x2.shape}); matmul needs at least 1 dimension")
    a, b = x1, x2
    if x1.ndim == 1:
        a = x1._with_view(TensorView((1, x1.shape[0]), (0, x1._view.strides[0]), x1._view.offset))
    if x2.ndim == 1:
        b = x2._with_view(TensorView((x2.shape[0], 1), (x2._view.strides[0], 0), x2._view.offset))
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul: shapes {x1.shape} and {x2.shape} are not aligned: "
                         f"{a.shape[-1]} (last dim of x1) != {b.shape[-2]} "
                         f"({'only dim' if x2.ndim == 1 else 'second-to-last dim'} of x2)")
    try:
        broadcast_shapes(a.shape[:-2], b.shape[:-2])
    except ValueError:
        raise ValueError(f"matmul: the batch dimensions of shapes {x1.shape} and {x2.shape} "
                         f"cannot be broadcast together") from None
    out = _product(a, b)
    if x1.ndim == 1 or x2.ndim == 1:
        shape = out.shape[:-2] + ((out.shape[-2],) if x2.ndim == 1 and x1.ndim != 1 else ()) \
            + ((out.shape[-1],) if x1.ndim == 1 and x2.ndim != 1 else ())
        out = out._with_view(out._view.reshape(shape))
    return out


def matrix_transpose(x, /) -> Array:
    """Transpose each matrix of a stack: swap the last two axes.

    Parameters
    ----------
    x : array_like
        An array of at least two dimensions.

    Returns
    -------
    Array
        A view of ``x`` with its last two axes swapped (``x.mT``).

    Raises
    ------
    ValueError
        If ``x`` has fewer than two dimensions.

    See Also
    --------
    permute_dims, transpose

    Notes
    -----
    Dtypes: every dtype.

    GPU: no kernel runs; the result is a view of ``x`` (swapped strides over the same buffer).

    Examples
    --------
    >>> wg.matrix_transpose(wg.asarray([[1, 2, 3], [4, 5, 6]]))
    array([[1, 4],
           [2, 5],
           [3, 6]])
    """
    x = as_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose requires at least 2 dimensions; this array has shape {x.shape}")
    return x.mT


def _as_matrix(x: Array, first: tuple, second: tuple) -> Array:
    """x with axes `first` then `second`, reshaped to a matrix (a view when the strides allow)."""
    moved = x._with_view(x._view.permute(first + second))
    shape = (math.prod(x.shape[i] for i in first), math.prod(x.shape[i] for i in second))
    view = moved._view.reshape(shape)
    if view is None:
        moved = moved._contiguous()
        view = moved._view.reshape(shape)
    return moved._with_view(view)


def _axes_list(axes, ndim: int, which: str) -> tuple:
    if isinstance(axes, (int, np.integer)) and not isinstance(axes, bool):
        axes = (axes,)
    try:
        result = tuple(normalize_axis(a, ndim) for a in axes)
    except IndexError as e:
        raise ValueError(f"tensordot: {e} ({which})") from None
    if len(set(result)) != len(result):
        raise ValueError(f"tensordot: repeated axis in {which} axes {tuple(axes)}")
    return result


def tensordot(x1, x2, /, axes=2) -> Array:
    """Tensor contraction of two arrays over the given axes.

    Parameters
    ----------
    x1, x2 : array_like
        The operands.
    axes : int or (sequence of int, sequence of int), optional
        An integer N contracts the last N axes of ``x1`` with the first N of ``x2``
        (default 2); a pair of sequences names the axes of ``x1`` and of ``x2`` contracted
        with each other, in order.

    Returns
    -------
    Array
        The contraction: the free axes of ``x1`` then those of ``x2``, in the promoted dtype.

    Raises
    ------
    ValueError
        If ``axes`` is negative, names an axis twice or out of range, the two lists differ in
        length, or contracted axes differ in size.

    See Also
    --------
    matmul, vecdot, wgarray.einsum

    Notes
    -----
    Dtypes: every dtype, promoted as NumPy's (int8 with uint8 gives int16, ...). bool
    computes the logical product (any of ``a and b``); int8, int16, uint8, uint16 and float16
    accumulate in 32 bits and are cast back once at the end (integers wrap as NumPy's do).

    GPU: each operand is seen as a matrix (free axes by contracted axes): a view where its
    strides allow, else one copy kernel; then one product of the matmul engine (see
    :func:`wgarray.linalg.matmul`).

    Examples
    --------
    >>> a = wg.reshape(wg.arange(6.), (2, 3))
    >>> wg.tensordot(a, a, axes=([1], [1]))
    array([[ 5., 14.],
           [14., 50.]])
    """
    x1, x2 = as_array(x1, "tensordot"), as_array(x2, "tensordot")
    if isinstance(axes, (int, np.integer)) and not isinstance(axes, bool):
        n = operator.index(axes)
        if n < 0:
            raise ValueError(f"tensordot: axes must be a nonnegative integer, not {n}")
        if n > x1.ndim or n > x2.ndim:
            raise ValueError(f"tensordot: cannot contract {n} axes of arrays with shapes {x1.shape} and {x2.shape}")
        ax1, ax2 = tuple(range(x1.ndim - n, x1.ndim)), tuple(range(n))
    else:
        try:
            first, second = axes
        except (TypeError, ValueError):
            raise ValueError(f"tensordot: axes must be an integer or a pair of sequences, not {axes!r}") from None
        ax1, ax2 = _axes_list(first, x1.ndim, "x1"), _axes_list(second, x2.ndim, "x2")
        if len(ax1) != len(ax2):
            raise ValueError(f"tensordot: axes {tuple(ax1)} and {tuple(ax2)} have different lengths")
    for i, j in zip(ax1, ax2):
        if x1.shape[i] != x2.shape[j]:
            raise ValueError(f"tensordot: shape mismatch for sum: axis {i} of x1 {x1.shape} has size "
                             f"{x1.shape[i]}, axis {j} of x2 {x2.shape} has size {x2.shape[j]}")
    free1 = tuple(i for i in range(x1.ndim) if i not in ax1)
    free2 = tuple(j for j in range(x2.ndim) if j not in ax2)
    out = _product(_as_matrix(x1, free1, ax1), _as_matrix(x2, ax2, free2))
    shape = tuple(x1.shape[i] for i in free1) + tuple(x2.shape[j] for j in free2)
    return out._with_view(out._view.reshape(shape))


def vecdot(x1, x2, /, *, axis: int = -1) -> Array:
    """Vector dot product along an axis, conjugating the first operand.

    Parameters
    ----------
    x1, x2 : array_like
        The operands, of at least one dimension; the other axes broadcast.
    axis : int, optional
        The axis along which to take the products (default -1), counted in each operand;
        it must have the same size in both.

    Returns
    -------
    Array
        ``sum(conj(x1) * x2, axis=axis)`` in the promoted dtype, of the broadcast shape of the
        other axes.

    Raises
    ------
    ValueError
        If an operand is 0-d, the axis differs in size, or the other axes do not broadcast.

    See Also
    --------
    matmul, tensordot, wgarray.vdot

    Notes
    -----
    Dtypes: every dtype, promoted as NumPy's (int8 with uint8 gives int16, ...). bool
    computes the logical product (any of ``a and b``); int8, int16, uint8, uint16 and float16
    accumulate in 32 bits and are cast back once at the end (integers wrap as NumPy's do). Complex ``x1`` is conjugated.

    GPU: one batched product of the matmul engine (the operands viewed as stacks of 1 x K and
    K x 1 matrices, never copied, run by its kernel for skinny products), with the
    conjugation inside the kernel.

    Examples
    --------
    >>> wg.vecdot(wg.asarray([[1., 2.], [3., 4.]]), wg.asarray([1., 1.]))
    array([3., 7.])
    >>> wg.vecdot(wg.asarray([1j, 2]), wg.asarray([1j, 1]))
    array(3.+0.j)
    """
    x1, x2 = as_array(x1, "vecdot"), as_array(x2, "vecdot")
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError(f"vecdot: arrays of shapes {x1.shape} and {x2.shape} need at least 1 dimension")
    axis = operator.index(axis)
    a1 = normalize_axis(axis, x1.ndim)
    a2 = normalize_axis(axis, x2.ndim)
    if x1.shape[a1] != x2.shape[a2]:
        raise ValueError(f"vecdot: shapes {x1.shape} and {x2.shape} differ in the size of axis {axis} "
                         f"({x1.shape[a1]} != {x2.shape[a2]})")
    v1 = x1._view.permute(tuple(i for i in range(x1.ndim) if i != a1) + (a1,))
    v2 = x2._view.permute(tuple(i for i in range(x2.ndim) if i != a2) + (a2,))
    try:
        broadcast_shapes(v1.shape[:-1], v2.shape[:-1])
    except ValueError:
        raise ValueError(f"vecdot: shapes {x1.shape} and {x2.shape} cannot be broadcast together "
                         f"outside axis {axis}") from None
    k = v1.shape[-1]
    a = x1._with_view(TensorView((*v1.shape[:-1], 1, k), (*v1.strides[:-1], 0, v1.strides[-1]), v1.offset))
    b = x2._with_view(TensorView((*v2.shape[:-1], k, 1), (*v2.strides[:-1], v2.strides[-1], 0), v2.offset))
    out = _product(a, b, conj=dt.kind(x1._dtype) == "complex")
    return out._with_view(out._view.reshape(out.shape[:-2]))
