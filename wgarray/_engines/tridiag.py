"""eigh of matrices past the one-workgroup size: Householder tridiagonalisation (LAPACK's
sytrd/hetrd, blocked as latrd), the tridiagonal eigenproblem (tridiag_solve.py), and the
back-transformation of the eigenvectors by the panels' compact WY form.

  tridiagonalisation  panels of NB columns, on a full Hermitian working copy A. Per column j
    one dispatch of wgsl/tridiag_column.wgsl: y = A v_{j-1} over the trailing matrix on many
    workgroups (row tiles x column chunks: partial sums), each counting its arrival on an
    atomic word of its matrix; the last of a matrix's workgroups to arrive then finishes
    w_{j-1} from the partial sums, updates column j by the panel's rank-2 terms and makes its
    reflector (d_j, e_j, tau_j, v_j). Per panel one more step (y and w of its last column),
    then A[p1:, p1:] -= [V W] [W V]^H: one product with K = 2 NB (matmul.product) and an
    in-place subtraction.
  back-transformation  Z := Q Z with Q = H_0 ... H_{n-2} = prod (I - V_p T_p V_p^H), panels in
    reverse: Z -= V_p (T_p (V_p^H Z)), three products and a subtraction per panel. T_p is made
    column by column by the column step (larft), from the V^H v it needs anyway.

Dispatches for one n x n matrix (a batch costs the same: every kernel takes the whole batch):
1 per column (past FUSE_ROWS trailing rows, the one workgroup makes y = A v itself), 3 per
panel (a last column step, the product, the subtraction); ~2 for the eigenvalues (bisection,
MAX_LOOP iterations a dispatch); 12 for the vectors (tridiag_solve.py: 5 rounds of a solve and
a per-cluster orthogonalisation, whatever the clusters); 4 per panel in the
back-transformation; the sort (argsort and gathers). At n = 1024, float32: about 1024 + 95 in
the reduction, replayed at ~5 us of host time each, against 2n^3/3 flops of GEMV that read the
trailing matrix (1.4 GB at n = 1024: under a millisecond of bandwidth) and 2n^3 flops of
matmul in the trailing updates and back-transformation.
Measured on an H100 (eigh 1024 float32; PyTorch 11.2 ms): with a GEMV dispatch of its own per
column (~18 us: its loop of one load at a time was latency-bound) and the panel stored row by
row, the reduction took 60 ms; one dispatch per column (the GEMV's loads 8 at a time), 48 ms
(eigh 80 -> 72 ms, measured with subgroup reductions in the step, which then cost 3 ms more
than trees). What remains is the one workgroup's step: ~5 us a dispatch, ~10 us of
reductions and barriers, and (row-major panel) ~30 ns a trailing row of per-row panel terms,
each invocation's loads a cache line of their own; the panel is now stored transposed so that
they are coalesced. Split at n = 1024 (512) with the transposed panel, per column: the
dispatch 24.6 us with trees (22.1), 21.7 with subgroup reductions (19.2: the reductions below,
kept); of it the GEMV alone 8.4 (10.9) against 8.2 (8.6) for a chain of empty dispatches (both
bound by the replay's host time), the step alone 17.7 (17.3), of which finish ~7 and column
~7.4: chains of dependent loads from L2 (panel dots, the panel's terms, T's column: ~8 rounds
each) and reductions. The reductions: subgroup sums, one barrier, subgroup sums of the
partials (wgsl/column_step_subgroup.wgsl; float32/complex64, trees otherwise), the panel dots'
slices and T's column (NB lanes a row) summed by butterflies within a subgroup. Tried without
gain: the GEMV's workgroups making V^H v, W^H v and the next column less the panel's older
terms (all but the last) for the step, so that its serial part shrinks: 1.1 ms slower at n =
1024, 0.9 at 512 (the GEMV's phase grows by as much as the step saves; eigh 41.6 -> 37.8 ms
with it, 3.4x PyTorch); 512 invocations a step: within noise. Then: vectors 17 ms, eigenvalues 2.6 ms,
back-transformation 1.7 ms.
A two-stage reduction (LAPACK's sy2sb + hb2st) was built and measured (fourteenth session; NumPy-
checked on every dtype, not kept): dense -> band of NB by QR panels and matmul updates, then band ->
tridiagonal by bulge chasing in one workgroup per matrix, the tasks of each round (2 s + k = r: ~2n
rounds, up to ~n / (2 NB) disjoint NB x NB tasks each) at once, then Q2 applied to the vectors. On
the H100 at n = 1024 float32 the chase alone took 44-68 ms (14-21 us a round of tasks: a chain of
global loads, barriers and NB-long reductions in one multiprocessor, which loads batched 16 rows
at a time and coalesced rows did not shorten below 44), the band reduction 25-40 ms unreplayed,
against 20 ms for the whole one-stage reduction; the chase would have to reach ~1 us a round.
"""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, render, wide_workgroup
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.replay import replayable
from .._core.view import TensorView
from .chol_blocks import block, kernel_source, mul, subtract_product, transposed, zeros
from .map import MapOp, launch_map
from . import tridiag_solve

