"""The convolution engine: N-dimensional (1-D to 3-D) convolutions and transposed convolutions,
grouped, strided, padded and dilated, over inputs of any strides (conv_source.py has the kernels).

  convolution(x, w, bias, geometry)  x (N, C, *spatial), w (O, C/groups, *kernel) or, transposed,
                                     (C, O/groups, *kernel); out (N, O, *out_spatial), contiguous.

Every convolution is a 3-D one (missing leading spatial dims have size 1). The weight is first
copied into (group, tap, channel, output channel) order, contiguous: the k-rows the kernels read
(a depthwise weight already is). A 1x1 convolution (no padding, output positions one stride apart
in the input: stride 1 on a contiguous input) is a batched matrix product, out[n, g] = W[g] @
x[n, g] with positions along the columns: it runs on the matmul engine (views of x and w, no
copies), the bias added after.
Kernel choice otherwise: the implicit GEMM for groups of 16 output channels or more (float32:
128 x 128 tiles when there are 96 channels or more a group and enough tiles to fill the GPU,
128 x 64 for 33-64, 128 x 32 for at most 32, else 64 x 64; float64 128 x 64 or 64 x 64), the
direct kernels below that (depthwise): the column kernel where the second-last axis has stride
and dilation 1 (strips of rows, coalesced), else the one of VW outputs along the last axis.
A large strided transposed convolution runs by phases (_by_phases): s**dims forward convolutions,
each with the taps that reach its outputs, not one gather that skips 1 - 1/s**dims of its terms.
What a call of one shape plans (kernel parameters, map plans, views) is kept for the next.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP
from .._core.device import per_device
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.view import TensorView
from .conv_source import (BIG, COLUMN_ROWS, CONV, F64_BIG, F64_MID, HALF, MAX_COLUMN_TAPS, MAX_WINDOW, MID, NARROW, VW,
                          ConvTiling, column_source, direct_source, gemm_source)
from .map import MapOp, MapPlan
from .matmul import product
from .ops import binary

__all__ = ["ConvGeometry", "convolution"]

# tests force a kernel: {"kernel": "gemm" | "direct", "tiling": ConvTiling, "column": False, "rows": int
# (of a strip of the column kernel), "window": False, "phases": bool (transposed: by phases or the strided gather)}
_FORCE: dict = {}

DIRECT_BELOW = 16  # output channels a group below which the direct kernel runs
BIG_TILES = 264  # 128 x 128 tiles pay when there are this many (two per SM of an H100)
LIMIT = 2**31  # element indices are computed in 32 bits
PHASES_ABOVE = 2**30  # multiply-adds of a strided transposed convolution from which it runs by phases


@dataclass(frozen=True)
class ConvGeometry:
    """Per spatial dim (as many as the input has): stride, padding before the input (the
    transposed form: the padding that is cut from its output), dilation; the output's sizes."""

    transposed: bool
    groups: int
    stride: tuple
    padding: tuple
    dilation: tuple
    out_spatial: tuple


MAX_PLANS = 1024  # cached map plans per device (the cache starts over when full)
_map_plans = per_device(lambda device: {})


def _map(op: MapOp, out: BufferOperand, out_view: TensorView, operands: list, fresh: bool) -> None:
    """launch_map with its plan kept: a loop of convolutions of one shape (their weight copies,
    phases and bias) spends its host time on the dispatches, not on planning them again."""
    if math.prod(out_view.shape) == 0:
        return
    specs = tuple(("scalar", a.dtype) if isinstance(a, ScalarOperand) else
                  ("buffer", a.dtype, a.view.strides, a.view.offset % 4 == 0) for a in operands)
    key = (op, out_view.shape, out_view.strides, specs, fresh)
    plans = _map_plans(out.device)
    plan = plans.get(key)
    if plan is None:
        if len(plans) >= MAX_PLANS:
            plans.clear()
        plan = plans[key] = MapPlan(out.device, op, op.out_dtype, out_view.shape, out_view.strides, list(specs), fresh)
    plan.run(out.storage, out_view.offset, operands)


def _three(values: tuple, fill: int) -> tuple:
    return (fill,) * (3 - len(values)) + tuple(values)


def _as_3d(view: TensorView) -> TensorView:
    """A (N, C, *spatial) view with 3 spatial dims (leading ones of size 1)."""
    missing = 5 - view.ndim
    return TensorView(view.shape[:2] + (1,) * missing + view.shape[2:],
                      view.strides[:2] + (0,) * missing + view.strides[2:], view.offset)


