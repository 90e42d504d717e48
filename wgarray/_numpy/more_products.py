"""NumPy's products: outer, inner, vdot, kron, cross, and the 1-D convolve and correlate.

outer, kron and cross are broadcasting elementwise products (views plus the map kernel, NumPy's own
operation order, so exact); inner and vdot lower to the matmul engine (tensordot, vecdot); convolve and
correlate multiply a sliding-window view of the longer input (a strided view, no copy) by the shorter one
on the matmul engine, and sum the masked products of the few windows that overlap NumPy's padding.
"""

from __future__ import annotations

import operator
import warnings

from .._array import Array
from .._core import dtypes as dt
from .._core.config import NUMPY_VERSION
from .._core.view import TensorView
from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import arange, zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.linear_algebra_functions import matmul, tensordot, vecdot
from .._api.manipulation_functions import broadcast_shapes, broadcast_to, concat, expand_dims, flip, moveaxis, reshape
from . import reductions
from .reductions import deliver


def outer(a, b, out=None) -> Array:
    """out[i, j] = a.ravel()[i] * b.ravel()[j]."""
    x, y = as_array(a, "outer"), as_array(b, "outer", None)
    x, y = reshape(x, (-1, 1)), reshape(y, (1, -1))
    return deliver(E["multiply"](x, y), out, "outer", casting="same_kind")


def inner(a, b, /) -> Array:
    """The sum product over the last axes (a plain product when one input is 0-d)."""
    x, y = as_array(a, "inner"), as_array(b, "inner")
    if x.ndim == 0 or y.ndim == 0:
        return E["multiply"](x, y)
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"shapes {x.shape} and {y.shape} not aligned: {x.shape[-1]} (dim {x.ndim - 1}) != "
                         f"{y.shape[-1]} (dim {y.ndim - 1})")
    return tensordot(x, y, axes=([-1], [-1]))


def vdot(a, b, /) -> Array:
    """The dot product of the flattened inputs, the first conjugated (a 0-d array)."""
    x, y = as_array(a, "vdot"), as_array(b, "vdot")
    if x.size != y.size:
        raise ValueError(f"vdot: vectors have different lengths ({x.size} and {y.size})")
    return vecdot(reshape(x, (-1,)), reshape(y, (-1,)))


def kron(a, b) -> Array:
    """The Kronecker product: blocks a[i, j, ...] * b, as NumPy builds it (a broadcast product of views)."""
    y = as_array(b, "kron")
    x = as_array(a, "kron", y.device)
    if x.ndim < y.ndim:  # NumPy's array(a, ndmin=b.ndim)
        x = reshape(x, (1,) * (y.ndim - x.ndim) + x.shape)
    if x.ndim == 0 or y.ndim == 0:
        return E["multiply"](x, y)
    nd = max(x.ndim, y.ndim)
    y = reshape(y, (1,) * (nd - y.ndim) + y.shape)
    product = E["multiply"](expand_dims(x, axis=tuple(range(1, 2 * nd, 2))),
                            expand_dims(y, axis=tuple(range(0, 2 * nd, 2))))
    return reshape(product, tuple(m * n for m, n in zip(x.shape, y.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None) -> Array:
    """The cross product of 2- or 3-element vectors along the given axes (NumPy's formulas per component)."""
    if axis is not None:
        axisa, axisb, axisc = (axis,) * 3
    x, y = as_array(a, "cross"), as_array(b, "cross")
    if x.ndim < 1 or y.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    x = moveaxis(x, normalize_axis(operator.index(axisa), x.ndim), -1)
    y = moveaxis(y, normalize_axis(operator.index(axisb), y.ndim), -1)
    m, n = x.shape[-1], y.shape[-1]
    if NUMPY_VERSION >= (2, 5) and (m != 3 or n != 3):  # NumPy 2.5 ended the 2-vectors' deprecation
        raise ValueError(f"Both input arrays must be (arrays of) 3-dimensional vectors, but they are {m} and {n} "
                         f"dimensional instead.")
    if m not in (2, 3) or n not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if m == 2 or n == 2:
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of 3-dimensional vectors "
                      "instead. (deprecated in NumPy 2.0)", DeprecationWarning, stacklevel=2)
    shape = broadcast_shapes(x.shape[:-1], y.shape[:-1])
    if m == 3 or n == 3:
        axisc = normalize_axis(operator.index(axisc), len(shape) + 1)
    dtype = dt.promote(x._dtype, y._dtype, x.device)
    if dtype == dt.bool_:
        raise TypeError("cross: numpy boolean subtract, the `-` operator, is not supported for bool vectors")
    x, y = astype(x, dtype, copy=False), astype(y, dtype, copy=False)
    mul, sub = E["multiply"], E["subtract"]
    a0, a1, b0, b1 = x[..., 0], x[..., 1], y[..., 0], y[..., 1]
    third = sub(mul(a0, b1), mul(a1, b0))
    if m == 2 and n == 2:
        return third
    if m == 2:  # a2 = 0
        b2 = y[..., 2]
        first, second = mul(a1, b2), E["negative"](mul(a0, b2))
    elif n == 2:  # b2 = 0
        a2 = x[..., 2]
        first, second = E["negative"](mul(a2, b1)), mul(a2, b0)
    else:
        a2, b2 = x[..., 2], y[..., 2]
        first, second = sub(mul(a1, b2), mul(a2, b1)), sub(mul(a2, b0), mul(a0, b2))
    components = [broadcast_to(c, shape) for c in (first, second, third)]
    return moveaxis(concat([expand_dims(c, axis=-1) for c in components], axis=-1), -1, axisc)


# -- convolve and correlate ---------------------------------------------------------------------------
_MODES = {"valid": 0, "same": 1, "full": 2, "v": 0, "s": 1, "f": 2}


def _vector(v, name: str, what: str, device=None) -> Array:
    x = as_array(v, name, device)
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    if x.ndim == 0:
        if name == "correlate":  # NumPy's convolve makes 0-d inputs 1-D, its correlate does not
            raise ValueError("object of too small depth for desired array")
        x = reshape(x, (1,))
    if x.size == 0:
        raise ValueError(f"{what} cannot be empty")
    return x


def _mode(mode) -> int:
    try:
        return _MODES[mode] if isinstance(mode, str) else {0: 0, 1: 1, 2: 2}[operator.index(mode)]
    except (KeyError, TypeError):
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})") from None


