"""wgarray.fft's one-dimensional transforms (fft, ifft, rfft, irfft, hfft, ihfft) against numpy.fft: every
input dtype, n (pad, truncate), axis (negative, out of range), the three norms, views, 0-length and
length-1 axes, 0-d input, bad arguments with NumPy's exception types, and out=.

Small sizes only: the engine's own tests cover lengths and accuracy."""

import warnings

import numpy as np
import pytest

import wgarray as wg

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]
NORMS = [None, "backward", "ortho", "forward"]
COMPLEX_IN = ["fft", "ifft", "irfft", "hfft"]
REAL_IN = ["rfft", "ihfft"]
rng = np.random.default_rng(1234)


def sample(dtype, shape):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        return rng.integers(0, 100 if dtype.kind == "u" else 50, shape).astype(dtype) - (0 if dtype.kind == "u" else 25)
    values = rng.standard_normal(shape)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def tolerance(dtype) -> float:
    """Relative to the largest magnitude: single precision data (or results) vs pocketfft's."""
    return 2e-5 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-12


def compare(got, expected, dtype=None):
    """got (a wgarray result) equals NumPy's expected: dtype, shape, values within tolerance."""
    assert isinstance(got, wg.Array), type(got)
    host = np.asarray(got)
    assert host.dtype == expected.dtype, (host.dtype, expected.dtype)
    assert host.shape == expected.shape, (host.shape, expected.shape)
    if expected.size:
        scale = max(1.0, float(np.abs(expected).max()))
        assert np.abs(host - expected).max() <= tolerance(dtype or expected.dtype) * scale