@functools.lru_cache(maxsize=256)
def _weight_source(view: TensorView, groups: int, transposed: bool) -> TensorView:
    """The weight's view as (group, KD, KH, KW, channel of the group, output channel of the group)."""
    v = _as_3d(view)
    first, second = v.shape[:2]
    s0, s1, s2, s3, s4 = v.strides
    if transposed:  # (C, Og, kernel)
        cg, og = first // groups, second
        return TensorView((groups, *v.shape[2:], cg, og), (cg * s0, s2, s3, s4, s0, s1), v.offset)
    og, cg = first // groups, second  # (O, Cg, kernel)
    return TensorView((groups, *v.shape[2:], cg, og), (og * s0, s2, s3, s4, s1, s0), v.offset)


def _rearranged_weight(w: BufferOperand, groups: int, transposed: bool) -> BufferOperand:
    """w in _weight_source's order, contiguous."""
    source = _weight_source(w.view, groups, transposed)
    if source.is_contiguous and source.offset == 0:  # already so (depthwise: one channel in and out a group)
        return w.with_view(source)
    out = allocate(w.device, source.shape, w.dtype)
    _map(MapOp("copy", "a0", (w.dtype,), w.dtype), out, out.view, [w.with_view(source)], fresh=True)
    return out


def _tiling(dtype, og: int, tiles_of) -> ConvTiling:
    """tiles_of(cfg): the workgroups a tiling gives. Tiles of 128 positions fill an H100 when there
    are enough of them (N32 C64 128^2 O128 3x3 took 2.54 ms in 128 x 128 tiles, 3.07 in 64 x 64)."""
    if dtype == dt.float64:
        return F64_BIG if og >= 64 else F64_MID
    if og <= 32:
        return NARROW
    if og <= 64:
        return HALF if tiles_of(HALF) >= BIG_TILES else MID
    return BIG if og >= 96 and tiles_of(BIG) >= BIG_TILES else MID


def _column(geo: ConvGeometry, ksize: tuple, out_rows: int, forced: dict) -> bool:
    """Whether the direct convolution runs as the column kernel: a second-last axis of stride and
    dilation 1 and at least 2 output rows (1-D convolutions take the window kernel), a forward
    convolution, few enough taps a kernel plane for registers."""
    return (not geo.transposed and _three(geo.stride, 1)[1] == 1 and _three(geo.dilation, 1)[1] == 1
            and out_rows >= 2 and ksize[1] * ksize[2] <= MAX_COLUMN_TAPS and forced.get("column", True))


def _check_size(what: str, operand: BufferOperand) -> None:
    low, high = operand.view.span()
    if operand.storage.segments is not None or high >= LIMIT or low < 0:
        raise NotImplementedError(f"convolution: the {what} spans 2**31 elements or more "
                                  f"(indices are 32-bit); split the batch")


@functools.lru_cache(maxsize=256)
def _pointwise_views(x_view: TensorView, w_view: TensorView, geo: ConvGeometry, out_shape: tuple) -> tuple | None:
    """The operands' views of a 1x1 convolution as a product, W (group, output channel, channel) @
    x (image, group, channel, position), or None where it is none (a kernel wider than 1, padding,
    a transposed one that grows its input) or the input's positions do not lie one stride apart
    (a strided or padded view: the implicit GEMM takes those)."""
    if any(k != 1 for k in w_view.shape[2:]) or any(geo.padding):
        return None
    if geo.transposed and tuple(x_view.shape[2:]) != tuple(geo.out_spatial):  # a stride or output padding
        return None
    (n, c), groups, o = x_view.shape[:2], geo.groups, out_shape[1]
    cg, og = c // groups, o // groups
    s0, s1 = w_view.strides[:2]
    w_strides = (cg * s0, s1, s0) if geo.transposed else (og * s0, s0, s1)
    xs = x_view.strides
    spatial = TensorView((n, groups, cg, *geo.out_spatial),
                         (xs[0], cg * xs[1], xs[1], *(s * t for s, t in zip(geo.stride, xs[2:]))), x_view.offset)
    columns = spatial.reshape((n, groups, cg, math.prod(geo.out_spatial)))
    return None if columns is None else (TensorView((groups, og, cg), w_strides, w_view.offset), columns)


def _pointwise(x: BufferOperand, w: BufferOperand, bias: BufferOperand | None, geo: ConvGeometry,
               out_shape: tuple) -> BufferOperand | None:
    """A 1x1 convolution on the matmul engine (None where _pointwise_views finds none)."""
    views = _pointwise_views(x.view, w.view, geo, out_shape)
    if views is None:
        return None
    result = product(w.with_view(views[0]), x.with_view(views[1]))  # (image, group, channel of the group, position)
    if bias is None:
        return result.with_view(result.view.reshape(out_shape))
    n, o = out_shape[:2]
    rows = (n, o, math.prod(geo.out_spatial))
    flat = result.with_view(result.view.reshape(rows))
    out = allocate(x.device, out_shape, x.dtype)
    per_channel = bias.with_view(TensorView(rows, (0, bias.view.strides[0], 0), bias.view.offset))
    _map(MapOp("add", binary("add").wgsl(x.dtype), (x.dtype, x.dtype), x.dtype), out, TensorView.contiguous(rows),
         [flat, per_channel], fresh=True)
    return out


