"""The symmetric tridiagonal eigenproblem on the GPU, for the tridiagonalisation of tridiag.py.

  eigenvalues   bisection on Sturm counts (LAPACK's stebz), 2^depth lanes per eigenvalue
                (wgsl/tridiag_bisect.wgsl): each is bracketed to 2 eps |lambda| + eps ||T||,
                the normwise accuracy of LAPACK's syevd. T splits where |e_i| <= eps ||T||. A
                step counts at the 2^depth - 1 midpoints that depth halvings may visit at once
                (bisection's brackets, bit for bit): on an H100 at n = 1024 (Wishart, float32),
                0.83 ms at depth 5, 2.5 ms with one invocation per eigenvalue (a serial chain
                of 31 Sturm counts).
  eigenvectors  inverse iteration (LAPACK's stein) on all vectors at once, MAX_ITS rounds of
                two dispatches: a solve with T - lambda_k I per vector (one invocation each,
                wgsl/tridiag_vectors_solve.wgsl), then the orthogonalisation of each cluster of
                close eigenvalues, one workgroup per cluster taking its members in order
                (wgsl/tridiag_vectors_ortho.wgsl), after a setup (tridiag_vectors_setup.wgsl);
                last, every vector corrected against its neighbours and written in the matrix
                dtype (tridiag_vectors_polish.wgsl, below). Dispatches: 3 + 2 MAX_ITS = 13,
                whatever the clusters (on CPU adapters, whose loops end past MAX_LOOP
                iterations, a large cluster's members are split over several dispatches, sized
                by one host read of the largest cluster).
                On an H100 at n = 1024 (Wishart, float32; every vector passes the convergence
                test from the first solve, so done after 3 rounds): 10.3 ms (11.6 before the
                wide workgroups and the solve's loads issued ahead), of it 3 x 3.0 ms the
                orthogonalisation (a cluster of 51 members, each a serial step of loads and
                barriers, ~60 us a member: the same with 256 or 1024 invocations, and with a
                kernel holding the member in registers and summing by subgroups, whose chunk
                of members were a subgroup's lanes), 3 x 0.5 ms the solves, 0.5 ms the setup,
                0.4 ms the correction. For svd 1024 (order 2048, clusters of at most 2): 6.0 ms
                (6.7), the solves 3 x 1.3 ms (3 x 1.7 before their loads were issued ahead).
  select        the eigenvalues of ascending index first .. first + count - 1 out of all n
                (wgsl/tridiag_vectors_select.wgsl: ranks, then places), in w's layout (each split
                block's ascending at consecutive places), and the row each came from: eigenvectors
                then iterates just those (svd: the n largest of the Golub-Kahan tridiagonal's
                2n, half the work). Every vector is still solved within its row's split block,
                clusters are runs of the wanted eigenvalues (a cluster cut by the range's edge
                keeps its wanted members, orthogonal among themselves; the others' directions
                are not wanted), and the correction's windows end at the range's edges. The
                bisection itself still finds all n (it is a serial chain of Sturm counts per
                eigenvalue: latency, which fewer eigenvalues hardly shorten).

Accuracy. A vector's residual r_k = T z_k - lambda_k z_k is O(eps ||T||) once lambda is
(Wilkinson: a few iterations from a random start suffice), and a product p_jk = z_j . z_k is at
most (|r_j| + |r_k|) / |lambda_j - lambda_k|. stein orthogonalises the vectors of eigenvalues
closer than 1e-3 ||T||_1; here, for speed, only those closer than CLUSTER_GAP ||T_block||_1 /
size (size: the order of the split block) form a cluster: with stein's threshold the Wishart
spectrum's ~900 closely spaced eigenvalues chain into clusters of up to 408 members, one after
another, with CLUSTER_GAP / size into clusters of at most 51. Pairs just outside a cluster keep
p up to 2 c eps ||T|| size / (CLUSTER_GAP ||T||) = 20 c size eps for residuals c eps ||T||
(measured: 0.5 - 1.3 n eps for the worst pair on tridiagonals built with pairs 1.05 - 1.5 gaps
apart; an H100 reached 10.4 n eps in ||Z^T Z - I||_F on one matrix, against the 10 n eps asked).
So a final pass corrects every vector against the POLISH_HALO vectors on either side of it, all
at once from the fixed vectors (the symmetric first-order orthogonalisation):
z_k' = z_k - 1/2 sum_j p_jk z_j. With P the largest |p_jk| in the windows, a pair within a
window keeps O(POLISH_HALO P^2 + eps) (P ~ 1e-5 -> 1e-10; measured 0.02 - 0.04 n eps for the
pairs above), norms move by O(POLISH_HALO P^2), and since (lambda_j - lambda_k) p_jk =
z_j . r_k - r_j . z_k the residual grows by at most 1/2 (|r_k| + sqrt(2 POLISH_HALO) max_j |r_j|)
+ O(P |r|): a bounded factor, O(eps ||T||) still. Pairs farther apart than the window keep p
<= (|r_j| + |r_k|) / |lambda_j - lambda_k| with at least POLISH_HALO eigenvalues between them
(at n = 1024, Wishart, float32: ||Z^T Z - I||_F = 0.3 n eps). Within a cluster the products are
O(eps) already, so the correction leaves them so.
Inside a cluster the members are iterated together: after every solve, each member not yet
done is orthogonalised against the members before it (Gram-Schmidt twice), as stein does
against the finished vectors of its cluster; a member is done (fixed) once it passed stein's
convergence test three times and the members before it are done, so the finished part of a
cluster grows in order as in stein. Eigenvalues equal to working precision (Wilkinson's
pairs, repeated eigenvalues of an unsplit T) get independent vectors the same way: the
orthogonalised remainder of the solve is what the next solve amplifies. But a solve at a
multiple eigenvalue (a run of w within a few eps ||T||, two equal) amplifies the earlier
members' directions by up to eps ||T|| / |lambda_i - w|, ~1000 times the remainder's for a
59-fold one, which then keeps their residuals magnified as much (1218 eps ||T||, 30 n eps in
||Z^T Z - I||_F): its members after the first solve at a shift a few eps ||T|| above the run
instead, as stein perturbs equal eigenvalues (tridiag_vectors_setup.wgsl's member_shift; then
2 - 36 eps ||T|| a vector, eigh within 0.75 n eps for 20- to 128-fold eigenvalues). Split blocks are
solved apart, their vectors exactly orthogonal (the correction's products across blocks are
exact zeros).
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, render, wide_workgroup
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.replay import replayable
from .._core.stream import stream_for
from .._core.wgsl import REG_TAG
from .chol_blocks import kernel_source, zeros

BISECT = ParamLayout("batch", "n", ZERO, "stage", "iters")
SELECT = ParamLayout("batch", "n", ZERO, "stage", "first", "count")
SETUP = ParamLayout("batch", "n", ZERO, "m", "subset")
SOLVE = ParamLayout("batch", "n", ZERO, "b_first", "m")
ORTHO = ParamLayout("batch", "n", ZERO, "j_first", "j_end", "m")
POLISH = ParamLayout("batch", "n", ZERO, "m")
MAX_ITS = 5  # inverse iterations (solve + orthogonalisation) per vector, as stein's MAXITS
CLUSTER_GAP = 0.1  # eigenvalues closer than CLUSTER_GAP ||T_block||_1 / size form a cluster
# A multiple eigenvalue (tridiag_vectors_setup.wgsl's member_shift), in u = eps (||T_block||_1 + 2|w|): a
# run of eigenvalues linked by steps <= LINK u, two of them equal, at most WIDTH u wide, more than
# 3 MARGIN u below the next; its members after the first solve at MARGIN u above it.
LINK, WIDTH, MARGIN = 2, 8, 4
INFO_WORDS = 6  # per vector: its block (first, end), place in its cluster, cluster size, tests passed, done
LU_DIAGONALS = 3  # U of the LU of T - lambda I, per vector and row
QB = 32  # cluster members per chunk of the Gram-Schmidt (the dots' lanes)
POLISH_TILE = 32  # vectors a workgroup of the final correction (TILE + 2 HALO = 64 columns: 256 lanes a part)
POLISH_HALO = 16  # neighbours on either side each vector is corrected against
# Halvings of a bisection step: 2^depth lanes count at the 2^depth - 1 midpoints they may
# visit at once (a GPU has lanes to spare: n eigenvalues, each a serial chain of Sturm counts; a
# CPU adapter not), 32 / 2^depth eigenvalues a workgroup.
BISECT_DEPTH = 5
CPU_BISECT_DEPTH = 1
BISECT_WG = 32


def serial_loops(n: int) -> int:
    """The most loop iterations one invocation of the tridiagonal solver runs for order n: a
    bisection dispatch's (6n for the setup and at least one Sturm count), or the
    orthogonalisation's for one member of a cluster of n (CPU adapters take one member a
    dispatch where a cluster needs it)."""
    return max(7 * n, _ortho_loops(n, n))


def _ortho_loops(n: int, members: int) -> int:
    """Loop iterations of the orthogonalisation per member, for clusters of up to `members`."""
    rows = -(-n // WORKGROUP)
    chunks = -(-members // QB)
    sweep = chunks * (-(-n // (WORKGROUP // QB)) + WORKGROUP // QB + rows * QB + 4)
    return 2 * sweep + 4 * rows + 24


def _ortho_width(device, real) -> int:
    """The orthogonalisation's workgroup: up to 1024 invocations on a GPU (a member's dot
    products loop over n / (width / QB) rows an invocation), 256 on a CPU adapter (as
    _ortho_loops counts)."""
    return wide_workgroup(device, 2 * real.itemsize + 4, QB * real.itemsize)


def _lu_matrices(device, batch: int, n: int, real) -> int:
    """How many matrices' vectors one solve dispatch takes: the LU factors of all n of theirs
    fill one binding (of a subset's, less)."""
    return min(batch, pool_for(device).segment_bytes // (LU_DIAGONALS * n * n * real.itemsize))


@functools.lru_cache(maxsize=None)
def _split_source(real) -> str:
    info = np.finfo(real)
    return render("tridiag_split", EPS=repr(float(info.eps)), SAFEMIN=repr(float(info.tiny)),
                  rtag=REG_TAG[dt.layout(real).register])


def _make(template: str, dtype, device, params: ParamLayout, wg: int = WORKGROUP, **fields):
    real = dt.real_dtype(dtype)
    return lambda: kernel_source(template, dtype, device, params, split=_split_source(real),
                                 rtag=REG_TAG[dt.layout(real).register], CLUSTER_GAP=repr(CLUSTER_GAP),
                                 LINK=repr(float(LINK)), WIDTH=repr(float(WIDTH)), MARGIN=repr(float(MARGIN)), QB=QB,
                                 INFO_WORDS=INFO_WORDS, WG=wg, **fields)


@replayable
def eigenvalues(de: BufferOperand, batch: int, n: int) -> BufferOperand:
    """The eigenvalues (batch, n) of the tridiagonals de (batch, 2n: d then e), each split
    block's ascending at its rows."""
    device, real = de.device, de.dtype
    w = allocate(device, (batch, n), real)
    lohi = allocate(device, (batch, n, 2), real)
    # Halvings from the Gerschgorin interval (<= 2 ||T|| + pads) to eps ||T||: mantissa + 3.
    needed = np.finfo(real).nmant + 8
    depth = CPU_BISECT_DEPTH if device.is_cpu else BISECT_DEPTH
    per = max(depth, 1) * max(1, (MAX_LOOP - 6 * n) // max(n, 1))  # a Sturm count per step
    bisect = _make("tridiag_bisect", real, device, BISECT, BISECT_WG, DEPTH=depth)
    stage = 0
    for start in range(0, needed, per):
        params = BISECT.pack(batch=batch, n=n, stage=stage, iters=min(per, needed - start))
        launch_kernel(device, ("tridiag_bisect", real, depth), bisect, [w.storage, lohi.storage, de.storage],
                      params, -(-batch * n // (BISECT_WG >> depth)) * WORKGROUP, writes=2)
        stage = 1
    return w


@replayable
def select(w: BufferOperand, batch: int, n: int, first: int, count: int):
    """(chosen (batch, count), rows (batch, count) uint32): the eigenvalues of ascending index
    first .. first + count - 1 of each matrix from all n of w (batch, n; eigenvalues() gives
    them), in w's layout (each split block's ascending, at consecutive places), and the row of
    w each came from (its split block, for eigenvectors())."""
    device, real = w.device, w.dtype
    if not 0 <= first <= first + count <= n:
        raise ValueError(f"eigenvalue indices {first} .. {first + count - 1} out of range for order {n}")
    chosen = allocate(device, (batch, count), real)
    rows = allocate(device, (batch, count), np.dtype(np.uint32))
    if batch * count == 0:
        return chosen, rows
    ranks = allocate(device, (batch, n), np.dtype(np.uint32))
    kernel = _make("tridiag_vectors_select", real, device, SELECT)
    for stage in (0, 1):
        launch_kernel(device, ("tridiag_vectors_select", real), kernel,
                      [chosen.storage, rows.storage, ranks.storage, w.storage],
                      SELECT.pack(batch=batch, n=n, stage=stage, first=first, count=count), batch * n, writes=3)
    return chosen, rows


@replayable
def eigenvectors(de: BufferOperand, w: BufferOperand, batch: int, n: int, dtype, rows=None) -> BufferOperand:
    """The eigenvectors (batch, n, m) in dtype (real values) of the tridiagonals de, as columns
    in the order of w (batch, m): all n eigenvalues (eigenvalues()), or m of them (select()), the
    row each came from in rows. No host read, except on CPU adapters (the largest cluster)."""
    device, real = de.device, de.dtype
    m = n if rows is None else w.shape[1]
    z = allocate(device, (batch, n, m), dtype)
    if batch * m == 0:
        return z
    lu_matrices = _lu_matrices(device, batch, n, real)
    if lu_matrices == 0:
        raise NotImplementedError(f"eigh: the inverse iteration's workspace for matrices of order {n} exceeds "
                                  "one storage binding")
    x = allocate(device, (batch, n, m), real)
    info = allocate(device, (batch * m * INFO_WORDS,), np.dtype(np.uint32))
    shift_norm = allocate(device, (batch, m, 2), real)  # per vector: the solves' shift, ||T_block||_1
    stats = zeros(device, (1,), np.dtype(np.uint32))
    lu = allocate(device, (lu_matrices * LU_DIAGONALS * n * m,), real)
    rows_storage = de.storage if rows is None else rows.storage  # (unread for the whole spectrum)
    launch_kernel(device, ("tridiag_vectors_setup", real), _make("tridiag_vectors_setup", real, device, SETUP),
                  [x.storage, info.storage, shift_norm.storage, stats.storage, de.storage, w.storage, rows_storage],
                  SETUP.pack(batch=batch, n=n, m=m, subset=int(rows is not None)), batch * m, writes=4)
    members = cluster = m
    if device.is_cpu:  # split the largest cluster's members over dispatches within MAX_LOOP
        cluster = int(np.frombuffer(stream_for(device).download(stats.storage, 0, 4), dtype=np.uint32)[0])
        members = max(1, MAX_LOOP // _ortho_loops(n, cluster))
    solve = _make("tridiag_vectors_solve", real, device, SOLVE)
    ortho_wg = _ortho_width(device, real)
    ortho = _make("tridiag_vectors_ortho", real, device, ORTHO, ortho_wg)
    for _ in range(MAX_ITS):
        for b_first in range(0, batch, lu_matrices):
            chunk = min(lu_matrices, batch - b_first)
            launch_kernel(device, ("tridiag_vectors_solve", real), solve,
                          [x.storage, lu.storage, info.storage, shift_norm.storage, de.storage],
                          SOLVE.pack(batch=chunk, n=n, b_first=b_first, m=m), chunk * m, writes=2)
        for j_first in range(0, cluster, members):
            params = ORTHO.pack(batch=batch, n=n, j_first=j_first, j_end=min(cluster, j_first + members), m=m)
            launch_kernel(device, ("tridiag_vectors_ortho", real, ortho_wg), ortho, [x.storage, info.storage],
                          params, batch * m * ortho_wg, writes=2)
    polish_wg = wide_workgroup(device)  # its dot products over 1 (a CPU adapter) to 4 parts of the rows
    polish = _make("tridiag_vectors_polish", dtype, device, POLISH, polish_wg, TILE=POLISH_TILE, HALO=POLISH_HALO)
    launch_kernel(device, ("tridiag_vectors_polish", dtype, polish_wg), polish, [z.storage, x.storage],
                  POLISH.pack(batch=batch, n=n, m=m), batch * -(-m // POLISH_TILE) * polish_wg, writes=1)
    return z
