"""The pooling engine: max and average pools over 1 to 3 spatial dims, strided, padded and dilated
(max), on inputs of any strides; one kernel, wgsl/pool.wgsl.

  pool(x, mode, geometry)  x (N, C, *spatial) -> out (N, C, *out_spatial) contiguous, and for
                           max pools with indices their int64 flat indices into each plane.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from string import Template

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import tag, with_libraries
from .conv import LIMIT, _as_3d, _three

__all__ = ["PoolGeometry", "pool"]

POOL = ParamLayout("items", "C", "out_d", "out_h", "out_w", "x_off", ("divisor", "i32"), ZERO,
                   ("in_dims", "u32", 3), ("ksize", "i32", 3), ("stride", "i32", 3), ("pad", "i32", 3),
                   ("dil", "i32", 3), ("xs", "i32", 5))

_MAX = """\
    // The first element of the window inside the input (the padding is at most half the window).
    let first = start + max((-start + dil - 1) / dil, vec3<i32>(0)) * dil;
    var best = ${NEG_INF};
    var best_i = (first.x * size.y + first.y) * size.z + first.z;
    for (var kd = 0; kd < ksize.x; kd++) {
        let y0 = start.x + kd * dil.x;
        if (y0 < 0 || y0 >= size.x) { continue; }
        for (var kh = 0; kh < ksize.y; kh++) {
            let y1 = start.y + kh * dil.y;
            if (y1 < 0 || y1 >= size.y) { continue; }
            for (var kw = 0; kw < ksize.z; kw++) {
                let y2 = start.z + kw * dil.z;
                if (y2 < 0 || y2 >= size.z) { continue; }
                let v = xin[u32(base + y0 * xs.x + y1 * xs.y + y2 * xs.z)];
                if (v > best || isnan_${tag}(v)) {
                    best = v;
                    best_i = (y0 * size.y + y1) * size.z + y2;
                }
            }
        }
    }
    out[idx] = best;
${store_index}"""

_AVG = """\
    let end = min(start + ksize, size + pad);
    let window = end - start;
    let lo = max(start, vec3<i32>(0));
    let hi = min(end, size);
    var sum = ${T}(0);
    for (var y0 = lo.x; y0 < hi.x; y0++) {
        for (var y1 = lo.y; y1 < hi.y; y1++) {
            for (var y2 = lo.z; y2 < hi.z; y2++) {
                sum += xin[u32(base + y0 * xs.x + y1 * xs.y + y2 * xs.z)];
            }
        }
    }
    let inside = max(hi - lo, vec3<i32>(0));
    var divisor = ${count};
    if (p_divisor() != 0) { divisor = p_divisor(); }
    out[idx] = select(${T}(0), sum / ${T}(divisor), all(hi > lo));"""

_NEG_INF = {"f32": "bitcast<f32>(0xff800000u)", "f64": "bitcast<f64>(0xfff0000000000000lu)"}


@dataclass(frozen=True)
class PoolGeometry:
    """Per spatial dim: window, stride, padding, dilation, output size; avg pools: whether the
    padding counts, the divisor that overrides (None: none)."""

    kernel: tuple
    stride: tuple
    padding: tuple
    dilation: tuple
    out_spatial: tuple
    count_include_pad: bool = True
    divisor: int | None = None


def _source(dtype, mode: str, indices: bool, count_include_pad: bool, features) -> str:
    T = dt.layout(dtype).register
    if mode == "max":
        body = Template(_MAX).substitute(NEG_INF=_NEG_INF[T], tag=tag(dtype), store_index=(
            "    out_index[idx] = i64(best_i);" if indices else ""))
    else:
        body = Template(_AVG).substitute(T=T, count="window.x * window.y * window.z" if count_include_pad
                                         else "inside.x * inside.y * inside.z")
    bindings = [f"@group(0) @binding({3 if indices else 2}) var<storage, read> xin: array<{T}>;"]
    if indices:
        bindings.insert(0, "@group(0) @binding(2) var<storage, read_write> out_index: array<i64>;")
    return with_libraries("pool", features, params=POOL.wgsl(), T=T, bindings="\n".join(bindings),
                          workgroup=WORKGROUP, body=body)


def pool(x: BufferOperand, mode: str, geo: PoolGeometry, indices: bool = False):
    """(out, indices or None)."""
    device = x.device
    n, c = x.shape[:2]
    out_shape = (n, c, *geo.out_spatial)
    out = allocate(device, out_shape, x.dtype)
    index = allocate(device, out_shape, dt.int64) if indices else None
    items = math.prod(out_shape)
    if items == 0:
        return out, index
    low, high = x.view.span()
    if items >= LIMIT or x.storage.segments is not None or high >= LIMIT or low < 0:
        raise NotImplementedError("pooling: arrays of 2**31 elements or more (indices are 32-bit); split the batch")
    if max(geo.kernel) > MAX_LOOP:
        raise NotImplementedError(f"pooling: windows longer than {MAX_LOOP} along one dim")
    xv = _as_3d(x.view)
    od, oh, ow = _three(geo.out_spatial, 1)
    words = POOL.pack(items=items, C=c, out_d=od, out_h=oh, out_w=ow, x_off=xv.offset, divisor=geo.divisor or 0,
                      in_dims=xv.shape[2:], ksize=_three(geo.kernel, 1), stride=_three(geo.stride, 1),
                      pad=_three(geo.padding, 0), dil=_three(geo.dilation, 1), xs=xv.strides)
    key = ("pool", x.dtype, mode, indices, geo.count_include_pad)
    source = functools.partial(_source, x.dtype, mode, indices, geo.count_include_pad, device.features)
    storages = [out.storage] + ([index.storage] if indices else []) + [x.storage]
    launch_kernel(device, key, source, storages, words, items, writes=2 if indices else 1)
    return out, index
