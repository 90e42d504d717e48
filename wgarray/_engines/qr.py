"""Householder QR (LAPACK's geqrf, orgqr) of a batch of m x n matrices, blocked with the
compact WY form.

The matrix is factored in outer blocks of OUTER columns, made of panels of PB columns, all
matrices of the batch at once, in place on one working copy H. For each panel:
    wgsl/qr_panel.wgsl      one workgroup per matrix: the panel's reflectors (R above the
                            diagonal, the vectors v below, tau) and T with
                            H_0 ... H_{k-1} = I - V T V^H (V stored explicitly too);
    update in the block     A2 := (I - V T V^H)^H A2 = A2 - V (T^H (V^H A2)) on the block's
                            columns right of the panel: matmuls (matmul.product) and an
                            in-place subtraction;
and the panels' T join into the block's (T12 = -T1 V1^H V2 T2, the V1^H V2 from one product
V^H V a block), whose update of the columns right of the block has K = OUTER. Q is formed the same way backwards from the identity
(orgqr): Q := (I - V T V^H) Q on the rows and columns each block touches. R is the upper triangle of H. Nothing is read back.
"""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.kernels import wide_workgroup
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.replay import replayable
from .._core.view import TensorView
from . import qr_tsqr
from .chol_blocks import WG, as_batch, block, copy, identity, kernel_source, mul, subtract_product, transposed, zeros

PB = 32  # panel width: the kernel's column lanes
# Columns of an outer block: its trailing update and Q's formation are matmuls with K = OUTER.
# qr 4096 float32 on an H100: 69.2 ms with 128, 68.4 with 256, 71.2 with 64, 79.2 with 32.
OUTER = 128

PANEL = ParamLayout("batch", "rows", "cols", ZERO, "h_offset", "h_batch", "h_row", "h_col",
                    "v_offset", "v_batch", "v_row", "tau_offset", "tau_batch", "t_offset", "t_batch", "t_row")


