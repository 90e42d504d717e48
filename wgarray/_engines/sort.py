"""Sorting functions: sort and argsort, as a stable LSD radix sort on the GPU.

Each element's sort key is a few 32-bit words computed from its raw bits by an
order-preserving transform (flipped sign bits for integers; for floats, -0.0 equals 0.0
and every NaN sorts last). A pass sorts stably by one 8-bit digit of the key: a histogram
per tile, one exclusive scan, and a scatter that ranks each tile in workgroup memory.
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

import math
from dataclasses import dataclass

from .._core import dtypes as dt
from .._core.kernels import render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate


@dataclass(frozen=True)
class KeySpec:
    """How one (widened) dtype becomes sort keys.

    Kernels are compiled per raw element type only (few compilations); the key transform
    is chosen at run time from parameter words 12..15: kind, flip, word count, top mask.
    """

    raw: str  # WGSL type of one element's bits: u32, vec2<u32> or vec4<u32>
    kind: int  # which transform (see _KEY_FNS)
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
    def params(self) -> list:
        """Parameter words 12..15 of every kernel using the key functions."""
        return [self.kind, self.flip, len(self.bits), (1 << self.bits[-1]) - 1]


# key_word(r, w): word w (least significant first) of r's ascending key; is_nan(r).
_KEY_FNS = {
    # kind 0: integers, (r ^ flip) & mask; kind 1: float32
    "u32": """
fn key_word(r: Raw, w: u32) -> u32 {
    if (pw(12u) == 1u) { return canon32(r); }
    return (r ^ pw(13u)) & pw(15u);
}
fn is_nan(r: Raw) -> bool { return pw(12u) == 1u && isnan32(r); }""",
    # kind 0: 64-bit integers; 1: float64; 2: complex64 (imag, real, NaN class)
    "vec2<u32>": """
fn key_word(r: Raw, w: u32) -> u32 {
    let kind = pw(12u);
    if (kind == 1u) {
        let c = canon64(r.x, r.y);
        return select(c.x, c.y, w == 1u);
    }
    if (kind == 2u) {
        if (w == 0u) { return canon32(r.y); }
        if (w == 1u) { return canon32(r.x); }
        return cclass(isnan32(r.x), isnan32(r.y));
    }
    return select(r.x, r.y ^ pw(13u), w == 1u);
}
fn is_nan(r: Raw) -> bool {
    let kind = pw(12u);
    return (kind == 1u && isnan64(r.x, r.y)) || (kind == 2u && (isnan32(r.x) || isnan32(r.y)));
}""",
    # complex128: imag (2 words), real (2 words), NaN class
    "vec4<u32>": """