NB = 32  # panel width: reflectors per trailing update (the column kernel's lanes)
MAX_CHUNKS = 32  # column chunks of the GEMV: partial sums per row
MIN_N = 65  # smaller matrices take the Jacobi engine (one workgroup per matrix, more accurate)

# Trailing matrices of at most FUSE_ROWS rows get y = A v from the column kernel's own workgroup
# (m^2 words read by one multiprocessor). A replayed dispatch costs ~5 us of host time, so only
# small ones pay: eigh 1024 f32 on an H100 reduces in 104 ms with 512 here, 69 ms with 128 or less.
# With today's steps the whole eigh 1024 is flat in it: 0, 64, 128, 192, 256 gave 31.1, 31.1, 31.3,
# 31.7, 32.1 ms.
FUSE_ROWS = 128

COLUMN = ParamLayout("batch", "n", ZERO, "p0", "panel", "panels", "f", "j", "finish", "column", "fused", "chunks",
                     "small_stride", "keep_v", "gemv", "groups", "chunk_len")


def suitable(device, shape, dtype) -> bool:
    """Whether eigh of matrices of this (batch, n, n) shape takes this engine: n past the
    Jacobi size, each working array within one storage binding, and (on CPU adapters, whose
    loops end past MAX_LOOP iterations) the tridiagonal solver's serial loops within MAX_LOOP:
    n <= 1376 there; larger ones take the Jacobi engine, slower but exact."""
    batch, n, _ = shape
    if n < MIN_N or batch * n * n * dtype.itemsize > pool_for(device).segment_bytes:
        return False
    return not device.is_cpu or tridiag_solve.serial_loops(n) <= MAX_LOOP


