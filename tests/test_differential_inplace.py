"""In-place operators differentially against NumPy (hypothesis): on views, on operands that
overlap the target (NumPy buffers overlapping operands, so `x op= y` equals computing the
right side first), with broadcasting, through indexing, and NumPy's casting rules (same_kind:
`int_array += 1.5` is a TypeError). Strategies and helpers: test_differential.py; the same
WGARRAY_HYPOTHESIS_EXAMPLES runs more examples.
"""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import assume, given, note, strategies as st
from hypothesis.extra import numpy as hnp

import wgarray
from conftest import ALL_DTYPES, assert_same, host, mismatches, wg
from differential_support import elements, kind_of, operands, prop, python_scalars, raises_like, shapes, views
from test_differential import COMPLEX_REL, NOT_COMPARED, ULPS, _nonnegative, bool_with_huge_int
from test_differential_arrays import index_keys, split_key

# operator -> (in-place operator, namespace function)
OPS = {"+=": (operator.iadd, "add"), "-=": (operator.isub, "subtract"), "*=": (operator.imul, "multiply"),
       "/=": (operator.itruediv, "divide"), "//=": (operator.ifloordiv, "floor_divide"),
       "%=": (operator.imod, "remainder"), "**=": (operator.ipow, "pow"), "&=": (operator.iand, "bitwise_and"),
       "|=": (operator.ior, "bitwise_or"), "^=": (operator.ixor, "bitwise_xor"),
       "<<=": (operator.ilshift, "bitwise_left_shift"), ">>=": (operator.irshift, "bitwise_right_shift")}


def tolerance(name, dtype, rhs):
    if name == "pow" and dtype.kind == "f" and not (isinstance(rhs, (int, float)) and rhs in (2, 1, -1, 0.5)):
        return dict(ulps=ULPS)  # pow is transcendental; x **= 2, 1, -1, 0.5 are exact (NumPy too)
    if dtype.kind == "c" and name in COMPLEX_REL:
        return dict(rel=COMPLEX_REL[name])
    return {}


def numpy_iop(op, x, y):
    """NumPy's x op= y, except float floor division by or of an infinity, where wgarray follows
    the standard (inf // 2 = inf, not NumPy's nan; as tests/test_elementwise.py)."""
    iop, name = OPS[op]
    patch = name == "floor_divide" and x.dtype.kind == "f"
    with np.errstate(all="ignore"):
        if patch:  # copies: y may overlap x
            before, b = x.copy(), np.array(y, dtype=np.result_type(x, y))
        r = iop(x, y)
        if patch:
            one_inf = (np.isinf(before) != np.isinf(b)) & ~np.isnan(before) & ~np.isnan(b)
            x[...] = np.where(one_inf, before / b, x)
    return r


def check_inplace(op, g, gv, gy, xb, xv, xy, explain=True):
    """gv op= gy on NumPy (g: gv's base), xv op= xy on wgarray (xb: xv's base): the same
    exception, or the same values in the whole base, and the operator returns the target."""
    iop, name = OPS[op]
    before = g.copy()
    kind = kind_of([gv, gy])
    if (name, kind) in NOT_COMPARED or bool_with_huge_int([gv, gy]):
        assume(False)  # bool_with_huge_int: test_differential.test_known_bool_huge_int
    if explain:
        note(f"x {op} y with x {gv.dtype}{gv.shape}, y {gy!r}")
    try:
        r = numpy_iop(op, gv, gy)
        assert r is gv
    except Exception as e:
        expected = raises_like(e)
        try:
            fits = np.broadcast_shapes(gv.shape, np.shape(gy)) == gv.shape
        except ValueError:
            fits = False
        if not fits:  # both a cast and the shape may be refused: either may be reported first
            expected = (expected, ValueError)
        with pytest.raises(expected):
            iop(xv, xy)
        assert_same(xb, before)  # a refused operation changes nothing
        return
    r = iop(xv, xy)
    assert r is xv, "an in-place operator returns its target"
    assert_same(xb, g, **tolerance(name, g.dtype, gy))


