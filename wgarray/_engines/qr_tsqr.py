"""A tall panel of Householder QR on many workgroups: TSQR with Householder reconstruction
(Ballard, Demmel, Grigori, Jacquelin, Knight, Nguyen, "Reconstructing Householder vectors
from Tall-Skinny QR", 2015: TSQR-HR; LAPACK's getsqrhrt).

qr_panel.wgsl factors a panel with one workgroup per matrix, straight in global memory: on a
tall panel the GPU idles. Here, for a panel A (batch, rows, cols <= PB):
    TSQR        wgsl/qr_tsqr_factor.wgsl   chunks of rows, each QR-factored in workgroup memory
                                           by its own workgroup; their stacked R factors form
                                           the next level's matrix, until one chunk holds it;
                wgsl/qr_tsqr_apply.wgsl    the explicit Q, from the top level's reflectors
                                           down, each chunk's reflectors applied to its rows
                                           of the level above's Q: A = Q R;
    reconstruction  wgsl/qr_hr_lu.wgsl     LU of Q1 - S without pivoting (S = diag(+-1) keeps
                                           every pivot >= 1): Y1, U; T = -U S Y1^{-H},
                                           R_householder = S R;
                wgsl/qr_hr_solve.wgsl      Y2 = Q2 U^{-1} (qr_hr_lu inverts U), an element
                                           an invocation on many workgroups.
Y, tau = diag(T), T and S R are what LAPACK's geqrf gives (the same sign choices), written
where qr.py's panel kernel writes them. Nothing is read back. (A column whose alpha_j is below
the last bit of beta_j leaves the sign of Q's pivot to rounding: wgsl/qr_hr_lu.wgsl takes LAPACK's
from the tree's depth there.)

Where the time goes (an H100, qr of 4096 x 4096 float32, 56.4 ms in all against torch's 29.0;
each group's dispatches re-issued alone, benchmarks/qr_profile.py): the factor kernels 20.6 ms
(310 dispatches: a panel of 4096 rows has levels of 16 chunks of 256 rows, 2 chunks, and one of
64 rows, 80-115 us each, of which ~20-30 us with no column steps at all: about 2 us a column
whatever the rows, the steps' latency), the apply kernels 10.4 ms (45-65 us a level),
qr_hr_lu 5.3 ms (42 us), qr_hr_solve 1.4 ms (11 us). History of the _sg kernels (the whole qr,
in one process): 68.5 ms with the factor taking the norm, then each column's dot product, in
separate passes (each waiting on its reduction) and the apply a column and a reflector at a
time; 61 with the norm and the dot products in one pass and the apply's columns in pairs; 57.7
with the reflector from one square root (householder() takes two, in f64) and the chunk's
loads four at a time; 56.4 with the apply's reflectors in pairs too. (Earlier: the apply took
27.9 ms while its loops took a row at a time, each load of a vector from global memory waiting
for the last; qr_hr_lu 6.5 ms with three barriers a column, qr_hr_solve 6.9 as a substitution
by rows.)
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import wide_workgroup
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .chol_blocks import WG, kernel_source

PB = 32  # the widest panel: the kernels' column lanes (qr.PB)
NODE_ROWS = 256  # rows of a chunk of TSQR (fewer where workgroup memory holds fewer)
# Panels of more rows take TSQR; shorter ones the one-workgroup kernel. On an H100 (float32,
# 32 columns) TSQR took 250 us for 128 rows, 336 us for 256 and 470 us for 512; the one-workgroup
# kernel 457, 496 and 584 us (each kernel's steps are bound by latency, not by the rows). (qr
# 4096 float32 took the same, 69-71 ms, with 32, 64, 128 and 256 here; NODE_ROWS 128 74.7 ms, 192 72.0;
# with the kernels of 56.4 ms, NODE_ROWS 128 59.6.)
MIN_ROWS = 64
# The factor and apply kernels' invocations at most: qr 4096 float32 on an H100 took 67.8 ms
# with 512 (two columns a subgroup), 69.2 with 1024 and 79.1 with 256; with the _sg kernels
# taking a subgroup's columns in pairs, 56.4 with 512, 64.2 with 256 (and 74.2 against 59.8 with
# 1024 before the reflector from one square root: a column a subgroup, the pairs half empty).
MAX_WG = 512
SUBGROUPS = True  # the _sg kernels (a subgroup per column) where the adapter has subgroups (tests turn it off)

_SRC = ("src_offset", "src_batch", "src_row", "src_col", "tau_offset", "tau_batch")
FACTOR = ParamLayout("batch", "rows", "cols", "nodes", ZERO, *_SRC, "r_offset", "r_batch")
APPLY = ParamLayout("batch", "rows", "cols", "nodes", ZERO, *_SRC, "qin_batch", "identity", "q_batch")
_OUT = ("h_offset", "h_batch", "h_row", "h_col", "v_offset", "v_batch", "v_row")
LU = ParamLayout("batch", "cols", ZERO, *_OUT, "tau_offset", "tau_batch", "t_offset", "t_batch", "t_row",
                 "u_batch", "q_batch", "r_batch", "flip_ties")
SOLVE = ParamLayout("batch", "rows", "cols", "groups", ZERO, *_OUT, "q_batch", "u_batch")


def _real_bytes(dtype) -> int:
    return dtype.itemsize // (2 if dt.kind(dtype) == "complex" else 1)


@functools.lru_cache(maxsize=None)
def _shape(dtype, device) -> tuple[int, int]:
    """The factor and apply kernels' invocations (up to 1024 on a GPU: their steps are bound
    by latency) and the elements of a chunk that workgroup memory holds beside the factor's
    scratch: an element and a real part per invocation (part, part_r), two rows of PB elements
    (dots, top) and x_max. (A chunk that overran the limit by those rows hung the complex
    factor kernel on the H100: the real ones had the bytes to spare.)"""
    per_invocation = dtype.itemsize + _real_bytes(dtype)
    wg = min(MAX_WG, wide_workgroup(device, per_invocation, (NODE_ROWS + 1) * PB * dtype.itemsize))
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    return wg, (limit - wg * per_invocation - 2 * PB * dtype.itemsize - 16) // dtype.itemsize


def node_rows(dtype, device, cols: int) -> int:
    """Rows of a TSQR chunk of cols columns."""
    return min(NODE_ROWS, _shape(dtype, device)[1] // cols)


def suitable(h: BufferOperand) -> bool:
    """Whether the panel h (batch, rows, cols) takes TSQR: tall, and chunks of at least 2 cols
    rows fit workgroup memory (every chunk has at least cols rows then)."""
    _, rows, cols = h.shape
    return rows > MIN_ROWS and node_rows(h.dtype, h.device, cols) >= 2 * cols


def _view_words(x: BufferOperand, prefix: str) -> dict:
    o, s = x.view.offset, x.view.strides
    return {f"{prefix}_offset": o, f"{prefix}_batch": s[0], f"{prefix}_row": s[1], f"{prefix}_col": s[2]}


def _launch(name: str, x: BufferOperand, layout: ParamLayout, words: dict, storages: list, groups: int,
            writes: int, **fields) -> None:
    """groups workgroups of kernel wgsl/<name>.wgsl for x's dtype (x names the device)."""
    fields = {"PB": PB, "WG": WG, "PB2": PB * PB, **fields}
    fields["SLICES"] = fields["WG"] // PB
    launch_kernel(x.device, (name, x.dtype, *fields.values()),
                  lambda: kernel_source(name, x.dtype, x.device, layout, **fields), storages,
                  layout.pack(**words), groups * WG, writes)


