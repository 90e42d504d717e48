"""Sorting arrays past one storage binding: rows in boxes, long rows by splitters.

The radix sort (sort.py) needs its input, its ping-pong buffers and its output each in one
binding. Rows that fit are sorted in boxes of whole rows. A row longer than that is sorted in
three steps, all on the GPU but for a small sample and the run lengths, read back to plan:
1. its pieces (each fits) are sorted;
2. splitters s_1 < ... < s_m are drawn from an even sample of the sorted pieces, and
   searchsorted finds in each piece the runs below s_1, equal to s_1, between s_1 and s_2, ...,
   above s_m (NaN sorts last, so it lands in the last run);
3. bucket by bucket, in order, the runs of all pieces are copied together (piece order: equal
   elements keep their order) and sorted again; a bucket of equal elements is already in
   order, and a bucket still too long is sorted the same way, in turn.
Stable, like the radix sort: equal keys keep their order, in either direction.
"""

from __future__ import annotations

import math

import numpy as np

from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.segments import pieces
from .._core.stream import stream_for
from .._core.view import TensorView
from .map import MapOp, launch_map
from .search import searchsorted
from .sort import WORKGROUP, radix_sort

SAMPLES_PER_BUCKET = 8  # sample elements per planned bucket and piece: enough for even buckets


def fits(total: int, spec, device) -> bool:
    """Whether the radix sort can sort `total` elements of this key spec in one go."""
    return total < 2**32 - WORKGROUP * 64 and 4 * len(spec.comps) * total <= pool_for(device).segment_bytes


def sort_rows(src: BufferOperand, spec, descending: bool) -> BufferOperand:
    """The rows of the contiguous (rows, n) src, each sorted (values only)."""
    device = src.device
    rows, n = src.shape
    out = allocate(device, (rows, n), src.dtype)
    limit = _limit(spec, device)
    if n > limit:
        for r in range(rows):
            _sort_long(_row(src, r), _row(out, r), spec, descending, limit)
        return out
    per_box = max(1, limit // n)
    for starts, box, (part, _), fits_one in pieces((rows, n), [src, out], [0]):
        for first in range(0, box[0], per_box):
            count = min(per_box, box[0] - first)
            block = part.with_view(TensorView((count, n), part.view.strides, part.view.offset + first * n))
            if not fits_one:  # one row that straddles two buffers: sorted from a copy
                copied = allocate(src.device, (count, n), src.dtype)
                _copy(block, copied, 0)
                block = copied
            values, _ = radix_sort(block, spec, descending)
            _copy(values, out, (starts[0] + first) * n)
    return out


def _limit(spec, device) -> int:
    """Elements the radix sort takes in one go (its raw words, each a 32-bit word, in one segment)."""
    return min(pool_for(device).segment_bytes // (4 * len(spec.comps)), 2**32 - WORKGROUP * 64 - 1)


def _row(operand: BufferOperand, r: int) -> BufferOperand:
    n = operand.shape[1]
    return operand.with_view(TensorView((1, n), (n, 1), operand.view.offset + r * n))


def _sort_long(row: BufferOperand, out: BufferOperand, spec, descending: bool, limit: int) -> None:
    """Sort the (1, n) row into out's (1, n) region (both may span several buffers)."""
    n = row.shape[1]
    sorted_pieces = []
    for _, box, (part,), _ in pieces((1, n), [row], [1]):
        for start in range(0, box[1], limit):
            count = min(limit, box[1] - start)
            piece = part.with_view(TensorView((1, count), (count, 1), part.view.offset + start))
            sorted_pieces.append(radix_sort(piece, spec)[0])
    buckets = max(2, 4 * -(-n // limit))
    splitters = _splitters(sorted_pieces, buckets)
    keys = _uploaded(splitters, row)
    # bounds[p] = [0, L1, R1, ..., Lm, Rm, len]: the runs of piece p, bucket by bucket
    bounds = []
    for piece in sorted_pieces:
        flat = piece.with_view(TensorView((piece.shape[1],), (1,), piece.view.offset))
        left = _host(searchsorted(flat, keys, None, True, np.dtype(np.int64)))
        right = _host(searchsorted(flat, keys, None, False, np.dtype(np.int64)))
        bounds.append([0, *np.stack([left, right], 1).reshape(-1).tolist(), flat.shape[0]])
    order = range(2 * len(splitters) + 1)
    at = out.view.offset
    for b in (reversed(order) if descending else order):
        runs = [(piece, bound[b], bound[b + 1] - bound[b]) for piece, bound in zip(sorted_pieces, bounds)]
        size = sum(length for _, _, length in runs)
        if size == 0:
            continue
        target = out.with_view(TensorView((1, size), (size, 1), at))
        if b % 2:  # elements equal to a splitter: in order already
            _gather_runs(runs, target)
        elif size <= limit:
            bucket = allocate(row.device, (1, size), row.dtype)
            _gather_runs(runs, bucket)
            _copy(radix_sort(bucket, spec, descending)[0], target, target.view.offset)
        else:
            bucket = allocate(row.device, (1, size), row.dtype)
            _gather_runs(runs, bucket)
            _sort_long(bucket, target, spec, descending, limit)
        at += size


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


def _gather_runs(runs, target: BufferOperand) -> None:
    """Copy runs (piece, start, length), one after the other, into the (1, size) target."""
    at = target.view.offset
    for piece, start, length in runs:
        if length:
            run = piece.with_view(TensorView((length,), (1,), piece.view.offset + start))
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


def _uploaded(values: np.ndarray, like: BufferOperand) -> BufferOperand:
    """The splitters, on the GPU in like's dtype."""
    operand = allocate(like.device, values.shape, like.dtype)
    stream_for(like.device).upload(operand.storage, np.ascontiguousarray(values, like.dtype).view(np.uint8))
    return operand
