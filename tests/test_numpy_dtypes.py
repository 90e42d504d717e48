"""wgarray's type objects are NumPy's (wgarray.float32 is numpy.float32); an array's dtype is a
DType that equals them. Differential against NumPy: issubdtype, promote_types, min_scalar_type,
finfo, iinfo, and every dtype spelling in dtype= arguments."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import wgarray as xp
from conftest import ALL_DTYPES, DTYPE_NAMES

ALIASES = ("bool_", "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint", "intp", "uintp", "long",
           "ulong", "longlong", "ulonglong", "single", "double", "csingle", "cdouble")
ABSTRACT = ("generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
            "complexfloating")


@pytest.mark.parametrize("name", DTYPE_NAMES + ALIASES + ABSTRACT + ("dtype",))
def test_names_are_numpys_objects(name):
    assert getattr(xp, name) is getattr(np, name)


@pytest.mark.parametrize("name", ["longdouble", "clongdouble", "float128", "object_", "str_"])
def test_unsupported_types_are_not_exported(name):
    assert not hasattr(xp, name)
    with pytest.raises(TypeError, match="longdouble|complex256|float128|object|str|<U"):
        xp.zeros(2, dtype=getattr(np, name)) if hasattr(np, name) else xp.zeros(2, dtype=name)


def test_scalar_types_make_numpy_scalars():
    assert type(xp.float32(1.5)) is np.float32 and xp.float32(1.5) == 1.5
    assert isinstance(xp.int64(3), xp.integer) and isinstance(xp.int64(3), xp.signedinteger)
    assert isinstance(xp.uint8(3), xp.unsignedinteger) and not isinstance(xp.uint8(3), xp.signedinteger)
    assert isinstance(xp.float64(1), xp.floating) and isinstance(xp.complex64(1j), xp.complexfloating)
    assert isinstance(xp.bool(True), xp.generic) and xp.bool_ is xp.bool
    assert issubclass(xp.float32, xp.inexact) and issubclass(xp.int16, xp.number)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_array_dtype_equals_every_spelling(dtype):
    x = xp.zeros(2, dtype=dtype)
    scalar_type = getattr(xp, dtype.name)
    assert type(x.dtype) is xp.DType
    for spelling in (scalar_type, dtype, dtype.name, dtype.str, dtype.char, x.dtype, xp.dtype(dtype)):
        assert x.dtype == spelling and spelling == x.dtype
        assert not (x.dtype != spelling)
    assert x.dtype != None and None != x.dtype  # noqa: E711 (numpy.dtype('float64') == None)
    other = np.int8 if dtype != np.int8 else np.uint8
    assert x.dtype != other and x.dtype != "not a dtype" and x.dtype != 3
    for attr in ("kind", "char", "itemsize", "name", "type", "str", "num", "byteorder", "alignment", "descr"):
        assert getattr(x.dtype, attr) == getattr(dtype, attr), attr
    assert x.dtype.type is scalar_type and np.dtype(x.dtype) == dtype
    assert {"kind", "itemsize", "type", "num"} <= set(dir(x.dtype))
    assert xp.__array_namespace_info__().dtypes()[dtype.name if dtype != bool else "bool"] == scalar_type


@pytest.mark.parametrize("spelling", [xp.int16, np.dtype("int16"), "int16", "i2", "<i2", np.int16])
def test_dtype_arguments_take_every_spelling(spelling):
    expected = np.dtype("int16")
    assert xp.zeros(3, dtype=spelling).dtype == expected
    assert xp.asarray([1, 2], dtype=spelling).dtype == expected
    assert xp.arange(3, dtype=spelling).dtype == expected
    assert xp.full((2,), 7, spelling).dtype == expected
    assert xp.astype(xp.ones(2), spelling).dtype == expected
    assert xp.empty_like(xp.ones(2), dtype=spelling).dtype == expected
    assert xp.linspace(0, 4, 5, dtype=spelling).dtype == expected
    assert xp.eye(2, dtype=spelling).dtype == expected
    wrapped = xp.zeros(1, dtype=spelling).dtype  # a DType works as a dtype argument too
    assert xp.ones(2, dtype=wrapped).dtype == expected


@pytest.mark.parametrize("a, b", list(itertools.product(ALL_DTYPES, repeat=2)), ids=str)
def test_promote_types_matches_numpy(a, b):
    got = xp.promote_types(getattr(xp, a.name), b)
    assert type(got) is xp.DType and got == np.promote_types(a, b)


def test_promote_types_bad_input():
    assert xp.promote_types(np.float16, xp.float32) == np.float32  # float16 is offered (issue 15)
    with pytest.raises(TypeError, match="float128"):
        xp.promote_types(np.longdouble, xp.float32)
    with pytest.raises(TypeError):
        xp.promote_types("not a type", xp.float32)


@pytest.mark.parametrize("arg1, arg2", [
    (xp.float32, xp.floating), (xp.float32, xp.integer), (xp.int8, xp.signedinteger), (xp.uint64, xp.signedinteger),
    ("float64", xp.inexact), (np.dtype("complex64"), xp.complexfloating), (xp.bool, xp.number),
    (xp.int32, xp.int32), (xp.int32, xp.int64), (xp.intp, xp.int64), (xp.floating, xp.inexact), (float, xp.floating),
])
def test_issubdtype_matches_numpy(arg1, arg2):
    assert xp.issubdtype(arg1, arg2) is np.issubdtype(arg1, arg2)
    wrapped = xp.zeros(1, dtype=arg1).dtype if not (isinstance(arg1, type) and arg1 is xp.floating) else arg1
    assert xp.issubdtype(wrapped, arg2) is np.issubdtype(arg1, arg2)


@pytest.mark.parametrize("value", [0, 10, 255, 256, -1, -129, 2**40, 2**64 - 1, True, 1e50, -1e300, 1 + 1j, 1e300j])
def test_min_scalar_type_matches_numpy(value):
    assert xp.min_scalar_type(value) == np.min_scalar_type(value)


def test_min_scalar_type_float16_and_arrays():
    assert xp.min_scalar_type(3.1) == np.float16  # as NumPy
    assert xp.min_scalar_type(xp.asarray([1, 2])) == np.int64
    assert xp.min_scalar_type(xp.asarray(300)) == np.min_scalar_type(np.asarray(300))


FLOAT_ATTRS = ("bits", "eps", "epsneg", "iexp", "machep", "max", "maxexp", "min", "minexp", "negep", "nexp",
               "nmant", "precision", "resolution", "smallest_normal", "smallest_subnormal", "tiny")


@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind in "fc"], ids=str)
def test_finfo_has_numpys_attributes(dtype):
    ref = np.finfo(dtype)
    for arg in (getattr(xp, dtype.name), dtype, dtype.name, xp.ones(1, dtype=dtype), xp.ones(1, dtype=dtype).dtype):
        info = xp.finfo(arg)
        for name in FLOAT_ATTRS:
            assert getattr(info, name) == getattr(ref, name), name
        assert type(info.eps) is float and type(info.bits) is int  # the standard's Python types
        assert info.dtype == ref.dtype and type(info.dtype) is xp.DType


@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind in "iu"], ids=str)
def test_iinfo_has_numpys_attributes(dtype):
    ref = np.iinfo(dtype)
    for arg in (getattr(xp, dtype.name), dtype, dtype.name, xp.ones(1, dtype=dtype)):
        info = xp.iinfo(arg)
        assert (info.bits, info.min, info.max, info.kind) == (ref.bits, ref.min, ref.max, ref.kind)
        assert type(info.max) is int and info.dtype == dtype


def test_info_bad_input():
    with pytest.raises(ValueError):
        xp.finfo(xp.int64)
    with pytest.raises(ValueError):
        xp.iinfo(xp.float64)
    with pytest.raises(TypeError):
        xp.finfo(np.longdouble)


def test_result_type_and_can_cast_take_types_and_numpy_scalars():
    assert xp.result_type(xp.float32, xp.int8) == np.result_type(np.float32, np.int8)
    assert xp.result_type(xp.ones(2, dtype=xp.float32), 1.0) == np.float32  # Python scalars are weak
    assert xp.result_type(xp.ones(2, dtype=xp.float32), np.float64(1)) == np.float64  # NumPy scalars are not
    assert xp.result_type("int16", xp.uint8) == np.int16
    assert xp.can_cast(xp.int8, xp.float32) and not xp.can_cast(xp.float64, "float32")
    assert xp.can_cast(xp.ones(1, dtype=xp.uint8), np.dtype("int16"))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_isdtype_takes_scalar_types(dtype):
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating",
                 "numeric", getattr(xp, dtype.name), (xp.int8, "bool")):
        assert xp.isdtype(getattr(xp, dtype.name), kind) is np.isdtype(getattr(np, dtype.name), kind)
    with pytest.raises(TypeError):
        xp.isdtype(np.longdouble, "real floating")


def test_hypothesis_array_api_strategies_work():
    hypothesis = pytest.importorskip("hypothesis")
    from hypothesis.extra.array_api import make_strategies_namespace

    xps = make_strategies_namespace(xp)

    @hypothesis.settings(max_examples=15, deadline=None, database=None)
    @hypothesis.given(xps.arrays(dtype=xps.scalar_dtypes(), shape=xps.array_shapes(max_dims=2, max_side=3)))
    def check(x):
        assert isinstance(x, xp.Array) and x.dtype in xp.__array_namespace_info__().dtypes().values()

    check()
