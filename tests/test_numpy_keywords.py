"""NumPy's keywords across the namespace (out=, order=, dtype=, casting=, keepdims=, axis tuples,
kind=, method=, mode=, ...): each row is one NumPy call, run with np bound to NumPy and to wgarray on
the same data; the results must agree in dtype, shape and values, or both must raise the same
exception type (bad keyword values included).

NumPy forms that legitimately differ, because the array API standard wins in the top-level namespace
(its keyword-only parameters stay keyword-only): diff(a, n, axis) and flip(m, axis) with positional
n/axis (use the keywords); sum(..., axis=[0]) is accepted (a list of axes) where NumPy raises
TypeError. Not implemented (absent from the namespace): cross, einsum, histogram, interp.
"""

import numpy as np
import pytest

import wgarray as wg
from conftest import assert_same_tree, host_tree

DATA = np.arange(12.0).reshape(3, 4) - 5.5


def _new_out(lib):
    return (lambda shape, dtype: np.zeros(shape, dtype)) if lib is np else (
        lambda shape, dtype: wg.zeros(shape, dtype=dtype))


CALLS = [
    ("clip_out", lambda L, a, o: L.clip(a, -1, 1, out=o(a.shape, a.dtype))),
    ("round_out", lambda L, a, o: L.round(a, 1, out=o(a.shape, a.dtype))),
    ("around_out", lambda L, a, o: L.around(a, out=o(a.shape, a.dtype))),
    ("cumsum_out", lambda L, a, o: L.cumsum(a, axis=1, out=o(a.shape, a.dtype))),
    ("cumprod_out", lambda L, a, o: L.cumprod(a, axis=0, out=o(a.shape, a.dtype))),
    ("sum_out", lambda L, a, o: L.sum(a, axis=0, out=o((4,), a.dtype))),
    ("mean_out", lambda L, a, o: L.mean(a, axis=1, out=o((3,), a.dtype))),
    ("std_out", lambda L, a, o: L.std(a, axis=1, out=o((3,), a.dtype))),
    ("var_out", lambda L, a, o: L.var(a, axis=1, out=o((3,), a.dtype))),
    ("max_out", lambda L, a, o: L.max(a, axis=1, out=o((3,), a.dtype))),
    ("amax_out", lambda L, a, o: L.amax(a, axis=1, out=o((3,), a.dtype))),
    ("argmax_out", lambda L, a, o: L.argmax(a, axis=1, out=o((3,), np.int64))),
    ("argmin_out", lambda L, a, o: L.argmin(a, axis=0, out=o((4,), np.int64))),
    ("prod_out", lambda L, a, o: L.prod(a, axis=1, out=o((3,), a.dtype))),
    ("all_out", lambda L, a, o: L.all(a, axis=1, out=o((3,), bool))),
    ("any_out", lambda L, a, o: L.any(a, axis=1, out=o((3,), bool))),
    ("take_out", lambda L, a, o: L.take(a, [0, 2], axis=1, out=o((3, 2), a.dtype))),
    ("dot_out", lambda L, a, o: L.dot(a, a.T, out=o((3, 3), a.dtype))),
    ("matmul_out", lambda L, a, o: L.matmul(a, a.T, out=o((3, 3), a.dtype))),
    ("concatenate_out", lambda L, a, o: L.concatenate([a, a], out=o((6, 4), a.dtype))),
    ("median_out", lambda L, a, o: L.median(a, axis=1, out=o((3,), a.dtype))),
    ("nansum_out", lambda L, a, o: L.nansum(a, axis=1, out=o((3,), a.dtype))),
    ("ptp_out", lambda L, a, o: L.ptp(a, axis=1, out=o((3,), a.dtype))),
    ("trace_out", lambda L, a, o: L.trace(a, out=o((), a.dtype))),
    ("average_keep", lambda L, a, o: L.average(a, axis=1, keepdims=True)),
    ("quantile_out", lambda L, a, o: L.quantile(a, 0.5, axis=1, out=o((3,), a.dtype))),
    ("cumsum_dtype", lambda L, a, o: L.cumsum(a, dtype=np.float32)),
    ("where_out", lambda L, a, o: L.where(a > 0, a, 0)),
    ("ufunc_out", lambda L, a, o: L.add(a, 1, out=o(a.shape, a.dtype))),
    ("copy_order", lambda L, a, o: L.copy(a, order="F")),
    ("copy_K", lambda L, a, o: L.copy(a.T, order="K")),
    ("astype_order", lambda L, a, o: a.astype(np.float32, order="F")),
    ("astype_casting", lambda L, a, o: a.astype(np.int32, casting="unsafe")),
    ("astype_casting_bad", lambda L, a, o: a.astype(np.int32, casting="safe")),
    ("reshape_order", lambda L, a, o: L.reshape(a, (4, 3), order="F")),
    ("reshape_order_m", lambda L, a, o: a.reshape((4, 3), order="F")),
    ("reshape_newshape", lambda L, a, o: L.reshape(a, shape=(2, 6))),
    ("ravel_F", lambda L, a, o: L.ravel(a, order="F")),
    ("ravel_K", lambda L, a, o: L.ravel(a.T, order="K")),
    ("ravel_A", lambda L, a, o: L.ravel(a.T, order="A")),
    ("flatten_F", lambda L, a, o: a.flatten(order="F")),
    ("empty_like_F", lambda L, a, o: L.empty_like(a, order="F").shape),
    ("zeros_like_order", lambda L, a, o: L.zeros_like(a, dtype=np.int8, order="K")),
    ("ones_like_shape", lambda L, a, o: L.ones_like(a, shape=(2, 2))),
    ("full_like_order", lambda L, a, o: L.full_like(a, 3, order="C")),
    ("asarray_order", lambda L, a, o: L.asarray(a, order="F")),
    ("array_order", lambda L, a, o: L.array(a, order="F", ndmin=3)),
    ("ascontiguousarray", lambda L, a, o: L.ascontiguousarray(a.T)),
    ("asfortranarray", lambda L, a, o: L.asfortranarray(a)),
    ("order_bad", lambda L, a, o: L.ravel(a, order="X")),
    ("copy_order_bad", lambda L, a, o: L.copy(a, order="Q")),
    ("reshape_order_bad", lambda L, a, o: L.reshape(a, (4, 3), order="Z")),
    ("sum_keepdims", lambda L, a, o: L.sum(a, axis=(0, 1), keepdims=True)),
    ("sum_axis_tuple", lambda L, a, o: L.sum(a, axis=(1, 0))),
    ("mean_axis_tuple_dtype", lambda L, a, o: L.mean(a, axis=(0,), dtype=np.float32)),
    ("max_keepdims", lambda L, a, o: L.max(a, axis=0, keepdims=True)),
    ("max_initial", lambda L, a, o: L.max(a, axis=0, initial=100.0)),
    ("min_where", lambda L, a, o: L.min(a, axis=0, initial=100.0, where=a > 0)),
    ("argmax_keepdims", lambda L, a, o: L.argmax(a, axis=1, keepdims=True)),
    ("std_ddof", lambda L, a, o: L.std(a, ddof=1, axis=(0, 1))),
    ("var_correction", lambda L, a, o: L.var(a, correction=1)),
    ("count_nonzero_axis_tuple", lambda L, a, o: L.count_nonzero(a, axis=(0, 1))),
    ("count_nonzero_keepdims", lambda L, a, o: L.count_nonzero(a, axis=0, keepdims=True)),
    ("median_keepdims", lambda L, a, o: L.median(a, axis=(0, 1), keepdims=True)),
    ("nanmean_keepdims", lambda L, a, o: L.nanmean(a, axis=0, keepdims=True)),
    ("percentile_method", lambda L, a, o: L.percentile(a, 30, axis=1, method="nearest")),
    ("quantile_bad_method", lambda L, a, o: L.quantile(a, 0.3, method="bogus")),
    ("all_keepdims", lambda L, a, o: L.all(a, axis=(0, 1), keepdims=True)),
    ("sum_bad_axis", lambda L, a, o: L.sum(a, axis=2)),
    ("sum_dup_axis", lambda L, a, o: L.sum(a, axis=(0, 0))),
    ("sum_float_axis", lambda L, a, o: L.sum(a, axis=1.0)),
    ("sum_dtype_int", lambda L, a, o: L.sum(a, dtype=np.int32)),
    ("prod_dtype", lambda L, a, o: L.prod(a, axis=0, dtype=np.float32)),
    ("sort_kind", lambda L, a, o: L.sort(a, axis=0, kind="stable")),
    ("sort_kind_bad", lambda L, a, o: L.sort(a, kind="bogus")),
    ("sort_none", lambda L, a, o: L.sort(a, axis=None)),
    ("argsort_kind", lambda L, a, o: L.argsort(a, kind="mergesort")),
    ("argsort_stable", lambda L, a, o: L.argsort(a, stable=True)),
    ("unique_kw", lambda L, a, o: L.unique(a, return_counts=True, return_index=True)),
    ("linspace_kw", lambda L, a, o: L.linspace(0, 1, 5, endpoint=False, retstep=True, dtype=np.float32)),
    ("arange_dtype", lambda L, a, o: L.arange(5, dtype=np.int8)),
    ("eye_kw", lambda L, a, o: L.eye(3, 4, k=1, dtype=np.int32, order="F")),
    ("zeros_order", lambda L, a, o: L.zeros((2, 3), order="F")),
    ("zeros_order_bad", lambda L, a, o: L.zeros((2, 3), order="X")),
    ("full_dtype", lambda L, a, o: L.full((2,), 3, dtype=np.uint8)),
    ("stack_out", lambda L, a, o: L.stack([a, a], axis=1, out=o((3, 2, 4), a.dtype))),
    ("stack_dtype", lambda L, a, o: L.stack([a, a], dtype=np.float32)),
    ("concatenate_none", lambda L, a, o: L.concatenate([a, a], axis=None)),
    ("concatenate_casting", lambda L, a, o: L.concatenate([a, a], dtype=np.int32, casting="unsafe")),
    ("concatenate_casting_bad", lambda L, a, o: L.concatenate([a, a], dtype=np.int32)),
    ("squeeze_axis_tuple", lambda L, a, o: L.squeeze(a[None, :, None], axis=(0, 2))),
    ("expand_dims_tuple", lambda L, a, o: L.expand_dims(a, axis=(0, 3))),
    ("flip_axis_tuple", lambda L, a, o: L.flip(a, axis=(0, 1))),
    ("roll_axis_tuple", lambda L, a, o: L.roll(a, (1, 2), axis=(0, 1))),
    ("transpose_axes", lambda L, a, o: L.transpose(a, (1, 0))),
    ("moveaxis_list", lambda L, a, o: L.moveaxis(a[None], [0, 1], [2, 0])),
    ("tensordot_axes", lambda L, a, o: L.tensordot(a, a, axes=([0, 1], [0, 1]))),
    ("matmul_dtype", lambda L, a, o: L.matmul(a, a.T, dtype=np.float32)),
    ("matmul_casting", lambda L, a, o: L.matmul(a, a.T, casting="same_kind")),
    ("cumsum_axis_none", lambda L, a, o: L.cumsum(a)),
    ("cumulative_sum_initial", lambda L, a, o: L.cumulative_sum(a, axis=1, include_initial=True)),
    ("searchsorted_side", lambda L, a, o: L.searchsorted(L.arange(5), 2, side="right")),
    ("searchsorted_bad", lambda L, a, o: L.searchsorted(L.arange(5), 2, side="middle")),
    ("nonzero", lambda L, a, o: L.nonzero(a)),
    ("isclose_kw", lambda L, a, o: L.isclose(a, a + 1e-9, rtol=0, atol=1e-8, equal_nan=True)),
    ("take_mode", lambda L, a, o: L.take(a, [0, 7], axis=1, mode="clip")),
    ("take_mode_bad", lambda L, a, o: L.take(a, [0], mode="bogus")),
    ("repeat_axis", lambda L, a, o: L.repeat(a, 2, axis=0)),
    ("tile", lambda L, a, o: L.tile(a, (2, 1))),
    ("where_1arg", lambda L, a, o: L.where(a > 0)),
    ("round_decimals_neg", lambda L, a, o: L.round(a * 100, decimals=-1)),
    ("mean_where", lambda L, a, o: L.mean(a, axis=0, where=a > -3)),
    ("sum_where_scalar", lambda L, a, o: L.sum(a, where=False)),
    ("diag_k", lambda L, a, o: L.diag(a, k=1)),
    ("tril_k", lambda L, a, o: L.tril(a, k=-1)),
    ("argwhere", lambda L, a, o: L.argwhere(a > 0)),
    ("maximum_out_where", lambda L, a, o: L.maximum(a, 0, out=o(a.shape, a.dtype), where=a > 0)[a > 0]),
    ("astype_copy", lambda L, a, o: L.astype(a, np.float32, copy=False)),
    ("astype_bad_casting", lambda L, a, o: a.astype(np.int32, casting="bogus")),
    ("sum_out_bad_shape", lambda L, a, o: L.sum(a, axis=0, out=o((3,), a.dtype))),
    ("clip_out_bad_dtype", lambda L, a, o: L.clip(a, 0, 1, out=o(a.shape, np.int64))),
    ("cumsum_out_bad", lambda L, a, o: L.cumsum(a, out=o((3,), a.dtype))),
]


