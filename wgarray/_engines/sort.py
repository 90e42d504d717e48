"""Sorting functions: sort and argsort, as a stable LSD radix sort on the GPU.

Each element's sort key is a few 32-bit words computed from its raw bits by an
order-preserving transform (flipped sign bits for integers; for floats, -0.0 equals 0.0
and every NaN sorts last). A pass sorts stably by one 8-bit digit of the key: a histogram
per tile, one exclusive scan (the scan engine's exclusive_sum), and a scatter that ranks
each tile in workgroup memory.
Raw bits, not keys, move between passes, so -0.0 and NaN payloads come out intact.
All passes are recorded into the stream; nothing is read back.

Where the device has subgroups, sorting 32-bit values (no indices) ranks each tile with
subgroup ballots instead (wgsl/sort_scatter_sg.wgsl, SubgroupPlan), its key transform
fixed per kernel. Per-item loops are written out in the generated WGSL: naga bounds
every loop, which keeps drivers from unrolling them (per-item arrays then live in slow
local memory); on an H100 that and the key transform made most of the time.

Sorting along an axis sorts rows of a contiguous (rows, n) array. Long rows get their own
tiles (segments); many short rows are sorted as one sequence with the row index as the
most significant key digits, which needs the element indices carried along.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .scan import exclusive_sum

RADIX = 256  # digit values of a pass (8 bits); the kernels give each digit one invocation
assert WORKGROUP == RADIX, "the radix sort kernels run one invocation per digit"

# The key transform's parameters, read by sort_lib.wgsl: every layout of a kernel that
# uses it ends with these.
KEY_FIELDS = ("key_kind", "key_flip", "key_words", "key_mask")

# The parameters of a radix pass (histogram and scatter kernels).
PASS = ParamLayout(
    "seg_len",  # elements of a segment: a row, or all rows sorted as one sequence
    "seg_tiles",  # tiles of a segment
    "tiles",
    "src_offset",
    "key_word",  # the key word the pass's digit is in; past the key words: the row index
    "shift",  # the digit's bit shift in that word
    "first_pass",  # 1: the carried indices are the positions themselves
    "write_values",  # 0: the last pass of an argsort writes indices alone
    "index_out",  # indices written: 0 as carried, 1 positions within the row as int64, 2 int32
    "row_len",
    "descending",
    *KEY_FIELDS)


@dataclass(frozen=True)
class KeySpec:
    """How one (widened) dtype becomes sort keys.

    Kernels are compiled per raw element type only (few compilations); the key transform
    is chosen at run time from the KEY_FIELDS parameters: kind, flip, word count, top mask.
    """

    raw: str  # WGSL type of one element's bits: u32, vec2<u32> or vec4<u32>
    kind: int  # which transform (see the key templates, wgsl/sort_key*.wgsl)
    bits: tuple  # significant bits of each key word, least significant word first
    flip: int = 0  # integers: bits to flip so that signed order becomes unsigned order

    @property
    def comps(self) -> tuple:
        return {"u32": ("",), "vec2<u32>": (".x", ".y"), "vec4<u32>": (".x", ".y", ".z", ".w")}[self.raw]

    @property
    def passes(self) -> list:
        """(key word, bit shift) of each 8-bit digit, least significant first."""
        return [(w, s) for w, b in enumerate(self.bits) for s in range(0, b, 8)]

    @property
    def params(self) -> dict:
        """The KEY_FIELDS values."""
        return dict(key_kind=self.kind, key_flip=self.flip, key_words=len(self.bits),
                    key_mask=(1 << self.bits[-1]) - 1)


# The key transforms of each raw element type (they define key_word and is_nan).
_KEY_TEMPLATES = {"u32": "sort_key32", "vec2<u32>": "sort_key64", "vec4<u32>": "sort_key128"}

SPECS = {
    "u8": KeySpec("u32", 0, (8,)),
    "i8": KeySpec("u32", 0, (8,), 0x80),
    "u16": KeySpec("u32", 0, (16,)),
    "i16": KeySpec("u32", 0, (16,), 0x8000),
    "u32": KeySpec("u32", 0, (32,)),
    "i32": KeySpec("u32", 0, (32,), 0x80000000),
    "f32": KeySpec("u32", 1, (32,)),
    "u64": KeySpec("vec2<u32>", 0, (32, 32)),
    "i64": KeySpec("vec2<u32>", 0, (32, 32), 0x80000000),
    "f64": KeySpec("vec2<u32>", 1, (32, 32)),
    "c64": KeySpec("vec2<u32>", 2, (32, 32, 2)),
    "c128": KeySpec("vec4<u32>", 0, (32, 32, 32, 32, 2)),
}

# dtype -> (dtype the sort works in, key spec). Packed dtypes are widened to 32 bits first.
_WORK = {
    dt.bool_: (dt.uint32, "u8"), dt.uint8: (dt.uint32, "u8"), dt.int8: (dt.int32, "i8"),
    dt.uint16: (dt.uint32, "u16"), dt.int16: (dt.int32, "i16"),
    dt.uint32: (dt.uint32, "u32"), dt.int32: (dt.int32, "i32"), dt.float32: (dt.float32, "f32"),
    dt.float16: (dt.float32, "f32"),  # widened exactly
    dt.uint64: (dt.uint64, "u64"), dt.int64: (dt.int64, "i64"), dt.float64: (dt.float64, "f64"),
    dt.complex64: (dt.complex64, "c64"), dt.complex128: (dt.complex128, "c128"),
}


def work_spec(dtype):
    """(working dtype, KeySpec) for sorting dtype."""
    work, name = _WORK[dtype]
    return work, SPECS[name]


def lib_source(raw: str, layout: ParamLayout) -> str:
    """wgsl/sort_lib.wgsl for one raw element type, with the accessors of a kernel's
    parameter layout (which has the KEY_FIELDS)."""
    return render("sort_lib", enables="", params=layout.wgsl(), raw=raw, keyfns=render(_KEY_TEMPLATES[raw]))


# -- the radix sort ---------------------------------------------------------------------

# On CPU adapters (lavapipe) the passes' compile time grows steeply with the items per
# invocation (argsort's pass: 7 s at 16, 3 s at 8, measured cold), and 8 runs as fast there.
CPU_IPT = 8


def items_per_thread(device) -> int:
    """16 items per invocation (4096-element tiles) where workgroup memory allows."""
    need16 = (16 * WORKGROUP + 16 * WORKGROUP // 32 + 2 * WORKGROUP) * 4
    if device.is_cpu or device.limits.get("max-compute-workgroup-storage-size", 16384) < need16:
        return CPU_IPT
    return 16


def _index_source(carry: bool, binding: int = 0) -> str:
    """load_idx of a pass that carries indices (src_idx at `binding`), or load_idx and
    store_idx of one that does not."""
    return render("sort_index", binding=binding) if carry else render("sort_index_none")


def _hist_source(lib: str, index: str, ipt: int, digit=None, init: str = "") -> str:
    """wgsl/sort_hist.wgsl; digit(k): WGSL of item k's digit (default: sort_digit.wgsl's digit())."""
    digit = digit or (lambda k: f"digit(src[p_src_offset() + p{k}], load_idx(p{k}))")
    ks = range(ipt)
    tally = "".join(f"    let p{k} = base + min(t + {WORKGROUP * k}u, count - 1u);\n    let d{k} = {digit(k)};\n"
                    for k in ks)
    tally += "".join(f"    if (t + {WORKGROUP * k}u < count) {{ atomicAdd(&h[(t & 7u) * {RADIX}u + d{k}], 1u); }}\n"
                     for k in ks)
    return render("sort_hist", lib=lib, index=index, ipt=ipt, tally=tally, init=init, workgroup=WORKGROUP,
                  zero="".join(f"    atomicStore(&h[{RADIX * i}u + t], 0u);\n" for i in range(8)),
                  total=" + ".join(f"atomicLoad(&h[{RADIX * i}u + t])" for i in range(8)))


def _generic_lib(raw: str) -> str:
    return lib_source(raw, PASS) + render("sort_digit")


def _exchange(spec: KeySpec, carry: bool, write: str, read: str) -> str:
    """Code moving each item to tile position `write`, then reading position `read` back."""
    parts = [f"r[k]{c}" for c in spec.comps] + (["id[k]"] if carry else [])
    lines = []
    for part in parts:
        lines += [f"    for (var k = 0u; k < IPT; k++) {{ xs[pad({write})] = {part}; }}",
                  "    workgroupBarrier();",
                  f"    for (var k = 0u; k < IPT; k++) {{ {part} = xs[pad({read})]; }}",
                  "    workgroupBarrier();"]
    return "\n".join(lines)


def _scatter_source(spec: KeySpec, carry: bool, ipt: int) -> str:
    # bindings: dst, dst_idx, src, src_idx, hist when carrying indices, else dst, src, hist
    tile = WORKGROUP * ipt
    index = _index_source(True, 4) + render("sort_index_store") if carry else _index_source(False)
    striped, blocked = f"t + k * {WORKGROUP}u", "t * IPT + k"
    return render("sort_scatter", lib=_generic_lib(spec.raw), src_binding=3 if carry else 2,
                  hist_binding=5 if carry else 3, index=index, ipt=ipt, xs=tile + tile // 32, workgroup=WORKGROUP,
                  exchange_load=_exchange(spec, carry, striped, blocked),
                  exchange_blocked=_exchange(spec, carry, "rank[k]", blocked),
                  exchange_striped=_exchange(spec, carry, "rank[k]", striped))


@dataclass(frozen=True)
class SubgroupPlan:
    """Tiles of the subgroup-ranking radix pass (32-bit elements, no indices) on one device:
    wgsl/sort_hist.wgsl and wgsl/sort_scatter_sg.wgsl with the digit of sort_digit32.wgsl."""

    ipt: int  # items per invocation: tiles of WORKGROUP * ipt
    rows: int  # counter rows; more subgroups than rows share rows in turns
    mask_words: int  # u32 words of a ballot that can be set: 1 where subgroups have <= 32 lanes

    def _lib(self, is_float: bool) -> str:
        return lib_source("u32", PASS) + render("sort_digit32", key="float_key" if is_float else "int_key")

    def hist_source(self, is_float: bool) -> str:
        return _hist_source(self._lib(is_float), _index_source(False), self.ipt,
                            lambda k: f"digit32(src[p_src_offset() + p{k}])", "    key_params();")

    def scatter_source(self, is_float: bool) -> str:
        ks = range(self.ipt)
        load = "".join(
            f"    var r{k} = 0u;\n    var rd{k} = 255u << 16u;\n"
            f"    if (first + {k}u * sg + lane < count) {{\n"
            f"        r{k} = src[base + first + {k}u * sg + lane];\n        rd{k} = digit32(r{k}) << 16u;\n    }}\n"
            for k in ks)
        rank = "".join(f"            rd{k} |= rank_of(rd{k} >> 16u, valid, lt, row);\n" for k in ks)
        place = "".join(f"    xs[place_of(rd{k}, row)] = r{k};\n" for k in ks)
        store = "".join(f"    if (t + {WORKGROUP * k}u < count) {{ store(t + {WORKGROUP * k}u); }}\n" for k in ks)
        ballot = render("sort_ballot_u32" if self.mask_words == 1 else "sort_ballot_vec4")
        return render("sort_scatter_sg", lib=self._lib(is_float), ipt=self.ipt, rows=self.rows,
                      cnt_words=128 * self.rows, ballot=ballot, workgroup=WORKGROUP,
                      load=load, rank=rank, place=place, store=store)


# Tiles of 4096 and 8 counter rows (one per subgroup of 32 lanes; smaller subgroups take
# turns): the fastest of the shapes timed on an H100, 24 KiB of workgroup memory.
SUBGROUP_IPT = 16  # items per invocation of the subgroup-ranking passes
SUBGROUP_ROWS = 8


def subgroup_plan(device):
    """The SubgroupPlan for device, or None where it has no subgroups or too little workgroup memory."""
    if "subgroup" not in device.features:
        return None
    info = device.adapter.info
    # wgpu-py 0.32 spells this key "stackgroup_max_size"
    hi = info.get("subgroup_max_size", info.get("stackgroup_max_size", 128)) or 128
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    for ipt in range(CPU_IPT if device.is_cpu else SUBGROUP_IPT, 3, -4):
        if 4 * (128 * SUBGROUP_ROWS + WORKGROUP * ipt + 3 * WORKGROUP + 2) <= limit:
            return SubgroupPlan(ipt, SUBGROUP_ROWS, 1 if hi <= 32 else 4)
    return None


def radix_sort(src: BufferOperand, spec: KeySpec, descending: bool = False, values: bool = True,
               indices: bool = False, index_dtype=None):
    """Sort each row of the contiguous (rows, n) array src (in its working dtype).

    Returns (sorted values or None, (rows, n) positions within the row or None); positions
    are in index_dtype (int64 or int32), as operands. Stable; descending keeps equal keys in order.
    """
    device = src.device
    rows, n = src.shape
    total = rows * n
    raw_words = len(spec.comps)
    index_dtype = index_dtype or dt.default_int(device)
    # 32-bit values alone: subgroup ranking where the device has it
    fast = subgroup_plan(device) if spec.raw == "u32" and not indices else None
    ipt = fast.ipt if fast else items_per_thread(device)
    tile = WORKGROUP * ipt
    aligned = rows == 1 or n * 4 >= tile  # long rows: tiles never straddle two rows
    carry = indices or not aligned
    if carry and fast:  # the subgroup passes carry no indices
        fast, ipt = None, items_per_thread(device)
        tile = WORKGROUP * ipt
    widest = max(4 * raw_words, index_dtype.itemsize if indices else 0) * total
    if total >= 2 ** 32 - tile or widest > device.max_binding:
        raise MemoryError(f"sorting {total} elements of {src.dtype} exceeds what one buffer binding holds "
                          f"on {device.name} ({device.max_binding} bytes)")
    passes = list(spec.passes)
    if aligned:
        segs, n_seg = rows, n
    else:
        segs, n_seg = 1, total
        passes += [(len(spec.bits), s) for s in range(0, (rows - 1).bit_length(), 8)]
    per_seg = -(-n_seg // tile)
    tiles = segs * per_seg
    # one count per (segment, digit, tile); its exclusive scan gives each its first position
    hist = allocate(device, (RADIX * tiles,), dt.uint32)
    pool = pool_for(device)
    raw_bytes = 4 * raw_words * total
    # pass p writes raw_bufs[p % 2], except that the last pass of a sort writes out_vals
    used = [p % 2 for p in range(len(passes)) if p < len(passes) - 1 or not values]
    raw_bufs = [pool.allocate(raw_bytes) for _ in range(max(used, default=-1) + 1)]
    idx_bufs = [pool.allocate(4 * total) for _ in range(2)] if carry else []
    out_vals = allocate(device, (rows, n), src.dtype) if values else None
    out_idx = allocate(device, (rows, n), index_dtype) if indices else None

    if fast:
        is_float = spec.kind == 1
        hist_key, scatter_key = ("sort_hist_sg", fast, is_float), ("sort_scatter_sg", fast, is_float)
        hist_source, scatter_source = (lambda: fast.hist_source(is_float)), (lambda: fast.scatter_source(is_float))
    else:
        hist_key, scatter_key = ("sort_hist", spec.raw, carry, ipt), ("sort_scatter", spec.raw, carry, ipt)
        hist_source = lambda: _hist_source(_generic_lib(spec.raw), _index_source(carry, 3), ipt)  # noqa: E731
        scatter_source = lambda: _scatter_source(spec, carry, ipt)  # noqa: E731
    fields = dict(seg_len=n_seg, seg_tiles=per_seg, tiles=tiles, row_len=n, descending=int(descending),
                  **spec.params)
    src_raw, src_off, src_idx = src.storage, src.view.offset, None
    for p, (word, shift) in enumerate(passes):
        first, last = p == 0, p == len(passes) - 1
        dst_raw = out_vals.storage if last and values else raw_bufs[p % 2]
        index_out = 0
        if last and indices:
            dst_idx = out_idx.storage
            index_out = 1 if index_dtype.itemsize == 8 else 2
        elif carry:
            dst_idx = idx_bufs[p % 2]
        params = PASS.pack(**fields, src_offset=src_off, key_word=word, shift=shift, first_pass=int(first),
                           write_values=int(not last or values), index_out=index_out)
        reads = [src_raw] + ([src_raw if src_idx is None else src_idx] if carry else [])
        launch_kernel(device, hist_key, hist_source, [hist.storage] + reads, params, tiles * WORKGROUP)
        starts = exclusive_sum(hist)
        writes = [dst_raw, dst_idx] if carry else [dst_raw]
        launch_kernel(device, scatter_key, scatter_source, writes + reads + [starts.storage], params,
                      tiles * WORKGROUP, writes=len(writes))
        src_raw, src_off = dst_raw, 0
        if carry:
            src_idx = dst_idx
    return out_vals, out_idx
