"""svd and svdvals of matrices past the Jacobi size: Householder bidiagonalisation (LAPACK's
gebrd, blocked as labrd), the bidiagonal SVD as the eigenproblem of the Golub-Kahan
tridiagonal (LAPACK's bdsvdx; bidiag_solve.py), and the back-transformations of the singular
vectors by the two sets of reflectors' compact WY forms (tridiag.apply_reflectors).

A (m x n, m >= n; a wide matrix is factored as A^H) = Q B P^H, B real upper bidiagonal,
Q = H_0 ... H_{n-1}, P = G_0 ... G_{n-2}. The reduction runs in panels of NB columns on a
working copy; per column j two dispatches of wgsl/bidiag_step.wgsl (the panel's updates
deferred as A - V Y^H - X U^H), each a GEMV over the trailing matrix on many workgroups whose
last to arrive (an atomic count per matrix) goes on with one workgroup's step:
    A u_{j-1}, then finish x_{j-1}; column j less the panel's updates, its reflector v_j (d_j, tauq_j)
    A^H v_j, then finish y_j (and T_q's column); row j less the updates, its reflector u_j (e_j)
and for trailing matrices of at most FUSE_AREA elements, one step that does all four (its
workgroup makes both GEMVs). Per panel, one step that finishes the last x and then
A[p1:, p1:] -= [V X] [Y U]^H: one product with K = 2 NB and an in-place subtraction.
Then T (2n x 2n: zero diagonal, off-diagonal d_0 e_0 d_1 ... d_{n-1}) has eigenvalues
+-sigma; tridiag_solve's bisection gives all 2n (one invocation each), its inverse iteration
their vectors, each interleaving (v, u) / sqrt(2); bidiag_solve.py picks the n largest, splits
and normalises the parts (and repairs the near-null ones), and U = Q Ub, V = P Vb by the
panels' compact WY forms (T factors made by the finishing steps, larft forward).

Dispatches for one n x n matrix (a batch costs the same), at n = 1024, float32: 2 per column
while the trailing matrix has more than FUSE_AREA elements (j < 896), 1 per column past that,
1 + 2 per panel (the last x, the product and the subtraction): about 2000 for the reduction;
then 4 bisection dispatches, the ranking, copies for svdvals; svd + 1 + R for the 2n
eigenvectors (R: the clusters' rounds, usually 1, after one host read), 2 for the assembly
and repair (on a GPU; a CPU adapter splits the repair by MAX_LOOP), and per panel of each
back-transformation 3 products (~7 dispatches with their split-K reductions) and a
subtraction. The reduction and everything after the eigenvectors are @replayable: at ~5 us
a dispatch on the H100 machine about 10 ms of host time, against 8 n^3 / 3 flops of GEMV
(2.8 GB read at n = 1024: ~1 ms of bandwidth) and ~4 n^3 flops of matmul.
Measured on an H100 (svd 1024 float32; PyTorch 54 ms): 4 dispatches per column (two steps,
two GEMVs of their own), 148 ms; the GEMVs in the steps' dispatches (their loads 8 at a time),
136 ms with subgroup reductions in the steps (the reduction 93 ms of it; 89 with the trees
kept). The steps are one workgroup's, as tridiag.py's (see there:
the panel is now stored transposed so that their per-row terms are coalesced, not yet
measured there). With it, 97 ms: the reduction 53 ms (1983 dispatches issued in 19 ms of host
time, so GPU-bound at ~50 us a column; square n = 768, 512, 384, 256, 128 reduce in 38, 24,
19, 17, 6 ms), the 2n eigenvalues 6.6 ms, their vectors 8.3 ms, bidiag_solve.vectors 31 ms
(the back-transformations ~6 ms each, issued unreplayed; most of the rest the repair's
one-workgroup Gram-Schmidt of 5 flagged columns). The repair's loops coalesced, at the
device's width: vectors 10 ms, svd 77 ms. Tried without gain: the reflector's norm in one
pass (lassq sums of squares taken as the column is written, one tree instead of two passes
and two trees) and less_pair, panel_dots 8 terms at a time: the reduction 53.2 ms either way.
Split at n = 1024 (issue 12, twelfth session; per column): 47.7 us with trees, 43.1 with
subgroup reductions (tridiag.py), of which the first step (finish x, column) ~14 us and the
second (finish y, row) ~18 us, the GEMVs ~3.4 and ~4.5 us more than none; both steps' chains
are the panel dots, the panel's terms, T's column and the reflector's two reductions. With the
subgroup sums, T's column on NB lanes a row and y's partial sums 8 at a time: the reduction
43.1 ms, svd 73 -> 63 ms (1.32x -> 1.14x PyTorch, measured with the variant tried next, within
0.3 ms of this). Tried without gain: the GEMV's workgroups making the panel dots and the next
column (row) less its older terms: 0.3 ms faster at n = 1024, 1.3 ms slower at 512.
"""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.replay import replayable
from .._core.view import TensorView
from .chol_blocks import block, copy, subtract_product, transposed, zeros
from .tridiag import MAX_CHUNKS, NB, chunking, column_step_source, step_subgroups, step_workgroup
from . import bidiag_solve, tridiag_solve

