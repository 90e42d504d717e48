"""Differential property-based tests against NumPy (hypothesis): elementwise functions,
reductions. Indexing, manipulation, sorting and searching: test_differential_arrays.py.
Strategies and comparisons shared by these files: differential_support.py.

Every property draws its host data with hypothesis.extra.numpy (special values included:
nan, inf, -0.0, subnormals, the extremes of each integer type), lays it out on the GPU as
NumPy does on the host (0-d, empty, broadcast, and non-contiguous views: stepped and
reversed slices, permuted axes, stride-0 broadcasts) and compares with NumPy: exactly for
the exact functions, within 2 ulp for the transcendental ones, and within the error bound
of any summation order for float reductions. In-place operators: test_differential_inplace.py.

CI runs a few examples of each property, derandomized (reproducible). For a longer search:

    WGARRAY_HYPOTHESIS_EXAMPLES=300 python -m pytest tests/test_differential*.py -n 2 \
        --hypothesis-seed=1 --hypothesis-show-statistics

runs that many examples of every property (each parametrized instance) instead, drawn at
random from the seed. Mismatches found so far are the test_known_* xfails at the end.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, note, strategies as st
from hypothesis.extra import numpy as hnp

import wgarray
from conftest import ALL_DTYPES, assert_same, host, wg
from differential_support import (NUMERIC_DTYPES, REAL_DTYPES, assert_within, axes, axis_tuple, elements, kind_of,
                                  operands, prop, python_scalars, raises_like, same_values, shapes)

# == 1. elementwise functions =================================================================
# name -> (NumPy function, kinds wgarray takes). Kinds outside must raise TypeError.
UNARY_EXACT = {
    "abs": (np.abs, "biufc"), "negative": (np.negative, "iufc"), "positive": (np.positive, "iufc"),
    "sign": (np.sign, "iufc"), "square": (np.square, "iufc"), "sqrt": (np.sqrt, "biufc"),
    "reciprocal": (np.reciprocal, "fc"), "floor": (np.floor, "biuf"), "ceil": (np.ceil, "biuf"),
    "trunc": (np.trunc, "biuf"), "round": (np.round, "iufc"), "isnan": (np.isnan, "biufc"),
    "isinf": (np.isinf, "biufc"), "isfinite": (np.isfinite, "biufc"), "signbit": (np.signbit, "f"),
    "logical_not": (np.logical_not, "biufc"), "bitwise_invert": (np.invert, "biu"), "real": (np.real, "biufc"),
    "imag": (np.imag, "biufc"), "conj": (np.conj, "iufc"),
}
# Real transcendental functions: wgarray's own (wgsl/lib_math.wgsl, docs/math.md), < 1 ulp;
# NumPy's are too, so allow 2 ulp between them. Complex forms: tests/test_math_complex.py.
UNARY_ULPS = {name: (getattr(np, np_name), "biufc") for name, np_name in [
    ("exp", "exp"), ("expm1", "expm1"), ("log", "log"), ("log1p", "log1p"), ("log2", "log2"),
    ("log10", "log10"), ("sin", "sin"), ("cos", "cos"), ("tan", "tan"), ("asin", "arcsin"),
    ("acos", "arccos"), ("atan", "arctan"), ("sinh", "sinh"), ("cosh", "cosh"), ("tanh", "tanh"),
    ("asinh", "arcsinh"), ("acosh", "arccosh"), ("atanh", "arctanh")]}
BINARY_EXACT = {
    "add": (np.add, "biufc"), "subtract": (np.subtract, "iufc"), "multiply": (np.multiply, "biufc"),
    "divide": (np.divide, "biufc"), "floor_divide": (np.floor_divide, "iuf"), "remainder": (np.remainder, "iuf"),
    "maximum": (np.maximum, "biufc"), "minimum": (np.minimum, "biufc"), "copysign": (np.copysign, "biuf"),
    "nextafter": (np.nextafter, "biuf"), "bitwise_and": (np.bitwise_and, "biu"),
    "bitwise_or": (np.bitwise_or, "biu"), "bitwise_xor": (np.bitwise_xor, "biu"),
    "bitwise_left_shift": (np.left_shift, "iu"), "bitwise_right_shift": (np.right_shift, "iu"),
    "logical_and": (np.logical_and, "biufc"), "logical_or": (np.logical_or, "biufc"),
    "logical_xor": (np.logical_xor, "biufc"), "equal": (np.equal, "biufc"), "not_equal": (np.not_equal, "biufc"),
    "less": (np.less, "biufc"), "less_equal": (np.less_equal, "biufc"), "greater": (np.greater, "biufc"),
    "greater_equal": (np.greater_equal, "biufc"),
}
BINARY_ULPS = {"pow": (np.power, "iufc"), "atan2": (np.arctan2, "biuf"), "hypot": (np.hypot, "biuf"),
               "logaddexp": (np.logaddexp, "biuf")}
ULPS = 2
# Exact in IEEE arithmetic, but complex multiply/divide are composite (a*b + c*d may be
# contracted into an fma or reassociated by the driver): a relative error, as test_elementwise.
COMPLEX_REL = {"multiply": 4, "divide": 4, "square": 4, "reciprocal": 4}
# NumPy accepts these but the standard gives another dtype (square(bool) -> int8 in NumPy), or
# the standard's complex special values differ from NumPy's (tests/test_math_complex.py).
NOT_COMPARED = {("square", "b"), ("conj", "b"), ("round", "b"), ("abs", "c"), ("sign", "c"), ("sqrt", "c"),
                ("pow", "c")} | {(name, "c") for name in UNARY_ULPS}
FUNCTIONS = {**UNARY_EXACT, **UNARY_ULPS, **BINARY_EXACT, **BINARY_ULPS}


def numpy_result(name, *args):
    """NumPy's answer."""
    f = FUNCTIONS[name][0]
    with np.errstate(all="ignore"):
        result = np.asarray(f(*args))
        if name == "floor_divide" and result.dtype.kind == "f":
            # The standard's special cases where NumPy differs (as tests/test_elementwise.py):
            # an infinite operand against a finite one divides as is (inf // 2 = inf, not nan).
            a, b = (np.asarray(v, result.dtype) for v in args)
            one_inf = (np.isinf(a) != np.isinf(b)) & ~np.isnan(a) & ~np.isnan(b)
            result = np.where(one_inf, np.divide(a, b), result).astype(result.dtype)
    return result


