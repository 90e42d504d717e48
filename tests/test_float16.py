"""float16 (issue 15): conversions, storage, creation, promotion and the dtype API, against NumPy.

float16 is stored two per u32 word, widened exactly to float32 registers on load and rounded
once to nearest even on store by wgarray's own bit conversion (wgsl/lib_half.wgsl). The
conversions are checked bit for bit over every half and the neighbourhood of every half
(each side of it, the midpoints between halves and one ulp either side of those), in float32
and in float64, and over random bit patterns.
"""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, assert_same, host, special_values, wg

F16 = np.dtype(np.float16)
EVERY_HALF = np.arange(2**16, dtype=np.uint16).view(np.float16)


def same_bits_or_nan(got: np.ndarray, exp: np.ndarray):
    """Equal bits, NaN for NaN (payloads are NumPy's business: its casts may use the CPU's
    conversion instructions, which quiet NaNs)."""
    assert got.dtype == exp.dtype and got.shape == exp.shape
    nan = np.isnan(exp)
    assert np.array_equal(np.isnan(got), nan)
    uint = {2: np.uint16, 4: np.uint32, 8: np.uint64}[got.dtype.itemsize]
    bad = got.view(uint)[~nan] != exp.view(uint)[~nan]
    if bad.any():
        where = np.flatnonzero(~nan)[bad][:6]
        pytest.fail(f"{int(bad.sum())} differ, e.g. at {where}: got {got[where]}, NumPy {exp[where]}")


def neighbourhoods(float_type) -> np.ndarray:
    """Every finite half in float_type, its neighbours there, the midpoints between consecutive
    halves and one float_type ulp either side of each midpoint; the overflow threshold; the
    range below the smallest subnormal."""
    finite = EVERY_HALF[np.isfinite(EVERY_HALF)].astype(float_type)
    positive = np.unique(np.abs(finite))
    mids = (positive[:-1] + positive[1:]) / float_type(2)  # exact: halves carry 11 bits
    top = float_type(65504) + float_type(16)  # halfway to the next binade: rounds to inf
    tiny = np.array([2.0**-25, 2.0**-26, 3 * 2.0**-26, 2.0**-24 * 1.5, 2.0**-40], float_type)
    values = np.concatenate([positive, mids, tiny, [top, float_type(1e5), float_type(np.inf)]])
    around = [values, np.nextafter(values, float_type(np.inf)), np.nextafter(values, float_type(0))]
    with np.errstate(all="ignore"):
        allv = np.concatenate(around)
        return np.concatenate([allv, -allv, [float_type(np.nan)]])


@pytest.mark.parametrize("float_type", [np.float32, np.float64], ids=["float32", "float64"])
def test_rounding_to_half_in_every_neighbourhood(float_type):
    x = neighbourhoods(float_type)
    with np.errstate(all="ignore"):
        same_bits_or_nan(host(wg(x).astype(wgarray.float16)), x.astype(np.float16))


@pytest.mark.parametrize("float_type, uint", [(np.float32, np.uint32), (np.float64, np.uint64)],
                         ids=["float32", "float64"])
def test_rounding_random_bits(float_type, uint):
    rng = np.random.default_rng(16)
    bits = rng.integers(0, np.iinfo(uint).max, 2**20 if float_type is np.float32 else 2**18, dtype=uint,
                        endpoint=True)
    # and as many near the half range, where the rounding does something
    exponent_bits = 23 if float_type is np.float32 else 52
    bias = 127 if float_type is np.float32 else 1023
    near = (rng.integers(bias - 26, bias + 17, bits.size, dtype=uint) << uint(exponent_bits)) | \
        (bits & uint((1 << exponent_bits) - 1)) | (bits & uint(1 << (exponent_bits + (8 if exponent_bits == 23 else 11))))
    x = np.concatenate([bits, near]).view(float_type)
    with np.errstate(all="ignore"):
        same_bits_or_nan(host(wg(x).astype(wgarray.float16)), x.astype(np.float16))


def test_double_rounding_avoided():
    # Just above a midpoint between halves by less than float32 can hold: through float32 these
    # round to the midpoint, then to even (down); directly they round up, as NumPy does.
    mids = (np.float64(1) + 2.0**-11, np.float64(2048 + 1), np.float64(2.0**-24 * 1.5))
    x = np.array([m * (1 + s * 2.0**-40) for m in mids for s in (1, -1)])
    assert_same(wg(x).astype(wgarray.float16), x.astype(np.float16))


