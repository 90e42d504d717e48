"""wgarray.random: the Philox stream (bits against a host reference), determinism, state, shapes,
dtypes, scalar results and bad input (NumPy's exception types). The distributions' statistics are
in test_random_distributions.py."""

import math

import numpy as np
import pytest

import wgarray as wg

R = wg.random

M0, M1, W0, W1 = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85


def philox_reference(counter, key):
    """Philox4x32-10 in Python integers (Salmon et al. 2011), for the kernel's bits."""
    c, k = list(counter), list(key)
    for _ in range(10):
        p0, p1 = M0 * c[0], M1 * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k[0], p1 & 0xFFFFFFFF, (p0 >> 32) ^ c[3] ^ k[1], p0 & 0xFFFFFFFF]
        k = [(k[0] + W0) & 0xFFFFFFFF, (k[1] + W1) & 0xFFFFFFFF]
    return c


def reference_words(key, counter, blocks):
    words = []
    for b in range(blocks):
        c = (counter + b) & ((1 << 64) - 1)
        words += philox_reference([c & 0xFFFFFFFF, c >> 32, 0, 0], [key & 0xFFFFFFFF, key >> 32])
    return np.array(words, dtype=np.uint64)


@pytest.mark.parametrize("counter, key, expected", [
    ((0, 0, 0, 0), (0, 0), [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]),
    ((0xFFFFFFFF,) * 4, (0xFFFFFFFF,) * 2, [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]),
])
def test_reference_matches_random123_known_answers(counter, key, expected):
    assert philox_reference(counter, key) == expected


@pytest.mark.parametrize("key, counter", [(0, 0), (0x0123456789ABCDEF, 5), (7, 2**32 - 2), (3, 2**64 - 2)])
def test_bits_are_philox_of_the_counter(key, counter):
    """The device's words are Philox4x32-10 of (offset + b, 0, 0, 0), also across the carry into
    the counter's high word and the wrap at 2^64."""
    gen = R.Generator(R.Philox(key=key, counter=counter))
    got = np.frombuffer(gen.bytes(4 * 4 * 3), dtype=np.uint32)
    np.testing.assert_array_equal(got, reference_words(key, counter, 3).astype(np.uint32))


def test_bits_without_64_bit_integers(monkeypatch):
    """Philox's multiply from 16-bit halves (adapters without shader-int64) gives the same bits as
    the widening multiply: kernels compiled afresh with it, in a cache dropped afterwards."""
    from wgarray._core.device import get_device
    from wgarray._core.kernels import kernel_cache
    from wgarray._engines import random as engine

    generator_source = engine._generator_source
    monkeypatch.setattr(engine, "_generator_source", lambda features: generator_source(features - {"shader-int64"}))
    monkeypatch.setattr(kernel_cache(get_device()), "kernels", {})
    source = engine._generator_source(get_device().features)
    assert "philox_mulhilo_halves(PHILOX_M0" in source and "u64" not in source.split("fn philox_block")[0]
    key, counter = 0xFEEDFACECAFEBEEF, 2**32 - 1
    got = np.frombuffer(R.Generator(R.Philox(key=key, counter=counter)).bytes(4 * 4 * 64), dtype=np.uint32)
    np.testing.assert_array_equal(got, reference_words(key, counter, 64).astype(np.uint32))


def test_float_conversions_are_exact():
    """random() is k 2^-53 for k the top 53 bits of two words (float64), k 2^-24 of one (float32)."""
    words = reference_words(99, 0, 4)
    gen = R.Generator(R.Philox(key=99))
    expected64 = ((words[1::2] << np.uint64(21)) | (words[0::2] >> np.uint64(11))).astype(np.float64) * 2.0**-53
    np.testing.assert_array_equal(np.asarray(gen.random(8)), expected64)
    gen = R.Generator(R.Philox(key=99))
    expected32 = (words >> np.uint64(8)).astype(np.float32) * np.float32(2.0**-24)
    np.testing.assert_array_equal(np.asarray(gen.random(16, dtype=np.float32)), expected32)


