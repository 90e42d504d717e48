"""Cholesky factorisation (LAPACK's potrf) of a batch of Hermitian positive-definite matrices.

The lower triangle of A (for upper=, of conj(A^T), i.e. A's upper triangle transposed) is
copied once into the result, its other triangle zeroed (wgsl/chol_copy.wgsl), and factored
there in place. A matrix of order at most NB (the block edge: 64, or 32 for complex128 on
small adapters) is factored by one workgroup in registers (wgsl/chol_factor.wgsl), one
workgroup per matrix of the batch. A larger one is factored blocked and right-looking, all
matrices of the batch at once, blocks of OUTER columns:
    L11 = chol(A11)                 right-looking again by NB inside the block: the kernel on
                                    each NB diagonal block, which also writes W = L^-H of it;
    L21 = A21 L11^-H                left-looking by NB column blocks: a matmul removes the
                                    columns solved before, then the product with the diagonal
                                    block's W (wgsl/chol_trsm.wgsl: trsm as trtri + gemm, as
                                    cuSOLVER; the diagonal blocks of an SPD matrix are well
                                    conditioned);
    A22 -= L21 L21^H                one fused in-place matmul (matmul_update) of K = OUTER for
                                    the trailing square, tiles on and below the diagonal only.
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
from .._core.view import coalesce
from .chol_blocks import FACTOR, WG, as_batch, block, block_size, copy, factor_fields, kernel_source, \
    solve_right_by_inverse, solve_right_lower_h, subtract_product, transposed, triangle, view_words, zeros

FLAG = dt.uint32


FACTOR_GRID = 16  # chol_factor's invocations: FACTOR_GRID x FACTOR_GRID, each holding (NB / FACTOR_GRID)^2 elements


def factor_block(a: BufferOperand, failed: BufferOperand, inv: BufferOperand | None = None, slot: int = 0) -> None:
    """Cholesky of each (n x n, n <= block_size) block of a (batch, n, n) in place: L below and
    on the diagonal, zeros above; failed[b] is set to 1 where a pivot is not positive. With inv
    (batch, slots, NB, NB), W = L^-H of each block goes to its slot `slot`."""
    batch, n, _ = a.shape
    nb = block_size(a.dtype, a.device)
    if inv is None:
        inv, words = zeros(a.device, (1,), a.dtype), dict(invert=0, inv_offset=0, inv_batch=0)
    else:
        words = dict(invert=1, inv_offset=inv.view.offset + slot * nb * nb, inv_batch=inv.view.strides[0])
    params = FACTOR.pack(batch=batch, n=n, **words, **view_words(a))
    grid = FACTOR_GRID if nb % FACTOR_GRID == 0 else 16
    launch_kernel(a.device, ("chol_factor", a.dtype, nb, grid),
                  lambda: kernel_source("chol_factor", a.dtype, a.device, FACTOR, NB=nb,
                                        **factor_fields(dt.layout(a.dtype).register, nb, grid)),
                  [a.storage, failed.storage, inv.storage], params, batch * WG, writes=3)


OUTER = 256  # the block edge of the outer level: its trailing updates are matmuls with K = 256


SOLVE_BY_INVERSE = False  # the panels' triangular solves as products with W = L^-H (else by substitution)


def _solve_block(w: BufferOperand, inv: BufferOperand | None, b: BufferOperand, j0: int, jb: int) -> None:
    """B := B L^-H in place for the diagonal NB block [j0, j0 + jb) of w, factored already: the
    product with its W in inv, or (inv None) substitution against it."""
    if inv is None:
        solve_right_lower_h(b, block(w, j0, jb, j0, jb))
    else:
        nb = inv.shape[-1]
        s = inv.view.strides
        slot = j0 // nb
        solve_right_by_inverse(b, inv.with_view(TensorView((inv.shape[0], jb, jb), (s[0], nb, 1),
                                                           inv.view.offset + slot * nb * nb)))


def _factor_diagonal(w: BufferOperand, failed: BufferOperand, inv: BufferOperand | None, nb: int, k0: int,
                     kb: int) -> None:
    """Cholesky of the diagonal block [k0, k0 + kb) of w in place, right-looking by nb (with
    inv: each nb block's W = L^-H goes to inv's slot j0 / nb)."""
    for j0 in range(k0, k0 + kb, nb):
        jb = min(nb, k0 + kb - j0)
        factor_block(block(w, j0, jb, j0, jb), failed, inv, j0 // nb)
        rest = k0 + kb - j0 - jb
        if rest == 0:
            break
        l21 = block(w, j0 + jb, rest, j0, jb)
        _solve_block(w, inv, l21, j0, jb)
        subtract_product(block(w, j0 + jb, rest, j0 + jb, rest), l21, transposed(l21), conj=True, conj_result=True,
                         lower=True)


def _solve_panel(w: BufferOperand, inv: BufferOperand | None, nb: int, k0: int, kb: int) -> None:
    """L21 := A21 L11^-H in place for the rows below the diagonal block [k0, k0 + kb) of w,
    left-looking by nb column blocks."""
    r0 = k0 + kb
    rows = w.shape[-1] - r0
    for j0 in range(k0, k0 + kb, nb):
        jb = min(nb, k0 + kb - j0)
        bj = block(w, r0, rows, j0, jb)
        if j0 > k0:
            # B_j -= X[:, k0:j0] L[j0:j0+jb, k0:j0]^H, the conjugate of conj(X) L^T
            subtract_product(bj, block(w, r0, rows, k0, j0 - k0), transposed(block(w, j0, jb, k0, j0 - k0)), conj=True,
                             conj_result=True)
        _solve_block(w, inv, bj, j0, jb)


def factor_in_place(w: BufferOperand, failed: BufferOperand) -> None:
    """The blocked Cholesky of w (batch, n, n, contiguous), lower triangle (the strict upper
    triangle is left as it is; a block on the diagonal gets zeros there): two levels, so that
    the large trailing updates are matmuls with K = OUTER."""
    batch, n, _ = w.shape
    nb = block_size(w.dtype, w.device)
    if n <= nb:
        factor_block(w, failed)
        return
    inv = allocate(w.device, (batch, -(-n // nb), nb, nb), w.dtype) if SOLVE_BY_INVERSE else None
    for k0 in range(0, n, OUTER):
        kb = min(OUTER, n - k0)
        _factor_diagonal(w, failed, inv, nb, k0, kb)
        rest = n - k0 - kb
        if rest == 0:
            break
        _solve_panel(w, inv, nb, k0, kb)
        l21 = block(w, k0 + kb, rest, k0, kb)
        # conj(L21) L21^T = conj(L21 L21^H): subtract its conjugate, on and below the diagonal.
        subtract_product(block(w, k0 + kb, rest, k0 + kb, rest), l21, transposed(l21), conj=True, conj_result=True,
                         lower=True)


def _matrices(a: BufferOperand) -> BufferOperand:
    """a (..., n, n) as a (batch, n, n) view: its batch dims merged into one stride, or, where
    they do not merge, a contiguous copy."""
    *batch_shape, n, _ = a.shape
    shape, (strides,) = coalesce(tuple(batch_shape), a.view.strides[:-2])
    if len(shape) > 1:
        return as_batch(copy(a))
    v = a.view
    return a.with_view(TensorView((math.prod(batch_shape), n, n), (strides[0] if shape else 0, *v.strides[-2:]), v.offset))


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
