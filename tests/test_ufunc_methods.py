"""ufunc.reduce, accumulate, reduceat and outer against NumPy.

Ordered ufuncs (subtract, divide, power, ...) must match NumPy bit for bit: both fold left to
right. Reorderable float folds (add, multiply, logaddexp, hypot) run as trees and scans, where
NumPy sums pairwise: they may differ in rounding only. Transcendental rows may be a few ulps
off in every step, as their elementwise functions are.
"""

from __future__ import annotations

import numpy as np
import pytest

import wgarray
from conftest import assert_same, host, wg

TREE_ORDER = {"add", "multiply", "logaddexp", "hypot"}  # float folds regroup
TRANSCENDENTAL = {"arctan2", "logaddexp", "hypot", "power"}

# ufunc -> the dtypes it is tested on
CASES = {
    "add": ["bool", "int8", "uint16", "int32", "int64", "float32", "float64", "complex64"],
    "multiply": ["bool", "uint8", "int64", "float64", "complex128"],
    "maximum": ["bool", "int8", "uint32", "float32", "float64"],
    "minimum": ["int16", "uint64", "float64"],
    "logical_and": ["bool", "int32", "float64"],
    "logical_or": ["bool", "uint8"],
    "logical_xor": ["bool", "float32"],
    "bitwise_and": ["bool", "uint8", "int64"],
    "bitwise_or": ["int16", "uint32"],
    "bitwise_xor": ["bool", "int8", "uint64"],
    "subtract": ["int8", "uint8", "int64", "float32", "float64", "complex64"],
    "divide": ["int16", "float32", "float64", "complex128"],
    "floor_divide": ["int8", "uint32", "float64"],
    "remainder": ["int32", "float32"],
    "power": ["int64", "float64"],
    "arctan2": ["float32", "float64"],
    "hypot": ["float32", "float64"],
    "logaddexp": ["float64"],
    "copysign": ["float64"],
    "left_shift": ["int8", "uint64"],
    "equal": ["bool"],
    "less": ["bool"],
}
PARAMS = [(name, dtype) for name, dtypes in CASES.items() for dtype in dtypes]


