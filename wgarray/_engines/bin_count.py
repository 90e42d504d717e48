"""Counting items into bins on the GPU (bincount without weights, histogram's counts): one pass
over the items with workgroup-memory counters (wgsl/bin_count.wgsl), not a sort, then one merge
of the workgroups' rows of partial counts into the output dtype (wgsl/bin_count_merge.wgsl).

An item's bin is the item itself (bincount: non-negative integers, bins = max + 1) or its place
among sorted edges (histogram: edges[i] <= v < edges[i + 1], the last bin closed on the right,
values outside the edges and NaN in no bin), found in the promoted dtype of the items and the
edges, as NumPy's searchsorted compares them (float32 zeros and subnormals among given edges
on their bits: wgsl/bin_count_flushed.wgsl; over the data's own range a negative subnormal
takes -FLT_MIN's bin: wgsl/bin_count_range_flushed.wgsl).

Two variants spare the host's read before counting: count_equal_bins (histogram's equal bins
over the data's range: a pass of (min, max) pairs of order keys, wgsl/bin_count_range.wgsl,
whose last workgroup folds the data's range, then the counting pass makes NumPy's edges from it
and adds its counts straight into the output: two dispatches, and the range read back while the
counting pass runs; on an H100 such a call of 2^24 items is mostly the GPU's two passes and a
read's latency, so its host path is planned once per layout) and
count_small_values (bincount's guess that every value is small: a summary tells whether it was).
"""

from __future__ import annotations

import functools
import struct
from typing import NamedTuple

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.device import per_device
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, ScalarOperand, allocate, zeroed_word
from .._core.params import ZERO, ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView
from .._core.wgsl import REG_TAG, cast, load_fn, with_libraries
from .fold import fold
from .fold_source import Fold, literal
from .map import MapOp, launch_map

PARAMS = ParamLayout("items", "bins", "copies", "groups", "rounds", "offset", "stride", "vectors", "tail",
                     "edges_offset", "edges_stride", "count_words", ZERO)
MERGE_PARAMS = ParamLayout("bins", "parts", "lanes", ZERO)
LOCAL_BINS = 2048  # counters per workgroup (8 KiB): bins up to this many count in workgroup memory
assert LOCAL_BINS < 1 << 12  # bin_count_stage_range.wgsl's exact remainders of the step's quotient
MAX_COPIES = 8  # copies of the counters where they fit (fewer collisions on popular bins)
ROUNDS = 64  # items per invocation while the workgroups are fewer than MAX_GROUPS
MAX_GROUPS = 1024  # a few per multiprocessor: more items then loop longer, the partial rows stay few
# count_equal_bins' passes: fewer, longer workgroups (each folds every workgroup's (min, max) pair
# first and adds its counts into the output last; on the H100 its counting pass over 2^24 float32
# items took 69 us with 528 workgroups, 80 with 1024, 106 with 2048)
RANGE_GROUPS = 512
UNROLL = 4  # loads in flight per invocation (bin_count.wgsl's UNROLL)
MAX_LANES = 32  # rows of partial counts a merge workgroup adds at once
_COUNT_DTYPES = (dt.uint32, dt.int32, dt.uint64, dt.int64)
_PAIRS = {dt.float32: dt.complex64, dt.float64: dt.complex128}  # (min, max) pairs of floats
_SIGNED_BITS = {"f32": "i32", "f64": "i64"}  # the integer register of a float's bits
_INFINITY = {"f32": "bitcast<f32>(0x7f800000u)", "f64": "bitcast<f64>(0x7ff0000000000000lu)"}
_MAGNITUDE_BITS = {"f32": "0x7fffffffu", "f64": "0x7ffffffffffffffflu"}  # all but the sign
_NO_EDGES = "fn stage_bins(lid: u32, group: u32) {}\nfn prepare_bins() {}\n"
_TAIL_FROM_VECTORS = "fn load0(idx: u32) -> f32 {{ return vin0[idx / {width}u][idx % {width}u]; }}"
# No value takes bin_count_flushed.wgsl's way (float64 compares keep subnormals; see _bin_source)
_NOT_FLUSHED = ("fn is_flushed(v: {C}) -> bool {{ return false; }}\n"
                "fn flushed_bin(v: {C}) -> u32 {{ return 0u; }}\nfn prepare_flushed() {{}}\n"
                "fn unflushed(v: {C}) -> {C} {{ return v; }}")
