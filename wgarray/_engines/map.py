"""The map engine: out[i] = op(operands at i), one generated kernel (wgsl/map.wgsl) for
every elementwise function, cast, copy, fill and strided write.

An operand of a map kernel is a Slot: its dtype and how it is addressed:
  "contig"  element i of the output reads element offset + i,
  "scalar"  every element reads the one element at offset (a 0-d or fully broadcast input),
  "strided" offset + sum(coord[d] * stride[d]) over the (coalesced) output coordinates,
  "param"   a scalar value carried in the parameter words themselves (Python scalars),
  "alias"   the same elements as contiguous operand `of` (x + x: read once, not bound twice;
            vec4 bodies only).
The output is either "fresh" (contiguous from offset 0; a packed dtype is written a word
per invocation) or "strided" (a view; packed dtypes go through atomicAnd/atomicOr).

Planning (choosing the kernel, coalescing dims, laying out parameter words) depends only on
dtypes, shapes and strides, so a plan is cached and reused; running it fills in the parts
that change from call to call: buffers, view offsets and scalar values.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import threading
from dataclasses import dataclass

import numpy as np

from .._core.dtypes import float16, layout, uint32
from .._core.kernels import WORKGROUP, grid, kernel_cache
from .._core.cache import plan_cache
from .._core.memory import Storage
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.params import ZERO, ParamLayout, scalar_codes
from .._core.segments import pieces
from .._core.stream import stream_for
from .._core.view import TensorView, coalesce, contiguous_strides
from .._core.wgsl import BITS, cast, load_fn, to_bits, with_libraries
from .float_errors import flag_expr
from .map_vec4 import can_vectorize, element_function, vector_body, vectors_for

@dataclass(frozen=True)
class Slot:
    dtype: np.dtype
    mode: str
    of: int = -1  # an "alias" slot's operand


@dataclass(frozen=True)
class MapOp:
    """What a map kernel computes: `expr` over a0, a1, ... (inputs cast to `in_dtypes`).

    A "raw" operand (custom kernels) is bound but not loaded: `functions` read it by index
    through load{k}(p_in{k}_offset() + index). The expression may also use `i` (the linear
    output index) and, with coords=True,
    c0, c1, ... (the output coordinates, uncoalesced). `flags`, where given, makes the flag
    variant (run_checked): a WGSL u32 over a0, ... and the result r, NumPy's floating-point
    error flags of one element (float_errors.py), ORed into a flags word with atomicOr.
    """

    name: str
    expr: str
    in_dtypes: tuple
    out_dtype: np.dtype
    coords: bool = False
    flags: str = ""
    functions: str = ""  # module-scope WGSL the expression calls (custom kernels' user code)


@functools.lru_cache(maxsize=None)
def map_params(ndim: int, out_strided: bool, slots: tuple) -> ParamLayout:
    """A map kernel's parameters: items (invocations), numel, zero, the (coalesced) shape, the
    output's view if strided, then each operand: in{k}_value (a "param" scalar), or
    in{k}_offset and, for a strided one, in{k}_strides."""
    fields = ["items", "numel", ZERO, ("shape", "u32", ndim)]
    if out_strided:
        fields += ["out_offset", ("out_strides", "i32", ndim)]
    for k, slot in enumerate(slots):
        if slot.mode == "param":
            fields.append((f"in{k}_value", slot.dtype))
        elif slot.mode != "alias":
            fields.append(f"in{k}_offset")
            if slot.mode == "strided":
                fields.append((f"in{k}_strides", "i32", ndim))
    return ParamLayout(*fields)


def _address(name: str, ndim: int) -> str:
    """The element a strided view's fields address at the output coordinates c0, c1, ..."""
    terms = " + ".join(f"i32(c{d}) * p_{name}_strides({d}u)" for d in range(ndim))
    return f"u32(i32(p_{name}_offset()) + {terms})" if terms else f"p_{name}_offset()"


