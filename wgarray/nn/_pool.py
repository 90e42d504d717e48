"""Pools as torch.nn.functional has them: max_pool1d/2d/3d (with return_indices: int64 flat indices
into each plane) and avg_pool1d/2d/3d, with torch's arguments, output sizes (ceil_mode: the last
window must start inside the input or its left padding) and checks (RuntimeErrors). The work runs
in the pooling engine (wgarray/_engines/pool.py).
"""

from __future__ import annotations

import operator

from .._array import Array
from .._engines.pool import PoolGeometry, pool
from ._conv import as_ints, float_input, shape_str
from ._half import narrowed, widened

__all__ = ["avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool1d", "max_pool2d", "max_pool3d"]

_COUNT = {1: "a single int, or a tuple of one int", 2: "a single int, or a tuple of two ints",
          3: "a single int, or a tuple of three ints"}


def _ints(value, n: int, fname: str, what: str, optional: bool = False) -> tuple:
    """torch's rule for pool arguments: one int, or a tuple of 1 or n ints (stride: also omitted)."""
    values = as_ints(value, what, fname)
    if len(values) == 1:
        values *= n
    if len(values) != n:
        must = "must either be omitted, " if optional else "must either be "
        raise RuntimeError(f"{fname}: {what} {must}{_COUNT[n]}")
    return values


def _out_size(size: int, k: int, s: int, p: int, d: int, ceil_mode: bool) -> int:
    """torch's pooling_output_shape: with ceil_mode, a last window starting past the input and its
    left padding is dropped."""
    span = size + 2 * p - d * (k - 1) - 1
    out = (span + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _prepare(dims: int, fname: str, input, kernel_size, stride, padding, dilation, ceil_mode):
    x = float_input(input, "input")
    if x.ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"{fname}: Expected {dims + 1}D or {dims + 2}D (batch mode) tensor with optional 0 dim "
                           f"batch size for input, but got: {shape_str(x.shape)}")
    unbatched = x.ndim == dims + 1
    if unbatched:
        x = x[None]
    kernel = _ints(kernel_size, dims, fname, "kernel_size")
    stride = kernel if stride is None or (isinstance(stride, (tuple, list)) and len(stride) == 0) else \
        _ints(stride, dims, fname, "stride", optional=True)
    padding = _ints(padding, dims, fname, "padding")
    dilation = _ints(dilation, dims, fname, "dilation")
    if any(k <= 0 for k in kernel):
        raise RuntimeError(f"{fname}: kernel size should be greater than zero, but got kernel_size={list(kernel)}")
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"{fname}: stride should be greater than zero, but got stride={list(stride)}")
    if any(d <= 0 for d in dilation):
        raise RuntimeError(f"{fname}: dilation should be greater than zero, but got dilation={list(dilation)}")
    if any(p < 0 for p in padding):
        raise RuntimeError(f"{fname}: pad must be non-negative, but got pad={list(padding)}")
    if any(p > ((k - 1) * d + 1) // 2 for p, k, d in zip(padding, kernel, dilation)):
        raise RuntimeError(f"{fname}: pad should be at most half of effective kernel size, but got "
                           f"pad={list(padding)}, kernel_size={list(kernel)}")
    out = tuple(_out_size(n, k, s, p, d, bool(ceil_mode))
                for n, k, s, p, d in zip(x.shape[2:], kernel, stride, padding, dilation))
    if any(n <= 0 for n in out):
        raise RuntimeError(f"{fname}: Given input size: ({'x'.join(map(str, x.shape[1:]))}). Calculated output "
                           f"size: ({'x'.join(map(str, (x.shape[1], *out)))}). Output size is too small")
    return x, unbatched, kernel, stride, padding, dilation, out


def _max_pool(dims: int, fname: str, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    x, unbatched, kernel, stride, padding, dilation, out = _prepare(dims, fname, input, kernel_size, stride,
                                                                    padding, dilation, ceil_mode)
    values, index = pool(widened(x)._data(), "max", PoolGeometry(kernel, stride, padding, dilation, out),
                         indices=bool(return_indices))
    values = narrowed(Array._wrap(values), x._dtype)
    values = values[0] if unbatched else values
    if not return_indices:
        return values
    index = Array._wrap(index)
    return values, index[0] if unbatched else index


def _avg_pool(dims: int, fname: str, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override):
    x, unbatched, kernel, stride, padding, dilation, out = _prepare(dims, fname, input, kernel_size, stride,
                                                                    padding, 1, ceil_mode)
    if divisor_override is not None:
        divisor_override = operator.index(divisor_override)
        if divisor_override == 0:
            raise RuntimeError(f"{fname}: divisor must be not zero")
    geo = PoolGeometry(kernel, stride, padding, dilation, out, bool(count_include_pad), divisor_override)
    values = narrowed(Array._wrap(pool(widened(x)._data(), "avg", geo)[0]), x._dtype)
    return values[0] if unbatched else values


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """torch.nn.functional.max_pool1d: input (N, C, W) or (C, W); indices into W."""
    return _max_pool(1, "max_pool1d", input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """torch.nn.functional.max_pool2d: input (N, C, H, W) or (C, H, W); indices into H * W."""
    return _max_pool(2, "max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """torch.nn.functional.max_pool3d: input (N, C, D, H, W) or (C, D, H, W); indices into D * H * W."""
    return _max_pool(3, "max_pool3d", input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """torch.nn.functional.avg_pool1d (divisor_override: as avg_pool2d's, which torch's 1-D one lacks)."""
    return _avg_pool(1, "avg_pool1d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """torch.nn.functional.avg_pool2d."""
    return _avg_pool(2, "avg_pool2d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """torch.nn.functional.avg_pool3d."""
    return _avg_pool(3, "avg_pool3d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)
