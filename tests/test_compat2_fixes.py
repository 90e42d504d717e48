"""Differential tests of what the second corpus round (tests/corpus/*2.py) found: full integer indexing
returns a copy (NumPy's scalar), round() of arrays, shares_memory / may_share_memory, the keywords of
array_str / array_repr, and lstsq's rank type."""

import numpy as np
import pytest

import wgarray
from conftest import ALL_DTYPES, assert_same, sample, wg


# -- a[i, j] and a[()] are copies; a[i, ...] stays a view ------------------------------------------------
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_full_integer_index_is_a_copy(dtype):
    host = sample(dtype, 12).reshape(3, 4)
    x = wg(host)
    element, expected = x[1, 2], host[1, 2]
    x[1, 2] = x[0, 0]
    assert_same(element, expected)
    view = x[2, 3, ...]  # NumPy: an Ellipsis keeps the 0-d result a view
    x[2, 3] = x[0, 1]
    assert_same(view, host[0, 1])


@pytest.mark.parametrize("key", [(1,), (-1,), (np.int64(2),)])
def test_swap_through_temporary_on_strided_view(key):
    host = np.arange(10.0)[::-2]
    x = wgarray.arange(10.0)[::-2]
    for a in (host, x):
        tmp = a[key]
        a[key] = a[0]
        a[0] = tmp
    assert_same(x, host)


def test_zero_d_empty_tuple_is_a_copy_and_ellipsis_a_view():
    x, host = wgarray.asarray(5.0), np.array(5.0)
    copy, view = x[()], x[...]
    x[()] = 7
    assert_same(copy, host[()])
    assert_same(view, np.array(7.0))


def test_iteration_yields_copies():
    x = wgarray.arange(4)
    items = list(x)
    x[:] = 0
    assert [int(i) for i in items] == [0, 1, 2, 3]


def test_item_and_stack_of_scalars_still_work():
    x = wgarray.asarray([[1.5, 2.5], [3.5, 4.5]])
    assert x.item(3) == 4.5 and x.item((1, 0)) == 3.5 and wgarray.asarray([7]).item() == 7
    c, s = wgarray.cos(0.5), wgarray.sin(0.5)
    assert_same(wgarray.array([[c, -s], [s, c]]), np.array([[np.cos(0.5), -np.sin(0.5)], [np.sin(0.5), np.cos(0.5)]]))
    assert_same(wgarray.stack([x[0, 0], x[1, 1]]), np.array([1.5, 4.5]))
    assert_same(wgarray.indices(()), np.indices(()))


# -- round() -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [2.5, 3.5, -1.25, 7, np.float32(0.123456)])
def test_python_round_of_zero_d(value):
    host = np.asarray(value)
    x = wg(host)
    assert round(x) == round(host[()]) and type(round(x)) is int
    assert_same(round(x, 2), np.round(host, 2))


def test_python_round_of_vector_keeps_dtype():
    host = np.array([1.25, -2.5, 3.75], dtype=np.float32)
    assert_same(round(wg(host), 1), np.round(host, 1))
    assert_same(round(wg(host)), np.round(host))


def test_round_of_complex_scalar_raises_like_python():
    with pytest.raises(TypeError):
        round(wgarray.asarray(1 + 2j))


# -- shares_memory / may_share_memory ------------------------------------------------------------------
def _pairs():
    base = np.arange(24.0).reshape(4, 6)
    return [
        (lambda a: a[0], lambda a: a[1]),                  # disjoint rows
        (lambda a: a[:2], lambda a: a[1:]),                 # overlapping rows
        (lambda a: a[:, ::2], lambda a: a[:, 1::2]),        # interleaved columns: spans overlap, bytes do not
        (lambda a: a[:, ::2], lambda a: a[:, 2::4]),        # a subset of the columns
        (lambda a: a, lambda a: a.T),
        (lambda a: a[::-1], lambda a: a[3]),
        (lambda a: a[:0], lambda a: a),                      # empty
        (lambda a: a.reshape(-1)[1::3], lambda a: a.reshape(-1)[2::3]),
    ], base


