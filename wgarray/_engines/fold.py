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
values from the input.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._core.dtypes import layout
from .._core.kernels import MAX_LOOP, grid, kernel_cache, render
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.segments import pieces
from .._core.stream import stream_for
from .._core.view import TensorView
from .._core.wgsl import LIBRARIES, REG_TAG, cast, link, load_fn
from .map import MapOp, launch_map


WORKGROUP = 256
ROW_ELEMS = 4096  # elements a tree workgroup folds before another one joins its row
TARGET_GROUPS = 1024  # workgroups a tree pass aims for: about one wave on the largest GPUs
# vec4 loads per invocation and loop iteration. On an H100 a sum of 2^26 float32 runs at about
# 3 TB/s of GPU time alike with 2, 4 or 8 loads and 512..4096 workgroups.
VEC_LOADS = 4
SUBGROUPS = True  # fold workgroups with subgroup operations where the adapter and fold allow
TARGET_THREADS = 131072  # invocations a column pass aims for (enough loads in flight on big GPUs)
MIN_CHUNK = 64  # shortest row piece a column invocation folds
TREE_MIN_ROW = 64  # shorter contiguous rows fold one per invocation
MIN_SEGMENT = 32  # narrowest tree segment (a warp on NVIDIA)
NONE = 0xFFFFFFFF  # "no index yet" in arg-reductions


@dataclass(frozen=True)
class Fold:
    """A reduction (made from a row of the elementwise table by folds.py). Each element is cast
    to in_dtype (bound to `x`), turned into an accumulator of acc by `prep`, and accumulators
    fold by `combine` (a WGSL function body over a and b) from `init`. With arg ("max" or
    "min") it folds (value, index) pairs of the acc dtype instead and yields the index of the
    first extreme element (NaN wins)."""

    name: str
    acc: np.dtype
    init: str
    combine: str
    prep: str = "x"
    in_dtype: np.dtype | None = None  # None: acc
    arg: str | None = None
    empty: str | None = None  # the result of folding nothing, where init is not (-0.0 for sums)
    centred: bool = False  # prep may use `centre`, a per-output value of in_dtype (binding 3)
    subgroup: str | None = None  # the WGSL subgroup operation computing combine, if any

    def __hash__(self):  # kernel and plan caches hash folds on every call
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((self.name, self.acc, self.init, self.combine, self.prep, self.in_dtype, self.arg, self.empty,
                      self.centred, self.subgroup))
            object.__setattr__(self, "_hash", h)
        return h


def reg(dtype) -> str:
    return layout(dtype).register


def literal(value, dtype) -> str:
    """A WGSL constant of dtype's register type, by its bits (no parsing pitfalls for extremes)."""
    r = reg(dtype)
    if r == "bool":
        return "true" if value else "false"
    if r.startswith("vec2"):
        part = np.dtype(np.float32 if r == "vec2<f32>" else np.float64)
        return f"{r}({literal(complex(value).real, part)}, {literal(complex(value).imag, part)})"
    # astype wraps: bitwise_and's identity -1 is all ones in unsigned dtypes
    bits = int(np.array(value).astype(np.dtype(dtype)).reshape(1).view(f"u{np.dtype(dtype).itemsize}")[0])
    if r in ("i32", "u32", "f32"):
        return f"bitcast<{r}>({bits}u)"
    return f"bitcast<{r}>({bits}lu)"


def truthy(expr: str, dtype) -> str:
    """Whether a register value of dtype is nonzero; NaN counts as true, as in NumPy."""
    kind, r = dt.kind(dtype), reg(dtype)
    if kind == "bool":
        return expr
    if kind == "float":
        return f"nz_{REG_TAG[r]}({expr})"
    if kind == "complex":
        return f"cnz_{REG_TAG[r]}({expr})"
    return f"({expr} != {r}(0))"


# -- kernel source ------------------------------------------------------------------------------
def dims_fields(name: str, ndims: int) -> list:
    """The ParamLayout field of ndims (size, stride) pairs (an empty one for no dims)."""
    return [(name, "u32", 2 * ndims)]


