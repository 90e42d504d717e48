"""LU on tiny matrices (n <= tiny_max(dtype), 8 for most dtypes), one invocation per matrix:
solve/inv (gesv), slogdet and det in ONE dispatch each, straight from the operands' views.

The workgroup-per-matrix kernels (lu_kernels) spend 32 invocations, workgroup memory and
barriers on a 4 x 4 matrix. Here each invocation loads its matrix into registers, factors it
with partial pivoting, and solves or folds the pivots itself. The kernels' loops over rows and
columns are written out here (n is a compile-time constant): naga bounds every loop, which keeps
drivers from unrolling them, and a matrix indexed by loop counters would go to local memory.
The operations and their order are those of the workgroup kernels, so a matrix gets the same
result on either path (bit for bit where the driver fuses no multiply-adds, as lavapipe).

Batch dims of any view (strided, transposed, broadcast) are walked in the kernel: up to
BATCH_DIMS of them after merging (view.coalesce); the entry points return None for operands
they do not take, which then go the general way (lu.gesv, lu.slogdet). Plans (parameter words)
are cached per dtype and views, so a call costs two allocations and one dispatch.

A batch of 65536 4 x 4 float32 matrices is 4 MB in and 4 MB out, about 20 us of an H100's time,
so host time decides the speed of linalg.inv, solve and det on such batches: solve_flagged
(inv, solve) and det record their dispatch straight to the stream, and solve_flagged's kernel
also sets the one flag for the batch that inv and solve read to raise LinAlgError (its last
workgroup writes it: wgsl/lu_tiny_flag.wgsl), instead of a fold of per-matrix flags.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._core.device import per_device
from .._core.kernels import MAX_LOOP, WORKGROUP, grid, kernel_cache, render
from .._core.launch import launch_kernel
from .._core.memory import pool_for
from .._core.operands import BufferOperand, allocate, zeroed_word
from .._core.params import ZERO, ParamLayout
from .._core.stream import stream_for
from .._core.view import TensorView, coalesce
from .._core.wgsl import REG_TAG, cast, with_libraries
from .lu_kernels import INDEX_DTYPE, _arith, _scalar, slogdet_fields

TINY_MAX = 8  # the largest n of the one-invocation kernels ...
TINY_BYTES = 512  # ... whose matrix takes at most this many bytes (registers): complex128 up to 5 x 5
BATCH_DIMS = 4  # batch dims a kernel walks (after merging); more go through the general path
# Right-hand-side columns are split into chunks (each invocation factors its matrix again) until
# there are about this many invocations: a few large systems still fill the GPU.
TARGET_ITEMS = 1 << 16

TINY_PARAMS = ParamLayout("items", "k", "chunk", "chunks", "batch_dims", ZERO, "a_offset", "a_row_stride",
                          "a_col_stride", "b_offset", "b_row_stride", "b_col_stride",
                          ("batch_shape", "u32", BATCH_DIMS), ("a_batch_strides", "u32", BATCH_DIMS),
                          ("b_batch_strides", "u32", BATCH_DIMS))


def tiny_max(dtype) -> int:
    """The largest n whose n x n matrices of dtype the one-invocation kernels take."""
    return min(TINY_MAX, math.isqrt(TINY_BYTES // dtype.itemsize))


class _Plan(NamedTuple):
    """A dispatch planned once per (kernel, dtype, views): the parameter words, the count of
    invocations (0 for an empty batch: nothing to dispatch) and the first output's view."""

    kernel: tuple  # kernel name, dtype, n (and for solve: whether B is the identity)
    params: bytes
    items: int
    out_view: TensorView  # x (..., n, k) for solve, else (...): contiguous


_PLANS = plan_cache()


def _plan(kernel: str, a: BufferOperand, b: BufferOperand | None, identity: bool = False) -> _Plan | None:
    """The plan of `kernel` over a (..., n, n) and b (..., n, k), batch shapes equal; None where
    the kernels here do not take them (n not tiny, b of another dtype or without columns, batch
    dims that do not merge into BATCH_DIMS)."""
    key = (kernel, a.dtype, a.view, b.dtype if b is not None else identity, b.view if b is not None else None)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _make_plan(kernel, a, b, identity) or False  # False: cached "not taken"
    return plan or None