@pytest.mark.parametrize("index", range(8))
def test_shares_memory_matches_numpy(index):
    pairs, base = _pairs()
    first, second = pairs[index]
    x = wg(base)
    assert wgarray.shares_memory(first(x), second(x)) == np.shares_memory(first(base), second(base))
    assert wgarray.may_share_memory(first(x), second(x)) == np.may_share_memory(first(base), second(base))


def test_shares_memory_other_buffers_and_dtype_views():
    x, y = wgarray.arange(4), wgarray.arange(4)
    assert not wgarray.shares_memory(x, y) and not wgarray.may_share_memory(x, x.copy())
    assert not wgarray.may_share_memory([1, 2], [1, 2])
    host = np.arange(4, dtype=np.int32)
    w = wg(host)
    assert wgarray.shares_memory(w[1:2], w.view(np.int16)[3:4]) == np.shares_memory(host[1:2], host.view(np.int16)[3:4])
    assert wgarray.shares_memory(w[1:2], w.view(np.int16)[4:5]) == np.shares_memory(host[1:2], host.view(np.int16)[4:5])


def test_shares_memory_max_work():
    x = wgarray.arange(100.0)
    with pytest.raises(np.exceptions.TooHardError):
        wgarray.shares_memory(x[::2], x[1::2], max_work=10)


# -- array_str / array_repr keywords ---------------------------------------------------------------
@pytest.mark.parametrize("func", ["array_str", "array_repr"])
@pytest.mark.parametrize("kwargs", [{"precision": 2}, {"max_line_width": 20}, {"suppress_small": True},
                                    {"precision": 1, "suppress_small": True}])
def test_array_str_repr_keywords(func, kwargs):
    host = np.array([[1.23456, 1e-9, 2.5], [3.0, -4.75, 100.125]])
    assert getattr(wgarray, func)(wg(host), **kwargs) == getattr(np, func)(host, **kwargs)
    assert getattr(wgarray, func)(wg(host)) == getattr(np, func)(host)  # the options are restored


# -- lstsq -------------------------------------------------------------------------------------------
def test_lstsq_rank_is_int32():
    a = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    b = np.array([1.0, 2.0, 2.5])
    rank = wgarray.linalg.lstsq(wg(a), wg(b), rcond=None)[2]
    expected = np.linalg.lstsq(a, b, rcond=None)[2]
    assert type(rank) is type(expected) and rank == expected


# -- vectorize ---------------------------------------------------------------------------------------
def _branchy(x, y):
    return x * 2 + y if x > y else x - y


@pytest.mark.parametrize("args", [(np.arange(4), 2), (np.array([[1, 5]]), np.array([[3], [0]])),
                                  (np.array([0.5, 3.5], dtype=np.float32), np.float32(1.0)), (3, 1)])
def test_vectorize_matches_numpy(args):
    expected = np.vectorize(_branchy)(*args)
    got = wgarray.vectorize(_branchy)(*(wg(a) if isinstance(a, np.ndarray) else a for a in args))
    assert_same(got, expected)


def test_vectorize_first_result_sets_the_dtype_and_otypes_override():
    def f(x):
        return 1 if x == 0 else x / 4
    host = np.arange(3)
    assert_same(wgarray.vectorize(f)(wg(host)), np.vectorize(f)(host))
    assert_same(wgarray.vectorize(f, otypes=[np.float32])(wg(host)), np.vectorize(f, otypes=[np.float32])(host))


def test_vectorize_tuples_excluded_decorator_and_empty():
    host = np.array([1.5, -2.5])
    got = wgarray.vectorize(lambda v: (v + 1, v > 0))(wg(host))
    expected = np.vectorize(lambda v: (v + 1, v > 0))(host)
    assert_same(got[0], expected[0])
    assert_same(got[1], expected[1])

    def scaled(x, table):
        return x * len(table)
    assert_same(wgarray.vectorize(scaled, excluded={"table"})(wg(host), table=[1, 2, 3]),
                np.vectorize(scaled, excluded={"table"})(host, table=[1, 2, 3]))

    @wgarray.vectorize
    def double(x):
        return 2 * x
    assert_same(double(wgarray.arange(3)), np.arange(3) * 2)
    with pytest.raises(ValueError):
        wgarray.vectorize(double)(wgarray.zeros(0))
    assert_same(wgarray.vectorize(abs, otypes="d")(wgarray.zeros((0, 2))), np.vectorize(abs, otypes="d")(np.zeros((0, 2))))
    with pytest.raises(NotImplementedError):
        wgarray.vectorize(abs, signature="(n)->()")