MIN_N = 65  # min(m, n) below this takes the Jacobi engine (one workgroup per matrix, more accurate)
# Trailing matrices of at most FUSE_AREA elements get both GEMVs from the step's own workgroup
# (as tridiag.FUSE_ROWS: svd 1024 f32 on an H100 takes 255 ms with 512^2 here, 184 ms with 128^2).
FUSE_AREA = 128 * 128

FINISH_X, COLUMN, LOCAL_Y, FINISH_Y, ROW, LOCAL_X, FINISH_X_HERE = 1, 2, 4, 8, 16, 32, 64

STEP = ParamLayout("batch", "m", "n", ZERO, "p0", "panel", "panels", "f", "j", "phases", "chunks", "chunks_y",
                   "small_stride", "keep_v", "gemv", "groups", "o_first", "o_end", "t_first", "t_end", "s_out", "s_in",
                   "conj", "vrow", "vcol", "g_chunks", "chunk_len", "lanes")


def suitable(device, shape, dtype) -> bool:
    """Whether svd of matrices of this (batch, M, N) shape takes this engine: min(M, N) past the
    Jacobi size, the working arrays within one storage binding each, and on CPU adapters
    (whose loops end past MAX_LOOP iterations) the inverse iteration of the 2 min(M, N)
    tridiagonal within MAX_LOOP: min(M, N) <= 481 there."""
    batch, M, N = shape
    n, m = min(M, N), max(M, N)
    segment = pool_for(device).segment_bytes
    if batch == 0 or n < MIN_N or batch * (m * n + 4 * n * n) * dtype.itemsize > segment:
        return False
    return not device.is_cpu or tridiag_solve.serial_loops(2 * n) <= MAX_LOOP


