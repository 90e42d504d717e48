"""Reductions on the GPU: statistical (sum, prod, max, min, mean, var, std) and utility (all, any).

Every reduction is a Fold (an identity, an associative and commutative combine, and how an
element becomes an accumulator; folds.py derives them from the elementwise table's rows) run
by `fold` in passes:
- tree passes (wgsl/reduce_tree.wgsl) when the reduced elements of an output are contiguous:
  a segment of 32..256 invocations (or G workgroups, for long rows) folds an output row,
  consecutive invocations reading consecutive elements (vec4 loads for 32-bit data, several
  issued at once), then each segment folds its partials in workgroup memory (with subgroup
  operations where the adapter has them);
- column passes (wgsl/reduce_cols.wgsl) otherwise: one invocation per output (and chunk of
  its row), so that neighbouring invocations read neighbouring outputs' elements.
A pass writes G partials per output; the next pass folds those, until G is 1. Strided views
are read in place: the kernel gets the kept and reduced dims (merged where possible) as
(size, stride) pairs, among parameters declared by name (fold_params). Arg-reductions
(argmax, argmin) fold (value, index) pairs and keep only indices between passes, re-reading
values from the input. The kernel sources are in fold_source.py.
"""

from __future__ import annotations

import dataclasses
import math

from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._core.dtypes import layout
from .._core.kernels import MAX_LOOP, grid, kernel_cache
from .._core.memory import pool_for
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.params import ParamLayout
from .._core.segments import pieces
from .._core.stream import stream_for
from .._core.view import TensorView
from .fold_source import WORKGROUP, Fold, _source, fold_params
from .gather import IndexOperand, gather
from .map import MapOp, launch_map

ROW_ELEMS = 4096  # elements a tree workgroup folds before another one joins its row
TARGET_GROUPS = 1024  # workgroups a tree pass aims for: about one wave on the largest GPUs
TARGET_THREADS = 131072  # invocations a column pass aims for (enough loads in flight on big GPUs)
MIN_CHUNK = 64  # shortest row piece a column invocation folds
TREE_MIN_ROW = 64  # shorter contiguous rows fold one per invocation
MIN_SEGMENT = 32  # narrowest tree segment (a warp on NVIDIA)


def _merge(dims) -> list:
    """(size, stride) pairs, outermost first: size-1 dims dropped, a dim merged into the one
    before it when that one steps exactly over it (C order of the elements is kept)."""
    out: list = []
    for n, s in dims:
        if n == 1:
            continue
        if out and out[-1][1] == s * n:
            out[-1] = (out[-1][0] * n, s)
        else:
            out.append((n, s))
    return out


