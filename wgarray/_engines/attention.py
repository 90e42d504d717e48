"""The attention engine: scaled dot-product attention in one fused kernel (flash attention,
wgsl/nn_attention.wgsl), float32 or float64, on strided views.

    out[..., i, :] = sum_j softmax_j(scale * q[..., i, :] . k[..., j, :] + bias[..., i, j]) v[..., j, :]

The L x S score matrix never exists: each workgroup keeps a tile of query rows and walks the keys
in tiles staged in workgroup memory, with an online softmax (running maximum and sum, in the
input's precision: float32 for float32) in registers. Causal attention (PyTorch's tril(ones(L, S)),
top-left aligned) skips the key tiles above the diagonal; masks and causality cost nothing in
the tiles they cannot cut. Each invocation reads its words of a K or V tile into registers
at once (vec4 words where q, k and v are contiguous and 4-aligned), then stores them; V is read
with K even where it must wait for K's space (attention_source.Tiles.v_early). float32
scores are kept in units of log2 e (scale folded into Q), so that the exponentials are an
accurate exp2 (attention_source.score_unit). q, k, v and the mask are read through
their strides, broadcast batch dimensions with stride 0 and grouped-query heads by index (key head
h // group), so nothing is copied. Rows that no key takes part in (every score -inf) give 0, as
PyTorch's SDPA since torch 2.5 (_safe_softmax in its math path, and its fused kernels); before
2.5 its math path gave NaN. Tile sizes follow the adapter's workgroup-memory limit.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from .._core import dtypes as dt
from .._core.config import fast_math_enabled
from .._core.device import per_device
from .._core.kernels import MAX_LOOP, WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, ScalarOperand, allocate, uploaded
from .._core.stream import stream_for
from .attention_source import MAX_BATCH_DIMS, Tiles, params, score_unit, source
from .map import MapOp, launch_map

MAX_LANES = 8  # TX: lanes that reduce a row


def _probe_subgroup_size(device) -> int:
    """The subgroup size the adapter really runs (adapters often report only generic bounds:
    4 to 128 on an H100), measured once per device: one download, the only wait."""
    word = uploaded(device, np.array([0xFFFFFFFF], np.uint32), dt.uint32)
    launch_kernel(device, ("nn_subgroup_probe",), lambda: render("nn_subgroup_probe"), [word.storage], [0], WORKGROUP)
    return int.from_bytes(stream_for(device).download(word.storage, 0, 4), "little")


_subgroup_sizes = per_device(_probe_subgroup_size)


def lanes(device) -> int:
    """Lanes of a row group: they reduce with subgroup shuffles, so at most the subgroup size;
    at most MAX_LANES (measured on an H100: 16 lanes per row took 4.5x longer than 8)."""
    if "subgroup" not in device.features:
        return 1
    size = _subgroup_sizes(device)
    return max(1, min(MAX_LANES, 1 << (int(size).bit_length() - 1)))


def _measured_rows(tx: int, ty: int, ev4: int) -> bool:
    """Whether a shape of TY row groups is one that was timed: 128-row tiles (TY = 32) only at
    128 invocations holding at most 4 output words per row (the H100's E = Ev = 64 case)."""
    return ty <= 16 or (tx * ty <= 128 and -(-ev4 // tx) <= 4)


def choose_tiles(device, dtype, e: int, ev: int) -> Tiles:
    """The tiles that fit the adapter's workgroup memory with the most query rows, then the
    most keys, without sharing K's space where both fit (one barrier less); V read with K and
    the scores summed 8 products at a time (Tiles.v_early, Tiles.dots). On an H100 (float32,
    E = 64, causal 4096^2, PyTorch 8.2 ms) 128 x 16 tiles (4 lanes, K sharing memory with P and V)
    take 18.1 ms, 64 x 32 18.3 to 18.7 (-6% for 1024^2 not causal), 64 x 32 sharing K 19.1;
    earlier 64 x 32 31 ms, 32 x 32 83 ms, 16 x 64 141 ms. Tried and slower there: 8 query
    rows per invocation, 54 ms (19 with these tiles then); scores as outer products of Q and K
    tiles stored transposed, 26 ms; both, 65 ms (branch wip-attn2, commits d86de77 and 2c0baef,
    has that code); the rescale of o and l skipped where the row maximum stays (a branch), +5%;
    every batch entry's heaviest query tile first (not each entry's tiles heaviest first: K and V
    leave L2), +4%. Scores as fma chains (no separate add of each dot product) took 4% less
    time but tripled the largest error (1.3e-6, not 3.7e-7); not taken. For E = 128 (4.4 ms, B4
    H8 2048^2 causal): outer products 6.3 ms, 32 x 32 tiles 9.6 ms.
    Then (branch wip-sdpa9, the same H100, two runs): the scores summed 8 products at a time
    (a dot product, then 4 fma, before the add: 9 operations for 8 products, not 10) with V
    read with K took 15.3 to 16.2 ms, not 16.9 to 17.5 (largest error 3.8e-7, not 4.2e-7);
    dots alone 16.0 to 16.3, V alone 17.0; 1024^2 not causal 2.25 to 2.32 ms, not 2.41 to 2.46;
    E = 128 3.8 to 4.1 ms, not 4.3 to 4.4; float64 (B2 H8 1024^2) 3.7 to 3.8 ms, not 4.1. dots = 12 or 16:
    the same within the noise (E = 64 16.1 ms, E = 128 3.8 to 3.9); the next K read before the
    P V products, 17.0 to 18.6; whole key tiles in a loop of their own without the masking
    code, 15.5 to 16.1 (17.3 to 17.7 with 4-product dots); 8 keys per invocation (64 x 32 tiles,
    4 lanes), 25.7; 8 lanes (64 x 32), 18.1."""
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    unit = 4 * dtype.itemsize
    e4, ev4 = -(-e // 4), -(-ev // 4)
    best = None
    tx_max = lanes(device)
    for ty in (32, 16, 8, 4, 2, 1):
        tx = tx_max
        while tx >= 1:
            for alias in (False, True):
                tiles = Tiles(tx, ty, alias)
                if tiles.layout(e4, ev4)[1] * unit <= limit and _measured_rows(tx, ty, ev4):
                    rank = (tiles.BR, tiles.BC, not alias)
                    if best is None or rank > best[0]:
                        best = (rank, tiles)
                    break
            tx //= 2
    if best is None:
        raise MemoryError(f"attention: head size {e} does not fit {device.name}'s {limit} bytes of workgroup memory")
    return replace(best[1], v_early=True, dots=8)


# benchmarks and tests force choices: {"tiles": Tiles, "scalar_loads": bool}
_FORCE: dict = {}


def _check_fits(*operands) -> None:
    for x in operands:
        if x is None:
            continue
        if x.storage.segments is not None or x.storage.nbytes > x.device.max_binding:
            raise MemoryError(f"attention: arrays of more than one storage binding ({x.device.max_binding} bytes) "
                              f"are not supported yet ({x.storage.nbytes} bytes)")
        if x.storage.nbytes // x.dtype.itemsize >= 2**31:
            raise MemoryError("attention: operands of 2^31 elements or more are not supported yet")


def _vec_words(e: int, ev: int, operands) -> bool:
    """Whether q, k and v can be read in vec4 words: rows of contiguous elements, E and Ev
    multiples of 4, every offset and row or batch stride too. operands: (operand, batch strides)."""
    if e % 4 or ev % 4 or _FORCE.get("scalar_loads"):
        return False
    return all(x.view.strides[-1] == 1 and x.view.offset % 4 == 0 and x.view.strides[-2] % 4 == 0
               and all(s % 4 == 0 for s in strides) for x, strides in operands)


def attention(q: BufferOperand, k: BufferOperand, v: BufferOperand, mask: BufferOperand | None,
              batch_shape: tuple, scale: float, causal: bool, group: int, dropout=None) -> BufferOperand:
    """softmax(scale q k^T + mask) v over batch_shape + (L, Ev), a new C-contiguous array.

    q: batch_shape + (L, E); k: (S, E) and v: (S, Ev) after batch dims that broadcast to
    batch_shape except the last, the heads, which are batch_shape[-1] // group; mask: None or
    a view broadcast to batch_shape + (L, S), bool (True takes part) or q's dtype (added).
    Operands are views of any strides; their batch dims are aligned with batch_shape (size 1
    or stride 0 where broadcast). dropout: None, or (p, bit generator): each probability is
    zeroed with probability p, the others scaled by 1 / (1 - p) (PyTorch's dropout of the
    attention weights), by a Philox draw per (batch row, key) of the generator's stream."""
    dtype = q.dtype
    L, E = q.shape[-2:]
    S, Ev = v.shape[-2:]
    out = allocate(q.device, tuple(batch_shape) + (L, Ev), dtype)
    batch = math.prod(batch_shape)
    if batch == 0 or L == 0 or Ev == 0:
        return out
    if S == 0:  # nothing to attend to: the empty sum, as PyTorch's matmul of the empty softmax
        launch_map(q.device, MapOp("fill", "a0", (dtype,), dtype), out.storage, out.view, dtype,
                   [ScalarOperand(0, dtype)], fresh=True)
        return out
    if len(batch_shape) > MAX_BATCH_DIMS:
        raise NotImplementedError(f"attention: at most {MAX_BATCH_DIMS} batch dimensions, got {len(batch_shape)}")
    _check_fits(q, k, v, mask, out)
    device = q.device
    tiles = _FORCE.get("tiles") or choose_tiles(device, dtype, E, Ev)
    tiles_q = -(-L // (4 * tiles.TY))
    if -(-S // (4 * tiles.TX)) > MAX_LOOP or batch * tiles_q >= 2**31:
        raise NotImplementedError(f"attention: {S} keys or {batch * tiles_q} tiles of queries are too many for one dispatch")
    nb = len(batch_shape)

    def bstrides(x, kv: bool = False):
        if x is None:
            return [0] * nb
        shape, strides = x.shape[:-2], x.view.strides[:-2]
        result = []
        for d in range(nb):
            full = batch_shape[d] // group if kv and d == nb - 1 else batch_shape[d]
            result.append(0 if shape[d] == 1 and full != 1 else strides[d])
        return result[::-1]  # innermost first, as the kernel takes the batch index apart

    mview = mask.view if mask is not None else None
    drop = {}
    if dropout is not None:
        p, bitgen = dropout
        key, counter = bitgen.reserve(batch * L)  # one counter block per query row, keys in its third word
        drop = dict(key_lo=key & 0xFFFFFFFF, key_hi=key >> 32, counter_lo=counter & 0xFFFFFFFF,
                    counter_hi=counter >> 32, drop_threshold=math.ceil(p * 2**24),
                    drop_scale=0.0 if p >= 1 else 1.0 / (1.0 - p))
    values = params(dtype).pack(
        groups=batch * tiles_q, L=L, S=S, E=E, Ev=Ev, nbatch=nb, head_dim=0, group=group,
        q_off=q.view.offset, k_off=k.view.offset, v_off=v.view.offset, m_off=mview.offset if mask else 0,
        q_rs=q.view.strides[-2], q_es=q.view.strides[-1], k_rs=k.view.strides[-2], k_es=k.view.strides[-1],
        v_rs=v.view.strides[-2], v_es=v.view.strides[-1],
        m_rs=mview.strides[-2] if mask else 0, m_cs=mview.strides[-1] if mask else 0,
        bshape=batch_shape[::-1], q_bs=bstrides(q), k_bs=bstrides(k, True), v_bs=bstrides(v, True), m_bs=bstrides(mask),
        scale=scale * score_unit(dtype), **drop)
    fast = fast_math_enabled() and dtype == dt.float32
    mask_kind = None if mask is None else mask.dtype
    vec = _vec_words(E, Ev, [(q, bstrides(q)), (k, bstrides(k, True)), (v, bstrides(v, True))])
    key = ("nn_attention", dtype, tiles, E, Ev, causal, mask_kind, fast, bool(drop), vec)
    storages = [out.storage, q.storage, k.storage, v.storage] + ([mask.storage] if mask is not None else [])
    # one workgroup per tile of queries: launch_kernel counts items in WORKGROUP-sized groups
    launch_kernel(device, key, lambda: source(device, dtype, tiles, E, Ev, causal, mask_kind, fast, bool(drop), vec),
                  storages, values, batch * tiles_q * WORKGROUP)
    return out