def _panel(h: BufferOperand, v: BufferOperand, tau: BufferOperand, t: BufferOperand) -> None:
    """Factor the panel h (batch, rows, cols <= PB) in place; v (batch, rows, min(rows, cols))
    gets the vectors, tau (batch, k) the scalars, t (batch, PB, PB) the WY factor. A tall panel
    takes TSQR on many workgroups (qr_tsqr.py), a short one a workgroup per matrix."""
    if qr_tsqr.suitable(h):
        qr_tsqr.panel(h, v, tau, t)
        return
    batch, rows, cols = h.shape
    hv, vv, tv = h.view, v.view, t.view
    params = PANEL.pack(batch=batch, rows=rows, cols=cols, h_offset=hv.offset, h_batch=hv.strides[0],
                        h_row=hv.strides[1], h_col=hv.strides[2], v_offset=vv.offset, v_batch=vv.strides[0],
                        v_row=vv.strides[1], tau_offset=tau.view.offset, tau_batch=tau.view.strides[0],
                        t_offset=tv.offset, t_batch=tv.strides[0], t_row=tv.strides[1])
    real_bytes = h.dtype.itemsize // (2 if dt.kind(h.dtype) == "complex" else 1)
    wg = wide_workgroup(h.device, h.dtype.itemsize + real_bytes, (PB * PB + PB) * h.dtype.itemsize + PB * real_bytes)
    # one workgroup per matrix: launch counts invocations in WG-sized groups
    launch_kernel(h.device, ("qr_panel", h.dtype, wg),
                  lambda: kernel_source("qr_panel", h.dtype, h.device, PANEL, PB=PB, SLICES=wg // PB, PB2=PB * PB, WG=wg),
                  [h.storage, v.storage, tau.storage, t.storage], params, batch * WG, writes=4)


class Reflectors:
    """The factored form of a batch: H (R and the vectors), tau, V explicit (zeros above its
    unit diagonal), and the T of each outer block of OUTER reflectors."""

    def __init__(self, a: BufferOperand):
        *self.batch_shape, self.m, self.n = a.shape
        self.k = min(self.m, self.n)
        self.batch = math.prod(self.batch_shape)
        device, dtype = a.device, a.dtype
        self.h = as_batch(copy(a))
        self.tau = allocate(device, (self.batch, self.k), dtype)
        self.v = zeros(device, (self.batch, self.m, self.k), dtype)
        self.blocks = -(-self.k // OUTER)
        self.t = zeros(device, (self.batch, self.blocks, OUTER, OUTER), dtype)
        if self.batch:
            for o in range(self.blocks):
                self._factor_block(o)

    def t_block(self, o: int, r0: int, rows: int, c0: int, cols: int) -> BufferOperand:
        """Rows r0:r0+rows, columns c0:c0+cols of outer block o's T."""
        tv = self.t.view
        return self.t.with_view(TensorView((self.batch, rows, cols), (tv.strides[0], OUTER, 1),
                                           o * OUTER * OUTER + r0 * OUTER + c0))

    def outer(self, o: int) -> tuple[int, BufferOperand, BufferOperand]:
        """Outer block o's first column o0, its V (batch, m - o0, ko) and T (batch, ko, ko)."""
        o0 = o * OUTER
        ko = min(OUTER, self.k - o0)
        return o0, block(self.v, o0, self.m - o0, o0, ko), self.t_block(o, 0, ko, 0, ko)

    def _factor_block(self, o: int) -> None:
        """Outer block o: its panels (each updating the rest of the block), T of the block
        from theirs, then the trailing update of the columns right of it."""
        m, n = self.m, self.n
        o0 = o * OUTER
        width = min(OUTER, n - o0)  # columns of H in the block
        ko = min(OUTER, self.k - o0)  # reflectors of the block
        for c0 in range(o0, o0 + ko, PB):
            cols = min(PB, o0 + width - c0)
            kp = min(cols, m - c0)
            at = c0 - o0
            v = block(self.v, c0, m - c0, c0, kp)
            t = self.t_block(o, at, kp, at, kp)
            tau = self.tau.with_view(TensorView((self.batch, kp), self.tau.view.strides, c0))
            _panel(block(self.h, c0, m - c0, c0, cols), v, tau, t)
            _apply_left(block(self.h, c0, m - c0, c0 + cols, o0 + width - c0 - cols), v, t)
        self._join(o, ko)
        _, v, t = self.outer(o)
        _apply_left(block(self.h, o0, m - o0, o0 + width, n - o0 - width), v, t)

    def _join(self, o: int, ko: int) -> None:
        """T of outer block o from its panels' (on its diagonal): panel by panel,
        T12 = -T1 (V1^H V2) T2, every V1^H V2 a block of the one product V^H V of the block's
        vectors (a product of K = m - o0 each would be a split-K matmul and its reduction)."""
        if ko <= PB:
            return
        _, v, _ = self.outer(o)
        gram = mul(transposed(v), v, conj=True)
        for at in range(PB, ko, PB):
            kp = min(PB, ko - at)
            subtract_product(self.t_block(o, 0, at, at, kp),
                             mul(self.t_block(o, 0, at, 0, at), block(gram, 0, at, at, kp)),
                             self.t_block(o, at, kp, at, kp))

    def q(self, columns: int) -> BufferOperand:
        """The first `columns` columns of Q = H_0 H_1 ... (batch, m, columns)."""
        q = identity(self.h.device, (self.batch, self.m, columns), self.h.dtype)
        if self.batch == 0:
            return q
        for o in reversed(range(self.blocks)):
            o0, v, t = self.outer(o)
            qs = block(q, o0, self.m - o0, o0, columns - o0)
            subtract_product(qs, v, mul(t, mul(transposed(v), qs, conj=True)))  # Q -= V (T (V^H Q))
        return q

    def shaped(self, x: BufferOperand) -> BufferOperand:
        """A contiguous (batch, ...) result with the input's batch dimensions."""
        return x.with_view(TensorView.contiguous((*self.batch_shape, *x.shape[1:]), x.view.offset))


def _apply_left(a: BufferOperand, v: BufferOperand, t: BufferOperand) -> None:
    """a := (I - V T V^H)^H a = a - V (T^H (V^H a)) in place: three matmuls and a subtraction."""
    if a.shape[-1] == 0 or a.shape[-2] == 0:
        return
    subtract_product(a, v, mul(transposed(t), mul(transposed(v), a, conj=True), conj=True))


@replayable
def qr(a: BufferOperand, mode: str) -> tuple:
    """numpy.linalg.qr of a (..., m, n) by mode: 'reduced' and 'complete' give (Q, R), 'r' gives
    (R,), 'raw' gives (h, tau) in LAPACK's layout as NumPy returns it (h transposed), and the deprecated 'economic'
    gives (h,) untransposed."""
    f = Reflectors(a)
    if mode == "raw":
        return f.shaped(copy(transposed(f.h))), f.shaped(f.tau)
    if mode == "economic":
        return (f.shaped(f.h),)
    rows = f.m if mode == "complete" else f.k
    r = f.shaped(copy(block(f.h, 0, rows, 0, f.n), keep="upper"))
    if mode == "r":
        return (r,)
    return f.shaped(f.q(rows)), r