def test_vectorised_draws_across_workgroups_and_runs():
    """An invocation of a vectorised draw makes BLOCKS_PER_INVOCATION blocks a workgroup's width
    apart: a draw over several workgroups that ends inside a run (and crosses the counter's carry)
    is still the stream, each block once and in order, as words and as exact uniforms."""
    from wgarray._core.kernels import WORKGROUP
    from wgarray._engines.random import BLOCKS_PER_INVOCATION

    blocks = 2 * WORKGROUP * BLOCKS_PER_INVOCATION + WORKGROUP + 5
    key, counter = 11, 2**32 - 700
    words = reference_words(key, counter, blocks)
    got = np.frombuffer(R.Generator(R.Philox(key=key, counter=counter)).bytes(4 * 4 * blocks), dtype=np.uint32)
    np.testing.assert_array_equal(got, words.astype(np.uint32))
    n32 = 4 * blocks - 3
    uniforms32 = R.Generator(R.Philox(key=key, counter=counter)).random(n32, dtype=np.float32)
    expected32 = (words[:n32] >> np.uint64(8)).astype(np.float32) * np.float32(2.0**-24)
    np.testing.assert_array_equal(np.asarray(uniforms32), expected32)
    n64 = 2 * blocks - 1
    uniforms64 = R.Generator(R.Philox(key=key, counter=counter)).random(n64)
    bits53 = (words[1::2] << np.uint64(21)) | (words[0::2] >> np.uint64(11))
    np.testing.assert_array_equal(np.asarray(uniforms64), bits53[:n64].astype(np.float64) * 2.0**-53)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_exponentials_are_the_logarithm_of_the_open_uniforms(dtype):
    """standard_exponential is -log(u) for u = (k + 1) 2^-m (m = 24 or 53), its logarithm read off
    the bits of k + 1 (no special cases): exactly wgarray.log's value."""
    n = 4096
    words = reference_words(23, 0, n // 4 if dtype == np.float32 else n // 2)
    if dtype == np.float32:
        u = ((words >> np.uint64(8)) + np.uint64(1)).astype(np.float32) * np.float32(2.0**-24)
    else:
        bits53 = (words[1::2] << np.uint64(21)) | (words[0::2] >> np.uint64(11))
        u = (bits53 + np.uint64(1)).astype(np.float64) * 2.0**-53
    got = R.Generator(R.Philox(key=23)).standard_exponential(n, dtype=dtype)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(-wg.log(wg.asarray(u))))