# -- fromstring --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, kwargs", [("1 2 3 4", {"dtype": int, "sep": " "}), ("1.5,2,3", {"sep": ","}),
                                          ("1 2 3", {"dtype": np.float32, "count": 2, "sep": " "})])
def test_fromstring_text(text, kwargs):
    assert_same(wgarray.fromstring(text, **kwargs), np.fromstring(text, **kwargs))


def test_fromstring_binary_mode_raises_as_numpy():
    with pytest.raises(ValueError):
        np.fromstring("abcd", dtype=np.uint8, sep="")
    with pytest.raises(ValueError):
        wgarray.fromstring("abcd", dtype=np.uint8, sep="")


# -- builtin divmod ------------------------------------------------------------------------------------
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy warns on the special values
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "float32", "float64"])
def test_builtin_divmod(dtype):
    host = sample(dtype, 6)
    divisor = np.array(3, dtype=dtype)
    for got, expected in zip(divmod(wg(host), 3), divmod(host, 3)):
        assert_same(got, expected)
    for got, expected in zip(divmod(7, wg(host[host != 0])), divmod(7, host[host != 0])):
        assert_same(got, expected)
    for got, expected in zip(divmod(wg(host), wg(divisor)), divmod(host, divisor)):
        assert_same(got, expected)


# -- setflags ----------------------------------------------------------------------------------------
def test_setflags_write_round_trip_and_views():
    x = wgarray.arange(4)
    x.setflags(write=False)
    with pytest.raises(ValueError):
        x[0] = 1
    view = x[1:]
    assert not view.flags.writeable
    with pytest.raises(ValueError):
        view.setflags(write=True)  # NumPy: its base is read-only
    x.setflags(write=True)
    x[0] = 9
    assert x.flags.writeable and int(x[0]) == 9
    x.setflags(align=True)
    with pytest.raises(ValueError):
        x.setflags(uic=True)


# -- names left to NumPy say why -----------------------------------------------------------------------
@pytest.mark.parametrize("name, words", [("datetime64", "dates"), ("ma", "masked"), ("matrix", "matrix"),
                                         ("nditer", "ndindex"), ("longdouble", "float64"), ("str_", "strings")])
def test_out_of_scope_names_explain(name, words):
    assert not hasattr(wgarray, name)
    with pytest.raises(AttributeError, match=words):
        getattr(wgarray, name)


def test_unknown_names_keep_numpys_message():
    with pytest.raises(AttributeError, match="has no attribute 'no_such_function'$"):
        wgarray.no_such_function  # noqa: B018


# -- operators with lists, tuples and None ------------------------------------------------------------
OPERATORS = ["__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__pow__", "__eq__",
             "__ne__", "__lt__", "__ge__", "__and__", "__or__", "__radd__", "__rsub__", "__rtruediv__"]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "bool"])
@pytest.mark.parametrize("method", OPERATORS)
@pytest.mark.parametrize("other", [[1, 2, 3], (2, 0, 1), [[1], [2]]], ids=["list", "tuple", "nested"])
def test_operators_take_sequences(dtype, method, other):
    host = np.array([1, 2, 3]).astype(dtype)
    try:
        expected = getattr(host, method)(other)
    except TypeError:  # NumPy refuses this dtype for the operator: so must wgarray
        with pytest.raises(TypeError):
            getattr(wg(host), method)(other)
        return
    assert_same(getattr(wg(host), method)(other), expected)