_STORE_ROW = "fn store_count(group: u32, bin: u32, c: u32) { atomicStore(&counts[group * p_bins() + bin], c); }"
# histogram's counts, added into the output's words: a count is below 2^31 (the items are), so the
# low word of a 64-bit count holds it all and the high word stays the range pass's zero
_STORE_TOTAL = "fn store_count(group: u32, bin: u32, c: u32) {{ if (c != 0u) {{ atomicAdd(&counts[bin * {}u], c); }} }}"


@functools.lru_cache(maxsize=None)
def _vector_kind(dtype, edges) -> tuple | None:
    """How contiguous items load as vectors of 16 bytes: (WGSL vector, items per vector, the count
    of each item), or None (items one by one). bincount's 8-byte integers: a vec4<u32> holds two,
    low word first."""
    if edges is not None and edges[0] != "summary":
        if dtype != dt.float32:
            return None
        return "vec4<f32>", 4, " ".join(f"take(v.{c});" for c in "xyzw")
    if dtype in (dt.int32, dt.uint32):
        return "vec4<u32>", 4, " ".join(f"count_bin(min(v.{c}, p_bins() - 1u));" for c in "xyzw")
    if dtype in (dt.int64, dt.uint64):  # a high word that is not 0: past the last bin
        return "vec4<u32>", 2, " ".join(f"count_bin(select(p_bins() - 1u, min(v.{lo}, p_bins() - 1u), v.{hi} == 0u));"
                                        for lo, hi in ("xy", "zw"))
    return None


def _bin_source(dtype, edges, vector, features) -> str:
    """The counting pass for items of dtype; edges: None (bincount), ("summary",) (bincount whose
    merge also sums up, see count_small_values), ("given", dtype of the edges) or ("range", dtype,
    words per count): the equal bins over the items' (min, max) pair, counts added to the output."""
    reg = dt.layout(dtype).register
    bindings = ["var<storage, read_write> counts: array<atomic<u32>>;"]
    store = _STORE_ROW
    if edges is not None and edges[0] == "range":
        storage = dt.layout(edges[1]).storage
        # then the data's (min, max), then the range pass's pairs
        bindings.append(f"var<storage, read_write> edges_out: array<{storage}>;")
        store = _STORE_TOTAL.format(edges[2])
    items, loaders = _items_source(dtype, vector, edges is not None and edges[0] == "range")
    bindings += items
    count_loop = _loop_source(vector)
    if edges is None or edges[0] == "summary":  # bincount: the value is its bin (past the last: the last)
        wide = dt.uint64 if dtype.itemsize == 8 else dt.uint32
        last = f"{dt.layout(wide).register}(p_bins() - 1u)"
        bin_of = f"fn bin_of(v: {reg}) -> u32 {{ return u32(min({cast('v', dtype, wide)}, {last})); }}"
        if edges is None:
            bin_of = _NO_EDGES + bin_of
        else:
            bindings.insert(1, "var<storage, read_write> summary: array<atomic<u32>>;")
            bin_of = render("bin_count_stage_summary") + bin_of
    else:
        kind, edges_dtype = edges[:2]
        creg = dt.layout(edges_dtype).register
        if kind == "given":
            bindings.append(f"var<storage, read> in1: array<{dt.layout(edges_dtype).storage}>;")
            loaders += "\n" + load_fn(1, edges_dtype)
            stage = render("bin_count_stage_given", C=creg, workgroup=WORKGROUP, edge=cast(
                "load1(p_edges_offset() + k * p_edges_stride())", edges_dtype, edges_dtype))
        else:
            stage = render("bin_count_stage_range", C=creg, I=_SIGNED_BITS[creg], tag=REG_TAG[creg],
                           workgroup=WORKGROUP)
        # float32 given edges: any may be subnormal or zero (bits compared). The equal bins over the
        # data's range are normal or 0.0: only a negative subnormal value needs care there, a select
        # (the bits compared for every value cost the counting pass 10 % on the H100: 80 -> 88 us)
        flushed = _NOT_FLUSHED.format(C=creg)
        if creg == "f32":
            flushed = render("bin_count_flushed" if kind == "given" else "bin_count_range_flushed")
        bin_of = render("bin_count_edges", C=creg, T=reg, tag=REG_TAG[creg], value=cast("value", dtype, edges_dtype),
                        stage=stage, flushed=flushed)
    bindings = "\n".join(f"@group(0) @binding({k}) {b}" for k, b in enumerate(bindings, 1))
    return with_libraries("bin_count", features, enables="", params=PARAMS.wgsl(), workgroup=WORKGROUP,
                          bindings=bindings, loaders=loaders, bin_of=bin_of, count_loop=count_loop,
                          local_bins=LOCAL_BINS, T=reg, store_count=store)