def _make_plan(kernel: str, a: BufferOperand, b: BufferOperand | None, identity: bool) -> _Plan | None:
    n = a.shape[-1]
    if not 1 <= n <= tiny_max(a.dtype) or dt.kind(a.dtype) not in ("float", "complex"):
        return None
    if b is not None and (b.dtype != a.dtype or b.shape[-1] == 0):
        return None
    views = [a.view] if b is None else [a.view, b.view]
    shape, strides = coalesce(a.shape[:-2], *(v.strides[:-2] for v in views))
    if len(shape) > BATCH_DIMS:
        return None
    b_offset, b_rows, b_cols = (b.view.offset, *b.view.strides[-2:]) if b is not None else (0, 0, 0)
    b_strides = strides[1] if b is not None else (0,) * len(shape)
    batch = math.prod(a.shape[:-2])
    k = n if b is None else b.shape[-1]
    # Columns per invocation: all of them, unless splitting them gives a small batch more work items.
    chunk = min(k, MAX_LOOP, max(1, -(-batch * k // TARGET_ITEMS)))
    chunks = -(-k // chunk) if kernel == "lu_tiny_solve" else 1
    params = TINY_PARAMS.pack(items=batch * chunks, k=k, chunk=chunk, chunks=chunks, batch_dims=len(shape),
                              a_offset=a.view.offset, a_row_stride=a.view.strides[-2],
                              a_col_stride=a.view.strides[-1], b_offset=b_offset, b_row_stride=b_rows,
                              b_col_stride=b_cols, batch_shape=shape[::-1], a_batch_strides=strides[0][::-1],
                              b_batch_strides=b_strides[::-1])  # innermost batch dim first
    key = (kernel, a.dtype, n) + ((identity,) if kernel == "lu_tiny_solve" else ())
    out_shape = (*a.shape[:-2], n, k) if kernel == "lu_tiny_solve" else a.shape[:-2]
    return _Plan(key, params, batch * chunks, TensorView.contiguous(out_shape))


def _fields(dtype, n: int) -> dict:
    """What both kernels share: the dtype's scalar operations (lu_scalar's, whose workgroup pivot
    scratch goes unused here) and the factorisation."""
    return dict(enables="", params=TINY_PARAMS.wgsl(), workgroup=WORKGROUP, scalar=_scalar(_arith(dtype), 1),
                factor=render("lu_tiny_factor", steps=_factor_steps(n)))


# The kernels' loops over rows and columns, written out (see wgsl/lu_tiny_factor.wgsl): matrix
# element (r, c) is the variable m<r>_<c>, a right-hand-side column's row i is v<i>.

def _factor_steps(n: int) -> str:
    """Load the matrix, then getf2's steps, column by column."""
    lines = [f"    var m{r}_{c} = a[a_base + {r}u * a_rows + {c}u * a_cols];" for r in range(n) for c in range(n)]
    lines += [f"    var perm{i} = {i}u;" for i in range(n)]
    for j in range(n):
        below = range(j + 1, n)
        lines += [f"    {{  // column {j}: the pivot is the first row of the largest key",
                  f"        var best = pivot_key(m{j}_{j});", f"        var p = {j}u;"]
        lines += [f"        let key{r} = pivot_key(m{r}_{j});\n        if (key{r} > best) {{ best = key{r}; p = {r}u; }}"
                  for r in below]
        for r in below:
            swap = " ".join(f"{{ let t = {x}{j}{y}; {x}{j}{y} = {x}{r}{y}; {x}{r}{y} = t; }}"
                            for x, y in [("perm", "")] + [("m", f"_{c}") for c in range(n)])
            lines.append(f"        if (p == {r}u) {{ {swap} flips |= {1 << j}u; }}")
        scale = " ".join(f"m{r}_{j} = divide(m{r}_{j}, d);" for r in below)
        lines += [f"        let d = m{j}_{j};",
                  f"        if (is_zero(d)) {{ if (first_zero == 0i) {{ first_zero = {j + 1}i; }} }} else {{ {scale} }}"]
        lines += [f"        m{r}_{c} = m{r}_{c} - multiply(m{r}_{j}, m{j}_{c});" for r in below for c in below]
        lines.append("    }")
    return "\n".join(lines)


def _solve_column(n: int, load: str) -> str:
    """Column c of B (row i: `load` with {i}) through L's forward and U's back substitution into x."""
    lines = [f"        var v{i} = {load.format(i=i)};" for i in range(n)]
    lines += [f"        v{r} = v{r} - multiply(m{r}_{j}, v{j});" for j in range(n) for r in range(j + 1, n)]
    for i in reversed(range(n)):
        lines.append(f"        v{i} = divide(v{i}, m{i}_{i});")
        lines += [f"        v{r} = v{r} - multiply(m{r}_{i}, v{i});" for r in range(i)]
    lines += [f"        x[(g * {n}u + {i}u) * k + c] = v{i};" for i in range(n)]
    return "\n".join(lines)


def _fold_pivots(n: int, magnitude: str, times_sign: str, ftag: str, **_) -> str:
    """sign and logabs from the pivots u_ii, as wgsl/lu_slogdet.wgsl folds them."""
    return "\n".join(f"    {{ let d = m{i}_{i}; let mag = {magnitude}; if ((flips & {1 << i}u) != 0u) {{ sign = -sign; }} "
                     f"sign = {times_sign}; logabs = logabs + log_{ftag}(mag); }}" for i in range(n))


def _solve_source(device, dtype, n: int, identity: bool, flag: bool) -> str:
    """The solve kernel; flag: one singular flag for the batch (wgsl/lu_tiny_flag.wgsl), else
    info per matrix (wgsl/lu_tiny_info.wgsl)."""
    arith = _arith(dtype)
    if identity:
        b_binding, load = "", "identity(perm{i}, c)"
    else:
        b_binding = f"@group(0) @binding(4) var<storage, read> b: array<{arith['T']}>;"
        load = "b[b_base + perm{i} * p_b_row_stride() + c * p_b_col_stride()]"
    record = render("lu_tiny_flag", arrivals_binding=4 if identity else 5) if flag else render("lu_tiny_info")
    complex_ = dt.kind(dtype) == "complex"
    return with_libraries("lu_tiny_solve", device.features, T=arith["T"], F=arith["F"], b_binding=b_binding,
                          identity_element=f"{arith['T']}(x, z)" if complex_ else "x",
                          solve_column=_solve_column(n, load), record=record, **_fields(dtype, n))


def solve(a: BufferOperand, b: BufferOperand | None) -> tuple[BufferOperand, BufferOperand] | None:
    """X with A X = B for each tiny matrix of a (..., n, n) and right-hand sides b (..., n, k)
    of the same batch shape (broadcast views are fine), or B the identity where b is None (the
    inverse). Returns (x, info): x (..., n, k) contiguous in a's dtype, info (...) int32, 1 + the
    first column whose pivot is exactly zero, or 0 (a singular A leaves inf/nan in its X), as
    lu.getrf's. Returns None where the matrices are not for these kernels (see _plan)."""
    identity = b is None
    plan = _plan("lu_tiny_solve", a, b, identity)
    if plan is None:
        return None
    device, dtype = a.device, a.dtype
    x = allocate(device, plan.out_view.shape, dtype)
    info = allocate(device, a.shape[:-2], INDEX_DTYPE)
    if plan.items == 0:
        return x, info
    n = a.shape[-1]
    storages = [x.storage, info.storage, a.storage] + ([] if identity else [b.storage])
    launch_kernel(device, plan.kernel, lambda: _solve_source(device, dtype, n, identity, flag=False), storages,
                  plan.params, plan.items, writes=2)
    return x, info


_FLAG_VIEW = TensorView.contiguous(())


_arrivals = per_device(zeroed_word)  # the workgroups' count of wgsl/lu_tiny_flag.wgsl (0 between dispatches)


def solve_flagged(a: BufferOperand, b: BufferOperand | None) -> tuple[BufferOperand, BufferOperand] | None:
    """solve's X, and instead of info one flag for the batch: a 0-d uint32 operand, 1 iff some
    matrix is singular (an exactly zero pivot), else 0, which inv and solve read once. None
    where the matrices are not for these kernels, or there are none.

    The call is a cached plan, two pooled buffers and one dispatch straight to the stream,
    which also sets the flag: no fold of per-matrix flags, no dispatch to clear the flag
    first (a second dispatch: host time, and a dependency on the GPU)."""
    identity = b is None
    plan = _plan("lu_tiny_solve", a, b, identity)
    if plan is None or plan.items == 0:
        return None
    device, dtype = a.device, a.dtype
    pool = pool_for(device)
    x = BufferOperand(pool.allocate(max(plan.out_view.size * dtype.itemsize, 4)), plan.out_view, dtype)
    failed = BufferOperand(pool.allocate(4), _FLAG_VIEW, dt.uint32)
    storages = [x.storage, failed.storage, a.storage] + ([] if identity else [b.storage]) + [_arrivals(device)]
    n = a.shape[-1]
    kernel = kernel_cache(device).get(plan.kernel + ("flag",), _FLAGGED_SIGNATURES[identity],
                                      lambda: _solve_source(device, dtype, n, identity, flag=True))
    stream_for(device).dispatch(kernel, storages, plan.params, grid(plan.items))
    return x, failed


# x, failed, a, (b), arrivals: by whether B is the identity
_FLAGGED_SIGNATURES = {True: ("rw", "rw", "r", "rw"), False: ("rw", "rw", "r", "r", "rw")}


def _slogdet_source(device, dtype, n: int, det: bool) -> str:
    folds = slogdet_fields(dtype)
    T, F = folds["T"], folds["F"]
    if det:  # sign * exp(logabsdet), as the map kernels compute it (a complex sign times exp + 0j)
        tag, ftag = REG_TAG[T], folds["ftag"]
        times = f"cmul_{tag}" if dt.kind(dtype) == "complex" else f"mul_{tag}"
        exp = cast(f"exp_{ftag}(logabs)", dt.real_dtype(dtype), dtype)
        outputs = f"@group(0) @binding(1) var<storage, read_write> det_out: array<{T}>;"
        a_binding, store = 2, f"    det_out[g] = {times}(sign, {exp});"
    else:
        outputs = (f"@group(0) @binding(1) var<storage, read_write> sign_out: array<{T}>;\n"
                   f"@group(0) @binding(2) var<storage, read_write> log_out: array<{F}>;")
        a_binding, store = 3, "    sign_out[g] = sign;\n    log_out[g] = logabs;"
    return with_libraries("lu_tiny_slogdet", device.features, fold_pivots=_fold_pivots(n, **folds),
                          outputs=outputs, a_binding=a_binding, store=store, **_fields(dtype, n), **folds)


def slogdet(a: BufferOperand) -> tuple[BufferOperand, BufferOperand] | None:
    """(sign, logabsdet) of each tiny matrix of a (..., n, n), as lu.slogdet: sign in a's dtype,
    logabsdet in its real dtype; 0 and -inf for a singular matrix. None where the matrices are
    not for these kernels (see _plan)."""
    plan = _plan("lu_tiny_slogdet", a, None)
    if plan is None:
        return None
    device, dtype = a.device, a.dtype
    batch_shape, n = a.shape[:-2], a.shape[-1]
    sign = allocate(device, batch_shape, dtype)
    logabsdet = allocate(device, batch_shape, dt.real_dtype(dtype))
    if plan.items == 0:
        return sign, logabsdet
    launch_kernel(device, plan.kernel, lambda: _slogdet_source(device, dtype, n, det=False),
                  [sign.storage, logabsdet.storage, a.storage], plan.params, plan.items, writes=2)
    return sign, logabsdet


def det(a: BufferOperand) -> BufferOperand | None:
    """The determinant of each tiny matrix of a (..., n, n), in a's dtype: slogdet's sign *
    exp(logabsdet) (NumPy's formula, as linalg.det computes it for larger matrices) in the same
    dispatch, straight to the stream (host time is most of such a call). None where the
    matrices are not for these kernels (see _plan)."""
    plan = _plan("lu_tiny_det", a, None)
    if plan is None:
        return None
    device, dtype = a.device, a.dtype
    out = BufferOperand(pool_for(device).allocate(max(plan.out_view.size * dtype.itemsize, 4)), plan.out_view, dtype)
    if plan.items:
        n = a.shape[-1]
        kernel = kernel_cache(device).get(plan.kernel, ("rw", "r"), lambda: _slogdet_source(device, dtype, n, det=True))
        stream_for(device).dispatch(kernel, [out.storage, a.storage], plan.params, grid(plan.items))
    return out
