"""Differential property-based tests against NumPy (hypothesis), part 2: indexing (getitem
and setitem), manipulation, sorting and searching. The strategies, settings and comparison
helpers are test_differential.py's (see there for running longer searches)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import wgarray
from conftest import ALL_DTYPES, assert_same, wg
from differential_support import (REAL_DTYPES, axes, elements, operands, prop, python_scalars, raises_like,
                                  shapes, views)


# == 3. indexing ==============================================================================
@st.composite
def index_keys(draw, shape, gpu_arrays=False):
    """A key of ints, slices (steps of both signs, out-of-range bounds), None, Ellipsis, integer
    arrays (broadcasting among themselves; NumPy arrays, lists or wgarray arrays) and boolean
    masks (over one or more axes, or 0-d). Out-of-bounds ints are drawn too (IndexError)."""
    ndim = len(shape)
    key, dim, ellipsis = [], 0, False
    bshape = draw(st.sampled_from([(), (1,), (2,), (3,), (2, 1), (1, 3), (0,)]))
    while len(key) < 7:
        kind = draw(st.sampled_from(["slice", "slice", "int", "array", "mask", "none", "ellipsis", "stop"]))
        if kind == "stop" or (dim >= ndim and kind not in ("none", "ellipsis")):
            break
        if kind == "none":
            key.append(None)
        elif kind == "ellipsis":
            if ellipsis:
                continue
            ellipsis = True
            key.append(Ellipsis)
            dim = ndim - draw(st.integers(0, ndim - dim))  # the axes it leaves to the rest of the key
        elif kind == "slice":
            n = shape[dim]
            bound = st.none() | st.integers(-n - 2, n + 2)
            key.append(slice(draw(bound), draw(bound), draw(st.sampled_from([None, 1, 2, 3, -1, -2, -3]))))
            dim += 1
        elif kind == "int":
            n = shape[dim]
            key.append(draw(st.integers(-n, n - 1) if n and not draw(st.integers(0, 15)) == 0 else
                            st.integers(-n - 2, n + 1)))
            dim += 1
        elif kind == "array":
            n = shape[dim]
            size = math.prod(bshape)
            if n == 0 and size:
                continue
            lo, hi = (-n, n - 1) if gpu_arrays or draw(st.integers(0, 15)) else (-n - 1, n)
            values = np.array(draw(st.lists(st.integers(lo, hi), min_size=size, max_size=size)) if size else [],
                              dtype=np.int64)
            small = [np.int32, np.int8] + ([np.uint8] if lo >= 0 or not (values < 0).any() else [])
            values = values.astype(draw(st.sampled_from([np.int64, *small])) if lo >= -128 and hi < 128 else
                                   np.int64).reshape(bshape)
            form = draw(st.sampled_from(["numpy", "list", "gpu"] if gpu_arrays else ["numpy", "list"]))
            key.append(values.tolist() if form == "list" and values.ndim else
                       ("gpu", values) if form == "gpu" else values)
            dim += 1
        else:
            if draw(st.integers(0, 5)) == 0:
                key.append(np.bool_(draw(st.booleans())) if draw(st.booleans()) else draw(st.booleans()))
                continue
            span = draw(st.integers(1, ndim - dim))
            mshape = shape[dim:dim + span]
            bits = np.array(draw(st.lists(st.booleans(), min_size=math.prod(mshape), max_size=math.prod(mshape))),
                            dtype=bool).reshape(mshape)
            form = draw(st.sampled_from(["numpy", "gpu"] if gpu_arrays else ["numpy"]))
            key.append(("gpu", bits) if form == "gpu" else bits)
            dim += span
    if len(key) == 1 and draw(st.booleans()):
        return key[0]  # not a tuple
    return tuple(key)


def split_key(key):
    """(NumPy key, wgarray key): ("gpu", a) parts become wgarray arrays."""
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str):
        return key[1], wg(key[1])
    if not isinstance(key, tuple):
        h, w = split_key((key,))
        return h[0], w[0]
    pairs = [split_key(k) if isinstance(k, tuple) else (k, k) for k in key]
    return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


@prop(150)
@given(data=st.data())
def test_getitem(data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    shape = data.draw(shapes(max_dims=4, max_side=5), label="shape")
    h, x = data.draw(operands(dtype, shape))
    key = data.draw(index_keys(shape, gpu_arrays=data.draw(st.booleans())), label="key")
    hkey, wkey = split_key(key)
    try:
        exp = h[hkey]
    except Exception as e:  # GPU index arrays are drawn in bounds (not checked: docs/limitations.md)
        with pytest.raises(raises_like(e)):
            x[wkey]
        return
    assert_same(x[wkey], exp)


@prop(150)
@given(data=st.data())
def test_setitem(data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    shape = data.draw(shapes(max_dims=4, max_side=5), label="shape")
    view = data.draw(views(shape, broadcast=False))
    base = data.draw(hnp.arrays(dtype, view.base_shape, elements=elements(dtype)))
    key = data.draw(index_keys(shape, gpu_arrays=data.draw(st.booleans())), label="key")
    hkey, wkey = split_key(key)
    g = base.copy()
    gv = view(g, np)
    try:
        targets = np.arange(gv.size).reshape(gv.shape)[hkey]
    except Exception as e:
        xb = wg(base)
        with pytest.raises(raises_like(e)):
            view(xb, wgarray)[wkey] = data.draw(elements(dtype))
        return
    xb = wg(base)
    xv = view(xb, wgarray)
    form = data.draw(st.sampled_from(["array", "broadcast", "scalar", "python"]), label="value form")
    if np.unique(targets).size < targets.size:
        # Duplicate targets: which write wins is unspecified (docs/limitations.md), so every write
        # of an element carries the same value (a function of the element).
        table = data.draw(hnp.arrays(dtype, max(gv.size, 1), elements=elements(dtype)))
        value = table[targets]
        wvalue = wg(value)
    elif form == "array":
        value, wvalue = data.draw(operands(dtype, targets.shape))
    elif form == "broadcast":
        vshape = data.draw(hnp.broadcastable_shapes(targets.shape, min_dims=0, min_side=0))
        # Values with extra leading unit dims: test_fixed_setitem_leading_unit_dims.
        vshape = vshape[max(len(vshape) - targets.ndim, 0):]
        value, wvalue = data.draw(operands(dtype, vshape))
    elif form == "scalar":
        value = data.draw(elements(dtype))
        wvalue = wg(np.asarray(value, dtype))
    else:  # a Python scalar of the array's kind
        value = data.draw(python_scalars({"u": "i"}.get(dtype.kind, dtype.kind)))
        if dtype.kind in "iu" and not np.iinfo(dtype).min <= value <= np.iinfo(dtype).max:
            value = value % (int(np.iinfo(dtype).max) + 1)
        wvalue = value
    try:
        with np.errstate(all="ignore"):
            gv[hkey] = value
    except Exception as e:  # a value that does not broadcast to the target
        with pytest.raises(raises_like(e)):
            xv[wkey] = wvalue
        return
    xv[wkey] = wvalue
    assert_same(xv, gv)
    assert_same(xb, g)  # nothing outside the view changed


# == 4. manipulation ==========================================================================
def _factor_shape(draw, size, ndim):
    """A shape of `ndim` dims whose product is size (size 0: one dim 0, others anything)."""
    if ndim == 0:
        return ()
    if size == 0:
        dims = [draw(st.integers(0, 3)) for _ in range(ndim)]
        dims[draw(st.integers(0, ndim - 1))] = 0
        return tuple(dims)
    dims = [1] * ndim
    p, n = 2, size
    while n > 1:
        while n % p == 0:
            dims[draw(st.integers(0, ndim - 1))] *= p
            n //= p
        p += 1
    return tuple(dims)


@st.composite
def any_operand(draw, min_dims=0, max_dims=4, max_side=4, dtypes=ALL_DTYPES):
    dtype = draw(st.sampled_from(dtypes), label="dtype")
    shape = draw(shapes(min_dims=min_dims, max_dims=max_dims, max_side=max_side), label="shape")
    h, x = draw(operands(dtype, shape))
    return h, x


def check_call(np_call, wg_call):
    """Same exception class as NumPy's, or the same result, exactly."""
    try:
        exp = np.asarray(np_call())
    except Exception as e:
        with pytest.raises(raises_like(e)):
            wg_call()
        return
    assert_same(wg_call(), exp)


