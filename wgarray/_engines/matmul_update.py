"""C -= A @ B in place: the factorisations' trailing updates as one dispatch of the tiled kernel's
update variant (matmul_source.Update), instead of a product into a temporary and a subtraction.

It applies where the blocked algorithms need it: one dtype throughout (float or complex), C a
view of at least 16 x 16 whose buffer may also hold A and B (they are read through the same
binding), at most one batch dimension, no split of K. Elsewhere subtract_product returns False
and the caller subtracts a product.
"""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand
from .._core.view import coalesce
from .matmul import _FORCE, _access, _choose_tiling, _quads
from .matmul_pieces import MAX_K
from .matmul_source import ANY, MID, THREADS, Update, tiled_params, tiled_source

PREFER_EXACT = True  # 64 x 64 exact tiles over 128 x 128 ones with bounds checks


def subtract_product(c: BufferOperand, a: BufferOperand, b: BufferOperand, *, conj: bool = False,
                     conj_result: bool = False, lower: bool = False) -> bool:
    """c -= a @ b (conj(a) @ b if conj; the product conjugated if conj_result; lower: only the
    elements on and below each matrix's diagonal), a (batch, M, K), b (batch, K, N), c (batch, M, N)
    views. Returns whether it ran (False: not this kernel's case; nothing was done)."""
    dtype = c.dtype
    *batch_shape, M, N = c.shape
    K = a.shape[-1]
    if _FORCE or a.dtype != dtype or b.dtype != dtype or dt.kind(dtype) not in ("float", "complex") \
            or M < 16 or N < 16 or K == 0 or K >= MAX_K or a.shape[:-2] != tuple(batch_shape) \
            or b.shape[:-2] != tuple(batch_shape) or \
            any(o.storage.segments is not None for o in (a, b, c)):
        return False
    bshape, (a_bs, b_bs, c_bs) = coalesce(tuple(batch_shape), a.view.strides[:-2], b.view.strides[:-2],
                                          c.view.strides[:-2])
    if len(bshape) > 1:
        return False
    batch = bshape[0] if bshape else 1
    av, bv, cv = a.view, b.view, c.view
    device = c.device
    cfg = _choose_tiling(dtype, batch, M, N, K, device)
    a_fast = "mn" if av.strides[-2] == 1 and av.strides[-1] != 1 else "k"
    b_fast = "k" if bv.strides[-2] == 1 and bv.strides[-1] != 1 else "mn"
    complex_ = dt.kind(dtype) == "complex"
    update = Update(a.storage is c.storage, b.storage is c.storage, conj_result and complex_, lower)
    conj = conj and complex_
    # Full float32 tiles read and written in vec4 words where every view allows it (the blocked
    # factorisations' blocks of a contiguous matrix whose order is a multiple of 4), in 64 x 64
    # tiles where 128 x 128 ones would not be full.
    access = ANY
    if _quads(cv, c_bs, -1):
        for tiling in (cfg, MID) if PREFER_EXACT else (cfg,):
            access = _access(tiling, M, N, K, K, a.dtype, b.dtype, (av, a_bs, -1 if a_fast == "k" else -2),
                             (bv, b_bs, -2 if b_fast == "k" else -1))
            if access.exact:
                cfg = tiling
                break
    tiles_m, tiles_n = -(-M // cfg.BM), -(-N // cfg.BN)
    params = tiled_params(len(bshape)).pack(
        M=M, N=N, K=K, tiles_n=tiles_n, tiles_m=tiles_m, groups=batch * tiles_m * tiles_n, k_total=K,
        inner_batch=batch, batch_dims=len(bshape), a_offset=av.offset, a_m_stride=av.strides[-2],
        a_k_stride=av.strides[-1], b_offset=bv.offset, b_k_stride=bv.strides[-2], b_n_stride=bv.strides[-1],
        c_offset=cv.offset, c_batch=c_bs[0] if bshape else 0, c_row=cv.strides[-2], c_col=cv.strides[-1],
        batch=[batch, a_bs[0], b_bs[0]] if bshape else [])
    storages = [c.storage] + [o.storage for o, aliased in ((a, update.a_in_out), (b, update.b_in_out)) if not aliased]
    launch_kernel(device, ("matmul_update", cfg, dtype, a_fast, b_fast, conj, update, access),
                  lambda: tiled_source(cfg, dtype, dtype, dtype, a_fast, b_fast, conj, False, update, access), storages,
                  params, batch * tiles_m * tiles_n * THREADS)
    return True
