"""LU on tiny matrices (n <= tiny_max(dtype), 8 for most dtypes), one invocation per matrix:
solve/inv (gesv) and slogdet in ONE dispatch each, straight from the operands' views.

The workgroup-per-matrix kernels (lu_kernels) spend 32 invocations, workgroup memory and
barriers on a 4 x 4 matrix. Here each invocation loads its matrix into a private array (the
matrix size is a compile-time constant, so the loops unroll and the array stays in registers),
factors it with partial pivoting, and solves or folds the pivots itself. The operations and
their order are those of the workgroup kernels, so a matrix gets the same result on either path.

Batch dims of any view (strided, transposed, broadcast) are walked in the kernel: up to
BATCH_DIMS of them after merging (view.coalesce); `supports` says whether operands fit.
"""

from __future__ import annotations

import math

from .._core import dtypes as dt
from .._core.kernels import MAX_LOOP, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.view import coalesce
from .._core.wgsl import with_libraries
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


def supports(a: BufferOperand, b: BufferOperand | None = None) -> bool:
    """Whether the kernels here take the matrices of a (..., n, n) (and the right-hand sides b
    (..., n, k) of a's dtype, batch shape equal to a's): n tiny, batch dims few enough."""
    n = a.shape[-1]
    if not 1 <= n <= tiny_max(a.dtype) or dt.kind(a.dtype) not in ("float", "complex"):
        return False
    if b is not None and (b.dtype != a.dtype or b.shape[-1] == 0):
        return False
    return len(_batch_walk(a, b)[0]) <= BATCH_DIMS


def _batch_walk(a: BufferOperand, b: BufferOperand | None):
    """The batch dims a and b walk together, merged, innermost first: (shape, a's strides, b's)."""
    views = [a.view] if b is None else [a.view, b.view]
    shape, strides = coalesce(a.shape[:-2], *(v.strides[:-2] for v in views))
    b_strides = strides[1] if b is not None else (0,) * len(shape)
    return shape[::-1], strides[0][::-1], b_strides[::-1]


def _params(items: int, a: BufferOperand, b: BufferOperand | None, k: int = 0, chunk: int = 1) -> bytes:
    shape, a_strides, b_strides = _batch_walk(a, b)
    b_view = b.view if b is not None else None
    return TINY_PARAMS.pack(items=items, k=k, chunk=chunk, chunks=-(-k // chunk) if k else 1,
                            batch_dims=len(shape), a_offset=a.view.offset, a_row_stride=a.view.strides[-2],
                            a_col_stride=a.view.strides[-1], b_offset=b_view.offset if b_view else 0,
                            b_row_stride=b_view.strides[-2] if b_view else 0,
                            b_col_stride=b_view.strides[-1] if b_view else 0, batch_shape=shape,
                            a_batch_strides=a_strides, b_batch_strides=b_strides)


def _fields(dtype, n: int) -> dict:
    """What both kernels share: the dtype's scalar operations (lu_scalar's, whose workgroup pivot
    scratch goes unused here) and the factorisation."""
    a = _arith(dtype)
    return dict(enables="", params=TINY_PARAMS.wgsl(), workgroup=WORKGROUP, n=n, scalar=_scalar(a, 1),
                factor=render("lu_tiny_factor", F=a["F"], T=a["T"]))


def solve(a: BufferOperand, b: BufferOperand | None) -> tuple[BufferOperand, BufferOperand]:
    """X with A X = B for each tiny matrix of a (..., n, n) and right-hand sides b (..., n, k)
    of the same batch shape (broadcast views are fine), or B the identity where b is None (the
    inverse); see supports(a, b). Returns (x, info): x (..., n, k) contiguous in a's dtype, info
    (...) int32, 1 + the first column whose pivot is exactly zero, or 0 (a singular A leaves
    inf/nan in its X), as lu.getrf's."""
    device, dtype = a.device, a.dtype
    *batch_shape, n, _ = a.shape
    k = n if b is None else b.shape[-1]
    x = allocate(device, (*batch_shape, n, k), dtype)
    info = allocate(device, batch_shape, INDEX_DTYPE)
    batch = math.prod(batch_shape)
    if batch == 0:
        return x, info
    identity = b is None
    # Columns per invocation: all of them, unless splitting them gives a small batch more work items.
    chunk = min(k, MAX_LOOP, max(1, -(-batch * k // TARGET_ITEMS)))
    items = batch * -(-k // chunk)

    def source():
        T = dt.layout(dtype).register
        if identity:
            one = f"{T}(1)" if dt.kind(dtype) != "complex" else f"{T}(1, 0)"
            b_binding, load_b = "", f"select({T}(), {one}, perm[i] == c)"
        else:
            b_binding = f"@group(0) @binding(4) var<storage, read> b: array<{T}>;"
            load_b = "b[b_base + perm[i] * p_b_row_stride() + c * p_b_col_stride()]"
        return with_libraries("lu_tiny_solve", device.features, T=T, b_binding=b_binding, load_b=load_b,
                              **_fields(dtype, n))

    storages = [x.storage, info.storage, a.storage] + ([] if identity else [b.storage])
    launch_kernel(device, ("lu_tiny_solve", dtype, n, identity), source, storages,
                  _params(items, a, b, k, chunk), items, writes=2)
    return x, info


def slogdet(a: BufferOperand) -> tuple[BufferOperand, BufferOperand]:
    """(sign, logabsdet) of each tiny matrix of a (..., n, n) (see supports(a)), as lu.slogdet:
    sign in a's dtype, logabsdet in its real dtype; 0 and -inf for a singular matrix."""
    device, dtype = a.device, a.dtype
    batch_shape, n = a.shape[:-2], a.shape[-1]
    sign = allocate(device, batch_shape, dtype)
    logabsdet = allocate(device, batch_shape, dt.real_dtype(dtype))
    batch = math.prod(batch_shape)
    if batch == 0:
        return sign, logabsdet
    launch_kernel(device, ("lu_tiny_slogdet", dtype, n), lambda: with_libraries(
        "lu_tiny_slogdet", device.features, **_fields(dtype, n), **slogdet_fields(dtype)),
        [sign.storage, logabsdet.storage, a.storage], _params(batch, a, None), batch, writes=2)
    return sign, logabsdet
