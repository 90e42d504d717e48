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
(size, stride) pairs. Arg-reductions (argmax, argmin) fold (value, index) pairs and keep
only indices between passes, re-reading values from the input.
"""

from __future__ import annotations

import builtins
import functools
import math
import struct
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.kernels import grid, kernel_cache, render
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.stream import stream_for
from .._core.view import TensorView
from .._core.wgsl import LIBRARIES, REG_TAG, cast, link, load_fn


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
_max, _min = builtins.max, builtins.min  # this module defines max and min


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
def offset_fn(var: str, word: int, ndims: int, strides: int | None = None) -> str:
    """The body of a function giving the offset of C-order index `var` over ndims dims whose
    (size, stride) pairs start at parameter `word` (or whose strides, when given, are the
    words from `strides` on). u32 arithmetic wraps, so negative strides work too."""
    if ndims == 0:
        return "return 0u;"

    def stride(d):
        return f"pw({word + 2 * d + 1 if strides is None else strides + d}u)"

    lines = [f"var rem = {var};", "var o = 0u;"]
    for d in reversed(range(1, ndims)):
        lines.append(f"o = o + (rem % pw({word + 2 * d}u)) * {stride(d)}; rem = rem / pw({word + 2 * d}u);")
    lines.append(f"o = o + rem * {stride(0)};")
    lines.append("return o;")
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


def _tree_loop(vec: bool, arg_partial: bool) -> str:
    if vec:
        # VEC_LOADS vec4 loads a step apart per iteration (coalesced: consecutive lanes read
        # consecutive vec4s), all issued before any is folded, then a vec4 at a time.
        n = VEC_LOADS
        loads = "\n".join(f"        let v{k} = in0[b4 + q + {k}u * step];" for k in range(n))
        folds = "\n".join(f"        a0 = comb(a0, elem(v{k}.x, 4u * p{k})); a1 = comb(a1, elem(v{k}.y, 4u * p{k} + 1u));\n"
                          f"        a2 = comb(a2, elem(v{k}.z, 4u * p{k} + 2u)); a3 = comb(a3, elem(v{k}.w, 4u * p{k} + 3u));"
                          for k in range(n))
        index = "\n".join(f"        let p{k} = q + {k}u * step;" for k in range(n))
        return f"""    let nq = R >> 2u;
    let b4 = base >> 2u;
    var q = part * ${{W}}u + lane;
    loop {{
        if (q + {n - 1}u * step >= nq) {{ break; }}
{loads}
{index}
{folds}
        q = q + {n}u * step;
    }}
    loop {{
        if (q >= nq) {{ break; }}
        let v = in0[b4 + q];
        a0 = comb(a0, elem(v.x, 4u * q)); a1 = comb(a1, elem(v.y, 4u * q + 1u));
        a2 = comb(a2, elem(v.z, 4u * q + 2u)); a3 = comb(a3, elem(v.w, 4u * q + 3u));
        q = q + step;
    }}
    let t = nq * 4u + part * ${{W}}u + lane;
    if (t < R) {{ a0 = comb(a0, elem(load0(base + t), t)); }}"""
    return """    var r = part * ${W}u + lane;
    loop {
        if (r + 3u * step >= R) { break; }
        a0 = comb(a0, fetch(base, row, r));
        a1 = comb(a1, fetch(base, row, r + step));
        a2 = comb(a2, fetch(base, row, r + 2u * step));
        a3 = comb(a3, fetch(base, row, r + 3u * step));
        r = r + 4u * step;
    }
    loop {
        if (r >= R) { break; }
        a0 = comb(a0, fetch(base, row, r));
        r = r + step;
    }"""


_TREE = """    sh[lid] = comb(comb(a0, a1), comb(a2, a3));
    workgroupBarrier();
    for (var s = ${W}u / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { sh[lid] = comb(sh[lid], sh[lid + s]); }
        workgroupBarrier();
    }"""
_SUBGROUP = """    let total = ${op}(comb(comb(a0, a1), comb(a2, a3)));
    if (sg_lane == 0u) { sh[sg_id] = total; }
    workgroupBarrier();
    if (lid == 0u) {
        var t = sh[0];
        for (var k = 1u; k < sg_count; k++) { t = comb(t, sh[k]); }
        sh[0] = t;
    }"""
_SG_BUILTINS = (",\n        @builtin(subgroup_invocation_id) sg_lane: u32, @builtin(subgroup_id) sg_id: u32,"
                "\n        @builtin(num_subgroups) sg_count: u32")


def _subgroup_op(fold: Fold, features) -> str | None:
    """The subgroup operation for fold's workgroup step: the one its row declares, where the
    adapter has subgroups."""
    if not SUBGROUPS or "subgroup" not in features:
        return None
    return fold.subgroup


def head_source(fold: Fold, src, kd: int, rd: int, features, *, vec: bool = False, partial: bool = False,
                extra: str = "", out_storage: str | None = None) -> str:
    """wgsl/reduce_head.wgsl for a fold over a source of dtype src with kd kept and rd reduced
    dims. partial: the input holds partials of an earlier pass (for arg folds: indices in
    binding 2, values re-read from the source in binding 3). extra: more binding lines."""
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
        fetch = (f"let i = in0[row * pw(1u) + r]; if (i == {NONE}u) {{ return init(); }} "
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
    return render("reduce_head", enables="", out_storage=out_storage, empty=empty, bindings="\n".join(bindings + [extra]),
                  library=LIBRARIES, loaders="\n".join(loaders), acc_decl=acc_decl, init=init,
                  combine=combine, src_reg=src_lay.register, elem=elem,
                  kept_off=offset_fn("row", 6, kd), red_off=offset_fn("r", 6 + 2 * kd, rd), fetch=fetch)


def _source(fold: Fold, src, mode: str, kd: int, rd: int, vec: bool, partial: bool, features) -> str:
    """The kernel of one reduction pass (see _fold); mode "tree<W>" or "cols"."""
    width = int(mode[4:]) if mode != "cols" else 0
    sg_op = _subgroup_op(fold, features) if width == WORKGROUP else None
    head = head_source(fold, src, kd, rd, features, vec=vec, partial=partial)
    setup = "    centre = centres[row];" if fold.centred and not partial else ""
    acc = "sh[lid]" if mode != "cols" else "acc"
    store = f"{acc}.i" if fold.arg else acc
    if mode != "cols":
        loop = "\n".join("    " + line for line in _tree_loop(vec, fold.arg is not None and partial).splitlines())
        group = _SUBGROUP.replace("${op}", sg_op) if sg_op else _TREE
        return link(render("reduce_tree", head=head, loop=loop.replace("${W}", str(width)), store=store,
                      store_empty="empty().i" if fold.arg else "empty()", W=width, per_group=WORKGROUP // width,
                      setup="    " + setup, fold_group=group.replace("${W}", str(width)),
                      sg_builtins=_SG_BUILTINS if sg_op else ""), features)
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
        groups = _max(1, _min(-(-R // ROW_ELEMS), -(-TARGET_GROUPS // rows)))
        width = WORKGROUP
        if groups == 1:
            lanes = -(-R // 4) if vec else R
            width = _min(WORKGROUP, _max(MIN_SEGMENT, 1 << _max(0, lanes - 1).bit_length()))
        return f"tree{width}", groups, 0
    if rows >= TARGET_THREADS // 4 or R <= MIN_CHUNK:
        return "cols", 1, _max(R, 1)
    chunk = _max(MIN_CHUNK, -(-R * rows // TARGET_THREADS))
    return "cols", -(-R // chunk), chunk


def _items(mode: str, units: int) -> int:
    """Invocations to dispatch: a tree segment per unit (output row or part of one)."""
    if mode == "cols":
        return units
    per_group = WORKGROUP // int(mode[4:])
    return -(-units // per_group) * WORKGROUP


def _vectorizable(src, offset: int, kdims, rdims) -> bool:
    lay = layout(src)
    return (lay.storage in ("f32", "i32", "u32") and not lay.packed and len(rdims) == 1 and rdims[0][1] == 1
            and offset % 4 == 0 and builtins.all(s % 4 == 0 for _, s in kdims))


class _Step:
    """One pass of a cached reduction plan: its kernel, grid and parameter words (packed once;
    a pass reading x repacks them when x's offset differs from the last call's)."""

    __slots__ = ("kernel", "groups", "words", "size", "reads_x", "params", "offset")

    def __init__(self, kernel, groups, words, size, reads_x):
        self.kernel, self.groups, self.words, self.size, self.reads_x = kernel, groups, words, size, reads_x
        self.offset = words[4]
        self.params = struct.pack(f"<{len(words)}I", *(w & 0xFFFFFFFF for w in words))

    def params_for(self, offset: int) -> bytes:
        if self.reads_x and offset != self.offset:
            words = list(self.words)
            words[4] = offset
            self.params, self.offset = struct.pack(f"<{len(words)}I", *(w & 0xFFFFFFFF for w in words)), offset
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
        words = [rows, R, groups, chunk, offset, 0] + [v for d in kdims + rdims for v in d]
        reads_x = not partial or arg_partial
        steps.append(_Step(kernel, grid(_items(mode, rows * groups)), words, rows * groups, reads_x))
        if groups == 1:
            return steps
        partial = True
        if fold.arg is None:
            src, offset = fold.acc, 0
            kdims, rdims = [(rows, groups)], [(groups, 1)]
        R = groups


_plans: dict = {}


def fold(fold: Fold, x: BufferOperand, axes: tuple, centres: BufferOperand | None = None) -> BufferOperand:
    """x folded over axes (sorted, normalized): an operand of the kept dims, of fold.acc (of
    uint32 indices into the C-order flattened reduced dims for arg folds). centres: for
    centred folds, one value per output (contiguous, in_dtype)."""
    device = x.device
    view = x.view
    key = (fold, x.dtype, view.shape, view.strides, view.offset % 4, axes, device)
    plan = _plans.get(key)
    if plan is None:
        kept = TensorView.contiguous(n for a, n in enumerate(view.shape) if a not in axes)
        plan = _plans[key] = (None if 0 in kept.shape else _plan_passes(fold, x, axes), kept)
    steps, kept = plan
    out_dtype = dt.uint32 if fold.arg else fold.acc
    if steps is None:
        return allocate(device, kept.shape, out_dtype)
    pool, stream = pool_for(device), stream_for(device)
    previous = None
    for step in steps:
        out = pool.allocate(_max(step.size * out_dtype.itemsize, 4))
        if previous is None:
            storages = [out, x.storage] if centres is None else [out, x.storage, centres.storage]
        elif fold.arg:
            storages = [out, previous, x.storage]
        else:
            storages = [out, previous]
        stream.dispatch(step.kernel, storages, step.params_for(view.offset), step.groups)
        previous = out
    return BufferOperand(previous, kept, out_dtype)
