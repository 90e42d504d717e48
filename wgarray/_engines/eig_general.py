"""The general eigensolver (geev): eigenvalues and right eigenvectors of square matrices,
one matrix per workgroup, as LAPACK computes them.

  wgsl/geev_hessenberg.wgsl  Householder reduction to upper Hessenberg form H = Q^H A Q (Z = Q);
  wgsl/geev_qr.wgsl          the shifted QR iteration to Schur form (LAPACK's ?lahqr): Francis
                             double shifts for real matrices (geev_qr_real.wgsl), single shifts
                             for complex ones (geev_qr_complex.wgsl), Z accumulated;
  wgsl/geev_vectors.wgsl     eigenvectors by back substitution on the (complexified) Schur form
                             (ztrevc), back-transformed by Z and normalised as LAPACK's geev.
The QR iteration, where most of the time goes, works on H and Z in workgroup memory when they
fit (n up to 32 for float32/float64/complex64, 16 for complex128, on 16 KiB of workgroup
memory; a kernel per power-of-2 size class); otherwise, and in the other two kernels, on a
global-memory working copy: correct for any n, but slower. Every loop of one invocation stays
within MAX_LOOP per dispatch (llvmpipe ends a loop nest after 65535 iterations), so each stage
runs in as many dispatches as its work needs, its state kept in the work buffer. The QR
iteration's length depends on the data: the dispatches for a typical count are recorded, then
ONE read of the status words says whether any matrix still iterates (then more are recorded,
up to 30 max(10, n) sweeps per matrix, LAPACK's cap) or failed; that read is also how the
caller learns of failures. Nothing depends on the batch size, so a matrix gets the same result
alone or in any stack.
"""

from __future__ import annotations

import functools

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.stream import stream_for
from .._core.wgsl import REG_TAG, with_libraries
from .jacobi import scalar_field

# status, the active block's last row, its first row, sweeps since a deflation, sweeps in all, the scale's exponent
STATE_WORDS = 6
RUNNING, CONVERGED, NO_CONVERGENCE, NOT_FINITE = 0, 1, 2, 3
STATE_DTYPE = np.dtype(np.int32)
# Sweeps per eigenvalue recorded before the first look at the status words: the QR iteration
# typically needs 2 to 4; a matrix still iterating then gets twice as many again, and so on.
FIRST_SWEEPS_PER_ROW = 6
WORKGROUP_VARIABLES = 256  # bytes of the QR kernel's workgroup variables besides the matrix

_COMMON = ("n", "batch", "first", "work_stride", "stage", "t0", "t1")


@functools.lru_cache(maxsize=None)
def _params(kernel: str, real) -> ParamLayout:
    if kernel == "hessenberg":
        return ParamLayout(*_COMMON, "offset", "batch_stride", "row_stride", "col_stride", ("small", real),
                           ("big", real))
    if kernel == "qr":
        return ParamLayout(*_COMMON, "events", "max_sweeps", ("ulp", real), ("smlnum", real))
    return ParamLayout(*_COMMON, "cwork_stride", ("ulp", real), ("smlnum", real))


def _source(template: str, kernel: str, dtype, wg: int, features, vectors: bool, **fields) -> str:
    real = dt.real_dtype(dtype)
    register = dt.layout(real).register
    kind = "complex" if dt.kind(dtype) == "complex" else "real"
    ctag = REG_TAG[f"vec2<{register}>"]
    field = scalar_field(dtype) + "\n" + render(f"geev_field_{kind}", ctag=ctag)
    return with_libraries(template, features, enables="", params=_params(kernel, real).wgsl(), workgroup=wg,
                          tstorage=dt.layout(dtype).storage, cstorage=dt.layout(dt.complex_dtype(real)).storage,
                          rtag=REG_TAG[register], ctag=ctag, field=field, state_words=STATE_WORDS,
                          want_vectors=str(vectors).lower(), BIAS=127 if register == "f32" else 1023, **fields)