@pytest.mark.parametrize("dtype, ulps", [(np.float32, 4), (np.float64, 4)])
def test_normals_are_box_muller_of_the_exact_uniforms(dtype, ulps):
    """standard_normal: r (cos a, sin a) of words 0-1 and 2-3 of each block (float32) or of a block's
    two 53-bit uniforms (float64), within a few ulps of a long double reference (the angle 2 pi u2
    is reduced exactly in turns, so no cancellation near multiples of pi)."""
    n = 4096
    got = np.asarray(R.Generator(R.Philox(key=99)).standard_normal(n, dtype=dtype))
    words = reference_words(99, 0, n // 4 if dtype == np.float32 else n // 2)
    if dtype == np.float32:
        first, second, bits = words[0::2] >> np.uint64(8), words[1::2] >> np.uint64(8), 24
    else:
        blocks = words.reshape(-1, 4)
        first = blocks[:, 1] << np.uint64(21) | blocks[:, 0] >> np.uint64(11)
        second = blocks[:, 3] << np.uint64(21) | blocks[:, 2] >> np.uint64(11)
        bits = 53
    scale = np.longdouble(2.0) ** -bits
    u1 = (first + np.uint64(1)).astype(np.longdouble) * scale
    # 2 pi u2 = q pi/2 + 2 pi t 2^-bits exactly (q the nearest quarter turn), so long double's cos
    # and sin are accurate to far below float64's ulp even where they are small
    quarter = (second + np.uint64(1 << (bits - 3))) >> np.uint64(bits - 2)
    t = second.astype(np.int64) - (quarter << np.uint64(bits - 2)).astype(np.int64)
    angle = 2 * np.longdouble("3.14159265358979323846264338327950288") * t.astype(np.longdouble) * scale
    radius = np.sqrt(-2 * np.log(u1))
    cos, sin = np.cos(angle), np.sin(angle)
    odd, negated = (quarter & np.uint64(1)) == 1, (quarter & np.uint64(2)) == 2
    cos, sin = np.where(odd, -sin, cos), np.where(odd, cos, sin)
    cos, sin = np.where(negated, -cos, cos), np.where(negated, -sin, sin)
    expected = np.empty(n, dtype=np.longdouble)
    expected[0::2], expected[1::2] = radius * cos, radius * sin
    error = np.abs(got - expected) / np.spacing(np.abs(expected).astype(dtype))
    assert error.max() <= ulps, f"{error.max()} ulps"


def reference_integers(key, counter, n, rngs):
    """Offsets in [0, rngs[i]] (or one rng for all) as wgsl/random_integers.wgsl draws them: element 4 b + k takes word k of
    block (b, 0, 0) first (Lemire, rng < 2^32) or the 64-bit word 2 (k mod 2) of block
    (b, 0, 1 + k // 2) (masked rejection), then the words of blocks (b, j, k), j = 1, 2, ..."""
    def block(b, j, lane):
        c = (counter + b) & ((1 << 64) - 1)
        return philox_reference([c & 0xFFFFFFFF, c >> 32, j, lane], [key & 0xFFFFFFFF, key >> 32])

    def candidates(b, k, rng):
        if rng < 2**32:
            yield block(b, 0, 0)[k]
            for j in range(1, 33):
                yield from block(b, j, k)
        else:
            first = block(b, 0, 1 + k // 2)
            yield first[2 * (k % 2)] | first[2 * (k % 2) + 1] << 32
            for j in range(1, 65):
                words = block(b, j, k)
                yield from (words[0] | words[1] << 32, words[2] | words[3] << 32)

    values = []
    for i in range(n):
        rng = rngs[i] if isinstance(rngs, list) else rngs
        for w in candidates(*divmod(i, 4), rng):
            if rng < 2**32:
                m = w * (rng + 1)
                if m % 2**32 >= 2**32 % (rng + 1):
                    values.append(m >> 32)
                    break
            elif w & (2**rng.bit_length() - 1) <= rng:
                values.append(w & (2**rng.bit_length() - 1))
                break
    return values


@pytest.mark.parametrize("low, rng, dtype", [
    (0, 999, np.int64), (-7, 2**31, np.int32), (5, 2**32 - 1, np.uint64), (0, 2**32, np.uint64),
    (-2**62, 3 * 2**61, np.int64), (0, 2**64 - 1, np.uint64), (3, 0, np.int64)])
def test_integers_are_lemire_or_masked_rejection_of_the_stream(low, rng, dtype):
    """integers(low, low + rng, endpoint=True) against a host reference of the stream, rejections
    included (rng = 2^31 and 3 2^61 reject about half and a quarter of the candidates)."""
    key, n = 0x5EED, 203  # a partial last block
    gen = R.Generator(R.Philox(key=key, counter=2**32 - 3))
    got = np.asarray(gen.integers(low, low + rng, n, dtype=dtype, endpoint=True))
    expected = [low + v for v in reference_integers(key, 2**32 - 3, n, rng)]
    np.testing.assert_array_equal(got, np.array(expected, dtype=dtype))
    assert gen.bit_generator.state["state"]["counter"] == 2**32 - 3 + 51  # four elements a block


def test_integers_with_array_bounds_mix_both_methods():
    """Array bounds: each element takes the method its own range needs (one kernel has both)."""
    rngs = [0, 999, 2**40, 2**32 - 1, 2**63, 6, 2**32, 1] * 5
    lows = [i * 1000 for i in range(len(rngs))]
    highs = np.array([low + rng for low, rng in zip(lows, rngs)], dtype=np.uint64)
    gen = R.Generator(R.Philox(key=17))
    got = np.asarray(gen.integers(np.array(lows, dtype=np.uint64), highs, dtype=np.uint64, endpoint=True))
    expected = [low + v for low, v in zip(lows, reference_integers(17, 0, len(rngs), rngs))]
    np.testing.assert_array_equal(got, np.array(expected, dtype=np.uint64))


# -- determinism ---------------------------------------------------------------------------------------------
DRAWS = {
    "random": lambda g, n: g.random(n),
    "random32": lambda g, n: g.random(n, dtype=np.float32),
    "normal": lambda g, n: g.standard_normal(n),
    "normal32": lambda g, n: g.standard_normal(n, dtype=np.float32),
    "exponential": lambda g, n: g.standard_exponential(n),
    "gamma": lambda g, n: g.standard_gamma(0.7, n),
    "poisson": lambda g, n: g.poisson(30.0, n),
    "binomial": lambda g, n: g.binomial(50, 0.4, n),
    "integers": lambda g, n: g.integers(-7, 1000, n),
    "integers64": lambda g, n: g.integers(0, 2**64 - 1, n, dtype=np.uint64),
    "logistic": lambda g, n: g.logistic(size=n),
}


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_same_seed_same_numbers_and_slices_agree(name):
    """A draw of n is the first n values of a longer draw from the same state (any workgroup makes
    any part of the stream); the same seed repeats; another seed differs."""
    draw = DRAWS[name]
    long = np.asarray(draw(R.default_rng(1234), 1001))
    short = np.asarray(draw(R.default_rng(1234), 37))
    np.testing.assert_array_equal(short, long[:37])
    np.testing.assert_array_equal(np.asarray(draw(R.default_rng(1234), 1001)), long)
    other = np.asarray(draw(R.default_rng(1235), 1001))
    assert np.mean(other == long) < 0.2


def test_successive_draws_continue_the_stream():
    gen = R.Generator(R.Philox(key=5))
    parts = [np.asarray(gen.random(n)) for n in (3, 1, 6)]  # float64: 2 values a block, rounded up
    whole = np.asarray(R.Generator(R.Philox(key=5)).random(16))
    np.testing.assert_array_equal(np.concatenate(parts), whole[[0, 1, 2, 4, 6, 7, 8, 9, 10, 11]])


def test_state_round_trip_advance_and_jump():
    gen = R.default_rng(7)
    gen.random(10)
    state = gen.bit_generator.state
    assert state["bit_generator"] == "Philox" and state["state"]["counter"] == 5
    first = np.asarray(gen.random(10))
    gen.bit_generator.state = state
    np.testing.assert_array_equal(np.asarray(gen.random(10)), first)
    gen.bit_generator.state = state
    gen.bit_generator.advance(2)
    np.testing.assert_array_equal(np.asarray(gen.random(6)), first[4:10])
    jumped = gen.bit_generator.jumped()
    assert jumped.state["state"]["counter"] == gen.bit_generator.state["state"]["counter"] + 2**48
    with pytest.raises(ValueError):
        gen.bit_generator.state = {"bit_generator": "MT19937"}


def test_seeding_inputs():
    same = [np.asarray(R.default_rng(s).random(4)) for s in (12, np.int64(12), R.SeedSequence(12))]
    np.testing.assert_array_equal(same[0], same[1])
    np.testing.assert_array_equal(same[0], same[2])
    assert not np.array_equal(np.asarray(R.default_rng([1, 2]).random(4)), np.asarray(R.default_rng([2, 1]).random(4)))
    assert not np.array_equal(np.asarray(R.default_rng().random(4)), np.asarray(R.default_rng().random(4)))
    children = R.default_rng(3).spawn(2)
    assert not np.array_equal(np.asarray(children[0].random(4)), np.asarray(children[1].random(4)))
    with pytest.raises(ValueError):
        R.default_rng(-1)
    with pytest.raises(TypeError):
        R.default_rng(1.5)
    with pytest.raises(TypeError):
        R.Generator(np.random.PCG64())


def test_legacy_functions_and_random_state():
    R.seed(11)
    a = np.asarray(R.rand(2, 3))
    R.seed(11)
    np.testing.assert_array_equal(np.asarray(R.random_sample((2, 3))), a)
    state = R.get_state()
    b = np.asarray(R.randn(5))
    R.set_state(state)
    np.testing.assert_array_equal(np.asarray(R.randn(5)), b)
    assert isinstance(R.rand(), float) and isinstance(R.randint(5), int)
    for name in ("random", "ranf", "sample"):
        assert getattr(R, name)(3).shape == (3,)
    rs = R.RandomState(4)
    np.testing.assert_array_equal(np.asarray(rs.randint(0, 10, 5)), np.asarray(R.RandomState(4).randint(0, 10, 5)))
    assert 0 <= rs.randint(3) < 3 and rs.normal(size=(2, 2)).shape == (2, 2)
    assert sorted(np.asarray(rs.permutation(5)).tolist()) == list(range(5))
    x = wg.arange(6)
    rs.shuffle(x)
    assert sorted(np.asarray(x).tolist()) == list(range(6))
    assert rs.choice(5, 3, replace=False).shape == (3,)
    assert 1 <= int(rs.random_integers(2)) <= 2


# -- shapes, dtypes, scalars ---------------------------------------------------------------------------------
@pytest.mark.parametrize("call, kind", [
    (lambda g: g.random(), float), (lambda g: g.standard_normal(), float), (lambda g: g.normal(1, 2), float),
    (lambda g: g.uniform(), float), (lambda g: g.exponential(), float), (lambda g: g.gamma(2.0), float),
    (lambda g: g.beta(1, 2), float), (lambda g: g.laplace(), float), (lambda g: g.logistic(), float),
    (lambda g: g.lognormal(), float), (lambda g: g.chisquare(2), float),
    (lambda g: g.random(dtype=np.float32), float),
    (lambda g: g.poisson(), int), (lambda g: g.binomial(5, 0.5), int), (lambda g: g.geometric(0.5), int),
    (lambda g: g.choice(4), int), (lambda g: g.integers(5), np.int64),
    (lambda g: g.integers(5, dtype=np.int8), np.int8),
])
def test_size_none_gives_numpys_scalar_types(call, kind):
    value = call(R.default_rng(0))
    assert type(value) is kind


@pytest.mark.parametrize("size, shape", [(None, ()), (5, (5,)), ((2, 3), (2, 3)), ((0,), (0,)), ((), ())])
def test_size_gives_shape(size, shape):
    gen = R.default_rng(0)
    for draw in (gen.random, gen.standard_normal, gen.standard_exponential):
        result = draw(size) if size is not None else wg.asarray(draw())
        assert result.shape == shape
    assert wg.asarray(gen.integers(0, 3, size)).shape == shape


def test_array_parameters_broadcast_against_size():
    gen = R.default_rng(0)
    assert gen.normal(wg.zeros((3, 1)), wg.ones(4)).shape == (3, 4)
    assert gen.normal(np.zeros(4), 1.0, size=(2, 4)).shape == (2, 4)
    assert gen.poisson(wg.asarray([1.0, 50.0]), size=(3, 2)).shape == (3, 2)
    assert gen.integers(wg.asarray([0, 10]), 20, size=(4, 2)).shape == (4, 2)
    with pytest.raises(ValueError):
        gen.normal(np.zeros(4), 1.0, size=(2, 3))
    low = np.asarray(gen.integers(wg.asarray([0, 100, -50]), wg.asarray([1, 103, -49]), size=(500, 3)))
    assert set(low[:, 0]) == {0} and set(low[:, 1]) == {100, 101, 102} and set(low[:, 2]) == {-50}


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
                                   np.uint64, np.bool_])