def bool_with_huge_int(args) -> bool:
    """A bool array with a Python int outside int64 (their NEP 50 result type): both raise
    OverflowError (test_fixed_bool_huge_int), so there is no result to compare."""
    arrays = [a for a in args if isinstance(a, np.ndarray)]
    return bool(arrays) and all(a.dtype.kind == "b" for a in arrays) and any(
        type(v) is int and not -2 ** 63 <= v < 2 ** 63 for v in args)


def check_function(name, np_args, wg_args):
    """wgarray.<name>(*wg_args) against NumPy on np_args: same exception class where NumPy raises,
    TypeError for kinds wgarray does not take, else the same result (exact, or within tolerance)."""
    kinds = FUNCTIONS[name][1]
    note(f"{name}{tuple(np_args)!r}")
    kind = kind_of(np_args)
    assume(not bool_with_huge_int(np_args))
    if (name, kind) in NOT_COMPARED:  # values not compared: only that wgarray takes them, in shape
        assert getattr(wgarray, name)(*wg_args).shape == np.broadcast_shapes(*(np.shape(a) for a in np_args))
        return
    if name.startswith("logical_"):
        # NumPy's logical functions read a Python int as a C long (OverflowError past int64) even
        # where it fits the array's dtype (uint64, floats); NEP 50 takes it as that dtype's value.
        d = [a for a in np_args if isinstance(a, np.ndarray)][0].dtype
        np_args = [d.type(v) if type(v) is int and not -2 ** 63 <= v < 2 ** 63 and (
            d.kind in "fc" or d == np.uint64 and 0 <= v < 2 ** 64) else v for v in np_args]
    try:
        exp = numpy_result(name, *np_args)
    except Exception as e:  # NumPy refuses: wgarray must refuse the same way
        with pytest.raises(raises_like(e)):
            getattr(wgarray, name)(*wg_args)
        return
    if kind not in kinds:
        with pytest.raises(TypeError):
            getattr(wgarray, name)(*wg_args)
        return
    got = getattr(wgarray, name)(*wg_args)
    tolerance = dict(ulps=ULPS) if name in UNARY_ULPS or name in BINARY_ULPS else {}
    if exp.dtype.kind == "c" and name in COMPLEX_REL:
        tolerance = dict(rel=COMPLEX_REL[name])
    inputs = [np.broadcast_to(a, exp.shape) if isinstance(a, np.ndarray) else a for a in np_args]
    assert_same(got, exp, inputs=inputs, **tolerance)


