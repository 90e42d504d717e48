"""LU factorisation with partial pivoting (getrf), triangular solves (trsm) and the solve
that combines them (getrs), batched over leading dimensions, for float32, float64, complex64
and complex128.

getrf: a matrix that fits workgroup memory (n <= SMALL_MAX) is factored whole by one
workgroup (wgsl/lu_factor.wgsl, the matrix in workgroup memory). A larger one goes
right-looking and blocked, PANEL columns at a time: the panel by tournament pivoting on many
workgroups (lu_panel: CALU), which also swaps the other columns' rows and solves the U block
row; then the trailing matrix takes A22 -= L21 @ U12 through matmul.product (lu_subtract
writes it back). A panel whose rows fit one workgroup is exact partial pivoting; a taller one
may pivot on other rows than LAPACK's (equally valid ones): factors and pivots may then differ
from LAPACK's, while solve, inv and det agree with NumPy up to rounding. Where the tournament
does not fit workgroup memory (lu_panel.capacity) the panel is factored by one workgroup per
matrix in the buffer itself (the same steps), then lu_swap and lu_trsm.
No step reads anything back to the host: pivots and the singular flag stay on the GPU.

Tiny matrices (n <= 8: lu_tiny) are solved and their slogdet taken by one invocation each;
gesv_checked gives inv and solve one singular flag for the batch, which tiny ones set in the
solve's dispatch.

gesv (solve, inv): small systems whose [A | B] fits workgroup memory are solved in one
dispatch (wgsl/lu_solve_small.wgsl); larger ones go through getrf and getrs.

trsm: up to TRSV_MAX_COLS right-hand sides, one dispatch (a workgroup per column: lu_trsv);
more, blocked by TRSM_BLOCK rows: each diagonal block by substitution (one invocation per
right-hand side), the rest of the rows updated by matmul.product. A tall triangle with too few
columns to fill the GPU goes blocked too, by TRSV_PANEL rows solved by lu_trsv: one
workgroup walking all of a 4096 triangle reads it at about 5 GB/s (6 ms on an H100), the
matmuls of the blocked solve read it at the GPU's bandwidth.
"""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.replay import replayable
from .._core.view import TensorView, coalesce
from . import lu_panel, lu_tiny, matmul_update
from .lu_kernels import INDEX_DTYPE, Mat, factor, permute_capacity, permute_rows, slogdet as _slogdet_kernel, small_capacity, \
    solve_block, solve_columns, solve_small, subtract, swap_rows
from .fold import fold
from .folds import logical_fold
from .map import MapOp, launch_map
from .matmul import product

SMALL_MAX = 64  # largest n factored whole in workgroup memory (where it fits)
PANEL = 32  # columns per panel of the blocked factorisation
TRSM_BLOCK = 32  # rows per diagonal block of the blocked triangular solve
TRSV_MAX_COLS = 8  # right-hand sides up to which a triangular solve runs a workgroup per column
TRSV_PANEL = 512  # rows per diagonal block (lu_trsv) of a tall triangle with few columns
FILLING_COLUMNS = 64  # workgroups (matrices x columns) of lu_trsv that keep a large GPU busy


def _check_dtype(dtype) -> None:
    if dt.kind(dtype) not in ("float", "complex"):
        raise TypeError(f"LU works on float and complex dtypes, not {dtype}")


def _fresh_copy(x: BufferOperand, dtype) -> BufferOperand:
    """x (any view, any dtype) copied into a new contiguous operand of dtype."""
    out = allocate(x.device, x.shape, dtype)
    launch_map(x.device, MapOp("copy", "a0", (dtype,), dtype), out.storage, out.view, dtype, [x], fresh=True)
    return out


def _fill(out: BufferOperand, value) -> None:
    launch_map(out.device, MapOp("fill", "a0", (out.dtype,), out.dtype), out.storage, out.view, out.dtype,
               [ScalarOperand(value, out.dtype)], fresh=True)