def test_integers_dtypes_cover_their_exact_range(dtype):
    """The whole range of each dtype (endpoint=True): values stay inside, both ends are reached
    (drawn from the few values next to each end), and a range of one value gives it."""
    lo, hi = (0, 1) if dtype is np.bool_ else (int(np.iinfo(dtype).min), int(np.iinfo(dtype).max))
    gen = R.default_rng(5)
    values = np.asarray(gen.integers(lo, hi, size=4000, dtype=dtype, endpoint=True))
    assert values.dtype == dtype and values.min() >= lo and values.max() <= hi
    if dtype is np.bool_:
        low_end = np.asarray(gen.integers(0, 1, size=1000, dtype=dtype, endpoint=True))
        assert set(low_end.tolist()) == {False, True}
    else:
        low_end = np.asarray(gen.integers(lo, lo + 2, size=1000, dtype=dtype, endpoint=True))
        high_end = np.asarray(gen.integers(hi - 2, hi, size=1000, dtype=dtype, endpoint=True))
        assert set(low_end.tolist()) == {lo, lo + 1, lo + 2} and set(high_end.tolist()) == {hi - 2, hi - 1, hi}
    assert set(np.asarray(gen.integers(lo, lo + 1, size=20, dtype=dtype)).tolist()) == {lo}