def _call(lib, call):
    a = DATA.copy() if lib is np else wg.asarray(DATA)
    try:
        return call(lib, a, _new_out(lib)), None
    except Exception as exc:  # compared below: both libraries must raise the same type
        return None, exc


@pytest.mark.parametrize("name, call", CALLS, ids=[n for n, _ in CALLS])
def test_keyword(name, call):
    expected, numpy_error = _call(np, call)
    got, error = _call(wg, call)
    if numpy_error is not None:
        assert error is not None, f"{name}: NumPy raised {numpy_error!r}, wgarray returned {got!r}"
        builtin = next(c for c in type(numpy_error).__mro__ if c.__module__ == "builtins")  # UFuncTypeError: TypeError
        assert isinstance(error, builtin), f"{name}: NumPy raised {numpy_error!r}, wgarray {error!r}"
        return
    assert error is None, f"{name}: wgarray raised {error!r}"
    assert_same_tree(host_tree(expected), host_tree(got), name)


def test_out_is_returned_and_written():
    out = wg.zeros((3, 4))
    a = wg.asarray(DATA)
    assert wg.matmul(a[:, :3], a[:3], out=out) is out
    np.testing.assert_array_equal(np.asarray(out), DATA[:, :3] @ DATA[:3])
    out = wg.zeros((2, 3, 4), dtype=wg.float32)
    assert wg.stack([a, a], out=out) is out and wg.concatenate([a, a], axis=None, out=wg.zeros(24)).shape == (24,)
    taken = wg.zeros((3, 2), dtype=wg.int64)
    assert wg.take(a, [0, 3], axis=1, out=taken) is taken
    np.testing.assert_array_equal(np.asarray(taken), np.take(DATA, [0, 3], axis=1).astype(np.int64))


@pytest.mark.parametrize("method", ["linear", "lower", "higher", "nearest", "midpoint"])
@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "float64"])
@pytest.mark.parametrize("q", [0.4, [0.0, 0.25, 0.5, 1.0], np.float32(0.3)])
def test_quantile_methods(method, dtype, q):
    x = np.array([[3, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8]], dtype=dtype)
    for axis in (None, 1):
        expected = np.quantile(x, q, axis=axis, method=method)
        got = np.asarray(wg.quantile(wg.asarray(x), q, axis=axis, method=method))
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_allclose(got, expected, rtol=1e-6)
    expected = np.percentile(x.astype(np.float64), 35, axis=0, method=method, keepdims=True)
    got = wg.percentile(wg.asarray(x.astype(np.float64)), 35, axis=0, method=method, keepdims=True)
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_quantile_nan_in_every_method():
    x = np.array([1.0, np.nan, 3.0])
    for method in ("lower", "nearest", "midpoint", "hazen", "inverted_cdf"):  # all 13: test_numpy_quantiles.py
        assert np.isnan(float(wg.quantile(wg.asarray(x), 0.5, method=method)))
