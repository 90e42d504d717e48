"""Row-wise normalisations in one fused kernel each (wgsl/nn_rows.wgsl): softmax, log_softmax
and layer_norm over rows of any strides, one workgroup per row. A row of up to MAX_ITEMS x WG
elements is read once into registers and written once (softmax keeps exp(x - max) there: one
exp per element); a longer one is read again for each of its three passes (maximum or mean,
sum, result). Rows, output and affine vectors that are contiguous and 4-aligned are read and
written in vec4 words. float32 and float64, each computed in its own precision with wgarray's
accurate exp and log. The plan of a call (kernel key, parameter block) is cached per shape and
strides, and a call goes straight to the stream: the kernel of 8192 x 1024 float32 takes about
27 us on an H100, and host time above that would leave the GPU waiting (see normalize_rows).
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from .._core import dtypes as dt
from .._core.device import per_device
from .._core.kernels import WORKGROUP, grid, kernel_cache
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView
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


def _source(device, op: str, dtype, wg: int, words: int, in_regs: bool, vec: int, has_w: bool, has_b: bool) -> str:
    T = dt.layout(dtype).register
    W = f"vec4<{T}>" if vec == 4 else T
    tag = REG_TAG[T]
    bindings = []
    if has_w:
        bindings.append("@group(0) @binding(3) var<storage, read> w: array<W>;")
    if has_b:
        bindings.append(f"@group(0) @binding({4 if has_w else 3}) var<storage, read> bb: array<W>;")
    neg_inf = "bitcast<f64>(0xfff0000000000000lu)" if T == "f64" else "bitcast<f32>(0xff800000u)"
    subgroups = T == "f32" and "subgroup" in device.features
    if in_regs:
        at = [f"lid + {t * wg}u" for t in range(words)]
        code = dict(
            load_regs="\n".join(f"    var v{t} = W();\n    let in{t} = {j} < nw;\n"
                                f"    if (in{t}) {{ v{t} = x[o.x + ({j}) * ics]; }}" for t, j in enumerate(at)),
            pass1="\n".join(f"    if (in{t}) {{ acc = combine_word(acc, v{t}); }}" for t in range(words)),
            pass2="\n".join(f"    if (in{t}) {{\n        v{t} = deviate(v{t} - W(center));\n"
                            f"        s += spread(v{t});\n    }}" for t in range(words)),
            store="\n".join(f"    if (in{t}) {{ out[o.y + ({j}) * ocs] = finish(v{t}, {j}, factor, shift); }}"
                            for t, j in enumerate(at)))
    else:
        loop = "    for (var j = lid; j < nw; j += WG) {{ {} }}"
        code = dict(load_regs="", pass1=loop.format("acc = combine_word(acc, x[o.x + j * ics]);"),
                    pass2=loop.format("s += spread(deviate(x[o.x + j * ics] - W(center)));"),
                    store=loop.format("out[o.y + j * ocs] = finish(deviate(x[o.x + j * ics] - W(center)), j, factor, "
                                      "shift);"))
    if vec == 4:
        words_code = dict(combine_word="    return combine(combine(combine(combine(acc, w.x), w.y), w.z), w.w);",
                          EXP_WORD="W(expo(d.x), expo(d.y), expo(d.z), expo(d.w))",
                          SUM_WORD="(w.x + w.y) + (w.z + w.w)",
                          )
    else:
        words_code = dict(combine_word="    return combine(acc, w);", EXP_WORD="expo(d)", SUM_WORD="w")
    return with_libraries(
        "nn_rows", device.features, enables="", params=_params(dtype).wgsl(), T=T, W=W, tag=tag, WG=wg,
        OP=OPS[op], VEC=vec, HAS_W=str(has_w).lower(), HAS_B=str(has_b).lower(), MAXD=MAX_DIMS, NEG_INF=neg_inf,
        EXP=f"exp_{tag}(v)", LOG=f"log_{tag}(v)",
        WEIGHT="w[p_w_off() + j * p_w_cs()]" if has_w else "W(1)",
        BIAS="bb[p_b_off() + j * p_b_cs()]" if has_b else "W(0)",
        affine_bindings="\n".join(bindings),
        reduce=_SUBGROUP_REDUCE if subgroups else _TREE_REDUCE,
        sg_args=(", @builtin(subgroup_invocation_id) sg_lane: u32, @builtin(subgroup_size) sg_size: u32"
                 if subgroups else ""), sg_pass=", sg_lane, sg_size" if subgroups else "", **code, **words_code)


def _check_fits(device, storages) -> None:
    limit = device.max_binding
    for s in storages:
        if s.segments is not None or s.nbytes > limit:
            raise MemoryError(f"{s.nbytes} bytes: arrays of more than one storage binding ({limit} bytes) are not "
                              f"supported by the nn row kernels yet")


def normalize_rows(op: str, x: BufferOperand, axis: int, eps: float = 0.0, weight: BufferOperand | None = None,
                   bias: BufferOperand | None = None) -> BufferOperand:
    """op ("softmax", "log_softmax" or "layer_norm") along axis of x, as a new C-contiguous array
    of x's shape and dtype. layer_norm: weight and bias (1-D, of x.shape[axis] elements, or None).

    Host time matters here: when a call records slower than the GPU runs it, the GPU idles and
    the stream submits small batches, each costing more host time (on an H100, layer_norm went
    from 27 us of GPU time to 45-60 us a call). So what a call records is bound once per device
    and layout (kernel, parameters, pool, stream: _Bound) and the dispatch goes straight to the
    stream."""
    device, view = x.device, x.view
    key = (op, x.dtype, view.shape, axis, view.strides, view.offset,
           None if weight is None else (weight.view.offset, weight.view.strides[0]),
           None if bias is None else (bias.view.offset, bias.view.strides[0]), eps)
    bound = _bound_plans(device).get(key)
    if bound is None:
        if 0 in view.shape:
            return allocate(device, view.shape, x.dtype)
        bound = _bind(device, key)
    # the output straight from the pool (x's dtype is this device's, its contiguous view planned)
    out = BufferOperand(bound.pool.allocate(bound.nbytes), bound.out_view, x.dtype)
    storages = [out.storage, x.storage]
    if weight is not None:
        storages.append(weight.storage)
    if bias is not None:
        storages.append(bias.storage)
    _check_fits(device, storages)
    bound.stream.dispatch(bound.kernel, storages, bound.params, bound.groups)
    return out


class _Bound(NamedTuple):
    """What normalize_rows records for one layout on one device."""
    kernel: object
    params: bytes
    groups: tuple
    out_view: TensorView
    nbytes: int
    pool: object
    stream: object


_bound_plans = per_device(lambda device: {})
MAX_BOUND = 256  # layouts bound per device (then forgotten all at once)


def _bind(device, key: tuple) -> _Bound:
    plan = _plan(*key)
    signature = _SIGNATURES[2 + (key[6] is not None) + (key[7] is not None)]
    kernel = kernel_cache(device).get(plan.key, signature, lambda: _source(device, *plan.source_args))
    bound = _Bound(kernel, plan.params, plan.groups, plan.out_view, plan.nbytes, pool_for(device), stream_for(device))
    plans = _bound_plans(device)
    if len(plans) >= MAX_BOUND:
        plans.clear()
    plans[key] = bound
    return bound


_SIGNATURES = {k: ("rw",) + ("r",) * (k - 1) for k in (2, 3, 4)}  # by the number of storages bound


class _Plan(NamedTuple):
    key: tuple  # the kernel's
    params: bytes
    groups: tuple
    source_args: tuple  # _source's, after the device
    out_view: TensorView  # the output's (C-contiguous)
    nbytes: int  # the output's


def _plan(op: str, dtype, shape: tuple, axis: int, strides: tuple, offset: int, weight, bias, eps: float) -> _Plan:
    """What a call records (_bind keeps it per device: a loop of calls on same-shaped arrays
    plans once). weight, bias: (offset, stride) or None."""
    n = shape[axis]
    rows = math.prod(shape) // n
    out_view = TensorView.contiguous(shape)
    out_strides = out_view.strides
    others = [d for d in range(len(shape)) if d != axis]
    # the row index runs over the other dims, innermost first (size-1 dims dropped)
    dims = [d for d in reversed(others) if shape[d] != 1]
    if len(dims) > MAX_DIMS:
        raise NotImplementedError(f"{op}: at most {MAX_DIMS} dimensions besides the reduced one")
    # vec4 words where every row and affine vector is contiguous and starts at a multiple of 4
    starts = [offset] + [strides[d] for d in dims] + [a[0] for a in (weight, bias) if a is not None]
    affine_contiguous = all(a[1] == 1 for a in (weight, bias) if a is not None)
    vec = 4 if (n % 4 == 0 and strides[axis] == out_strides[axis] == 1 and affine_contiguous
                and all(s % 4 == 0 for s in starts)) else 1
    has_w, has_b = weight is not None, bias is not None
    wg = _workgroup(n)
    words = -(-n // (wg * vec))
    in_regs = words * vec <= MAX_ITEMS
    words = words if in_regs else 0
    weight, bias = weight or (0, 0), bias or (0, 0)
    params = _params(dtype).pack(  # offsets and strides in words (exact: multiples of vec)
        rows=rows, n=n, ndim=len(dims), in_off=offset // vec, in_cs=strides[axis], out_cs=out_strides[axis],
        w_off=weight[0] // vec, w_cs=weight[1], b_off=bias[0] // vec, b_cs=bias[1], shape=[shape[d] for d in dims],
        in_rs=[strides[d] // vec for d in dims], out_rs=[out_strides[d] // vec for d in dims], eps=eps)
    source_args = (op, dtype, wg, words, in_regs, vec, has_w, has_b)
    return _Plan(("nn_rows",) + source_args, params, grid(rows * WORKGROUP), source_args, out_view,
                 max(rows * n * dtype.itemsize, 4))
