"""What the differential property tests share (test_differential*.py): the example budget,
hypothesis strategies for data, views, Python scalars and axes, and the comparisons against
NumPy (exact, raising alike, or within a bound)."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, note, settings, strategies as st
from hypothesis.extra import numpy as hnp

import wgarray
from conftest import ALL_DTYPES, assert_same, host, special_values, wg

EXAMPLES = int(os.environ.get("WGARRAY_HYPOTHESIS_EXAMPLES", "0"))


def prop(ci_examples: int):
    """Settings of a property: ci_examples in CI, derandomized (the same examples every run);
    WGARRAY_HYPOTHESIS_EXAMPLES when it is set, random (pytest --hypothesis-seed=N repeats a run)."""
    return settings(max_examples=EXAMPLES or ci_examples, deadline=None, derandomize=not EXAMPLES, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


REAL_DTYPES = tuple(d for d in ALL_DTYPES if d.kind != "c")
NUMERIC_DTYPES = tuple(d for d in ALL_DTYPES if d.kind != "b")
MAX_BASE = 2048  # elements of the base array behind a strided view


# -- strategies: data, views, Python scalars, axes --------------------------------------------
def elements(dtype, **kw):
    """hypothesis' values of dtype, mixed with conftest's special values (zeros of both signs,
    nan, inf, subnormals, integer extremes)."""
    dtype = np.dtype(dtype)
    specials = list(special_values(dtype))
    if kw:  # a bounded range: keep the specials that are in it (and nan/inf if allowed)
        lo, hi = kw.get("min_value"), kw.get("max_value")
        with np.errstate(invalid="ignore"):
            specials = [v for v in specials if (lo is None or not v < lo) and (hi is None or not v > hi)
                        and (kw.get("allow_nan", True) or not np.isnan(v))
                        and (kw.get("allow_infinity", True) or not np.isinf(v))]
    base = hnp.from_dtype(dtype, **kw)
    return st.one_of(base, st.sampled_from(specials)) if specials else base


class View:
    """A recipe for a view of a given shape over a base array, the same for NumPy and wgarray:
    slice (steps of either sign, offsets), then permute axes, or broadcast (stride 0)."""

    def __init__(self, base_shape, key=None, perm=None, shape=None, kind="contiguous"):
        self.base_shape, self.key, self.perm, self.shape, self.kind = tuple(base_shape), key, perm, shape, kind

    def __call__(self, a, xp):
        if self.key is not None:
            a = a[self.key] if self.key != () else a[...]  # a 0-d view, not NumPy's scalar
        if self.perm is not None:
            a = xp.permute_dims(a, self.perm)
        if self.kind == "broadcast":
            a = xp.broadcast_to(a, self.shape)
        return a

    def __repr__(self):
        return f"View({self.kind}, base={self.base_shape}, key={self.key}, perm={self.perm})"


def _stepped_slice(draw, n, step, extra):
    """A slice of n elements with `step` out of an axis of n * |step| + extra."""
    size = n * abs(step) + extra
    if n == 0:
        return slice(0, 0, step), size
    if step > 0:
        start = draw(st.integers(0, step + extra - 1))
        return slice(start, start + (n - 1) * step + 1, step), size
    start = size - 1 - draw(st.integers(0, -step + extra - 1))
    stop = start + (n - 1) * step - 1
    return slice(start, None if stop < 0 else stop, step), size


@st.composite
def views(draw, shape, broadcast=True):
    shape = tuple(shape)
    ndim = len(shape)
    kinds = ["contiguous", "sliced", "permuted", "sliced+permuted"] + (["broadcast"] if broadcast else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "broadcast":
        lead = draw(st.integers(0, ndim))
        src = tuple(1 if draw(st.booleans()) else n for n in shape[lead:])
        return View(src, shape=shape, kind=kind)
    perm, mid = None, list(shape)
    if "permuted" in kind and ndim >= 2:
        perm = tuple(draw(st.permutations(range(ndim))))
        for i, p in enumerate(perm):
            mid[p] = shape[i]
    key, base = None, mid
    if "sliced" in kind:
        steps = [draw(st.sampled_from([1, 2, -1, -2, 3, -3])) for _ in mid]
        extras = [draw(st.integers(0, 2)) for _ in mid]
        if math.prod(n * abs(s) + e for n, s, e in zip(mid, steps, extras)) > MAX_BASE:
            steps = [1 if s > 0 else -1 for s in steps]
            extras = [min(e, 1) for e in extras]
        parts = [_stepped_slice(draw, n, s, e) for n, s, e in zip(mid, steps, extras)]
        key, base = tuple(p[0] for p in parts), [p[1] for p in parts]
    return View(base, key, perm, kind=kind)


@st.composite
def operands(draw, dtype, shape, broadcast=True, elements_strategy=None):
    """(NumPy view, wgarray view) of the same values, of `shape`, in a drawn layout."""
    view = draw(views(shape, broadcast))
    els = elements(dtype) if elements_strategy is None else elements_strategy
    base = draw(hnp.arrays(dtype, view.base_shape, elements=els))
    note(f"{view}")
    return view(base, np), view(wg(base), wgarray)


def shapes(min_dims=0, max_dims=4, min_side=0, max_side=4):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side)


def python_scalars(kind=None):
    """Weak Python scalars (NEP 50) of each kind, specials and out-of-range integers included."""
    ints = st.one_of(st.integers(-300, 300), st.integers(-2 ** 63, 2 ** 64 - 1), st.integers(-2 ** 66, 2 ** 66),
                     st.sampled_from([0, 1, -1, 127, 128, 255, 256, -128, -129, 2 ** 31, 2 ** 63 - 1, -2 ** 63]))
    floats = st.one_of(st.floats(), st.sampled_from([0.0, -0.0, 0.5, -1.5, 2.5, math.inf, -math.inf, math.nan,
                                                     1e300, 5e-324, 3.4e38]))
    by_kind = {"b": st.booleans(), "i": ints, "f": floats,
               "c": st.complex_numbers(allow_nan=True, allow_infinity=True)}
    return by_kind[kind] if kind else st.one_of(*by_kind.values())


@st.composite
def axes(draw, ndim, tuples=True, none=True):
    """None, an int (either sign) or a tuple of distinct axes (possibly empty)."""
    options = (["none"] if none else []) + (["int"] if ndim else []) + (["tuple"] if tuples else [])
    kind = draw(st.sampled_from(options))
    if kind == "none":
        return None
    if kind == "int":
        return draw(st.integers(-ndim, ndim - 1))
    chosen = draw(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim)) if ndim else []
    return tuple(a - ndim if draw(st.booleans()) else a for a in chosen)


def axis_tuple(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    return tuple(a % ndim for a in ((axis,) if isinstance(axis, int) else axis))


# -- comparison helpers ------------------------------------------------------------------------
def kind_of(values):
    """The kind (b, i, u, f, c) NumPy 2 promotes arrays and weak Python scalars to."""
    weak = {bool: False, int: 0, float: 0.0, complex: 0j}
    return np.result_type(*[weak[type(v)] if type(v) in weak else v for v in values]).kind


def raises_like(exc: Exception):
    """The exception class wgarray must raise where NumPy raised exc."""
    for cls in (OverflowError, IndexError, TypeError, ValueError):
        if isinstance(exc, cls):
            return cls
    raise exc


def same_values(got, exp, signed_zeros=True):
    """Exact equality (dtype, shape, bits; NaN == NaN); signed_zeros=False lets 0.0 == -0.0."""
    if signed_zeros:
        return assert_same(got, exp)
    got = host(got)
    exp = np.asarray(exp)
    assert got.dtype == exp.dtype and got.shape == exp.shape, (got.dtype, got.shape, exp.dtype, exp.shape)
    bad = ~((got == exp) | ((got != got) & (exp != exp)))
    assert not bad.any(), f"differ at {np.argwhere(bad)[:5].tolist()}: got {got[bad][:5]}, NumPy {exp[bad][:5]}"


def assert_within(got, exp, bound, what=""):
    """got (wgarray) equals exp (NumPy) in dtype and shape; finite values within bound (elementwise;
    complex: a pair of bounds, for the real and imaginary parts), non-finite ones exactly (NaN ==
    NaN, infinities with their sign)."""
    got = host(got)
    exp = np.asarray(exp)
    assert got.dtype == exp.dtype, f"{what}: dtype {got.dtype}, NumPy gives {exp.dtype}"
    assert got.shape == exp.shape, f"{what}: shape {got.shape}, NumPy gives {exp.shape}"
    if exp.dtype.kind == "c":
        parts = [(got.real, exp.real, bound[0]), (got.imag, exp.imag, bound[1])]
    else:
        parts = [(got, exp, bound)]
    for g, e, bound in parts:
        g, e = g.astype(np.float64), e.astype(np.float64)
        finite = np.isfinite(e)
        with np.errstate(invalid="ignore"):
            bad = np.where(finite, ~(np.abs(g - e) <= bound), ~((g == e) | (np.isnan(g) & np.isnan(e))))
        if bad.any():
            idx = tuple(np.argwhere(bad)[0]) if bad.ndim else ()
            b = np.broadcast_to(bound, bad.shape)[idx]
            pytest.fail(f"{what}: {int(bad.sum())} of {bad.size} differ; first at {idx}: got {g[idx]!r}, "
                        f"NumPy {e[idx]!r}, allowed {b!r}")
