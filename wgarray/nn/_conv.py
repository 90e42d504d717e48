"""Convolutions as torch.nn.functional has them: conv1d/2d/3d and conv_transpose1d/2d/3d, with
torch's argument names, order, defaults and checks (shape errors are RuntimeErrors with torch's
messages). The work runs in the convolution engine (wgarray/_engines/conv.py); here are the
argument rules, the output sizes and unbatched inputs.
"""

from __future__ import annotations

import functools
import operator


from .._api.coerce import as_array
from .._array import Array
from .._core import dtypes as dt
from .._engines.conv import ConvGeometry, convolution
from ._half import narrowed, widened

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d"]

FLOATS = (dt.float16, dt.float32, dt.float64)


class PaddingStringError(ValueError, RuntimeError):
    """An unknown padding string: a ValueError (as torch.nn's modules raise), and a RuntimeError
    (as torch.nn.functional's convolutions raise)."""


# -- shared with the pools ----------------------------------------------------------------------------
def float_input(x, name: str) -> Array:
    """x as a float16, float32 or float64 Array; other dtypes are a TypeError."""
    x = as_array(x, name)
    if x._dtype not in FLOATS:
        raise TypeError(f"{name}: wgarray.nn computes in float16, float32 and float64, not {x._dtype}")
    return x


def same_dtype(x: Array, other: Array, what: str) -> None:
    if other._dtype != x._dtype:
        raise RuntimeError(f"Input type ({x._dtype}) and {what} type ({other._dtype}) should be the same")


def as_ints(value, what: str, fname: str) -> tuple:
    """An int or a sequence of ints as a tuple of ints (torch's TypeError for anything else)."""
    try:
        return (operator.index(value),) if not isinstance(value, (tuple, list)) else \
            tuple(operator.index(v) for v in value)
    except TypeError:
        raise TypeError(f"{fname}(): argument '{what}' must be an int or a tuple of ints, "
                        f"not {type(value).__name__}") from None


def int_tuple(value, n: int, what: str, fname: str) -> tuple:
    """An int or a sequence of ints as n ints: a single value (or a 1-sequence) is repeated."""
    values = as_ints(value, what, fname)
    if len(values) == 1:
        values *= n
    if len(values) != n:
        raise RuntimeError(f"expected {what} to be a single integer value or a list of {n} values to match "
                           f"the convolution dimensions, but got {what}={list(values)}")
    return values


def shape_str(shape) -> str:
    return "[" + ", ".join(str(s) for s in shape) + "]"


# -- argument rules -----------------------------------------------------------------------------------
def _inputs(dims: int, fname: str, input, weight, bias) -> tuple:
    x = float_input(input, "input")
    w = float_input(weight, "weight")
    same_dtype(x, w, "weight")
    if x.ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"Expected {dims + 1}D (unbatched) or {dims + 2}D (batched) input to {fname}, "
                           f"but got input of size: {shape_str(x.shape)}")
    unbatched = x.ndim == dims + 1
    if unbatched:
        x = x[None]
    if w.ndim != dims + 2:
        raise RuntimeError(f"Expected {w.ndim}-dimensional input for {w.ndim}-dimensional weight "
                           f"{shape_str(w.shape)}, but got {x.ndim}-dimensional input of size "
                           f"{shape_str(x.shape)} instead")
    b = None
    if bias is not None:
        b = float_input(bias, "bias")
        same_dtype(x, b, "bias")
    return x, w, b, unbatched


def _common_checks(stride, dilation, groups: int) -> None:
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(d <= 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")


def _groups_of(w_shape: tuple, groups: int) -> None:
    if w_shape[0] < groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least {groups} at dimension 0, "
                           f"but got weight of size {shape_str(w_shape)} instead")
    if w_shape[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, "
                           f"but got weight of size {shape_str(w_shape)} instead")


