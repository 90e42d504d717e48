"""Sorting arrays past one storage binding: rows in boxes, long rows by splitters.

The radix sort (sort.py) needs its input, its ping-pong buffers and its output each in one
binding. Rows that fit are sorted in boxes of whole rows. A row longer than that is sorted in
three steps, all on the GPU but for a small sample and the run lengths, read back to plan:
1. its pieces (each fits) are sorted;
2. splitters s_1 < ... < s_m are drawn from an even sample of the sorted pieces, and
   searchsorted finds in each piece the runs below s_1, equal to s_1, between s_1 and s_2, ...,
   above s_m (NaN sorts last, so it lands in the last run);
3. bucket by bucket, in order, the runs of all pieces are copied together (piece order: equal
   elements keep their order) and sorted again; a bucket of equal elements (or of NaNs) is
   already in order, and a bucket still too long is sorted the same way, in turn.
Stable, like the radix sort: equal keys keep their order, in either direction. An argsort
carries each element's position along: pieces' positions are shifted to the row's, and a
bucket's sort permutes the positions its runs brought.
"""

from __future__ import annotations

import math

import numpy as np

from .._core.memory import pool_for
from .._core.operands import BufferOperand, ScalarOperand, allocate, uploaded
from .._core.segments import pieces
from .._core.stream import stream_for
from .._core.view import TensorView
from .gather import IndexOperand, gather
from .map import MapOp, launch_map
from .search import searchsorted
from .sort import WORKGROUP, radix_sort

SAMPLES_PER_BUCKET = 8  # sample elements per planned bucket and piece: enough for even buckets


def fits(total: int, spec, device, index_bytes: int = 0) -> bool:
    """Whether the radix sort can sort `total` elements of this key spec in one go (carrying
    indices of index_bytes each, if any)."""
    widest = max(4 * len(spec.comps), index_bytes)
    return total < 2**32 - WORKGROUP * 64 and widest * total <= pool_for(device).segment_bytes


