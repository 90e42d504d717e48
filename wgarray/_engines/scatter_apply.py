"""ufunc.at on the GPU: x[address(c)] = step(x[address(c)], value[c]) for every item c of an
index result, unbuffered (repeated addresses apply every value), in place.

`step` is one application of a ufunc's loop: x's element and the value cast to the loop's
dtype, the row's expression, the result cast back into x's dtype (NumPy casts it 'unsafe').
Addresses are those of advanced indexing (gather.py: offset + coordinates times strides +
index positions times axis strides); index arrays on the GPU are checked in a first pass
(`check`) that sets a flag, which every later kernel reads: with a bad index nothing is
written, and the caller reads the flag once and raises IndexError.

Two paths:
- atomic, for steps whose result does not depend on the order of application (integer add,
  multiply, bitwise, min/max; float32 add and multiply up to the rounding of a sum or product):
  one invocation per item, native WGSL atomics (atomicAdd, atomicMax, ...) on 32-bit integers,
  otherwise a compare-exchange loop on the 32-bit word holding the element (float32 bits,
  packed 8- and 16-bit elements). There are no 64-bit atomics in WGSL.
- sorted, for everything else (NumPy's exact order): the element addresses are written out,
  sorted stably with the radix sort engine (the item index rides along), and one invocation
  per run of equal addresses applies the run's values in index order. Runs longer than
  MAX_LOOP take more dispatches, each going on where the last stopped; their number comes
  from one download of the longest run (only when there are more than MAX_LOOP items).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, PARAM_WINDOW, WORKGROUP
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView
from .._core.wgsl import BITS, cast, load_fn, to_bits, with_libraries, wrap
from .gather_kernel import (Index, Spec, _plan, _position, _strided, address_lines, fold_indices, gather_params,
                            pack)
from .gather_pieces import box_pieces, is_split, needs_wide, window_offset, x_windows
from .map import MapOp, launch_map
from .sort import radix_sort, work_spec

# rows WGSL has a native atomic for on 32-bit integers (only where the step is in x's dtype)
NATIVE = {"add": "atomicAdd", "subtract": "atomicSub", "bitwise_and": "atomicAnd", "bitwise_or": "atomicOr",
          "bitwise_xor": "atomicXor", "maximum": "atomicMax", "minimum": "atomicMin", "fmax": "atomicMax",
          "fmin": "atomicMin"}


@dataclass(frozen=True)
class AtOp:
    """One step of ufunc.at: `expr` over a0 (x's element) and a1 (the value), registers of
    `compute` (and `value_compute`), giving `result`; x holds `target`, the value is `value` (None: unary).
    any_order: the atomic path may apply the steps in any order."""

    name: str
    expr: str
    compute: np.dtype
    result: np.dtype
    target: np.dtype
    value: np.dtype | None
    any_order: bool
    value_compute: np.dtype | None = None  # the value's register dtype, where not `compute` (NumPy's mixed loops)


def _reg(dtype) -> str:
    return dt.layout(dtype).register


def _step_fn(op: AtOp) -> str:
    """fn step(acc, v) -> the new element (in x's register type)."""
    args = f"acc: {_reg(op.target)}" + (f", v: {_reg(op.value)}" if op.value is not None else "")
    lines = [f"fn step({args}) -> {_reg(op.target)} {{", f"    let a0 = {cast('acc', op.target, op.compute)};"]
    if op.value is not None:
        lines.append(f"    let a1 = {cast('v', op.value, op.value_compute or op.compute)};")
    lines += [f"    return {cast(wrap(f'({op.expr})', op.result), op.result, op.target)};", "}"]
    return "\n".join(lines)


def _word_fns(target) -> str:
    """The 32-bit word holding element a (word_of, shift_of) and an element's value in a word
    (unpack) and back (repack): what compare-exchange loops and packed stores work on."""
    lay, reg = dt.layout(target), _reg(target)
    if not lay.packed:
        get = {"f32": "bitcast<f32>(w)", "i32": "bitcast<i32>(w)", "u32": "w"}[reg]
        put = "x" if reg == "u32" else "bitcast<u32>(x)"
        return "\n".join([
            "fn word_of(a: u32) -> u32 { return a; }", "fn shift_of(a: u32) -> u32 { return 0u; }",
            f"fn unpack(w: u32, sh: u32) -> {reg} {{ return {get}; }}",
            f"fn repack(w: u32, sh: u32, x: {reg}) -> u32 {{ return {put}; }}"])
    bits = BITS[lay.per_word]
    mask = (1 << bits) - 1
    raw = f"(w >> sh) & {mask}u"
    value = {"bool": f"({raw}) != 0u", "int": f"bitcast<i32>(({raw}) << {32 - bits}u) >> {32 - bits}u",
             "float": f"half_to_f32({raw})"}.get(lay.kind, raw)
    return "\n".join([
        f"fn word_of(a: u32) -> u32 {{ return a >> {({8: 2, 16: 1})[bits]}u; }}",
        f"fn shift_of(a: u32) -> u32 {{ return (a & {lay.per_word - 1}u) * {bits}u; }}",
        f"fn unpack(w: u32, sh: u32) -> {reg} {{ return {value}; }}",
        f"fn repack(w: u32, sh: u32, x: {reg}) -> u32 {{ return (w & ~({mask}u << sh)) | ({to_bits('x', lay)} << sh); }}"])


_CAS = """    let wi = word_of(a);
    let sh = shift_of(a);
    var old = atomicLoad(&out[wi]);
    loop {
        let updated = repack(old, sh, step(unpack(old, sh), v));
        if (updated == old) { break; }
        let got = atomicCompareExchangeWeak(&out[wi], old, updated);
        if (got.exchanged) { break; }
        old = got.old_value;
    }"""


def native_atomic(op: AtOp) -> str | None:
    """The WGSL atomic applying op's step directly, where there is one."""
    if _reg(op.target) not in ("i32", "u32") or dt.layout(op.target).packed or op.compute != op.target:
        return None
    return NATIVE.get(op.name)


# -- the per-item kernels: check, atomic, address ---------------------------------------------
@dataclass(frozen=True)
class ItemSpec:
    kind: str  # "check", "atomic", "direct" (every item its own element) or "address"
    op: AtOp | None  # atomic and direct only
    index: Spec  # the addressing (gather.py's layout: shape, x's view, indices, the value)
    checked: bool  # skip everything when flags[0] is set (index arrays on the GPU were checked)


def _item_source(spec: ItemSpec, features) -> str:
    ix = spec.index
    r = ix.ndim
    buffers = [index.dtype for index in ix.indices]
    has_value = ix.value is not None and ix.value[0] == "buffer"
    if has_value:
        buffers.append(ix.value[1])
    bindings = [f"@group(0) @binding({j + 3}) var<storage, read> in{j}: array<{dt.layout(d).storage}>;"
                for j, d in enumerate(buffers)]
    loaders = [load_fn(j, d) for j, d in enumerate(buffers)]
    body = ["    var ok = true;", "    var rem = item;"]
    for d in reversed(range(r)):
        body.append(f"    let c{d} = rem % p_shape({d}u); rem = rem / p_shape({d}u);" if d else "    let c0 = rem;")
    for k, index in enumerate(ix.indices):
        body += ["    " + line for line in _position(k, k, index, _strided(f"index{k}", r), ix.wide)]
    out_decl, functions = "array<u32>", ""
    if spec.kind == "check":
        body.append("    if (!ok) { atomicOr(&flags[0], 1u); }")
    elif spec.kind == "address":  # out: the addresses (u64 when wide), all ones for an invalid index
        body += ["    " + line for line in address_lines(ix)]
        if ix.wide:
            out_decl = "array<u64>"
            body.append("    out[item] = select(0xfffffffffffffffflu, bitcast<u64>(a64), ok);")
        else:
            body.append("    out[item] = select(0xffffffffu, a, ok);")
    else:
        op = spec.op
        body.append("    if (!ok) { return; }")
        body += ["    " + line for line in address_lines(ix)]  # windowed: x is one buffer of several
        if op.value is not None:
            value = f"load{len(ix.indices)}({_strided('value', r)})" if has_value else "p_value()"
            body.append(f"    let v = {value};")
        native = native_atomic(op) if spec.kind == "atomic" else None
        if spec.kind == "direct" and not dt.layout(op.target).packed:  # no other item writes this element
            out_decl, functions = f"array<{dt.layout(op.target).storage}>", _step_fn(op)
            body.append(f"    out[a] = step(out[a]{', v' if op.value is not None else ''});")
        elif native:
            out_decl = f"array<atomic<{_reg(op.target)}>>"
            body.append(f"    {native}(&out[a], {cast('v', op.value, op.target)});")
        else:
            out_decl = "array<atomic<u32>>"
            functions = _step_fn(op) + "\n" + _word_fns(op.target)
            body.append(_CAS if op.value is not None else _CAS.replace("step(unpack(old, sh), v)",
                                                                        "step(unpack(old, sh))"))
    if spec.checked and spec.kind != "check":
        body.insert(0, "    if (atomicLoad(&flags[0]) != 0u) { return; }")
    return with_libraries("scatter_apply", features, enables="", params=gather_params(ix).wgsl(),
                          out_decl=out_decl, bindings="\n".join(bindings), loaders="\n".join(loaders),
                          functions=functions, workgroup=WORKGROUP, piece=MAX_LOOP, body="\n".join(body))


def _launch_items(spec: ItemSpec, device, out, flags, plan, inputs, value, extra: dict):
    """Pack gather.py's parameters for the plan (shape, x's offset and strides, indices) and
    dispatch; out: x's storage, or the addresses' (kind "address")."""
    kshape, offset, kstrides, indices, istrides, vstrides = plan
    layout = gather_params(spec.index)
    if layout.words > PARAM_WINDOW // 4:
        raise NotImplementedError(f"ufunc.at with {len(kshape)} result dims and {len(indices)} index arrays "
                                  f"needs more kernel parameters than wgarray passes ({PARAM_WINDOW // 4} words)")
    items = math.prod(kshape)
    fields = dict(extra, items=items, numel=items, zero=0, shape=kshape, x_offset=offset, x_strides=kstrides)
    for k, (ix, s) in enumerate(zip(indices, istrides)):
        fields.update({f"index{k}_offset": ix.operand.view.offset, f"index{k}_strides": s,
                       f"index{k}_len": ix.n, f"index{k}_xstride": ix.xstride})
    if isinstance(value, BufferOperand):
        fields.update(value_offset=value.view.offset, value_strides=vstrides)
    elif isinstance(value, ScalarOperand):
        fields.update(value=value.value)
    launch_kernel(device, ("scatter_apply", spec), lambda: _item_source(spec, device.features),
                  [out, flags.storage, *inputs], pack(layout, fields), items, writes=2)


# -- the sorted path's apply kernel --------------------------------------------------------------
@dataclass(frozen=True)
class ApplySpec:
    op: AtOp
    value: str | None  # "buffer" (contiguous in item order), "param" or None (unary)
    checked: bool
    windowed: bool = False  # x is one buffer of several: elements [window_first, + window_len)
    wide: bool = False  # the sorted addresses are u64 (gather_pieces.needs_wide)


@functools.lru_cache(maxsize=None)
def _apply_params(value_dtype, windowed: bool, wide: bool = False) -> ParamLayout:
    fields = ["items", ZERO, "piece"]
    if value_dtype is not None:
        fields.append(("value", value_dtype))
    if windowed:
        fields += [("window_first", "u64" if wide else "u32"), "window_len"]
    return ParamLayout(*fields)


def _apply_source(spec: ApplySpec, features) -> str:
    op = spec.op
    lay = dt.layout(op.target)
    bindings = [f"@group(0) @binding(3) var<storage, read> in0: array<{'u64' if spec.wide else 'u32'}>;",
                "@group(0) @binding(4) var<storage, read> in1: array<i32>;"]
    loaders = []
    if spec.value == "buffer":
        bindings.append(f"@group(0) @binding(5) var<storage, read> in2: array<{dt.layout(op.value).storage}>;")
        loaders.append(load_fn(2, op.value))
    value = {"buffer": ", load2(u32(in1[k]))", "param": ", p_value()", None: ""}[spec.value]
    if lay.packed:  # runs own their elements, not their words: clear then set the element's bits
        out_decl = "array<atomic<u32>>"
        get = "unpack(atomicLoad(&out[word_of(a)]), shift_of(a))"
        put = ["    let sh = shift_of(a);", "    let mask = repack(0u, sh, unpack(0xffffffffu, 0u));",
               "    atomicAnd(&out[word_of(a)], ~mask);", "    atomicOr(&out[word_of(a)], repack(0u, sh, acc));"]
        functions = _step_fn(op) + "\n" + _word_fns(op.target)
    else:
        out_decl, get, put = f"array<{lay.storage}>", "out[a]", ["    out[a] = acc;"]
        functions = _step_fn(op)
    body = ["    let key = in0[item];",
            "    if (item > 0u && in0[item - 1u] == key) { return; }  // not the start of a run"]
    if spec.checked:
        body.append("    if (atomicLoad(&flags[0]) != 0u) { return; }")
    if spec.windowed and spec.wide:  # below the window, the difference wraps to a huge u64
        body += ["    let local = key - p_window_first();", "    if (local >= u64(p_window_len())) { return; }",
                 "    let a = u32(local);"]
    elif spec.windowed:  # the run's element, in the window's buffer (windows start on whole words)
        body += ["    let a = key - p_window_first();", "    if (a >= p_window_len()) { return; }"]
    else:
        body.append("    let a = key;")
    body += ["    var lo = item + 1u;  // the run's end: binary search (addresses are sorted)",
             "    var hi = p_items();",
             "    while (lo < hi) {",
             "        let mid = (lo + hi) / 2u;",
             "        if (in0[mid] == key) { lo = mid + 1u; } else { hi = mid; }",
             "    }",
             f"    let first = item + p_piece() * {MAX_LOOP}u;",
             "    if (first >= lo) { return; }",
             f"    if (p_piece() == 0u && lo - item > {MAX_LOOP}u) {{ atomicMax(&flags[1], lo - item); }}",
             f"    let last = min(lo, first + {MAX_LOOP}u);",
             f"    var acc = {get};",
             f"    for (var k = first; k < last; k++) {{ acc = step(acc{value}); }}", *put]
    params = _apply_params(op.value if spec.value == "param" else None, spec.windowed, spec.wide)
    return with_libraries("scatter_apply", features, enables="", params=params.wgsl(), out_decl=out_decl,
                          bindings="\n".join(bindings), loaders="\n".join(loaders), functions=functions,
                          workgroup=WORKGROUP, piece=MAX_LOOP, body="\n".join(body))


# -- the engine ----------------------------------------------------------------------------------
def _zeros(device, n: int) -> BufferOperand:
    flags = allocate(device, (n,), dt.uint32)
    launch_map(device, MapOp("zeros", "0u", (), dt.uint32), flags.storage, flags.view, dt.uint32, [], fresh=True)
    return flags


def scatter_apply(op: AtOp, x: BufferOperand, shape, offset: int, strides, indices: list, value,
                  checked: bool) -> bool:
    """Apply op at every item of the index result `shape` (x's element at offset + c * strides +
    the index positions), value a BufferOperand broadcast to shape, a ScalarOperand or None.
    checked: index arrays on the GPU need their bounds checked. Returns False when an index
    was out of bounds (then nothing was written), which costs one download; True otherwise.
    No operand may share x's buffer (the caller copies).

    Past one binding (gather_pieces.py): the items go in boxes in which the index arrays and
    the value lie in one buffer each, and each box runs once per buffer of x, whose items
    outside that window of x do nothing. The sorted path's boxes are runs of consecutive items
    taken in order, so that NumPy's order holds across boxes too. An x of 2^32 elements or
    more takes 64-bit addresses (gather_pieces.needs_wide): the sorted addresses are u64."""
    device = x.device
    if math.prod(shape) == 0:
        return True
    wide = is_split(x) and needs_wide(x, offset, strides, indices)
    indices = fold_indices(device, shape, list(indices), wide)
    ordered = bool(indices) and not op.any_order  # without index arrays every item has its own element
    # windows of x: (buffer, first element, elements), elements None for a whole unsplit x
    windows = x_windows(x) if is_split(x) else [(x.storage, 0, None)]
    linear = [value] if isinstance(value, BufferOperand) else []
    max_items = None
    if ordered:  # a box's addresses, their sort and its values in item order each fit one buffer
        address_bytes = 8 if wide else 4
        max_items = pool_for(device).segment_bytes // max(address_bytes, value.dtype.itemsize if linear else 4)
    boxes = [_Box(box, box_offset, box_indices, strides, parts[0] if parts else value, wide)
             for box, box_offset, box_indices, parts in box_pieces(shape, offset, strides, indices, linear, max_items)]
    flags = _zeros(device, 2)  # [an index was out of bounds, the longest run past MAX_LOOP]
    if checked:
        for box in boxes:
            box.launch(ItemSpec("check", None, box.spec(x.dtype), False), device, windows[0][0], flags)
    for box in boxes:
        if ordered:
            _apply_sorted(op, box, device, windows, flags, checked)
            continue
        kind = "atomic" if indices else "direct"
        for storage, first, elements in windows:
            spec = ItemSpec(kind, op, box.spec(x.dtype, windowed=elements is not None), checked)
            box.launch(spec, device, storage, flags, first, elements)
    return _flags_ok(device, flags, checked)[0]


class _Box:
    """The items of one box: the launch plan of its (coalesced) shape, x's offset, its index
    arrays and value."""

    def __init__(self, shape, offset: int, indices: list, strides, value, wide: bool = False):
        more = [value.view.strides] if isinstance(value, BufferOperand) else []
        kshape, kstrides, istrides, mstrides = _plan(shape, strides, indices, more)
        self.shape, self.value, self.indices = tuple(shape), value, indices
        self.plan = (kshape, offset, kstrides, indices, istrides, mstrides[0] if mstrides else None)
        self.inputs = [ix.operand.storage for ix in indices] + ([value.storage] if more else [])
        self.items = math.prod(shape)
        self.wide = wide  # 64-bit addresses (gather_pieces.needs_wide)

    def spec(self, dtype, windowed: bool = False) -> Spec:
        value = self.value
        vspec = ("buffer", value.dtype) if isinstance(value, BufferOperand) else \
            ("param", value.dtype) if isinstance(value, ScalarOperand) else None
        return Spec("scatter", dtype, len(self.plan[0]), tuple(Index(ix.operand.dtype, ix.mode) for ix in self.indices),
                    vspec, windowed=windowed, wide=self.wide)

    def launch(self, spec: ItemSpec, device, out, flags, first: int = 0, window_len: int | None = None) -> None:
        kshape, offset, *rest = self.plan
        extra = {} if window_len is None else {"window_len": window_len}
        _launch_items(spec, device, out, flags, (kshape, window_offset(offset, first, self.wide), *rest),
                      self.inputs, self.value, extra)


def _apply_sorted(op: AtOp, box: _Box, device, windows: list, flags, checked: bool) -> None:
    """The sorted path for one box: its element addresses sorted stably, then one invocation
    per run of equal addresses applies the run's values in item order, in each window of x."""
    n = box.items
    address = dt.uint64 if box.wide else dt.uint32
    addrs = allocate(device, (n,), address)
    box.launch(ItemSpec("address", None, box.spec(address), False), device, addrs.storage, flags)
    keys, order = radix_sort(addrs.with_view(TensorView.contiguous((1, n))), work_spec(address)[1],
                             values=True, indices=True, index_dtype=dt.int32)
    value = box.value
    if isinstance(value, BufferOperand):  # the values in item order, contiguous
        contiguous = allocate(device, box.shape, value.dtype)
        launch_map(device, MapOp("copy", "a0", (value.dtype,), value.dtype), contiguous.storage, contiguous.view,
                   value.dtype, [value], fresh=True)
        value_kind, vinputs, vparam = "buffer", [contiguous.storage], {}
    elif isinstance(value, ScalarOperand):
        value_kind, vinputs, vparam = "param", [], {"value": value.value}
    else:
        value_kind, vinputs, vparam = None, [], {}

    def apply(piece: int) -> None:
        for storage, first, elements in windows:
            spec = ApplySpec(op, value_kind, checked, windowed=elements is not None, wide=box.wide)
            window = {} if elements is None else {"window_first": first, "window_len": elements}
            layout = _apply_params(op.value if value_kind == "param" else None, spec.windowed, spec.wide)
            launch_kernel(device, ("scatter_apply_runs", spec), lambda: _apply_source(spec, device.features),
                          [storage, flags.storage, keys.storage, order.storage, *vinputs],
                          layout.pack(items=n, zero=0, piece=piece, **vparam, **window), n, writes=2)

    apply(0)
    if n > MAX_LOOP:  # runs longer than one dispatch's share: as many more as the longest needs
        ok, longest = _flags_ok(device, flags, True)
        for piece in range(1, -(-longest // MAX_LOOP) if ok else 1):
            apply(piece)


def _flags_ok(device, flags: BufferOperand, read: bool) -> tuple:
    """(no index was out of bounds, the longest run past MAX_LOOP); read only where needed."""
    if not read:
        return True, 0
    words = np.frombuffer(stream_for(device).download(flags.storage, 0, 8), dtype=np.uint32)
    return not words[0], int(words[1])
