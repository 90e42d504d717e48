"""wgarray.nn.scaled_dot_product_attention against a NumPy reference written here (PyTorch's math
path in float64: scores, mask, softmax, product): dtypes, head sizes 8 to 256, causal with L != S,
L or S of 1, masks of every broadcast shape (bool and float), grouped-query heads, scale, views,
fully masked rows (0, as torch >= 2.5), dropout, empty inputs, the kernel's tile variants, and bad input with PyTorch's
exception types."""

import numpy as np
import pytest

import wgarray as wg
from wgarray._engines import attention

rng = np.random.default_rng(15)


def reference(q, k, v, mask=None, causal=False, scale=None, group=1):
    """PyTorch's math path in float64 (with -inf, not NaN, where a mask excludes a NaN score)."""
    q, k, v = (np.asarray(a, np.float64) for a in (q, k, v))
    if group > 1:
        k, v = np.repeat(k, group, axis=-3), np.repeat(v, group, axis=-3)
    L, S = q.shape[-2], k.shape[-2]
    scale = 1 / np.sqrt(q.shape[-1]) if scale is None else scale
    scores = q @ np.swapaxes(k, -1, -2) * scale
    if causal:
        mask = np.tril(np.ones((L, S), bool))
    if mask is not None:
        mask = np.asarray(mask)
        scores = np.where(mask, scores, -np.inf) if mask.dtype == bool else scores + mask
    with np.errstate(invalid="ignore"):
        weights = np.exp(scores - scores.max(-1, keepdims=True))
        weights /= weights.sum(-1, keepdims=True)
    return weights @ v


def normal(shape, dtype=np.float32):
    return rng.standard_normal(shape).astype(dtype)


def check(got, expected, dtype):
    got = np.asarray(got)
    assert got.dtype == dtype and got.shape == expected.shape
    atol = 3e-6 if dtype == np.float32 else 1e-13
    np.testing.assert_allclose(got, expected, rtol=10 * atol, atol=atol)


def sdpa(q, k, v, **kw):
    up = (lambda a: wg.asarray(a) if isinstance(a, np.ndarray) else a)
    if kw.get("attn_mask") is not None:
        kw["attn_mask"] = up(kw["attn_mask"])
    return wg.nn.scaled_dot_product_attention(up(q), up(k), up(v), **kw)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("E,Ev", [(8, 8), (9, 5), (40, 40), (64, 64), (72, 72), (128, 128), (256, 256), (16, 100)])