@pytest.mark.parametrize("name", sorted({**UNARY_EXACT, **UNARY_ULPS}))
@prop(12)
@given(data=st.data())
def test_unary(name, data):
    kinds = FUNCTIONS[name][1]
    dtype = data.draw(st.sampled_from([d for d in ALL_DTYPES if d.kind in kinds] if data.draw(st.integers(0, 9))
                                      else ALL_DTYPES), label="dtype")
    shape = data.draw(shapes(), label="shape")
    h, x = data.draw(operands(dtype, shape))
    check_function(name, [h], [x])


def _nonnegative(name, dtype, promoted_kind):
    """Elements for an exponent or shift count of dtype: non-negative where the standard needs it.

    Integers to negative integer powers: NumPy raises ValueError, the standard leaves them
    unspecified (docs/limitations.md). Shifts: the standard requires non-negative counts (NumPy
    shifts by a negative count as by a huge one); counts of the bit width and more are defined by
    NumPy and tested."""
    restrict = (name == "pow" and promoted_kind in "iu") or name.endswith("_shift")
    return elements(dtype, min_value=0) if restrict and dtype.kind == "i" else None


@pytest.mark.parametrize("name", sorted({**BINARY_EXACT, **BINARY_ULPS}))
@prop(25)
@given(data=st.data())
def test_binary(name, data):
    kinds = FUNCTIONS[name][1]
    in_kinds = [d for d in ALL_DTYPES if d.kind in kinds + "b"]
    d1 = data.draw(st.sampled_from(in_kinds if data.draw(st.integers(0, 9)) else ALL_DTYPES), label="d1")
    form = data.draw(st.sampled_from(["arrays", "arrays", "arrays", "scalar right", "scalar left"]), label="form")
    if form == "arrays":
        d2 = data.draw(st.sampled_from([d1, d1, *in_kinds, *ALL_DTYPES]), label="d2")
        s1, s2 = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=4, min_side=0,
                                                              max_side=4), label="shapes").input_shapes
        h1, x1 = data.draw(operands(d1, s1))
        h2, x2 = data.draw(operands(d2, s2, elements_strategy=_nonnegative(name, d2, np.promote_types(d1, d2).kind)))
        np_args, wg_args = [h1, h2], [x1, x2]
    else:
        s = data.draw(python_scalars(), label="scalar")
        shape = data.draw(shapes(), label="shape")
        if form == "scalar right":
            h, x = data.draw(operands(d1, shape))
            if (name == "pow" and type(s) is int and s < 0 and kind_of([h, s]) in "iu") or (
                    name.endswith("_shift") and type(s) is int and s < 0):
                s = -s  # as _nonnegative
            np_args, wg_args = [h, s], [x, s]
        else:
            h, x = data.draw(operands(d1, shape, elements_strategy=_nonnegative(name, d1, kind_of([s, np.zeros(1, d1)]))))
            np_args, wg_args = [s, h], [s, x]
    check_function(name, np_args, wg_args)


