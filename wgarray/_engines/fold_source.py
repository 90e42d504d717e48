"""The fold engine's kernel sources: what a Fold is, and the WGSL of its passes (tree and
column passes, per-output heads shared with the scan and ordered-fold engines). fold.py
plans and launches the passes."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.dtypes import layout
from .._core.kernels import render
from .._core.params import ParamLayout
from .._core.wgsl import LIBRARIES, REG_TAG, cast, link, load_fn

WORKGROUP = 256
# vec4 loads per invocation and loop iteration. On an H100 a sum of 2^26 float32 runs at about
# 3 TB/s of GPU time alike with 2, 4 or 8 loads and 512..4096 workgroups.
VEC_LOADS = 4
SUBGROUPS = True  # fold workgroups with subgroup operations where the adapter and fold allow
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