def _literal(value: float, dtype) -> str:
    """value as a WGSL literal of dtype's real type."""
    return f"{value:.1e}{'lf' if np.finfo(dtype).bits == 64 else 'f'}"


def _safe_low(dtype) -> str:
    """The smallest sum of squares the factor kernel takes unscaled (a WGSL literal): below it,
    squares that flush to zero could matter (tiny / eps^2, as LAPACK's nrm2 thresholds)."""
    info = np.finfo(dtype)
    return _literal(float(info.tiny) / float(info.eps) ** 2, dtype)


def _chunks(rows: int, cols: int, chunk_rows: int) -> int:
    """Chunks of a level of rows: one where it fits, else about chunk_rows each (the kernels
    split rows evenly: every chunk has at least cols rows when chunk_rows >= 2 cols)."""
    return 1 if rows <= chunk_rows else -(-rows // chunk_rows)


def panel(h: BufferOperand, v: BufferOperand, tau: BufferOperand, t: BufferOperand) -> None:
    """Factor the panel h (batch, rows, cols <= PB; suitable(h)) in place as qr.py's panel
    kernel does: R above the diagonal and the vectors below, v (batch, rows, cols) the vectors
    explicitly, tau (batch, cols) the scalars, t (batch, cols, cols) the WY factor."""
    batch, rows, cols = h.shape
    device, dtype = h.device, h.dtype
    chunk_rows = node_rows(dtype, device, cols)
    wg, capacity = _shape(dtype, device)
    safe_low = _safe_low(dtype)
    # f32 parts only: subgroup operations on f64 are not a given. The _sg kernels hold a chunk
    # by columns of an odd stride (without the other kernels' scratch, it fits).
    by_subgroups = SUBGROUPS and "subgroup" in device.features and _real_bytes(dtype) == 4
    stride = chunk_rows | 1
    kind, layout = ("_sg", dict(RS=stride, CAP=cols * stride)) if by_subgroups else ("", dict(CAP=capacity))
    levels = []
    src = h
    while True:
        nodes = _chunks(src.shape[1], cols, chunk_rows)
        taus = allocate(device, (batch, nodes, PB), dtype)
        r = allocate(device, (batch, nodes * cols, cols), dtype)
        words = dict(batch=batch, rows=src.shape[1], cols=cols, nodes=nodes, **_view_words(src, "src"),
                     tau_offset=0, tau_batch=nodes * PB, r_offset=0, r_batch=nodes * cols * cols)
        storages = [src.storage, taus.storage, r.storage]
        if by_subgroups:  # the vectors by columns too, for the apply's coalesced reads
            storages.append(allocate(device, (batch, src.shape[1] * cols), dtype).storage)
        _launch("qr_tsqr_factor" + kind, h, FACTOR, words, storages, batch * nodes, len(storages),
                WG=wg, SAFE_LOW=safe_low, **layout)
        levels.append((src, nodes, taus, words, storages[-1] if by_subgroups else src.storage))
        if nodes == 1:
            break
        src = r
    q = None  # the explicit Q of the level above; the identity at the top
    for src, nodes, taus, words, vectors in reversed(levels):
        level_q = allocate(device, (batch, src.shape[1], cols), dtype)
        words = dict({k: words[k] for k in APPLY.offsets.keys() & words.keys()}, qin_batch=0 if q is None else q.view.strides[0], identity=int(q is None),
                     q_batch=level_q.view.strides[0])
        qin = taus if q is None else q
        _launch("qr_tsqr_apply" + kind, h, APPLY, words, [level_q.storage, vectors, taus.storage, qin.storage],
                batch * nodes, 1, WG=wg, **layout)
        q = level_q
    # r: the top level's R (batch, cols, cols); the reconstruction writes h, v, tau and t.
    u = allocate(device, (batch, cols, cols), dtype)
    out = dict(**_view_words(h, "h"), v_offset=v.view.offset, v_batch=v.view.strides[0], v_row=v.view.strides[1])
    words = dict(batch=batch, cols=cols, **out, tau_offset=tau.view.offset, tau_batch=tau.view.strides[0],
                 t_offset=t.view.offset, t_batch=t.view.strides[0], t_row=t.view.strides[1],
                 u_batch=cols * cols, q_batch=rows * cols, r_batch=cols * cols, flip_ties=int(len(levels) % 2 == 0))
    _launch("qr_hr_lu", h, LU, words, [h.storage, v.storage, tau.storage, t.storage, u.storage, q.storage, r.storage],
            batch, 5, NOISE=_literal(4 * PB * float(np.finfo(dtype).eps), dtype))
    groups = -(-(rows - cols) // (WG // PB))  # WG / PB rows a workgroup
    words = dict(batch=batch, rows=rows, cols=cols, groups=groups, **out, q_batch=rows * cols, u_batch=cols * cols)
    _launch("qr_hr_solve", h, SOLVE, words, [h.storage, v.storage, q.storage, u.storage], batch * groups, 2)
