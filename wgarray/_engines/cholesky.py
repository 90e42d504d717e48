"""Cholesky factorisation (LAPACK's potrf) of a batch of Hermitian positive-definite matrices.

The lower triangle of A (for upper=, of conj(A^T): A's upper triangle transposed) is copied
once into the result, its other triangle zeroed (wgsl/chol_copy.wgsl), and factored there in
place. A matrix of order at most NB (the block edge: 64, or 32 for complex128 on small
adapters) is factored by one workgroup in registers (wgsl/chol_factor.wgsl), one workgroup
per matrix of the batch. A larger one is factored blocked and right-looking, all matrices of
the batch at once, NB columns at a time:
    L11 = chol(A11)     the factor of the diagonal block, with W = L11^-H;
    L21 = A21 L11^-H    the triangular solve as the product A21 W (trtri + gemm, as cuSOLVER
                        does; a diagonal block of a positive definite matrix is as well
                        conditioned as the square root of its condition number, and the
                        backward error stays about 1 eps);
    A22 -= L21 L21^H    one fused in-place matmul (matmul_update) of K = NB over the trailing
                        square, its tiles on and below the diagonal only.
float32 takes two dispatches a step: factor_and_solve (wgsl/chol_factor_columns.wgsl: every
workgroup factors the block, one writes L to a stage, the others solve their rows of A21 with
L11^-1 in registers; the stage goes into place at the end) and an update: in groups of two steps
where the trailing matrix is large (GROUP_STEPS, GROUP_ROWS), the first step's update only the
next block column (a strip), the second's the trailing square by both panels (K = 2 NB). The
other dtypes take three: factor_block writing W, chol_trsm's product, the update (their
invocations' column and row in factor_and_solve would spill registers).
(On an H100, 4096 float32: 3.14-3.19 ms, 1.60-1.62x torch's cuSOLVER (1.93-2.0 ms); 4.08 ms
(2.11x) with a column of the block on one invocation and no groups. Of it, 63 factor_and_solve
at 24 us each (18.5 of them the block's factorisation, which every workgroup repeats, 27 with a
column on one invocation, 17 on four, but 34 us a step then: the repeated work crowds the GPU),
FS alone 1.73 ms, updates alone 1.80. The serial column steps of the diagonal blocks cost about
0.6 us each, one at a time, however the block is spread over a workgroup (the 16 x 16 grid of
chol_factor: 39 us a block, 52 with W; an invocation a column: 44, 53 with scalar words);
chol_factor_columns' steps of K = 8 columns a barrier bring it to about 0.45 us a column, 0.3
with two invocations a column. Solvers by forward substitution with L in workgroup memory
instead of X along the steps: 4.9 ms. A two-level variant, blocks of 128 or 256 columns factored
by NB inside with K = 128 or 256 for the trailing updates, took 8.6 and 9.2 ms: its extra small
dispatches cost more than the larger K saves.)
No step reads anything back: a pivot that is not positive sets the matrix's failure flag,
which the caller reads once for the whole batch.
"""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.replay import replayable
from .._core.view import TensorView, coalesce
from . import chol_columns
from .chol_blocks import FACTOR, FACTOR_COLUMNS, WG, as_batch, block, block_size, copy, copy_into, factor_fields, \
    kernel_source, solve_right_by_inverse, subtract_product, transposed, triangle, view_words, zeros
from .chol_columns import column_fields, solver_rows

FLAG = dt.uint32
FACTOR_GRID = 16  # chol_factor's invocations: a 16 x 16 grid (8 x 8 and 32 x 32 were slower on an H100)
# The steps by factor_and_solve where an invocation's column of A and row of L^-1 take at most
# this many bytes each (float32; more spilled registers: 1024 float64 and complex64 took 4.2
# and 5.3 ms so on an H100, 1.8 and 2.2 by three dispatches a step).
COLUMN_BYTES = 256
# ... and where its first step has at most this many workgroups: each repeats the block's
# serial factorisation, which past about a wave of the GPU's workgroups (a large batch) costs
# more than the dispatch it saves (a guess: measured on single matrices only).
STEP_WORKGROUPS = 512
# Steps a trailing update waits for (_factor_by_steps) where the trailing matrix after a group's
# first step has at least GROUP_ROWS rows: where K = 128 costs less than two updates of 64 and a
# strip (an H100, float32 updates of the lower triangle: 74 us for 3968 rows and K = 128 against
# 64 for 4032 and K = 64, a strip of 4032 x 64 11 us; at 2048 rows 33.5 against 21 and a strip
# of 13.5). 4096 float32: 3.19 and 3.14 ms with groups of 2 where 2048 rows trail, 3.16 and
# 3.14 where 1024 do, 3.20 and 3.19 everywhere, 3.30 and 3.32 without; groups of 3 or 4 need
# updates of K = 192 or 256, no faster than two of 128 with their strips.
GROUP_STEPS = 2
GROUP_ROWS = 2048


