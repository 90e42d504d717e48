"""The fft engine's per-call shortcuts: recipes (a repeated transform replays its recorded dispatches,
wgarray/_engines/fft_recipe.py), real input read as complex and zero-padding done as the engine reads
(no copies of the input). Each is checked against NumPy and against the path it replaces: results
must be the same bits."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import wgarray
from wgarray._array import Array
from wgarray._engines import fft as engine
from wgarray._engines import fft_bluestein, fft_plan, fft_recipe, fft_tables

rng = np.random.default_rng(99)


def random(shape, dtype):
    values = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def transform(x, axis=-1, inverse=False, scale=1.0, n=None) -> np.ndarray:
    a = x if isinstance(x, Array) else wgarray.asarray(x)
    return np.asarray(Array._wrap(engine.complex_transform(a._data(), axis, inverse, scale, n)))


def numpy_transform(x, axis=-1, inverse=False, n=None) -> np.ndarray:
    n = x.shape[axis] if n is None else n
    return np.fft.ifft(x, n=n, axis=axis) * n if inverse else np.fft.fft(x, n=n, axis=axis)


def close(got, expected, dtype) -> bool:
    single = np.dtype(dtype) in (np.float32, np.complex64)
    scale = max(float(np.abs(expected).max(initial=0.0)), 1.0)
    return bool(np.abs(got - expected).max(initial=0.0) <= (1e-5 if single else 1e-12) * scale)


@pytest.fixture
def small_workgroups(monkeypatch):
    """Workgroups of 16 elements: global passes (scratch buffers) and Bluestein at short lengths."""
    monkeypatch.setattr(fft_plan, "MAX_LOCAL", 16)


# -- recipes ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape, axis", [((3, 40), -1), ((40, 3), 0), ((2, 37), 1), ((300,), 0), ((5, 6, 48), 1)])
@pytest.mark.parametrize("inverse", [False, True])
def test_replays_bind_each_calls_buffers(small_workgroups, shape, axis, inverse):
    """One recipe serves inputs of the same view with other values: each result is its own input's
    (the replay binds this call's input, output and new scratch buffers, not the recorded ones),
    the same bits as the recorded call's, and the dispatches were planned once."""
    first, second = random(shape, np.complex128), random(shape, np.complex128)
    recorded = transform(first, axis, inverse)
    recipes = fft_recipe._recipes(wgarray.asarray(first)._data().device)
    before = list(recipes._entries.values())
    replayed_second, replayed_first = transform(second, axis, inverse), transform(first, axis, inverse)
    assert list(recipes._entries.values()) == before  # the same recipes: replayed, not recorded again
    assert close(recorded, numpy_transform(first, axis, inverse), np.complex128)
    assert close(replayed_second, numpy_transform(second, axis, inverse), np.complex128)
    assert replayed_first.tobytes() == recorded.tobytes()


def test_replays_resolve_their_kernels_once(small_workgroups):
    """A replay dispatches straight to the stream: each step's compiled kernel and grid are looked
    up at the first replay only, in the recorded order, and the results keep their bits."""
    x = random((3, 40), np.complex128)
    wgarray.empty_cache()  # recorded here, not by an earlier test
    recorded = transform(x)
    operand = wgarray.asarray(x)._data()
    recipe = fft_recipe._recipes(operand.device).get(engine._key(operand, 1, "c2c", False, 1.0, 40))
    assert recipe.dispatches is None and len(recipe.steps) > 1  # global passes: several dispatches
    assert transform(x).tobytes() == recorded.tobytes()
    resolved = recipe.dispatches
    assert [kernel.key for kernel, *_ in resolved] == [key for key, *_ in recipe.steps]
    assert transform(x).tobytes() == recorded.tobytes() and recipe.dispatches is resolved


def test_recorded_parameters_are_packed():
    with pytest.raises(TypeError, match="packed parameters"):
        fft_recipe.launch(None, ("fft_local",), None, [], [1, 2, 3], 1)


def test_recipes_record_what_varies(small_workgroups):
    """A recipe per view (offset, strides), dtype, transform, scale and plan option: none is replayed
    for another."""
    base = random((4, 96), np.complex64)
    whole = wgarray.asarray(base)
    recipes = fft_recipe._recipes(whole._data().device)
    calls = [lambda: transform(whole), lambda: transform(whole[:3]), lambda: transform(whole[1:]),
             lambda: transform(whole[:, ::2]), lambda: transform(whole, inverse=True),
             lambda: transform(whole, scale=0.5), lambda: transform(whole, n=100),
             lambda: transform(whole.astype(wgarray.complex128)), lambda: transform(whole.real)]
    expected = [numpy_transform(base), numpy_transform(base[:3]), numpy_transform(base[1:]),
                numpy_transform(base[:, ::2]), numpy_transform(base, inverse=True), 0.5 * numpy_transform(base),
                numpy_transform(base, n=100), numpy_transform(base.astype(np.complex128)), numpy_transform(base.real)]
    for call, want in zip(calls, expected):
        assert close(call(), want, np.complex64)
    recorded = len(recipes)
    for call, want in zip(calls, expected):  # replayed
        assert close(call(), want, np.complex64)
    assert len(recipes) == recorded
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fft_plan, "RUN_TILE", 16)
        assert close(transform(whole), expected[0], np.complex64)
    assert len(recipes) == recorded + 1