@replayable
def getrf(a: BufferOperand) -> tuple[BufferOperand, BufferOperand, BufferOperand]:
    """The LU factorisation P A = L U of each matrix of a (..., n, n) (float or complex).

    Returns (lu, pivots, info): lu (..., n, n) contiguous, L below the diagonal (unit diagonal
    implied) and U on and above it; pivots (..., n) int32, row i was swapped with row
    pivots[i] at step i (0-based, LAPACK's ipiv less one); info (...) int32, 1 + the first
    column whose pivot is exactly zero, or 0 (the matrix is singular iff info != 0)."""
    _check_dtype(a.dtype)
    *batch_shape, n, n2 = a.shape
    if n != n2:
        raise ValueError(f"getrf: matrices must be square, not {n} x {n2}")
    device, dtype = a.device, a.dtype
    batch = math.prod(batch_shape)
    lu = _fresh_copy(a, dtype)
    pivots = allocate(device, (*batch_shape, n), INDEX_DTYPE)
    info = allocate(device, tuple(batch_shape), INDEX_DTYPE)
    if batch == 0:
        return lu, pivots, info
    mat = Mat(lu.storage, 0, n * n, n)
    small_wg = small_capacity(dtype, n, device) if 0 < n <= SMALL_MAX else None
    if small_wg is not None:
        factor(mat, pivots.storage, info.storage, dtype, batch, n, (0, n), (0, n), small_wg)
        return lu, pivots, info
    _fill(info, 0)
    rows = lu_panel.capacity(dtype, device, PANEL)
    for k in range(0, n, PANEL):
        kb = min(PANEL, n - k)
        rest = n - k - kb
        if rows is not None:  # the panel, its row swaps elsewhere and U12 = L11^-1 A12
            lu_panel.factor_panel(mat, pivots.storage, info.storage, dtype, batch, n, k, kb, PANEL, rows)
        else:
            factor(mat, pivots.storage, info.storage, dtype, batch, n, (k, k + kb), (k, k + kb))
            swap_rows(mat, pivots.storage, 0, n, dtype, batch, n, (k, k + kb), skip=(k, k + kb))
            if rest > 0:
                solve_block(mat.at(k, k), mat.at(k, k + kb), dtype, batch, kb, rest, lower=True, unit=True)
        if rest == 0:
            continue
        # A22 -= L21 @ U12.
        _subtract_product(mat.at(k + kb, k + kb), mat.at(k + kb, k).operand(dtype, batch, rest, kb),
                          mat.at(k, k + kb).operand(dtype, batch, kb, rest), dtype, batch, rest, rest)
    return lu, pivots, info


def _solve_in_place(t: Mat, x: Mat, dtype, batch: int, m: int, cols: int, lower: bool, unit: bool) -> None:
    """x = T^-1 x for the m x m triangles t and m x cols blocks x: blocked substitution, or
    for few columns one workgroup per column (one dispatch)."""
    block, solve_diagonal = TRSM_BLOCK, solve_block
    if cols <= TRSV_MAX_COLS:
        if m <= TRSV_PANEL or batch * cols >= FILLING_COLUMNS:
            solve_columns(t, x, dtype, batch, m, cols, lower, unit)
            return
        block, solve_diagonal = TRSV_PANEL, solve_columns
    starts = list(range(0, m, block))
    for i0 in starts if lower else reversed(starts):
        ib = min(block, m - i0)
        solve_diagonal(t.at(i0, i0), x.at(i0, 0), dtype, batch, ib, cols, lower, unit)
        # The rows not solved yet lose this block's contribution.
        r0, rows = (i0 + ib, m - i0 - ib) if lower else (0, i0)
        if rows == 0:
            continue
        _subtract_product(x.at(r0, 0), t.at(r0, i0).operand(dtype, batch, rows, ib),
                          x.at(i0, 0).operand(dtype, batch, ib, cols), dtype, batch, rows, cols)