fn key_word(r: Raw, w: u32) -> u32 {
    if (w < 2u) {
        let c = canon64(r.z, r.w);
        return select(c.x, c.y, w == 1u);
    }
    if (w < 4u) {
        let c = canon64(r.x, r.y);
        return select(c.x, c.y, w == 3u);
    }
    return cclass(isnan64(r.x, r.y), isnan64(r.z, r.w));
}
fn is_nan(r: Raw) -> bool { return isnan64(r.x, r.y) || isnan64(r.z, r.w); }""",
}

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
    dt.uint64: (dt.uint64, "u64"), dt.int64: (dt.int64, "i64"), dt.float64: (dt.float64, "f64"),
    dt.complex64: (dt.complex64, "c64"), dt.complex128: (dt.complex128, "c128"),
}


def work_spec(dtype):
    """(working dtype, KeySpec) for sorting dtype."""
    work, name = _WORK[dtype]
    return work, SPECS[name]


def lib_source(raw: str) -> str:
    """wgsl/sort_lib.wgsl for one raw element type."""
    return render("sort_lib", enables="", keyfns=f"alias Raw = {raw};" + _KEY_FNS[raw])


# -- the radix sort ---------------------------------------------------------------------

def items_per_thread(device) -> int:
    """16 items per invocation (4096-element tiles) where workgroup memory allows."""
    need16 = (4096 + 4096 // 32 + 512) * 4
    return 16 if device.limits.get("max-compute-workgroup-storage-size", 16384) >= need16 else 8


def _load_idx(carry: bool) -> str:
    if not carry:
        return "fn load_idx(p: u32) -> u32 { return p; }"
    # pw(7) & 1: the first pass, whose indices are the positions themselves
    return "fn load_idx(p: u32) -> u32 {\n    if ((pw(7u) & 1u) != 0u) { return p; }\n    return src_idx[p];\n}"


def _hist_source(lib: str, carry: bool, ipt: int, digit=None, init: str = "") -> str:
    """wgsl/sort_hist.wgsl; digit(k): WGSL of item k's digit (default: sort_lib's digit())."""
    digit = digit or (lambda k: f"digit(src[pw(3u) + p{k}], load_idx(p{k}))")
    ks = range(ipt)
    tally = "".join(f"    let p{k} = base + min(t + {256 * k}u, count - 1u);\n    let d{k} = {digit(k)};\n"
                    for k in ks)
    tally += "".join(f"    if (t + {256 * k}u < count) {{ atomicAdd(&h[(t & 7u) * 256u + d{k}], 1u); }}\n"
                     for k in ks)
    return render("sort_hist", lib=lib, load_idx=_load_idx(carry), ipt=ipt, tally=tally, init=init,
                  zero="".join(f"    atomicStore(&h[{256 * i}u + t], 0u);\n" for i in range(8)),
                  total=" + ".join(f"atomicLoad(&h[{256 * i}u + t])" for i in range(8)))


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
    tile = 256 * ipt
    if carry:
        bindings = ("@group(0) @binding(2) var<storage, read_write> dst_idx: array<u32>;\n"
                    "@group(0) @binding(3) var<storage, read> src: array<Raw>;\n"
                    "@group(0) @binding(4) var<storage, read> src_idx: array<u32>;\n"
                    "@group(0) @binding(5) var<storage, read> hist: array<u32>;")
        # pw(7) & 4: the last pass of an argsort writes int64 positions within the row
        store = ("            if ((pw(7u) & 4u) != 0u) {\n"
                 "                dst_idx[2u * dest] = id[k] % pw(8u);\n"
                 "                dst_idx[2u * dest + 1u] = 0u;\n"
                 "            } else if ((pw(7u) & 8u) != 0u) {\n"
                 "                dst_idx[dest] = id[k] % pw(8u);\n"
                 "            } else {\n"
                 "                dst_idx[dest] = id[k];\n"
                 "            }")
    else:
        bindings = ("@group(0) @binding(2) var<storage, read> src: array<Raw>;\n"
                    "@group(0) @binding(3) var<storage, read> hist: array<u32>;")
        store = ""
    return render("sort_scatter", lib=lib_source(spec.raw), bindings=bindings, load_idx=_load_idx(carry),
                  ipt=ipt, xs=tile + tile // 32,
                  exchange_load=_exchange(spec, carry, "t + k * 256u", "t * IPT + k"),
                  exchange_blocked=_exchange(spec, carry, "rank[k]", "t * IPT + k"),
                  exchange_striped=_exchange(spec, carry, "rank[k]", "t + k * 256u"), store_idx=store)


_KEY32 = {
    False: "    let k = (b ^ kflip) & kmask;",
    True: """    let a = b & 0x7fffffffu;
    var k = select(b | 0x80000000u, ~b, a != b);
    k = select(k, 0x80000000u, a == 0u);
    k = select(k, 0xffffffffu, a > 0x7f800000u);""",
}


@dataclass(frozen=True)
class SubgroupPlan:
    """Tiles of the subgroup-ranking radix pass (32-bit elements, no indices) on one device:
    wgsl/sort_hist.wgsl and wgsl/sort_scatter_sg.wgsl with the digit of sort_digit32.wgsl."""

    ipt: int  # items per invocation: tiles of 256 * ipt
    rows: int  # counter rows; more subgroups than rows share rows in turns
    mask_words: int  # u32 words of a ballot that can be set: 1 where subgroups have <= 32 lanes

    def _lib(self, is_float: bool) -> str:
        return lib_source("u32") + "\n" + render("sort_digit32", key=_KEY32[is_float])

    def hist_source(self, is_float: bool) -> str:
        return _hist_source(self._lib(is_float), False, self.ipt,
                            lambda k: f"digit32(src[pw(3u) + p{k}])", "    key_params();")

    def scatter_source(self, is_float: bool) -> str:
        ks = range(self.ipt)
        load = "".join(
            f"    var r{k} = 0u;\n    var rd{k} = 255u << 16u;\n"
            f"    if (first + {k}u * sg + lane < count) {{\n"
            f"        r{k} = src[base + first + {k}u * sg + lane];\n        rd{k} = digit32(r{k}) << 16u;\n    }}\n"
            for k in ks)
        rank = "".join(f"            rd{k} |= rank_of(rd{k} >> 16u, valid, lt, row);\n" for k in ks)
        place = "".join(f"    xs[place_of(rd{k}, row)] = r{k};\n" for k in ks)
        store = "".join(f"    if (t + {256 * k}u < count) {{ store(t + {256 * k}u); }}\n" for k in ks)
        return render("sort_scatter_sg", lib=self._lib(is_float), ipt=self.ipt, rows=self.rows,
                      cnt_words=128 * self.rows, mask_fns=_MASKS[self.mask_words],
                      load=load, rank=rank, place=place, store=store)


# Subgroup lane masks: a ballot's words that can be set (1: subgroups of at most 32 lanes).
_MASKS = {
    1: """alias Mask = u32;