@functools.lru_cache(maxsize=None)
def fold_params(kd: int, rd: int) -> ParamLayout:
    """A pass's parameters: `rows` outputs, `length` elements folded per output in this pass,
    `partials` per output it writes, the `chunk` a column invocation folds, the input `offset`,
    `zero` (always 0), and the (size, stride) pairs of the kept and folded dims."""
    return ParamLayout("rows", "length", "partials", "chunk", "offset", "zero",
                       *dims_fields("kept", kd), *dims_fields("folded", rd))


def offset_fn(var: str, dims: str, ndims: int, strides: str | None = None, base: str | None = None) -> str:
    """The body of a function giving the offset of C-order index `var` over ndims dims whose
    (size, stride) pairs are parameter field `dims` (or whose strides, when given, are field
    `strides`), plus `base` if given. u32 arithmetic wraps, so negative strides work too."""
    if ndims == 0:
        return f"return {base or '0u'};"

    def size(d):
        return f"p_{dims}({2 * d}u)"

    def stride(d):
        return f"p_{dims}({2 * d + 1}u)" if strides is None else f"p_{strides}({d}u)"

    lines = [f"var rem = {var};", "var o = 0u;"]
    for d in reversed(range(1, ndims)):
        lines.append(f"o = o + (rem % {size(d)}) * {stride(d)}; rem = rem / {size(d)};")
    lines.append(f"o = o + rem * {stride(0)};")
    lines.append(f"return {base} + o;" if base else "return o;")
    return "\n    ".join(lines)


def _better(fold: Fold) -> str:
    """fn better(x, y): x strictly beats y (argmax: greater; argmin: smaller; NaN beats numbers)."""
    r = reg(fold.acc)
    op = ">" if fold.arg == "max" else "<"
    kind = dt.kind(fold.acc)
    if kind == "float":
        t = REG_TAG[r]
        body = f"if (isnan_{t}(y)) {{ return false; }} if (isnan_{t}(x)) {{ return true; }} return x {op} y;"
    elif kind == "complex":
        t = REG_TAG[r]
        body = (f"if (cisnan_{t}(y)) {{ return false; }} if (cisnan_{t}(x)) {{ return true; }} "
                f"return x.x {op} y.x || (x.x == y.x && x.y {op} y.y);")
    else:
        body = f"return x {op} y;"
    return f"fn better(x: {r}, y: {r}) -> bool {{ {body} }}"


def _tree_loop(vec: bool, width: int) -> str:
    """The loop of a tree segment's lane over its row (wgsl/reduce_loop*.wgsl)."""
    if not vec:
        return render("reduce_loop", W=width)
    n = VEC_LOADS

    def fold_vec4(v, q):
        return render("reduce_fold_vec4", v=v, q=q).rstrip("\n")

    issue = "\n".join([f"        let v{k} = in0[b4 + q + {k}u * step];" for k in range(n)]
                      + [f"        let p{k} = q + {k}u * step;" for k in range(n)])
    return render("reduce_loop_vec4", W=width, loads=n, last=n - 1, issue=issue,
                  fold_loaded="\n".join(fold_vec4(f"v{k}", f"p{k}") for k in range(n)), fold_one=fold_vec4("v", "q"))


def _subgroup_op(fold: Fold, features) -> str | None:
    """The subgroup operation for fold's workgroup step: the one its row declares, where the
    adapter has subgroups."""
    if not SUBGROUPS or "subgroup" not in features:
        return None
    return fold.subgroup


