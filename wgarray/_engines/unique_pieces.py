"""unique and isin past one storage binding, composed of engines that work in pieces.

unique.py's kernels bind whole arrays. Here every step is an engine that cuts its work at
buffer boundaries: the sort (sort_pieces), a map flagging where each run of equal values
starts (every NaN starts one unless equal_nan; -0.0 equals 0.0), the compaction of those
flags into run starts, gathers of the values and first indices at the starts, and, for the
inverse, a scan of the flags scattered back through the sort's permutation. isin searches
the sorted second operand (search.py works a buffer at a time) and compares at the position.
"""

from __future__ import annotations

import re

from .._core import dtypes as dt
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.view import TensorView
from .compact import mask_coordinates
from .gather import IndexOperand, gather, scatter
from .map import MapOp, launch_map
from .ops import BINARY, UNARY
from .scan import exclusive_sum
from .search import searchsorted
from .sort_pieces import sort_rows


def _starts_run(dtype, equal_nan: bool) -> MapOp:
    """a0 (an element of the sorted values) starts a new run after a1 (the one before it)."""
    expr = BINARY["not_equal"].wgsl(dtype)
    if equal_nan and dt.kind(dtype) in ("float", "complex"):
        isnan = UNARY["isnan"].wgsl(dtype)
        isnan_before = re.sub(r"\ba0\b", "a1", isnan)
        expr = f"({expr}) && !({isnan} && {isnan_before})"
    return MapOp("run_start", expr, (dtype, dtype), dt.bool_)


def _view(operand: BufferOperand, shape, strides, offset: int = 0) -> BufferOperand:
    return operand.with_view(TensorView(tuple(shape), tuple(strides), operand.view.offset + offset))


def _map(op: MapOp, out: BufferOperand, operands) -> None:
    launch_map(out.device, op, out.storage, out.view, out.dtype, operands, fresh=False)


def unique_by_segments(flat: BufferOperand, spec, indices: bool, inverse: bool, counts: bool, equal_nan: bool,
                       index_dtype) -> dict:
    """unique.unique for a (1, n) operand past one binding (same arguments and results)."""
    device, n, work = flat.device, flat.view.size, flat.dtype
    s, perm = sort_rows(flat, spec, False, indices=indices or inverse, index_dtype=index_dtype)
    starts_mask = allocate(device, (n,), dt.bool_)
    _map(MapOp("fill", "a0", (dt.bool_,), dt.bool_), _view(starts_mask, (1,), (1,)), [ScalarOperand(True, dt.bool_)])
    if n > 1:
        _map(_starts_run(work, equal_nan), _view(starts_mask, (n - 1,), (1,), 1),
             [_view(s, (n - 1,), (1,), 1), _view(s, (n - 1,), (1,))])
    starts = mask_coordinates(starts_mask)  # (1, k): where each run starts
    k = starts.shape[1]
    at_starts = [IndexOperand(_view(starts, (k,), (1,)), n, 1, "clip")]
    result = {"values": gather(s, (k,), s.view.offset, (0,), at_starts)}
    if indices:
        result["indices"] = gather(perm, (k,), perm.view.offset, (0,), at_starts)
    if counts:
        ends = allocate(device, (k,), dt.uint32)  # the next run's start, n for the last
        _map(MapOp("copy", "a0", (dt.uint32,), dt.uint32), _view(ends, (k - 1,), (1,)), [_view(starts, (k - 1,), (1,), 1)])
        _map(MapOp("fill", "a0", (dt.uint32,), dt.uint32), _view(ends, (1,), (1,), k - 1), [ScalarOperand(n, dt.uint32)])
        result["counts"] = allocate(device, (k,), index_dtype)
        _map(MapOp("count", "a0 - a1", (dt.uint32, dt.uint32), dt.uint32), result["counts"],
             [ends, _view(starts, (k,), (1,))])
    if inverse:
        flags = allocate(device, (n,), dt.uint32)
        _map(MapOp("copy", "a0", (dt.bool_,), dt.bool_), flags, [starts_mask])
        runs = exclusive_sum(flags)  # runs[i + 1] - 1: the run of sorted element i
        result["inverse_indices"] = out = allocate(device, (n,), index_dtype)
        run_of = allocate(device, (n,), index_dtype)
        _map(MapOp("run", "a0 - 1u", (dt.uint32,), dt.uint32), run_of, [_view(runs, (n,), (1,), 1)])
        scatter(out, (n,), 0, (0,), [IndexOperand(_view(perm, (n,), (1,)), n, 1, "clip")], run_of)
    return result


def isin_by_segments(a: BufferOperand, b: BufferOperand, spec, invert: bool) -> BufferOperand:
    """unique.isin past one binding (same arguments and result)."""
    device, n, m, work = a.device, a.view.size, b.view.size, a.dtype
    sorted_b, _ = sort_rows(b, spec, False)
    sorted_b = _view(sorted_b, (m,), (1,))
    position = searchsorted(sorted_b, _view(a, (n,), (1,)), None, True, dt.int64)
    candidate = gather(sorted_b, (n,), sorted_b.view.offset, (0,), [IndexOperand(position, m, 1, "clip")])
    out = allocate(device, (n,), dt.uint32)
    found = f"({BINARY['equal'].wgsl(work)}) && a2 < a3"
    _map(MapOp("isin", f"({found}) != {'true' if invert else 'false'}", (work, work, dt.int64, dt.int64), dt.bool_),
         out, [candidate, _view(a, (n,), (1,)), position, ScalarOperand(m, dt.int64)])
    return out