def test_sequence_operands_reflected_in_place_and_matmul():
    host = np.arange(4.0).reshape(2, 2)
    x = wg(host)
    assert_same([1.0, 2.0] - x, [1.0, 2.0] - host)
    assert_same((3, 4) == x, (3, 4) == host)
    assert_same(x @ [1.0, -1.0], host @ [1.0, -1.0])
    assert_same([[0.0, 1.0], [1.0, 0.0]] @ x, [[0.0, 1.0], [1.0, 0.0]] @ host)
    x += [10.0, 20.0]
    host += [10.0, 20.0]
    assert_same(x, host)
    with pytest.raises(ValueError):
        x + [1.0, 2.0, 3.0]


@pytest.mark.parametrize("shape", [(3,), (2, 0), ()])
def test_compare_with_none_is_elementwise(shape):
    host = np.zeros(shape)
    assert_same(wg(host) == None, host == None)  # noqa: E711
    assert_same(wg(host) != None, host != None)  # noqa: E711
    assert_same(None == wg(host), None == host)  # noqa: E711
    with pytest.raises(TypeError):
        wg(host) < None


# -- integers to negative integer powers ------------------------------------------------------------
@pytest.mark.parametrize("call", [lambda m, a: a ** -1, lambda m, a: m.power(a, -2), lambda m, a: m.pow(a, m.int64(-1)),
                                  lambda m, a: a.astype(m.int8) ** m.int8(-3), lambda m, a: (a > 0) ** -1])
def test_negative_integer_power_raises(call):
    host = np.array([1, 2, 3])
    with pytest.raises(ValueError):
        call(np, host)
    with pytest.raises(ValueError, match="negative integer powers"):
        call(wgarray, wg(host))


@pytest.mark.parametrize("exponent", [0, 2, -1.0, np.float32(-2)])
def test_other_integer_powers_still_compute(exponent):
    host = np.array([1, 2, 3], dtype=np.int32)
    assert_same(wg(host) ** exponent, host ** exponent)
    with pytest.raises(OverflowError):
        wg(host.astype(np.uint8)) ** -2


# -- an element cannot take a sequence --------------------------------------------------------------------
@pytest.mark.parametrize("value", [[1], (1,), np.array([1.0]), np.array([[1.0]])], ids=["list", "tuple", "1d", "2d"])
@pytest.mark.parametrize("key", [0, (1, 1), ()], ids=["int", "pair", "empty"])
def test_element_assignment_of_a_sequence_raises(value, key):
    host = np.zeros(()) if key == () else np.zeros((2, 2))[0] if key == 0 else np.zeros((2, 2))
    with pytest.raises(ValueError):
        host[key] = value
    x = wg(host)
    with pytest.raises(ValueError, match="sequence"):
        x[key] = wg(value) if isinstance(value, np.ndarray) else value


def test_element_assignment_of_zero_d_values_still_works():
    x, host = wgarray.zeros((2, 2)), np.zeros((2, 2))
    x[0, 1], host[0, 1] = wgarray.asarray(3.0), np.asarray(3.0)
    x[1], host[1] = [5.0, 6.0], [5.0, 6.0]
    x[:1], host[:1] = [[7.0, 8.0]], [[7.0, 8.0]]
    assert_same(x, host)


# -- NumPy's warnings for empty slices ----------------------------------------------------------------
@pytest.mark.parametrize("shape, axis", [((0,), None), ((0, 2), 0), ((3, 0), 1), ((3, 0), 0), ((2, 3), None),
                                         ((0, 0), 0), ((2, 3), (0, 1)), ((2, 0, 3), (0, -1))])
@pytest.mark.parametrize("name, kwargs", [("mean", {}), ("var", {}), ("std", {"ddof": 1}), ("var", {"ddof": 3})])
def test_empty_slice_warnings_match_numpy(shape, axis, name, kwargs):
    import warnings
    host = np.ones(shape)
    with warnings.catch_warnings(record=True) as expected, np.errstate(all="ignore"):
        warnings.simplefilter("always")
        getattr(np, name)(host, axis=axis, **kwargs)
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        getattr(wgarray, name)(wg(host), axis=axis, **kwargs)
    assert [str(w.message) for w in got] == [str(w.message) for w in expected if w.category is RuntimeWarning]
