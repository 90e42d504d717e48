"""Matrix and vector norms: matrix_norm (the standard's) and NumPy's norm, with NumPy's
formulas (sums of |x|^ord, no rescaling), the 2-norms and the nuclear norm from svdvals."""

from __future__ import annotations

import math
import operator

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import moveaxis, reshape
from .._api.statistical_functions import max as max_, min as min_, sum as sum_
from ._spectral import svd

_INF = math.inf


def _abs2(x: Array) -> Array:
    """|x|^2 in x's real dtype."""
    return E["real"](E["conj"](x) * x) if dt.kind(x.dtype) == "complex" else x * x


def _reduce(op, x: Array, axis: int, keepdims: bool = False) -> Array:
    """max/min over one axis; max of nothing is 0 (NumPy's initial=0), min of nothing raises."""
    if x.shape[axis] == 0 and op is max_:
        shape = list(x.shape)
        if keepdims:
            shape[axis] = 1
        else:
            del shape[axis]
        return zeros(tuple(shape), dtype=x.dtype, device=x.device)
    return op(x, axis=axis, keepdims=keepdims)


def _is(ord, value) -> bool:
    """ord == value for a number ord (a string ord equals no number)."""
    return not isinstance(ord, str) and ord == value


def _vector_norm(x: Array, ord, axis: int, keepdims: bool) -> Array:
    if _is(ord, _INF):
        return _reduce(max_, E["abs"](x), axis, keepdims)
    if _is(ord, -_INF):
        return _reduce(min_, E["abs"](x), axis, keepdims)
    if _is(ord, 0):
        real = dt.real_dtype(x.dtype)
        return sum_(astype(x != 0, real), axis=axis, keepdims=keepdims)
    if _is(ord, 1):
        return sum_(E["abs"](x), axis=axis, keepdims=keepdims)
    if ord is None or _is(ord, 2):
        return E["sqrt"](sum_(_abs2(x), axis=axis, keepdims=keepdims))
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    total = sum_(E["abs"](x) ** ord, axis=axis, keepdims=keepdims)
    return total ** (1 / ord)


def _singular_values(x: Array, row: int, col: int) -> Array:
    return svd(moveaxis(x, (row, col), (-2, -1)), compute_uv=False)


def _matrix_norm(x: Array, ord, row: int, col: int) -> Array:
    """The norm over axes row and col (normalized, distinct), those axes removed."""
    if _is(ord, 2):
        return _reduce(max_, _singular_values(x, row, col), -1)
    if _is(ord, -2):
        return _reduce(min_, _singular_values(x, row, col), -1)
    if ord == "nuc":
        return sum_(_singular_values(x, row, col), axis=-1)
    if ord is None or ord in ("fro", "f"):
        return E["sqrt"](sum_(_abs2(x), axis=(row, col)))
    for sign, largest in ((1, max_), (-1, min_)):
        if _is(ord, sign):  # the largest (smallest) column sum
            return _reduce(largest, sum_(E["abs"](x), axis=row), col - (col > row))
        if _is(ord, sign * _INF):  # the largest (smallest) row sum
            return _reduce(largest, sum_(E["abs"](x), axis=col), row - (row > col))
    raise ValueError("Invalid norm order for matrices.")


def _axes(axis, ndim: int) -> tuple:
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, tuple):
        return tuple(normalize_axis(a, ndim) for a in axis)
    try:
        axis = operator.index(axis)
    except TypeError as e:
        raise TypeError("'axis' must be None, an integer or a tuple of integers") from e
    return (normalize_axis(axis, ndim),)