@pytest.mark.parametrize("shape", [(2, 37), (2, 64)])
def test_a_dropped_table_is_made_again(small_workgroups, shape):
    """A recipe does not keep the tables its caches drop (twiddles, roots, Bluestein's chirp and
    spectrum): its next call records anew, which computes them again, with the same result."""
    x = random(shape, np.complex64)
    first = transform(x)
    operand = wgarray.asarray(x)._data()
    recipes = fft_recipe._recipes(operand.device)
    key = engine._key(operand, 1, "c2c", False, 1.0, shape[1])
    recorded = recipes.get(key)
    assert recorded is not None and transform(x).tobytes() == first.tobytes() and recipes.get(key) is recorded
    fft_tables._tables(operand.device).clear()
    fft_bluestein._spectra(operand.device).clear()
    gc.collect()
    assert transform(x).tobytes() == first.tobytes()
    again = recipes.get(key)
    assert again is not recorded  # recorded anew, and replayed from then on
    assert transform(x).tobytes() == first.tobytes() and recipes.get(key) is again


def test_empty_cache_drops_recipes():
    x = random((2, 64), np.complex64)
    first = transform(x)
    wgarray.empty_cache()
    assert len(fft_recipe._recipes(wgarray.asarray(x)._data().device)) == 0
    assert transform(x).tobytes() == first.tobytes()


def test_a_failed_recording_leaves_no_recipe(monkeypatch):
    """An error while recording (here in the plan) keeps no half recipe; the next call records anew."""
    x = random((2, 24), np.complex128)
    device = wgarray.asarray(x)._data().device
    wgarray.empty_cache()
    original = fft_plan._local_plan

    def failing(*args):
        raise RuntimeError("planning failed")

    monkeypatch.setattr(fft_plan, "_local_plan", failing)
    with pytest.raises(RuntimeError, match="planning failed"):
        transform(x)
    assert len(fft_recipe._recipes(device)) == 0 and getattr(fft_recipe._local, "recording", None) is None
    monkeypatch.setattr(fft_plan, "_local_plan", original)
    assert close(transform(x), np.fft.fft(x), np.complex128)


# -- real input, read as complex -------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, axis", [((3, 64), -1), ((3, 37), -1), ((64, 3), 0), ((2, 5, 300), 1)])
def test_real_input_is_read_as_complex(small_workgroups, dtype, shape, axis):
    """Local, global-pass and Bluestein plans read real rows directly: the same bits as the complex
    copy of the input, NumPy's complex dtype."""
    x = random(shape, dtype)
    complex_dtype = np.result_type(dtype, np.complex64)
    for inverse in (False, True):
        got = transform(x, axis, inverse)
        assert got.dtype == complex_dtype
        assert got.tobytes() == transform(x.astype(complex_dtype), axis, inverse).tobytes()
        assert close(got, numpy_transform(x, axis, inverse), dtype)


def test_real_special_values():
    x = np.array([[np.nan, 1, 2, 3], [np.inf, 0, 0, 0], [-0.0, -0.0, -0.0, -0.0]], np.float32)
    got, copied = transform(x), transform(x.astype(np.complex64))
    # the same values and zero signs as the complex copy's (a NaN's sign and payload are the
    # driver's: NVIDIA's differ between the two kernels' NaNs)
    np.testing.assert_array_equal(got, copied)
    finite = ~np.isnan(got)
    assert np.array_equal(np.signbit(got.real[finite]), np.signbit(copied.real[finite]))
    assert np.array_equal(np.signbit(got.imag[finite]), np.signbit(copied.imag[finite]))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(np.fft.fft(x)))


def test_real_views():
    base = random((6, 50), np.float64)
    view = wgarray.asarray(base)[1::2, ::-3]
    assert close(transform(view), np.fft.fft(base[1::2, ::-3]), np.float64)


# -- zero-padding as the engine reads --------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128, np.float32])
@pytest.mark.parametrize("shape, axis, n", [((3, 20), -1, 32), ((3, 20), -1, 37), ((20, 3), 0, 48),
                                            ((2, 10, 3), 1, 1000), ((4, 1), 1, 16), ((5,), 0, 5)])
def test_padding_as_the_engine_reads(small_workgroups, dtype, shape, axis, n):
    """Padded to n by reading zeros past the row: the same bits as transforming a padded copy."""
    x = random(shape, dtype)
    widths = [(0, 0)] * x.ndim
    widths[axis] = (0, n - x.shape[axis])
    padded = np.pad(x, widths)
    got = transform(x, axis, n=n)
    assert got.shape == padded.shape and got.tobytes() == transform(padded, axis).tobytes()
    assert close(got, numpy_transform(x, axis, n=n), dtype)


def test_padding_arguments():
    x = wgarray.asarray(random((2, 8), np.complex64))
    with pytest.raises(ValueError, match="truncate"):
        engine.complex_transform(x._data(), 1, False, n=4)
    with pytest.raises(ValueError, match="empty"):
        engine.complex_transform(wgarray.asarray(np.zeros((2, 0), np.complex64))._data(), 1, False, n=4)
    assert transform(np.zeros((2, 0), np.complex64)).shape == (2, 0)


@pytest.mark.parametrize("name, kwargs", [("fft", dict(n=50)), ("ifft", dict(n=33, axis=0)), ("fft", dict(n=3)),
                                          ("fft2", dict(s=(9, 40))), ("ifftn", dict(s=(2, 7, 9), axes=(0, 1, 2))),
                                          ("fftn", dict(s=(4, 4), axes=(1, 2)))])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "int16"])
def test_api_real_input_and_padding(name, kwargs, dtype):
    """The API's padded transforms of real and complex input (views included) against NumPy."""
    x = (random((4, 6, 5), np.float64) * 8).astype(dtype) if dtype == "int16" else random((4, 6, 5), dtype)
    for a, w in ((x, wgarray.asarray(x)), (x[::-1, 1:], wgarray.asarray(x)[::-1, 1:])):
        got = getattr(wgarray.fft, name)(w, **kwargs)
        want = getattr(np.fft, name)(a, **kwargs)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert close(np.asarray(got), want, dtype if dtype != "int16" else "float64")