def data(name, dtype, shape, seed=0):
    """Values each ufunc folds safely: no division by zero, no huge powers."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if name in ("power", "left_shift"):
        return rng.integers(1, 3, shape).astype(dtype)
    if dtype.kind in "iu":
        low = 1 if name in ("divide", "floor_divide", "remainder") else (-9 if dtype.kind == "i" else 0)
        return rng.integers(low, 10, shape).astype(dtype)
    values = rng.uniform(0.5, 2.0, shape) * rng.choice([-1, 1], shape)
    if name == "power":
        values = np.abs(values)
    if dtype.kind == "c":
        values = values + 1j * rng.uniform(-2.0, 2.0, shape)
    return values.astype(dtype)


def check(ours, expected, name, dtype):
    expected = np.asarray(expected)
    if np.dtype(dtype).kind in "fc" or expected.dtype.kind in "fc":
        if name in TREE_ORDER or name in TRANSCENDENTAL:
            got = host(ours)
            assert got.dtype == expected.dtype and got.shape == expected.shape
            rtol = 1e-5 if expected.dtype in (np.float32, np.complex64) else 1e-12
            np.testing.assert_allclose(got, expected, rtol=rtol, atol=0)
            return
    assert_same(ours, expected)


# NumPy 2's SIMD loops for float power and arctan2 mishandle the output a reduction aliases
# (np.power.reduce([2.0, 2.0, 1.0]) gives 2.0, not 4.0): the oracle folds left to right itself.
SIMD_ALIASED = {"power", "arctan2"}


class LeftFold:
    """NumPy's documented reduce and reduceat, ((a0 op a1) op a2) ..., by NumPy's elementwise op."""

    def __init__(self, op):
        self.op = op

    def reduce(self, a, axis=0, keepdims=False):
        moved = np.moveaxis(a, axis, 0)
        result = moved[0]
        for x in moved[1:]:
            result = self.op(result, x)
        return np.expand_dims(result, axis) if keepdims else result

    def reduceat(self, a, indices, axis=0):
        n = a.shape[axis]
        parts = []
        for k, start in enumerate(indices):
            stop = indices[k + 1] if k + 1 < len(indices) else n
            stop = stop if stop > start else start + 1
            parts.append(self.reduce(np.take(a, range(start, stop), axis=axis), axis=axis, keepdims=True))
        return np.concatenate(parts, axis=axis)

    def __getattr__(self, name):
        return getattr(self.op, name)


def numpy_ufunc(name, dtype="int64"):
    if name in SIMD_ALIASED and np.dtype(dtype).kind in "fc":
        return LeftFold(getattr(np, name))
    return getattr(np, name)


@pytest.mark.parametrize("name, dtype", PARAMS)
def test_reduce(name, dtype):
    a = data(name, dtype, (5, 37))
    ours, theirs = getattr(wgarray, name), numpy_ufunc(name, dtype)
    with np.errstate(all="ignore"):
        for axis in (0, -1):
            check(ours.reduce(wg(a), axis=axis), theirs.reduce(a, axis=axis), name, dtype)
        check(ours.reduce(wg(a)[:, ::3], axis=1, keepdims=True), theirs.reduce(a[:, ::3], axis=1, keepdims=True),
              name, dtype)
        if name in CASES and ours._row.reorderable:
            check(ours.reduce(wg(a), axis=None), theirs.reduce(a, axis=None), name, dtype)
            check(ours.reduce(wg(a), axis=(1, 0), keepdims=True), theirs.reduce(a, axis=(1, 0), keepdims=True),
                  name, dtype)


@pytest.mark.parametrize("name, dtype", PARAMS)
def test_accumulate(name, dtype):
    a = data(name, dtype, (4, 33), seed=1)
    ours, theirs = getattr(wgarray, name), numpy_ufunc(name, dtype)
    with np.errstate(all="ignore"):
        check(ours.accumulate(wg(a), axis=1), theirs.accumulate(a, axis=1), name, dtype)
        check(ours.accumulate(wg(a)[::-1], axis=0), theirs.accumulate(a[::-1], axis=0), name, dtype)


@pytest.mark.parametrize("name, dtype", PARAMS)
def test_reduceat(name, dtype):
    a = data(name, dtype, (3, 20), seed=2)
    indices = [0, 4, 4, 9, 2, 15, 19]
    ours, theirs = getattr(wgarray, name), numpy_ufunc(name, dtype)
    with np.errstate(all="ignore"):
        check(ours.reduceat(wg(a), indices, axis=1), theirs.reduceat(a, indices, axis=1), name, dtype)
        check(ours.reduceat(wg(a).T, [2, 0], axis=0), theirs.reduceat(a.T, [2, 0], axis=0), name, dtype)


@pytest.mark.parametrize("name, dtype", [("add", "float64"), ("subtract", "int32"), ("maximum", "uint8"),
                                         ("less", "float32"), ("logical_xor", "int16"), ("power", "float64")])
def test_outer(name, dtype):
    a, b = data(name, dtype, (2, 3)), data(name, dtype, (4,), seed=3)
    with np.errstate(all="ignore"):
        check(getattr(wgarray, name).outer(wg(a), wg(b)), numpy_ufunc(name).outer(a, b), name, dtype)
        check(getattr(wgarray, name).outer(wg(a)[:, ::2], 2), numpy_ufunc(name).outer(a[:, ::2], 2), name, dtype)
    out = wgarray.zeros((2, 3, 4), dtype=wgarray.float64)
    assert wgarray.add.outer(wg(a), wg(b), out=out, dtype=wgarray.float64) is out


# -- long runs: pieces of MAX_LOOP elements carried between dispatches ------------------------
def test_ordered_fold_of_long_runs_is_exact():
    rng = np.random.default_rng(5)
    a = rng.uniform(-1, 1, 70000)
    assert_same(wgarray.subtract.reduce(wg(a)), np.subtract.reduce(a))
    assert_same(wgarray.subtract.accumulate(wg(a)), np.subtract.accumulate(a))
    assert_same(wgarray.subtract.reduceat(wg(a), [0, 69990, 3, 5]), np.subtract.reduceat(a, [0, 69990, 3, 5]))
    b = rng.integers(-100, 100, (2, 66000)).astype(np.int8)
    assert_same(wgarray.subtract.reduce(wg(b), axis=1, initial=3), np.subtract.reduce(b, axis=1, initial=3))
    mask = rng.integers(0, 2, 66000).astype(bool)  # broadcast over the rows: a stride-0 mask dim
    assert_same(wgarray.subtract.reduce(wg(b), axis=1, initial=3, where=wg(mask)),
                np.subtract.reduce(b, axis=1, initial=3, where=mask))
    assert_same(wgarray.subtract.reduce(wg(b).T, axis=0, initial=3, where=wg(mask[:, None])),
                np.subtract.reduce(b.T, axis=0, initial=3, where=mask[:, None]))


# -- keywords of reduce ------------------------------------------------------------------------
@pytest.mark.parametrize("name, dtype", [("add", "float64"), ("add", "int8"), ("multiply", "complex64"),
                                         ("maximum", "float32"), ("bitwise_and", "uint16"),
                                         ("subtract", "float64"), ("logical_or", "bool"), ("divide", "float32")])
def test_reduce_initial_and_where(name, dtype):
    a = data(name, dtype, (4, 6))
    mask = np.random.default_rng(7).integers(0, 2, (4, 6)).astype(bool)
    ours, theirs = getattr(wgarray, name), numpy_ufunc(name, dtype)
    initial = True if dtype == "bool" else 3
    with np.errstate(all="ignore"):
        check(ours.reduce(wg(a), axis=1, initial=initial), theirs.reduce(a, axis=1, initial=initial), name, dtype)
        check(ours.reduce(wg(a), axis=0, initial=initial, where=wg(mask)),
              theirs.reduce(a, axis=0, initial=initial, where=mask), name, dtype)
        if theirs.identity is not None:
            check(ours.reduce(wg(a), axis=1, where=wg(mask[0])), theirs.reduce(a, axis=1, where=mask[0]), name, dtype)
        else:
            with pytest.raises(ValueError, match="does not have an identity"):
                ours.reduce(wg(a), where=wg(mask))


def test_reduce_signed_zeros_and_special_values():
    z = np.array([-0.0, -0.0])
    for ufunc in ("add", "subtract", "maximum", "hypot"):
        assert_same(getattr(wgarray, ufunc).reduce(wg(z)), getattr(np, ufunc).reduce(z))
    assert_same(wgarray.add.reduce(wg(z), initial=-0.0), np.add.reduce(z, initial=-0.0))
    assert_same(wgarray.multiply.reduce(wg(np.array([complex(-0.0, -0.0)]))),
                np.multiply.reduce(np.array([complex(-0.0, -0.0)])))
    s = np.array([1.0, np.nan, -np.inf, 2.0])
    for ufunc in ("add", "subtract", "maximum", "minimum", "divide"):
        with np.errstate(all="ignore"):
            assert_same(getattr(wgarray, ufunc).reduce(wg(s)), getattr(np, ufunc).reduce(s))
            assert_same(getattr(wgarray, ufunc).accumulate(wg(s)), getattr(np, ufunc).accumulate(s))


def test_reduce_dtype_and_out():
    a = np.arange(1, 7, dtype=np.int8).reshape(2, 3) * 40
    for name in ("add", "multiply", "subtract", "maximum", "logical_and"):
        ours, theirs = getattr(wgarray, name), numpy_ufunc(name)
        assert_same(ours.reduce(wg(a)), theirs.reduce(a))
        assert_same(ours.accumulate(wg(a)), theirs.accumulate(a))
        assert_same(ours.reduceat(wg(a), [0], axis=1), theirs.reduceat(a, [0], axis=1))
    assert_same(wgarray.add.reduce(wg(a), dtype=wgarray.int8), np.add.reduce(a, dtype=np.int8))
    assert_same(wgarray.add.reduce(wg(a.astype(float) / 7), dtype=np.int64), np.add.reduce(a / 7, dtype=np.int64))
    assert_same(wgarray.subtract.accumulate(wg(a), dtype=np.float32), np.subtract.accumulate(a, dtype=np.float32))
    out = wgarray.zeros(3, dtype=wgarray.int16)
    assert wgarray.add.reduce(wg(a), out=out) is out
    assert_same(out, np.add.reduce(a, out=np.zeros(3, np.int16)))
    out = wgarray.zeros((2, 3))
    assert wgarray.subtract.accumulate(wg(a), axis=1, out=(out,)) is out
    assert_same(out, np.subtract.accumulate(a, axis=1, out=np.zeros((2, 3))))
    out = wgarray.zeros((2, 2), dtype=wgarray.int64)
    assert wgarray.add.reduceat(wg(a), [0, 2], axis=1, out=out) is out
    assert_same(out, np.add.reduceat(a, [0, 2], axis=1))


@pytest.mark.parametrize("name", ["add", "subtract", "maximum", "logical_and"])
def test_empty_and_0d(name):
    ours, theirs = getattr(wgarray, name), numpy_ufunc(name)
    e = np.zeros((0, 3))
    zero_d = np.array(2.5)
    for kwargs in ({"axis": 0}, {"axis": 1}, {"axis": 0, "initial": 4.0}, {"axis": None, "initial": 1.0}):
        if not ours._row.reorderable and kwargs["axis"] is None:
            continue
        try:
            expected = theirs.reduce(e, **kwargs)
        except ValueError as error:
            with pytest.raises(ValueError, match="zero-size array"):
                ours.reduce(wg(e), **kwargs)
            assert "zero-size array" in str(error)
            continue
        assert_same(ours.reduce(wg(e), **kwargs), expected)
    assert_same(ours.reduce(wg(zero_d)), theirs.reduce(zero_d))
    assert_same(ours.reduce(wg(zero_d), axis=(), initial=1.0), theirs.reduce(zero_d, axis=(), initial=1.0))
    assert_same(ours.reduce(wg(np.ones((2, 3))), axis=()), theirs.reduce(np.ones((2, 3)), axis=()))
    assert_same(ours.accumulate(wg(e)), theirs.accumulate(e))
    assert_same(ours.accumulate(wg(e), axis=1), theirs.accumulate(e, axis=1))
    assert_same(ours.reduceat(wg(np.ones((2, 3))), [], axis=1), theirs.reduceat(np.ones((2, 3)), [], axis=1))


@pytest.mark.parametrize("call, error", [
    (lambda m: m.negative.reduce(m.asarray([1.0])), ValueError),
    (lambda m: m.negative.accumulate(m.asarray([1.0])), ValueError),
    (lambda m: m.negative.reduceat(m.asarray([1.0]), [0]), ValueError),
    (lambda m: m.negative.outer(m.asarray([1.0]), m.asarray([1.0])), ValueError),
    (lambda m: m.subtract.reduce(m.ones((2, 3)), axis=None), ValueError),
    (lambda m: m.subtract.reduce(m.ones((2, 3)), axis=(0, 1)), ValueError),
    (lambda m: m.add.reduce(m.ones((2, 3)), axis=(0, 0)), ValueError),
    (lambda m: m.add.reduce(m.ones(3), axis=1), IndexError),  # AxisError
    (lambda m: m.maximum.reduce(m.ones((0,)), axis=0), ValueError),
    (lambda m: m.maximum.reduce(m.ones(3), where=m.asarray([True, False, True])), ValueError),
    (lambda m: m.add.reduce(m.ones(3), out=m.ones(1)), ValueError),
    (lambda m: m.equal.reduce(m.asarray([1, 2, 3])), TypeError),
    (lambda m: m.logical_and.reduce(m.ones(3), dtype=m.float64), TypeError),
    (lambda m: m.subtract.reduce(m.asarray([True, False])), TypeError),
    (lambda m: m.add.accumulate(m.asarray(3.0)), TypeError),
    (lambda m: m.add.accumulate(m.ones((2, 3)), axis=None), ValueError),
    (lambda m: m.add.accumulate(m.ones((2, 3)), axis=(0, 1)), ValueError),
    (lambda m: m.add.accumulate(m.ones(3), out=m.ones(2)), ValueError),
    (lambda m: m.add.reduceat(m.asarray(3.0), [0]), TypeError),
    (lambda m: m.add.reduceat(m.ones(6), [0, 7]), IndexError),
    (lambda m: m.add.reduceat(m.ones(6), [0, -1]), IndexError),
    (lambda m: m.add.reduceat(m.ones(0), [0]), IndexError),
    (lambda m: m.add.reduceat(m.ones(3), [0], axis=1), IndexError),
])
def test_bad_input_raises_as_numpy(call, error):
    with pytest.raises(error) as theirs:
        call(np)
    with pytest.raises(error) as ours:
        call(wgarray)
    if error is not TypeError:  # (NumPy's TypeErrors here are plain ones or UFuncTypeErrors, as ours)
        assert type(ours.value).__name__ == type(theirs.value).__name__


def test_reduceat_indices_as_an_array_and_floats():
    a = np.arange(10.0)
    assert_same(wgarray.add.reduceat(wg(a), wg(np.array([1, 5, 2]))), np.add.reduceat(a, np.array([1, 5, 2])))
    assert_same(wgarray.add.reduceat(wg(a), np.array([0, 3], np.uint8)), np.add.reduceat(a, np.array([0, 3], np.uint8)))