@prop(60)
@given(data=st.data())
def test_where(data):
    (sc, s1, s2), _ = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=3, min_dims=0, max_dims=4,
                                                                   min_side=0, max_side=4))
    hc, c = data.draw(operands(np.dtype(bool), sc))
    args = []
    for s in (s1, s2):
        if data.draw(st.integers(0, 4)):
            args.append(data.draw(operands(data.draw(st.sampled_from(ALL_DTYPES)), s)))
        else:
            v = data.draw(python_scalars())
            args.append((v, v))
    (h1, x1), (h2, x2) = args
    for v, other in ((h1, h2), (h2, h1)):
        if type(v) is int and isinstance(other, np.ndarray) and other.dtype.kind in "iu" and not (
                np.iinfo(other.dtype).min <= v <= np.iinfo(other.dtype).max):
            # NEP 50: a Python int out of the array's range is an OverflowError, as in every other
            # function; NumPy's where alone wraps it silently (where(True, 1000, int8) -> -24).
            with pytest.raises(OverflowError):
                wgarray.where(c, x1, x2)
            return
    try:
        exp = np.where(hc, h1, h2)
    except Exception as e:
        with pytest.raises(raises_like(e)):
            wgarray.where(c, x1, x2)
        return
    if not isinstance(h1, np.ndarray) and not isinstance(h2, np.ndarray):
        assume(False)  # two Python scalars: NumPy takes their default dtypes, the standard needs an array
    assert_same(wgarray.where(c, x1, x2), exp)


@prop(60)
@given(data=st.data())
def test_clip(data):
    dtype = data.draw(st.sampled_from([d for d in REAL_DTYPES if d.kind != "b"]))
    shape = data.draw(shapes())
    h, x = data.draw(operands(dtype, shape))
    bounds_h, bounds_x = [], []
    for _ in range(2):
        form = data.draw(st.sampled_from(["none", "array", "scalar"]))
        if form == "none":
            bounds_h.append(None), bounds_x.append(None)
        elif form == "array":  # of x's dtype (the standard keeps x's dtype; NumPy would promote)
            bshape = data.draw(hnp.broadcastable_shapes(shape, min_dims=0, max_dims=len(shape), min_side=0))
            hb, xb = data.draw(operands(dtype, bshape))
            bounds_h.append(hb), bounds_x.append(xb)
        else:  # a Python scalar of x's kind, in range (NumPy would promote or raise otherwise)
            if dtype.kind == "f":
                v = data.draw(st.floats(width=32 if dtype == np.float32 else 64))
            else:
                info = np.iinfo(dtype)
                v = data.draw(st.integers(int(info.min), int(info.max)))
            bounds_h.append(v), bounds_x.append(v)
    try:
        with np.errstate(all="ignore"):
            exp = h.copy() if all(b is None for b in bounds_h) else np.clip(h, *bounds_h)
    except Exception as e:  # bounds that do not broadcast together
        with pytest.raises(raises_like(e)):
            wgarray.clip(x, *bounds_x)
        return
    assert_same(wgarray.clip(x, *bounds_x), exp)


# == 2. reductions ============================================================================
SUM_LIKE = {"sum": np.sum, "mean": np.mean}
BOUNDED = dict(min_value=-1e3, max_value=1e3)  # finite parts never overflow in any order


