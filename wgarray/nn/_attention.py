"""scaled_dot_product_attention, as torch.nn.functional's, over the attention engine (one fused
flash-attention kernel, wgarray/_engines/attention.py).

Semantics follow PyTorch's math path (torch >= 2.5): shapes (..., L, E), (..., S, E), (..., S, Ev)
with batch dimensions broadcast; a bool mask takes True as "takes part", a float mask (of the
query's dtype) is added to the scaled scores; masks broadcast to (..., L, S); is_causal is
tril(ones(L, S)) (top-left aligned, also when L != S) and excludes an explicit mask; enable_gqa
lets key and value have fewer heads (dim -3) than the query, head h reading head
h // (Hq // Hk). A row whose mask excludes every key (every score -inf, also through a float
mask) gives 0: PyTorch's math path does so since torch 2.5 (at::_safe_softmax, pytorch#133882),
as its fused kernels do; torch < 2.5 gave NaN there. One difference: a NaN score at a position
the mask or causality excludes is ignored (the math path adds -inf to it and gets NaN; the fused
kernels ignore it, as here). dropout_p > 0 drops attention weights inside the kernel with a
Philox draw per (query row, key) from wgarray.random's global stream (PyTorch draws from its
default generator; wgarray.random.seed makes the draws repeat), the kept ones scaled by 1 / (1 - p).
"""

from __future__ import annotations

import math

from .._api.coerce import as_array
from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView, broadcast_shapes
from .._engines.attention import attention
from ..random._legacy import global_bit_generator
from ._activations import check_float
from ._half import narrowed, widened


def _padded(x, ndim: int):
    """x's operand with leading size-1 (stride 0) dims up to ndim."""
    data = x._data()
    view = data.view
    extra = ndim - view.ndim
    return data.with_view(TensorView((1,) * extra + view.shape, (0,) * extra + view.strides, view.offset))


def _broadcast(shapes, what: str) -> tuple:
    try:
        return broadcast_shapes(*shapes)
    except ValueError:
        raise RuntimeError(f"scaled_dot_product_attention: the batch dimensions of {what} "
                           f"({', '.join(str(tuple(s)) for s in shapes)}) do not broadcast") from None


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False) -> Array:
    """softmax(query @ key^T * scale + mask) @ value (PyTorch's torch.nn.functional function).

    query (..., L, E), key (..., S, E), value (..., S, Ev) -> (..., L, Ev) in query's dtype
    (float32 or float64). scale defaults to 1 / sqrt(E)."""
    name = "scaled_dot_product_attention"
    q, k, v = (as_array(x, name) for x in (query, key, value))
    for x, what in ((q, "query"), (k, "key"), (v, "value")):
        check_float(x, name)
        if x.ndim < 2:
            raise RuntimeError(f"{name}: {what} needs at least 2 dimensions (..., sequence, features), "
                               f"got shape {tuple(x.shape)}")
    query_dtype = q._dtype
    if not q.dtype == k.dtype == v.dtype:
        raise RuntimeError(f"{name}: expected query, key, and value to have the same dtype, but got "
                           f"query.dtype: {q.dtype}, key.dtype: {k.dtype} and value.dtype: {v.dtype} instead")
    if q.shape[-1] != k.shape[-1]:
        raise RuntimeError(f"{name}: query and key must have the same embedding size, got {q.shape[-1]} "
                           f"and {k.shape[-1]}")
    if k.shape[-2] != v.shape[-2]:
        raise RuntimeError(f"{name}: key and value must have the same sequence length, got {k.shape[-2]} "
                           f"and {v.shape[-2]}")
    if dropout_p < 0 or dropout_p > 1:
        raise ValueError(f"{name}: dropout probability has to be between 0 and 1, but got {dropout_p}")
    mask = None
    if attn_mask is not None:
        if is_causal:
            raise RuntimeError(f"_{name}: Explicit attn_mask should not be set when is_causal=True")
        mask = as_array(attn_mask, name)
        if mask.dtype != dt.bool_ and mask.dtype != q.dtype:
            raise RuntimeError(f"{name}: expected attn_mask dtype to be bool or to match query dtype, but got "
                               f"attn_mask.dtype: {mask.dtype} and query.dtype: {q.dtype} instead")
    group = 1
    if enable_gqa and min(q.ndim, k.ndim, v.ndim) >= 3:
        hq, hk, hv = q.shape[-3], k.shape[-3], v.shape[-3]
        if hk != hv:
            raise RuntimeError(f"{name}: key and value must have the same number of heads, got {hk} and {hv}")
        if hk == 0 or hq % hk:
            raise RuntimeError(f"{name}: number of heads in key and value ({hk}) must divide the number of "
                               f"heads in query ({hq})")
        group = hq // hk
    L, S = q.shape[-2], k.shape[-2]
    if group > 1:
        outer = _broadcast([q.shape[:-3], k.shape[:-3], v.shape[:-3]], "query, key and value")
        batch = outer + (q.shape[-3],)
    else:
        batch = _broadcast([q.shape[:-2], k.shape[:-2], v.shape[:-2]], "query, key and value")
    ndim = len(batch) + 2
    mask_data = None
    if mask is not None:
        try:
            full = broadcast_shapes(mask.shape, batch + (L, S))
        except ValueError:
            full = None
        if full != batch + (L, S):
            raise RuntimeError(f"{name}: attn_mask of shape {tuple(mask.shape)} does not broadcast to the scores' "
                               f"shape {batch + (L, S)}")
        mask_data = _padded(widened(mask), ndim).broadcast_to(batch + (L, S))  # stride 0 where broadcast
    scale = 1.0 / math.sqrt(q.shape[-1]) if scale is None else float(scale)
    # dropout draws from wgarray.random's global stream (as PyTorch's from its default generator):
    # wgarray.random.seed makes it repeatable
    dropout = (float(dropout_p), global_bit_generator()) if dropout_p > 0 else None
    q, k, v = widened(q), widened(k), widened(v)  # float16 computes in float32, rounded once (see _half)
    out = attention(_padded(q, ndim), _padded(k, ndim), _padded(v, ndim), mask_data, batch, scale,
                    bool(is_causal), group, dropout)
    return narrowed(Array._wrap(out), query_dtype)
