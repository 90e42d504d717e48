"""numpy.testing's array assertions for wgarray arrays: assert_allclose, assert_array_equal,
assert_array_almost_equal, assert_array_less, assert_almost_equal, assert_equal.

The comparison runs on the GPU (isclose, equal and a fold to one bool). Only when it fails are the
operands downloaded, so that numpy.testing writes its report (mismatch counts, largest differences).
Arguments that are not wgarray arrays (lists, dicts, strings) go to numpy.testing unchanged.
"""

from __future__ import annotations

import numpy as np
import numpy.testing as npt

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.data_type_functions import astype, result_type
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.elementwise_functions import where
from .._api.manipulation_functions import broadcast_shapes, expand_dims
from .._api.statistical_functions import max as max_
from .._api.utility_functions import all as all_
from .logic import isclose

assert_ = npt.assert_
assert_raises = npt.assert_raises
assert_raises_regex = npt.assert_raises_regex
assert_warns = npt.assert_warns
assert_string_equal = npt.assert_string_equal  # text: nothing for the GPU


def _host(value):
    return np.asarray(value) if isinstance(value, Array) else value


def _pair(actual, desired):
    """Both as arrays when either is a wgarray array (else None: nothing here to compare on the GPU)."""
    if not isinstance(actual, Array) and not isinstance(desired, Array):
        return None
    x = as_array(actual, "assert")
    return x, as_array(desired, "assert", x.device)


def _same_layout(x: Array, y: Array, strict: bool) -> bool:
    if strict:
        return x.shape == y.shape and x._dtype == y._dtype
    if x.ndim and y.ndim and x.shape != y.shape:
        return False
    try:
        broadcast_shapes(x.shape, y.shape)
    except ValueError:
        return False
    return True


def _both_nan(x: Array, y: Array) -> Array:
    return E["logical_and"](E["isnan"](x), E["isnan"](y))


def _holds(mask: Array) -> bool:
    return bool(all_(mask))


def _numeric(x: Array) -> bool:
    return dt.kind(x._dtype) != "bool"


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False) -> None:
    """Raise an AssertionError unless two arrays are equal (NaNs in the same places count as equal).

    Parameters
    ----------
    actual : array_like
        The array obtained.
    desired : array_like
        The array expected.
    err_msg : str, optional
        Text added to the failure message.
    verbose : bool, optional
        Whether the failure message shows the values (default True).
    strict : bool, optional
        Also require equal shapes and dtypes (no broadcasting of scalars).

    Raises
    ------
    AssertionError
        If the arrays differ; the message is ``numpy.testing``'s.

    Notes
    -----
    Dtypes: every dtype; the two are compared as NumPy's ``==`` compares them (promoted
    together); NaNs in the same places count as equal for floating and complex dtypes.

    GPU: the comparison runs on the device and only one bool comes back; the operands are
    downloaded only when it fails, for ``numpy.testing``'s report (mismatch counts, largest
    differences). Arguments that are not wgarray arrays go to ``numpy.testing`` unchanged.

    Examples
    --------
    >>> wg.testing.assert_array_equal(wg.asarray([1.0, wg.nan]), [1.0, wg.nan])
    >>> wg.testing.assert_array_equal(wg.asarray([1, 2]), [1, 3])
    Traceback (most recent call last):
        ...
    AssertionError: ...
    """
    pair = _pair(actual, desired)
    if pair is not None:
        x, y = pair
        if _same_layout(x, y, strict):
            equal = E["equal"](x, y)
            if _numeric(x) and _numeric(y) and dt.kind(np.result_type(x._dtype, y._dtype)) in ("float", "complex"):
                equal = E["logical_or"](equal, _both_nan(x, y))
            if _holds(equal):
                return
    npt.assert_array_equal(_host(actual), _host(desired), err_msg=err_msg, verbose=verbose, strict=strict)
    raise AssertionError(f"Arrays are not equal (compared on the GPU)\n{err_msg}")


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True, *,
                    strict=False) -> None:
    """Raise an AssertionError unless ``|actual - desired| <= atol + rtol * |desired|`` everywhere.

    Parameters
    ----------
    actual : array_like
        The array obtained.
    desired : array_like
        The array expected.
    rtol : float, optional
        The relative tolerance (default 1e-7).
    atol : float, optional
        The absolute tolerance (default 0).
    equal_nan : bool, optional
        Whether NaNs in the same places count as equal (default True).
    err_msg : str, optional
        Text added to the failure message.
    verbose : bool, optional
        Whether the failure message shows the values (default True).
    strict : bool, optional
        Also require equal shapes and dtypes (no broadcasting of scalars).

    Raises
    ------
    AssertionError
        If the arrays differ; the message is ``numpy.testing``'s.

    Notes
    -----
    Dtypes: every dtype; ``desired`` is taken in a floating or complex dtype (bool and integers
    become float64), as in :func:`wgarray.isclose`.

    GPU: the comparison runs on the device and only one bool comes back; the operands are
    downloaded only when it fails, for ``numpy.testing``'s report (mismatch counts, largest
    differences). Arguments that are not wgarray arrays go to ``numpy.testing`` unchanged.

    Examples
    --------
    >>> wg.testing.assert_allclose(wg.asarray([1.0, 2.0]) + 1e-9, [1.0, 2.0], rtol=1e-6)
    """
    pair = _pair(actual, desired)
    if pair is not None:
        x, y = pair
        if _same_layout(x, y, strict) and _holds(isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)):
            return
    npt.assert_allclose(_host(actual), _host(desired), rtol=rtol, atol=atol, equal_nan=equal_nan, err_msg=err_msg,
                        verbose=verbose, strict=strict)
    raise AssertionError(f"Not equal to tolerance rtol={rtol:g}, atol={atol:g} (compared on the GPU)\n{err_msg}")


