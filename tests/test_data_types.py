"""Tests of the data type functions against NumPy 2 and the standard's tables."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest

import wgarray as xp

DTYPES = [np.dtype(n) for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                "float32", "float64", "complex64", "complex128")]


def same(out, expected):
    expected = np.asarray(expected)
    assert out.dtype == expected.dtype and out.shape == expected.shape
    np.testing.assert_array_equal(out._to_numpy(), expected, strict=True)


def sample(dtype):
    """Values every dtype represents, so casts between them are exact in NumPy and here."""
    base = np.array([[0, 1, 2], [3, 100, 127]])
    if dtype.kind == "b":
        return base % 2 == 1
    return base.astype(dtype)


# -- astype --------------------------------------------------------------------------------
@pytest.mark.parametrize("src", DTYPES)
def test_astype_all_pairs(src):
    host = sample(src)
    x = xp.asarray(host)
    for dst in DTYPES:
        if src.kind == "c" and dst.kind != "c":
            continue  # NumPy warns (ComplexWarning); checked separately
        same(xp.astype(x, dst), host.astype(dst))
        same(x[:, ::2].astype(dst), host[:, ::2].astype(dst))  # the method, on a view


def test_astype_special_values():
    host = np.array([np.nan, np.inf, -np.inf, -0.0, 1e-40, 3e38])
    same(xp.astype(xp.asarray(host), xp.float32), host.astype(np.float32))
    same(xp.astype(xp.asarray(host), xp.complex128), host.astype(np.complex128))
    same(xp.astype(xp.asarray(host), xp.bool), host.astype(bool))
    same(xp.astype(xp.asarray(host, dtype=xp.float32), xp.bool), host.astype(np.float32).astype(bool))
    chost = np.array([complex(np.nan, 0), complex(0, np.nan), 0j, -0j, 1j])
    same(xp.astype(xp.asarray(chost), xp.bool), chost.astype(bool))
    same(xp.astype(xp.asarray(chost, dtype=xp.complex64), xp.bool), chost.astype(bool))
    same(xp.astype(xp.asarray([-1.7, 2.9, -0.2]), xp.int32), np.array([-1, 2, 0], dtype=np.int32))
    same(xp.astype(xp.asarray([-1, 300], dtype=xp.int32), xp.uint8), np.array([-1, 300]).astype(np.uint8))
    same(xp.astype(xp.asarray([1 + 2j]), xp.float64), np.array([1.0]))  # NumPy drops the imaginary part


def test_astype_copy():
    x = xp.asarray([1, 2, 3], dtype=xp.int16)
    assert xp.astype(x, xp.int16, copy=False) is x
    assert x.astype(xp.int16, copy=False) is x
    y = xp.astype(x, xp.int16)
    assert y is not x
    x[0] = 9
    same(y, np.array([1, 2, 3], dtype=np.int16))
    z = xp.astype(x, "float32", copy=False)
    same(z, np.array([9, 2, 3], dtype=np.float32))
    assert xp.astype(x, xp.int16, device=x.device, copy=False) is x


def test_astype_bad_input():
    x = xp.ones(2)
    with pytest.raises(TypeError, match="float128"):
        xp.astype(x, np.longdouble)
    with pytest.raises(TypeError):
        xp.astype(x, "nonsense")
    assert xp.astype(np.ones(2), xp.float32).dtype == xp.float32  # NumPy input is uploaded
    with pytest.raises(TypeError, match="array"):
        xp.astype("1.0", xp.float32)
    with pytest.raises(ValueError, match="device"):
        xp.astype(x, xp.float32, device="cpu")


# -- can_cast, result_type --------------------------------------------------------------------
def test_can_cast_matches_numpy_safe():
    for a, b in itertools.product(DTYPES, DTYPES):
        assert xp.can_cast(a, b) is bool(np.can_cast(a, b, casting="safe")), (a, b)
    assert xp.can_cast(xp.ones(2, dtype=xp.int8), xp.int16)
    assert not xp.can_cast(xp.ones(2, dtype=xp.int16), xp.int8)
    with pytest.raises(TypeError):
        xp.can_cast(1, xp.int8)
    with pytest.raises(TypeError):
        xp.can_cast(xp.int8, np.longdouble)


def test_result_type_dtypes_and_arrays():
    for a, b in itertools.product(DTYPES, DTYPES):
        assert xp.result_type(a, b) == np.result_type(a, b), (a, b)
    assert xp.result_type(xp.int8, xp.uint8, xp.int16) == np.int16
    assert xp.result_type(xp.ones(1, dtype=xp.float32), xp.complex64) == np.complex64
    assert xp.result_type(xp.float32) == np.float32
    assert xp.result_type(np.ones(2, dtype=np.int8), xp.uint8) == np.int16


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("scalar", [True, 1, 1.0, 1j])
def test_result_type_with_scalars(dtype, scalar):
    expected = np.result_type(dtype, scalar)  # NumPy 2 follows NEP 50 here
    assert xp.result_type(dtype, scalar) == expected
    assert xp.result_type(scalar, xp.ones(1, dtype=dtype)) == expected


def test_result_type_scalar_edges():
    assert xp.result_type(1, 2.0) == np.float64
    assert xp.result_type(True) == np.bool_
    assert xp.result_type(1j, 1) == np.complex128
    with pytest.raises(OverflowError):
        xp.result_type(xp.int8, 300)
    with pytest.raises(ValueError):
        xp.result_type()
    with pytest.raises(TypeError):
        xp.result_type(xp.int8, "abc")
    with pytest.raises(TypeError):
        xp.result_type(None)


# -- finfo, iinfo -----------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.dtype(n) for n in ("float32", "float64", "complex64", "complex128")])
def test_finfo(dtype):
    ref = np.finfo(dtype)
    for arg in (dtype, xp.ones(1, dtype=dtype)):
        info = xp.finfo(arg)
        for name in ("eps", "max", "min", "smallest_normal", "tiny", "resolution"):
            value = getattr(info, name)
            assert type(value) is float and value == float(getattr(ref, name)), name
        assert type(info.bits) is int and info.bits == ref.bits
        assert info.dtype == ref.dtype and isinstance(info.dtype, xp.DType)


@pytest.mark.parametrize("dtype", [d for d in DTYPES if d.kind in "iu"])
def test_iinfo(dtype):
    ref = np.iinfo(dtype)
    for arg in (dtype, xp.ones(1, dtype=dtype)):
        info = xp.iinfo(arg)
        for name in ("bits", "max", "min"):
            value = getattr(info, name)
            assert type(value) is int and value == int(getattr(ref, name))
        assert info.dtype == dtype


def test_info_bad_input():
    with pytest.raises(ValueError, match="floating"):
        xp.finfo(xp.int32)
    with pytest.raises(ValueError, match="floating"):
        xp.finfo(xp.bool)
    with pytest.raises(ValueError, match="integer"):
        xp.iinfo(xp.float32)
    with pytest.raises(ValueError, match="integer"):
        xp.iinfo(xp.bool)
    with pytest.raises(ValueError):
        xp.iinfo(np.float16)


# -- isdtype ------------------------------------------------------------------------------------
KINDS = ["bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_isdtype_matches_numpy(dtype):
    for kind in KINDS:
        assert xp.isdtype(dtype, kind) is np.isdtype(dtype, kind), kind
    assert xp.isdtype(dtype, dtype)
    assert xp.isdtype(dtype, ("bool", "numeric"))
    assert not xp.isdtype(dtype, ())
    other = xp.int8 if dtype != xp.int8 else xp.uint8
    assert not xp.isdtype(dtype, other)
    assert xp.isdtype(dtype, (other, dtype))


def test_isdtype_bad_input():
    with pytest.raises(ValueError, match="kind"):
        xp.isdtype(xp.int8, "integer")
    with pytest.raises(TypeError):
        xp.isdtype("int8", "integral")
    with pytest.raises(TypeError):
        xp.isdtype(np.dtype("longdouble"), "real floating")
    with pytest.raises(TypeError):
        xp.isdtype(xp.int8, 3)


@pytest.mark.parametrize("name", ["bool", "int8", "uint16", "int64", "float32", "float64", "complex128"])
def test_dtypes_behave_as_numpys_but_never_equal_none(name):
    # wgarray.float32 etc. are NumPy's scalar types (tests/test_numpy_dtypes.py); an array's dtype is a DType
    assert getattr(xp, name) is getattr(np, name)
    ours, theirs = xp.__array_namespace_info__().dtypes()[name], np.dtype(name)
    assert ours == theirs and theirs == ours and hash(ours) == hash(theirs)
    assert ours == name and ours != None and None != ours  # noqa: E711 (np.dtype(None) is float64)
    assert {theirs: 1}[ours] == 1 and {ours: 2}[theirs] == 2
    assert np.dtype(ours) == theirs and np.zeros(2, dtype=ours).dtype == theirs
    assert (ours.kind, ours.itemsize, ours.name, str(ours), repr(ours)) == (
        theirs.kind, theirs.itemsize, theirs.name, str(theirs), repr(theirs))
    assert ours != (np.float32 if name != "float32" else np.int8) and ours != object()
    assert ours == getattr(xp, name) and getattr(xp, name) == ours
    assert pickle.loads(pickle.dumps(ours)) is ours
    x = xp.zeros(3, dtype=ours)
    assert x.dtype is ours and xp.asarray(np.zeros(3, theirs)).dtype is ours
    assert xp.result_type(x) is ours and xp.__array_namespace_info__().dtypes()[name] is ours


def test_can_cast_holds_for_dtypes_without_a_promotion():
    # the pair (complex64, float64) has no promotion; the conformance suite's check
    # promotion_table.get(pair) == to must not find None equal to float64
    table = {(xp.complex64, xp.float64): None}
    assert table.get((xp.complex64, xp.float64)) != xp.float64
    assert not xp.can_cast(xp.complex64, xp.float64) and xp.can_cast(xp.float32, xp.float64)