def factor_block(a: BufferOperand, failed: BufferOperand, inverse: BufferOperand | None = None) -> None:
    """Cholesky of each (n x n, n <= block_size) block of a (batch, n, n) in place: L below and
    on the diagonal, zeros above; failed[b] is set to 1 where a pivot is not positive. With
    inverse (batch, NB, NB, contiguous), W = L^-H of each block goes there (rows of NB)."""
    batch, n, _ = a.shape
    nb = block_size(a.dtype, a.device)
    if inverse is None:  # a placeholder binding, never touched
        inverse, words = allocate(a.device, (1,), a.dtype), dict(invert=0, inv_offset=0, inv_batch=0)
    else:
        words = dict(invert=1, inv_offset=inverse.view.offset, inv_batch=nb * nb)
    params = FACTOR.pack(batch=batch, n=n, **words, **view_words(a))
    grid = FACTOR_GRID if nb % FACTOR_GRID == 0 else 16
    launch_kernel(a.device, ("chol_factor", a.dtype, nb, grid),
                  lambda: kernel_source("chol_factor", a.dtype, a.device, FACTOR, NB=nb,
                                        **factor_fields(dt.layout(a.dtype).register, nb, grid)),
                  [a.storage, failed.storage, inverse.storage], params, batch * WG, writes=3)