@pytest.mark.parametrize("target", [np.float32, np.float64, np.complex64, np.complex128, np.bool_],
                         ids=str)
def test_every_half_widens_exactly(target):
    with np.errstate(all="ignore"):
        expected = EVERY_HALF.astype(target)
    got = host(wg(EVERY_HALF).astype(target))
    if np.dtype(target).kind == "c":
        same_bits_or_nan(got.real.copy(), expected.real.copy())
        same_bits_or_nan(got.imag.copy(), expected.imag.copy())
    elif target is np.bool_:
        assert np.array_equal(got, expected)
    else:
        same_bits_or_nan(got, expected)


@pytest.mark.parametrize("source", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.uint64,
                                    np.bool_], ids=str)
def test_integers_to_half(source):
    if np.dtype(source).itemsize <= 2 and source is not np.bool_:
        x = np.arange(np.iinfo(source).min, np.iinfo(source).max + 1).astype(source)  # every value
    else:
        x = special_values(source)
        if source is not np.bool_:
            x = np.concatenate([x, np.array([65504, 65519, 65520, 65521, 2049, 2051, 4097, 4099], source)])
    with np.errstate(all="ignore"):
        same_bits_or_nan(host(wg(x).astype(wgarray.float16)), x.astype(np.float16))


@pytest.mark.parametrize("target", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.uint32],
                         ids=str)
def test_half_to_integers(target):
    finite = EVERY_HALF[np.isfinite(EVERY_HALF)]
    info = np.iinfo(target)
    x = finite[(finite >= info.min) & (finite <= info.max)]  # (out of range is undefined in NumPy)
    assert_same(wg(x).astype(target), x.astype(target))


# -- storage -----------------------------------------------------------------------------------
def test_round_trip_every_half_and_odd_sizes():
    raw = host(wg(EVERY_HALF))
    assert raw.dtype == F16 and raw.tobytes() == EVERY_HALF.tobytes()  # NaN payloads too: a memcpy
    for n in (0, 1, 2, 3, 5, 1027):
        assert host(wg(EVERY_HALF[:n])).tobytes() == EVERY_HALF[:n].tobytes()
    assert host(wg(np.float16(1.5))).shape == ()


def test_views_copies_and_strided_writes():
    h = EVERY_HALF[1000:1067].copy()
    a = wg(h)
    for key in (slice(1, None), slice(3, 7), slice(5, None, 3), slice(None, None, -1), slice(66, 0, -7),
                slice(9, 9)):
        assert host(a[key]).tobytes() == h[key].tobytes()
        assert host(a[key] + 0).tobytes() == (h[key] + np.float16(0)).tobytes()
    m, hm = wg(h[:66].reshape(6, 11)), h[:66].reshape(6, 11)
    assert host(m.T).tobytes() == np.ascontiguousarray(hm.T).tobytes()
    # strided writes share words with untouched neighbours (atomics on the packed words)
    for key, value in ((slice(1, None, 2), 7.7), (slice(None, None, 3), -0.0), (5, np.inf)):
        target, expected = wg(h), h.copy()
        target[key] = value
        expected[key] = value
        assert host(target).tobytes() == expected.tobytes()
    target, expected = wg(h), h.copy()
    source = np.linspace(-3, 3, 34, dtype=np.float32)
    target[::2] = wg(source)  # a float32 source rounds to half as it is written
    expected[::2] = source
    assert_same(target, expected)


def test_transfers():
    h = np.array([1.5, -0.0, np.inf, np.nan, 65504, 2**-24], np.float16)
    x = wgarray.asarray(h)
    assert np.asarray(x).dtype == F16 and np.from_dlpack(x).dtype == F16
    assert np.from_dlpack(x).tobytes() == h.tobytes()
    assert wgarray.from_dlpack(h).dtype == wgarray.float16
    assert x.__array__().dtype == F16
    assert float(x[0]) == 1.5 and x[0].item() == 1.5
    assert x.tolist()[:3] == [1.5, -0.0, float("inf")]


# -- creation and the dtype API -----------------------------------------------------------------
@pytest.mark.parametrize("spelling", [wgarray.float16, wgarray.half, np.float16, "f2", "float16", "e",
                                      np.dtype("float16")], ids=str)