def _loop_source(vector) -> str:
    """The loop of a workgroup over its share of the items: as vectors, or one by one."""
    if vector is None:
        return render("bin_count_items", workgroup=WORKGROUP)
    return render("bin_count_vectors", workgroup=WORKGROUP, vector=vector[0], width=vector[1],
                  count_components=vector[2])


def _range_source(dtype, vector, features) -> str:
    """count_equal_bins' first pass (wgsl/bin_count_range.wgsl) over float items of dtype: a pair
    of order keys per workgroup, the last to arrive folding them into the data's (min, max)."""
    reg = dt.layout(dtype).register
    items, loaders = _items_source(dtype, vector, True)
    bindings = ["var<storage, read_write> counts: array<u32>;",
                f"var<storage, read_write> partials: array<{_SIGNED_BITS[reg]}>;",
                "var<storage, read_write> arrivals: array<atomic<u32>>;", *items]
    bindings = "\n".join(f"@group(0) @binding({k}) {b}" for k, b in enumerate(bindings, 1))
    return with_libraries("bin_count_range", features, enables="", params=PARAMS.wgsl(), workgroup=WORKGROUP,
                          bindings=bindings, loaders=loaders, count_loop=_loop_source(vector), C=reg,
                          I=_SIGNED_BITS[reg], tag=REG_TAG[reg], INF=_INFINITY[reg], ABS=_MAGNITUDE_BITS[reg])


def _items_source(dtype, vector, vectors_only: bool) -> tuple:
    """The items' bindings and load0: in0, and the items as vectors vin0 where they load so; or,
    vectors_only (count_equal_bins' float32 vectors), vin0 alone, the tail items read from it too
    (a storage's size is a whole number of vectors). A pass over the items then binds them once:
    the stream counts each binding's bytes as work, and two passes binding 2 x 64 MiB each reach
    its early-submit mark (stream.IDLE_SUBMIT_BYTES) just before count_equal_bins' read submits."""
    if vector is not None and vectors_only:
        return [f"var<storage, read> vin0: array<{vector[0]}>;"], _TAIL_FROM_VECTORS.format(width=vector[1])
    bindings = [f"var<storage, read> in0: array<{dt.layout(dtype).storage}>;"]
    if vector is not None:
        bindings.append(f"var<storage, read> vin0: array<{vector[0]}>;")
    return bindings, load_fn(0, dtype)