class _Plan:
    """One matrix size and dtype: workgroup size, work layout, tolerances, and how much work
    each stage may do per dispatch. Nothing here depends on the batch."""

    def __init__(self, device, dtype, n: int, vectors: bool):
        self.device, self.dtype, self.n, self.vectors = device, dtype, n, vectors
        self.real = dt.real_dtype(dtype)
        self.cdtype = dt.complex_dtype(self.real)
        self.wg = 64 if n < 32 else 256
        self.stride = 2 * n * n + n  # H, Z, a reflector
        self.cstride = 3 * n * n     # Tc, Zc, X
        info = np.finfo(self.real)
        self.ulp, self.smlnum = float(info.eps), float(info.tiny) * (n / float(info.eps))
        self.small = float(np.sqrt(info.tiny) / info.eps)  # geev scales a matrix whose largest entry is outside
        self.big = 1 / self.small                           # [small, big] (by a power of 2 here: exactly)
        span = -(-n // self.wg)  # rows (or columns) per invocation
        self.hessenberg_steps = max(1, MAX_LOOP // (2 * n + 6 * n * span + 4))
        self.events = max(1, MAX_LOOP // (2 * n + 8 + n * (3 * span + 2)))
        self.max_sweeps = 30 * max(10, n)
        self.substitution_rows = max(1, MAX_LOOP // (span * (n + 2) + -(-n * n // (4 * self.wg)) + 2))
        self.transform_cols = max(1, (MAX_LOOP // (n + 1) - 1) * self.wg // max(n, 1))
        kind = "complex" if dt.kind(dtype) == "complex" else "real"
        features = device.features
        limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
        # The workgroup copy is sized for a power of 2 of rows (a kernel per size class, not per n).
        self.capacity = max(8, 1 << (n - 1).bit_length())
        self.cells = (2 if vectors else 1) * self.capacity ** 2
        self.in_workgroup = self.cells * dtype.itemsize + WORKGROUP_VARIABLES <= limit
        self.kernels = {
            "hessenberg": (("geev_hessenberg", dtype, self.wg, vectors),
                           lambda: _source("geev_hessenberg", "hessenberg", dtype, self.wg, features, vectors)),
            "qr": (("geev_qr", dtype, self.wg, vectors, self.in_workgroup and self.capacity),
                   lambda: self._qr_source(kind, features)),
            "vectors": (("geev_vectors", dtype, self.wg),
                        lambda: _source("geev_vectors", "vectors", dtype, self.wg, features, vectors,
                                        real_input=str(kind == "real").lower())),
        }

    def _qr_source(self, kind: str, features) -> str:
        """The QR kernel, on H and Z in workgroup memory where they fit, else in the work buffer."""
        if self.in_workgroup:
            copy = "    for (var i = lid; i < cells; i += WG) {{ {dst}[{d}i] = {src}[{s}i]; }}\n    sync();"
            where = dict(mem="hz", h0="0", workgroup_matrix=f"var<workgroup> hz: array<T, {self.cells}>;",
                         load=copy.format(dst="hz", d="", src="work", s="base + "),
                         store=copy.format(dst="work", d="base + ", src="hz", s=""))
        else:
            where = dict(mem="work", h0="i32(base)", workgroup_matrix="", load="", store="")
        steps = render(f"geev_qr_{kind}", rtag=REG_TAG[dt.layout(self.real).register],
                       ctag=REG_TAG[dt.layout(self.cdtype).register], mem=where["mem"])
        return _source("geev_qr", "qr", self.dtype, self.wg, features, self.vectors, steps=steps, **where)

    def launch(self, kernel: str, storages, writes: int, count: int, **values) -> None:
        key, make = self.kernels[kernel]
        layout = _params(kernel, self.real)
        packed = layout.pack(**{name: values.get(name, 0) for name, *_ in layout.fields})
        launch_kernel(self.device, key, make, storages, packed, count * WORKGROUP, writes=writes)


def _chunks(device, batch: int, per_matrix: int, itemsize: int):
    """(first, count) of the dispatches: each one's work buffer fits one storage binding."""
    limit = pool_for(device).segment_bytes // itemsize
    if per_matrix > limit:
        raise NotImplementedError(f"eig: a {per_matrix * itemsize}-byte workspace per matrix exceeds the "
                                  "device's storage binding")
    per = max(1, min(batch, limit // per_matrix))
    return [(first, min(per, batch - first)) for first in range(0, batch, per)]


def _ranges(stop: int, per: int):
    return [(t0, min(t0 + per, stop)) for t0 in range(0, stop, per)]


def eig(a: BufferOperand, vectors: bool):
    """Eigenvalues (batch, n) and, if vectors, right eigenvectors (batch, n, n) as columns, both
    of the complex dtype of a's precision, of the square matrices a (batch, n, n); and each
    matrix's status on the host (CONVERGED, NO_CONVERGENCE or NOT_FINITE): one read in all,
    more only for matrices that need unusually many sweeps."""
    device, dtype = a.device, a.dtype
    batch, n, _ = a.shape
    plan = _Plan(device, dtype, n, vectors)
    w = allocate(device, (batch, n), plan.cdtype)
    v = allocate(device, (batch, n, n), plan.cdtype) if vectors else None
    if batch == 0 or n == 0:
        return w, v, np.full(batch, CONVERGED)
    for o in (a, w, v):
        if o is not None and o.storage.segments is not None:
            raise NotImplementedError("eig of an array past one storage binding")
    state = allocate(device, (batch * STATE_WORDS,), STATE_DTYPE)
    chunks = [(first, count, allocate(device, (count * plan.stride,), dtype))
              for first, count in _chunks(device, batch, max(plan.stride, plan.cstride * 2), dtype.itemsize)]
    for first, count, work in chunks:
        _hessenberg(plan, a, work, state, first, count)
    status = _iterate(plan, w, state, chunks)
    if vectors and (status == CONVERGED).all():
        for first, count, work in chunks:
            _vectors(plan, v, w, work, state, first, count)
    return w, v, status


def _hessenberg(plan: _Plan, a: BufferOperand, work, state, first: int, count: int) -> None:
    view = a.view
    common = dict(n=plan.n, batch=count, first=first, work_stride=plan.stride, offset=view.offset,
                  batch_stride=view.strides[0], row_stride=view.strides[1], col_stride=view.strides[2],
                  small=plan.small, big=plan.big)
    storages = [work.storage, state.storage, a.storage]
    plan.launch("hessenberg", storages, 2, count, stage=0, **common)
    for t0, t1 in _ranges(max(plan.n - 2, 0), plan.hessenberg_steps):
        plan.launch("hessenberg", storages, 2, count, stage=1, t0=t0, t1=t1, **common)


def _iterate(plan: _Plan, w, state, chunks) -> np.ndarray:
    """The QR iteration of every chunk until no matrix runs; the statuses (one read per look)."""
    n = plan.n
    cap = plan.max_sweeps + n + 1  # events: every sweep, every deflation, the one that gives up
    group = min(cap, FIRST_SWEEPS_PER_ROW * n + 8)
    recorded = 0
    running = chunks
    while True:
        for first, count, work in running:
            for _ in range(-(-group // plan.events)):
                plan.launch("qr", [w.storage, work.storage, state.storage], 3, count, n=n, batch=count, first=first,
                            work_stride=plan.stride, events=plan.events, max_sweeps=plan.max_sweeps, ulp=plan.ulp,
                            smlnum=plan.smlnum)
        recorded += group
        words = stream_for(plan.device).download(state.storage, 0, state.view.size * STATE_DTYPE.itemsize)
        status = np.frombuffer(words, dtype=STATE_DTYPE).reshape(-1, STATE_WORDS)[:, 0].copy()
        if recorded >= cap:  # cannot happen: a matrix gives up within cap events
            status[status == RUNNING] = NO_CONVERGENCE
        running = [c for c in running if (status[c[0]:c[0] + c[1]] == RUNNING).any()]
        if not running:
            return status
        group = min(cap - recorded, 2 * recorded)


def _vectors(plan: _Plan, v, w, work, state, first: int, count: int) -> None:
    n = plan.n
    cwork = allocate(plan.device, (count * plan.cstride,), plan.cdtype)
    storages = [v.storage, cwork.storage, work.storage, state.storage, w.storage]
    common = dict(n=n, batch=count, first=first, work_stride=plan.stride, cwork_stride=plan.cstride,
                  ulp=plan.ulp, smlnum=plan.smlnum)
    plan.launch("vectors", storages, 2, count, stage=0, **common)
    plan.launch("vectors", storages, 2, count, stage=1, **common)
    for t0, t1 in reversed(_ranges(n, plan.substitution_rows)):
        plan.launch("vectors", storages, 2, count, stage=2, t0=t0, t1=t1, **common)
    for t0, t1 in _ranges(n, plan.transform_cols):
        plan.launch("vectors", storages, 2, count, stage=3, t0=t0, t1=t1, **common)
    plan.launch("vectors", storages, 2, count, stage=4, **common)
