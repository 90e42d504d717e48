"""wgarray.fft's N-D transforms (fftn, ifftn, rfftn, irfftn, fft2, ifft2, rfft2, irfft2) against numpy.fft:
s and axes (defaults, -1 entries, padding and truncation, negative and permuted axes), norms, dtypes, views,
empty arrays, and the errors (repeated axes, s/axes length mismatch, lengths below 1, axes out of range)."""

import warnings

import numpy as np
import pytest

import wgarray as wg
from test_fft_api import NORMS, check, compare, sample

COMPLEX_IN = ["fftn", "ifftn", "irfftn"]
REAL_IN = ["rfftn"]
TWO_D = ["fft2", "ifft2", "rfft2", "irfft2"]


def data(name, dtype=None, shape=(3, 4, 5)):
    real = name.startswith("rfft")
    return sample(dtype or ("float64" if real else "complex128"), shape)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN + TWO_D)
@pytest.mark.parametrize("norm", NORMS)
def test_defaults_and_norms(name, norm):
    check(name, data(name), norm=norm)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN + TWO_D)
@pytest.mark.parametrize("s, axes", [
    ((4, 6), (0, 2)), ((2, 3), (-1, -3)), ((5,), (1,)), ((-1, 3), (2, 0)), ((6, -1, 2), (0, 1, 2)),
    ((1, 1), (0, 1)), (None, (1,)), (None, (-1, 0)), ((7, 8), (1, 2))])
def test_s_and_axes(name, s, axes):
    check(name, data(name), s=s, axes=axes)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
@pytest.mark.parametrize("dtype", ["int32", "bool", "float32", "float64", "complex64"])
def test_dtypes(name, dtype):
    x = data(name, dtype)
    if name in REAL_IN and np.dtype(dtype).kind == "c":
        with pytest.raises(TypeError):
            getattr(wg.fft, name)(wg.asarray(x))
        return
    check(name, x, axes=(0, 2))


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_views(name):
    base = data(name, shape=(4, 6, 5))
    view = (slice(None, None, -1), slice(1, None, 2), slice(None))
    compare(getattr(wg.fft, name)(wg.asarray(base)[view]), getattr(np.fft, name)(base[view]))
    transposed = wg.permute_dims(wg.asarray(base), (2, 0, 1))
    compare(getattr(wg.fft, name)(transposed, axes=(0, 1)),
            getattr(np.fft, name)(np.transpose(base, (2, 0, 1)), axes=(0, 1)))


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_empty_along_other_axes(name):
    check(name, data(name, shape=(0, 4, 3)), axes=(1, 2))
    check(name, data(name, shape=(0, 4, 3)), s=(2, 5), axes=(1, 2))


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN + TWO_D)
@pytest.mark.parametrize("kwargs", [dict(s=(2, 3, 4), axes=(0, 1)), dict(s=(0, 3), axes=(0, 1)),
                                    dict(s=(-2, 3), axes=(0, 1)), dict(axes=(0, 3)), dict(axes=(-4,)),
                                    dict(norm="bad"), dict(axes=(0.0, 1))])
def test_bad_arguments(name, kwargs):
    check(name, data(name), **kwargs)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN + TWO_D)
def test_repeated_axes_are_an_error(name):
    # NumPy transforms a repeated axis twice; the standard leaves it unspecified and wgarray refuses it, as SciPy
    with pytest.raises(ValueError, match="repeated axes"):
        getattr(wg.fft, name)(wg.asarray(data(name)), axes=(1, -2))


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN + TWO_D)
def test_zero_length_axis_without_s(name):
    check(name, data(name, shape=(3, 0, 2)), axes=(0, 1))


def test_s_without_axes_is_deprecated_as_in_numpy():
    x = data("fftn")
    with pytest.warns(DeprecationWarning):
        got = wg.fft.fftn(wg.asarray(x), s=(2, 3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compare(got, np.fft.fftn(x, s=(2, 3)))
        compare(wg.fft.irfftn(wg.asarray(x), s=(None, 4), axes=(0, 2)), np.fft.irfftn(x, s=(None, 4), axes=(0, 2)))


def test_no_axes():
    x = data("fftn")
    got = wg.fft.fftn(wg.asarray(x), axes=())
    compare(got, x)
    # NumPy returns float input unchanged here; the standard's result dtype is complex
    assert wg.fft.ifftn(wg.asarray(x.real.copy()), axes=()).dtype == wg.complex128
    for name in ("rfftn", "irfftn"):
        with pytest.raises(IndexError):
            getattr(wg.fft, name)(wg.asarray(data(name)), axes=())


def test_zero_d():
    compare(wg.fft.fftn(wg.asarray(2.0)), np.asarray(2.0 + 0j))
    with pytest.raises(IndexError):
        wg.fft.rfftn(wg.asarray(2.0))


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN + TWO_D)
def test_out(name):
    x = data(name)
    expected = getattr(np.fft, name)(x, s=(4, 4), axes=(0, 1))
    out = wg.empty(expected.shape, dtype=expected.dtype)
    assert getattr(wg.fft, name)(wg.asarray(x), s=(4, 4), axes=(0, 1), out=out) is out
    compare(out, expected)
    with pytest.raises(ValueError):
        getattr(wg.fft, name)(wg.asarray(x), out=wg.empty((1,), dtype=expected.dtype))


@pytest.mark.parametrize("norm", NORMS)
def test_round_trips(norm):
    x = sample("float64", (4, 5, 3))
    compare(wg.fft.ifftn(wg.fft.fftn(wg.asarray(x), norm=norm), norm=norm), x.astype(np.complex128))
    compare(wg.fft.irfftn(wg.fft.rfftn(wg.asarray(x), norm=norm), s=x.shape, axes=(0, 1, 2), norm=norm), x)