def _plan(rows: int, R: int, rdims, vec: bool) -> tuple:
    """(mode, G partials per output, chunk length) for one pass. Tree segments are as wide
    as a row's elements (or vec4s) need, so short rows share a workgroup."""
    unit = bool(rdims) and rdims[-1][1] == 1
    if rows == 1 or (unit and R >= TREE_MIN_ROW):
        groups = max(1, min(-(-R // ROW_ELEMS), -(-TARGET_GROUPS // rows)), -(-R // (4 * WORKGROUP * MAX_LOOP)))
        width = WORKGROUP
        if groups == 1:
            lanes = -(-R // 4) if vec else R
            width = min(WORKGROUP, max(MIN_SEGMENT, 1 << max(0, lanes - 1).bit_length()))
        return f"tree{width}", groups, 0
    if rows >= TARGET_THREADS // 4 or R <= MIN_CHUNK:
        chunk = max(R, 1)
    else:
        chunk = max(MIN_CHUNK, -(-R * rows // TARGET_THREADS))
    chunk = min(chunk, MAX_LOOP)
    return "cols", max(1, -(-R // chunk)), chunk


def _items(mode: str, units: int) -> int:
    """Invocations to dispatch: a tree segment per unit (output row or part of one)."""
    if mode == "cols":
        return units
    per_group = WORKGROUP // int(mode[4:])
    return -(-units // per_group) * WORKGROUP


def _vectorizable(src, offset: int, kdims, rdims) -> bool:
    lay = layout(src)
    return (lay.storage in ("f32", "i32", "u32") and not lay.packed and len(rdims) == 1 and rdims[0][1] == 1
            and offset % 4 == 0 and all(s % 4 == 0 for _, s in kdims))


class _Step:
    """One pass of a cached reduction plan: its kernel, grid and parameters (packed once; a
    pass reading x repacks them when x's offset differs from the last call's)."""

    __slots__ = ("kernel", "groups", "size", "reads_x", "params", "offset", "values", "slot", "packer")

    def __init__(self, kernel, groups, param_layout: ParamLayout, fields: dict, size: int, reads_x: bool):
        self.kernel, self.groups, self.size, self.reads_x = kernel, groups, size, reads_x
        self.params = param_layout.pack(**fields)
        self.values = list(param_layout.struct.unpack(self.params))  # what the packer takes, words wrapped
        self.slot, self.packer, self.offset = param_layout.slot("offset"), param_layout.struct, fields["offset"]

    def params_for(self, offset: int) -> bytes:
        if self.reads_x and offset != self.offset:
            self.values[self.slot] = offset
            self.params, self.offset = self.packer.pack(*self.values), offset
        return self.params


def _plan_passes(fold: Fold, x: BufferOperand, axes: tuple) -> list:
    """The passes folding x over axes; they depend on dtypes, shape, strides and offset % 4 only."""
    device = x.device
    view = x.view
    rows = math.prod(n for a, n in enumerate(view.shape) if a not in axes)
    R = math.prod(view.shape[a] for a in axes)
    kdims = _merge((view.shape[a], view.strides[a]) for a in range(view.ndim) if a not in axes)
    rdims = [(view.shape[a], view.strides[a]) for a in axes]
    if fold.arg is None:  # order is free: walk the reduced elements by decreasing stride
        rdims.sort(key=lambda d: -abs(d[1]))
    rdims = _merge(rdims) if R else []
    src, offset, partial, steps = x.dtype, view.offset, False, []
    cache = kernel_cache(device)
    while True:
        arg_partial = partial and fold.arg is not None
        vec = not arg_partial and _vectorizable(src, offset, kdims, rdims)
        mode, groups, chunk = _plan(rows, R, [(R, 1)] if arg_partial else rdims, vec)
        vec = vec and mode != "cols"
        key = ("reduce", fold, src, mode, len(kdims), len(rdims), vec, partial)
        signature = ("rw", "r", "r") if arg_partial or (fold.centred and not partial) else ("rw", "r")
        kernel = cache.get(key, signature,
                           lambda: _source(fold, src, mode, len(kdims), len(rdims), vec, partial, device.features))
        fields = dict(rows=rows, length=R, partials=groups, chunk=chunk, offset=offset, zero=0,
                      kept=[v for d in kdims for v in d], folded=[v for d in rdims for v in d])
        reads_x = not partial or arg_partial
        steps.append(_Step(kernel, grid(_items(mode, rows * groups)), fold_params(len(kdims), len(rdims)), fields,
                           rows * groups, reads_x))
        if groups == 1:
            return steps
        partial = True
        if fold.arg is None:
            src, offset = fold.acc, 0
            kdims, rdims = [(rows, groups)], [(groups, 1)]
        R = groups


_plans = plan_cache()


def fold(reduction: Fold, x: BufferOperand, axes: tuple, centres: BufferOperand | None = None) -> BufferOperand:
    """x folded over axes (sorted, normalized): an operand of the kept dims, of reduction.acc (of
    uint32 indices into the C-order flattened reduced dims for arg folds). centres: for
    centred folds, one value per output (contiguous, in_dtype)."""
    device = x.device
    view = x.view
    if x.storage.segments is not None:
        return _fold_by_segments(reduction, x, axes, centres)
    key = (reduction, x.dtype, view.shape, view.strides, view.offset % 4, axes, device)
    plan = _plans.get(key)
    if plan is None:
        kept = TensorView.contiguous(n for a, n in enumerate(view.shape) if a not in axes)
        if 0 in kept.shape:
            plan = (None, kept)
        elif math.prod(view.shape[a] for a in axes) >= MAX_FOLD:
            plan = (SPLIT, kept)
        else:
            plan = (_plan_passes(reduction, x, axes), kept)
        _plans[key] = plan
    steps, kept = plan
    out_dtype = dt.uint32 if reduction.arg else reduction.acc
    if steps is None:
        return allocate(device, kept.shape, out_dtype)
    if steps is SPLIT:
        return _fold_in_pieces(reduction, x, axes, centres)
    pool, stream = pool_for(device), stream_for(device)
    previous = None
    for step in steps:
        out = pool.allocate(max(step.size * out_dtype.itemsize, 4))
        if previous is None:
            storages = [out, x.storage] if centres is None else [out, x.storage, centres.storage]
        elif reduction.arg:
            storages = [out, previous, x.storage]
        else:
            storages = [out, previous]
        stream.dispatch(step.kernel, storages, step.params_for(view.offset), step.groups)
        previous = out
    return BufferOperand(previous, kept, out_dtype)


# A kernel indexes the elements it folds per output in u32: 2^31 or more are folded in pieces,
# whose results are folded in turn (every fold but the arg-extremes may regroup).
MAX_FOLD = 1 << 31
SPLIT = "split"


def _fold_in_pieces(reduction: Fold, x: BufferOperand, axes: tuple, centres) -> BufferOperand:
    view = x.view
    count = math.prod(view.shape[a] for a in axes)
    if reduction.arg:
        raise ValueError(f"{reduction.name} over {count} elements per result: wgarray's indices reach 2^32 "
                         f"elements per reduction")
    longest = max(axes, key=lambda a: view.shape[a])
    n = view.shape[longest]
    piece = max(1, (MAX_FOLD - 1) // (count // n))  # of the longest axis; the rest splits further if need be
    parts = []
    for start in range(0, n, piece):
        shape = list(view.shape)
        shape[longest] = min(piece, n - start)
        sub = TensorView(tuple(shape), view.strides, view.offset + start * view.strides[longest])
        parts.append(fold(reduction, x.with_view(sub), axes, centres))
    return _combine(reduction, parts)


def _combine(reduction: Fold, parts: list) -> BufferOperand:
    """Fold the partial results of one reduction (operands of the same kept shape) together."""
    kept = parts[0].view
    stacked = allocate(parts[0].device, (len(parts), *kept.shape), reduction.acc)
    copy = MapOp("copy", "a0", (reduction.acc,), reduction.acc)
    for k, part in enumerate(parts):
        target = TensorView(kept.shape, kept.strides, k * kept.size)
        launch_map(part.device, copy, stacked.storage, target, reduction.acc, [part], fresh=False)
    partials = dataclasses.replace(reduction, prep="x", in_dtype=reduction.acc, centred=False)
    return fold(partials, stacked, (0,))


def _fold_by_segments(reduction: Fold, x: BufferOperand, axes: tuple, centres) -> BufferOperand:
    """x on a storage of several buffers: folded a box of outputs at a time, each box's elements
    folded a segment at a time when they straddle segments (then its partials fold together)."""
    view = x.view
    kept_dims = [d for d in range(view.ndim) if d not in axes]
    boxes = list(pieces(view.shape, [x], kept_dims))
    results = []
    for starts, box, (part,), fits in boxes:
        kept_starts = [starts[d] for d in kept_dims]
        part_centres = None if centres is None else _copy(_region(centres, kept_starts,
                                                                         [box[d] for d in kept_dims]))
        if fits:
            results.append(fold(reduction, part, axes, part_centres))
            continue
        if reduction.arg:
            results.append(_arg_by_runs(reduction, part, axes, box))
            continue
        partials = [fold(reduction, p, axes, part_centres) for _, _, (p,), _ in pieces(box, [part], axes)]
        results.append(_combine(reduction, partials))
    if len(results) == 1:
        return results[0]
    kept_shape = tuple(view.shape[d] for d in kept_dims)
    out = allocate(x.device, kept_shape, results[0].dtype)
    copy = MapOp("copy", "a0", (out.dtype,), out.dtype)
    for (starts, box, _, _), result in zip(boxes, results):
        target = _region(out, [starts[d] for d in kept_dims], [box[d] for d in kept_dims])
        launch_map(x.device, copy, target.storage, target.view, out.dtype, [result], fresh=False)
    return out


def _region(operand: BufferOperand, starts, shape) -> BufferOperand:
    view = operand.view
    offset = view.offset + sum(s * st for s, st in zip(starts, view.strides))
    return operand.with_view(TensorView(tuple(shape), view.strides, offset))


def _copy(operand: BufferOperand) -> BufferOperand:
    """A contiguous copy starting at element 0 (what a fold reads its centres from)."""
    out = allocate(operand.device, operand.shape, operand.dtype)
    launch_map(out.device, MapOp("copy", "a0", (out.dtype,), out.dtype), out.storage, out.view, out.dtype,
               [operand], fresh=True)
    return out


def _arg_by_runs(reduction: Fold, x: BufferOperand, axes: tuple, box) -> BufferOperand:
    """argmax/argmin of the one output of x (its kept dims all 1) whose elements straddle
    segments, along one axis: each run of the axis that lies in one segment gives its winner's
    value and index; the first winner among the runs' values (they come in index order) is the
    first winner of all."""
    kept_shape = tuple(n for a, n in enumerate(box) if a not in axes)
    if len(axes) != 1:  # a contiguous copy merges the reduced axes (in C order) into one
        n = math.prod(box)
        flat = _copy(x).with_view(TensorView((n,), (1,), 0))
        return _arg_by_runs(reduction, flat, (0,), (n,)).with_view(TensorView.contiguous(kept_shape))
    axis, device = axes[0], x.device
    runs = list(pieces(box, [x], axes))
    values = allocate(device, (len(runs),), x.dtype)
    winners = allocate(device, (len(runs),), dt.uint32)
    for k, (starts, sub, (run,), _) in enumerate(runs):
        local = fold(reduction, run, axes).with_view(TensorView((), (), 0))
        index = IndexOperand(local, sub[axis], run.view.strides[axis], "clip")
        _copy_into(values, k, gather(run, (), run.view.offset, (), [index]))
        launch_map(device, MapOp("run_winner", "a0 + a1", (dt.uint32, dt.uint32), dt.uint32), winners.storage,
                   TensorView((), (), k), dt.uint32, [local, ScalarOperand(starts[axis], dt.uint32)], fresh=False)
    best_run = fold(reduction, values, (0,)).with_view(TensorView((), (), 0))
    best = gather(winners, (), 0, (), [IndexOperand(best_run, len(runs), 1, "clip")])
    return best.with_view(TensorView.contiguous(kept_shape))


def _copy_into(target: BufferOperand, at: int, value: BufferOperand) -> None:
    launch_map(target.device, MapOp("copy", "a0", (target.dtype,), target.dtype), target.storage,
               TensorView((), (), at), target.dtype, [value], fresh=False)