def _merge_source(dtype, summary: bool, features) -> str:
    bindings = [f"var<storage, read_write> out: array<{dt.layout(dtype).storage}>;"]
    if summary:
        bindings.append("var<storage, read_write> summary: array<atomic<u32>>;")
    bindings.append("var<storage, read> partials: array<u32>;")
    bindings = "\n".join(f"@group(0) @binding({k}) {b}" for k, b in enumerate(bindings, 1))
    summarize = render("bin_count_merge_summary") if summary else "fn summarize(bin: u32, total: u32) {}"
    return with_libraries("bin_count_merge", features, enables="", params=MERGE_PARAMS.wgsl(), workgroup=WORKGROUP,
                          bindings=bindings, summarize=summarize, store=cast("total", dt.uint32, dtype))


def count_bins(values: BufferOperand, bins: int, edges: BufferOperand | None = None,
               dtype=dt.uint32) -> BufferOperand | None:
    """How many of the 1-D `values` fall in each of `bins` bins, as `dtype` (bins,) (a 32- or
    64-bit integer dtype): a value is its own bin (edges None: non-negative integers below
    `bins`), or its bin among the 1-D sorted `edges` (bins + 1 of them, a float dtype that holds
    the values exactly, as NumPy promotes them). None where this engine does not apply (storages
    of several buffers, 2^31 items or more, a Python-level fallback then).

    Bins that fit workgroup memory: one counting pass writing a row of partial counts per
    workgroup, then one merge adding the rows into `dtype`. More bins: a zero fill, the counting
    pass on global atomics, and the merge of that one row (the cast to `dtype`)."""
    operands = [values] if edges is None else [values, edges]
    if not _applies(operands, bins):
        return None
    given = None if edges is None else (("given", edges.dtype), [edges.storage],
                                        dict(edges_offset=edges.view.offset, edges_stride=edges.view.strides[0]))
    return _count_and_merge(values, bins, dtype, given, [])


def count_small_values(values: BufferOperand, bins: int, dtype) -> tuple | None:
    """bincount's counts without the largest value known first: the 1-D non-negative integer
    `values` (not empty) counted into `bins` bins of `dtype`, the last one taking every value at or
    past it (and negative ones, as unsigned), with a summary (uint32 (2,)): the highest nonzero
    bin + 1 and the last bin's count. Where that count is 0 the counts up to that highest bin are
    bincount's, from one pass over the values and one read of the summary. None where this does
    not apply (as count_bins; bins must fit workgroup memory)."""
    if not 2 <= bins <= LOCAL_BINS or not values.shape[0] or not _applies([values], bins):
        return None
    summary = allocate(values.device, (2,), dt.uint32)
    return _count_and_merge(values, bins, dtype, (("summary",), [], {}), [summary.storage]), summary


def count_equal_bins(values: BufferOperand, bins: int, dtype) -> tuple | None:
    """histogram's counts of the 1-D float32 or float64 `values` (not empty) in `bins` equal bins
    over their own range, in two dispatches: the range pass (wgsl/bin_count_range.wgsl: a (min,
    max) pair of order keys per workgroup, folded by the last into the data's (min, max), and the
    counts zeroed), then the counting pass, which makes NumPy's edges from that range
    (wgsl/bin_count_stage_range.wgsl) and adds its counts into the output.
    Returns (counts as dtype, edges, (min, max) as Python floats): the range is read back, the one
    read (the host must see it: NumPy raises for one that is not finite, and the edges are
    NumPy's only where its ends and step pass the caller's checks), while the counting pass runs
    behind it. None where this does not apply (other dtypes, more bins than LOCAL_BINS, ...:
    count_bins on edges made on the host then)."""
    view, storage = values.view, values.storage
    plan = None if storage.segments is not None else _range_plan(values.device, values.dtype, view.shape[0],
                                                                 view.offset, view.strides[0], bins, dtype)
    if plan is None:
        return None
    read = [storage]  # the items (as vectors, or one by one: _items_source)
    pool = pool_for(plan.device)  # straight from the pool: the views are planned (host time counts here)
    out = pool.allocate(plan.sizes[0])
    edges = pool.allocate(plan.sizes[1])  # the edges, the data's (min, max), then a pair per workgroup
    items = plan.groups * WORKGROUP
    launch_kernel(plan.device, plan.range_key, plan.range_source, [out, edges, _arrivals(plan.device)] + read,
                  plan.params, items, writes=3)

    def count():
        launch_kernel(plan.device, plan.count_key, plan.count_source, [out, edges] + read, plan.params, items,
                      writes=2)

    checks = plan.checks.unpack(stream_for(plan.device).download(edges, plan.checks_at, plan.checks.size, count))
    return BufferOperand(out, plan.views[0], dtype), BufferOperand(edges, plan.views[1], values.dtype), checks