def test_spellings(spelling):
    x = wgarray.asarray([0.1, 2, 3e5], dtype=spelling)
    assert x.dtype == np.float16 and x.dtype == wgarray.float16
    assert_same(x, np.asarray([0.1, 2, 3e5], dtype=np.float16))
    assert_same(wgarray.zeros(3).astype(spelling), np.zeros(3, np.float16))


def test_creation_functions():
    f = wgarray.float16
    cases = [
        (wgarray.zeros((2, 3), dtype=f), np.zeros((2, 3), np.float16)),
        (wgarray.ones(5, dtype=f), np.ones(5, np.float16)),
        (wgarray.empty((0, 3), dtype=f), np.empty((0, 3), np.float16)),
        (wgarray.full(5, 0.1, dtype=f), np.full(5, 0.1, np.float16)),
        (wgarray.full_like(wgarray.zeros(3, dtype=f), 70000.0), np.full(3, np.inf, np.float16)),
        (wgarray.arange(0, 5, 0.3, dtype=f), np.arange(0, 5, 0.3, dtype=np.float16)),
        (wgarray.linspace(0, 1, 7, dtype=f), np.linspace(0, 1, 7, dtype=np.float16)),
        (wgarray.eye(3, 4, k=1, dtype=f), np.eye(3, 4, k=1, dtype=np.float16)),
        (wgarray.asarray(np.float16(2.5)), np.asarray(np.float16(2.5))),
        (wgarray.tril(wgarray.ones((3, 3), dtype=f)), np.tril(np.ones((3, 3), np.float16))),
    ]
    for got, expected in cases:
        assert_same(got, expected)


def test_inspection_keeps_the_standards_dtypes():
    info = wgarray.__array_namespace_info__()
    assert "float16" not in info.dtypes()
    assert all(d != np.float16 for d in info.dtypes().values())
    for kind in ("real floating", "numeric", "bool", "integral", "complex floating"):
        assert all(d != np.float16 for d in info.dtypes(kind=kind).values())
    assert info.default_dtypes()["real floating"] != np.float16


def test_finfo_and_isdtype():
    ours, theirs = wgarray.finfo(wgarray.float16), np.finfo(np.float16)
    for name in ("bits", "eps", "max", "min", "smallest_normal", "tiny", "resolution", "precision", "epsneg",
                 "smallest_subnormal", "iexp", "machep", "maxexp", "minexp", "negep", "nexp", "nmant"):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert ours.dtype == np.float16
    assert wgarray.isdtype(wgarray.float16, "real floating") and not wgarray.isdtype(wgarray.float16, "integral")
    with pytest.raises(ValueError):
        wgarray.iinfo(wgarray.float16)
    assert wgarray.min_scalar_type(3.1) == np.min_scalar_type(3.1) == np.float16


@pytest.mark.parametrize("other", ALL_DTYPES, ids=str)
def test_promotion_with_every_dtype(other):
    expected = np.promote_types(np.float16, other)
    assert wgarray.result_type(wgarray.float16, other) == expected
    assert wgarray.promote_types("f2", other) == expected
    assert wgarray.can_cast(wgarray.float16, other) == np.can_cast(np.float16, other)
    assert wgarray.can_cast(other, wgarray.float16) == np.can_cast(other, np.float16)
    a = np.array([1.5, -2.0, 0.25], np.float16)
    b = np.array([1, 0, 1]).astype(other)
    with np.errstate(all="ignore"):
        assert_same(wg(a) * wg(b), a * b)
        assert_same(wg(b) - wg(a), b - a)


@pytest.mark.parametrize("scalar", [2, True, 0.1, 1e6, -0.0, 1j, 1.5 + 2j], ids=repr)
def test_python_scalars_are_weak(scalar):
    a = np.array([1.5, -2.0, 0.25, 65504, np.nan], np.float16)
    with np.errstate(all="ignore"):
        assert_same(wg(a) + scalar, a + scalar)
        assert_same(scalar * wg(a), scalar * a)


def test_out_of_range_python_int():
    a = np.array([1.5, 100], np.float16)
    with np.errstate(all="ignore"):
        assert_same(wg(a) + 10**6, a + 10**6)  # inf, as NumPy


def test_unsupported_still_raises():
    with pytest.raises(TypeError):
        wgarray.asarray([1.0], dtype=np.longdouble)
    with pytest.raises(TypeError, match="float16"):
        wgarray.linalg.inv(wgarray.eye(2, dtype=wgarray.float16))  # NumPy's linalg refuses float16 too
