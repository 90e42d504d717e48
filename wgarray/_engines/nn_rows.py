"""Row-wise normalisations in one fused kernel each (wgsl/nn_rows.wgsl): softmax, log_softmax
and layer_norm over rows of any strides, one workgroup per row. A row of up to ITEMS x WG
elements is read once into registers and written once; a longer one is read again for each of
its three passes (maximum or mean, sum, result). float32 and float64, each computed in its own
precision with wgarray's accurate exp and log.
"""

from __future__ import annotations

import functools
import math

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import REG_TAG, with_libraries

MAX_DIMS = 8  # dims of the row index (the dims other than the reduced ones)
MAX_ITEMS = 16  # elements per invocation held in registers
OPS = {"softmax": 0, "log_softmax": 1, "layer_norm": 2}


@functools.lru_cache(maxsize=None)
def _params(dtype) -> ParamLayout:
    d = MAX_DIMS
    return ParamLayout("rows", "n", ZERO, "ndim", "in_off", "in_cs", "out_cs", "w_off", "w_cs", "b_off", "b_cs",
                       ("shape", "u32", d), ("in_rs", "u32", d), ("out_rs", "u32", d),
                       ("eps", "f64" if dtype == dt.float64 else "f32"))


_TREE_REDUCE = """fn reduce(v: T, lid: u32, take_max: bool) -> T {
    red[lid] = v;
    workgroupBarrier();
    for (var half = WG / 2u; half > 0u; half >>= 1u) {
        if (lid < half) {
            let a = red[lid];
            let b = red[lid + half];
            red[lid] = select(a + b, max(a, b), take_max);
        }
        workgroupBarrier();
    }
    let r = red[0];
    workgroupBarrier();  // red is reused by the next reduction
    return r;
}"""
_SUBGROUP_REDUCE = """fn reduce(v: T, lid: u32, sg_lane: u32, sg_size: u32, take_max: bool) -> T {
    var part = subgroupAdd(v);
    if (take_max) { part = subgroupMax(v); }
    if (sg_lane == 0u) { red[lid / sg_size] = part; }
    workgroupBarrier();
    var r = red[0];
    for (var k = 1u; k < (WG + sg_size - 1u) / sg_size; k++) {
        r = select(r + red[k], max(r, red[k]), take_max);
    }
    workgroupBarrier();  // red is reused by the next reduction
    return r;
}"""


def _workgroup(n: int) -> int:
    """Invocations per row: the fewest (at least 64) that hold the row in MAX_ITEMS registers
    each, so that many rows are in flight. On an H100, 256 invocations per row of 1024 float32
    (4 each) left the kernel bound by latency: 82 us for 8192 rows, PyTorch 29 us."""
    wg = 64
    while wg < WORKGROUP and wg * MAX_ITEMS < n:
        wg *= 2
    return wg