def convolution(x: BufferOperand, w: BufferOperand, bias: BufferOperand | None, geo: ConvGeometry) -> BufferOperand:
    device = x.device
    dtype = x.dtype
    n, c = x.shape[:2]
    groups = geo.groups
    o = w.shape[1] * groups if geo.transposed else w.shape[0]
    out_shape = (n, o, *geo.out_spatial)
    if math.prod(out_shape) == 0:
        return allocate(device, out_shape, dtype)
    if math.prod(out_shape) >= LIMIT:
        raise NotImplementedError("convolution: an output of 2**31 elements or more; split the batch")
    for what, operand in (("input", x), ("weight", w), ("bias", bias)):
        if operand is not None:
            _check_size(what, operand)
    if not _FORCE.get("kernel"):
        pointwise = _pointwise(x, w, bias, geo, out_shape)
        if pointwise is not None:
            return pointwise
    if geo.transposed and _phased(geo, math.prod(out_shape) * (c // groups) * math.prod(w.shape[2:])):
        return _by_phases(x, w, bias, geo, out_shape)
    out = allocate(device, out_shape, dtype)
    _convolve_into(out, x, _rearranged_weight(w, groups, geo.transposed), w.shape[2:], bias, geo)
    return out


def _phased(geo: ConvGeometry, terms: int) -> bool:
    """Whether a transposed convolution runs by phases: strided, not dilated, and big enough
    (`terms` multiply-adds in the strided gather) for the GPU time it saves to outweigh the host
    time of its s**dims times 3 dispatches (an H100 did 1.7e10 terms of the gather in 1.5 ms)."""
    eligible = any(s > 1 for s in geo.stride) and all(d == 1 for d in geo.dilation)
    return eligible and _FORCE.get("phases", terms >= PHASES_ABOVE)


@functools.lru_cache(maxsize=256)
def _phases(geo: ConvGeometry, w_view: TensorView, out_view: TensorView) -> tuple:
    """Per phase of a transposed convolution of stride s (dilation 1): the outputs' view and, where
    taps reach them, the view of those taps of the weight (reversed) and the forward geometry."""
    n, o = out_view.shape[:2]
    steps = []
    for phase in itertools.product(*(range(s) for s in geo.stride)):
        dims = list(zip(phase, geo.stride, geo.padding, w_view.shape[2:], geo.out_spatial))
        counts = tuple(-(-(size - ph) // s) for ph, s, _, _, size in dims)
        if min(counts) <= 0:
            continue
        target = TensorView((n, o, *counts), (*out_view.strides[:2], *(s * t for s, t in zip(
            geo.stride, out_view.strides[2:]))), sum(ph * t for ph, t in zip(phase, out_view.strides[2:])))
        first = [(ph + p) % s for ph, s, p, _, _ in dims]
        taps = tuple(max(0, -(-(k - r) // s)) for r, (_, s, _, k, _) in zip(first, dims))
        if 0 in taps:  # no tap reaches these outputs: the bias alone
            steps.append((target, None, None))
            continue
        ws = w_view.strides
        last_tap = sum((r + s * (j - 1)) * t for r, s, j, t in zip(first, geo.stride, taps, ws[2:]))
        sub = TensorView((*w_view.shape[:2], *taps), (*ws[:2], *(-s * t for s, t in zip(geo.stride, ws[2:]))),
                         w_view.offset + last_tap)
        padding = tuple(j - 1 - (ph + p) // s for j, (ph, s, p, _, _) in zip(taps, dims))
        steps.append((target, sub, ConvGeometry(False, geo.groups, (1,) * len(counts), padding, (1,) * len(counts),
                                                counts)))
    return tuple(steps)


def _by_phases(x: BufferOperand, w: BufferOperand, bias: BufferOperand | None, geo: ConvGeometry,
               out_shape: tuple) -> BufferOperand:
    """A transposed convolution of stride s > 1 (dilation 1), one phase at a time: the outputs at
    positions ph + s * i (per dim) take only the taps r + s * j, r = (ph + pad) % s, and are the
    forward convolution of the input with those taps in reverse order, padded by J - 1 - (ph + pad)
    // s (J taps): a product of 1/s of the terms the transposed gather would go through a dim."""
    dtype = x.dtype
    out = allocate(x.device, out_shape, dtype)
    copy = MapOp("copy", "a0", (dtype,), dtype)
    for target, sub, sub_geo in _phases(geo, w.view, out.view):
        if sub is None:
            source = ScalarOperand(0, dtype) if bias is None else bias.with_view(
                TensorView(target.shape, (0, bias.view.strides[0]) + (0,) * (target.ndim - 2), bias.view.offset))
            _map(copy, out, target, [source], fresh=False)
            continue
        part = allocate(x.device, target.shape, dtype)
        _convolve_into(part, x, _rearranged_weight(w.with_view(sub), geo.groups, True), sub.shape[2:], bias, sub_geo)
        _map(copy, out, target, [part], fresh=False)
    return out


def _convolve_into(out: BufferOperand, x: BufferOperand, wt: BufferOperand, kernel: tuple,
                   bias: BufferOperand | None, geo: ConvGeometry) -> None:
    """out (contiguous) = the convolution of x by the rearranged weight wt, in the kernel that fits."""
    key, source, params, items = _launch_plan(x.dtype, x.view, out.shape, tuple(kernel),
                                              None if bias is None else bias.view, geo, tuple(sorted(_FORCE.items())))
    storages = [out.storage, x.storage, wt.storage] + ([] if bias is None else [bias.storage])
    launch_kernel(x.device, key, source, storages, params, items)


@functools.lru_cache(maxsize=512)
def _launch_plan(dtype, x_view: TensorView, out_shape: tuple, kernel: tuple, bias_view: TensorView | None,
                 geo: ConvGeometry, force: tuple) -> tuple:
    """The kernel that fits (its key and source), its parameters and invocations."""
    n, o = out_shape[:2]
    c, groups = x_view.shape[1], geo.groups
    ksize = _three(kernel, 1)
    cg, og = c // groups, o // groups
    K = cg * math.prod(ksize)
    xv = _as_3d(x_view)
    od, oh, ow = _three(geo.out_spatial, 1)
    sp = od * oh * ow
    kstride = _three(geo.stride, 1) if geo.transposed else (1, 1, 1)
    words = dict(M=n * sp, O=o, Og=og, Cg=cg, K=K, SP=sp, OHW=oh * ow, OW=ow, x_off=xv.offset,
                 in_dims=xv.shape[2:], stride=_three(geo.stride, 1), pad=_three(geo.padding, 0),
                 dil=_three(geo.dilation, 1), xs=xv.strides, b_off=0 if bias_view is None else bias_view.offset,
                 b_stride=0 if bias_view is None else bias_view.strides[0])
    has_bias = bias_view is not None
    forced = dict(force)
    kernel = forced.get("kernel") or ("direct" if og < DIRECT_BELOW and cg <= MAX_LOOP else "gemm")
    if kernel == "direct" and _column(geo, ksize, oh, forced):
        rows = min(forced.get("rows", COLUMN_ROWS), oh)
        strips = -(-oh // rows)
        items = n * o * od * strips * ow
        return (("conv_column", dtype, ksize, has_bias, rows), functools.partial(column_source, dtype, ksize, has_bias,
                                                                                  rows),
                CONV.pack(**words, quads=strips, groups=items), items)
    if kernel == "direct":
        quads = -(-ow // VW)
        items = n * o * od * oh * quads
        window = (not geo.transposed and _three(geo.stride, 1)[2] == 1 and _three(geo.dilation, 1)[2] == 1
                  and ksize[2] <= MAX_WINDOW and forced.get("window", True))
        return (("conv_direct", dtype, ksize, kstride, geo.transposed, has_bias, window),
                functools.partial(direct_source, dtype, ksize, kstride, geo.transposed, has_bias, window),
                CONV.pack(**words, quads=quads, groups=items), items)
    cfg = forced.get("tiling") or _tiling(dtype, og, lambda t: groups * -(-n * sp // t.BM) * -(-og // t.BN))
    if -(-K // cfg.BK) > MAX_LOOP:
        raise NotImplementedError(f"convolution: {K} terms per output (channels x kernel taps) exceed "
                                  f"the kernel's loop limit of {MAX_LOOP * cfg.BK}")
    tiles_m, tiles_n = -(-n * sp // cfg.BM), -(-og // cfg.BN)
    tiles = groups * tiles_m * tiles_n
    return (("conv_gemm", cfg, dtype, ksize, kstride, geo.transposed, has_bias),
            functools.partial(gemm_source, cfg, dtype, ksize, kstride, geo.transposed, has_bias),
            CONV.pack(**words, tiles_m=tiles_m, tiles_n=tiles_n, groups=tiles), tiles * WORKGROUP)
