"""wgarray.scipy.signal against SciPy itself (used here only as the reference): every mode and method,
1-D to 3-D, even and odd kernels, swapped inputs, result dtypes (integers, bool, complex), axes,
boundaries of convolve2d/correlate2d, choose_conv_method's decisions, views, bad input."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

scipy_signal = pytest.importorskip("scipy.signal")

import wgarray as wa  # noqa: E402
from wgarray.scipy import signal as ws  # noqa: E402

RNG = np.random.default_rng()  # replaced before each test by seeded_rng


@pytest.fixture(autouse=True)
def seeded_rng(request):
    """Each test draws its data from a generator seeded by its name and parameters, so that its data does
    not depend on which tests ran before it in the process (pytest -n deals the tests out)."""
    global RNG
    RNG = np.random.default_rng(zlib.crc32(request.node.name.encode()))
PAIRS = {1: ((13,), (4,)), 2: ((5, 6), (3, 2)), 3: ((4, 3, 5), (2, 3, 3))}


def check(got, expected, rtol=1e-10, atol=1e-10):
    assert isinstance(got, wa.Array)
    got = np.asarray(got)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if expected.dtype.kind in "biu":
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol)


def data(shape, dtype=np.float64, scale=1.0):
    if np.dtype(dtype).kind in "biu":
        return RNG.integers(0 if np.dtype(dtype).kind in "bu" else -20, 2 if dtype == np.bool_ else 20,
                            shape).astype(dtype)
    values = RNG.standard_normal(shape) * scale
    if np.dtype(dtype).kind == "c":
        values = values + 1j * RNG.standard_normal(shape)
    return values.astype(dtype)


@pytest.mark.parametrize("method", ["direct", "fft", "auto"])
@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("ndim", [1, 2, 3])
def test_convolve_correlate(ndim, mode, method):
    s1, s2 = PAIRS[ndim]
    x, w = data(s1), data(s2)
    for name in ("convolve", "correlate"):
        ours, theirs = getattr(ws, name), getattr(scipy_signal, name)
        check(ours(wa.asarray(x), wa.asarray(w), mode, method), theirs(x, w, mode, method))
        check(ours(wa.asarray(w), wa.asarray(x), mode, method), theirs(w, x, mode, method))  # swapped sizes


@pytest.mark.parametrize("dtypes", [(np.int8, np.int8), (np.uint8, np.int16), (np.int64, np.int64),
                                    (np.int32, np.float32), (np.bool_, np.bool_), (np.float32, np.float32),
                                    (np.complex64, np.float32), (np.complex128, np.complex128)])
@pytest.mark.parametrize("method", ["direct", "fft"])
def test_result_dtypes(dtypes, method):
    if np.bool_ in dtypes:  # SciPy's N-D direct path rejects bool; its 1-D one is np.convolve's
        if method == "fft":
            return
        x, w = data((9,), dtypes[0]), data((3,), dtypes[1])
    else:
        x, w = data((9, 4), dtypes[0]), data((3, 2), dtypes[1])
    tol = 1e-4 if np.float32 in dtypes or np.complex64 in dtypes else 1e-10
    for name in ("convolve", "correlate"):
        check(getattr(ws, name)(wa.asarray(x), wa.asarray(w), "full", method),
              getattr(scipy_signal, name)(x, w, "full", method), rtol=tol, atol=tol)


def test_integer_wraparound_is_exact():
    x = np.full(50, 100, np.int8)
    check(ws.convolve(wa.asarray(x), wa.asarray(x), method="direct"), scipy_signal.convolve(x, x, method="direct"))
    big = np.array([2**40, -2**41, 3], np.int64)
    check(ws.convolve(wa.asarray(big), wa.asarray(big)), scipy_signal.convolve(big, big))


@pytest.mark.parametrize("shapes,method", [(((2**20,), (1025,)), "direct"), (((2**22,), (2**16,)), "fft"),
                                           (((40,), (40,)), "direct"), (((30, 30), (5, 5)), "direct"),
                                           (((2048, 2048), (255, 255)), "fft")])
def test_choose_conv_method(shapes, method):
    """The GPU cost model (float inputs), and SciPy's rules for integers and booleans."""
    x, w = wa.zeros(shapes[0], dtype=wa.float32), wa.zeros(shapes[1], dtype=wa.float32)
    assert ws.choose_conv_method(x, w) == method