def _almost(x: Array, y: Array, decimal: int) -> Array:
    # NumPy's: y in an inexact dtype first, so that no integer difference wraps (abs(-128) in int8)
    y = astype(y, result_type(y, 1.0), copy=False)
    close = E["less"](E["abs"](E["subtract"](y, x)), 1.5 * 10.0 ** (-decimal))
    return E["logical_or"](E["logical_or"](close, E["equal"](x, y)), _both_nan(x, y))


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True) -> None:
    """Raise an AssertionError unless ``abs(desired - actual) < 1.5 * 10**(-decimal)`` everywhere.

    Parameters
    ----------
    actual : array_like
        The array obtained.
    desired : array_like
        The array expected.
    decimal : int, optional
        The number of decimals (default 6).
    err_msg : str, optional
        Text added to the failure message.
    verbose : bool, optional
        Whether the failure message shows the values (default True).

    Raises
    ------
    AssertionError
        If the arrays differ; the message is ``numpy.testing``'s.

    Notes
    -----
    Dtypes: every dtype; as NumPy, ``desired`` is taken in a floating or complex dtype first (bool
    and integers become float64), so integer differences cannot wrap. NaNs in the same places pass.

    GPU: the comparison runs on the device and only one bool comes back; the operands are
    downloaded only when it fails, for ``numpy.testing``'s report (mismatch counts, largest
    differences). Arguments that are not wgarray arrays go to ``numpy.testing`` unchanged.

    Examples
    --------
    >>> wg.testing.assert_array_almost_equal(wg.asarray([1.0, 2.0]), [1.0000001, 2.0])
    """
    pair = _pair(actual, desired)
    if pair is not None:
        x, y = pair
        if _same_layout(x, y, False) and _holds(_almost(x, y, decimal)):
            return
    npt.assert_array_almost_equal(_host(actual), _host(desired), decimal=decimal, err_msg=err_msg, verbose=verbose)
    raise AssertionError(f"Arrays are not almost equal to {decimal} decimals (compared on the GPU)\n{err_msg}")


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True) -> None:
    """Raise an AssertionError unless two arrays or scalars agree to ``decimal`` decimals.

    Parameters
    ----------
    actual : array_like
        The array obtained.
    desired : array_like
        The array expected.
    decimal : int, optional
        The number of decimals (default 7).
    err_msg : str, optional
        Text added to the failure message.
    verbose : bool, optional
        Whether the failure message shows the values (default True).

    Raises
    ------
    AssertionError
        If the arrays differ; the message is ``numpy.testing``'s.

    Notes
    -----
    Dtypes: every dtype (as :func:`wgarray.testing.assert_array_almost_equal`).

    GPU: the comparison runs on the device and only one bool comes back; the operands are
    downloaded only when it fails, for ``numpy.testing``'s report (mismatch counts, largest
    differences). Arguments that are not wgarray arrays go to ``numpy.testing`` unchanged.

    Examples
    --------
    >>> wg.testing.assert_almost_equal(wg.asarray(0.5), 0.50000001)
    """
    if isinstance(actual, Array) or isinstance(desired, Array):
        return assert_array_almost_equal(actual, desired, decimal, err_msg, verbose)
    npt.assert_almost_equal(actual, desired, decimal=decimal, err_msg=err_msg, verbose=verbose)


