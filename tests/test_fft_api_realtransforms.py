"""wgarray.fft's real-to-real transforms (dct, idct, dst, idst, dctn, idctn, dstn, idstn) against scipy.fft:
types 1-4, every norm with and without orthogonalize, n/s padding and truncation, axes, dtypes (complex
input: real and imaginary parts apart), views, empty arrays and the errors. Skipped without SciPy."""

import warnings

import numpy as np
import pytest

import wgarray as wg
from test_fft_api import compare, sample

scipy_fft = pytest.importorskip("scipy.fft")

ONE_D = ["dct", "idct", "dst", "idst"]
N_D = ["dctn", "idctn", "dstn", "idstn"]
TYPES = [1, 2, 3, 4]


def check(name, x, *args, **kwargs):
    """wg.fft.name against scipy.fft.name: equal results (dtype, shape, values) or the same exception type."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = getattr(scipy_fft, name)(x, *args, **kwargs)
    except Exception as exc:
        with pytest.raises(type(exc)):
            getattr(wg.fft, name)(wg.asarray(x), *args, **kwargs)
        return
    precision = np.float32 if x.dtype == np.float16 else x.dtype  # float16 computes in float32
    compare(getattr(wg.fft, name)(wg.asarray(x), *args, **kwargs), np.asarray(expected), precision)


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
@pytest.mark.parametrize("orthogonalize", [None, True, False])
def test_types_norms(name, type, norm, orthogonalize):
    check(name, sample("float64", (3, 7)), type=type, norm=norm, orthogonalize=orthogonalize)


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("n", [None, 2, 3, 4, 9])
def test_n_and_axis(name, type, n):
    x = sample("float64", (5, 4, 2))
    check(name, x, type=type, n=n, axis=0)
    check(name, x, type, n, -2, "ortho")  # SciPy's positional order


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128", "int32", "bool"])
def test_dtypes(name, dtype):
    for type in TYPES:
        check(name, sample(dtype, (2, 6)), type=type)


@pytest.mark.parametrize("name", N_D)
def test_nd_float16_computes_in_float32(name):
    for type in TYPES:
        check(name, sample("float16", (3, 4)), type=type)


@pytest.mark.parametrize("name", ONE_D)
def test_views_and_empty(name):
    base = sample("float64", (6, 8))
    for key in [(slice(None, None, -2), slice(1, None, 3)), (slice(None), 2)]:
        for type in TYPES:
            compare(getattr(wg.fft, name)(wg.asarray(base)[key], type=type, axis=0),
                    getattr(scipy_fft, name)(base[key], type=type, axis=0))
    for type in TYPES:
        check(name, sample("float64", (0, 5)), type=type)


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("kwargs", [dict(type=5), dict(type=0), dict(n=0), dict(n=-1), dict(axis=2),
                                    dict(norm="bad"), dict(type=1, n=1)])
def test_bad_arguments(name, kwargs):
    check(name, sample("float64", (2, 5)), **kwargs)


@pytest.mark.parametrize("name", ONE_D)
def test_length_one(name):
    for type in (2, 3, 4):
        check(name, sample("float64", (3, 1)), type=type, norm="ortho")
    check(name, sample("float64", (3, 1)), type=1 if name.endswith("st") else 2)


@pytest.mark.parametrize("name", ONE_D)
def test_ignored_arguments(name):
    x = sample("float64", (4, 5))
    compare(getattr(wg.fft, name)(wg.asarray(x), overwrite_x=True, workers=4), getattr(scipy_fft, name)(x))


@pytest.mark.parametrize("name", N_D)
@pytest.mark.parametrize("type", TYPES)
@pytest.mark.parametrize("s, axes", [(None, None), (None, (0, 2)), ((4, 3), (1, -1)), ((2, 5), None),
                                     ((-1, 6), (0, 1))])
def test_nd(name, type, s, axes):
    check(name, sample("float64", (3, 4, 5)), type=type, s=s, axes=axes, norm="ortho")


@pytest.mark.parametrize("name", N_D)
def test_nd_norms_and_errors(name):
    x = sample("float32", (4, 3))
    for norm in (None, "backward", "forward"):
        check(name, x, norm=norm)
    check(name, x, orthogonalize=False, norm="ortho")
    for kwargs in [dict(axes=(0, 0)), dict(axes=(0, 2)), dict(s=(2, 3, 4), axes=(0, 1)), dict(s=(0, 2))]:
        check(name, x, **kwargs)


@pytest.mark.parametrize("type", TYPES)
def test_round_trips(type):
    x = sample("float64", (3, 6))
    for kind in ("dct", "dst"):
        forward, inverse = getattr(wg.fft, kind), getattr(wg.fft, "i" + kind)
        for norm in (None, "ortho", "forward"):
            compare(inverse(forward(wg.asarray(x), type=type, norm=norm), type=type, norm=norm), x)