def _subtract_product(x: Mat, a: BufferOperand, b: BufferOperand, dtype, batch: int, rows: int, cols: int) -> None:
    """x[:, :rows, :cols] -= a @ b in place: one fused dispatch where matmul_update applies, else a
    product and lu_subtract."""
    if not matmul_update.subtract_product(x.operand(dtype, batch, rows, cols), a, b):
        subtract(x, product(a, b), batch, rows, cols)


def _as_mat(t: BufferOperand, dtype) -> tuple[Mat, BufferOperand]:
    """A stack of matrices as one Mat over a flat batch, copied into dtype if its batch dims do
    not merge into one (broadcast dims merge: stride 0). Also returns the operand the Mat reads."""
    stride = _batch_stride(t.view)
    if stride is None or t.dtype != dtype:
        t = _fresh_copy(t, dtype)
        stride = _batch_stride(t.view)
    view = t.view
    return Mat(t.storage, view.offset, stride, view.strides[-2], view.strides[-1]), t


def _batch_stride(view: TensorView, core: int = 2) -> int | None:
    """The one stride that walks the flattened batch dims (all but the last `core`), or None."""
    batch_shape, (strides,) = coalesce(view.shape[:-core], view.strides[:-core])
    if len(batch_shape) > 1:
        return None
    return strides[0] if batch_shape else 0


@replayable
def trsm(t: BufferOperand, b: BufferOperand, *, lower: bool, unit: bool = False) -> BufferOperand:
    """X with T X = B for each triangular T of t (..., m, m) and B of b (..., m, k), batch shapes
    equal (broadcast views are fine). Only the lower (lower=True) or upper triangle of T is read;
    unit=True takes its diagonal as ones. Returns X (..., m, k), new and contiguous, in t's dtype
    (float or complex). A zero on the diagonal gives inf/nan, as LAPACK's trsm."""
    _check_dtype(t.dtype)
    *batch_shape, m, k = b.shape
    if t.shape != (*batch_shape, m, m):
        raise ValueError(f"trsm: triangles of shape {t.shape} do not match right-hand sides of shape {b.shape}")
    x = _fresh_copy(b, t.dtype)
    batch = math.prod(batch_shape)
    tmat, _keep = _as_mat(t, t.dtype)
    _solve_in_place(tmat, Mat(x.storage, 0, m * k, k), t.dtype, batch, m, k, lower, unit)
    return x


@replayable
def getrs(lu: BufferOperand, pivots: BufferOperand, b: BufferOperand) -> BufferOperand:
    """X with A X = B, from getrf's (lu, pivots) of A and the right-hand sides b (..., n, k).
    lu (..., n, n) and pivots (..., n) may be views broadcast to b's batch shape, so one
    factorisation serves many right-hand-side stacks. Returns X (..., n, k), new and
    contiguous, in lu's dtype."""
    *batch_shape, n, k = b.shape
    dtype = lu.dtype
    x = _fresh_copy(b, dtype)
    batch = math.prod(batch_shape)
    if x.view.size == 0:
        return x
    lumat, _keep = _as_mat(lu, dtype)
    piv_stride = _batch_stride(pivots.view, core=1)
    if piv_stride is None or pivots.view.strides[-1] != 1:
        pivots = _fresh_copy(pivots, INDEX_DTYPE)
        piv_stride = n
    xmat = Mat(x.storage, 0, n * k, k)
    if n <= permute_capacity(x.device):  # the interchanges as one permutation, walked in workgroup memory
        permuted = allocate(x.device, x.shape, dtype)
        permute_rows(permuted.storage, xmat, pivots.storage, pivots.view.offset, piv_stride, dtype, batch, n, k)
        x, xmat = permuted, Mat(permuted.storage, 0, n * k, k)
    else:
        swap_rows(xmat, pivots.storage, pivots.view.offset, piv_stride, dtype, batch, k, (0, n))
    _solve_in_place(lumat, xmat, dtype, batch, n, k, lower=True, unit=True)
    _solve_in_place(lumat, xmat, dtype, batch, n, k, lower=False, unit=False)
    return x