def head_source(fold: Fold, src, params: ParamLayout, kd: int, rd: int, features, *, vec: bool = False,
                partial: bool = False, extra: str = "", out_storage: str | None = None) -> str:
    """wgsl/reduce_head.wgsl for a fold over a source of dtype src with kd kept and rd folded
    dims, reading parameters `params` (fields as in fold_params, maybe more). partial: the
    input holds partials of an earlier pass (for arg folds: indices in binding 2, values
    re-read from the source in binding 3). extra: more binding lines."""
    src_lay = layout(src)
    arg = fold.arg is not None
    in_dtype = fold.in_dtype or fold.acc
    acc_r = reg(fold.acc)
    if vec:
        bindings = [f"@group(0) @binding(2) var<storage, read> in0: array<vec4<{src_lay.storage}>>;"]
        loaders = [f"fn load0(idx: u32) -> {src_lay.storage} {{ return in0[idx >> 2u][idx & 3u]; }}"]
    elif arg and partial:
        bindings = ["@group(0) @binding(2) var<storage, read> in0: array<u32>;",
                    f"@group(0) @binding(3) var<storage, read> in1: array<{src_lay.storage}>;"]
        loaders = [load_fn(1, src)]
    else:
        bindings = [f"@group(0) @binding(2) var<storage, read> in0: array<{src_lay.storage}>;"]
        loaders = [load_fn(0, src)]
    x = cast("v", src, in_dtype)
    if arg:
        acc_decl = f"struct A {{ v: {acc_r}, i: u32, }}\n{_better(fold)}"
        init = f"A({fold.init}, {NONE}u)"
        combine = (f"if (b.i == {NONE}u) {{ return a; }} if (a.i == {NONE}u) {{ return b; }} "
                   "if (better(b.v, a.v) || (!better(a.v, b.v) && b.i < a.i)) { return b; } return a;")
        elem = f"let x = {x}; return A({fold.prep}, r);"
    else:
        acc_decl = f"alias A = {acc_r};"
        init, combine = fold.init, fold.combine
        elem = "return v;" if partial else f"let x = {x}; return {fold.prep};"
    if arg and partial:
        fetch = (f"let i = in0[row * p_length() + r]; if (i == {NONE}u) {{ return init(); }} "
                 "return elem(load1(base + red_off(i)), i);")
    else:
        fetch = "return elem(load0(base + red_off(r)), r);"
    if fold.centred and not partial:
        in_lay = layout(in_dtype)
        bindings.append(f"@group(0) @binding(3) var<storage, read> centres: array<{in_lay.storage}>;")
        bindings.append(f"var<private> centre: {in_lay.register};")
    if out_storage is None:
        out_storage = "u32" if arg else layout(fold.acc).storage
    empty = init if fold.empty is None or arg else fold.empty
    return render("reduce_head", enables="", params=params.wgsl(), out_storage=out_storage, empty=empty,
                  bindings="\n".join(bindings + [extra]), library=LIBRARIES, loaders="\n".join(loaders),
                  acc_decl=acc_decl, init=init, combine=combine, src_reg=src_lay.register, elem=elem,
                  kept_off=offset_fn("row", "kept", kd), red_off=offset_fn("r", "folded", rd), fetch=fetch)


def _source(fold: Fold, src, mode: str, kd: int, rd: int, vec: bool, partial: bool, features) -> str:
    """The kernel of one reduction pass (see fold); mode "tree<W>" or "cols"."""
    width = int(mode[4:]) if mode != "cols" else 0
    sg_op = _subgroup_op(fold, features) if width == WORKGROUP else None
    head = head_source(fold, src, fold_params(kd, rd), kd, rd, features, vec=vec, partial=partial)
    setup = "    centre = centres[row];" if fold.centred and not partial else ""
    acc = "sh[lid]" if mode != "cols" else "acc"
    store = f"{acc}.i" if fold.arg else acc
    if mode != "cols":
        loop = "\n".join("    " + line for line in _tree_loop(vec, width).splitlines())
        group = render("reduce_group_subgroup", op=sg_op) if sg_op else render("reduce_group_tree", W=width)
        return link(render("reduce_tree", head=head, loop=loop, store=store,
                           store_empty="empty().i" if fold.arg else "empty()", W=width, per_group=WORKGROUP // width,
                           setup="    " + setup, fold_group=group,
                           subgroup_ids=render("reduce_subgroup_ids") if sg_op else ""), features)
    return link(render("reduce_cols", head=head, store=store, setup=setup), features)


# -- planning and running -------------------------------------------------------------------------
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
            raise MemoryError(f"{reduction.name} over {math.prod(box[a] for a in axes)} elements per result "
                              f"that span several buffers of a storage is not supported yet")
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