def map_source(op: MapOp, out: Slot, slots: tuple, ndim: int, features, vector: bool = False) -> str:
    """vector: each invocation handles four consecutive elements with vec4 loads and stores
    (see can_vectorize; buffer offsets must then be multiples of 4)."""
    out_lay = layout(out.dtype)
    needs_coords = op.coords or out.mode == "strided" or any(s.mode == "strided" for s in slots)

    enables = "enable f16;" if any(layout(s.dtype).register == "f16" for s in slots) else ""
    if out.mode == "strided" and out_lay.packed:
        out_decl = "array<atomic<u32>>"
    elif vector:
        out_decl = f"array<vec4<{out_lay.storage}>>"
    else:
        out_decl = f"array<{out_lay.storage}>"
    bindings = [f"@group(0) @binding(1) var<storage, read_write> out: {out_decl};"]
    loaders = []
    binding = 2
    for k, slot in enumerate(slots):
        if slot.mode in ("param", "alias"):
            continue
        storage = layout(slot.dtype).storage
        if vector:
            bindings.append(f"@group(0) @binding({binding}) var<storage, read> in{k}: array<vec4<{storage}>>;")
            loaders.append(f"fn load{k}(idx: u32) -> {storage} {{ return in{k}[idx >> 2u][idx & 3u]; }}")
        else:
            bindings.append(f"@group(0) @binding({binding}) var<storage, read> in{k}: array<{storage}>;")
            loaders.append(load_fn(k, slot.dtype))
        binding += 1
    if op.flags:
        bindings.append(f"@group(0) @binding({binding}) var<storage, read_write> fpe: array<atomic<u32>>;")

    def element(i_expr: str | None, indent: str, lanes: bool = False) -> list[str]:
        """The lines computing one element's result r at index i (i_expr; None: i is given).
        lanes: in map_element (the vec4 body), where contiguous operand k's value is v{k}."""
        lines = [] if i_expr is None else [f"let i = {i_expr};"]
        if needs_coords:
            lines.append("var rem = i;")
            for d in reversed(range(ndim)):
                size = f"p_shape({d}u)"
                if d:
                    lines.append(f"let c{d} = rem % {size}; rem = rem / {size};")
                else:
                    lines.append("let c0 = rem;")
        for k, slot in enumerate(slots):
            if slot.mode == "raw":
                continue
            if slot.mode == "param":
                value = f"p_in{k}_value()"
            elif slot.mode == "alias":  # (vec4 bodies only) made opaque: x - x is NaN for a NaN x, not 0
                storage = layout(slot.dtype).storage
                value = f"bitcast<{storage}>(bitcast<u32>(v{slot.of}) ^ zero_word())"
            else:
                idx = _address(f"in{k}", ndim) if slot.mode == "strided" else f"p_in{k}_offset()"
                if slot.mode == "contig" and lanes:
                    value = f"v{k}"
                else:
                    value = f"load{k}({idx} + i)" if slot.mode == "contig" else f"load{k}({idx})"
            lines.append(f"let a{k} = {cast(value, slot.dtype, op.in_dtypes[k])};")
        result = op.expr
        if op.out_dtype == float16 and (out.dtype != float16 or op.flags):
            # a float16 result is rounded before it widens, and before its flags are read (which
            # compare it with the float32 value it was rounded from: float_errors, "exact")
            lines.append(f"let exact = {result};")
            result = "half_round(exact)"
        lines.append(f"let r = {cast(result, op.out_dtype, out.dtype)};")
        if op.flags and lanes:  # (the lanes of a last vec4 past numel hold no elements)
            lines.append(f"*fpe_flags = *fpe_flags | select(0u, {op.flags}, i < p_numel());")
        elif op.flags:
            lines.append(f"fpe_flags = fpe_flags | ({op.flags});")
        return [indent + line for line in lines]

    body: list[str] = ["    var fpe_flags = 0u;"] if op.flags else []
    if vector:
        loaders += element_function(op, slots, out_lay.storage, element(None, "    ", lanes=True))
        body += vector_body(op, slots, out_lay.storage)
    elif out.mode == "fresh" and out_lay.packed:
        per, bits = out_lay.per_word, BITS[out_lay.per_word]
        body.append("    var word = 0u;")
        body.append(f"    for (var j = 0u; j < {per}u; j++) {{")
        body.append(f"        if (item * {per}u + j >= p_numel()) {{ break; }}")
        body += element(f"item * {per}u + j", "        ")
        body.append(f"        word = word | ({to_bits('r', out_lay)} << (j * {bits}u));")
        body.append("    }")
        body.append("    out[item] = word;")
    elif out.mode == "fresh":
        body += element("item", "    ")
        body.append("    out[i] = r;")
    else:
        body += element("item", "    ")
        o = _address("out", ndim)
        if out_lay.packed:
            per, bits = out_lay.per_word, BITS[out_lay.per_word]
            shift = {8: 2, 16: 1}[bits]
            mask = (1 << bits) - 1
            body.append(f"    let o = {o};")
            body.append(f"    let sh = (o & {per - 1}u) * {bits}u;")
            body.append(f"    atomicAnd(&out[o >> {shift}u], ~({mask}u << sh));")
            body.append(f"    atomicOr(&out[o >> {shift}u], {to_bits('r', out_lay)} << sh);")
        else:
            body.append(f"    out[{o}] = r;")
    if op.flags:  # one atomic per invocation, and only where an element raised a flag
        body.append("    if (fpe_flags != 0u) { atomicOr(&fpe[0], fpe_flags); }")

    params = map_params(ndim, out.mode == "strided", slots)
    return with_libraries("map", features, enables=enables, params=params.wgsl(), bindings="\n".join(bindings),
                          loaders="\n".join(loaders + [op.functions]), workgroup=WORKGROUP, body="\n".join(body))