def _windows(x: Array, rows: int, width: int) -> Array:
    """The read-only view x[k : k + width] for k < rows, as a (rows, width) matrix (no copy)."""
    step = x._view.strides[0]
    return x._with_view(TensorView((rows, width), (step, step), x._view.offset), False)


def _additive_identity(dtype):
    """The value that leaves every sum unchanged, -0.0 included (so padding adds nothing, as in NumPy)."""
    return {"float": -0.0, "complex": complex(-0.0, -0.0), "bool": False}.get(dt.kind(dtype), 0)


def _edge(padded: Array, short: Array, overlaps: Array) -> Array:
    """The outputs whose windows reach past the data: products outside the overlap are dropped (NumPy
    sums only the overlap, so an inf there gives no 0 * inf = nan), the rest summed."""
    rows = padded.shape[0] - short.shape[0] + 1
    products = E["multiply"](_windows(padded, rows, short.shape[0]), short)
    products = E["where"](overlaps, products, _additive_identity(products._dtype))
    if products._dtype == dt.bool_:
        return reductions.any(products, axis=-1)
    return reductions.sum(products, axis=-1, dtype=products._dtype)


def _slide(long: Array, short: Array, mode: int) -> Array:
    """out[k] = sum_j padded[k + j] * short[j] over the data NumPy's mode pads (long at least as long):
    the windows inside the data on the matmul engine, the few that overlap the padding by masked sums."""
    n, size = short.shape[0], long.shape[0]
    dtype = dt.promote(long._dtype, short._dtype, long.device)
    long, short = astype(long, dtype, copy=False), astype(short, dtype, copy=False)
    left = {0: 0, 1: n // 2, 2: n - 1}[mode]
    right = {0: 0, 1: n - n // 2 - 1, 2: n - 1}[mode]
    parts = [matmul(_windows(long, size - n + 1, n), short)]
    column = reshape(arange(n, device=long.device), (1, n))
    if left:
        padded = concat([zeros((left,), dtype=dtype, device=long.device), long[:n - 1]])
        row = reshape(arange(left, device=long.device), (left, 1))
        parts.insert(0, _edge(padded, short, E["greater_equal"](E["add"](row, column), left)))
    if right:
        padded = concat([long[size - n + 1:], zeros((right,), dtype=dtype, device=long.device)])
        row = reshape(arange(right, device=long.device), (right, 1))
        parts.append(_edge(padded, short, E["less"](E["add"](row, column), n - 1)))
    return concat(parts) if len(parts) > 1 else parts[0]


def convolve(a, v, mode="full") -> Array:
    """The discrete linear convolution of two 1-D sequences (modes full, same, valid)."""
    x, y = _vector(a, "convolve", "a"), _vector(v, "convolve", "v")
    if y.shape[0] > x.shape[0]:
        x, y = y, x
    return _slide(x, flip(y), _mode(mode))


def correlate(a, v, mode="valid") -> Array:
    """The cross-correlation of two 1-D sequences, sum_n a[n + k] * conj(v[n]) (modes valid, same, full)."""
    x = _vector(a, "correlate", "a")
    y = _vector(v, "correlate", "v", x.device)
    mode = _mode(mode)
    if dt.kind(y._dtype) == "complex":
        y = E["conj"](y)
    if y.shape[0] > x.shape[0]:  # NumPy swaps the inputs and reverses the result
        return flip(_slide(y, x, mode))
    return _slide(x, y, mode)


FUNCTIONS = {f.__name__: f for f in (outer, inner, vdot, kron, cross, convolve, correlate)}