def test_integers_endpoint_and_huge_ranges():
    gen = R.default_rng(9)
    assert set(np.asarray(gen.integers(3, 5, size=500)).tolist()) == {3, 4}
    assert set(np.asarray(gen.integers(3, 5, size=500, endpoint=True)).tolist()) == {3, 4, 5}
    full = np.asarray(gen.integers(-2**63, 2**63, size=20000))
    assert full.min() < -2**62 and full.max() > 2**62  # the top bits vary over the whole range
    top = np.asarray(gen.integers(2**63, 2**64, size=20000, dtype=np.uint64))
    assert top.min() >= 2**63 and top.max() < 2**64 and len(np.unique(top)) == 20000
    wide = np.asarray(gen.integers(0, 3 * 2**62, size=20000, dtype=np.uint64))  # masked rejection
    assert wide.max() < 3 * 2**62 and wide.max() > 2 * 2**62


def test_out_arguments():
    gen = R.default_rng(0)
    out = wg.empty((3, 4))
    assert gen.random(out=out) is out and 0 <= float(out.min()) < 1
    gen.standard_normal(size=(3, 4), out=out)
    out32 = wg.empty(5, dtype=wg.float32)
    gen.standard_exponential(dtype=np.float32, out=out32)
    gen.standard_gamma(2.0, out=out32, dtype=np.float32)
    with pytest.raises(TypeError):
        gen.random(out=out32)
    with pytest.raises(ValueError):
        gen.random(size=(2, 2), out=out)


