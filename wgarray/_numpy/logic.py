"""NumPy's comparisons and selections that the array API standard lacks or has with fewer arguments:
where with one argument, clip with NumPy's names and out=, isclose, allclose, array_equal, select,
piecewise.
All computed on the GPU with the namespace's elementwise functions and reductions; only the final
True/False of allclose and array_equal is read back, since NumPy returns Python bools there.
"""

from __future__ import annotations

import builtins

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import elementwise_functions as elementwise
from .._api.coerce import as_array, as_operand
from .._api.creation_functions import full, zeros_like
from .._api.data_type_functions import astype, result_type
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE
from .._api.manipulation_functions import broadcast_shapes, broadcast_to, concat, expand_dims, stack
from .._api.searching_functions import nonzero
from .._api.utility_functions import all as all_, any as any_
from .reductions import NoValue, deliver


def where(condition, x=NoValue, y=NoValue, /) -> Array:
    """NumPy's where: with x and y, the elements of x where condition holds, else of y (the
    standard's where); with the condition alone, nonzero(condition)."""
    if x is NoValue and y is NoValue:
        return nonzero(condition)
    if x is NoValue or y is NoValue:
        raise ValueError("either both or neither of x and y should be given")
    return elementwise.where(condition, x, y)


def clip(x, /, min=NoValue, max=NoValue, out=None, *, a_min=NoValue, a_max=NoValue, **kwargs) -> Array:
    """NumPy's clip in the standard's form: bounds positional or by the standard's names (min,
    max) or NumPy's (a_min, a_max); out=."""
    if kwargs:
        raise TypeError(f"clip() got an unexpected keyword argument {next(iter(kwargs))!r}")
    if a_min is not NoValue and min is not NoValue:
        raise TypeError("clip: pass either a_min or min, not both")
    if a_max is not NoValue and max is not NoValue:
        raise TypeError("clip: pass either a_max or max, not both")
    lower = a_min if a_min is not NoValue else (None if min is NoValue else min)
    upper = a_max if a_max is not NoValue else (None if max is NoValue else max)
    return deliver(elementwise.clip(x, lower, upper), out, "clip", "same_kind")


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) -> Array:
    """``|a - b| <= atol + rtol * |b|`` elementwise (b the reference), as NumPy computes it: b in at
    least float64's kind (an integer b becomes the default float), equal infinities are close."""
    device = a.device if isinstance(a, Array) else (b.device if isinstance(b, Array) else None)
    x, y = as_operand(a, device, "isclose"), as_operand(b, device, "isclose")
    if isinstance(y, Array):
        y = astype(y, result_type(y, 1.0), copy=False)
    elif isinstance(y, int):
        y = float(y)
    abs_, isfinite = ELEMENTWISE["abs"], ELEMENTWISE["isfinite"]
    rtol, atol = as_operand(rtol, device, "isclose"), as_operand(atol, device, "isclose")
    bound = ELEMENTWISE["add"](atol, ELEMENTWISE["multiply"](rtol, abs_(y)))
    close = ELEMENTWISE["less_equal"](abs_(ELEMENTWISE["subtract"](x, y)), bound)
    result = (close & isfinite(y)) | ELEMENTWISE["equal"](x, y)
    if equal_nan:
        result = result | (ELEMENTWISE["isnan"](x) & ELEMENTWISE["isnan"](y))
    return as_array(result, "isclose", device)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    """Whether every element of a is close to b's (isclose); a Python bool, as in NumPy."""
    return builtins.bool(all_(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1, a2, equal_nan=False) -> bool:
    """Whether two arrays have the same shape and elements.

    Parameters
    ----------
    a1, a2 : array_like
        The arrays to compare (not broadcast: different shapes are unequal).
    equal_nan : bool, optional
        Whether NaNs in the same places count as equal (default False).

    Returns
    -------
    bool
        A Python bool, as in NumPy.

    Notes
    -----
    Dtypes: every dtype; the elements compare after NumPy's promotion (``1 == 1.0``).

    GPU: one map kernel (``equal``, with ``isnan`` for ``equal_nan``) and one fold kernel
    (``all``); reading its result is a host sync. Shapes that differ return False with no kernel.

    Examples
    --------
    >>> wg.array_equal(wg.asarray([1, 2]), [1.0, 2.0])
    True
    >>> wg.array_equal(wg.asarray([1.0, wg.nan]), wg.asarray([1.0, wg.nan]), equal_nan=True)
    True
    """
    x = as_array(a1, "array_equal")
    y = as_array(a2, "array_equal", x.device)
    if x.shape != y.shape:
        return False
    same = ELEMENTWISE["equal"](x, y)
    if equal_nan and dt.kind(result_type(x, y)) in ("float", "complex"):
        same = same | (ELEMENTWISE["isnan"](x) & ELEMENTWISE["isnan"](y))
    return builtins.bool(all_(same))


def select(condlist, choicelist, default=0) -> Array:
    """Per element, the choice of the first condition that holds, else ``default``.

    Parameters
    ----------
    condlist : sequence of array_like of bool
        The conditions (bool arrays: another dtype raises ``TypeError``, as in NumPy).
    choicelist : sequence of array_like
        One choice per condition; conditions and choices broadcast together.
    default : scalar or array_like, optional
        The value where no condition holds (default 0).

    Returns
    -------
    Array
        The chosen values, of the result dtype of the choices and ``default`` (NumPy 2's
        rules: Python scalars are weak).

    Raises
    ------
    ValueError
        If the two lists differ in length or are empty.

    Notes
    -----
    Dtypes: every dtype for the choices; bool conditions.

    GPU: one fill kernel for the default, then one map kernel (``where``) per condition, the
    last condition first so that earlier ones win.

    Examples
    --------
    >>> x = wg.arange(6)
    >>> wg.select([x < 2, x > 3], [x, x ** 2], default=-1)
    array([ 0,  1, -1, -1, 16, 25])
    """
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(choicelist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    conditions = [as_array(c, "select") for c in condlist]
    device = conditions[0].device
    # Python scalars stay weak in the result dtype, as in NumPy 2
    choices = [as_operand(c, device, "select") for c in choicelist]
    default = as_operand(default, device, "select")
    for i, condition in enumerate(conditions):
        if condition._dtype != dt.bool_:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    dtype = result_type(*choices, default)
    shape = broadcast_shapes(*(a.shape for a in (*choices, *conditions, default) if isinstance(a, Array)))
    result = full(shape, default, dtype=dtype, device=device) if not isinstance(default, Array) else astype(
        broadcast_to(default, shape), dtype)
    for condition, choice in zip(reversed(conditions), reversed(choices)):
        value = astype(choice, dtype, copy=False) if isinstance(choice, Array) else choice
        result = elementwise.where(condition, value, result)
    return result


def _conditions(condlist, x: Array) -> Array:
    """NumPy's piecewise conditions as one boolean array of shape (n, *x.shape): a single
    condition (a scalar, or a list or array whose items are scalars, for non-0-d x) is a list of one."""
    if isinstance(condlist, Array):
        single = x.ndim != 0 and condlist.ndim < 2
        conditions = astype(condlist, dt.bool_)
        return expand_dims(conditions, axis=0) if single else conditions
    items_are_arrays = not isinstance(condlist, (list, tuple)) or not condlist or isinstance(
        condlist[0], (list, np.ndarray, Array))
    if np.isscalar(condlist) or (not items_are_arrays and x.ndim != 0):
        condlist = [condlist]
    return stack([astype(as_array(c, "piecewise", x.device), dt.bool_) for c in condlist])


def piecewise(x, condlist, funclist, *args, **kw) -> Array:
    """Evaluate a piecewise-defined function.

    Each element of the result is given by the function (or value) of the condition that holds
    there; later conditions win, and elements where none holds are zero.

    Parameters
    ----------
    x : array_like
        The input array; the result has its shape and dtype.
    condlist : array_like of bool or sequence of array_like of bool
        The conditions, each of ``x``'s shape (one condition may be given alone).
    funclist : sequence of callables or scalars
        One per condition: a function called with the 1-d array of ``x``'s elements where its
        condition holds (skipped when there are none), or a value to put there. One more
        entry than conditions is the default, where no condition holds.
    *args
        Further positional arguments of every function.
    **kw
        Keyword arguments of every function.

    Returns
    -------
    Array
        The result, of ``x``'s shape and dtype (the functions' values are cast to it).

    Raises
    ------
    ValueError
        If ``funclist`` has neither as many entries as there are conditions nor one more.

    Notes
    -----
    Dtypes: every dtype.

    GPU: per function, a boolean-mask gather of ``x`` (a stream compaction; its size is read
    back, a host sync), the function's own kernels and a masked scatter into the result; a
    value is written through its mask. With a default, an ``any`` fold and a map kernel find
    where no condition holds.

    Examples
    --------
    >>> x = wg.asarray([-2.0, -1.0, 0.5, 3.0])
    >>> wg.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2])
    array([2.  , 1.  , 0.25, 9.  ])
    """
    x = as_array(x, "piecewise")
    conditions = _conditions(condlist, x)
    if len(conditions) == len(funclist) - 1:
        otherwise = ELEMENTWISE["logical_not"](any_(conditions, axis=0, keepdims=True))
        conditions = concat([conditions, otherwise], axis=0)
    elif len(conditions) != len(funclist):
        raise ValueError(f"with {len(conditions)} condition(s), either {len(conditions)} or {len(conditions) + 1} "
                         "functions are expected")
    y = zeros_like(x)
    for condition, func in zip(conditions, funclist):
        if not callable(func):
            y[condition] = func
        else:
            values = x[condition]
            if values.size > 0:
                y[condition] = func(values, *args, **kw)
    return y


FUNCTIONS = {"where": where, "clip": clip, "isclose": isclose, "allclose": allclose, "array_equal": array_equal,
             "select": select, "piecewise": piecewise}