fn ballot(c: bool) -> Mask { return subgroupBallot(c).x; }
fn below(lane: u32) -> Mask { return select((1u << (lane & 31u)) - 1u, 0xffffffffu, lane >= 32u); }
fn ones(m: Mask) -> u32 { return countOneBits(m); }
fn lowest(m: Mask) -> u32 { return countTrailingZeros(m); }""",
    4: """alias Mask = vec4<u32>;
fn ballot(c: bool) -> Mask { return subgroupBallot(c); }
fn below(lane: u32) -> Mask {
    let lo = vec4<u32>(0u, 32u, 64u, 96u);
    let l = vec4<u32>(lane);
    let part = (vec4<u32>(1u) << ((l - lo) & vec4<u32>(31u))) - vec4<u32>(1u);
    return select(select(vec4<u32>(0u), part, l > lo), vec4<u32>(0xffffffffu), l >= lo + vec4<u32>(32u));
}
fn ones(m: Mask) -> u32 { let c = countOneBits(m); return c.x + c.y + c.z + c.w; }
fn lowest(m: Mask) -> u32 {
    let z = countTrailingZeros(m);
    return select(select(select(96u + z.w, 64u + z.z, m.z != 0u), 32u + z.y, m.y != 0u), z.x, m.x != 0u);
}""",
}

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
    for ipt in range(SUBGROUP_IPT, 3, -4):
        if 4 * (128 * SUBGROUP_ROWS + 256 * ipt + 3 * 256 + 2) <= limit:
            return SubgroupPlan(ipt, SUBGROUP_ROWS, 1 if hi <= 32 else 4)
    return None


SCAN_BLOCK = 2048


def scan_words(n: int) -> int:
    """u32 words a scan of n words needs: the data, then the block sums of every level."""
    total = n
    while n > SCAN_BLOCK:
        n = -(-n // SCAN_BLOCK)
        total += n
    return total


def scan(device, storage, n: int, inclusive: bool = False, offset: int = 0) -> None:
    """Prefix-sum n u32 words of storage in place (room as scan_words(n) from offset)."""
    if n == 0:
        return
    blocks = -(-n // SCAN_BLOCK)
    sums = offset + n
    flags = (2 if inclusive else 0) | (1 if blocks > 1 else 0)
    launch_kernel(device, ("sort_scan",), lambda: render("sort_scan", lib=lib_source("u32")),
                  [storage], [n, offset, sums, flags], blocks * 256)
    if blocks > 1:
        scan(device, storage, blocks, False, sums)
        launch_kernel(device, ("sort_scan_add",), lambda: render("sort_scan_add"),
                      [storage], [n, offset, sums], n)


def _words(storage_words: int, device):
    return pool_for(device).allocate(max(4 * storage_words, 4))


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
    tile = 256 * ipt
    aligned = rows == 1 or n * 4 >= tile  # long rows: tiles never straddle two rows
    carry = indices or not aligned
    if carry and fast:  # the subgroup passes carry no indices
        fast, ipt = None, items_per_thread(device)
        tile = 256 * ipt
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
    m = 256 * tiles
    hist = _words(scan_words(m), device)
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
        hist_source = lambda: _hist_source(lib_source(spec.raw), carry, ipt)  # noqa: E731
        scatter_source = lambda: _scatter_source(spec, carry, ipt)  # noqa: E731
    src_raw, src_off, src_idx = src.storage, src.view.offset, None
    for p, (word, shift) in enumerate(passes):
        first, last = p == 0, p == len(passes) - 1
        dst_raw = out_vals.storage if last and values else raw_bufs[p % 2]
        flags = (1 if first else 0) | (0 if last and not values else 2)
        if last and indices:
            dst_idx = out_idx.storage
            flags |= 4 if index_dtype.itemsize == 8 else 8
        elif carry:
            dst_idx = idx_bufs[p % 2]
        params = [n_seg, per_seg, tiles, src_off, 0, word, shift, flags, n, total, m, int(descending)] + spec.params
        reads = [src_raw] + ([src_raw if src_idx is None else src_idx] if carry else [])
        launch_kernel(device, hist_key, hist_source, [hist] + reads, params, tiles * 256)
        scan(device, hist, m)
        writes = [dst_raw, dst_idx] if carry else [dst_raw]
        launch_kernel(device, scatter_key, scatter_source, writes + reads + [hist], params, tiles * 256,
                      writes=len(writes))
        src_raw, src_off = dst_raw, 0
        if carry:
            src_idx = dst_idx
    return out_vals, out_idx