# -- bad input -----------------------------------------------------------------------------------------------
BAD = [
    ("normal", (0, -1)), ("lognormal", (0, -1)), ("exponential", (-1,)), ("laplace", (0, -1)),
    ("logistic", (0, -1)), ("gamma", (-1,)), ("gamma", (1, -1)), ("standard_gamma", (-1,)), ("beta", (0, 1)),
    ("beta", (1, 0)), ("chisquare", (0,)), ("poisson", (-1,)), ("poisson", (np.nan,)), ("poisson", (1e19,)),
    ("binomial", (-1, 0.5)), ("binomial", (3, 1.5)), ("binomial", (3, np.nan)), ("geometric", (0,)),
    ("geometric", (1.5,)), ("integers", (5, 5)), ("integers", (5, 2)), ("integers", (-1, 5, None, np.uint8)),
    ("integers", (0, 300, None, np.uint8)), ("integers", (0, 2**64, None, np.int64)), ("uniform", (1, 0)),
    ("dirichlet", ([-1, 1],)), ("multinomial", (3, [0.7, 0.6, 0.1])), ("multinomial", (-1, [0.5, 0.5])),
    ("choice", (5, 6, False)), ("choice", (5, 2, True, [0.5, 0.4, 0.05, 0.05, 0.1])), ("choice", (0,)),
    ("choice", (3, 2, True, [0.5, 0.5])), ("choice", (3, 2, False, [1, 0, 0])),
    ("choice", (3, 2, True, [1.5, -0.5, 0])),
    ("multivariate_normal", ([0, 0], [[1, 0], [0, 1]], None, "bad")),
    ("multivariate_normal", ([0, 0, 0], [[1, 0], [0, 1]])),
    # complex parameters: TypeError, as NumPy (not a cast that drops the imaginary part)
    ("multivariate_normal", ([0j, 0], [[1, 0], [0, 1]])), ("dirichlet", ([1j, 1],)),
    ("multinomial", (3, [0.5j, 0.5])), ("choice", (3, None, True, [0.5j, 0.5, 0.5])),
]


@pytest.mark.parametrize("name, args", BAD, ids=[f"{n}{a}" for n, a in BAD])
def test_bad_input_raises_numpys_exception(name, args):
    with pytest.raises(Exception) as expected:
        getattr(np.random.default_rng(0), name)(*args)
    with pytest.raises(expected.type):
        getattr(R.default_rng(0), name)(*args)


@pytest.mark.parametrize("name, args, error", [
    ("uniform", (0, np.inf), OverflowError), ("random", (3, np.int32), TypeError),
    ("integers", (0, 5, None, np.float64), TypeError), ("standard_normal", (3, np.int64), TypeError),
    ("normal", (0, wg.asarray([1.0, -1.0])), ValueError), ("poisson", (wg.asarray([1.0, -1.0]),), ValueError),
    ("integers", (wg.asarray([3, 5]), 5), ValueError), ("random", (-1,), ValueError),
    ("multivariate_normal", ([0, 0], [[1, 2], [2, 1]], None, "raise"), ValueError),
])
def test_bad_input_types(name, args, error):
    with pytest.raises(error):
        getattr(R.default_rng(0), name)(*args)


def test_non_psd_covariance_warns():
    with pytest.warns(RuntimeWarning):
        R.default_rng(0).multivariate_normal([0, 0], [[1, 2], [2, 1]])


def test_empty_draws():
    gen = R.default_rng(0)
    assert gen.random(0).shape == (0,) and gen.integers(0, 5, (2, 0)).shape == (2, 0)
    assert gen.poisson(3, 0).shape == (0,) and gen.choice(5, 0).shape == (0,)
    assert gen.bytes(0) == b"" and len(gen.bytes(5)) == 5
    assert math.isnan(gen.normal(0, np.nan))