def factor_and_solve(a: BufferOperand, rows: int, failed: BufferOperand, stage: BufferOperand) -> None:
    """One step of the blocked factorisation in one dispatch (wgsl/chol_factor_columns.wgsl):
    L of each (n x n, n <= block_size) block of a (batch, n, n) goes to stage (batch, NB, NB; rows
    of NB), and the rows x n panel below each block in a's matrices is overwritten by
    B L^-H; failed[b] is set to 1 where a pivot is not positive."""
    batch, n, _ = a.shape
    nb = block_size(a.dtype, a.device)
    rt = solver_rows(a.dtype, a.device, nb)
    groups = 1 + -(-rows // rt)
    params = FACTOR_COLUMNS.pack(batch=batch, n=n, rows=rows, groups=groups, stage_offset=stage.view.offset,
                                 stage_batch=stage.view.strides[0], **view_words(a))
    k = chol_columns.step_columns(a.dtype)
    split = chol_columns.column_split(a.dtype, a.device, nb, rt, k)
    launch_kernel(a.device, ("chol_factor_columns", a.dtype, nb, rt, k, split),
                  lambda: kernel_source("chol_factor_columns", a.dtype, a.device, FACTOR_COLUMNS, NB=nb,
                                        **column_fields(dt.layout(a.dtype).register, nb, rt, k, split)),
                  [a.storage, failed.storage, stage.storage], params, batch * groups * WG, writes=3)


def factor_in_place(w: BufferOperand, failed: BufferOperand) -> None:
    """The blocked Cholesky of w (batch, n, n, contiguous), lower triangle (the strict upper
    triangle is left as it is but for the diagonal blocks', which get zeros)."""
    batch, n, _ = w.shape
    nb = block_size(w.dtype, w.device)
    if n <= nb:
        factor_block(w, failed)
    elif nb * w.dtype.itemsize <= COLUMN_BYTES and \
            batch * (1 + -(-(n - nb) // solver_rows(w.dtype, w.device, nb))) <= STEP_WORKGROUPS:
        _factor_by_steps(w, failed, nb)
    else:
        _factor_by_parts(w, failed, nb)


def _factor_by_steps(w: BufferOperand, failed: BufferOperand, nb: int) -> None:
    """Two dispatches a step: factor_and_solve, then an update. The steps go in groups of
    GROUP_STEPS: a step inside a group updates only the next block column (by the group's
    panels so far, left-looking), the group's last step the whole trailing matrix by all of
    them (K = GROUP_STEPS * nb: the trailing matrix read and written once a group). The
    steps' diagonal blocks wait in a stage and go into place at the end, in one pass."""
    batch, n, _ = w.shape
    steps = (n - 1) // nb  # the full blocks before the last one
    stage = allocate(w.device, (batch, steps, nb, nb), w.dtype)
    group_end = first = 0  # the step after the current group, the group's first column
    for step in range(steps):
        k0 = step * nb
        if step == group_end:
            first = k0
            group_end = step + (GROUP_STEPS if n - k0 - nb >= GROUP_ROWS else 1)
        slot = stage.with_view(TensorView((batch, nb, nb), (steps * nb * nb, nb, 1),
                                                stage.view.offset + step * nb * nb))
        factor_and_solve(block(w, k0, nb, k0, nb), n - k0 - nb, failed, slot)
        k1 = k0 + nb
        if step + 1 < group_end:
            _update_strip(w, k1, min(nb, n - k1), first)
        else:
            _update_trailing(w, k1, n - k1, k1 - first)
    k0 = steps * nb
    factor_block(block(w, k0, n - k0, k0, n - k0), failed)
    s = w.view.strides
    diagonal = w.with_view(TensorView((batch, steps, nb, nb), (s[0], nb * (s[1] + s[2]), s[1], s[2]), w.view.offset))
    copy_into(diagonal, stage)


def _factor_by_parts(w: BufferOperand, failed: BufferOperand, nb: int) -> None:
    """Three dispatches a step: factor_block with W = L^-H, the solve as the product with W
    (chol_trsm), the trailing update."""
    batch, n, _ = w.shape
    inverse = allocate(w.device, (batch, nb, nb), w.dtype)  # each step's W, used by its solve
    for k0 in range(0, n, nb):
        kb = min(nb, n - k0)
        rest = n - k0 - kb
        factor_block(block(w, k0, kb, k0, kb), failed, inverse if rest else None)
        if rest == 0:
            break
        w11 = inverse.with_view(TensorView((batch, kb, kb), (nb * nb, nb, 1), inverse.view.offset))
        solve_right_by_inverse(block(w, k0 + kb, rest, k0, kb), w11)
        _update_trailing(w, k0 + kb, rest, kb)


def _update_trailing(w: BufferOperand, k0: int, rest: int, kb: int) -> None:
    """A22 -= L21 L21^H over the rest x rest square at (k0, k0), L21 the kb columns left of it:
    conj(L21) L21^T = conj(L21 L21^H), its conjugate subtracted, on and below the diagonal."""
    l21 = block(w, k0, rest, k0 - kb, kb)
    subtract_product(block(w, k0, rest, k0, rest), l21, transposed(l21), conj=True, conj_result=True, lower=True)


def _update_strip(w: BufferOperand, k0: int, width: int, first: int) -> None:
    """The block column of width columns at (k0, k0), all its rows, minus L L^H by the panels of
    columns first .. k0 (on and below the diagonal)."""
    n = w.shape[1]
    strip = block(w, k0, n - k0, k0, width)
    panels = block(w, k0, n - k0, first, k0 - first)
    subtract_product(strip, panels, transposed(block(w, k0, width, first, k0 - first)), conj=True,
                     conj_result=True, lower=True)


def _matrices(a: BufferOperand) -> BufferOperand:
    """a (..., n, n) as a (batch, n, n) view: its batch dims merged into one stride, or, where
    they do not merge, a contiguous copy."""
    *batch_shape, n, _ = a.shape
    shape, (strides,) = coalesce(tuple(batch_shape), a.view.strides[:-2])
    if len(shape) > 1:
        return as_batch(copy(a))
    v = a.view
    batch_stride = strides[0] if shape else 0
    return a.with_view(TensorView((math.prod(batch_shape), n, n), (batch_stride, *v.strides[-2:]), v.offset))


@replayable
def cholesky(a: BufferOperand, upper: bool = False) -> tuple[BufferOperand, BufferOperand]:
    """The Cholesky factor of every matrix of a (..., n, n): L (A = L L^H, reading A's lower
    triangle) or, if upper, U (A = U^H U, reading the upper triangle); the other triangle of
    the result is zero. Also returns the failure flags (..., uint32): 1 where the matrix is not
    positive definite."""
    *batch_shape, n, _ = a.shape
    batch = math.prod(batch_shape)
    failed = zeros(a.device, (max(batch, 1),), FLAG)
    flags = failed.with_view(TensorView.contiguous(tuple(batch_shape)))
    if batch == 0 or n == 0:
        return allocate(a.device, a.shape, a.dtype), flags
    # Work on the lower triangle: U = L^H for the L of conj(A^T), whose lower triangle is A's upper.
    work = triangle(_matrices(a), transpose=upper)
    factor_in_place(work, failed)
    if upper:
        work = triangle(work, transpose=True, upper=True)
    return work.with_view(TensorView.contiguous(a.shape)), flags