@prop(50)
@given(data=st.data())
def test_reshape(data):
    h, x = data.draw(any_operand())
    ndim = data.draw(st.integers(0, 4) if h.size == 1 else st.integers(1, 4))
    new = list(_factor_shape(data.draw, h.size, ndim))
    if new and h.size and data.draw(st.booleans()):
        new[data.draw(st.integers(0, len(new) - 1))] = -1
    check_call(lambda: np.reshape(h, tuple(new)), lambda: wgarray.reshape(x, tuple(new)))


@prop(40)
@given(data=st.data())
def test_permute_dims_moveaxis(data):
    h, x = data.draw(any_operand())
    perm = tuple(data.draw(st.permutations(range(h.ndim))))
    check_call(lambda: np.permute_dims(h, perm), lambda: wgarray.permute_dims(x, perm))
    if h.ndim:
        k = data.draw(st.integers(1, h.ndim))
        src = data.draw(st.lists(st.integers(-h.ndim, h.ndim - 1), min_size=k, max_size=k))
        dst = data.draw(st.lists(st.integers(-h.ndim, h.ndim - 1), min_size=k, max_size=k))
        if data.draw(st.booleans()):
            src, dst = src[0], dst[0]
        else:
            src, dst = tuple(src), tuple(dst)
        check_call(lambda: np.moveaxis(h, src, dst), lambda: wgarray.moveaxis(x, src, dst))


