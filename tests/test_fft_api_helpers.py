"""wgarray.fft's helpers against numpy.fft and scipy.fft: fftfreq, rfftfreq (NumPy's values bit for bit, the
standard's dtype and device keywords), fftshift, ifftshift, next_fast_len; and the package's place in the
layers (fft and linalg never import each other)."""

import numpy as np
import pytest

import wgarray as wg
from test_fft_api import DTYPES, sample
from test_layers import _graph


# -- fftfreq, rfftfreq -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("n", [1, 2, 3, 8, 9, 100])
@pytest.mark.parametrize("d", [1.0, 0.1, 3, 2.5e-3])
def test_freq_values(name, n, d):
    got = getattr(wg.fft, name)(n, d)
    assert isinstance(got, wg.Array) and got.dtype == wg.float64
    np.testing.assert_array_equal(np.asarray(got), getattr(np.fft, name)(n, d))  # k * (1 / (n d)), as NumPy


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_freq_keywords(name):
    expected = getattr(np.fft, name)(7, 0.3)
    got = getattr(wg.fft, name)(7, d=0.3, dtype=wg.float32)
    assert got.dtype == wg.float32
    np.testing.assert_array_equal(np.asarray(got), expected.astype(np.float32))  # rounded once
    device = wg.get_device()
    assert getattr(wg.fft, name)(4, 1.0, device).device is device  # NumPy's positional device
    assert getattr(wg.fft, name)(4, device=device, dtype=wg.float64).dtype == wg.float64
    assert getattr(wg.fft, name)(np.int16(4)).shape == getattr(np.fft, name)(4).shape


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_freq_errors(name):
    for n, d, exc in [(4.0, 1.0, ValueError), (0, 1.0, ZeroDivisionError), (4, 0.0, ZeroDivisionError),
                      (4, 1j, TypeError), (4, "1", TypeError)]:
        with pytest.raises(exc):
            getattr(wg.fft, name)(n, d)
    with pytest.raises(TypeError):
        getattr(wg.fft, name)(4, dtype=wg.int32)
    with pytest.raises(TypeError):
        getattr(wg.fft, name)(4, dtype=wg.complex128)
    with pytest.raises(ValueError):
        getattr(wg.fft, name)(4, device="cpu")


def test_negative_n():
    with pytest.raises(ValueError):
        wg.fft.fftfreq(-3)
    assert wg.fft.rfftfreq(-3).shape == np.fft.rfftfreq(-3).shape  # NumPy: empty


# -- fftshift, ifftshift -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@pytest.mark.parametrize("axes", [None, 0, 1, -1, (0,), (1, 0), [0, 2]])
def test_shift(name, axes):
    x = sample("float64", (4, 5, 3))
    got = getattr(wg.fft, name)(wg.asarray(x), axes=axes)
    np.testing.assert_array_equal(np.asarray(got), getattr(np.fft, name)(x, axes=axes))


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_shift_dtypes_and_views(name, dtype):
    x = sample(dtype, (5, 6))
    got = getattr(wg.fft, name)(wg.asarray(x)[::-1, 1::2])
    assert got.dtype == x.dtype
    np.testing.assert_array_equal(np.asarray(got), getattr(np.fft, name)(x[::-1, 1::2]))
    np.testing.assert_array_equal(np.asarray(getattr(wg.fft, name)(wg.asarray(x), 0)),
                                  getattr(np.fft, name)(x, 0))  # axes positionally, as NumPy


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
def test_shift_edges(name):
    for shape in [(0,), (1,), (0, 3), (2, 1)]:
        x = sample("float32", shape)
        np.testing.assert_array_equal(np.asarray(getattr(wg.fft, name)(wg.asarray(x))), getattr(np.fft, name)(x))
    assert float(getattr(wg.fft, name)(wg.asarray(3.0))) == 3.0  # 0-d: itself (NumPy's roll fails here)
    with pytest.raises(IndexError):
        getattr(wg.fft, name)(wg.ones((2, 3)), axes=2)
    x = wg.asarray(np.arange(6.0))
    np.testing.assert_array_equal(np.asarray(wg.fft.ifftshift(wg.fft.fftshift(x))), np.arange(6.0))


def test_shift_round_trip_odd():
    x = np.arange(7.0)
    got = wg.fft.ifftshift(wg.fft.fftshift(wg.asarray(x)))
    np.testing.assert_array_equal(np.asarray(got), x)


# -- next_fast_len -----------------------------------------------------------------------------------------
# Hard facts (scipy.fft.next_fast_len 1.17): 5-smooth for real transforms, 11-smooth for complex ones
FAST_LENS = {0: (0, 0), 1: (1, 1), 2: (2, 2), 7: (7, 8), 13: (14, 15), 97: (98, 100), 1000: (1000, 1000),
             1021: (1024, 1024), 4097: (4116, 4320), 1000000007: (1000188000, 1006632960)}


@pytest.mark.parametrize("target", sorted(FAST_LENS))
def test_next_fast_len_facts(target):
    complex_len, real_len = FAST_LENS[target]
    assert wg.fft.next_fast_len(target) == complex_len
    assert wg.fft.next_fast_len(target, real=True) == real_len
    assert wg.fft.next_fast_len(target, True) == real_len


def test_next_fast_len_against_scipy():
    scipy_fft = pytest.importorskip("scipy.fft")
    for target in list(range(0, 300)) + [2**20 + 1, 3**11 + 2, 510510, 123456789]:
        for real in (False, True):
            assert wg.fft.next_fast_len(target, real) == scipy_fft.next_fast_len(target, real), (target, real)


def test_next_fast_len_errors():
    with pytest.raises(ValueError):
        wg.fft.next_fast_len(-1)
    with pytest.raises(TypeError):
        wg.fft.next_fast_len(2.5)
    with pytest.raises(TypeError):
        wg.fft.next_fast_len("3")
    assert wg.fft.next_fast_len(np.int64(10)) == 10


# -- the package ---------------------------------------------------------------------------------------------
def test_fft_and_linalg_do_not_import_each_other():
    graph = _graph()
    wrong = [f"{m} imports {t}" for m, targets in graph.items() for t in targets
             if (m.startswith("wgarray.fft") and t.startswith("wgarray.linalg"))
             or (m.startswith("wgarray.linalg") and t.startswith("wgarray.fft"))]
    assert not wrong, wrong


def test_namespace():
    standard = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft", "fftfreq",
                "rfftfreq", "fftshift", "ifftshift"]
    extras = ["fft2", "ifft2", "rfft2", "irfft2", "next_fast_len", "dct", "idct", "dst", "idst", "dctn", "idctn",
              "dstn", "idstn"]
    assert sorted(wg.fft.__all__) == sorted(standard + extras)
    assert all(callable(getattr(wg.fft, name)) for name in wg.fft.__all__)
    assert wg.ones(2).__array_namespace__().fft is wg.fft
