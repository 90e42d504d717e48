"""softmax, log_softmax, layer_norm (fused row kernels, wgarray/_engines/nn_rows.py) and the
activations gelu, silu, relu (map kernels), with torch.nn.functional's signatures.

dtypes: float16, float32 and float64 (relu also takes integers, as PyTorch's); anything else
raises TypeError. float16 computes in float32 and rounds once (the row kernels through _half). Shape errors raise RuntimeError with PyTorch's wording, as PyTorch does.
"""

from __future__ import annotations

import functools
import math
import warnings

from numpy.exceptions import AxisError

from .._api.coerce import as_array, normalize_axis
from .._array import Array
from .._core import dtypes as dt
from .._core.operands import allocate
from .._core.view import TensorView, coalesce
from .._core.wgsl import REG_TAG
from .._engines.map import MapOp, launch_map
from .._engines.nn_rows import normalize_rows
from ._half import narrowed, widened

FLOATS = (dt.float16, dt.float32, dt.float64)


def check_float(x: Array, name: str) -> None:
    """TypeError unless x is float16, float32 or float64."""
    if x._dtype not in FLOATS:  # (x._dtype: x.dtype makes a public DType, 2 us a call)
        raise TypeError(f"{name}: wgarray.nn supports float16, float32 and float64 inputs, not {x.dtype}")


def _float_input(input, name: str, dtype=None) -> Array:
    x = as_array(input, name)
    if dtype is not None:
        dtype = dt.as_dtype(dtype, x.device)
        if dtype not in FLOATS:
            raise TypeError(f"{name}: dtype must be float16, float32 or float64, not {dtype}")
        if dtype != x.dtype:
            x = x.astype(dtype)
    check_float(x, name)
    return x


def _map(name: str, x: Array, expr: str) -> Array:
    out = allocate(x.device, x.shape, x.dtype)
    register = dt.layout(x.dtype).register
    expr = expr.format(t=REG_TAG[register], T=register)
    launch_map(x.device, MapOp(f"nn_{name}", expr, (x.dtype,), x.dtype), out.storage, out.view, x.dtype,
               [x._data()], fresh=True)
    return Array._wrap(out)


def relu(input, inplace: bool = False) -> Array:
    """max(x, 0); NaN stays NaN, -0.0 becomes 0.0 (PyTorch's relu)."""
    x = as_array(input, "relu")
    if dt.kind(x.dtype) not in ("int", "uint", "float"):
        raise TypeError(f"relu: not defined for {x.dtype}")
    result = _map("relu", x, "select(a0, {T}(0), a0 <= {T}(0))")
    return _inplace(x, result) if inplace else result


def silu(input, inplace: bool = False) -> Array:
    """x * sigmoid(x) = x / (1 + e^-x)."""
    x = _float_input(input, "silu")
    result = _map("silu", x, "div_{t}(a0, {T}(1) + exp_{t}(-a0))")
    return _inplace(x, result) if inplace else result


_GELU = {
    # 0.5 x (1 + erf(x / sqrt 2)) as 0.5 x erfc(-x / sqrt 2): accurate for negative x too
    "none": "gelu_{t}(a0)",
    # PyTorch's tanh approximation: 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
    "tanh": "{T}(0.5) * a0 * ({T}(1) + tanh_{t}({T}(0.7978845608028654) * (a0 + {T}(0.044715) * a0 * a0 * a0)))",
}


def gelu(input, approximate: str = "none") -> Array:
    """The Gaussian error linear unit, exact ('none') or PyTorch's tanh approximation ('tanh')."""
    if approximate not in _GELU:
        raise RuntimeError(f"approximate argument must be either none or tanh, not {approximate!r}")
    return _map(f"gelu_{approximate}", _float_input(input, "gelu"), _GELU[approximate])


def _inplace(x: Array, result: Array) -> Array:
    x[...] = result
    return x


def _softmax_dim(ndim: int, dim, name: str) -> int:
    if dim is None:  # PyTorch's legacy implicit choice, with its warning
        warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X "
                      f"as an argument.", stacklevel=3)
        dim = 0 if ndim in (0, 1, 3) else 1
    try:
        return normalize_axis(dim, max(ndim, 1))
    except AxisError:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-max(ndim, 1)}, {max(ndim, 1) - 1}], "
                         f"but got {dim})") from None