def reduction_elements(dtype):
    """Values whose sums cannot overflow in any order (so that inf/nan results are order-free),
    with nan, +-inf, -0.0 and subnormals; integers over their whole range (exact, wrapping)."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return st.one_of(elements(dtype, **BOUNDED),
                         st.sampled_from([np.nan, np.inf, -np.inf, -0.0, np.finfo(dtype).smallest_subnormal]))
    if dtype.kind == "c":
        part = reduction_elements(np.float32 if dtype == np.complex64 else np.float64)
        return st.builds(complex, part, part)
    return elements(dtype)


def sum_bound(h, axis, keepdims, out_dtype, mean=False):
    """|any order's sum - another's| <= 2 * (n - 1) * u * sum|x| (u = eps/2, per part), plus
    subnormal rounding; for means divided by n. Returned in float64 per output element."""
    real = np.float32 if out_dtype in (np.float32, np.complex64) else np.float64
    eps, tiny = np.finfo(real).eps, np.finfo(real).smallest_subnormal
    ax = axis_tuple(axis, h.ndim)
    n = math.prod(h.shape[a] for a in ax)
    bounds = []
    for part in ((h.real, h.imag) if h.dtype.kind == "c" else (h,)):
        with np.errstate(all="ignore"):
            total = np.sum(np.abs(part.astype(np.float64)), axis=ax, keepdims=keepdims)
        bounds.append((max(n, 1) * eps * total + 4 * n * tiny) / (max(n, 1) if mean else 1))
    return bounds if h.dtype.kind == "c" else bounds[0]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy: mean of an empty slice
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "all", "any", "count_nonzero"])
@prop(40)
@given(data=st.data())
def test_reductions(name, data):
    allowed = {"max": REAL_DTYPES, "min": REAL_DTYPES, "mean": NUMERIC_DTYPES}.get(name, ALL_DTYPES)
    dtype = data.draw(st.sampled_from(allowed), label="dtype")
    shape = data.draw(shapes(max_dims=4, max_side=5) if name != "prod" else shapes(max_dims=3, max_side=3),
                      label="shape")
    if name in ("sum", "mean"):
        els = reduction_elements(dtype)
    elif name == "prod" and dtype.kind == "f":
        # Factors of magnitude 1/8..8 (or 0, inf, nan), at most 27 of them: no partial product
        # over- or underflows in any order (8^27 < 2^128); the sign, of zeros too, is the xor of the signs.
        mag = st.floats(0.125, 8.0, width=32 if dtype == np.float32 else 64)
        els = st.one_of(mag, mag.map(lambda v: -v), st.sampled_from([0.0, -0.0, np.inf, -np.inf, np.nan]))
    elif name == "prod" and dtype.kind == "c":
        # Small Gaussian integers: exact products in any order, up to the sign of zero parts.
        els = st.builds(complex, st.integers(-1, 1), st.integers(-1, 1))
    else:
        els = elements(dtype)
    h, x = data.draw(operands(dtype, shape, elements_strategy=els))
    axis = data.draw(axes(len(shape)), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    f = getattr(wgarray, name)
    try:
        with np.errstate(all="ignore"):
            exp = np.asarray(getattr(np, name)(h, axis=axis, keepdims=keepdims))
    except Exception as e:  # max/min of nothing
        with pytest.raises(raises_like(e)):
            f(x, axis=axis, keepdims=keepdims)
        return
    got = f(x, axis=axis, keepdims=keepdims)
    if name == "count_nonzero":
        exp = exp.astype(np.int64)  # NumPy: intp; the standard: the default integer
    if name in ("sum", "mean") and exp.dtype.kind in "fc":
        # Tree-order summation (wgarray) and pairwise (NumPy) are both within the bound of any order.
        if name == "mean" and exp.dtype.kind == "c":
            # NumPy's mean divides the complex sum by the count as a complex number, so a NaN or
            # inf in one part spreads to the other (mean(0+nanj) = nan+nanj, mean(0+infj) =
            # nan+infj); the standard's mean is sum / n, which wgarray divides part by part.
            with np.errstate(all="ignore"):
                total = np.asarray(np.sum(h, axis=axis, keepdims=keepdims))
                n = math.prod(h.shape[a] for a in axis_tuple(axis, h.ndim))
                exp = np.empty_like(total)
                exp.real, exp.imag = total.real / total.real.dtype.type(n), total.imag / total.real.dtype.type(n)
        assert_within(got, exp, sum_bound(h, axis, keepdims, exp.dtype, mean=name == "mean"), name)
    elif name == "prod" and exp.dtype.kind == "f":
        n = math.prod(h.shape[a] for a in axis_tuple(axis, h.ndim))
        bound = 2 * n * np.finfo(exp.dtype).eps * np.abs(exp.astype(np.float64))
        assert_within(got, exp, bound, name)
        assert (np.signbit(host(got)) == np.signbit(exp))[~np.isnan(exp)].all(), "sign of a product"
    elif name in ("max", "min", "prod") and exp.dtype.kind in "fc":
        # Which of 0.0 and -0.0 (equal) comes out depends on the order of the tree.
        same_values(got, exp, signed_zeros=False)
    else:
        assert_same(got, exp)


def var_bound(h, axis, keepdims, correction, out_dtype):
    """Two-pass variance: |error| <= (n + 4) u' sum|d|^2 + n delta^2, delta the mean's error, per
    implementation; twice that between two. Returned for the variance, per output element."""
    real = np.float32 if out_dtype == np.float32 else np.float64
    eps = np.finfo(real).eps
    ax = axis_tuple(axis, h.ndim)
    n = math.prod(h.shape[a] for a in ax)
    hl = h.astype(np.clongdouble if h.dtype.kind == "c" else np.longdouble)
    with np.errstate(all="ignore"):
        m = np.mean(hl, axis=ax, keepdims=True)
        s2 = np.sum(np.abs(hl - m) ** 2, axis=ax, keepdims=keepdims).astype(np.float64)
        delta = eps * np.sum(np.abs(hl), axis=ax, keepdims=keepdims).astype(np.float64)
        return 2 * ((n + 4) * eps * s2 + n * delta ** 2 + 8 * n * np.finfo(real).smallest_subnormal) / max(
            n - correction, 1)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy: mean of an empty slice
@pytest.mark.parametrize("name", ["var", "std"])
@prop(40)
@given(data=st.data())
def test_var_std(name, data):
    dtype = data.draw(st.sampled_from(NUMERIC_DTYPES), label="dtype")
    shape = data.draw(shapes(max_dims=3, max_side=5), label="shape")
    els = reduction_elements(dtype)
    if dtype.kind in "iu":  # mean and deviations exact enough in float64: no huge integers
        info = np.iinfo(dtype)
        els = st.integers(max(int(info.min), -1000), min(int(info.max), 1000)).map(dtype.type)
    h, x = data.draw(operands(dtype, shape, elements_strategy=els))
    axis = data.draw(axes(len(shape)), label="axis")
    keepdims = data.draw(st.booleans())
    n = math.prod(h.shape[a] for a in axis_tuple(axis, h.ndim))
    correction = data.draw(st.sampled_from([0, 1, 0.5] if n > 1 else [0]), label="correction")
    with np.errstate(all="ignore"):
        exp = np.asarray(getattr(np, name)(h, axis=axis, keepdims=keepdims, ddof=correction))
    got = getattr(wgarray, name)(x, axis=axis, keepdims=keepdims, correction=correction)
    bound = var_bound(h, axis, keepdims, correction, exp.dtype)
    if name == "std":  # compare squares: |g^2 - e^2| is the variances' difference (plus sqrt's rounding)
        g = host(got)
        assert g.dtype == exp.dtype and g.shape == exp.shape
        with np.errstate(all="ignore"):
            sq = wgarray.asarray(g.astype(np.float64) ** 2)
            bound = bound + 4 * np.finfo(exp.dtype).eps * (exp.astype(np.float64) ** 2)
        assert_within(sq, exp.astype(np.float64) ** 2, bound, name)
    else:
        assert_within(got, exp, bound, name)


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@prop(40)
@given(data=st.data())
def test_arg_reductions(name, data):
    dtype = data.draw(st.sampled_from(REAL_DTYPES), label="dtype")
    shape = data.draw(shapes(max_dims=3, max_side=6), label="shape")
    pool = data.draw(st.lists(elements(dtype), min_size=1, max_size=6), label="pool")  # ties
    h, x = data.draw(operands(dtype, shape, elements_strategy=st.sampled_from(pool)))
    axis = data.draw(st.none() | st.integers(-len(shape), len(shape) - 1) if shape else st.none(), label="axis")
    keepdims = data.draw(st.booleans())
    try:
        exp = np.asarray(getattr(np, name)(h, axis=axis, keepdims=keepdims)).astype(np.int64)
    except Exception as e:
        with pytest.raises(raises_like(e)):
            getattr(wgarray, name)(x, axis=axis, keepdims=keepdims)
        return
    assert_same(getattr(wgarray, name)(x, axis=axis, keepdims=keepdims), exp)


@prop(60)
@given(data=st.data())
def test_cumulative_sum(data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES), label="dtype")
    shape = data.draw(shapes(min_dims=1, max_dims=3, max_side=6), label="shape")
    h, x = data.draw(operands(dtype, shape, elements_strategy=reduction_elements(dtype)))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    include_initial = data.draw(st.booleans())
    exp = np.cumulative_sum(h, axis=axis, include_initial=include_initial)
    got = wgarray.cumulative_sum(x, axis=axis, include_initial=include_initial)
    if exp.dtype.kind in "fc":
        # Prefix k of a scan in any order: within 2 k u sum_{i<=k} |x_i| of another order's.
        real = np.float32 if exp.dtype in (np.float32, np.complex64) else np.float64
        ax = axis % h.ndim
        k = np.arange(1, h.shape[ax] + 1).reshape([-1 if i == ax else 1 for i in range(h.ndim)])
        bounds = []
        for part in ((h.real, h.imag) if h.dtype.kind == "c" else (h,)):
            with np.errstate(invalid="ignore"):
                prefix = np.cumulative_sum(np.abs(part.astype(np.float64)), axis=ax)
            bound = k * np.finfo(real).eps * prefix + 4 * k * np.finfo(real).smallest_subnormal
            if include_initial:
                bound = np.concatenate([np.zeros([1 if i == ax else n for i, n in enumerate(bound.shape)]), bound],
                                       axis=ax)
            bounds.append(bound)
        bound = bounds if h.dtype.kind == "c" else bounds[0]
        assert_within(got, exp, bound, "cumulative_sum")
    else:
        assert_same(got, exp)


# == mismatches with NumPy that these properties found, fixed =====================================
def test_fixed_mixed_int_loop():
    # NumPy picks the first float loop both integer dtypes cast to safely, not the promoted one's
    u, i, b = np.array([3], np.uint16), np.array([4], np.int8), np.array([5], np.uint8)
    assert_same(wgarray.hypot(wg(u), wg(i)), np.hypot(u, i))  # float32, not int32's float64
    assert_same(wgarray.hypot(wg(b), wg(i)), np.hypot(b, i))  # float16, not int16's float32


def test_fixed_logical_scalar_truth():
    x, f = np.array([1], np.int8), np.array([0.0, 1.0], np.float32)
    assert_same(wgarray.logical_and(wg(x), 128), np.logical_and(x, 128))  # 128 beyond int8: its truth
    assert_same(wgarray.logical_or(wg(f), 5e-324), np.logical_or(f, 5e-324))  # 0 in float32, true in Python
    assert_same(wgarray.logical_xor(0.0, wg(f)), np.logical_xor(0.0, f))


def test_fixed_setitem_leading_unit_dims():
    h, x = np.zeros((2, 3)), wg(np.zeros((2, 3)))
    h[:] = np.ones((1, 2, 3))
    x[:] = wg(np.ones((1, 2, 3)))
    assert_same(x, h)


def test_fixed_logaddexp_zero_sign():
    a, b = np.array([-0.0, -1000.0]), np.array([-1000.0, -0.0])
    assert_same(wgarray.logaddexp(wg(a), wg(b)), np.logaddexp(a, b))


def test_fixed_repeat_empty_list():
    h = np.zeros(0, np.float32)
    assert_same(wgarray.repeat(wg(h), []), np.repeat(h, []))


def test_fixed_bool_huge_int():
    with pytest.raises(OverflowError):
        wgarray.add(wg(np.array([True])), 2 ** 63)


def test_fixed_setitem_empty_gpu_mask():
    x, m = wgarray.zeros(0), wgarray.zeros(0, dtype=wgarray.bool)
    with pytest.raises(ValueError):  # NumPy: shape mismatch: value array of shape (2,) ... (0,)
        x[m] = wgarray.ones(2)
