"""The matmul engine's work past its kernels' limits: a contracted axis of 2^31 or more terms (summed in
pieces), and operands or results that span several buffers (boxes of the index space, each in one
segment). Both call back into matmul.product (passed in) for each piece, and add partial products
with the map kernel."""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.segments import pieces
from .._core.view import TensorView
from .map import MapOp, launch_map

# The kernels index the contracted axis in u32: 2^31 or more terms are summed in pieces.
MAX_K = 1 << 31


def product_in_pieces(product, a: BufferOperand, b: BufferOperand, conj: bool, result) -> BufferOperand:
    """product() over K in pieces of fewer than MAX_K terms, their results added up (OR for bool)."""
    K = a.shape[-1]
    total = None
    for start in range(0, K, MAX_K - 1):
        stop = min(start + MAX_K - 1, K)
        av, bv = a.view, b.view
        a_part = a.with_view(TensorView((*av.shape[:-1], stop - start), av.strides, av.offset + start * av.strides[-1]))
        b_part = b.with_view(TensorView((*bv.shape[:-2], stop - start, bv.shape[-1]), bv.strides,
                                        bv.offset + start * bv.strides[-2]))
        part = product(a_part, b_part, conj=conj)
        if total is None:
            total = part
            continue
        total = add(total, part, result)
    return total


def product_by_segments(product, a: BufferOperand, b: BufferOperand, conj: bool, result, batch_shape,
                        acc) -> BufferOperand:
    """product() where an operand or the result spans several buffers. Boxes of the index space
    (batch..., M, N, K) in which A, B and C each lie in one segment, cut along batch, M and N
    first (each block of C written once) and along K only where a row of A or column of B
    straddles segments (those partial products add up); a box whose result would not fit half a
    segment is halved along M or N."""
    *_, M, K = a.shape
    N = b.shape[-1]
    av = a.view.broadcast_to((*batch_shape, M, K))
    bv = b.view.broadcast_to((*batch_shape, K, N))
    out = allocate(a.device, (*batch_shape, M, N), result)
    space = (*batch_shape, M, N, K)
    in_space = [out.with_view(TensorView(space, (*out.view.strides, 0), out.view.offset)),
                a.with_view(TensorView(space, (*av.strides[:-1], 0, av.strides[-1]), av.offset)),
                b.with_view(TensorView(space, (*bv.strides[:-2], 0, bv.strides[-1], bv.strides[-2]), bv.offset))]
    kept = list(range(len(space) - 1))
    limit = pool_for(a.device).segment_bytes // 2
    for _, box, parts, fits in pieces(space, in_space, kept):
        for c_part, a_part, b_part in _halved(box, parts, acc.itemsize, limit):
            k_parts = [(a_part, b_part)] if fits else [
                (ap, bp) for _, _, (_, ap, bp), _ in pieces(c_part.shape, [c_part, a_part, b_part], [len(space) - 1])]
            total = None
            for ap, bp in k_parts:
                sa, sb = ap.view, bp.view
                part = product(ap.with_view(TensorView((*sa.shape[:-2], sa.shape[-1]), (*sa.strides[:-2], sa.strides[-1]),
                                                       sa.offset)),
                               bp.with_view(TensorView((*sb.shape[:-3], sb.shape[-1], sb.shape[-2]),
                                                       (*sb.strides[:-3], sb.strides[-1], sb.strides[-2]), sb.offset)),
                               conj=conj)
                total = part if total is None else add(total, part, result)
            cv = c_part.view
            target = TensorView(cv.shape[:-1], cv.strides[:-1], cv.offset)
            launch_map(a.device, MapOp("copy", "a0", (result,), result), c_part.storage, target, result, [total],
                       fresh=False)
    return out


def _halved(box, parts, itemsize: int, limit: int):
    """Sub-boxes (along M or N, the larger) whose block of C holds at most `limit` bytes."""
    *_, M, N, _ = box
    if M * N * math.prod(box[:-3]) * itemsize <= limit or M * N == 1:
        yield parts
        return
    dim = len(box) - 3 if M >= N else len(box) - 2
    half = box[dim] // 2
    for start, count in ((0, half), (half, box[dim] - half)):
        shape = (*box[:dim], count, *box[dim + 1:])
        yield from _halved(shape, [p.with_view(TensorView(shape, p.view.strides, p.view.offset + start * p.view.strides[dim]))
                                   for p in parts], itemsize, limit)


def add(total: BufferOperand, part: BufferOperand, result) -> BufferOperand:
    expr = "a0 || a1" if dt.kind(result) == "bool" else "a0 + a1"  # + adds complex vec2s too
    added = allocate(part.device, part.shape, result)
    launch_map(part.device, MapOp("add", expr, (result, result), result), added.storage, added.view, result,
               [total, part], fresh=True)
    return added