def check(name, x, *args, module=np.fft, **kwargs):
    """wg.fft.name against module.name on the same host data: equal results or the same exception type."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = getattr(module, name)(x, *args, **kwargs)
    except Exception as exc:
        with pytest.raises(type(exc)):
            getattr(wg.fft, name)(wg.asarray(x), *args, **kwargs)
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = getattr(wg.fft, name)(wg.asarray(x), *args, **kwargs)
    compare(got, np.asarray(expected), x.dtype)
    return got


# -- dtypes (NumPy's promotion: float32 -> complex64, everything else -> complex128/float64) -------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_dtypes(name, dtype):
    x = sample(dtype, (3, 6))
    if name in REAL_IN and np.dtype(dtype).kind == "c":
        with pytest.raises(TypeError):
            getattr(wg.fft, name)(wg.asarray(x))
        return
    check(name, x)


def test_real_input_to_complex_transforms_matches_numpy_dtypes():
    assert wg.fft.fft(wg.ones(4, dtype=wg.float32)).dtype == wg.complex64
    assert wg.fft.ifft(wg.ones(4, dtype=wg.int32)).dtype == wg.complex128
    assert wg.fft.irfft(wg.ones(4, dtype=wg.float32)).dtype == wg.float32
    assert wg.fft.rfft(wg.ones(4, dtype=wg.int16)).dtype == wg.complex128


# -- n, axis, norm -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
@pytest.mark.parametrize("n", [None, 1, 2, 3, 5, 8, 11])
def test_n_pads_and_truncates(name, n):
    x = sample("complex128" if name in COMPLEX_IN else "float64", (2, 5))
    check(name, x, n=n)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2, -3])
def test_axis_and_norm(name, norm, axis):
    x = sample("complex64" if name in COMPLEX_IN else "float32", (3, 4, 5))
    check(name, x, n=6, axis=axis, norm=norm)
    check(name, x.astype(np.complex128 if name in COMPLEX_IN else np.float64), axis=axis, norm=norm)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_positional_arguments(name):
    x = sample("complex128" if name in COMPLEX_IN else "float64", (4, 3))
    check(name, x, 5, 0, "ortho")


VIEWS = [(slice(None, None, 2), slice(1, None, 2)), (slice(None, None, -1), slice(None, None, -3)),
         (slice(2, 5), 3), (slice(1, None), slice(None, None, 4))]


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
@pytest.mark.parametrize("key", VIEWS)
def test_views(name, key):
    base = sample("complex128" if name in COMPLEX_IN else "float64", (6, 9))
    compare(getattr(wg.fft, name)(wg.asarray(base)[key], axis=0), getattr(np.fft, name)(base[key], axis=0))


def test_transposed_view():
    base = sample("complex128", (4, 6))
    compare(wg.fft.fft(wg.asarray(base).T, axis=0), np.fft.fft(base.T, axis=0))
    compare(wg.fft.rfft(wg.asarray(base.real).T, axis=1), np.fft.rfft(base.real.T, axis=1))


def test_broadcast_view():
    x = wg.broadcast_to(wg.asarray(sample("complex128", (1, 5))), (3, 5))
    compare(wg.fft.fft(x, axis=0), np.fft.fft(np.broadcast_to(np.asarray(x), (3, 5)), axis=0))
    compare(wg.fft.fft(x), np.fft.fft(np.asarray(x)))


# -- edges -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_empty_other_axes(name):
    x = sample("complex128" if name in COMPLEX_IN else "float64", (0, 4))
    check(name, x)
    check(name, x, n=6, norm="ortho")


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_zero_length_axis_is_an_error_without_n(name):
    x = sample("complex128" if name in COMPLEX_IN else "float64", (3, 0))
    with pytest.raises(ValueError, match="Invalid number of FFT data points"):
        getattr(wg.fft, name)(wg.asarray(x))


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "ihfft"])
def test_zero_length_axis_padded(name):
    # NumPy gives zeros here for fft/rfft (its irfft of an empty input reads uninitialised memory)
    x = sample("complex128" if name in COMPLEX_IN else "float64", (2, 0))
    check(name, x, n=4)


def test_irfft_of_empty_input_with_n_is_zeros():
    out = wg.fft.irfft(wg.zeros((2, 0), dtype=wg.complex128), n=4)
    assert out.shape == (2, 4) and not np.asarray(out).any()


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_length_one(name):
    x = sample("complex128" if name in COMPLEX_IN else "float64", (3, 1))
    check(name, x)
    check(name, x, n=1)
    check(name, x, n=2, axis=0)


@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_zero_d_is_an_error(name):
    with pytest.raises(IndexError):  # NumPy: IndexError; wgarray: AxisError (an IndexError and a ValueError)
        getattr(wg.fft, name)(wg.asarray(1.0))


def test_special_values_propagate():
    x = np.array([1.0, np.nan, 2.0, 3.0])
    got = np.asarray(wg.fft.fft(wg.asarray(x)))
    assert np.isnan(got).all()
    # An infinity reaches every output; whether as inf or nan depends on the algorithm (the
    # packed real transform subtracts inf from inf where pocketfft skips a trivial twiddle).
    got = np.asarray(wg.fft.rfft(wg.asarray(np.array([np.inf, 0.0, 0.0, 0.0]))))
    assert not np.isfinite(got).any()


# -- bad arguments -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
@pytest.mark.parametrize("kwargs", [dict(n=0), dict(n=-3), dict(n=2.0), dict(axis=2), dict(axis=-3),
                                    dict(axis=1.0), dict(norm="orthogonal"), dict(norm="Backward")])
def test_bad_arguments(name, kwargs):
    check(name, sample("complex128" if name in COMPLEX_IN else "float64", (2, 4)), **kwargs)


def test_messages_name_the_problem():
    x = wg.ones(4, dtype=wg.complex64)
    with pytest.raises(ValueError, match=r"Invalid number of FFT data points \(0\) specified."):
        wg.fft.fft(x, n=0)
    with pytest.raises(ValueError, match="norm.*'bad'"):
        wg.fft.fft(x, norm="bad")
    with pytest.raises(np.exceptions.AxisError):
        wg.fft.fft(x, axis=1)
    with pytest.raises(TypeError, match="real"):
        wg.fft.rfft(x)


def test_host_inputs():
    compare(wg.fft.fft([1, 2, 3]), np.fft.fft([1, 2, 3]))
    compare(wg.fft.rfft(np.arange(5.0)), np.fft.rfft(np.arange(5.0)))
    with pytest.raises(TypeError):
        wg.fft.fft("abc")


# -- out= ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX_IN + REAL_IN)
def test_out(name):
    x = sample("complex128" if name in COMPLEX_IN else "float64", (3, 4))
    expected = getattr(np.fft, name)(x, n=6, norm="ortho")
    out = wg.empty(expected.shape, dtype=expected.dtype)
    got = getattr(wg.fft, name)(wg.asarray(x), n=6, norm="ortho", out=out)
    assert got is out
    compare(out, expected)


def test_out_casts_same_kind_and_checks_the_shape():
    x = sample("complex128", (4,))
    out = wg.empty(4, dtype=wg.complex64)
    compare(wg.fft.fft(wg.asarray(x), out=out), np.fft.fft(x).astype(np.complex64))
    with pytest.raises(TypeError):  # NumPy: _UFuncOutputCastingError, a TypeError
        wg.fft.fft(wg.asarray(x), out=wg.empty(4))
    with pytest.raises(ValueError):
        wg.fft.fft(wg.asarray(x), out=wg.empty(3, dtype=wg.complex128))


# -- round trips -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("norm", NORMS)
def test_round_trips(norm):
    x = sample("complex128", (2, 7))
    compare(wg.fft.ifft(wg.fft.fft(wg.asarray(x), norm=norm), norm=norm), x)
    r = x.real.copy()
    compare(wg.fft.irfft(wg.fft.rfft(wg.asarray(r), norm=norm), n=7, norm=norm), r)
    compare(wg.fft.hfft(wg.fft.ihfft(wg.asarray(r), norm=norm), n=7, norm=norm), r)


INTEROP_CALLS = {"fft": ((None, 0, "ortho"), {}), "ifft": ((3,), {"norm": "forward"}), "rfft": ((None, 0), {}),
                 "irfft": ((), {"axis": 0}), "hfft": ((5,), {}), "ihfft": ((), {"norm": "ortho"}),
                 "fftn": ((), {"axes": (1,)}), "rfft2": ((), {"s": (3, 4)}), "fftshift": ((), {"axes": 0})}


@pytest.mark.parametrize("name", sorted(INTEROP_CALLS))
def test_numpy_functions_on_wgarray_arrays(name):
    """numpy.fft's functions on wgarray arrays run wgarray.fft's (__array_function__), arguments included."""
    x = sample("float64", (4, 6))
    args, kwargs = INTEROP_CALLS[name]
    compare(getattr(np.fft, name)(wg.asarray(x), *args, **kwargs), getattr(np.fft, name)(x, *args, **kwargs))