@prop(40)
@given(data=st.data())
def test_flip_roll(data):
    h, x = data.draw(any_operand())
    axis = data.draw(axes(h.ndim))
    check_call(lambda: np.flip(h, axis=axis), lambda: wgarray.flip(x, axis=axis))
    axis = data.draw(axes(h.ndim))
    if axis == ():
        axis = None  # roll(x, (), axis=()): NumPy fails to unpack the empty shift (not a defined case)
    if isinstance(axis, tuple):
        shift = tuple(data.draw(st.lists(st.integers(-9, 9), min_size=len(axis), max_size=len(axis))))
        if len(shift) == 1 and data.draw(st.booleans()):
            shift = shift[0]
    else:
        shift = data.draw(st.integers(-30, 30))
    check_call(lambda: np.roll(h, shift, axis=axis), lambda: wgarray.roll(x, shift, axis=axis))


@prop(50)
@given(data=st.data())
def test_concat_stack(data):
    shape = data.draw(shapes(max_dims=3, max_side=4), label="shape")
    k = data.draw(st.integers(1, 4))
    mixed = data.draw(st.integers(0, 3)) == 0
    d0 = data.draw(st.sampled_from(ALL_DTYPES))
    dtypes = [data.draw(st.sampled_from(ALL_DTYPES)) if mixed else d0 for _ in range(k)]
    if shape and data.draw(st.booleans()):  # concat along an axis: lengths may differ there
        axis = data.draw(st.integers(-len(shape), len(shape) - 1))
        cshapes = [tuple(data.draw(st.integers(0, 4)) if i == axis % len(shape) else n for i, n in enumerate(shape))
                   for _ in range(k)]
    else:
        axis = None
        cshapes = [data.draw(shapes(max_dims=3, max_side=4)) for _ in range(k)]
    parts = [data.draw(operands(d, s)) for d, s in zip(dtypes, cshapes)]
    check_call(lambda: np.concatenate([p[0] for p in parts], axis=axis),
               lambda: wgarray.concat([p[1] for p in parts], axis=axis))
    parts = [data.draw(operands(d, shape)) for d in dtypes]
    axis = data.draw(st.integers(-len(shape) - 1, len(shape)))
    check_call(lambda: np.stack([p[0] for p in parts], axis=axis), lambda: wgarray.stack([p[1] for p in parts],
                                                                                           axis=axis))


@prop(50)
@given(data=st.data())
def test_squeeze_expand_dims_broadcast_to(data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=3).map(
        lambda s: tuple(1 if n == 2 else n for n in s)))  # many unit dims
    h, x = data.draw(operands(dtype, shape))
    axis = data.draw(axes(h.ndim, none=True))
    check_call(lambda: np.squeeze(h, axis=axis), lambda: wgarray.squeeze(x, axis=axis))
    if data.draw(st.booleans()) or h.ndim == 4:
        e_axis = data.draw(st.integers(-h.ndim - 1, h.ndim))
    else:
        k = data.draw(st.integers(1, 2))
        e_axis = tuple(data.draw(st.lists(st.integers(-h.ndim - k, h.ndim + k - 1), min_size=k, max_size=k,
                                          unique=True)))
    check_call(lambda: np.expand_dims(h, e_axis), lambda: wgarray.expand_dims(x, axis=e_axis))
    lead = tuple(data.draw(st.lists(st.integers(0, 3), max_size=2)))
    target = lead + tuple(data.draw(st.integers(0, 3)) if n == 1 else n for n in shape)
    if data.draw(st.integers(0, 7)) == 0:
        target = data.draw(shapes(max_dims=4, max_side=4))  # mostly incompatible: ValueError
    check_call(lambda: np.broadcast_to(h, target), lambda: wgarray.broadcast_to(x, target))


