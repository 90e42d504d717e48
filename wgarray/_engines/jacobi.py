"""The Jacobi engines: the Hermitian eigensolver (eigh) and the SVD, one matrix per workgroup.

  wgsl/eig_jacobi.wgsl  two-sided cyclic Jacobi on a Hermitian matrix (eigenvalues ascending);
  wgsl/svd_jacobi.wgsl  one-sided Jacobi (Hestenes) on a tall matrix (singular values
                        descending), U completed to an orthonormal basis where asked.
Both run every sweep inside one dispatch: the rotations of a step are disjoint pairs, spread
over the workgroup's invocations, and the convergence test (a sweep that rotates nothing) is
made on the GPU, so nothing waits for the host. Jacobi's results are accurate to the last
bits (relative accuracy of small eigenvalues, orthogonality to a few eps), which is why it
is used for small matrices; eigh of order 65 and more takes the tridiagonal reduction
(tridiag.py), whose cost grows as n^3 once rather than per sweep. The matrix and its rotations live in a
work buffer; the batch goes in dispatches whose work buffer fits one storage binding.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate
from .._core.params import ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView
from .._core.wgsl import FLOAT_BITS, REG_TAG, with_libraries
from .map import MapOp, launch_map

# Jacobi converges quadratically once the off-diagonal part is small: ten sweeps are typical
# for n in the thousands. The limit only bounds a loop that rounding keeps from reaching 0.
MAX_SWEEPS = 40
# Sweeps recorded at once when that takes many dispatches; then one read says whether any
# matrix still rotates.
SWEEPS_PER_CHECK = 6
UNCHECKED_DISPATCHES = 64  # up to this many dispatches, all MAX_SWEEPS are recorded without a read

_COMMON = ("batch", "first", "offset", "batch_stride", "row_stride", "col_stride", "stage", "t0", "t1",
           "work_stride")


@functools.lru_cache(maxsize=None)
def eig_params(real) -> ParamLayout:
    return ParamLayout("n", "lower", *_COMMON, ("tol", real))


@functools.lru_cache(maxsize=None)
def svd_params(real) -> ParamLayout:
    return ParamLayout("m", "n", "ucols", "conj", *_COMMON, ("tol", real))


def _workgroup(n: int) -> int:
    """Invocations per matrix: small matrices leave most of a large workgroup idle."""
    return 64 if n < 32 else 256


def scalar_field(dtype) -> str:
    """The scalar arithmetic (f_re, f_mul, ...) of dtype's element and real types."""
    real = dt.layout(dt.real_dtype(dtype)).register
    U, _, _, expmask, _, suffix = FLOAT_BITS[real]
    mant, bias = (23, 127) if real == "f32" else (52, 1023)
    pow2 = render("eig_pow2", U=U, US=suffix, MANT=mant, BIAS=bias, HALF=bias // 2 - 12, EMASK=hex(int(expmask.rstrip('lu'), 16) >> mant))
    kind = "complex" if dt.kind(dtype) == "complex" else "real"
    return render(f"eig_field_{kind}", R=real, rtag=REG_TAG[real], pow2=pow2)


def _source(template: str, dtype, workgroup: int, features, params: ParamLayout, **flags) -> str:
    real = dt.real_dtype(dtype)
    return with_libraries(template, features, enables="", params=params.wgsl(), workgroup=workgroup,
                          rstorage=dt.layout(real).storage, tstorage=dt.layout(dtype).storage,
                          rtag=REG_TAG[dt.layout(real).register], field=scalar_field(dtype),
                          pairing=render("eig_pairing"), **{k: str(v).lower() for k, v in flags.items()})


def _batches(device, batch: int, work_stride: int, dtype):
    """(first, count) of the dispatches: each one's work buffer fits one storage binding."""
    limit = pool_for(device).segment_bytes // dtype.itemsize
    if work_stride > limit:
        raise NotImplementedError(f"a {work_stride * dtype.itemsize}-byte Jacobi workspace per matrix exceeds "
                                  "the device's storage binding")
    per = max(1, min(batch, limit // work_stride))
    for first in range(0, batch, per):
        yield first, min(per, batch - first)


def _step_ranges(steps: int, cost: int):
    """(t0, t1) ranges of the `steps` steps whose loop iterations (`cost` per step, per
    invocation) stay within MAX_LOOP in one dispatch: llvmpipe ends a loop nest past 65535."""
    per = max(1, MAX_LOOP // max(cost, 1))
    return [(t0, min(t0 + per, steps)) for t0 in range(0, steps, per)]


def _sweep(launch, state: BufferOperand, steps_per_sweep: int, cost: int) -> None:
    """Record the sweeps, stage 1 of a kernel, `launch(stage, t0, t1)` per dispatch: all
    MAX_SWEEPS at once where that takes few dispatches (the converged matrices' dispatches
    return at once), else SWEEPS_PER_CHECK at a time until no matrix rotates (one read each).
    state: the matrices' status words (0 while rotating)."""
    ranges = _step_ranges(MAX_SWEEPS * steps_per_sweep, cost)
    if len(ranges) <= UNCHECKED_DISPATCHES:
        for t0, t1 in ranges:
            launch(1, t0, t1)
        return
    group = SWEEPS_PER_CHECK * steps_per_sweep
    for start in range(0, MAX_SWEEPS * steps_per_sweep, group):
        for t0, t1 in _step_ranges(group, cost):
            launch(1, start + t0, start + t1)
        if not _any_zero(state):
            return


def _any_zero(values: BufferOperand) -> bool:
    """Whether any of the (strided) status words is 0: one read."""
    device = values.device
    packed = allocate(device, values.shape, values.dtype)
    launch_map(device, MapOp("copy", "a0", (values.dtype,), values.dtype), packed.storage, packed.view, values.dtype,
               [values], fresh=True)
    words = stream_for(device).download(packed.storage, 0, packed.view.size * values.dtype.itemsize)
    return bool((np.frombuffer(words, dtype=values.dtype) == 0).any())


def _check_single_buffers(*operands: BufferOperand) -> None:
    for o in operands:
        if o.storage.segments is not None:
            raise NotImplementedError("eigh/svd of an array past one storage binding")


def eigh(a: BufferOperand, lower: bool, vectors: bool):
    """Eigenvalues (ascending, real dtype) and, if vectors, eigenvectors (columns) of the
    Hermitian matrices a (batch, n, n), reading their lower (or upper) triangle."""
    device, dtype = a.device, a.dtype
    batch, n, _ = a.shape
    real = dt.real_dtype(dtype)
    w = allocate(device, (batch, n), real)
    v = allocate(device, (batch, n, n) if vectors else (1,), dtype)
    if batch == 0 or n == 0:
        return w, (v if vectors else None)
    _check_single_buffers(a, w, v)
    pairs = (n + 1) // 2
    stride = 2 * n * n + 5 * pairs + 2  # A, V, a step's rotations, the state
    wg = _workgroup(n)
    params = eig_params(real)
    key = ("eig_jacobi", dtype, wg, vectors)
    make = lambda: _source("eig_jacobi", dtype, wg, device.features, params, want_vectors=vectors)  # noqa: E731
    storages = [w.storage, v.storage, None, a.storage]
    steps = n + n % 2 - 1  # a sweep: players - 1 steps (a dummy player for odd n)
    cost = -(-pairs // wg) + 2 * -(-pairs * n // wg)  # loop iterations of one step
    for first, count in _batches(device, batch, stride, dtype):
        work = allocate(device, (count * stride,), dtype)
        storages[2] = work.storage

        def launch(stage: int, t0: int = 0, t1: int = 0):
            packed = params.pack(n=n, lower=int(lower), batch=count, first=first, offset=a.view.offset,
                                 batch_stride=a.view.strides[0], row_stride=a.view.strides[1],
                                 col_stride=a.view.strides[2], stage=stage, t0=t0, t1=t1, work_stride=stride,
                                 tol=np.finfo(real).eps)
            launch_kernel(device, key, make, storages, packed, count * WORKGROUP, writes=3)

        launch(0)
        _sweep(launch, work.with_view(TensorView((count,), (stride,), stride - 1)), steps, cost)
        launch(2)
    return w, (v if vectors else None)


def svd(a: BufferOperand, full_matrices: bool, compute_uv: bool):
    """The SVD of the matrices a (batch, M, N): (U, S, Vh) with S descending (real dtype), U
    (batch, M, M or K) and Vh (batch, N or K, N), K = min(M, N); (None, S, None) without uv.
    A non-finite input gives NaN in all three (the caller raises)."""
    device, dtype = a.device, a.dtype
    batch, M, N = a.shape
    real = dt.real_dtype(dtype)
    wide = M < N  # factor the tall B = A^H = U_B S V_B^H: then U = V_B, Vh = U_B^H
    m, n = (N, M) if wide else (M, N)
    ucols = (m if full_matrices else n) if compute_uv else 0
    s = allocate(device, (batch, n), real)
    u = allocate(device, (batch, m, ucols) if compute_uv else (1,), dtype)
    vh = allocate(device, (batch, n, n) if compute_uv else (1,), dtype)
    if batch and n:
        _check_single_buffers(a, s, u, vh)
        pairs = (n + 1) // 2
        stride = m * n + n * n + 3 * pairs + m + max(ucols, 1) + 4  # W, V, rotations, completion, state
        wg = _workgroup(n)
        params = svd_params(real)
        key = ("svd_jacobi", dtype, wg, compute_uv)
        make = lambda: _source("svd_jacobi", dtype, wg, device.features, params, want_uv=compute_uv)  # noqa: E731
        row_stride, col_stride = a.view.strides[1:]
        if wide:
            row_stride, col_stride = col_stride, row_stride
        storages = [s.storage, u.storage, vh.storage, None, a.storage]
        rows = -(-m // wg)
        step_cost = -(-pairs // wg) * m + -(-pairs * (m + n) // wg)
        column_cost = rows * (2 * ucols + 3) + -(-ucols // wg) * m + 32
        for first, count in _batches(device, batch, stride, dtype):
            work = allocate(device, (count * stride,), dtype)
            storages[3] = work.storage

            def launch(stage: int, t0: int = 0, t1: int = 0):
                packed = params.pack(m=m, n=n, ucols=ucols, conj=int(wide), batch=count, first=first,
                                     offset=a.view.offset, batch_stride=a.view.strides[0], row_stride=row_stride,
                                     col_stride=col_stride, stage=stage, t0=t0, t1=t1, work_stride=stride,
                                     tol=math.sqrt(m) * np.finfo(real).eps)
                launch_kernel(device, key, make, storages, packed, count * WORKGROUP, writes=4)

            launch(0)
            status = TensorView((count,), (stride,), stride - 3)
            _sweep(launch, work.with_view(status), n + n % 2 - 1, step_cost)
            launch(2)
            if compute_uv:  # columns past the rank, where zero singular values or full_matrices leave some
                for t0, t1 in _step_ranges(ucols, column_cost):
                    launch(3, t0, t1)
    if not compute_uv:
        return None, s, None
    if wide:
        u, vh = conj_transpose(vh), conj_transpose(u)
    return u, s, vh


def conj_transpose(x: BufferOperand) -> BufferOperand:
    """x^H of a stack of matrices, as a new contiguous operand."""
    *batch, r, c = x.shape
    view = x.view
    transposed = TensorView((*batch, c, r), (*view.strides[:-2], view.strides[-1], view.strides[-2]), view.offset)
    out = allocate(x.device, transposed.shape, x.dtype)
    expr = f"conj_{REG_TAG[dt.layout(x.dtype).register]}(a0)" if dt.kind(x.dtype) == "complex" else "a0"
    launch_map(x.device, MapOp("conj", expr, (x.dtype,), x.dtype), out.storage, out.view, x.dtype,
               [x.with_view(transposed)], fresh=True)
    return out