def _rows(op: str, input, dim, dtype) -> Array:
    x = _float_input(input, op, dtype)
    axis = _softmax_dim(x.ndim, dim, op)
    data = widened(x)._data()
    if x.ndim == 0:  # a 0-d input is a row of one
        return narrowed(Array._wrap(normalize_rows(op, data.with_view(TensorView((1,), (1,), data.view.offset)),
                                                   0)).reshape(()), x._dtype)
    return narrowed(Array._wrap(normalize_rows(op, data, axis)), x._dtype)


def softmax(input, dim=None, _stacklevel=3, dtype=None) -> Array:
    """exp(x - max) / sum(exp(x - max)) along dim (computed in dtype when given)."""
    return _rows("softmax", input, dim, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None) -> Array:
    """x - max - log(sum(exp(x - max))) along dim (computed in dtype when given)."""
    return _rows("log_softmax", input, dim, dtype)


def _affine(a, what: str, shape: tuple, given: Array, n: int):
    """layer_norm's weight or bias (None stays None) as one row of n elements, checked against
    normalized_shape and the input's dtype."""
    if a is None:
        return None
    a = as_array(a, "layer_norm")
    if a.shape != shape:
        raise RuntimeError(f"Expected {what} to be of same shape as normalized_shape, but got {what} of shape "
                           f"{list(a.shape)} and normalized_shape = {list(shape)}")
    if a._dtype != given._dtype:
        raise RuntimeError(f"layer_norm: expected {what} of dtype {given.dtype}, got {a.dtype}")
    return _as_row(widened(a), len(shape), n)


def _as_row(x: Array, count: int, n: int):
    """x's last `count` dims as one strided dim of n elements (a copy where they do not merge)."""
    data = x._data()
    if count == 1:  # already one dim
        return data
    view = data.view
    merged = _merged_view(view.shape, view.strides, view.offset, count, n)
    if merged is not None:
        return data.with_view(merged)
    copy = allocate(x.device, view.shape, x.dtype)
    launch_map(x.device, MapOp("copy", "a0", (x.dtype,), x.dtype), copy.storage, copy.view, x.dtype, [data],
               fresh=True)
    return copy.with_view(_merged_view(copy.view.shape, copy.view.strides, 0, count, n))


@functools.lru_cache(maxsize=256)
def _merged_view(shape: tuple, strides: tuple, offset: int, count: int, n: int) -> TensorView | None:
    """The view with the last `count` dims merged into one of n elements, None where they do not
    merge (cached: the same shapes come back call after call)."""
    lead = len(shape) - count
    merged, (merged_strides,) = coalesce(shape[lead:], strides[lead:])
    if len(merged) > 1:
        return None
    return TensorView(shape[:lead] + (n,), strides[:lead] + (merged_strides[0] if merged else 1,), offset)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps: float = 1e-5) -> Array:
    """(x - mean) / sqrt(var + eps) * weight + bias over the trailing dims normalized_shape
    (biased variance, as PyTorch)."""
    given = _float_input(input, "layer_norm")
    x = widened(given)  # float16 computes in float32 (see _half)
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(map(int, normalized_shape))
    k = len(shape)
    x_shape = x.shape
    if k == 0 or x_shape[-k:] != shape:
        raise RuntimeError(f"Given normalized_shape={list(shape)}, expected input with shape [*, "
                           f"{', '.join(str(n) for n in shape)}], but got input of size{list(x.shape)}")
    n = shape[0] if k == 1 else math.prod(shape)
    affine = (_affine(weight, "weight", shape, given, n), _affine(bias, "bias", shape, given, n))
    rows = _as_row(x, k, n)
    out = normalize_rows("layer_norm", rows, rows.view.ndim - 1, float(eps), *affine)
    return narrowed(Array._wrap(out if k == 1 else out.with_view(TensorView.contiguous(x_shape))), given._dtype)