def _slot_mode(strides, shape) -> str:
    if all(s == 0 for s in strides):
        return "scalar"
    if tuple(strides) == contiguous_strides(shape):
        return "contig"
    return "strided"


class MapPlan:
    """A compiled map kernel plus the recipe for its parameter words."""

    __slots__ = ("device", "kernel", "items", "groups", "packer", "codes", "template", "holes", "scalar_hole_kinds",
                 "out_hole", "stream", "recipe", "flagged", "aliases", "aliased")

    def __init__(self, device, op: MapOp, out_dtype, shape, out_strides, operand_specs, fresh: bool):
        # operand_specs: per operand ("buffer", dtype, strides broadcast to shape, offset % 4 == 0),
        # ("scalar", dtype), ("raw", dtype): a contiguous operand read by index (MapOp), or
        # ("alias", dtype, k): the same elements as contiguous operand k (see run)
        numel = math.prod(shape)
        buffer_strides = [spec[2] for spec in operand_specs if spec[0] == "buffer"]
        stride_sets = [contiguous_strides(shape) if fresh else out_strides] + buffer_strides
        if op.coords:
            kshape, kstrides = tuple(shape), [tuple(s) for s in stride_sets]
        else:
            kshape, kstrides = coalesce(shape, *stride_sets)
        in_strides = iter(kstrides[1:])
        slots = []
        for spec in operand_specs:
            if spec[0] == "scalar":
                slots.append(Slot(spec[1], "param"))
            elif spec[0] == "raw":
                slots.append(Slot(spec[1], "raw"))
            elif spec[0] == "alias":
                slots.append(Slot(spec[1], "alias", spec[2]))
            else:
                slots.append(Slot(spec[1], _slot_mode(next(in_strides), kshape)))
        slots = tuple(slots)
        out_slot = Slot(out_dtype, "fresh" if fresh else "strided")
        strided = any(s.mode == "strided" for s in slots)
        ndim = len(kshape) if (op.coords or not fresh or strided) else 0
        aligned = all(spec[3] for spec in operand_specs if spec[0] == "buffer")
        vector = aligned and can_vectorize(out_slot, slots, op.coords)
        key = ("map", op, out_slot, slots, ndim, vector)
        n_buffers = len(buffer_strides) + sum(spec[0] == "raw" for spec in operand_specs)
        self.flagged = bool(op.flags)  # the flag variant binds the flags word last
        self.kernel = kernel_cache(device).get(
            key, ("rw",) + ("r",) * n_buffers + (("rw",) if self.flagged else ()),
            lambda: map_source(op, out_slot, slots, ndim, device.features, vector))
        if vector:  # invocations for ceil(numel / 4) vec4s, vectors_for(op) each, whole workgroups
            blocks = -(-numel // (4 * vectors_for(op) * WORKGROUP))
            self.items = blocks * WORKGROUP
        else:
            self.items = -(-numel // (layout(out_dtype).per_word if fresh else 1))
        self.groups = grid(self.items)
        self.device = device
        self.stream = stream_for(device)
        self.recipe = (op, out_dtype, tuple(shape), out_strides, fresh, operand_specs)
        # Pairs (j, k) of contiguous operands of one dtype: where a call passes the same elements
        # for both (x + x), a variant reading them once runs instead (on the H100, 2^26 float32
        # x + x: 216 -> 195 us, PyTorch 182). Vec4 bodies only.
        self.aliases = () if not vector or any(spec[0] in ("raw", "alias") for spec in operand_specs) else tuple(
            (j, k) for j in range(len(slots)) for k in range(j)
            if slots[j].mode == slots[k].mode == "contig" and slots[j].dtype == slots[k].dtype)
        self.aliased = {}  # (j, k) -> that variant

        # The parameter values (see map_params), filled in per call at the holes: the output's
        # offset and each operand's offset or scalar value.
        params = map_params(ndim, not fresh, slots)
        template = [0] * params.values
        template[params.slot("items")] = self.items
        template[params.slot("numel")] = numel
        at = params.slot("shape")
        template[at:at + ndim] = kshape[:ndim]
        self.out_hole = None
        if not fresh:
            self.out_hole = params.slot("out_offset")
            at = params.slot("out_strides")
            template[at:at + ndim] = kstrides[0]
        self.holes = []
        self.scalar_hole_kinds = []
        in_strides = iter(kstrides[1:])
        for k, slot in enumerate(slots):
            if slot.mode == "param":
                self.holes.append(params.slot(f"in{k}_value"))
                self.scalar_hole_kinds.append((slot.dtype, len(scalar_codes(slot.dtype))))
            elif slot.mode == "alias":
                self.holes.append(None)
                self.scalar_hole_kinds.append(_ALIAS)
            else:
                self.holes.append(params.slot(f"in{k}_offset"))
                self.scalar_hole_kinds.append(None)
                if slot.mode == "raw":
                    continue
                strides = next(in_strides)
                if slot.mode == "strided":
                    at = params.slot(f"in{k}_strides")
                    template[at:at + ndim] = strides
        self.packer = params.struct
        self.codes = params.struct.format.lstrip("<")  # one struct code per value
        self.template = template

    def run(self, out_storage: Storage, out_offset: int, operands) -> None:
        for j, k in self.aliases:
            a, b = operands[j], operands[k]
            if a.storage is b.storage and a.view.offset == b.view.offset and a.storage.segments is None:
                self._aliased(j, k).run(out_storage, out_offset, operands)
                return
        values = list(self.template)
        if self.out_hole is not None:
            values[self.out_hole] = out_offset
        storages = [out_storage]
        split = out_storage.segments is not None
        for operand, hole, scalar in zip(operands, self.holes, self.scalar_hole_kinds):
            if scalar is None:
                values[hole] = operand.view.offset
                storages.append(operand.storage)
                split = split or operand.storage.segments is not None
            elif scalar is _ALIAS:
                continue
            else:
                dtype, count = scalar
                value = operand.value
                if count == 2:
                    value = complex(value)
                    values[hole], values[hole + 1] = value.real, value.imag
                elif dtype.kind == "b":
                    values[hole] = 1 if value else 0
                elif dtype.kind in "iu" and dtype.itemsize < 4:
                    values[hole] = int(value)
                elif dtype == float16:  # the half nearest the scalar (as NumPy converts it), in a float32 word
                    with np.errstate(over="ignore"):
                        values[hole] = float(np.float16(value))
                else:
                    values[hole] = value
        if split:
            _run_by_segments(self.device, *self.recipe, out_storage, out_offset, operands)
            return
        try:
            params = self.packer.pack(*values)
        except OverflowError:  # a Python float beyond float32's range: it rounds to +-inf, as in NumPy
            params = self.packer.pack(*(_to_float32(v) if code == "f" else v for v, code in zip(values, self.codes)))
        if self.flagged:
            storages.append(_flags_word.storage)
        self.stream.dispatch(self.kernel, storages, params, self.groups)


    def _aliased(self, j: int, k: int) -> "MapPlan":
        """This plan with operand j read through operand k (see self.aliases)."""
        plan = self.aliased.get((j, k))
        if plan is None:
            op, out_dtype, shape, out_strides, fresh, specs = self.recipe
            specs = list(specs)
            specs[j] = ("alias", specs[j][1], k)
            plan = self.aliased[(j, k)] = MapPlan(self.device, op, out_dtype, shape, out_strides, specs, fresh)
        return plan


_ALIAS = "alias"  # MapPlan.scalar_hole_kinds' mark of an alias slot


def _to_float32(value) -> float:
    """value rounded to float32 (to +-inf past its range)."""
    with np.errstate(over="ignore"):
        return float(np.float32(value))


class RawOperand(BufferOperand):
    """A contiguous operand that a map's `functions` read by index (see MapOp), not per element."""


def launch_map(device, op: MapOp, out_storage: Storage, out_view: TensorView, out_dtype, operands,
               fresh: bool) -> None:
    """Record out[...] = op(operands) over out_view.shape.

    fresh: the output is a new contiguous buffer starting at element 0 (packed dtypes are then
    written a whole word at a time); otherwise out_view may be any strided view.
    """
    if math.prod(out_view.shape) == 0:
        return
    specs = [("scalar", o.dtype) if isinstance(o, ScalarOperand) else ("raw", o.dtype) if isinstance(o, RawOperand)
             else ("buffer", o.dtype, o.view.strides, o.view.offset % 4 == 0) for o in operands]
    plan = MapPlan(device, op, out_dtype, out_view.shape, out_view.strides, specs, fresh)
    plan.run(out_storage, out_view.offset, operands)


# -- the flag variant (wgarray.errstate): compiled and used only when the error state asks ------
_flags_word = threading.local()  # .storage: the flags word of the checked map this thread runs
_flag_plans = plan_cache()  # plan -> its flag variant, or False for ops that raise no flags
_FLAGS_DTYPE = np.dtype("uint32")


def run_checked(plan: MapPlan, out_storage: Storage, out_offset: int, operands) -> int:
    """plan.run through its flag variant: NumPy's floating-point error flags (float_errors.FPE_*)
    of all results, ORed together. Reading them waits for the GPU; ops that raise none don't."""
    flagged = _flag_plans.get(plan)
    if flagged is None:
        op, out_dtype, shape, out_strides, fresh, specs = plan.recipe
        flags = flag_expr(op)
        flagged = _flag_plans[plan] = flags is not None and MapPlan(
            plan.device, dataclasses.replace(op, flags=flags), out_dtype, shape, out_strides, specs, fresh)
    if flagged is False:
        plan.run(out_storage, out_offset, operands)
        return 0
    word = allocate(plan.device, (1,), _FLAGS_DTYPE)
    launch_map(plan.device, MapOp("fill", "a0", (_FLAGS_DTYPE,), _FLAGS_DTYPE), word.storage, word.view,
               _FLAGS_DTYPE, [ScalarOperand(0, _FLAGS_DTYPE)], fresh=True)
    _flags_word.storage = word.storage
    try:
        flagged.run(out_storage, out_offset, operands)
    finally:
        _flags_word.storage = None
    return int.from_bytes(plan.stream.download(word.storage, 0, 4), "little")


_INDEX = re.compile(r"\bi\b")
_COORD = re.compile(r"\bc(\d+)\b")


def _run_by_segments(device, op: MapOp, out_dtype, shape, out_strides, fresh, specs, out_storage, out_offset,
                     operands) -> None:
    """A map touching a storage of several buffers, run a box at a time (see _core/segments.py).
    A box of a fresh output that starts a segment is written fresh, other boxes in place. An op
    reading the output index `i` or coordinates gets the box's first index and coordinates as
    extra u32 operands."""
    if any(spec[0] == "raw" for spec in specs):
        raise MemoryError(f"{op.name}: an array larger than one storage binding, with an operand read by index: "
                          f"not supported")
    uses_index = bool(_INDEX.search(op.expr))
    if (uses_index or op.coords) and math.prod(shape) >= 2**32:
        raise MemoryError(f"{op.name}: {math.prod(shape)} elements: the output index reaches 2^32")
    view = TensorView.contiguous(shape) if fresh else TensorView(shape, out_strides, out_offset)
    buffers = [o.broadcast_to(shape) for o, spec in zip(operands, specs) if spec[0] == "buffer"]
    out = BufferOperand(out_storage, view, out_dtype)
    box_op, extra_specs = _with_box_origin(op, len(shape)) if uses_index or op.coords else (op, [])
    for starts, box, (out_part, *parts), _ in pieces(shape, [out, *buffers]):
        parts = iter(parts)
        box_operands = [o if spec[0] == "scalar" else next(parts) for o, spec in zip(operands, specs)]
        box_specs = [spec if spec[0] == "scalar" else ("buffer", o.dtype, o.view.strides, o.view.offset % 4 == 0)
                     for o, spec in zip(box_operands, specs)]
        if box_op is not op:
            box_operands += _box_origin(op, shape, starts, box)
            box_specs += extra_specs
        box_fresh = fresh and out_part.view.offset == 0 and out_part.view.is_contiguous
        plan = MapPlan(device, box_op, out_dtype, box, out_part.view.strides, box_specs, box_fresh)
        plan.run(out_part.storage, out_part.view.offset, box_operands)


def _with_box_origin(op: MapOp, ndim: int) -> tuple:
    """op with `i` and c0, c1, ... counted from a box's origin, given as u32 operands after op's."""
    n = len(op.in_dtypes)
    expr = _INDEX.sub(f"(i + a{n})", op.expr)
    expr = _COORD.sub(lambda m: f"(c{m[1]} + a{n + 1 + int(m[1])})", expr)
    extra = (uint32,) * (1 + ndim)
    box_op = MapOp(f"{op.name}@box", expr, op.in_dtypes + extra, op.out_dtype, op.coords, functions=op.functions)
    return box_op, [("scalar", uint32)] * len(extra)


def _box_origin(op: MapOp, shape, starts, box) -> list:
    """The box's first output index (in C order over shape) and coordinates, as operands."""
    if _INDEX.search(op.expr):  # i counts from the box's origin only if the box is a C-order run
        ndim = len(shape)
        if not any(all(box[d] == 1 for d in range(k)) and all(box[d] == shape[d] for d in range(k + 1, ndim))
                   for k in range(ndim)):
            raise MemoryError(f"{op.name}: an output larger than one storage binding, cut into boxes that are "
                              f"not runs of consecutive elements; not supported yet")
    first = sum(s * st for s, st in zip(starts, contiguous_strides(shape)))
    return [ScalarOperand(first, uint32), *(ScalarOperand(s, uint32) for s in starts)]
