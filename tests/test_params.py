"""ParamLayout: declared kernel parameters, their WGSL accessors and their host packing."""

from __future__ import annotations

import numpy as np
import pytest

from wgarray._core.params import ZERO, ParamLayout


def words(packed: bytes) -> list:
    return np.frombuffer(packed, np.uint32).tolist()


def test_scalars_and_arrays():
    layout = ParamLayout("items", ZERO, ("shape", "u32", 2), ("strides", "i32", 2), ("scale", "f32"))
    assert layout.words == 7
    assert words(layout.pack(items=5, shape=[3, 4], strides=[-1, 2], scale=1.0)) == \
        [5, 0, 3, 4, 2**32 - 1, 2, 0x3F800000]
    source = layout.wgsl()
    assert "fn p_zero() -> u32 { return pw(1u); }" in source
    assert "fn p_strides(k: u32) -> i32 { return ps((4u + k)); }" in source
    # the flat value list of hot paths, by slot
    values = [0] * layout.values
    values[layout.slot("items")] = 5
    values[layout.slot("scale")] = 1.0
    assert words(layout.struct.pack(*values)) == [5, 0, 0, 0, 0, 0, 0x3F800000]


def test_dtype_fields():
    layout = ParamLayout(("c", np.complex64), ("d", np.float64), ("b", np.bool_), ("i", np.int8))
    assert layout.words == 6 and layout.values == 5  # complex: two values
    packed = words(layout.pack(c=1 + 2j, d=-2.0, b=True, i=-3))
    assert packed[:2] == np.array([1, 2], np.float32).view(np.uint32).tolist()
    assert packed[2:4] == np.array([-2.0]).view(np.uint32).tolist()
    assert packed[4:] == [1, 2**32 - 3]  # narrow ints travel widened
    source = layout.wgsl()
    assert "fn p_b() -> bool" in source and "fn p_c() -> vec2<f32>" in source and "fn p_i() -> i32" in source
    with pytest.warns(RuntimeWarning):  # converted as NumPy converts: too large for float32 is inf
        inf = ParamLayout(("f", np.float32)).pack(f=1e300)
    assert np.frombuffer(inf, np.float32)[0] == np.inf


def test_empty_trailing_array():
    # a trailing array's accessor does not depend on its length, which may be 0
    assert ParamLayout("n", ("dims", "u32", 0)).wgsl() == ParamLayout("n", ("dims", "u32", 6)).wgsl()
    assert words(ParamLayout("n", ("dims", "u32", 0)).pack(n=7, dims=[])) == [7]


def test_errors():
    layout = ParamLayout("n", ("dims", "u32", 2))
    with pytest.raises(TypeError, match="no parameter named bogus"):
        layout.pack(bogus=1)
    with pytest.raises(ValueError, match="at most 2"):
        layout.pack(dims=[1, 2, 3])
    with pytest.raises(OverflowError):
        layout.pack(n=2**32)
    with pytest.raises(ValueError, match="distinct"):
        ParamLayout("n", "n")
