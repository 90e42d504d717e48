"""wgarray's ufunc objects against NumPy's: attributes, names, and the call's keywords
(out, where, dtype, casting, order). The methods are tested in test_ufunc_methods.py."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

import wgarray
from conftest import assert_same, host, wg
from wgarray._api.elementwise_functions import FUNCTIONS
from wgarray._engines.ops import BINARY, UNARY
from wgarray._numpy.ufuncs import NOT_UFUNCS, UFUNCS

# Loops wgarray has and NumPy lacks: the array API standard keeps bool for these.
EXTRA_LOOPS = {"conj": {"?->?"}, "conjugate": {"?->?"}, "square": {"?->?"}}


@pytest.mark.parametrize("name", sorted(UFUNCS))
def test_attributes_match_numpy(name):
    ours, theirs = UFUNCS[name], getattr(np, name)
    assert isinstance(ours, wgarray.ufunc) and isinstance(theirs, np.ufunc)
    assert (ours.nin, ours.nout, ours.nargs) == (theirs.nin, theirs.nout, theirs.nargs)
    assert ours.__name__ == theirs.__name__
    assert repr(ours) == repr(theirs)
    assert type(ours.identity) is type(theirs.identity) and (
        ours.identity == theirs.identity or (ours.identity is None and theirs.identity is None))
    assert set(ours.types) - set(theirs.types) == EXTRA_LOOPS.get(name, set())
    assert ours.ntypes == len(ours.types) > 0
    assert theirs.__name__ in ours.__doc__ and "out=None" in ours.__doc__
    assert getattr(wgarray, name) is ours


@pytest.mark.parametrize("name, inputs", [("add", ["x1", "x2"]), ("negative", ["x"]), ("arctan2", ["x1", "x2"])])
def test_signature_shows_the_standard_positional_only_inputs(name, inputs):
    params = list(inspect.signature(getattr(wgarray, name)).parameters.values())
    assert [p.name for p in params[:len(inputs)]] == inputs
    assert all(p.kind is inspect.Parameter.POSITIONAL_ONLY for p in params[:len(inputs)])
    assert [p.name for p in params[len(inputs):]] == ["out", "where", "casting", "order", "dtype"]


def test_every_row_is_a_ufunc_under_its_array_api_name():
    for name in [*UNARY, *BINARY]:
        if name == "round":  # NumPy's round(a, decimals=0, out=None), from wgarray/_numpy/functions.py
            assert getattr(wgarray, name).__module__ == "wgarray._numpy.functions"
        elif name in NOT_UFUNCS:
            assert getattr(wgarray, name) is FUNCTIONS[name]
        else:
            assert UFUNCS[name]._row is {**UNARY, **BINARY}[name]


@pytest.mark.parametrize("alias, name", [("abs", "absolute"), ("pow", "power"), ("mod", "remainder"),
                                         ("true_divide", "divide"), ("bitwise_not", "invert"),
                                         ("bitwise_invert", "invert"), ("bitwise_left_shift", "left_shift"),
                                         ("bitwise_right_shift", "right_shift"), ("conj", "conjugate"),
                                         ("atan2", "arctan2"), ("acosh", "arccosh")])
def test_aliases_are_one_object(alias, name):
    assert getattr(wgarray, alias) is getattr(wgarray, name)
    assert getattr(wgarray, name).__name__ == name


def test_plain_call_is_the_array_api_function():
    a = np.array([1.5, -2.0, 3.0], np.float32)
    assert_same(wgarray.add(wg(a), 1), np.add(a, np.float32(1)))
    assert_same(wgarray.absolute(wg(a)), np.abs(a))
    assert_same(wgarray.power(wg(a), 2), np.power(a, np.float32(2)))
    assert_same(wgarray.invert(wg(np.array([1, 2], np.uint8))), np.invert(np.array([1, 2], np.uint8)))


# -- out= ------------------------------------------------------------------------------------------
def test_out_keyword_positional_and_tuple():
    a, b = np.arange(6, dtype=np.int64).reshape(2, 3), np.array([1, 2, 3])
    for how in ("keyword", "positional", "tuple"):
        out = wgarray.zeros((2, 3), dtype=wgarray.int64)
        args = (wg(a), wg(b), out) if how == "positional" else (wg(a), wg(b))
        kwargs = {} if how == "positional" else {"out": (out,) if how == "tuple" else out}
        assert wgarray.add(*args, **kwargs) is out
        assert_same(out, a + b)


def test_out_casts_and_broadcasts_the_inputs():
    a = np.arange(3, dtype=np.int64)
    out, expected = wgarray.zeros((2, 3), dtype=wgarray.float32), np.zeros((2, 3), np.float32)
    wgarray.multiply(wg(a), 2, out=out)
    np.multiply(a, 2, out=expected)
    assert_same(out, expected)
    small = wgarray.zeros(3, dtype=wgarray.int8)
    wgarray.add(wg(a), 1, out=small)
    assert_same(small, np.add(a, 1, out=np.zeros(3, np.int8)))


def test_out_may_be_a_strided_view_and_alias_an_input():
    a = np.arange(12.0).reshape(3, 4)
    x = wg(a)
    wgarray.subtract(x[:, ::2], x[:, 1::2], out=x[:, 1::2])  # reads what it overwrites
    expected = a.copy()
    np.subtract(expected[:, ::2], expected[:, 1::2], out=expected[:, 1::2])
    assert_same(x, expected)


def test_out_errors():
    a = wg(np.arange(3.0))
    with pytest.raises(TypeError) as e:  # NumPy: _UFuncOutputCastingError, a UFuncTypeError
        wgarray.add(a, 1, out=wgarray.zeros(3, dtype=wgarray.int64))
    assert "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64')" in str(e.value)
    assert type(e.value).__name__ == "UFuncTypeError"
    with pytest.raises(ValueError, match="non-broadcastable output"):
        wgarray.add(a, 1, out=wgarray.zeros(4))
    with pytest.raises(ValueError, match="non-broadcastable output"):
        wgarray.add(wg(np.ones((2, 3))), 1, out=wgarray.zeros(3))
    with pytest.raises(ValueError, match="one entry per ufunc output"):
        wgarray.add(a, 1, out=(wgarray.zeros(3), wgarray.zeros(3)))
    with pytest.raises(TypeError, match="both a positional and keyword"):
        wgarray.add(a, 1, wgarray.zeros(3), out=wgarray.zeros(3))
    with pytest.raises(TypeError):
        wgarray.add(a, 1, out=np.zeros(3))
    with pytest.raises(TypeError, match="positional arguments"):
        wgarray.add(a)
    with pytest.raises(TypeError, match="positional arguments"):
        wgarray.negative(a, a, a)
    read_only = wgarray.zeros(3)
    read_only = read_only._with_view(read_only._view, writeable=False)
    with pytest.raises(ValueError, match="read-only"):
        wgarray.add(a, 1, out=read_only)


# -- where= ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float32", "complex128"])
def test_where_keeps_out_where_false(dtype):
    rng = np.random.default_rng(1)
    a = rng.integers(0, 5, (3, 5)).astype(dtype)
    b = rng.integers(0, 5, 5).astype(dtype)
    mask = rng.integers(0, 2, (3, 1)).astype(bool) | np.array([True, False, True, False, True])
    old = rng.integers(0, 9, (3, 5)).astype(dtype)
    out = wg(old)
    assert wgarray.maximum(wg(a), wg(b), out=out, where=wg(mask)) is out
    assert_same(out, np.maximum(a, b, out=old.copy(), where=mask))


def test_where_without_out_zeroes_the_masked_elements():
    a = np.array([1.0, -2.0, 3.0])
    result = wgarray.negative(wg(a), where=wg(np.array([True, False, True])))
    assert_same(result, np.array([-1.0, 0.0, -3.0]))
    result = wgarray.less(wg(a), 2, where=[False, True, True])
    assert_same(result, np.array([False, True, False]))
    assert wgarray.add(wg(np.ones(3)), 1, where=wg(np.ones((2, 3), bool))).shape == (2, 3)  # as NumPy


def test_where_must_be_bool():
    with pytest.raises(TypeError, match="to dtype\\('bool'\\)"):
        wgarray.add(wg(np.ones(3)), 1, where=wg(np.array([1, 0, 1])))


# -- dtype= and casting= -------------------------------------------------------------------------
@pytest.mark.parametrize("name, args, dtype, casting", [
    ("add", (np.arange(4), 1), np.float32, "same_kind"),
    ("add", (np.arange(4, dtype=np.int8), np.arange(4, dtype=np.int8)), np.int16, "safe"),
    ("add", (np.linspace(0, 3, 4), 1), np.int64, "unsafe"),
    ("add", (np.arange(4), 1.5), np.int64, "unsafe"),
    ("sqrt", (np.arange(4),), np.float32, "same_kind"),
    ("absolute", (np.array([3 + 4j, -1j]),), np.float64, "same_kind"),
    ("absolute", (np.array([3.0, -1.0], np.float32),), np.float64, "same_kind"),
    ("less", (np.arange(4), 2), np.bool_, "same_kind"),
    ("multiply", (np.array([1.5, 2.5]), 2), np.complex64, "unsafe"),
    ("divide", (np.arange(1, 4, dtype=np.int32), 2), np.float32, "same_kind"),
])
def test_dtype_keyword(name, args, dtype, casting):
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(*args, dtype=dtype, casting=casting)
    ours = getattr(wgarray, name)(*(wg(a) if isinstance(a, np.ndarray) else a for a in args), dtype=dtype,
                                  casting=casting)
    assert_same(ours, expected)


@pytest.mark.parametrize("name, args, kwargs", [
    ("add", (np.arange(3.0), 1), dict(dtype=np.int64)),
    ("add", (np.arange(3), 1.5), dict(dtype=np.int64)),
    ("add", (np.arange(3), 1), dict(dtype=np.float32, casting="no")),
    ("add", (np.arange(3, dtype=np.int8), np.arange(3, dtype=np.int16)), dict(casting="equiv")),
    ("less", (np.arange(3), 1), dict(dtype=np.float64)),
    ("sqrt", (np.arange(3),), dict(dtype=np.int64)),
    ("absolute", (np.array([1j]),), dict(dtype=np.complex128)),
])
def test_dtype_and_casting_errors_match_numpy(name, args, kwargs):
    with pytest.raises(TypeError) as theirs:
        getattr(np, name)(*args, **kwargs)
    with pytest.raises(TypeError) as ours:
        getattr(wgarray, name)(*(wg(a) if isinstance(a, np.ndarray) else a for a in args), **kwargs)
    assert str(ours.value) == str(theirs.value)


def test_scalars_only_and_bad_keywords():
    assert_same(wgarray.add(1, 2, dtype=wgarray.float32), np.add(1, 2, dtype=np.float32))
    with pytest.raises(ValueError, match="casting must be one of"):
        wgarray.add(wg(np.ones(2)), 1, casting="bogus")
    with pytest.raises(ValueError, match="order must be one of"):
        wgarray.add(wg(np.ones(2)), 1, order="X")


@pytest.mark.parametrize("order", ["K", "A", "C", "F", "c", "f"])
def test_order(order):
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    ours = wgarray.multiply(wg(a), 3, order=order)
    expected = np.multiply(a, np.float32(3), order=order)
    assert_same(ours, expected)
    if order in "Ff":
        assert ours.strides == expected.strides
    else:
        assert ours.strides == np.ascontiguousarray(expected).strides


def test_keyword_calls_on_empty_and_0d():
    out = wgarray.zeros((0, 3))
    assert wgarray.add(wg(np.zeros((0, 3))), 1, out=out, where=False) is out
    zero_d = wgarray.asarray(2.0)
    assert_same(wgarray.multiply(zero_d, 3, dtype=wgarray.float32), np.multiply(2.0, 3, dtype=np.float32))
    assert math.isclose(float(host(wgarray.add(zero_d, 1, out=wgarray.asarray(0.0)))), 3.0)