class _Reduction:
    """The buffers of one batch's bidiagonalisation and the dispatches that fill them."""

    def __init__(self, a: BufferOperand, keep_v: bool):
        self.device, self.dtype = a.device, a.dtype
        self.batch, self.m, self.n = a.shape
        device, dtype, batch, m, n = self.device, self.dtype, self.batch, self.m, self.n
        self.panels = -(-n // NB)
        self.small_stride = self.panels * NB * NB + n  # a side's T factors, then its taus
        self.keep_v = keep_v
        self.work = a
        self.pan = allocate(device, (batch, 2 * NB, m + n), dtype)  # [V X; Y U], transposed
        self.refl = zeros(device, (batch, m * n + n * n) if keep_v else (1, 1), dtype)
        self.small = zeros(device, (batch, 2 * self.small_stride), dtype)
        self.de = allocate(device, (batch, 4 * n), dt.real_dtype(dtype))
        self.part = allocate(device, (batch, MAX_CHUNKS, max(m, n)), dtype)
        self.arrivals = zeros(device, (batch,), dt.uint32)  # see wgsl/bidiag_step.wgsl
        self.wg = step_workgroup(device, dtype)

    def gemv(self, left: bool, p0: int, j: int) -> dict:
        """The parameters of a step's opening GEMV: A^H v_j (left) or A u_j over the trailing
        matrix, in partial sums (g_chunks of them)."""
        m, n = self.m, self.n
        if left:  # 1 lane an output column; chunks of 32 rows (each adds a term to y)
            outputs, t_first, t_end, lanes, shortest = (j + 1, n), j, m, 1, 32
            layout = dict(s_out=1, s_in=n, conj=1, vrow=0, vcol=j - p0)
        else:  # 32 lanes an output row, 8 terms each
            outputs, t_first, t_end, lanes, shortest = (j + 1, m), j + 1, n, 32, 256
            layout = dict(s_out=n, s_in=1, conj=0, vrow=m, vcol=NB + j - p0)
        length, chunks = chunking(t_end - t_first, shortest)
        tiles = -(-(outputs[1] - outputs[0]) // (self.wg // lanes))
        return dict(gemv=1, groups=tiles * chunks, o_first=outputs[0], o_end=outputs[1], t_first=t_first, t_end=t_end,
                    g_chunks=chunks, chunk_len=length, lanes=lanes, **layout)

    def step(self, p0: int, phases: int, j: int = 0, f: int = 0, chunks: int = 0, chunks_y: int = 0,
             gemv: dict | None = None) -> None:
        """A step (its phases), opened by a GEMV (see gemv) if given."""
        gemv = gemv or dict(groups=1)
        params = STEP.pack(batch=self.batch, m=self.m, n=self.n, p0=p0, panel=p0 // NB, panels=self.panels, f=f, j=j,
                           phases=phases, chunks=chunks, chunks_y=chunks_y, small_stride=self.small_stride,
                           keep_v=int(self.keep_v), **gemv)
        launch_kernel(self.device, ("bidiag_step", self.dtype, self.wg, step_subgroups(self.device, self.dtype)),
                      lambda: column_step_source("bidiag_step", self.dtype, self.device, STEP, self.wg),
                      [self.pan.storage, self.refl.storage, self.small.storage, self.de.storage, self.part.storage,
                       self.arrivals.storage, self.work.storage], params, self.batch * gemv["groups"] * WORKGROUP,
                      writes=6)

    def run(self) -> None:
        m, n = self.m, self.n
        for p0 in range(0, n, NB):
            p1 = min(n, p0 + NB)
            finish = dict(phases=0)  # the next step's: its GEMV A u_f and the finish of x_f
            for j in range(p0, p1):
                if (m - j) * (n - j - 1) <= FUSE_AREA:
                    more = COLUMN | LOCAL_Y | FINISH_Y | (ROW | LOCAL_X | FINISH_X_HERE if j < n - 1 else 0)
                    self.step(p0, finish.pop("phases") | more, j=j, chunks_y=1, **finish)
                    finish = dict(phases=0)
                    continue
                self.step(p0, finish.pop("phases") | COLUMN, j=j, **finish)
                left = self.gemv(True, p0, j)
                self.step(p0, FINISH_Y | ROW, j=j, chunks_y=left["g_chunks"], gemv=left)
                right = self.gemv(False, p0, j)
                finish = dict(phases=FINISH_X, f=j, chunks=right["g_chunks"], gemv=right)
            if finish["phases"]:
                self.step(p0, **finish)
            if p1 < n:  # A[p1:, p1:] -= V Y^H + X U^H = [V X] [Y U]^H
                left = transposed(block(self.pan, 0, 2 * NB, p1, m - p1))
                right_t = block(self.pan, 0, 2 * NB, m + p1, n - p1)
                subtract_product(block(self.work, p1, m - p1, p1, n - p1), left, right_t, conj=True,
                                 conj_result=True)

    def reflectors(self):
        """(Q's vectors (batch, m, n), Q's T factors, P's vectors (batch, n, n), P's T factors)
        as views for tridiag.apply_reflectors."""
        batch, m, n, ss = self.batch, self.m, self.n, self.small_stride
        stride = m * n + n * n
        q = self.refl.with_view(TensorView((batch, m, n), (stride, n, 1), 0))
        p = self.refl.with_view(TensorView((batch, n, n), (stride, n, 1), m * n))
        tq = self.small.with_view(TensorView((batch, ss), (2 * ss, 1), 0))
        tp = self.small.with_view(TensorView((batch, ss), (2 * ss, 1), ss))
        return q, tq, p, tp


def _reduce(a: BufferOperand, keep_v: bool) -> _Reduction:
    """The bidiagonalisation of a (batch, M, N), of its conjugate transpose if wide."""
    wide = a.shape[1] < a.shape[2]
    reduction = _Reduction(copy(transposed(a), conj=True) if wide else copy(a), keep_v)
    reduction.run()
    return reduction


@replayable
def _bidiagonalise(a: BufferOperand):
    reduction = _reduce(a, True)
    return (reduction.de, *reduction.reflectors())


@replayable
def svdvals(a: BufferOperand) -> BufferOperand:
    """The singular values (batch, min(M, N)), descending, of the matrices a (batch, M, N);
    NaN for a matrix with a non-finite element."""
    batch, M, N = a.shape
    n = min(M, N)
    de = _reduce(a, False).de
    return bidiag_solve.singular_values(tridiag_solve.eigenvalues(de, batch, 2 * n), n)[0]


def svd(a: BufferOperand, full_matrices: bool):
    """(U, S, Vh) of the matrices a (batch, M, N): U (batch, M, M or K), S (batch, K)
    descending, Vh (batch, N or K, N), K = min(M, N); NaN for a non-finite matrix."""
    batch, M, N = a.shape
    n = min(M, N)
    de, q, tq, p, tp = _bidiagonalise(a)
    w, z = bidiag_solve.eigenpairs(de, batch, n)
    return bidiag_solve.vectors(w, z, q, tq, p, tp, a.dtype, M < N, bool(full_matrices))