def test_choose_conv_method_rules():
    big = np.array([2**30, 1], np.int64)
    assert ws.choose_conv_method(wa.asarray(big), wa.asarray(big)) == "direct" == \
        scipy_signal.choose_conv_method(big, big)
    flags = np.ones(5000, bool)
    assert ws.choose_conv_method(wa.asarray(flags), wa.asarray(flags)) == "direct"
    method, times = ws.choose_conv_method(wa.ones(8), wa.ones(2), "same", measure=True)
    assert method in ("fft", "direct") and set(times) == {"fft", "direct"}


@pytest.mark.parametrize("name", ["fftconvolve", "oaconvolve"])
@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_fft_convolutions_axes(name, mode):
    x, w = data((6, 5, 4)), data((6, 3, 1))
    ours, theirs = getattr(ws, name), getattr(scipy_signal, name)
    check(ours(wa.asarray(x), wa.asarray(w), mode, axes=1), theirs(x, w, mode, axes=1))
    check(ours(wa.asarray(x), wa.asarray(w), mode, axes=(1, 2)), theirs(x, w, mode, axes=(1, 2)))
    check(ours(wa.asarray(x), wa.asarray(w), mode), theirs(x, w, mode))
    xc = data((7, 3), np.complex64)
    check(ours(wa.asarray(xc), wa.asarray(xc[:2]), mode), theirs(xc, xc[:2], mode), rtol=1e-4, atol=1e-5)
    xi = data((11,), np.int32)
    check(ours(wa.asarray(xi), wa.asarray(xi[:4]), mode), theirs(xi, xi[:4], mode))


@pytest.mark.parametrize("boundary", ["fill", "wrap", "symm"])
@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_convolve2d_correlate2d(mode, boundary):
    pairs = [((5, 7), (3, 2)), ((6, 4), (4, 3)), ((3, 4), (4, 5))]
    if boundary == "fill" or mode == "valid":  # SciPy reads outside in1 where in2 is over twice as long
        pairs.append(((2, 3), (5, 7)))  # (scipy/scipy#12686); wgarray extends periodically or by symmetry
    for s1, s2 in pairs:
        x, w = data(s1), data(s2)
        for name in ("convolve2d", "correlate2d"):
            ours, theirs = getattr(ws, name), getattr(scipy_signal, name)
            check(ours(wa.asarray(x), wa.asarray(w), mode, boundary, 0.75), theirs(x, w, mode, boundary, 0.75))
    xc, wc = data((5, 4), np.complex128), data((2, 3), np.complex128)
    check(ws.correlate2d(wa.asarray(xc), wa.asarray(wc), mode, boundary, 1 - 2j),
          scipy_signal.correlate2d(xc, wc, mode, boundary, 1 - 2j))
    xi, wi = data((5, 4), np.int16), data((2, 3), np.int16)
    check(ws.convolve2d(wa.asarray(xi), wa.asarray(wi), mode, boundary, 3),
          scipy_signal.convolve2d(xi, wi, mode, boundary, 3))


def test_views_scalars_and_empty():
    x, w = data((8, 6)), data((3, 3))
    view = wa.asarray(x)[::-2, 1:]
    check(ws.convolve(view, wa.asarray(w), method="direct"), scipy_signal.convolve(x[::-2, 1:], w, method="direct"))
    check(ws.correlate(wa.asarray(x).T, wa.asarray(w), "same"), scipy_signal.correlate(x.T, w, "same"))
    check(ws.convolve(wa.asarray(2.0), wa.asarray(3.0)), scipy_signal.convolve(np.array(2.0), np.array(3.0)))
    assert ws.convolve(wa.zeros((0,)), wa.ones(3), method="direct").shape == (0,)
    assert ws.fftconvolve(wa.zeros((0,)), wa.ones(3)).shape == (0,)


def test_bad_input():
    x = wa.ones((4, 4))
    with pytest.raises(ValueError, match="dimensionality"):
        ws.convolve(x, wa.ones(3))
    with pytest.raises(ValueError, match="mode"):
        ws.convolve(x, x, "bogus")
    with pytest.raises(ValueError, match="method"):
        ws.convolve(x, x, method="bogus")
    with pytest.raises(ValueError, match="at least as large"):
        ws.convolve(wa.ones((4, 2)), wa.ones((2, 4)), "valid")
    with pytest.raises(ValueError, match="2-D"):
        ws.convolve2d(wa.ones(3), wa.ones(3))
    with pytest.raises(ValueError, match="boundary"):
        ws.correlate2d(x, x, boundary="bogus")
    with pytest.raises(ValueError, match="incompatible shapes"):
        ws.fftconvolve(wa.ones((3, 4)), wa.ones((2, 3)), axes=0)