def _bias_of(b_shape: tuple | None, w_shape: tuple, out_channels: int) -> None:
    if b_shape is not None and (len(b_shape) != 1 or b_shape[0] != out_channels):
        raise RuntimeError(f"Given weight of size {shape_str(w_shape)}, expected bias to be 1-dimensional with "
                           f"{out_channels} elements, but got bias of size {shape_str(b_shape)} instead")


def _checked(geometry, *args) -> ConvGeometry:
    """geometry(kinds, *args), the argument checks and output sizes of a convolution, remembered for
    arguments that hash (lists taken as tuples; their types are part of the key, so that a float
    stride still raises after an int one of equal value): a loop of convolutions of one shape
    checks its arguments once."""
    args = tuple(tuple(a) if isinstance(a, list) else a for a in args)
    kinds = tuple(tuple(map(type, a)) if isinstance(a, tuple) else type(a) for a in args)
    try:
        hash(args)
    except TypeError:
        return geometry.__wrapped__(kinds, *args)
    return geometry(kinds, *args)


def _padding(padding, dims: int, fname: str, stride, dilation, kernel) -> tuple:
    """(padding before, padding after) per dim; 'same' pads the odd one out after, as torch."""
    if isinstance(padding, str):
        if padding == "valid":
            return (0,) * dims, (0,) * dims
        if padding != "same":
            raise PaddingStringError(f"Invalid padding string: '{padding}' (should be one of 'valid', 'same')")
        if any(s != 1 for s in stride):
            raise RuntimeError("padding='same' is not supported for strided convolutions")
        total = [d * (k - 1) for d, k in zip(dilation, kernel)]
        return tuple(t // 2 for t in total), tuple(t - t // 2 for t in total)
    pad = int_tuple(padding, dims, "padding", fname)
    return pad, pad


def _conv(dims: int, fname: str, input, weight, bias, stride, padding, dilation, groups):
    x, w, b, unbatched = _inputs(dims, fname, input, weight, bias)
    geo = _checked(_conv_geometry, dims, fname, x.shape, w.shape, None if b is None else b.shape, stride, padding,
                   dilation, groups)
    return _convolved(x, w, b, geo, unbatched)


@functools.lru_cache(maxsize=256)
def _conv_geometry(kinds, dims, fname, x_shape, w_shape, b_shape, stride, padding, dilation, groups) -> ConvGeometry:
    stride = int_tuple(stride, dims, "stride", fname)
    dilation = int_tuple(dilation, dims, "dilation", fname)
    groups = operator.index(groups)
    kernel = w_shape[2:]
    before, after = _padding(padding, dims, fname, stride, dilation, kernel)
    if any(p < 0 for p in before):
        raise RuntimeError("negative padding is not supported")
    _common_checks(stride, dilation, groups)
    _groups_of(w_shape, groups)
    if x_shape[1] != w_shape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {shape_str(w_shape)}, expected "
                           f"input{shape_str(x_shape)} to have {w_shape[1] * groups} channels, but got "
                           f"{x_shape[1]} channels instead")
    _bias_of(b_shape, w_shape, w_shape[0])
    padded = [n + p + q for n, p, q in zip(x_shape[2:], before, after)]
    extent = [d * (k - 1) + 1 for d, k in zip(dilation, kernel)]
    if any(p < e for p, e in zip(padded, extent)):
        raise RuntimeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
                           f"Kernel size: ({' x '.join(map(str, extent))}). "
                           "Kernel size can't be greater than actual input size")
    out_spatial = tuple((p - e) // s + 1 for p, e, s in zip(padded, extent, stride))
    return ConvGeometry(False, groups, stride, before, dilation, out_spatial)


def _convolved(x: Array, w: Array, b: Array | None, geo: ConvGeometry, unbatched: bool) -> Array:
    """The convolution engine's result (float16 through float32, see _half)."""
    dtype, (x, w, b) = x._dtype, (widened(a) for a in (x, w, b))
    out = narrowed(Array._wrap(convolution(x._data(), w._data(), None if b is None else b._data(), geo)), dtype)
    return out[0] if unbatched else out


def _conv_transpose(dims: int, fname: str, input, weight, bias, stride, padding, output_padding, groups, dilation):
    x, w, b, unbatched = _inputs(dims, fname, input, weight, bias)
    geo = _checked(_conv_transpose_geometry, dims, fname, x.shape, w.shape, None if b is None else b.shape, stride,
                   padding, output_padding, groups, dilation)
    return _convolved(x, w, b, geo, unbatched)


@functools.lru_cache(maxsize=256)
def _conv_transpose_geometry(kinds, dims, fname, x_shape, w_shape, b_shape, stride, padding, output_padding, groups,
                             dilation) -> ConvGeometry:
    if isinstance(padding, str):
        raise TypeError(f"{fname}(): argument 'padding' must be tuple of ints, not str")
    stride = int_tuple(stride, dims, "stride", fname)
    padding = int_tuple(padding, dims, "padding", fname)
    output_padding = int_tuple(output_padding, dims, "output_padding", fname)
    dilation = int_tuple(dilation, dims, "dilation", fname)
    groups = operator.index(groups)
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(p < 0 for p in output_padding):
        raise RuntimeError("negative output_padding is not supported")
    _common_checks(stride, dilation, groups)
    _groups_of(w_shape, groups)
    if x_shape[1] != w_shape[0]:
        raise RuntimeError(f"Given transposed=1, weight of size {shape_str(w_shape)}, expected "
                           f"input{shape_str(x_shape)} to have {w_shape[0]} channels, but got "
                           f"{x_shape[1]} channels instead")
    if any(op >= s and op >= d for op, s, d in zip(output_padding, stride, dilation)):
        raise RuntimeError(f"output padding must be smaller than either stride or dilation, but got "
                           f"output_padding={list(output_padding)}, stride={list(stride)}, dilation={list(dilation)}")
    _bias_of(b_shape, w_shape, w_shape[1] * groups)
    kernel = w_shape[2:]
    out_spatial = tuple((n - 1) * s - 2 * p + d * (k - 1) + op + 1
                        for n, s, p, d, k, op in zip(x_shape[2:], stride, padding, dilation, kernel, output_padding))
    if any(n <= 0 for n in out_spatial):
        raise RuntimeError(f"Given input size per channel: ({' x '.join(map(str, x_shape[2:]))}). Calculated "
                           f"output size per channel: ({' x '.join(map(str, out_spatial))}). Output size is too small")
    return ConvGeometry(True, groups, stride, padding, dilation, out_spatial)


# -- the functions ------------------------------------------------------------------------------------
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.nn.functional.conv1d: input (N, C, W) or (C, W), weight (O, C/groups, kW)."""
    return _conv(1, "conv1d", input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.nn.functional.conv2d: input (N, C, H, W) or (C, H, W), weight (O, C/groups, kH, kW);
    padding: ints, 'valid' or 'same' (stride 1; an even extent pads the extra one after)."""
    return _conv(2, "conv2d", input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.nn.functional.conv3d: input (N, C, D, H, W) or (C, D, H, W), weight (O, C/groups, kD, kH, kW)."""
    return _conv(3, "conv3d", input, weight, bias, stride, padding, dilation, groups)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """torch.nn.functional.conv_transpose1d: weight (C, O/groups, kW); the gradient of conv1d's input."""
    return _conv_transpose(1, "conv_transpose1d", input, weight, bias, stride, padding, output_padding, groups,
                           dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """torch.nn.functional.conv_transpose2d: weight (C, O/groups, kH, kW)."""
    return _conv_transpose(2, "conv_transpose2d", input, weight, bias, stride, padding, output_padding, groups,
                           dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """torch.nn.functional.conv_transpose3d: weight (C, O/groups, kD, kH, kW)."""
    return _conv_transpose(3, "conv_transpose3d", input, weight, bias, stride, padding, output_padding, groups,
                           dilation)