@prop(50)
@given(data=st.data())
def test_tile_repeat(data):
    h, x = data.draw(any_operand(max_dims=3))
    reps = tuple(data.draw(st.lists(st.integers(0, 3), max_size=4)))
    check_call(lambda: np.tile(h, reps), lambda: wgarray.tile(x, reps))
    axis = data.draw(st.none() | st.integers(-h.ndim, h.ndim - 1) if h.ndim else st.none())
    length = h.size if axis is None else h.shape[axis]
    form = data.draw(st.sampled_from(["int", "numpy", "list", "gpu"]))
    if form == "list" and length == 0:
        form = "numpy"  # repeat(x, []): test_fixed_repeat_empty_list
    if form == "int":
        hr = wr = data.draw(st.integers(0, 3))
    else:
        hr = np.array(data.draw(st.lists(st.integers(0, 3), min_size=length, max_size=length)), dtype=np.int64)
        wr = hr.tolist() if form == "list" else wg(hr) if form == "gpu" else hr
    check_call(lambda: np.repeat(h, hr, axis=axis), lambda: wgarray.repeat(x, wr, axis=axis))


# == 5. sorting and searching ===================================================================
def ref_argsort(x, axis=-1, descending=False):
    """NumPy's stable argsort; descending keeps equal elements in order (NaN first): flip, sort
    stably, flip back (the standard's and array-api-strict's definition; tests/test_sorting.py)."""
    if not descending:
        return np.argsort(x, axis=axis, kind="stable")
    n = x.shape[axis]
    return n - 1 - np.flip(np.argsort(np.flip(x, axis=axis), axis=axis, kind="stable"), axis=axis)


@st.composite
def tie_operand(draw, dtypes=ALL_DTYPES, min_dims=1, max_dims=3, max_side=6):
    """Values from a small drawn pool (many ties; -0.0 next to 0.0, NaN, inf) in a drawn layout."""
    dtype = draw(st.sampled_from(dtypes), label="dtype")
    shape = draw(shapes(min_dims=min_dims, max_dims=max_dims, max_side=max_side), label="shape")
    pool = draw(st.lists(elements(dtype), min_size=1, max_size=8), label="pool")
    if dtype.kind == "f" and draw(st.booleans()):
        pool += [dtype.type(0.0), dtype.type(-0.0), dtype.type(np.nan)]
    h, x = draw(operands(dtype, shape, elements_strategy=st.sampled_from(pool)))
    return h, x


@prop(150)
@given(data=st.data())
def test_sort_argsort(data):
    h, x = data.draw(tie_operand())
    axis = data.draw(st.integers(-h.ndim, h.ndim - 1), label="axis")
    descending = data.draw(st.booleans(), label="descending")
    idx = ref_argsort(h, axis, descending)
    assert_same(wgarray.argsort(x, axis=axis, descending=descending, stable=True), idx)
    assert_same(wgarray.sort(x, axis=axis, descending=descending), np.take_along_axis(h, idx, axis=axis))


@prop(100)
@given(data=st.data())
def test_searchsorted(data):
    h1, _ = data.draw(tie_operand(dtypes=REAL_DTYPES, min_dims=1, max_dims=1, max_side=12))
    dtype = h1.dtype
    h2, x2 = data.draw(operands(dtype, data.draw(shapes(max_dims=2, max_side=5)),
                                elements_strategy=st.one_of(st.sampled_from(list(h1) or [dtype.type(0)]),
                                                            elements(dtype))))
    side = data.draw(st.sampled_from(["left", "right"]))
    if data.draw(st.booleans()):  # a sorter
        sorter = np.argsort(h1, kind="stable")
        exp = np.searchsorted(h1, h2, side=side, sorter=sorter).astype(np.int64)
        got = wgarray.searchsorted(wg(h1), x2, side=side, sorter=wg(sorter))
    else:
        s = np.sort(h1)
        view = data.draw(views(s.shape, broadcast=False))
        base = np.zeros(view.base_shape, dtype)  # the sorted values, laid out as a (strided) view
        view(base, np)[...] = s
        exp = np.searchsorted(s, h2, side=side).astype(np.int64)
        got = wgarray.searchsorted(view(wg(base), wgarray), x2, side=side)
    assert_same(got, exp)


@prop(100)
@given(data=st.data())
def test_unique_values(data):
    h, x = data.draw(tie_operand(min_dims=0, max_dims=3))
    # Sorted, each NaN distinct, the first (in stable order) of equal zeros: np.unique_all's values.
    assert_same(wgarray.unique_values(x), np.unique_all(h).values)