@pytest.mark.parametrize("op", list(OPS))
@prop(20)
@given(data=st.data())
def test_inplace_operand(op, data):
    """x op= y on a view x (stepped, reversed, permuted, 0-d, empty), y an array of any dtype
    and a broadcastable (or not) shape, or a Python scalar."""
    name = OPS[op][1]
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    shape = data.draw(shapes(max_dims=3, max_side=5), label="shape")
    view = data.draw(views(shape, broadcast=False), label="view")
    base = data.draw(hnp.arrays(dtype, view.base_shape, elements=elements(dtype)), label="base")
    g, xb = base.copy(), wg(base)
    if data.draw(st.integers(0, 3)):
        d2 = data.draw(st.sampled_from([dtype, dtype, *ALL_DTYPES]), label="d2")
        s2 = data.draw(hnp.broadcastable_shapes(shape, min_dims=0, min_side=0), label="y shape")
        if data.draw(st.integers(0, 5)) == 0:  # mostly not broadcastable to x: ValueError
            s2 = data.draw(shapes(max_dims=3, max_side=5), label="y shape")
        gy, xy = data.draw(operands(d2, s2, elements_strategy=_nonnegative(name, d2, np.promote_types(dtype, d2).kind)))
    else:
        gy = xy = data.draw(python_scalars(), label="scalar")
        if type(gy) is int and gy < 0 and (name.endswith("_shift") or (name == "pow" and dtype.kind in "biu")):
            gy = xy = -gy  # the standard needs these non-negative (test_differential._nonnegative)
    check_inplace(op, g, view(g, np), gy, xb, view(xb, wgarray), xy)


def _slice_of(draw, n, count):
    """A slice of `count` elements (step of either sign, up to 3) out of an axis of n."""
    if count == 0:
        return slice(0, 0)
    steps = [s for s in (1, 2, 3, -1, -2, -3) if (count - 1) * abs(s) < n]
    step = draw(st.sampled_from(steps))
    span = (count - 1) * abs(step)
    if step > 0:
        start = draw(st.integers(0, n - 1 - span))
        return slice(start, start + span + 1, step)
    start = draw(st.integers(span, n - 1))
    stop = start - span - 1
    return slice(start, None if stop < 0 else stop, step)


@st.composite
def overlapping(draw):
    """(base shape, key of x, how to make y): two views of one base that overlap in many ways:
    shifted (x[1:] op= x[:-1]), stepped, reversed, transposed (x op= x.T), a row broadcast over
    rows, or x itself."""
    ndim = draw(st.integers(1, 2))
    base = tuple(draw(st.integers(1, 7)) for _ in range(ndim))
    counts = tuple(draw(st.integers(0, n)) for n in base)
    kx = tuple(_slice_of(draw, n, c) for n, c in zip(base, counts))
    forms = ["slices", "same"] + (["transpose"] if ndim == 2 and counts[0] <= base[1] and counts[1] <= base[0]
                                  else []) + (["row"] if ndim == 2 else [])
    form = draw(st.sampled_from(forms))
    if form == "slices":
        ky = tuple(_slice_of(draw, n, c) for n, c in zip(base, counts))
    elif form == "same":
        ky = kx
    elif form == "transpose":
        ky = (_slice_of(draw, base[0], counts[1]), _slice_of(draw, base[1], counts[0]))
    else:
        ky = (draw(st.integers(0, base[0] - 1)), _slice_of(draw, base[1], counts[1]))
    return base, kx, ky, form


@pytest.mark.parametrize("op", list(OPS))
@prop(25)
@given(data=st.data())
def test_inplace_overlapping(op, data):
    """x op= y where y is another view of x's own buffer. NumPy's result (which buffers
    overlapping operands) must equal computing y first, and wgarray's must equal NumPy's."""
    name = OPS[op][1]
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    base_shape, kx, ky, form = data.draw(overlapping(), label="views")
    els = _nonnegative(name, dtype, dtype.kind)
    els = elements(dtype) if els is None else els
    base = data.draw(hnp.arrays(dtype, base_shape, elements=els), label="base")

    def y_of(a):
        y = a[ky]
        return y.T if form == "transpose" else y

    g, xb = base.copy(), wg(base)
    # The oracle: NumPy on the overlapping views equals NumPy on a copy of the right side.
    copied = base.copy()
    try:
        numpy_iop(op, copied[kx], y_of(base).copy())
    except Exception:
        pass
    else:
        numpy_iop(op, g[kx], y_of(g))
        # (NumPy's own loops may differ by an ulp here: complex x *= x squares with an fma.)
        assert not mismatches(g, copied, **tolerance(name, dtype, None)).any(), "NumPy's overlap buffering"
        g = base.copy()
    check_inplace(op, g, g[kx], y_of(g), xb, xb[kx], y_of(xb))