def sort_rows(src: BufferOperand, spec, descending: bool, indices: bool = False, index_dtype=None):
    """The rows of the contiguous (rows, n) src, each sorted: (values, positions within the row
    as index_dtype, or None unless indices), as radix_sort returns them."""
    device = src.device
    rows, n = src.shape
    out = allocate(device, (rows, n), src.dtype)
    out_idx = allocate(device, (rows, n), index_dtype) if indices else None
    limit = _limit(spec, device)
    if n > limit:
        for r in range(rows):
            _sort_long(_row(src, r), _row(out, r), None if out_idx is None else _row(out_idx, r), None, spec,
                       descending, limit)
        return out, out_idx
    per_box = max(1, limit // n)
    for starts, box, (part, _), fits_one in pieces((rows, n), [src, out], [0]):
        for first in range(0, box[0], per_box):
            count = min(per_box, box[0] - first)
            block = part.with_view(TensorView((count, n), part.view.strides, part.view.offset + first * n))
            if not fits_one:  # one row that straddles two buffers: sorted from a copy
                copied = allocate(src.device, (count, n), src.dtype)
                _copy(block, copied, 0)
                block = copied
            values, positions = radix_sort(block, spec, descending, indices=indices, index_dtype=index_dtype)
            _copy(values, out, (starts[0] + first) * n)
            if indices:
                _copy(positions, out_idx, (starts[0] + first) * n)
    return out, out_idx


def _limit(spec, device) -> int:
    """Elements the radix sort takes in one go (its raw words, each a 32-bit word, in one segment)."""
    return min(pool_for(device).segment_bytes // (4 * len(spec.comps)) // 2, 2**31 - WORKGROUP * 64)


def _row(operand: BufferOperand, r: int) -> BufferOperand:
    n = operand.shape[1]
    return operand.with_view(TensorView((1, n), (n, 1), operand.view.offset + r * n))


def _sort_long(row: BufferOperand, out: BufferOperand, out_idx, row_idx, spec, descending: bool,
               limit: int) -> None:
    """Sort the (1, n) row into out's (1, n) region (both may span several buffers). With
    out_idx, also write where each sorted element came from: its position in the row, or
    row_idx's entry for it (a bucket carries its elements' original positions)."""
    n = row.shape[1]
    indices = out_idx is not None
    index_dtype = out_idx.dtype if indices else None
    sorted_pieces, piece_idx = [], []
    for starts, box, (part,), _ in pieces((1, n), [row], [1]):
        for start in range(0, box[1], limit):
            count = min(limit, box[1] - start)
            at = starts[1] + start  # the piece's first position in the row
            piece = part.with_view(TensorView((1, count), (count, 1), part.view.offset + start))
            values, positions = radix_sort(piece, spec, indices=indices, index_dtype=index_dtype)
            sorted_pieces.append(values)
            if indices:
                piece_idx.append(_origins(positions, at, row_idx))
    splitters = _splitters(sorted_pieces, max(2, 4 * -(-n // limit)))
    floats = row.dtype.kind == "f"
    keys = uploaded(row.device, np.append(splitters, np.inf) if floats else splitters, row.dtype)
    # bounds[p] = [0, L1, R1, ..., Lm, Rm, (F,) len]: the runs of piece p, bucket by bucket, with
    # F the first NaN (NaN sorts last, in order: its bucket needs no sort)
    bounds = []
    for piece in sorted_pieces:
        flat = piece.with_view(TensorView((piece.shape[1],), (1,), piece.view.offset))
        left = _host(searchsorted(flat, keys, None, True, np.dtype(np.int64)))
        right = _host(searchsorted(flat, keys, None, False, np.dtype(np.int64)))
        pairs = np.stack([left, right], 1)[:len(splitters)].reshape(-1).tolist()
        bounds.append([0, *pairs, *right[len(splitters):].tolist(), flat.shape[0]])
    in_order = [b % 2 == 1 for b in range(2 * len(splitters) + 1)] + ([True] if floats else [])
    order = range(len(in_order))
    at = 0
    for b in (reversed(order) if descending else order):
        runs = [(bound[b], bound[b + 1] - bound[b]) for bound in bounds]
        size = sum(length for _, length in runs)
        if size == 0:
            continue
        if size == n and not in_order[b]:
            raise MemoryError(f"sorting {n} elements of {row.dtype} past one storage binding: no splitter "
                              f"divides them")
        target, target_idx = _part(out, at, size), (None if not indices else _part(out_idx, at, size))
        if in_order[b]:  # equal to a splitter, or NaN: in order already
            _gather_runs(sorted_pieces, runs, target)
            if indices:
                _gather_runs(piece_idx, runs, target_idx)
            at += size
            continue
        bucket = allocate(row.device, (1, size), row.dtype)
        _gather_runs(sorted_pieces, runs, bucket)
        bucket_idx = None
        if indices:
            bucket_idx = allocate(row.device, (1, size), index_dtype)
            _gather_runs(piece_idx, runs, bucket_idx)
        if size > limit:  # a bucket still too long: sorted the same way, in turn
            _sort_long(bucket, target, target_idx, bucket_idx, spec, descending, limit)
        else:
            values, positions = radix_sort(bucket, spec, descending, indices=indices, index_dtype=index_dtype)
            _copy(values, target, target.view.offset)
            if indices:
                _copy(_origins(positions, 0, bucket_idx), target_idx, target_idx.view.offset)
        at += size


def _part(operand: BufferOperand, at: int, size: int) -> BufferOperand:
    """size elements of a (1, n) operand from position at, as a (1, size) operand."""
    return operand.with_view(TensorView((1, size), (size, 1), operand.view.offset + at))


def _origins(positions: BufferOperand, at: int, row_idx) -> BufferOperand:
    """Where sorted elements came from: positions + at within the row, or row_idx at those
    positions (at: where the sorted piece starts in row_idx)."""
    size = positions.shape[1]
    flat = positions.with_view(TensorView((size,), (1,), positions.view.offset))
    if row_idx is None:
        out = allocate(positions.device, (1, size), positions.dtype)
        launch_map(out.device, MapOp("shift", "a0 + a1", (out.dtype, out.dtype), out.dtype), out.storage,
                   TensorView((size,), (1,), 0), out.dtype, [flat, ScalarOperand(at, out.dtype)], fresh=True)
        return out
    source = allocate(positions.device, (size,), row_idx.dtype)  # a copy in one buffer, to gather from
    _copy(row_idx.with_view(TensorView((size,), (1,), row_idx.view.offset + at)), source, 0)
    picked = gather(source, (size,), 0, (0,), [IndexOperand(flat, size, 1, "clip")])
    return picked.with_view(TensorView((1, size), (size, 1), 0))


def _splitters(sorted_pieces: list, buckets: int) -> np.ndarray:
    """Up to buckets - 1 distinct values that cut the pieces' even sample into even parts."""
    sample = []
    for piece in sorted_pieces:
        count = piece.shape[1]
        step = max(1, count // (SAMPLES_PER_BUCKET * buckets))
        taken = -(-count // step)
        view = TensorView((taken,), (step,), piece.view.offset)
        sample.append(_host(piece.with_view(view)))
    sample = np.concatenate(sample)
    sample = sample[~_isnan(sample)]  # NaN sorts last: it never splits
    if sample.size == 0:
        return sample
    sample.sort(kind="stable")
    chosen = sample[(np.arange(1, buckets) * sample.size) // buckets]
    return _distinct(chosen)


def _isnan(values: np.ndarray) -> np.ndarray:
    return np.isnan(values) if values.dtype.kind in "fc" else np.zeros(values.shape, bool)


def _distinct(values: np.ndarray) -> np.ndarray:
    """Sorted values without repeats (-0.0 and 0.0 are one value, as the sort compares them)."""
    keep = np.ones(values.shape, bool)
    keep[1:] = values[1:] != values[:-1]
    return values[keep]


def _gather_runs(sources: list, runs, target: BufferOperand) -> None:
    """Copy run k (start, length) of sources[k], one after the other, into the (1, size) target."""
    at = target.view.offset
    for source, (start, length) in zip(sources, runs):
        if length:
            run = source.with_view(TensorView((length,), (1,), source.view.offset + start))
            _copy(run, target, at)
            at += length


def _copy(values: BufferOperand, out: BufferOperand, at: int) -> None:
    """out's elements from `at` on, as many as values has, := values (flattened)."""
    size = math.prod(values.shape)
    flat = values.with_view(TensorView((size,), (1,), values.view.offset))
    launch_map(out.device, MapOp("copy", "a0", (out.dtype,), out.dtype), out.storage,
               TensorView((size,), (1,), at), out.dtype, [flat], fresh=False)


def _host(operand: BufferOperand) -> np.ndarray:
    """A small operand's values on the host (for planning only)."""
    view = operand.view
    contiguous = allocate(operand.device, view.shape, operand.dtype)
    launch_map(operand.device, MapOp("copy", "a0", (operand.dtype,), operand.dtype), contiguous.storage,
               contiguous.view, operand.dtype, [operand], fresh=True)
    data = stream_for(operand.device).download(contiguous.storage, 0, view.size * operand.dtype.itemsize)
    return np.frombuffer(data, operand.dtype).reshape(view.shape)
