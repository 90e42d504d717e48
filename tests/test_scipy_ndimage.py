"""wgarray.scipy.ndimage against SciPy itself (used here only as the reference): every boundary mode,
origins, axes, output dtypes, even and odd kernels, 1-D to 3-D, real and complex, integer inputs,
size and footprint for the rank filters, sigma/order/truncate/radius, views, bad input."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

scipy_ndimage = pytest.importorskip("scipy.ndimage")

import wgarray as wa  # noqa: E402
from wgarray.scipy import ndimage as wn  # noqa: E402

RNG = np.random.default_rng()  # replaced before each test by seeded_rng


@pytest.fixture(autouse=True)
def seeded_rng(request):
    """Each test draws its data from a generator seeded by its name and parameters, so that its data does
    not depend on which tests ran before it in the process (pytest -n deals the tests out)."""
    global RNG
    RNG = np.random.default_rng(zlib.crc32(request.node.name.encode()))
MODES = ["reflect", "constant", "nearest", "mirror", "wrap", "grid-wrap", "grid-constant", "grid-mirror"]
SHAPES = {1: ((11,), (4,), (1,)), 2: ((5, 7), (3, 2), (1, -1)), 3: ((4, 3, 5), (2, 3, 2), (0, 1, -1))}


def check(got, expected, rtol=1e-10, atol=1e-12):
    assert isinstance(got, wa.Array)
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if expected.dtype.kind in "biu":
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol)


def data(shape, dtype=np.float64, scale=1.0):
    values = RNG.standard_normal(shape) * scale
    if np.dtype(dtype).kind == "c":
        values = values + 1j * RNG.standard_normal(shape)
    return values.astype(dtype)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ndim", [1, 2, 3])
@pytest.mark.parametrize("name", ["correlate", "convolve"])
def test_correlate_convolve_modes_origins(name, ndim, mode):
    shape, wshape, origin = SHAPES[ndim]
    x, w = data(shape), data(wshape)
    for o in (0, origin):
        expected = getattr(scipy_ndimage, name)(x, w, mode=mode, cval=1.25, origin=o)
        check(getattr(wn, name)(wa.asarray(x), wa.asarray(w), mode=mode, cval=1.25, origin=o), expected)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.float32, np.bool_])
def test_correlate_integer_and_narrow_inputs(dtype):
    x = (np.abs(data((6, 5), scale=30))).astype(dtype)
    w = np.array([[0.5, 0.25], [0.125, 1.0]])
    check(wn.correlate(wa.asarray(x), w), scipy_ndimage.correlate(x, w), rtol=1e-6)
    check(wn.convolve(wa.asarray(x), w, output=np.float64), scipy_ndimage.convolve(x, w, output=np.float64))


@pytest.mark.parametrize("output", [np.float32, np.int32, "float64", np.int8])
def test_output_dtypes_and_arrays(output):
    x, w = data((5, 6), scale=10), data((3, 3))
    check(wn.correlate(wa.asarray(x), w, output=output), scipy_ndimage.correlate(x, w, output=output), rtol=1e-6)
    target = wa.zeros((5, 6), dtype=wa.float32)
    result = wn.gaussian_filter(wa.asarray(x), 1.0, output=target)
    assert result is target
    check(target, scipy_ndimage.gaussian_filter(x, 1.0, output=np.float32), rtol=1e-6)


@pytest.mark.parametrize("xdtype,wdtype", [(np.complex128, np.float64), (np.float64, np.complex128),
                                           (np.complex64, np.complex128)])
def test_complex(xdtype, wdtype):
    x, w = data((5, 4), xdtype), data((2, 3), wdtype)
    cval = 0.5 if xdtype == np.float64 else 0.5 - 1j
    for name in ("correlate", "convolve"):
        check(getattr(wn, name)(wa.asarray(x), wa.asarray(w), mode="constant", cval=cval),
              getattr(scipy_ndimage, name)(x, w, mode="constant", cval=cval), rtol=1e-5, atol=1e-5)
    for name in ("correlate1d", "convolve1d"):
        check(getattr(wn, name)(wa.asarray(x), wa.asarray(w[0]), axis=0),
              getattr(scipy_ndimage, name)(x, w[0], axis=0), rtol=1e-5, atol=1e-5)


def test_axes_and_views():
    x = data((4, 6, 5))
    w = data((3, 2))
    check(wn.correlate(wa.asarray(x), w, axes=(0, 2), origin=(1, 0)),
          scipy_ndimage.correlate(x, w, axes=(0, 2), origin=(1, 0)))
    view = wa.asarray(x)[::-1, 1::2]
    check(wn.convolve(view, w[None]), scipy_ndimage.convolve(x[::-1, 1::2], w[None]))
    check(wn.uniform_filter(view, 3, axes=(1,)), scipy_ndimage.uniform_filter(x[::-1, 1::2], 3, axes=(1,)))


@pytest.mark.parametrize("mode", ["reflect", "constant", "mirror", "wrap"])
@pytest.mark.parametrize("size,origin", [(1, 0), (4, -2), (5, 1), (20, 0)])
def test_1d_filters(size, origin, mode):
    x = data((3, 9))
    w = data((size,))
    for axis in (0, -1):
        if x.shape[axis] < size and mode == "wrap":
            continue
        kwargs = dict(axis=axis, mode=mode, cval=-0.5, origin=origin)
        for name, arg in (("correlate1d", w), ("convolve1d", w), ("uniform_filter1d", size),
                          ("minimum_filter1d", size), ("maximum_filter1d", size)):
            if name == "convolve1d" and size % 2 == 0 and origin == -2:
                continue  # origin out of range after convolve1d's shift
            check(getattr(wn, name)(wa.asarray(x), arg, **kwargs), getattr(scipy_ndimage, name)(x, arg, **kwargs))


@pytest.mark.parametrize("sigma,order,truncate,radius", [(1.0, 0, 4.0, None), ((0.7, 2.0), (1, 0), 3.0, None),
                                                         (1.5, 2, 4.0, 2), ((0.0, 1.0), 0, 4.0, None)])
@pytest.mark.parametrize("mode", ["reflect", ("nearest", "constant")])
def test_gaussian_filter(sigma, order, truncate, radius, mode):
    x = data((6, 8))
    kwargs = dict(order=order, mode=mode, cval=0.3, truncate=truncate, radius=radius)
    check(wn.gaussian_filter(wa.asarray(x), sigma, **kwargs), scipy_ndimage.gaussian_filter(x, sigma, **kwargs))
    s = sigma if np.isscalar(sigma) else sigma[1]
    if s:
        o = order if np.isscalar(order) else order[1]
        check(wn.gaussian_filter1d(wa.asarray(x), s, 0, o, truncate=truncate, radius=radius),
              scipy_ndimage.gaussian_filter1d(x, s, 0, o, truncate=truncate, radius=radius))


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32])
def test_separable_filters_cast_each_pass(dtype):
    x = (np.abs(data((7, 6, 3), scale=50))).astype(dtype)
    rtol = 1e-6 if dtype == np.float32 else 0
    check(wn.gaussian_filter(wa.asarray(x), 1.3), scipy_ndimage.gaussian_filter(x, 1.3), rtol=rtol)
    check(wn.uniform_filter(wa.asarray(x), (2, 3, 1), origin=(0, 1, 0)),
          scipy_ndimage.uniform_filter(x, (2, 3, 1), origin=(0, 1, 0)), rtol=rtol)
    for name in ("sobel", "prewitt"):
        check(getattr(wn, name)(wa.asarray(x), 1, mode="nearest"),
              getattr(scipy_ndimage, name)(x, 1, mode="nearest"), rtol=rtol)
    check(wn.laplace(wa.asarray(x), mode="mirror"), scipy_ndimage.laplace(x, mode="mirror"), rtol=rtol)


@pytest.mark.parametrize("mode", MODES)
def test_derivatives_modes(mode):
    x = data((5, 6))
    check(wn.sobel(wa.asarray(x), 0, mode=mode, cval=2.0), scipy_ndimage.sobel(x, 0, mode=mode, cval=2.0))
    check(wn.laplace(wa.asarray(x), mode=mode, cval=2.0), scipy_ndimage.laplace(x, mode=mode, cval=2.0))
    check(wn.uniform_filter(wa.asarray(x + 1j * x), 3, mode=mode),
          scipy_ndimage.uniform_filter(x + 1j * x, 3, mode=mode))


FOOTPRINT = np.array([[1, 0, 1], [1, 1, 0], [0, 1, 1], [1, 1, 1]], bool)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["minimum_filter", "maximum_filter", "median_filter"])
def test_rank_filters_modes(name, mode):
    x = data((6, 7))
    ours, theirs = getattr(wn, name), getattr(scipy_ndimage, name)
    check(ours(wa.asarray(x), footprint=FOOTPRINT, mode=mode, cval=0.1, origin=(1, -1)),
          theirs(x, footprint=FOOTPRINT, mode=mode, cval=0.1, origin=(1, -1)))
    check(ours(wa.asarray(x), size=(3, 2), mode=mode, cval=0.1), theirs(x, size=(3, 2), mode=mode, cval=0.1))


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int16, np.int64, np.uint64, np.float32])
def test_rank_filters_dtypes(dtype):
    x = (data((4, 5, 3), scale=100)).astype(dtype) if dtype != np.uint64 else \
        RNG.integers(0, 2**52, (4, 5, 3), dtype=np.uint64) * 2  # SciPy's rank filters go through doubles
    for name in ("minimum_filter", "maximum_filter", "median_filter"):
        check(getattr(wn, name)(wa.asarray(x), 3), getattr(scipy_ndimage, name)(x, 3))
    check(wn.rank_filter(wa.asarray(x), -3, size=(2, 3, 2)), scipy_ndimage.rank_filter(x, -3, size=(2, 3, 2)))
    check(wn.percentile_filter(wa.asarray(x), 30, footprint=np.ones((3, 1, 2))),
          scipy_ndimage.percentile_filter(x, 30, footprint=np.ones((3, 1, 2))))


@pytest.mark.parametrize("ndim", [1, 2, 3])
def test_rank_filters_ndim_axes(ndim):
    shape = SHAPES[ndim][0]
    x = data(shape)
    check(wn.median_filter(wa.asarray(x), 3, mode="wrap"), scipy_ndimage.median_filter(x, 3, mode="wrap"))
    check(wn.rank_filter(wa.asarray(x), 1, 2, axes=(0,)), scipy_ndimage.rank_filter(x, 1, 2, axes=(0,)))
    check(wn.maximum_filter(wa.asarray(x), 4, mode=("nearest",) * ndim),
          scipy_ndimage.maximum_filter(x, 4, mode=("nearest",) * ndim))


def test_zero_d_inputs():
    for name, args in (("correlate", (np.array(2.5),)), ("convolve", (3.0,)), ("gaussian_filter", (1.0,)),
                       ("uniform_filter", (3,)), ("median_filter", (3,)), ("minimum_filter", (3,)), ("laplace", ())):
        for x in (np.array(5.0), np.array(7, np.int32)):
            check(getattr(wn, name)(wa.asarray(x), *args), getattr(scipy_ndimage, name)(x, *args))


def test_empty_inputs():
    x = np.zeros((0, 4))
    check(wn.correlate(wa.asarray(x), np.ones((2, 2))), scipy_ndimage.correlate(x, np.ones((2, 2))))
    check(wn.median_filter(wa.asarray(x), 3), scipy_ndimage.median_filter(x, 3))


def test_large_rank_window_is_not_implemented():
    with pytest.raises(NotImplementedError, match="256"):
        wn.median_filter(wa.zeros((20, 20)), 17)
    check(wn.minimum_filter(wa.asarray(np.arange(400.0).reshape(20, 20)), 17),
          scipy_ndimage.minimum_filter(np.arange(400.0).reshape(20, 20), 17))


def test_bad_input():
    x = wa.zeros((4, 4))
    with pytest.raises(RuntimeError, match="boundary mode"):
        wn.correlate(x, np.ones((2, 2)), mode="bogus")
    with pytest.raises(ValueError, match="origin"):
        wn.correlate(x, np.ones((3, 3)), origin=2)
    with pytest.raises(ValueError, match="origin"):
        wn.uniform_filter1d(x, 3, origin=2)
    with pytest.raises(RuntimeError, match="weights.ndim"):
        wn.correlate(x, np.ones(3))
    with pytest.raises(RuntimeError, match="no filter weights"):
        wn.correlate1d(x, np.ones((2, 2)))
    with pytest.raises(TypeError, match="Complex"):
        wn.median_filter(wa.zeros(4, dtype=wa.complex64), 3)
    with pytest.raises(RuntimeError, match="footprint"):
        wn.minimum_filter(x)
    with pytest.raises(ValueError, match="All-zero"):
        wn.minimum_filter(x, footprint=np.zeros((2, 2)))
    with pytest.raises(RuntimeError, match="rank not within"):
        wn.rank_filter(x, 9, 3)
    with pytest.raises(RuntimeError, match="sequence of modes"):
        wn.median_filter(x, footprint=FOOTPRINT, mode=("reflect", "wrap"))
    with pytest.raises(np.exceptions.AxisError):
        wn.sobel(x, 2)
    with pytest.raises(ValueError, match="Radius"):
        wn.gaussian_filter1d(x, 1.0, radius=-1)


@pytest.mark.parametrize("mode", ["reflect", "constant", "nearest", "mirror", "wrap"])
def test_long_rows_tiled(mode):
    """A one-row kernel of 16 taps or more along the last axis takes the tiled kernel."""
    x = data((2, 2500))
    for k, origin in ((300, -3), (17, 8), (2600, 0)):
        w = data((k,))
        check(wn.correlate1d(wa.asarray(x), w, mode=mode, cval=0.7, origin=origin),
              scipy_ndimage.correlate1d(x, w, mode=mode, cval=0.7, origin=origin))
    check(wn.gaussian_filter(wa.asarray(x), 6.0, mode=mode), scipy_ndimage.gaussian_filter(x, 6.0, mode=mode))
    for dtype in (np.float32, np.int32, np.uint64):  # read as they are, summed in float64
        xd = (x * 100).astype(dtype) if dtype != np.uint64 else np.abs(x * 100).astype(dtype)
        check(wn.gaussian_filter1d(wa.asarray(xd), 5.0, mode=mode, output=np.float64),
              scipy_ndimage.gaussian_filter1d(xd, 5.0, mode=mode, output=np.float64))


def test_special_values():
    x = data((5, 6))
    x[1, 2], x[3, 4], x[0, 0] = np.nan, np.inf, -np.inf
    w = np.array([[0.5, -1.0], [2.0, 0.25]])
    for mode in ("nearest", "constant", "wrap"):
        check(wn.correlate(wa.asarray(x), w, mode=mode), scipy_ndimage.correlate(x, w, mode=mode))
    check(wn.gaussian_filter(wa.asarray(x), 0.8), scipy_ndimage.gaussian_filter(x, 0.8))
    footprint = np.array([[1, 0, 1], [0, 1, 1]], bool)  # SciPy's footprint path: a NaN first in the window wins
    for name in ("minimum_filter", "maximum_filter"):
        check(getattr(wn, name)(wa.asarray(x), footprint=footprint), getattr(scipy_ndimage, name)(x, footprint=footprint))


# -- exactly SciPy's sums: each pass adds in SciPy's order, so float64 results agree to the bit and integer
# outputs (each pass truncated) agree exactly, over many draws (a 1-ulp difference would flip some integer)
EXACT_SEEDS = 20
EXACT_MODES = ["reflect", "constant", "nearest", "mirror", "wrap"]  # the grid- modes take the same maps
EXACT_FILTERS = {
    "gaussian_filter": lambda m, x, mode, seed: m.gaussian_filter(x, 0.6 + 0.17 * seed, mode=mode, cval=3.7),
    "gaussian_derivatives": lambda m, x, mode, seed: m.gaussian_filter(x, (1.1, 0.9 + 0.05 * seed), order=(1, 2),
                                                                       mode=mode, cval=-2.0, axes=(0, -1)),
    "uniform_filter": lambda m, x, mode, seed: m.uniform_filter(x, 2 + seed % 4, mode=mode, cval=3.7,
                                                                origin=-(seed % 2)),
    "sobel": lambda m, x, mode, seed: m.sobel(x, seed % 2, mode=mode, cval=1.5),
    "prewitt": lambda m, x, mode, seed: m.prewitt(x, seed % 2, mode=mode, cval=1.5),
    "laplace": lambda m, x, mode, seed: m.laplace(x, mode=mode, cval=1.5),
    "correlate1d": lambda m, x, mode, seed: m.correlate1d(x, EXACT_WEIGHTS[seed % 4], seed % 2, mode=mode, cval=0.3),
    "correlate": lambda m, x, mode, seed: m.correlate(x, EXACT_KERNEL, mode=mode, cval=0.3, origin=(-(seed % 2), 0),
                                                          axes=(0, -1)),
}
EXACT_WEIGHTS = [np.array([0.3, -1.7, 2.2, -1.7, 0.3]), np.array([0.25, -1.5, 0.0, 1.5, -0.25]),
                 np.array([0.7, 1.3, -0.4, 2.9]), np.array([0.1, 0.2, 0.3])]
EXACT_KERNEL = np.array([[0.3, 0.0, -1.2], [1e-17, 2.5, 0.7]])  # a 0 and a weight SciPy leaves out


def exact_data(shape, dtype, blocky: bool):
    """Random values (normal for floats; over the dtype's range, within 2**20, for integers), or blocks of
    a random value each: a window inside a block sums to the value times the weights' sum, so truncating
    a sum off by one ulp below it gives the next integer down."""
    if blocky:
        levels = exact_data(tuple(-(-n // 5) for n in shape), dtype, False)
        for axis in range(len(shape)):
            levels = np.repeat(levels, 5, axis)
        return levels[tuple(slice(n) for n in shape)].copy()
    if np.dtype(dtype).kind == "f":
        return RNG.standard_normal(shape) * 10
    info = np.iinfo(dtype)
    low, high = max(info.min, -2**20), min(info.max, 2**20)  # int32 sums stay within int32
    return RNG.integers(low, high, shape, endpoint=True).astype(dtype)


def assert_bits_equal(got, expected):
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))


@pytest.mark.parametrize("mode", EXACT_MODES)
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.float64])
@pytest.mark.parametrize("name", EXACT_FILTERS)
def test_filters_exactly_scipy(name, dtype, mode):
    fn = EXACT_FILTERS[name]
    for seed in range(EXACT_SEEDS):
        x = exact_data((16, 23) if seed % 3 else (6, 9, 7), dtype, blocky=seed % 2 == 1)
        assert_bits_equal(fn(wn, wa.asarray(x), mode, seed), fn(scipy_ndimage, x, mode, seed))


@pytest.mark.parametrize("weights", EXACT_WEIGHTS + [np.array([1.0, -2.0, 1.0 + 2.0**-52]), np.array([2.0])])
def test_correlate1d_forms_exactly(weights):
    """SciPy picks the sum's form from the weights (symmetric within DBL_EPSILON, antisymmetric, general):
    host weights are classified on the host, device weights on the device, alike."""
    x = RNG.standard_normal((4, 37)) * 10
    expected = scipy_ndimage.correlate1d(x, weights, mode="nearest")
    assert_bits_equal(wn.correlate1d(wa.asarray(x), weights, mode="nearest"), expected)
    assert_bits_equal(wn.correlate1d(wa.asarray(x), wa.asarray(weights), mode="nearest"), expected)
    assert_bits_equal(wn.convolve1d(wa.asarray(x), wa.asarray(weights), axis=0),
                      scipy_ndimage.convolve1d(x, weights, axis=0))


def test_uniform_filter_running_sum():
    """SciPy's uniform_filter1d is a running sum (each step adds the new value less the old one), which
    rounds otherwise than a sum per window: float data, long lines, any axis, a view."""
    x = RNG.standard_normal((3, 500, 4)) * np.array([1e-3, 1.0, 1e6, 5.0])
    for axis, size in ((1, 7), (0, 2), (1, 64)):
        assert_bits_equal(wn.uniform_filter1d(wa.asarray(x), size, axis), scipy_ndimage.uniform_filter1d(x, size, axis))
    view = x[:, ::-3, 1:]
    assert_bits_equal(wn.uniform_filter(wa.asarray(x)[:, ::-3, 1:], 5, mode="wrap"),
                      scipy_ndimage.uniform_filter(view, 5, mode="wrap"))


def test_zero_weights_skip_special_values():
    """NI_Correlate leaves weights within DBL_EPSILON of 0 out of the footprint: an inf next to them adds
    no NaN there."""
    x = RNG.standard_normal((5, 6))
    x[2, 3] = np.inf
    cross = np.array([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]])
    for name in ("correlate", "convolve"):
        assert_bits_equal(getattr(wn, name)(wa.asarray(x), cross), getattr(scipy_ndimage, name)(x, cross))