@pytest.mark.parametrize("op", ["+=", "*=", "-=", "//=", "|="])
@prop(40)
@given(data=st.data())
def test_inplace_through_index(op, data):
    """x[key] op= scalar: a getitem, the operator, a setitem (duplicate targets all write the
    same value). Keys of every kind: ints, slices, None, Ellipsis, integer arrays, masks."""
    name = OPS[op][1]
    dtype = data.draw(st.sampled_from([d for d in ALL_DTYPES if d.kind != "b" or op == "|="]), label="dtype")
    shape = data.draw(shapes(max_dims=3, max_side=5), label="shape")
    h, x = data.draw(operands(dtype, shape, broadcast=False))
    h = h.copy()
    key = data.draw(index_keys(shape), label="key")
    hkey, wkey = split_key(key)
    s = data.draw(python_scalars({"b": "b", "f": "f", "c": "c"}.get(dtype.kind, "i")), label="scalar")
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        s = s % (int(info.max) + 1)  # in range
    try:
        t = h[hkey]
        t = numpy_iop(op, t, s) if isinstance(t, np.ndarray) else numpy_iop(op, np.asarray(t), s)[()]
        h[hkey] = t
    except Exception as e:
        with pytest.raises(raises_like(e)):
            t = x[wkey]
            t = OPS[op][0](t, s)
            x[wkey] = t
        return
    t = x[wkey]
    t = OPS[op][0](t, s)
    x[wkey] = t
    assert_same(x, h, **tolerance(name, dtype, s))


# -- the rules, spelled out ---------------------------------------------------------------------
CASTS = [  # (x dtype, y: a dtype name for an array or a Python scalar, operator)
    ("int8", 1.5, "+="), ("int32", "float32", "+="), ("int16", 2, "/="), ("uint8", "int8", "+="),
    ("float32", "complex64", "*="), ("float64", 1j, "-="), ("bool", 1, "+="), ("bool", "bool", "+="),
    ("bool", "bool", "-="), ("uint8", -1, "+="), ("int64", 2 ** 63, "+="), ("int8", "int16", "+="),
    ("uint16", "uint64", "*="), ("float32", "float64", "+="), ("float32", 1e300, "*="),
    ("float64", 2 ** 70, "+="), ("int32", "uint32", "+="), ("uint64", "int64", "+="), ("complex64", 2.5, "/="),
    ("int16", "bool", "<<="), ("float32", "int64", "**="), ("int8", 3, "**="), ("uint32", 7, "//="),
    ("int8", "int8", "//="), ("int16", "float32", "%="), ("float32", 0.5, "**="), ("float64", 2, "**="),
]


@pytest.mark.parametrize("dtype, y, op", CASTS, ids=[f"{d}{o}{y}" for d, y, o in CASTS])
def test_inplace_casting_rules(dtype, y, op):
    """same_kind casting of the result into x (NumPy's UFuncTypeError is a TypeError), NEP 50
    Python scalars (OverflowError out of range, weak otherwise), wraparound within a kind."""
    x = np.array([[-3, 0, 1], [7, 100, -128]]).astype(dtype)
    if isinstance(y, str):
        y = np.array([5, 0, -2]).astype(y)
    g, xb = x.copy(), wg(x)
    check_inplace(op, g, g, y, xb, xb, wg(y) if isinstance(y, np.ndarray) else y, explain=False)


def test_inplace_overlap_examples():
    """The classic overlapping forms, each equal to computing the right side first."""
    h = np.arange(1, 13, dtype=np.int32)
    x = wg(h)
    x[1:] += x[:-1]
    exp = h.copy()
    exp[1:] += h[:-1].copy()
    assert_same(x, exp)
    x[::2] *= 3
    exp[::2] *= 3
    assert_same(x, exp)
    x[::-1] -= x
    exp[::-1] = exp[::-1] - exp
    assert_same(x, exp)
    m = np.arange(16, dtype=np.float64).reshape(4, 4)
    y = wg(m)
    y += y.T
    assert_same(y, m + m.T)
    y[1:, :] -= y[0]
    exp2 = m + m.T
    exp2[1:, :] -= exp2[0].copy()
    assert_same(y, exp2)
    z = wg(m)
    z[:, 1:] = z[:, :-1]  # an assignment between overlapping views
    mz = m.copy()
    mz[:, 1:] = m[:, :-1]
    assert_same(z, mz)
    assert host(z).flags.writeable


@prop(60)
@given(data=st.data())
def test_assign_overlapping(data):
    """x[kx] = y for y another view of x's buffer (shifted, stepped, reversed, transposed, a
    row): NumPy copies overlapping sources first, and so must wgarray."""
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    base_shape, kx, ky, form = data.draw(overlapping(), label="views")
    base = data.draw(hnp.arrays(dtype, base_shape, elements=elements(dtype)), label="base")
    g, xb = base.copy(), wg(base)
    y = base[ky].T if form == "transpose" else base[ky]
    g[kx] = y.copy()  # the right side first
    xb[kx] = xb[ky].T if form == "transpose" else xb[ky]
    assert_same(xb, g)