def norm(x, ord=None, axis=None, keepdims=False) -> Array:
    """Return a matrix or vector norm, as ``numpy.linalg.norm``.

    A vector norm over one axis, a matrix norm over two; by default the 2-norm of the
    flattened input (the Frobenius norm of a matrix). NumPy's formulas: sums of ``|x|**ord``,
    with no rescaling (``vector_norm`` rescales against overflow).

    Parameters
    ----------
    x : array_like
        The input array.
    ord : {None, int, float, inf, -inf, 'fro', 'nuc'}, optional
        The order. Vectors: any number (0 counts nonzeros, ``inf``/``-inf`` the largest and
        smallest ``|x|``); None is 2. Matrices: 'fro' (None), 'nuc', 1, -1, 2, -2, inf, -inf.
    axis : int or tuple of int, optional
        One axis (a vector norm) or two (a matrix norm); None: a vector norm of the flattened
        input if ``ord`` is None, else of a 1-D input, or a matrix norm of a 2-D one.
    keepdims : bool, optional
        Keep the reduced axes as dimensions of length 1 (default False).

    Returns
    -------
    Array
        The norms, of ``x``'s real floating dtype.

    Raises
    ------
    ValueError
        If ``ord`` is invalid for the number of axes, the axes are duplicated, or more than
        two axes are given.

    See Also
    --------
    vector_norm, matrix_norm

    Notes
    -----
    Dtypes: every dtype; bool and integer inputs compute in the default float dtype (float64,
    float32 on a device without float64), complex inputs give real norms. The matrix 2-norms
    and the nuclear norm go through ``svd`` (float16 raises TypeError there).

    GPU: map kernels (``|x|``, squares, powers, the root) and fold (reduction) kernels; the
    matrix 2-norms and the nuclear norm run the SVD engine (see ``svdvals``, with its host
    sync).

    Examples
    --------
    >>> wg.linalg.norm(wg.asarray([3.0, 4.0]))
    array(5.)
    >>> wg.linalg.norm(wg.asarray([[1.0, 2.0], [3.0, 4.0]]), ord=1)
    array(6.)
    """
    x = as_array(x, "norm")
    if dt.kind(x.dtype) not in ("float", "complex"):
        x = astype(x, dt.default_float(x.device))
    ndim = x.ndim
    if axis is None and (ord is None or (ord in ("f", "fro") and ndim == 2) or (_is(ord, 2) and ndim == 1)):
        result = E["sqrt"](sum_(_abs2(x)))
        return reshape(result, (1,) * ndim) if keepdims else result
    axes = _axes(axis, ndim)
    if len(axes) == 1:
        return _vector_norm(x, ord, axes[0], keepdims)
    if len(axes) != 2:
        raise ValueError("Improper number of dimensions to norm.")
    row, col = axes
    if row == col:
        raise ValueError("Duplicate axes given.")
    result = _matrix_norm(x, ord, row, col)
    if keepdims:
        shape = list(x.shape)
        shape[row] = shape[col] = 1
        result = reshape(result, tuple(shape))
    return result


def matrix_norm(x, /, *, keepdims=False, ord="fro") -> Array:
    """Return the norm of each matrix of a stack (over the last two axes).

    Parameters
    ----------
    x : array_like
        A stack of matrices (..., M, N), at least 2-D.
    keepdims : bool, optional
        Keep the last two axes as dimensions of length 1 (default False).
    ord : {'fro', 'nuc', 1, -1, 2, -2, inf, -inf}, optional
        The norm: 'fro' (the default) the Frobenius norm, 'nuc' the sum of the singular
        values, 2 (-2) the largest (smallest) singular value, 1 (-1) the largest (smallest)
        column sum of ``|x|``, inf (-inf) the largest (smallest) row sum.

    Returns
    -------
    Array
        The norms, of shape (...) (or (..., 1, 1) with ``keepdims``), of ``x``'s real floating
        dtype.

    Raises
    ------
    ValueError
        If ``ord`` is not one of these.

    See Also
    --------
    norm, vector_norm

    Notes
    -----
    Dtypes: every dtype; bool and integer inputs compute in the default float dtype (float64,
    float32 on a device without float64), complex inputs give real norms; ord 2, -2 and 'nuc'
    go through ``svd`` (float16 raises TypeError there).

    GPU: map kernels and fold (reduction) kernels; ord 2, -2 and 'nuc' run the SVD engine
    (see ``svdvals``, with its host sync).

    Examples
    --------
    >>> wg.linalg.matrix_norm(wg.asarray([[1.0, 2.0], [3.0, 4.0]]), ord=1)
    array(6.)
    """
    return norm(x, axis=(-2, -1), keepdims=keepdims, ord=ord)