@replayable
def gesv(a: BufferOperand, b: BufferOperand | None) -> tuple[BufferOperand, BufferOperand]:
    """X with A X = B for the matrices of a (..., n, n) and b (..., n, k), or B the identity
    where b is None (the inverse). a's batch dims may be broadcast against b's (one
    factorisation serves them all). Returns (x, info): x (..., n, k) contiguous in a's dtype,
    info as getrf's over the broadcast batch (a singular A leaves inf/nan in its X)."""
    _check_dtype(a.dtype)
    dtype, n = a.dtype, a.shape[-1]
    batch_shape = a.shape[:-2] if b is None else b.shape[:-2]
    k = n if b is None else b.shape[-1]
    batch = math.prod(batch_shape)
    if (tiny := lu_tiny.solve(a.broadcast_to((*batch_shape, n, n)), b)) is not None:
        return tiny
    wg = small_capacity(dtype, n, a.device, n + k) if 0 < n <= SMALL_MAX and k > 0 else None
    if wg is not None and batch > 0:
        amat, _keep_a = _as_mat(a.broadcast_to((*batch_shape, n, n)), dtype)
        bmat, _keep_b = (None, None) if b is None else _as_mat(b, dtype)
        x = allocate(a.device, (*batch_shape, n, k), dtype)
        info = allocate(a.device, batch_shape, INDEX_DTYPE)
        solve_small(x.storage, info.storage, amat, bmat, dtype, batch, n, k, wg)
        return x, info
    lu, pivots, info = getrf(a)
    if b is None:
        b = _identity(a.device, n, dtype).broadcast_to(a.shape)
    x = getrs(lu.broadcast_to((*batch_shape, n, n)), pivots.broadcast_to((*batch_shape, n)), b)
    return x, info.broadcast_to(batch_shape)


def gesv_checked(a: BufferOperand, b: BufferOperand | None) -> tuple[BufferOperand, BufferOperand]:
    """gesv's x and, for callers that only ask whether any matrix is singular (inv, solve), one
    flag: a 0-d operand, non-zero iff one is (one read). Tiny matrices set it in their solve's
    dispatch (lu_tiny.solve_flagged), others fold getrf's info."""
    n = a.shape[-1]
    if (tiny := lu_tiny.solve_flagged(a if b is None else a.broadcast_to((*b.shape[:-2], n, n)), b)) is not None:
        return tiny
    x, info = gesv(a, b)
    return x, fold(logical_fold("any", info.dtype), info, tuple(range(info.view.ndim)))


def _identity(device, n: int, dtype) -> BufferOperand:
    eye = allocate(device, (n, n), dtype)
    launch_map(device, MapOp("eye", f"select({dt.layout(dtype).register}(), a0, c0 == c1)", (dtype,), dtype, coords=True),
               eye.storage, eye.view, dtype, [ScalarOperand(1, dtype)], fresh=True)
    return eye


@replayable
def slogdet(a: BufferOperand) -> tuple[BufferOperand, BufferOperand]:
    """(sign, logabsdet) of each matrix of a (..., n, n): sign in a's dtype (a unit complex
    number for complex a), logabsdet in its real dtype; 0 and -inf for a singular matrix."""
    if (tiny := lu_tiny.slogdet(a)) is not None:
        return tiny
    lu, pivots, info = getrf(a)
    batch_shape = a.shape[:-2]
    sign = allocate(a.device, batch_shape, a.dtype)
    logabsdet = allocate(a.device, batch_shape, dt.real_dtype(a.dtype))
    _slogdet_kernel(sign.storage, logabsdet.storage, lu.storage, pivots.storage, info.storage, a.dtype,
                    math.prod(batch_shape), a.shape[-1])
    return sign, logabsdet