def _source(device, op: str, dtype, wg: int, items: int, in_regs: bool, has_w: bool, has_b: bool) -> str:
    T = dt.layout(dtype).register
    tag = REG_TAG[T]
    bindings = []
    if has_w:
        bindings.append(f"@group(0) @binding(3) var<storage, read> w: array<{T}>;")
    if has_b:
        bindings.append(f"@group(0) @binding({4 if has_w else 3}) var<storage, read> bb: array<{T}>;")
    neg_inf = "bitcast<f64>(0xfff0000000000000lu)" if T == "f64" else "bitcast<f32>(0xff800000u)"
    subgroups = T == "f32" and "subgroup" in device.features
    regs = range(items if in_regs else 0)
    code = dict(
        load_regs="\n".join(f"    var v{t} = T(0);\n    if (lid + {t * wg}u < n) {{ v{t} = x[o.x + (lid + {t * wg}u) * ics]; }}"
                            for t in regs),
        pass1_regs="\n".join(f"        if (lid + {t * wg}u < n) {{ acc = combine(acc, v{t}); }}" for t in regs),
        pass2_regs="\n".join(f"        if (lid + {t * wg}u < n) {{ s += spread(v{t} - center); }}" for t in regs),
        store_regs="\n".join(f"        if (lid + {t * wg}u < n) {{ out[o.y + (lid + {t * wg}u) * ocs] = "
                             f"finish(v{t}, lid + {t * wg}u, center, factor, shift); }}" for t in regs))
    return with_libraries(
        "nn_rows", device.features, enables="", params=_params(dtype).wgsl(), S=dt.layout(dtype).storage, T=T,
        tag=tag, WG=wg, OP=OPS[op], IN_REGS=str(in_regs).lower(), HAS_W=str(has_w).lower(),
        HAS_B=str(has_b).lower(), MAXD=MAX_DIMS, NEG_INF=neg_inf, EXP=f"exp_{tag}(v)", LOG=f"log_{tag}(v)",
        WEIGHT="w[p_w_off() + j * p_w_cs()]" if has_w else f"{T}(1)",
        BIAS="bb[p_b_off() + j * p_b_cs()]" if has_b else f"{T}(0)",
        affine_bindings="\n".join(bindings), reduce=_SUBGROUP_REDUCE if subgroups else _TREE_REDUCE,
        sg_args=(", @builtin(subgroup_invocation_id) sg_lane: u32, @builtin(subgroup_size) sg_size: u32"
                 if subgroups else ""), sg_pass=", sg_lane, sg_size" if subgroups else "", **code)


def _check_fits(*operands) -> None:
    for x in operands:
        if x is not None and (x.storage.segments is not None or x.storage.nbytes > x.device.max_binding):
            raise MemoryError(f"{x.storage.nbytes} bytes: arrays of more than one storage binding "
                              f"({x.device.max_binding} bytes) are not supported by the nn row kernels yet")


def normalize_rows(op: str, x: BufferOperand, axis: int, eps: float = 0.0, weight: BufferOperand | None = None,
                   bias: BufferOperand | None = None) -> BufferOperand:
    """op ("softmax", "log_softmax" or "layer_norm") along axis of x, as a new C-contiguous array
    of x's shape and dtype. layer_norm: weight and bias (1-D, of x.shape[axis] elements, or None)."""
    out = allocate(x.device, x.shape, x.dtype)
    n = x.shape[axis]
    rows = math.prod(x.shape) // n if n else 0
    if rows == 0:
        return out
    _check_fits(x, out, weight, bias)
    device = x.device
    others = [d for d in range(len(x.shape)) if d != axis]
    # the row index runs over the other dims, innermost first (size-1 dims dropped)
    dims = [d for d in reversed(others) if x.shape[d] != 1]
    if len(dims) > MAX_DIMS:
        raise NotImplementedError(f"{op}: at most {MAX_DIMS} dimensions besides the reduced one")
    wg = _workgroup(n)
    items = -(-n // wg)
    in_regs = items <= MAX_ITEMS
    items = min(items, MAX_ITEMS)
    params = _params(x.dtype).pack(
        rows=rows, n=n, ndim=len(dims), in_off=x.view.offset, in_cs=x.view.strides[axis],
        out_cs=out.view.strides[axis], w_off=weight.view.offset if weight else 0,
        w_cs=weight.view.strides[0] if weight else 0, b_off=bias.view.offset if bias else 0,
        b_cs=bias.view.strides[0] if bias else 0, shape=[x.shape[d] for d in dims],
        in_rs=[x.view.strides[d] for d in dims], out_rs=[out.view.strides[d] for d in dims], eps=eps)
    key = ("nn_rows", op, x.dtype, wg, items, in_regs, weight is not None, bias is not None)
    storages = [out.storage, x.storage] + [o.storage for o in (weight, bias) if o is not None]
    launch_kernel(device, key, lambda: _source(device, op, x.dtype, wg, items, in_regs, weight is not None,
                                               bias is not None), storages, params, rows * WORKGROUP)
    return out
