"""The advanced-indexing kernel (wgsl/gather.wgsl): gather, scatter and address folding.

gather/scatter walk an index-result shape; each item's address in x is
    offset + sum_d c[d] * strides[d] + sum_k pos_k(idx_k at c) * xstride_k
where c are the item's coordinates, idx_k are index arrays (views broadcast to the shape)
and pos_k maps an index to a position on its axis of size n_k:
  "wrap"  NumPy's rule: a negative index counts from the end,
  "clip"  clamped into [0, n) (np.take mode="clip"),
  "mod"   taken modulo n (np.take mode="wrap"),
  "raw"   an element offset computed earlier (no checks; see fold_indices).
Out-of-bounds indices cannot be detected without a host sync, so the kernels never touch
memory outside the array instead: gather clamps the position into the axis (reads a valid
element), scatter drops the write. The callers check host-side indices exactly, as NumPy.

Addresses are 32-bit arithmetic, exact while x's buffers hold fewer than 2^32 elements. A
`wide` kernel (x of 2^32 elements or more; see gather_pieces.needs_wide) computes them in
64-bit integers instead: x's offset and strides, the axis lengths and x's strides along them
are i64 parameters, positions are i64, and a windowed item proceeds only when its address
lies in the bound window (then a u32 element of that buffer).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.wgsl import BITS, cast, load_fn, to_bits, with_libraries
from .._core.kernels import PARAM_WINDOW, WORKGROUP
from .._core.operands import BufferOperand, allocate
from .._core.launch import launch_kernel
from .._core.params import ZERO, ParamLayout
from .._core.view import coalesce, contiguous_strides

MAX_INDEX_BUFFERS = 6  # index arrays bound directly by one kernel; more are folded first


@dataclass(frozen=True)
class Index:
    """An index operand as a kernel sees it; n_k and xstride_k travel in the parameters."""

    dtype: np.dtype
    mode: str = "wrap"


@dataclass(frozen=True)
class IndexOperand:
    operand: BufferOperand  # the index array's view, broadcast to the launch shape
    n: int  # size of the indexed axis
    xstride: int  # stride of that axis in x, in elements
    mode: str = "wrap"


@dataclass(frozen=True)
class Spec:
    kind: str  # "gather", "scatter" or "address"
    dtype: np.dtype  # x's dtype (int32 for "address")
    ndim: int
    indices: tuple
    value: tuple | None = None  # scatter: ("buffer" | "param", dtype)
    predicate: bool = False  # scatter: write only where a bool operand is true
    # Past one binding (gather_pieces.py): x is one segment, a window of its elements; items
    # whose address falls outside it do nothing. A windowed gather writes a strided view of
    # `out_dtype` (32 bits or more: a packed x is gathered widened, then narrowed by a map).
    windowed: bool = False
    out_dtype: np.dtype | None = None
    wide: bool = False  # 64-bit addresses (x of 2^32 elements or more); needs shader-int64


def _position(k: int, buf: int, index: Index, address: str, wide: bool = False) -> list[str]:
    """WGSL defining p{k} (i32, or i64 when wide), the position on the axis; clears `ok` for
    invalid indices."""
    reg = dt.layout(index.dtype).register
    value = f"load{buf}({address})"
    if index.mode == "raw":
        return [f"let p{k} = {cast(value, index.dtype, dt.int64 if wide else dt.int32)};"]
    n = f"p_index{k}_len()"
    unsigned = reg in ("u32", "u64")
    if wide:  # everything in 64 bits; the axis length is an i64 field
        work = dt.uint64 if unsigned else dt.int64
        value, reg = cast(value, index.dtype, work), dt.layout(work).register
        n_expr = f"bitcast<u64>({n})" if unsigned else n
        position = "bitcast<i64>({})" if unsigned else "{}"
    else:
        # (i64 through u64: naga's i64(u32) sign-extends)
        n_expr = {"u32": n, "u64": f"u64({n})", "i32": f"i32({n})", "i64": f"i64(u64({n}))"}[reg]
        position = "i32({})"
    lit = {"u32": "u", "u64": "lu", "i32": "i", "i64": "li"}[reg]
    lines = [f"let n{k} = {n_expr};", f"{'let' if unsigned else 'var'} v{k} = {value};"]
    if unsigned:
        if index.mode == "mod":
            return lines + [f"let p{k} = {position.format(f'v{k} % max(n{k}, 1{lit})')};"]
        lines.append(f"let p{k} = {position.format(f'min(v{k}, max(n{k}, 1{lit}) - 1{lit})')};")
        return lines + ([f"ok = ok && v{k} < n{k};"] if index.mode == "wrap" else [])
    top = f"max(n{k} - 1{lit}, 0{lit})"
    if index.mode == "mod":
        # lib_int's srem, not %: NVIDIA computes a signed % of a negative operand as unsigned
        lines += [f"v{k} = srem_{reg}(v{k}, max(n{k}, 1{lit}));", f"if (v{k} < 0{lit}) {{ v{k} = v{k} + n{k}; }}",
                  f"let p{k} = {position.format(f'v{k}')};"]
    elif index.mode == "clip":
        lines.append(f"let p{k} = {position.format(f'clamp(v{k}, 0{lit}, {top})')};")
    else:
        lines += [f"if (v{k} < 0{lit}) {{ v{k} = v{k} + n{k}; }}",
                  f"ok = ok && v{k} >= 0{lit} && v{k} < n{k};",
                  f"let p{k} = {position.format(f'clamp(v{k}, 0{lit}, {top})')};"]
    return lines


def _view(name: str, ndim: int) -> list:
    """The fields of a strided view over the launch shape: offset, strides."""
    return [f"{name}_offset", (f"{name}_strides", "i32", ndim)]


@functools.lru_cache(maxsize=None)
def gather_params(spec: Spec) -> ParamLayout:
    """A kernel's parameters: items, numel, zero, the launch shape, x's view, then each index
    (its view, the axis length and x's stride along it), the value (a view or a scalar) and
    the predicate's view."""
    r = spec.ndim
    word = "i64" if spec.wide else "i32"  # x's side of the address
    fields = ["items", "numel", ZERO, ("shape", "u32", r), ("x_offset", "i64" if spec.wide else "u32"),
              ("x_strides", word, r)]
    for k in range(len(spec.indices)):
        fields += [*_view(f"index{k}", r), (f"index{k}_len", "i64" if spec.wide else "u32"),
                   (f"index{k}_xstride", word)]
    if spec.value is not None:
        fields += _view("value", r) if spec.value[0] == "buffer" else [("value", spec.value[1])]
    if spec.predicate:
        fields += _view("predicate", r)
    if spec.windowed:
        fields += ["window_len", *(_view("out", r) if spec.kind == "gather" else [])]
    return ParamLayout(*fields)


def _strided(name: str, r: int) -> str:
    """The element a view's fields address at the item's coordinates."""
    terms = "".join(f" + i32(c{d}) * p_{name}_strides({d}u)" for d in range(r))
    return f"u32(i32(p_{name}_offset()){terms})"


def address_lines(spec: Spec) -> list[str]:
    """WGSL defining x's element address `a` at the item, after the positions p{k}: a u32
    element of x's bound buffer (windowed: an item outside the window returns). Wide: the exact
    i64 address `a64` first."""
    terms = "".join(f" + p{k} * p_index{k}_xstride()" for k in range(len(spec.indices)))
    if not spec.wide:  # modulo 2^32 (the caller bounds x's buffers below 2^32 elements)
        lines = [f"let a = u32(i32({_strided('x', spec.ndim)}){terms});"]
        return lines + (["if (a >= p_window_len()) { return; }"] if spec.windowed else [])
    coords = "".join(f" + {cast(f'c{d}', dt.uint32, dt.int64)} * p_x_strides({d}u)" for d in range(spec.ndim))
    lines = [f"let a64 = p_x_offset(){coords}{terms};"]
    if spec.windowed:  # below the window, a64 is negative: a huge u64
        lines += ["if (bitcast<u64>(a64) >= u64(p_window_len())) { return; }", "let a = u32(a64);"]
    return lines


def source(spec: Spec, features) -> str:
    r = spec.ndim
    lay = dt.layout(spec.dtype)
    out_packed_fresh = spec.kind == "gather" and lay.packed and not spec.windowed
    if spec.kind == "scatter" and lay.packed:
        out_decl = "array<atomic<u32>>"
    elif spec.windowed and spec.kind == "gather":
        out_decl = f"array<{dt.layout(spec.out_dtype).storage}>"
    else:
        out_decl = f"array<{lay.storage}>"
    bindings = [f"@group(0) @binding(1) var<storage, read_write> out: {out_decl};"]
    loaders, buffers = [], []  # buffers: (name index, dtype)
    if spec.kind == "gather":
        buffers.append(spec.dtype)
    buffers += [index.dtype for index in spec.indices]
    if spec.value is not None and spec.value[0] == "buffer":
        buffers.append(spec.value[1])
    if spec.predicate:
        buffers.append(dt.bool_)
    for j, dtype in enumerate(buffers):
        bindings.append(f"@group(0) @binding({j + 2}) var<storage, read> in{j}: array<{dt.layout(dtype).storage}>;")
        loaders.append(load_fn(j, dtype))

    def element(i_expr: str, indent: str) -> list[str]:
        lines = [f"let i = {i_expr};", "var ok = true;"]
        if r:
            lines.append("var rem = i;")
            for d in reversed(range(r)):
                lines.append(f"let c{d} = rem % p_shape({d}u); rem = rem / p_shape({d}u);" if d else "let c0 = rem;")
        first = 1 if spec.kind == "gather" else 0
        for k, index in enumerate(spec.indices):
            lines += _position(k, first + k, index, _strided(f"index{k}", r), spec.wide)
        if spec.kind == "address":
            terms = "".join(f" + p{k} * p_index{k}_xstride()" for k in range(len(spec.indices)))
            lines.append(f"let r = 0{'li' if spec.wide else ''}{terms};")
        else:
            lines += address_lines(spec)
        return [indent + line for line in lines]

    body: list[str] = []
    if out_packed_fresh:
        per, bits = lay.per_word, BITS[lay.per_word]
        body += ["    var word = 0u;", f"    for (var j = 0u; j < {per}u; j++) {{",
                 f"        if (item * {per}u + j >= p_numel()) {{ break; }}"]
        body += element(f"item * {per}u + j", "        ")
        body += [f"        word = word | ({to_bits('load0(a)', lay)} << (j * {bits}u));", "    }",
                 "    out[item] = word;"]
    elif spec.kind == "gather" and spec.windowed:
        body += element("item", "    ") + [f"    out[{_strided('out', r)}] = {cast('load0(a)', spec.dtype, spec.out_dtype)};"]
    elif spec.kind == "gather":
        body += element("item", "    ") + ["    out[i] = load0(a);"]
    elif spec.kind == "address":
        body += element("item", "    ") + ["    out[i] = r;"]
    else:
        body += element("item", "    ")
        j = len(spec.indices)
        vkind, vdtype = spec.value
        if vkind == "buffer":
            value = f"load{j}({_strided('value', r)})"
            j += 1
        else:
            value = "p_value()"
        if spec.predicate:
            body.append(f"    ok = ok && load{j}({_strided('predicate', r)});")
        body.append("    if (!ok) { return; }")
        body.append(f"    let v = {cast(value, vdtype, spec.dtype)};")
        if lay.packed:
            per, bits = lay.per_word, BITS[lay.per_word]
            shift = {8: 2, 16: 1}[bits]
            # A compare-exchange loop replaces the element atomically, so duplicate indices
            # leave one of the written values (never a mix of their bits).
            body += [f"    let sh = (a & {per - 1}u) * {bits}u;",
                     f"    let m = {(1 << bits) - 1}u << sh;",
                     f"    let b = {to_bits('v', lay)} << sh;",
                     f"    var old = atomicLoad(&out[a >> {shift}u]);",
                     "    loop {",
                     f"        let got = atomicCompareExchangeWeak(&out[a >> {shift}u], old, (old & ~m) | b);",
                     "        if (got.exchanged) { break; }",
                     "        old = got.old_value;",
                     "    }"]
        else:
            body.append("    out[a] = v;")
    return with_libraries("gather", features, enables="", params=gather_params(spec).wgsl(),
                          bindings="\n".join(bindings),
                          loaders="\n".join(loaders), workgroup=WORKGROUP, body="\n".join(body))


def _launch(spec: Spec, device, shape, strides, offset, indices, out_storage, in_storages, fields, items):
    """Pack the parameters (see gather_params) and dispatch."""
    layout = gather_params(spec)
    if layout.words > PARAM_WINDOW // 4:
        raise NotImplementedError(f"advanced indexing with {len(shape)} result dims and {len(indices)} index arrays "
                                  f"needs more kernel parameters than wgarray passes ({PARAM_WINDOW // 4} words)")
    fields = dict(fields, items=items, numel=math.prod(shape), shape=shape, x_offset=offset, x_strides=strides)
    for k, (index, idx_strides) in enumerate(indices):
        fields.update({f"index{k}_offset": index.operand.view.offset, f"index{k}_strides": idx_strides,
                       f"index{k}_len": index.n, f"index{k}_xstride": index.xstride})
    launch_kernel(device, ("gather", spec), lambda: source(spec, device.features),
                  [out_storage, *in_storages], pack(layout, fields), items)


def pack(layout: ParamLayout, fields: dict) -> bytes:
    """layout.pack(**fields); MemoryError for an index, value or output array whose strides
    pass 32 bits (only x's side of the address is ever 64-bit: gather_pieces.needs_wide)."""
    try:
        return layout.pack(**fields)
    except OverflowError as error:
        raise MemoryError(f"advanced indexing: an index, value or result array too large for 32-bit strides "
                          f"({error})") from None


def _plan(shape, strides, indices, more=()):
    """Coalesce the launch shape over all operands' strides; returns (shape, strides, index strides, more)."""
    sets = [tuple(strides)] + [tuple(ix.operand.view.strides) for ix in indices] + [tuple(s) for s in more]
    kshape, ksets = coalesce(shape, contiguous_strides(shape), *sets)
    ksets = ksets[1:]
    return kshape, ksets[0], ksets[1:1 + len(indices)], ksets[1 + len(indices):]


def fold_indices(device, shape, indices: list, wide: bool = False) -> list:
    """Too many index arrays for one kernel: fold groups of them into element offsets (int32,
    int64 for wide addresses)."""
    offsets = dt.int64 if wide else dt.int32
    while len(indices) > MAX_INDEX_BUFFERS:
        group, indices = indices[:MAX_INDEX_BUFFERS], indices[MAX_INDEX_BUFFERS:]
        out = allocate(device, shape, offsets)
        kshape, _, istrides, _ = _plan(shape, [0] * len(shape), group)
        spec = Spec("address", offsets, len(kshape), tuple(Index(ix.operand.dtype, ix.mode) for ix in group),
                    wide=wide)
        items = math.prod(shape)
        if items:
            _launch(spec, device, kshape, [0] * len(kshape), 0, list(zip(group, istrides)), out.storage,
                    [ix.operand.storage for ix in group], {}, items)
        indices.append(IndexOperand(out, 0, 1, "raw"))
    return indices
