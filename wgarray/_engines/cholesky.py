"""Cholesky factorisation (LAPACK's potrf) of a batch of Hermitian positive-definite matrices.

A matrix of order at most NB (the block edge whose square fits workgroup memory: 64, or 32
for complex128 on small adapters) is factored by one workgroup in workgroup memory
(wgsl/chol_factor.wgsl), one workgroup per matrix of the batch. A larger one is factored
blocked and right-looking, all matrices of the batch at once, in place on one working copy:
for each block column,
    L11 = chol(A11)                 the same kernel on the diagonal block (recursively blocked
                                    by NB inside blocks of OUTER),
    L21 = A21 L11^-H                the triangular solve (solve_right: the kernel of
                                    chol_blocks.solve_right_lower_h, blocked by NB with matmuls),
    A22 -= L21 L21^H                one matmul (matmul.product) of K = OUTER (NB inside) for
                                    the whole trailing square, subtracted on and below the
                                    diagonal only.
No step reads anything back: a pivot that is not positive sets the matrix's failure flag,
which the caller reads once for the whole batch.
"""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.replay import replayable
from .._core.view import TensorView
from .chol_blocks import FACTOR, WG, as_batch, block, block_size, copy, kernel_source, padded_stride, \
    solve_right_lower_h, subtract_product, transposed, view_words, zeros

FLAG = dt.uint32


def factor_blocks(a: BufferOperand, failed: BufferOperand) -> None:
    """Cholesky of each (n x n, n <= block_size) block of a (batch, n, n) in place: L below and
    on the diagonal, zeros above; failed[b] is set to 1 where a pivot is not positive."""
    batch, n, _ = a.shape
    nb = block_size(a.dtype, a.device)
    params = FACTOR.pack(batch=batch, n=n, **view_words(a))
    launch_kernel(a.device, ("chol_factor", a.dtype, nb),
                  lambda: kernel_source("chol_factor", a.dtype, a.device, FACTOR, NB=nb,
                                        LDS=padded_stride(a.dtype, a.device, nb)),
                  [a.storage, failed.storage], params, batch * WG, writes=2)


OUTER = 256  # the block edge of the outer level: its trailing updates are matmuls with K = 256


def _factor_level(w: BufferOperand, failed: BufferOperand, nb: int, inner) -> None:
    """One level of the blocked right-looking Cholesky of w (batch, n, n), in place, blocks of
    nb columns: inner(block, failed) factors a diagonal block, the column block below it is
    solved against it, and the trailing matrix is updated on and below its diagonal."""
    n = w.shape[-1]
    for k0 in range(0, n, nb):
        kb = min(nb, n - k0)
        l11 = block(w, k0, kb, k0, kb)
        inner(l11, failed)
        rest = n - k0 - kb
        if rest == 0:
            break
        l21 = block(w, k0 + kb, rest, k0, kb)
        solve_right(l21, l11)
        # conj(L21) L21^T = conj(L21 L21^H): subtract its conjugate, on and below the diagonal.
        # One product of the whole trailing square (twice the flops of its lower half) costs
        # less than a product per block column: the dispatches, not the flops, dominate.
        subtract_product(block(w, k0 + kb, rest, k0 + kb, rest), l21, transposed(l21), conj=True, conj_result=True,
                         lower=True)


def _factor_inner(w: BufferOperand, failed: BufferOperand) -> None:
    """Cholesky of w (batch, n, n) with n at most OUTER: blocks of the workgroup-memory size."""
    nb = block_size(w.dtype, w.device)
    if w.shape[-1] <= nb:
        factor_blocks(w, failed)
    else:
        _factor_level(w, failed, nb, factor_blocks)


def solve_right(b: BufferOperand, l: BufferOperand) -> None:
    """B := B L^-H in place for a lower triangular L (batch, k, k) of any order k: blocks of
    columns of X in turn, each the kernel's solve against a diagonal block of L after a matmul
    removes the columns solved before it."""
    k = l.shape[-1]
    nb = block_size(b.dtype, b.device)
    rows = b.shape[1]
    for j0 in range(0, k, nb):
        jb = min(nb, k - j0)
        bj = block(b, 0, rows, j0, jb)
        if j0:
            # B_j -= X[:, :j0] L[j0:j0+jb, :j0]^H, the conjugate of conj(X) L^T
            subtract_product(bj, block(b, 0, rows, 0, j0), transposed(block(l, j0, jb, 0, j0)), conj=True,
                             conj_result=True)
        solve_right_lower_h(bj, block(l, j0, jb, j0, jb))


def factor_in_place(w: BufferOperand, failed: BufferOperand) -> None:
    """The blocked Cholesky of w (batch, n, n, contiguous), lower triangle: two levels, so that
    the large trailing updates are matmuls with K = OUTER."""
    if w.shape[-1] <= OUTER:
        _factor_inner(w, failed)
    else:
        _factor_level(w, failed, OUTER, _factor_inner)


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
    work = copy(transposed(a), conj=True) if upper else copy(a)
    factor_in_place(as_batch(work), failed)
    if n <= block_size(a.dtype, a.device) and not upper:
        return work, flags  # one block: the kernel has zeroed the upper triangle
    if upper:
        return copy(transposed(work), conj=True, keep="upper"), flags
    return copy(work, keep="lower"), flags