_arrivals = per_device(zeroed_word)  # the range pass's count of workgroups (0 between dispatches)


def _applies(operands, bins: int) -> bool:
    return (operands[0].shape[0] < 1 << 31 and bins < 1 << 31
            and all(o.storage.segments is None for o in operands))


def _count_and_merge(values, bins, dtype, edges, written) -> BufferOperand:
    """count_bins' passes. edges: None, or (kind, the storages read after the items', their
    parameter fields); written: the storages the counting pass writes after the counts."""
    if dtype not in _COUNT_DTYPES:
        raise TypeError(f"count_bins: counts as {dtype} are not supported")
    device, n = values.device, values.shape[0]
    out = allocate(device, (bins,), dtype)
    if bins == 0:
        return out
    groups = _groups(n)
    copies = max(1, min(MAX_COPIES, LOCAL_BINS // bins))
    shared_bins = bins * copies <= LOCAL_BINS
    parts = groups if shared_bins and n else 1
    summary = edges is not None and edges[0] == ("summary",)
    counts = out if dtype == dt.uint32 and parts == 1 and not summary else allocate(device, (parts * bins,), dt.uint32)
    if not shared_bins or n == 0:  # counts in global atomics (or none): they start at zero
        launch_map(device, MapOp("fill", "a0", (dt.uint32,), dt.uint32), counts.storage, counts.view, dt.uint32,
                   [ScalarOperand(0, dt.uint32)], fresh=True)
    if n:
        _count(values, bins, edges, [counts.storage] + written, groups, copies)
    if counts is not out:
        lanes = min(MAX_LANES, 1 << (parts - 1).bit_length())  # a power of 2, as the merge's halving needs
        launch_kernel(device, ("bin_count_merge", dtype, summary), lambda: _merge_source(dtype, summary, device.features),
                      [out.storage] + (written[:1] if summary else []) + [counts.storage],
                      MERGE_PARAMS.pack(bins=bins, parts=parts, lanes=lanes),
                      -(-bins * lanes // WORKGROUP) * WORKGROUP, writes=1 + summary)
    return out


def _groups(n: int, most: int = MAX_GROUPS) -> int:
    """Workgroups of a pass over n items (ROUNDS each, up to `most`)."""
    return max(1, min(most, -(-n // (WORKGROUP * ROUNDS))))


class _RangePlan(NamedTuple):
    device: object
    groups: int
    vector: tuple | None
    params: bytes  # both passes'
    range_key: tuple  # the kernels' keys and sources
    range_source: functools.partial
    count_key: tuple
    count_source: functools.partial
    sizes: tuple  # bytes of the counts, and of the edges, checks and (min, max) pairs
    views: tuple  # of the counts and the edges
    checks_at: int  # the byte offset of the data's (min, max), after the edges in their storage
    checks: struct.Struct  # their format


@functools.lru_cache(maxsize=64)
def _range_plan(device, dtype, n: int, offset: int, stride: int, bins: int, counts_dtype) -> _RangePlan | None:
    """What count_equal_bins records for values of this layout, or None where it does not apply
    (cached: a loop of calls on same-shaped data plans once, and checks nothing more)."""
    if dtype not in _PAIRS or not 1 <= bins <= LOCAL_BINS or not 0 < n < 1 << 31:
        return None
    if counts_dtype not in _COUNT_DTYPES:
        raise TypeError(f"count_bins: counts as {counts_dtype} are not supported")
    dt.check_supported(counts_dtype, device)
    words = counts_dtype.itemsize // 4
    groups = _groups(n, RANGE_GROUPS)
    vector, fields = _share(dtype, n, offset, stride, bins, ("range",), groups,
                            max(1, min(MAX_COPIES, LOCAL_BINS // bins)))
    source = ("range", dtype, words)
    range_source = functools.partial(_range_source, dtype, vector, device.features)
    count_source = functools.partial(_bin_source, dtype, source, vector, device.features)
    views = (TensorView.contiguous((bins,)), TensorView.contiguous((bins + 1,)))
    pairs_at = (bins + 4) // 2  # the workgroups' pairs' first, in pairs, after the edges and (min, max)
    sizes = (bins * words * 4, 2 * (pairs_at + groups) * dtype.itemsize)
    params = PARAMS.pack(count_words=bins * words, edges_offset=pairs_at, **fields)
    return _RangePlan(device, groups, vector, params, ("bin_count_range", dtype, vector), range_source,
                      ("bin_count", dtype, source, vector), count_source, sizes, views,
                      (bins + 1) * dtype.itemsize, struct.Struct("<2f" if dtype == dt.float32 else "<2d"))


def _share(dtype, n: int, offset: int, stride: int, bins: int, source, groups: int, copies: int) -> tuple:
    """How a pass's workgroups share out n values of dtype at (offset, stride)
    (bin_count_items.wgsl or bin_count_vectors.wgsl): (the vector kind or None, the PARAMS fields)."""
    vector = _vector_kind(dtype, source)
    width = 1 if vector is None else vector[1]
    if stride != 1 or offset % width or n < width:
        vector, width = None, 1
    per_round = groups * WORKGROUP * UNROLL
    fields = dict(items=n, bins=bins, copies=copies, groups=groups, rounds=-(-(n // width) // per_round),
                  offset=offset, stride=stride, vectors=n // width, tail=n % width)
    return vector, fields


def _count(values, bins, edges, written, groups, copies) -> None:
    """Record the counting pass (bin_count.wgsl) of values into the first of `written`."""
    device, view = values.device, values.view
    source = None if edges is None else edges[0]  # ("given", the edges' dtype), ("summary",) or None
    vector, fields = _share(values.dtype, view.shape[0], view.offset, view.strides[0], bins, source, groups, copies)
    storages = written + [values.storage] * (1 if vector is None else 2)  # the items, and as vectors
    if edges is not None:
        storages += edges[1]
        fields.update(edges[2])
    launch_kernel(device, ("bin_count", values.dtype, source, vector),
                  lambda: _bin_source(values.dtype, source, vector, device.features), storages,
                  PARAMS.pack(**fields), groups * WORKGROUP, writes=len(written))


def value_range(values: BufferOperand) -> BufferOperand | None:
    """min and max of the float32 or float64 `values` (any shape, not empty) in one reduction,
    as one complex scalar (min, max): NaN anywhere makes both NaN, as NumPy's min and max.
    None for other dtypes."""
    pair = _PAIRS.get(values.dtype)
    if pair is None:
        return None
    return fold(_range_fold(values.dtype, pair), values, tuple(range(len(values.shape))))


@functools.lru_cache(maxsize=None)
def _range_fold(dtype, pair) -> Fold:
    tag = REG_TAG[dt.layout(dtype).register]
    both = dt.layout(pair).register
    return Fold("value_range", pair, literal(complex(float("inf"), float("-inf")), pair),
                f"return {both}(minimum_{tag}(a.x, b.x), maximum_{tag}(a.y, b.y));", f"{both}(x, x)", dtype)
