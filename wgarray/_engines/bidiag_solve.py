"""The bidiagonal SVD from the Golub-Kahan tridiagonal's eigenpairs (LAPACK's bdsvdx), and
the singular vectors of A by the back-transformations (for bidiag.py).

T = TGK(B) (2n x 2n, zero diagonal, off-diagonal d_0 e_0 ... d_{n-1}) is the symmetric
permutation of [[0, B^T], [B, 0]]: its eigenvalues are +-sigma_i, an eigenvector of sigma
interleaves (v, u) / sqrt(2) with B v = sigma u, B^T u = sigma v. tridiag_solve gives the n
largest of the 2n eigenpairs (eigenpairs(): all 2n eigenvalues by bisection, the n of
ascending index n .. 2n - 1 chosen, their vectors by inverse iteration with stein's cluster
reorthogonalisation) with residuals O(eps ||B||); wgsl/bidiag_vectors.wgsl ranks them
(descending: the singular values), splits each vector into its parts and normalises each
(a vector mixed with the one of -sigma, as happens where 2 sigma is near the eigenvalues'
accuracy, still has parts along v and u), and repairs the parts of tiny singular values (sigma <=
16 eps sigma_max, or a part that vanished: a zero sigma of an odd split block) by
orthogonalisation against the others, completed by unit vectors: they span the near-null
singular subspaces, where any orthonormal basis has a residual within 32 eps sigma_max.
The repair of a flagged column takes out its projection on the unflagged columns (which never
change) and then on the flagged ones before it (repaired first). The former runs for the first
SLOTS flagged columns of every matrix at once on many workgroups (stages 3-5 of the kernel:
their list, then twice the coefficients and the update); the latter, and everything for the
flagged columns past SLOTS (against all accepted columns), in one workgroup per matrix taking
the flagged columns in order, as wide as the device allows. A square matrix's U = Q Ub and
V = P Vb run as one back-transformation of a stack of 2 batch matrices (ub and vb lie side by
side as the reflectors q and p do; P's reflector j, from row j + 1, is zero in row j).
Measured on an H100 (svd 1024 float32, a Gaussian matrix: 5 flagged columns; PyTorch 54.5 ms):
the one-workgroup repair over all accepted columns took 11.8 ms (every column a serial
Gram-Schmidt of the n x n parts read by one multiprocessor); split as above, 0.17 ms for the
one workgroup and ~0.2 ms for stages 3-5; the two back-transformations 1.5 + 1.6 ms, stacked
1.9 ms (113 dispatches); svd 72.2 -> 64.7 ms (1.32x -> 1.18x PyTorch). Not done: the panels
aggregated into wider WY blocks (their T factors merged): benchmarks/svd_profile.py measured
a stack of 2 n x n back-transformed in 1.5 ms with blocks of 32, 0.8 ms with 64, 0.6 ms with 128.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, wide_workgroup
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.replay import replayable
from .._core.view import TensorView
from .._core.wgsl import REG_TAG
from . import tridiag_solve
from .chol_blocks import kernel_source
from .jacobi import conj_transpose
from .tridiag import apply_reflectors

VECTORS = ParamLayout("batch", "m", "n", "ucols", ZERO, "stage", "k0", "k1", "slots", "slot_groups", "zcols")
TOL = 16  # singular values at most TOL eps sigma_max have their vectors repaired
# The first SLOTS flagged columns of a matrix are orthogonalised against the unflagged ones on
# many workgroups (stages 4 and 5), the one-workgroup repair then only against each other.
SLOTS = 64
# Stage 4's workgroups take QT columns, stage 5's RT rows; SLOT_GROUPS of them share a tile's
# slots (1 on a CPU adapter, where every workgroup of the kernel costs ~0.5 ms however idle).
QT, RT, SLOT_GROUPS = 64, 32, 8
# Whether eigenpairs() finds just the n largest eigenpairs of the 2n (the singular values'):
# half the inverse iteration's work.
SUBSET = True


def _launch(dtype, s, index, uv, work, w, z, items: int, wg: int = WORKGROUP, **params) -> None:
    device = w.device
    real = dt.real_dtype(dtype)
    params = VECTORS.pack(**params)
    launch_kernel(device, ("bidiag_vectors", dtype, wg),
                  lambda: kernel_source("bidiag_vectors", dtype, device, VECTORS, rtag=REG_TAG[dt.layout(real).register],
                                        TOL=repr(TOL * float(np.finfo(real).eps)), WG=wg, QT=QT, RT=RT),
                  [s.storage, index.storage, uv.storage, work.storage, w.storage, z.storage], params, items, writes=4)


def singular_values(w: BufferOperand, n: int, dtype=None):
    """(s (batch, n) descending, index (batch, 3n): which eigenvalue of w (batch, 2n, or the n
    largest: eigenpairs()) each is, then room for wgsl/bidiag_vectors.wgsl's flags and list of
    flagged columns)."""
    device, real = w.device, w.dtype
    batch = w.shape[0]
    dtype = dtype or real
    s = allocate(device, (batch, n), real)
    index = allocate(device, (batch, 3 * n), np.dtype(np.uint32))  # (ranks, flag words, flagged columns)
    zcols = w.shape[1]
    _launch(dtype, s, index, s, s, w, w, batch * zcols, batch=batch, m=n, n=n, ucols=n, stage=0, k0=0, k1=0,
            slots=0, zcols=zcols)
    return s, index


def _fix_ranges(device, n: int):
    """Ranges of flagged columns (slots) of the repair stage's dispatches: one on a GPU; on a CPU
    adapter, few enough that a workgroup's loops stay within MAX_LOOP (18 passes of n/WG x n each)."""
    if not device.is_cpu:
        return [(0, n)]
    per = max(1, MAX_LOOP // (18 * -(-n // WORKGROUP) * n + n))
    return [(k0, min(n, k0 + per)) for k0 in range(0, n, per)]


def eigenpairs(de: BufferOperand, batch: int, n: int):
    """(w, z): eigenvalues and eigenvectors (batch, 2n, zcols) of the Golub-Kahan tridiagonals
    de (batch, 4n) of order 2n, for vectors(): the n largest (zcols = n; ascending index n ..
    2n - 1), or all 2n where SUBSET is off."""
    w = tridiag_solve.eigenvalues(de, batch, 2 * n)
    if not SUBSET:
        return w, tridiag_solve.eigenvectors(de, w, batch, 2 * n, de.dtype)
    chosen, rows = tridiag_solve.select(w, batch, 2 * n, n, n)
    return chosen, tridiag_solve.eigenvectors(de, chosen, batch, 2 * n, de.dtype, rows)


@replayable
def vectors(w, z, q, tq, p, tp, dtype, wide: bool, full_matrices: bool):
    """(U, S, Vh) of the matrices whose reduction gave Q (q, tq) and P (p, tp), from the
    Golub-Kahan tridiagonal's eigenvalues w (batch, zcols) and eigenvectors z (batch, 2n, zcols)
    (eigenpairs(): all 2n, or the n largest); wide: the reduction was of A^H."""
    device = w.device
    batch, m, n = q.shape
    ucols = m if full_matrices else n
    s, index = singular_values(w, n, dtype)
    # ub (m x ucols) and vb (n x n) of a matrix side by side: for a square one, the layout of
    # its reflectors (q, p), so that both back-transformations run as one of a stack of 2 batch.
    stride = m * ucols + n * n
    uv = allocate(device, (batch, stride), dtype)
    ub = uv.with_view(TensorView((batch, m, ucols), (stride, ucols, 1), 0))
    vb = uv.with_view(TensorView((batch, n, n), (stride, n, 1), m * ucols))
    slots = min(SLOTS, n)
    work = allocate(device, (batch, n * (1 + 2 * slots)), dt.real_dtype(dtype))
    slot_groups = 1 if device.is_cpu else SLOT_GROUPS
    common = dict(batch=batch, m=m, n=n, ucols=ucols, slots=slots, slot_groups=slot_groups, zcols=w.shape[1])
    _launch(dtype, s, index, uv, work, w, z, batch * ucols * WORKGROUP, stage=1, k0=0, k1=0, **common)
    # The repair of the flagged columns: first (list, then twice coefficients and update) the
    # projections of the first `slots` on the unflagged columns, on many workgroups; then one
    # workgroup per matrix, as wide as the device allows (its Gram-Schmidt reads the n x n
    # parts a few times per flagged column past the slots, latency-bound): scratch red_r, red_i.
    _launch(dtype, s, index, uv, work, w, z, batch * WORKGROUP, stage=3, k0=0, k1=0, **common)
    for _ in range(2):
        for stage, tile in ((4, QT), (5, RT)):
            groups = batch * 2 * slot_groups * -(-n // tile)
            _launch(dtype, s, index, uv, work, w, z, groups * WORKGROUP, stage=stage, k0=0, k1=0, **common)
    repair_wg = wide_workgroup(device, dt.real_dtype(dtype).itemsize + 4)
    for k0, k1 in _fix_ranges(device, n):
        _launch(dtype, s, index, uv, work, w, z, batch * WORKGROUP, wg=repair_wg, stage=2, k0=k0, k1=k1, **common)
    stack = _stacked(q, tq, p, tp, uv)
    if stack is not None:
        apply_reflectors(*stack, 0)
    else:
        apply_reflectors(q, tq, ub, 0)
        apply_reflectors(p, tp, vb, 1)
    if wide:  # A^H = U' S V'^H: U = V', Vh = U'^H
        return vb, s, conj_transpose(ub)
    return ub, s, conj_transpose(vb)


def _stacked(q, tq, p, tp, uv):
    """(reflectors, T factors, vectors) of both back-transformations as one stack of 2 batch
    matrices (n x n, reflector j from row j: P's rows j and above in column j are zero, and its
    column n - 1 and T's entries for it, no reflector, are zero), where the reduction was square
    and P's vectors and T factors lie right after Q's; else None."""
    batch, m, n = q.shape
    ss = tq.shape[1]
    if (m != n or p.storage is not q.storage or tp.storage is not tq.storage or q.view.strides != (2 * n * n, n, 1)
            or p.view.offset != q.view.offset + n * n or tq.view.strides != (2 * ss, 1)
            or tp.view.offset != tq.view.offset + ss):
        return None
    return (q.with_view(TensorView((2 * batch, n, n), (n * n, n, 1), q.view.offset)),
            tq.with_view(TensorView((2 * batch, ss), (ss, 1), tq.view.offset)),
            uv.with_view(TensorView((2 * batch, n, n), (n * n, n, 1), 0)))