def _less(a: Array, b: Array) -> Array:
    """a < b; complex numbers in NumPy's lexicographic order (the real parts, then the imaginary ones)."""
    if "complex" not in (dt.kind(a._dtype), dt.kind(b._dtype)):
        return E["less"](a, b)
    real_a, real_b = E["real"](a), E["real"](b)
    imag_less = E["logical_and"](E["equal"](real_a, real_b), E["less"](E["imag"](a), E["imag"](b)))
    return E["logical_or"](E["less"](real_a, real_b), imag_less)


def assert_array_less(x, y, err_msg="", verbose=True, *, strict=False) -> None:
    """Raise an AssertionError unless ``x < y`` everywhere (NaNs in the same places pass).

    Parameters
    ----------
    x : array_like
        The smaller array.
    y : array_like
        The larger array.
    err_msg : str, optional
        Text added to the failure message.
    verbose : bool, optional
        Whether the failure message shows the values (default True).
    strict : bool, optional
        Also require equal shapes and dtypes (no broadcasting of scalars).

    Raises
    ------
    AssertionError
        If the arrays differ; the message is ``numpy.testing``'s.

    Notes
    -----
    Dtypes: every dtype, compared in their promoted dtype (NEP 50); complex numbers in NumPy's
    lexicographic order (the real parts, then the imaginary parts).

    GPU: the comparison runs on the device and only one bool comes back; the operands are
    downloaded only when it fails, for ``numpy.testing``'s report (mismatch counts, largest
    differences). Arguments that are not wgarray arrays go to ``numpy.testing`` unchanged.

    Examples
    --------
    >>> wg.testing.assert_array_less(wg.asarray([1, 2]), [2, 3])
    """
    pair = _pair(x, y)
    if pair is not None:
        a, b = pair
        if _same_layout(a, b, strict) and _holds(E["logical_or"](_less(a, b), _both_nan(a, b))):
            return
    npt.assert_array_less(_host(x), _host(y), err_msg=err_msg, verbose=verbose, strict=strict)
    raise AssertionError(f"Arrays are not less-ordered (compared on the GPU)\n{err_msg}")


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False) -> None:
    """Raise an AssertionError unless two objects are equal: arrays as ``assert_array_equal``,
    lists, tuples and dicts item by item, anything else as ``numpy.testing.assert_equal``.

    Parameters
    ----------
    actual : array_like or list or tuple or dict or object
        The object obtained.
    desired : array_like or list or tuple or dict or object
        The object expected.
    err_msg : str, optional
        Text added to the failure message.
    verbose : bool, optional
        Whether the failure message shows the values (default True).
    strict : bool, optional
        Also require equal shapes and dtypes where arrays are compared (no broadcasting of scalars).

    Raises
    ------
    AssertionError
        If the objects differ; the message is ``numpy.testing``'s (with the key or item that differs
        for dicts and sequences).

    Notes
    -----
    Dtypes: every dtype (as :func:`wgarray.testing.assert_array_equal`: NaNs in the same places count
    as equal).

    GPU: each pair in which one side is a wgarray array is compared on the device and only one bool
    comes back; the operands are downloaded only when it fails. Other values are compared on the host
    by ``numpy.testing.assert_equal``.

    Examples
    --------
    >>> wg.testing.assert_equal({"x": wg.asarray([1, 2]), "n": 3}, {"x": [1, 2], "n": 3})
    """
    if isinstance(actual, dict) and isinstance(desired, dict):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for key in desired:
            if key not in actual:
                raise AssertionError(repr(key))
            assert_equal(actual[key], desired[key], f"key={key!r}\n{err_msg}", verbose, strict=strict)
        return
    if isinstance(actual, (list, tuple)) and isinstance(desired, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k, (a, d) in enumerate(zip(actual, desired)):
            assert_equal(a, d, f"item={k!r}\n{err_msg}", verbose, strict=strict)
        return
    if isinstance(actual, Array) or isinstance(desired, Array):
        return assert_array_equal(actual, desired, err_msg, verbose, strict=strict)
    npt.assert_equal(actual, desired, err_msg=err_msg, verbose=verbose, strict=strict)


_SIGNED_MAGNITUDE = {dt.float16: (dt.int16, -2 ** 15), dt.float32: (dt.int32, -2 ** 31),
                     dt.float64: (dt.int64, -2 ** 63)}


def _ulp_distance(a, b, dtype) -> Array:
    """NumPy's nulp_diff: how many representable floats lie between a and b, elementwise, in their
    common float type and with NumPy's extra leading axis (NaNs of any payload count as equal)."""
    x, y = as_array(a, "assert_array_max_ulp"), as_array(b, "assert_array_max_ulp")
    if dtype is not None:
        x, y = astype(x, dt.as_dtype(dtype)), astype(y, dt.as_dtype(dtype))
    if dt.kind(x._dtype) == "complex" or dt.kind(y._dtype) == "complex":
        raise NotImplementedError("_nulp not implemented for complex array")
    common = np.dtype(np.common_type(np.empty(0, x._dtype), np.empty(0, y._dtype)))  # metadata
    if common not in _SIGNED_MAGNITUDE:
        raise ValueError(f"Unsupported dtype {common}")
    if x.shape != y.shape:
        raise ValueError(f"Arrays do not have the same shape: {(1, *x.shape)} - {(1, *y.shape)}")
    bits_type, most_negative = _SIGNED_MAGNITUDE[common]

    def signed_magnitude(v: Array) -> Array:
        v = astype(v, common)
        bits = where(E["isnan"](v), np.nan, v).view(bits_type)
        return where(bits < 0, most_negative - bits, bits)

    return expand_dims(E["abs"](astype(signed_magnitude(x) - signed_magnitude(y), common)), axis=0)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None) -> Array:
    """Raise an AssertionError if an element of a and b differs by more than maxulp units in the
    last place; return the ULP distances, as ``numpy.testing.assert_array_max_ulp``.

    Parameters
    ----------
    a, b : array_like
        The arrays compared (broadcast together).
    maxulp : int or float, optional
        The largest distance allowed, in units in the last place (default 1).
    dtype : dtype, optional
        The float dtype the distances are counted in (default: the operands' promoted dtype).

    Returns
    -------
    Array
        The distance of each pair of elements, in ULPs (NumPy's shape: a leading axis of 1).

    Raises
    ------
    AssertionError
        If a distance exceeds maxulp; the message names the largest.

    Notes
    -----
    Dtypes: float16, float32 and float64.

    GPU: the distances come from the floats' bit patterns (a reinterpreting view) on the device; one
    bool comes back, and the largest distance only when the check fails.
    """
    distance = _ulp_distance(a, b, dtype)
    if not _holds(distance <= maxulp):
        raise AssertionError(f"Arrays are not almost equal up to {maxulp:g} ULP "
                             f"(max difference is {float(max_(distance)):g} ULP)")
    return distance


FUNCTIONS = {f.__name__: f for f in (assert_, assert_raises, assert_raises_regex, assert_warns, assert_array_equal,
                                     assert_allclose, assert_array_almost_equal, assert_almost_equal,
                                     assert_array_less, assert_equal, assert_string_equal, assert_array_max_ulp)}