def test_head_sizes(dtype, E, Ev):
    q, k, v = normal((2, 9, E), dtype), normal((2, 11, E), dtype), normal((2, 11, Ev), dtype)
    check(sdpa(q, k, v), reference(q, k, v), dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("L,S", [(1, 1), (1, 9), (9, 1), (7, 19), (19, 7), (70, 70), (130, 67)])
@pytest.mark.parametrize("causal", [False, True])
def test_lengths_and_causal(dtype, L, S, causal):
    q, k, v = normal((2, L, 16), dtype), normal((2, S, 16), dtype), normal((2, S, 24), dtype)
    check(sdpa(q, k, v, is_causal=causal), reference(q, k, v, causal=causal), dtype)


MASK_SHAPES = [(5, 6), (1, 6), (5, 1), (6,), (1, 1), (3, 5, 6), (3, 1, 6), (2, 1, 5, 6), (2, 3, 5, 6), (1, 1, 1, 1)]


@pytest.mark.parametrize("shape", MASK_SHAPES)
@pytest.mark.parametrize("kind", ["bool", "float"])
def test_mask_broadcast(shape, kind):
    q, k, v = normal((2, 3, 5, 8)), normal((2, 3, 6, 8)), normal((2, 3, 6, 8))
    if kind == "bool":
        mask = rng.random(shape) < 0.7
        mask[..., 0] = True  # no fully masked rows here
    else:
        mask = normal(shape)
    check(sdpa(q, k, v, attn_mask=mask), reference(q, k, v, mask=mask), np.float32)


def test_mask_strided_view():
    q, k, v = normal((2, 5, 8), np.float64), normal((2, 6, 8), np.float64), normal((2, 6, 8), np.float64)
    full = normal((6, 5), np.float64)
    mask = wg.asarray(full).mT  # a transposed view, read through its strides
    check(sdpa(q, k, v, attn_mask=mask), reference(q, k, v, mask=full.T), np.float64)


def test_fully_masked_rows_are_zero():
    """PyTorch >= 2.5 (at::_safe_softmax in the math path, and the fused kernels): a row whose
    scores are all -inf gives 0, where a plain softmax gives NaN."""
    q, k, v = normal((4, 8)), normal((5, 8)), normal((5, 8))
    mask = np.ones((4, 5), bool)
    mask[1] = False
    got = np.asarray(sdpa(q, k, v, attn_mask=mask))
    assert (got[1] == 0).all()
    check(np.delete(got, 1, 0), np.delete(reference(q, k, v, mask=mask), 1, 0), np.float32)
    float_mask = np.where(mask, 0.0, -np.inf).astype(np.float32)
    assert (np.asarray(sdpa(q, k, v, attn_mask=float_mask))[1] == 0).all()
    causal_and_padding = np.tril(np.ones((4, 5), bool))
    causal_and_padding[:, 0] = False  # row 0 sees only key 0, now excluded
    got = np.asarray(sdpa(q, k, v, attn_mask=causal_and_padding))
    assert (got[0] == 0).all() and np.isfinite(got).all()


def test_masked_nan_scores_are_ignored():
    q, k, v = normal((3, 8)), normal((4, 8)), normal((4, 8))
    k[3] = np.nan
    mask = np.array([True, True, True, False])
    check(sdpa(q, k, v, attn_mask=mask), reference(q, k[:3], v[:3]), np.float32)
    assert np.isnan(np.asarray(sdpa(q, k, v))).all()  # unmasked NaN spreads, as in PyTorch


@pytest.mark.parametrize("hq,hk", [(6, 2), (6, 1), (6, 3), (4, 4)])
@pytest.mark.parametrize("causal", [False, True])
def test_grouped_query_attention(hq, hk, causal):
    q, k, v = normal((2, hq, 7, 8)), normal((2, hk, 9, 8)), normal((2, hk, 9, 12))
    got = sdpa(q, k, v, is_causal=causal, enable_gqa=True)
    check(got, reference(q, k, v, causal=causal, group=hq // hk), np.float32)


def test_gqa_with_broadcast_batch_and_mask():
    q, k, v = normal((3, 4, 5, 8)), normal((1, 2, 6, 8)), normal((1, 2, 6, 8))
    mask = normal((4, 1, 6))
    got = sdpa(q, k, v, attn_mask=mask, enable_gqa=True)
    check(got, reference(q, np.broadcast_to(k, (3, 2, 6, 8)), np.broadcast_to(v, (3, 2, 6, 8)), mask=mask, group=2),
          np.float32)


def test_broadcast_batch_dims():
    q, k, v = normal((2, 3, 5, 8)), normal((3, 6, 8)), normal((2, 1, 6, 4))
    check(sdpa(q, k, v), reference(q, k, v), np.float32)


@pytest.mark.parametrize("scale", [0.01, 1.0, 3.5])
def test_scale(scale):
    q, k, v = normal((5, 8), np.float64), normal((6, 8), np.float64), normal((6, 8), np.float64)
    check(sdpa(q, k, v, scale=scale), reference(q, k, v, scale=scale), np.float64)


def test_non_contiguous_views():
    base_q, base_k, base_v = normal((2, 12, 3, 10)), normal((2, 16, 3, 10)), normal((3, 16, 2, 6))
    q = wg.permute_dims(wg.asarray(base_q)[:, ::2], (0, 2, 1, 3))  # (2, 3, 6, 10), strided
    k = wg.permute_dims(wg.asarray(base_k)[:, ::-1], (0, 2, 1, 3))  # negative strides
    v = wg.permute_dims(wg.asarray(base_v), (2, 0, 1, 3))  # (2, 3, 16, 6)
    expected = reference(np.transpose(base_q[:, ::2], (0, 2, 1, 3)), np.transpose(base_k[:, ::-1], (0, 2, 1, 3)),
                         np.transpose(base_v, (2, 0, 1, 3)))
    check(sdpa(q, k, v, is_causal=True), reference(np.transpose(base_q[:, ::2], (0, 2, 1, 3)),
                                                   np.transpose(base_k[:, ::-1], (0, 2, 1, 3)),
                                                   np.transpose(base_v, (2, 0, 1, 3)), causal=True), np.float32)
    check(sdpa(q, k, v), expected, np.float32)


@pytest.mark.parametrize("tiles", [attention.Tiles(1, 1, False), attention.Tiles(2, 4, True),
                                   attention.Tiles(4, 2, True, 8), attention.Tiles(2, 1, False, 8),
                                   attention.Tiles(4, 32, True), attention.Tiles(4, 32, False)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_tile_variants(tiles, dtype):
    """The kernel's other tile shapes (one lane per row, K sharing memory with P and V, 8 key
    columns per invocation), which the adapter running the tests may not choose by itself."""
    e = 12 if dtype == np.float32 else 8  # float64's widest tiles within a 32 KB workgroup memory
    q, k, v = normal((2, 21, e), dtype), normal((2, 37, e), dtype), normal((2, 37, 7), dtype)
    mask = rng.random((21, 37)) < 0.8
    attention._FORCE["tiles"] = tiles
    try:
        check(sdpa(q, k, v, is_causal=True), reference(q, k, v, causal=True), dtype)
        check(sdpa(q, k, v, attn_mask=mask), reference(q, k, v, mask=mask), dtype)
    finally:
        attention._FORCE.clear()


@pytest.mark.parametrize("alias", [False, True])
@pytest.mark.parametrize("causal", [False, True])
def test_128_row_tiles(alias, causal):
    """Tiles of 128 query rows (an H100's choice for E = 64): several of them, the last one cut,
    over key tiles that the diagonal or the end cuts."""
    q, k, v = normal((2, 300, 16)), normal((2, 333, 16)), normal((2, 333, 16))
    attention._FORCE["tiles"] = attention.Tiles(4, 32, alias)
    try:
        check(sdpa(q, k, v, is_causal=causal), reference(q, k, v, causal=causal), np.float32)
    finally:
        attention._FORCE.clear()


@pytest.mark.parametrize("tiles,e,dtype", [
    (attention.Tiles(4, 8, True, v_early=True, dots=8), 20, np.float32),
    (attention.Tiles(4, 8, False, v_early=True, dots=12), 44, np.float64),
    (attention.Tiles(4, 8, True, v_early=True, dots=16), 16, np.float32),
    (attention.Tiles(4, 32, True, v_early=True, dots=8), 40, np.float32),  # (64: past 32 KB of workgroup memory)
    (attention.Tiles(1, 1, True, v_early=True, dots=8), 12, np.float64)])
def test_schedules(tiles, e, dtype):
    """Tiles.v_early (with K sharing memory or not) and dots (scores summed 4 n products at a
    time: head sizes of 4 n words, more, and fewer), not causal and causal over key tiles the
    diagonal or the end cuts, a bool and a float mask; also where a tile has more words per
    invocation than fit in registers (v_early ignored)."""
    q, k, v = normal((2, 70, e), dtype), normal((2, 101, e), dtype), normal((2, 101, 12), dtype)
    mask = rng.random((70, 101)) < 0.7
    bias = normal((70, 101), dtype)
    attention._FORCE["tiles"] = tiles
    try:
        for causal in (False, True):
            check(sdpa(q, k, v, is_causal=causal), reference(q, k, v, causal=causal), dtype)
        check(sdpa(q, k, v, attn_mask=mask), reference(q, k, v, mask=mask), dtype)
        check(sdpa(q, k, v, attn_mask=bias), reference(q, k, v, mask=bias), dtype)
    finally:
        attention._FORCE.clear()


@pytest.mark.parametrize("force", [{}, {"scalar_loads": True}])
@pytest.mark.parametrize("causal", [False, True])
def test_tile_loads(force, causal):
    """K and V tiles read in vec4 words or element by element, over many key tiles (whole ones
    and ones the diagonal or the end cuts); also an offset view (element by element by itself)."""
    q, k, v = normal((2, 3, 70, 16)), normal((2, 3, 150, 16)), normal((2, 3, 150, 8))
    attention._FORCE.update(force)
    try:
        check(sdpa(q, k, v, is_causal=causal), reference(q, k, v, causal=causal), np.float32)
        shifted = normal((2, 3, 150, 17))
        check(sdpa(q, wg.asarray(shifted)[..., 1:], v, is_causal=causal),
              reference(q, shifted[..., 1:], v, causal=causal), np.float32)
    finally:
        attention._FORCE.clear()


def test_empty():
    assert sdpa(normal((0, 4, 8)), normal((0, 5, 8)), normal((0, 5, 8))).shape == (0, 4, 8)
    assert sdpa(normal((2, 0, 8)), normal((2, 5, 8)), normal((2, 5, 3))).shape == (2, 0, 3)
    got = np.asarray(sdpa(normal((2, 4, 8)), normal((2, 0, 8)), normal((2, 0, 3))))
    assert got.shape == (2, 4, 3) and not got.any()  # the empty sum, as PyTorch's math path


def test_bad_input():
    q, k, v = normal((2, 4, 5, 8)), normal((2, 4, 6, 8)), normal((2, 4, 6, 8))
    with pytest.raises(RuntimeError, match="embedding"):
        sdpa(q, normal((2, 4, 6, 7)), v)
    with pytest.raises(RuntimeError, match="sequence length"):
        sdpa(q, k, normal((2, 4, 5, 8)))
    with pytest.raises(RuntimeError, match="divide"):
        sdpa(q, normal((2, 3, 6, 8)), normal((2, 3, 6, 8)), enable_gqa=True)
    with pytest.raises(RuntimeError, match="do not broadcast"):
        sdpa(q, normal((2, 3, 6, 8)), normal((2, 3, 6, 8)))
    with pytest.raises(RuntimeError, match="is_causal"):
        sdpa(q, k, v, attn_mask=np.ones((5, 6), bool), is_causal=True)
    with pytest.raises(RuntimeError, match="same dtype"):
        sdpa(q, k.astype(np.float64), v)
    with pytest.raises(RuntimeError, match="attn_mask dtype"):
        sdpa(q, k, v, attn_mask=np.zeros((5, 6), np.float64))
    with pytest.raises(RuntimeError, match="attn_mask"):
        sdpa(q, k, v, attn_mask=np.ones((5, 7), bool))
    with pytest.raises(RuntimeError, match="2 dimensions"):
        sdpa(normal(8), normal(8), normal(8))
    with pytest.raises(TypeError, match="int32"):
        sdpa(q.astype(np.int32), k.astype(np.int32), v.astype(np.int32))
    with pytest.raises(ValueError, match="dropout probability"):
        sdpa(q, k, v, dropout_p=1.5)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("p", [0.2, 0.5, 1.0])
def test_dropout(dtype, p):
    """With v the identity the output is the attention weights: each is 0 (dropped, about a
    fraction p of them) or weight / (1 - p); wgarray.random.seed repeats the draws."""
    L, S = 37, 53
    q, k = normal((2, L, 16), dtype), normal((2, S, 16), dtype)
    v = np.broadcast_to(np.eye(S, dtype=dtype), (2, S, S)).copy()
    weights = reference(q, k, v, causal=True)
    wg.random.seed(7)
    got = np.asarray(sdpa(q, k, v, dropout_p=p, is_causal=True))
    wg.random.seed(7)
    again = np.asarray(sdpa(q, k, v, dropout_p=p, is_causal=True))
    np.testing.assert_array_equal(got, again)
    dropped = (got == 0) & (weights != 0)
    assert abs(dropped.sum() / (weights != 0).sum() - p) < 0.03
    if p < 1:
        check(np.where(dropped, 0, got), np.where(dropped, 0, weights / (1 - p)), dtype)
        assert (np.asarray(sdpa(q, k, v, dropout_p=p, is_causal=True)) != got).any()  # the stream moved on