def chunking(m: int, shortest: int = 64) -> tuple[int, int]:
    """(chunk length, chunks) of the GEMV over m trailing columns: at most MAX_CHUNKS chunks,
    of at least `shortest` columns."""
    length = max(shortest, -(-m // MAX_CHUNKS))
    return length, max(1, -(-m // length))


def step_workgroup(device, dtype) -> int:
    """Invocations of the one-workgroup column steps (tridiag_column, bidiag_step): their loops
    over the trailing rows and their reductions are latency-bound, so as many as the device and
    their workgroup memory (three reduction arrays, four NB-vectors) allow."""
    part = dt.real_dtype(dtype).itemsize
    return wide_workgroup(device, 2 * dtype.itemsize + part, 4 * NB * dtype.itemsize)


SUBGROUPS = True  # the steps' reductions by subgroup operations where they can (tests turn it off)


def step_subgroups(device, dtype) -> bool:
    """Whether the column steps reduce with subgroup operations: where the adapter has them
    and the dtype's parts are 32-bit (WGSL's subgroup operations have no f64)."""
    return SUBGROUPS and "subgroup" in device.features and dt.real_dtype(dtype).itemsize == 4


def column_step_source(template: str, dtype, device, params: ParamLayout, wg: int) -> str:
    """A one-workgroup column step of wg invocations, with the reductions they share
    (wgsl/column_step_reductions.wgsl: subgroup operations or trees)."""
    T = dt.layout(dtype).register
    subgroups = step_subgroups(device, dtype)
    reduce = render("column_step_subgroup" if subgroups else "column_step_tree", T=T)
    reductions = render("column_step_reductions", T=T, WG=wg, reduce=reduce)
    sg_args = sg_init = ""
    if subgroups:
        sg_args = (", @builtin(subgroup_invocation_id) sgl: u32, @builtin(subgroup_id) sgi: u32, "
                   "@builtin(num_subgroups) sgc: u32, @builtin(subgroup_size) sgs: u32")
        sg_init = "    sg_lane = sgl;\n    sg_id = sgi;\n    sg_count = sgc;\n    sg_size = sgs;\n"
    return kernel_source(template, dtype, device, params, NB=NB, WG=wg, reductions=reductions,
                         MAX_CHUNKS=MAX_CHUNKS, sg_args=sg_args, sg_init=sg_init)


class _Reduction:
    """The buffers of one batch's tridiagonalisation and the dispatches that fill them."""

    def __init__(self, a: BufferOperand, keep_v: bool):
        self.device, self.dtype = a.device, a.dtype
        self.batch, self.n, _ = a.shape
        self.panels = -(-self.n // NB)
        self.small_stride = self.panels * NB * NB + self.n  # the panels' T, then the taus
        device, dtype, batch, n = self.device, self.dtype, self.batch, self.n
        self.keep_v = keep_v
        self.work = a
        self.pan = allocate(device, (batch, 3 * NB, n), dtype)  # [V W V], transposed
        self.vall = zeros(device, (batch, n, n) if keep_v else (1, 1, 1), dtype)
        self.small = zeros(device, (batch, self.small_stride), dtype)
        self.de = allocate(device, (batch, 2 * n), dt.real_dtype(dtype))
        self.ypart = allocate(device, (batch, MAX_CHUNKS, n), dtype)
        self.arrivals = zeros(device, (batch,), dt.uint32)  # see wgsl/tridiag_column.wgsl

    def column(self, p0: int, finish: int | None, j: int | None, fused: bool = False) -> None:
        """A column step: w of reflector `finish` (after y = A v_finish over the trailing matrix,
        on many workgroups, in the same dispatch), then column j's reflector (either may be
        None), and if fused, y = A v_j and w_j too (in the one workgroup)."""
        wg = step_workgroup(self.device, self.dtype)
        groups = length = chunks = 0
        if finish is not None:  # row tiles of wg x column chunks (of 32: each adds a term to y)
            m = self.n - finish - 1
            length, chunks = chunking(m, 32)
            groups = -(-m // wg) * chunks
        params = COLUMN.pack(batch=self.batch, n=self.n, p0=p0, panel=p0 // NB, panels=self.panels,
                             f=finish or 0, j=j or 0, finish=int(finish is not None), column=int(j is not None),
                             fused=int(fused), chunks=chunks, small_stride=self.small_stride,
                             keep_v=int(self.keep_v), gemv=int(groups > 0), groups=max(groups, 1), chunk_len=length)
        launch_kernel(self.device, ("tridiag_column", self.dtype, wg, step_subgroups(self.device, self.dtype)),
                      lambda: column_step_source("tridiag_column", self.dtype, self.device, COLUMN, wg),
                      [self.work.storage, self.pan.storage, self.vall.storage, self.small.storage,
                       self.de.storage, self.ypart.storage, self.arrivals.storage], params,
                      self.batch * max(groups, 1) * WORKGROUP, writes=7)

    def run(self) -> None:
        n = self.n
        for p0 in range(0, n, NB):
            p1 = min(n, p0 + NB)
            pending = None  # the reflector whose GEMV and w the next step does
            for j in range(p0, p1):
                fused = j < n - 1 and n - j - 1 <= FUSE_ROWS
                self.column(p0, pending, j, fused)
                pending = j if j < n - 1 and not fused else None
            if pending is not None:
                self.column(p0, pending, None)
            if p1 < n:  # A[p1:, p1:] -= V W^H + W V^H = [V W] [W V]^H
                rows = n - p1
                vw = transposed(block(self.pan, 0, 2 * NB, p1, rows))
                wv_t = block(self.pan, NB, 2 * NB, p1, rows)
                subtract_product(block(self.work, p1, rows, p1, rows), vw, wv_t, conj=True, conj_result=True)


def _hermitian_copy(a: BufferOperand, lower: bool) -> BufferOperand:
    """A fresh contiguous (batch, n, n) copy of the Hermitian matrices whose `lower` (or upper)
    triangle a holds: the other triangle mirrored and conjugated, the diagonal's imaginary part
    dropped (as LAPACK reads it)."""
    device, dtype = a.device, a.dtype
    out = allocate(device, a.shape, dtype)
    keep = "c2 <= c1" if lower else "c2 >= c1"
    if dt.kind(dtype) == "complex":
        reg = dt.layout(dtype).register
        value = f"select(select({reg}(a1.x, -a1.y), a0, {keep}), {reg}(a0.x, 0.0), c1 == c2)"
    else:
        value = f"select(a1, a0, {keep})"
    op = MapOp(f"tridiag_hermitian_{lower}", value, (dtype, dtype), dtype, coords=True)
    launch_map(device, op, out.storage, out.view, dtype, [a, transposed(a)], fresh=True)
    return out


@replayable
def _tridiagonalise(a: BufferOperand, lower: bool, keep_v: bool):
    """The reduction of the Hermitian matrices a (batch, n, n) (their lower or upper triangle):
    (d, e) as de (batch, 2n), and the reflectors' vectors (if keep_v) and T factors and taus."""
    reduction = _Reduction(_hermitian_copy(a, lower), keep_v)
    reduction.run()
    return reduction.de, reduction.vall, reduction.small


@replayable
def _back_transform(vall: BufferOperand, small: BufferOperand, z: BufferOperand) -> BufferOperand:
    """z := Q z in place, z (batch, n, n) in the matrix dtype, Q from _tridiagonalise's vectors
    vall and T factors (in small)."""
    return apply_reflectors(vall, small, z, 1)


def apply_reflectors(vall: BufferOperand, small: BufferOperand, z: BufferOperand, shift: int) -> BufferOperand:
    """z := Q z in place for Q = H_0 H_1 ... = prod_p (I - V_p T_p V_p^H), z (batch, rows, cols):
    reflector j's vector in column j of vall (batch, rows, k) from row j + shift (zero above),
    min(k, rows - shift) reflectors in panels of NB; small (batch, .) holds the panels' T
    factors (NB x NB each, row-major) from its view's offset (tridiag: vall n x n, shift 1;
    bidiag: Q's m x n with shift 0, P's n x n with shift 1). Panels in reverse:
    Z -= V_p (T_p (V_p^H Z)), two products and a fused update each."""
    batch, rows, cols = z.shape
    reflectors = min(vall.shape[2], rows - shift)
    for p in reversed(range(-(-reflectors // NB))):
        p0 = p * NB
        kb = min(NB, reflectors - p0)
        v = block(vall, p0 + shift, rows - p0 - shift, p0, kb)
        t = small.with_view(TensorView((batch, kb, kb), (small.view.strides[0], NB, 1), small.view.offset + p * NB * NB))
        zs = block(z, p0 + shift, rows - p0 - shift, 0, cols)
        subtract_product(zs, v, mul(t, mul(transposed(v), zs, conj=True)))
    return z


def eigh(a: BufferOperand, lower: bool, vectors: bool):
    """Eigenvalues (real dtype, (batch, n), NOT sorted: each split block's in ascending order at
    its rows) and, if vectors, the eigenvectors (batch, n, n) as columns in the same order, of
    the Hermitian matrices a (batch, n, n) reading their lower (or upper) triangle. Non-finite
    input gives NaN. The caller sorts (one stable argsort and gathers)."""
    batch, n, _ = a.shape
    de, vall, small = _tridiagonalise(a, lower, vectors)
    w = tridiag_solve.eigenvalues(de, batch, n)
    if not vectors:
        return w, None
    z = tridiag_solve.eigenvectors(de, w, batch, n, a.dtype)
    return w, _back_transform(vall, small, z)
