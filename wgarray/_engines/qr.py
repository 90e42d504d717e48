"""Householder QR (LAPACK's geqrf, orgqr) of a batch of m x n matrices, blocked with the
compact WY form.

The matrix is factored in panels of PB columns, all matrices of the batch at once, in place
on one working copy H. For each panel:
    wgsl/qr_panel.wgsl      one workgroup per matrix: the panel's reflectors (R above the
                            diagonal, the vectors v below, tau) and T with
                            H_0 ... H_{k-1} = I - V T V^H (V stored explicitly too);
    trailing update         A2 := (I - V T V^H)^H A2 = A2 - V (T^H (V^H A2)): three matmuls
                            (matmul.product) and an in-place subtraction.
Q is formed the same way backwards from the identity (orgqr): Q := (I - V T V^H) Q on the
rows and columns each panel touches. R is the upper triangle of H. Nothing is read back.
"""

from __future__ import annotations

import math

from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.view import TensorView
from .chol_blocks import WG, as_batch, block, copy, identity, kernel_source, mul, transposed, update

PB = 32  # panel width: the kernel's column lanes
SLICES = WG // PB

PANEL = ParamLayout("batch", "rows", "cols", ZERO, "h_offset", "h_batch", "h_row", "h_col",
                    "v_offset", "v_batch", "v_row", "tau_offset", "tau_batch", "t_offset", "t_batch")


def _panel(h: BufferOperand, v: BufferOperand, tau: BufferOperand, t: BufferOperand) -> None:
    """Factor the panel h (batch, rows, cols <= PB) in place; v (batch, rows, min(rows, cols))
    gets the vectors, tau (batch, k) the scalars, t (batch, PB, PB) the WY factor."""
    batch, rows, cols = h.shape
    hv, vv = h.view, v.view
    params = PANEL.pack(batch=batch, rows=rows, cols=cols, h_offset=hv.offset, h_batch=hv.strides[0],
                        h_row=hv.strides[1], h_col=hv.strides[2], v_offset=vv.offset, v_batch=vv.strides[0],
                        v_row=vv.strides[1], tau_offset=tau.view.offset, tau_batch=tau.view.strides[0],
                        t_offset=t.view.offset, t_batch=t.view.strides[0])
    launch_kernel(h.device, ("qr_panel", h.dtype),
                  lambda: kernel_source("qr_panel", h.dtype, h.device, PANEL, PB=PB, SLICES=SLICES, PB2=PB * PB),
                  [h.storage, v.storage, tau.storage, t.storage], params, batch * WG, writes=4)


class Reflectors:
    """The factored form of a batch: H (R and the vectors), tau, V explicit, and each panel's T."""

    def __init__(self, a: BufferOperand):
        *self.batch_shape, self.m, self.n = a.shape
        self.k = min(self.m, self.n)
        self.batch = math.prod(self.batch_shape)
        device, dtype = a.device, a.dtype
        self.h = as_batch(copy(a))
        self.tau = allocate(device, (self.batch, self.k), dtype)
        self.v = allocate(device, (self.batch, self.m, self.k), dtype)
        self.panels = -(-self.k // PB)
        self.t = allocate(device, (self.batch, self.panels, PB, PB), dtype)
        if self.batch:
            self._factor()

    def panel(self, p: int) -> tuple[int, BufferOperand, BufferOperand]:
        """Panel p's first column c0, its V (batch, m - c0, kp) and T (batch, kp, kp)."""
        c0 = p * PB
        kp = min(PB, self.k - c0)
        tv = self.t.view
        t = self.t.with_view(TensorView((self.batch, kp, kp), (tv.strides[0], PB, 1), p * PB * PB))
        return c0, block(self.v, c0, self.m - c0, c0, kp), t

    def _factor(self) -> None:
        m, n = self.m, self.n
        for p in range(self.panels):
            c0, v, t = self.panel(p)
            cols = min(PB, n - c0)
            tau = self.tau.with_view(TensorView((self.batch, cols), self.tau.view.strides, c0))
            tp = self.t.with_view(TensorView((self.batch, PB, PB), self.t.view.strides[:1] + (PB, 1), p * PB * PB))
            _panel(block(self.h, c0, m - c0, c0, cols), v, tau, tp)
            rest = n - c0 - cols
            if rest > 0:
                a2 = block(self.h, c0, m - c0, c0 + cols, rest)
                w = mul(transposed(v), a2, conj=True)  # V^H A2
                update(a2, mul(v, mul(transposed(t), w, conj=True)))  # A2 -= V (T^H W)

    def q(self, columns: int) -> BufferOperand:
        """The first `columns` columns of Q = H_0 H_1 ... (batch, m, columns)."""
        q = identity(self.h.device, (self.batch, self.m, columns), self.h.dtype)
        if self.batch == 0:
            return q
        for p in reversed(range(self.panels)):
            c0, v, t = self.panel(p)
            qs = block(q, c0, self.m - c0, c0, columns - c0)
            update(qs, mul(v, mul(t, mul(transposed(v), qs, conj=True))))  # Q -= V (T (V^H Q))
        return q

    def shaped(self, x: BufferOperand) -> BufferOperand:
        """A contiguous (batch, ...) result with the input's batch dimensions."""
        return x.with_view(TensorView.contiguous((*self.batch_shape, *x.shape[1:]), x.view.offset))


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
