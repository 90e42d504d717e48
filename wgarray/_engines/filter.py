"""The filter engine: N-D correlations and rank filters with SciPy's boundary modes applied by
index, never through a padded copy (wgsl/filter_correlate.wgsl, filter_line.wgsl, filter_rank.wgsl,
and the coordinate maps of filter_boundary.wgsl).

  correlate(x, w, out_shape, shift, mode, cval, reverse)
                      out[c] = sum_t w[t] * x[map(c + shift + t)] (reverse: w read reversed)
  rank(x, taps, out_shape, shift, mode, cval, op, rank)
                      min, max or the rank-th value of x[map(c + shift + tap)] over the taps
  correlate1d(x, w, form, axis, shift, mode, cval)
                      one 1-D pass along axis, summed in SciPy's order (filter_pass.wgsl): its
                      float results are SciPy's to the bit, so integer outputs truncate alike
  running_mean(x, size, axis, shift, mode, cval)
                      SciPy's uniform_filter1d: a running sum along each line (filter_running.wgsl)

x may have any strides; w is a kernel of x's ndim. The correlation's out is contiguous, of w's
dtype, which it computes in (x is converted as read: a float32 image filtered in float64 needs no
copy); a kernel of one row along the last axis, 16 taps or more, takes the tiled kernel
(filter_line.wgsl). The rank filter's out has x's dtype; it holds a window of up to
MAX_RANK_WINDOW values per invocation for "rank". The modes are the maps "constant" (cval
outside), "nearest", "wrap", "reflect", "mirror", and "skip" (SciPy.signal's zero padding:
positions outside add nothing). Both take float32, float64, int32, uint32, int64 and uint64
(integer sums wrap, as NumPy's do); callers cast narrower or complex data first.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._core.kernels import MAX_LOOP, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate, uploaded
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import REG_TAG, with_libraries
from .map import MapOp, launch_map

__all__ = ["MAPS", "MAX_RANK_WINDOW", "correlate", "correlate1d", "rank", "running_mean", "COMPUTE_DTYPES",
           "GENERAL", "SYMMETRIC", "ANTISYMMETRIC"]

MAPS = ("constant", "nearest", "wrap", "reflect", "mirror", "skip")
COMPUTE_DTYPES = (dt.float32, dt.float64, dt.int32, dt.uint32, dt.int64, dt.uint64)
MAX_RANK_WINDOW = 256  # values a rank filter's invocation selects among (a private array)
MAX_DIMS = 32  # per-axis parameters: 5 words an axis in the 256-word window
VW = 4  # outputs an invocation of the correlation computes along the last axis
LINE_TILE = WORKGROUP * VW  # outputs a workgroup of the tiled one-row kernel computes
LINE_CHUNK = 256  # taps it stages at a time
LINE_MIN_TAPS = 16  # one-row kernels this long or longer take the tiled kernel (shorter: few reuses to win)
LIMIT = 2**31  # element indices are 32-bit
_OPS = {"min": 0, "max": 1, "rank": 2}
DBL_EPSILON = 2.0**-52  # scipy.ndimage's threshold for weights it leaves out, and for symmetric pairs
GENERAL, SYMMETRIC, ANTISYMMETRIC = 0, 1, 2  # correlate1d's forms of the sum (filter_pass.wgsl)


@functools.lru_cache(maxsize=None)
def correlate_params(ndim: int, dtype) -> ParamLayout:
    return ParamLayout("items", ZERO, "quads", "rows", "klast", "wlast", "x_off", ("oshape", "u32", ndim),
                       ("size", "i32", ndim), ("xs", "i32", ndim), ("shift", "i32", ndim),
                       ("kshape", "u32", ndim), ("cval", dtype))


@functools.lru_cache(maxsize=None)
def rank_params(ndim: int, dtype) -> ParamLayout:
    return ParamLayout("items", ZERO, "count", "rank", "x_off", ("oshape", "u32", ndim), ("size", "i32", ndim),
                       ("xs", "i32", ndim), ("shift", "i32", ndim), ("cval", dtype))


@functools.lru_cache(maxsize=None)
def pass_params(ndim: int, dtype) -> ParamLayout:
    return ParamLayout("items", ZERO, "quads", "taps", "x_off", ("shift", "i32"), ("shape", "u32", ndim),
                       ("xs", "i32", ndim), ("cval", dtype))


def _check(x: BufferOperand, out_shape: tuple, what: str) -> None:
    if x.dtype not in COMPUTE_DTYPES:
        raise TypeError(f"{what}: the filter engine computes in {COMPUTE_DTYPES}, not {x.dtype}")
    if not 1 <= x.view.ndim <= MAX_DIMS:
        raise NotImplementedError(f"{what}: arrays of 1 to {MAX_DIMS} dimensions, not {x.view.ndim}")
    low, high = x.view.span()
    if x.storage.segments is not None or high >= LIMIT or low < 0 or math.prod(out_shape) >= LIMIT:
        raise NotImplementedError(f"{what}: arrays of 2**31 elements or more (indices are 32-bit)")


def _map_name(mode: str) -> str:
    if mode not in MAPS:
        raise ValueError(f"filter engine: unknown boundary map {mode!r}")
    return "constant" if mode == "skip" else mode


def _fields(dtype, x_dtype, ndim: int, mode: str, reverse: bool, ordered: bool) -> dict:
    """The template fields both correlation kernels take."""
    term = render("filter_term", T=dt.layout(dtype).register, ordered="true" if ordered else "false",
                  eps=repr(DBL_EPSILON) if ordered else "0")
    return dict(params=correlate_params(ndim, dtype).wgsl(), T=dt.layout(dtype).register, term_lib=term,
                X=dt.layout(x_dtype).register, workgroup=WORKGROUP, VW=VW, last=ndim - 1, mode=_map_name(mode),
                skip="true" if mode == "skip" else "false", reverse="true" if reverse else "false",
                boundary_lib=render("filter_boundary"))


def _correlate_source(dtype, x_dtype, ndim: int, mode: str, reverse: bool, ordered: bool, features) -> str:
    return with_libraries("filter_correlate", features, dims=max(1, ndim - 1),
                          **_fields(dtype, x_dtype, ndim, mode, reverse, ordered))


def _line_source(dtype, x_dtype, ndim: int, mode: str, reverse: bool, ordered: bool, features) -> str:
    plane = -(-(LINE_TILE + LINE_CHUNK) // VW // 32) * 32 + 8  # distinct banks for the VW planes
    return with_libraries("filter_line", features, tile=LINE_TILE, chunk=LINE_CHUNK, chunk4=LINE_CHUNK // 4,
                          plane=plane, staged=VW * plane, **_fields(dtype, x_dtype, ndim, mode, reverse, ordered))


def correlate(x: BufferOperand, w: BufferOperand, out_shape, shift, mode: str, cval=0,
              reverse: bool = False, ordered: bool = False) -> BufferOperand:
    """The correlation of x with the kernel w (same ndim), in w's dtype, the output's coordinate c
    reading x at c + shift + tap; reverse: with w reversed along every axis (a convolution, without
    a reversed copy); ordered: summed as scipy.ndimage's NI_Correlate sums (float dtypes: taps in
    C order from 0, products unfused, weights within DBL_EPSILON of 0 left out; filter_term.wgsl);
    see the module docstring."""
    out_shape = tuple(out_shape)
    _check(x, out_shape, "correlate")
    ndim = x.view.ndim
    if w.dtype not in COMPUTE_DTYPES or w.view.ndim != ndim:
        raise ValueError("correlate: the kernel must have the input's ndim and a dtype the engine computes in")
    dtype = w.dtype
    ordered = ordered and dtype in (dt.float32, dt.float64)
    out = allocate(x.device, out_shape, dtype)
    if math.prod(out_shape) == 0:
        return out
    kshape = w.shape
    if math.prod(kshape) == 0:  # an empty sum
        raise ValueError("correlate: an empty kernel")
    rows, klast = math.prod(kshape[:-1]), kshape[-1]
    if rows > MAX_LOOP or klast > MAX_LOOP:
        raise NotImplementedError(f"correlate: kernels of more than {MAX_LOOP} rows or taps a row (use the FFT)")
    if not w.view.is_contiguous or w.view.offset:
        w = _contiguous(w)
    layout = correlate_params(ndim, dtype)
    if rows == 1 and klast >= LINE_MIN_TAPS:  # the tiled kernel: one workgroup a tile of a row
        groups = math.prod(out_shape[:-1]) * -(-out_shape[-1] // LINE_TILE)
        words = layout.pack(items=groups, rows=1, klast=klast, wlast=klast - 1, x_off=x.view.offset,
                            oshape=out_shape, size=x.shape, xs=x.view.strides, shift=tuple(shift), kshape=kshape,
                            cval=cval)
        key = ("filter_line", dtype, x.dtype, ndim, mode, reverse, ordered)
        source = functools.partial(_line_source, dtype, x.dtype, ndim, mode, reverse, ordered,
                                   x.device.features)
        launch_kernel(x.device, key, source, [out.storage, x.storage, w.storage], words, groups * WORKGROUP)
        return out
    quads = -(-out_shape[-1] // VW)
    items = math.prod(out_shape[:-1]) * quads
    words = layout.pack(items=items, quads=quads, rows=rows, klast=klast, wlast=rows * klast - 1,
                        x_off=x.view.offset, oshape=out_shape, size=x.shape, xs=x.view.strides, shift=tuple(shift),
                        kshape=kshape, cval=cval)
    key = ("filter_correlate", dtype, x.dtype, ndim, mode, reverse, ordered)
    source = functools.partial(_correlate_source, dtype, x.dtype, ndim, mode, reverse, ordered,
                                   x.device.features)
    launch_kernel(x.device, key, source, [out.storage, x.storage, w.storage], words, items)
    return out


def _contiguous(w: BufferOperand) -> BufferOperand:
    out = allocate(w.device, w.shape, w.dtype)
    launch_map(w.device, MapOp("copy", "a0", (w.dtype,), w.dtype), out.storage, out.view, w.dtype, [w], fresh=True)
    return out


_CONSTANTS = plan_cache(256)  # footprints' coordinates and forms, uploaded once per device (an upload submits)


def constant_buffer(device, values: np.ndarray) -> BufferOperand:
    """Small int32 host metadata on the device, uploaded once per device and values."""
    key = (device, values.shape, values.tobytes())
    buffer = _CONSTANTS.get(key)
    if buffer is None:
        buffer = _CONSTANTS[key] = uploaded(device, values, dt.int32)
    return buffer


def _pass_source(template: str, dtype, x_dtype, ndim: int, axis: int, mode: str, features) -> str:
    register = dt.layout(dtype).register
    return with_libraries(template, features, params=pass_params(ndim, dtype).wgsl(), T=register,
                          X=dt.layout(x_dtype).register, tag=REG_TAG[register], workgroup=WORKGROUP, VW=VW,
                          ndim=ndim, axis=axis, mode=_map_name(mode), boundary_lib=render("filter_boundary"))


def _pass(template: str, x: BufferOperand, dtype, buffers: list, taps: int, axis: int, shift: int, mode: str,
          cval, quads: int) -> BufferOperand:
    """A launch of filter_pass or filter_running: out (x's shape, dtype) from x and buffers."""
    shape = x.shape
    _check(x, shape, template)
    if dtype not in (dt.float32, dt.float64):
        raise TypeError(f"{template}: sums in float32 or float64, not {dtype}")
    if mode == "skip":
        raise ValueError(f"{template}: SciPy's ndimage modes only")
    out = allocate(x.device, shape, dtype)
    if math.prod(shape) == 0:
        return out
    if taps > MAX_LOOP:
        raise NotImplementedError(f"{template}: filters of more than {MAX_LOOP} taps")
    ndim = len(shape)
    items = math.prod(shape) // shape[axis] * quads
    words = pass_params(ndim, dtype).pack(items=items, quads=quads, taps=taps, x_off=x.view.offset, shift=shift,
                                          shape=shape, xs=x.view.strides, cval=cval)
    key = (template, dtype, x.dtype, ndim, axis, mode)
    source = functools.partial(_pass_source, template, dtype, x.dtype, ndim, axis, mode, x.device.features)
    launch_kernel(x.device, key, source, [out.storage, x.storage, *buffers], words, items)
    return out


def correlate1d(x: BufferOperand, w: BufferOperand, form, axis: int, shift: int, mode: str,
                cval=0) -> BufferOperand:
    """x correlated along axis with the 1-D weights w (contiguous, of the float dtype the sum is in),
    in SciPy's NI_Correlate1D order: form (an int, or an int32 operand of one element computed on
    the device) is GENERAL, or SYMMETRIC or ANTISYMMETRIC for weights of odd length that are so
    (filter_pass.wgsl). Output c reads x at c + shift + t along axis."""
    if w.view.ndim != 1 or not w.shape[0]:
        raise ValueError("correlate1d: 1-D weights, at least one")
    if not w.view.is_contiguous or w.view.offset:
        w = _contiguous(w)
    if not isinstance(form, BufferOperand):
        form = constant_buffer(x.device, np.array([form], np.int32))
    quads = -(-x.shape[axis] // VW)
    return _pass("filter_pass", x, w.dtype, [w.storage, form.storage], w.shape[0], axis, shift, mode, cval, quads)


def running_mean(x: BufferOperand, size: int, axis: int, shift: int, mode: str, cval, dtype) -> BufferOperand:
    """SciPy's uniform_filter1d of x along axis in dtype (float32 or float64): a running sum of size
    values, output c's starting at c + shift, divided by size (filter_running.wgsl)."""
    return _pass("filter_running", x, dtype, [], size, axis, shift, mode, cval, 1)


def _rank_source(dtype, ndim: int, mode: str, op: str, capacity: int, features) -> str:
    return with_libraries("filter_rank", features, params=rank_params(ndim, dtype).wgsl(),
                          T=dt.layout(dtype).register, workgroup=WORKGROUP, dims=ndim, op=_OPS[op],
                          capacity=capacity, mode=_map_name(mode), boundary_lib=render("filter_boundary"))


def rank(x: BufferOperand, taps: np.ndarray, out_shape, shift, mode: str, cval, op: str,
         rank_index: int = 0) -> BufferOperand:
    """op "min", "max" or "rank" (the rank_index-th smallest) over the taps, an (count, ndim)
    array of footprint coordinates; the output's coordinate c reads x at c + shift + tap."""
    out_shape = tuple(out_shape)
    _check(x, out_shape, "rank filter")
    ndim = x.view.ndim
    count = len(taps)
    if count == 0:
        raise ValueError("rank filter: an empty footprint")
    if count > MAX_LOOP:
        raise NotImplementedError(f"rank filter: footprints of more than {MAX_LOOP} elements")
    capacity = 1
    if op == "rank":
        if count > MAX_RANK_WINDOW:
            raise NotImplementedError(f"rank filter: footprints of more than {MAX_RANK_WINDOW} elements for "
                                      f"median, rank and percentile filters (this one has {count})")
        capacity = 1 << (count - 1).bit_length()
    out = allocate(x.device, out_shape, x.dtype)
    items = math.prod(out_shape)
    if items == 0:
        return out
    tap_buffer = constant_buffer(x.device, np.ascontiguousarray(taps, np.int32).reshape(count, ndim))
    words = rank_params(ndim, x.dtype).pack(items=items, count=count, rank=rank_index, x_off=x.view.offset,
                                            oshape=out_shape, size=x.shape, xs=x.view.strides,
                                            shift=tuple(shift), cval=cval)
    key = ("filter_rank", x.dtype, ndim, mode, op, capacity)
    source = functools.partial(_rank_source, x.dtype, ndim, mode, op, capacity, x.device.features)
    launch_kernel(x.device, key, source, [out.storage, x.storage, tap_buffer.storage], words, items)
    return out