@pytest.mark.parametrize("n,k", [(2500, 300), (3000, 17), (100, 40), (1030, 600)])
@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_long_kernels_tiled(n, k, mode):
    """One-row kernels of 16 taps or more take the tiled kernel: tiles of 1024 outputs, chunks of 256 taps."""
    x, w = data((n,)), data((k,))
    for name in ("convolve", "correlate"):
        check(getattr(ws, name)(wa.asarray(x), wa.asarray(w), mode, "direct"),
              getattr(scipy_signal, name)(x, w, mode, "direct"), rtol=1e-9, atol=1e-9)
    x2, w2 = data((3, n // 2), np.float32), data((1, k // 2 + 1), np.float32)
    check(ws.correlate(wa.asarray(x2)[:, ::-1], wa.asarray(w2), mode, "direct"),
          scipy_signal.correlate(x2[:, ::-1], w2, mode, "direct"), rtol=1e-4, atol=1e-4)


def test_zero_padding_adds_nothing():
    """Positions outside the input add nothing (NumPy sums the overlap only): no 0 * inf = nan."""
    x, w = np.array([1.0, 2.0, 3.0]), np.array([np.inf, 1.0])
    check(ws.convolve(wa.asarray(x), wa.asarray(w), method="direct"), scipy_signal.convolve(x, w, method="direct"))
    long_x, long_w = data((2000,)), data((20,))
    long_w[0] = np.inf
    got = np.asarray(ws.convolve(wa.asarray(long_x), wa.asarray(long_w), method="direct"))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(np.convolve(long_x, long_w)))


@pytest.mark.parametrize("boundary,pad_mode", [("wrap", "wrap"), ("symm", "symmetric")])
def test_boundaries_wider_than_the_input(boundary, pad_mode):
    """A kernel over twice the input's size: the input extended periodically or by symmetry as far as
    needed (NumPy's pad gives the reference; SciPy reads outside the input there, scipy/scipy#12686)."""
    x, w = data((2, 3)), data((6, 8))
    padded = np.pad(x, ((5, 5), (7, 7)), mode=pad_mode)
    check(ws.convolve2d(wa.asarray(x), wa.asarray(w), "full", boundary), scipy_signal.convolve2d(padded, w, "valid"))


@pytest.mark.parametrize("s1,s2,axes", [((1000,), (17,), None), ((20,), (300,), None), ((50, 60), (3, 4), None),
                                        ((40, 7, 30), (5, 7, 3), (0, 2)), ((200, 3), (9, 3), 0)])
@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_oaconvolve_blocks(s1, s2, axes, mode):
    """Inputs whose longer axis is cut into overlap-add blocks (SciPy's block lengths)."""
    x, w = data(s1), data(s2)
    check(ws.oaconvolve(wa.asarray(x), wa.asarray(w), mode, axes=axes), scipy_signal.oaconvolve(x, w, mode, axes=axes))
    xc, xi = data(s1, np.complex128), data(s1, np.int16)
    check(ws.oaconvolve(wa.asarray(xc), wa.asarray(w), mode, axes=axes), scipy_signal.oaconvolve(xc, w, mode, axes=axes))
    check(ws.oaconvolve(wa.asarray(xi), wa.asarray(w), mode, axes=axes), scipy_signal.oaconvolve(xi, w, mode, axes=axes))


def test_oaconvolve_block_lengths():
    from scipy.signal._signaltools import _calc_oa_lens  # SciPy's private helper: the reference lengths
    from wgarray.scipy._signal_fft import _oa_lengths
    for s1 in (3, 10, 333, 4096, 20000):
        for s2 in (2, 5, 17, 1025):
            assert _oa_lengths(s1, s2) == _calc_oa_lens(s1, s2)


def test_special_values_direct():
    x = data((40,))
    x[3], x[20] = np.nan, -np.inf
    w = data((5,))
    for name in ("convolve", "correlate"):
        for mode in ("full", "same", "valid"):
            check(getattr(ws, name)(wa.asarray(x), wa.asarray(w), mode, "direct"),
                  getattr(scipy_signal, name)(x, w, mode, "direct"))
