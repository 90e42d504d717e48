"""The standard's functions with NumPy's extra keywords: concatenate, stack, vstack, hstack (out,
dtype, casting), matmul (out, dtype, casting), take (out) and reshape (order). Each keeps the
standard's parameters and their kinds (the conformance suite checks them) and adds NumPy's as
keyword arguments; the work is the namespace function's, the output goes through `deliver`.
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._api import indexing_functions, linear_algebra_functions, manipulation_functions as manip
from .._api.coerce import as_array, dtype_arg
from .._api.data_type_functions import astype
from .functions import check_casting
from .ndarray import reshape as _reshape_method
from .reductions import deliver




def _cast_all(arrays: list, dtype, casting: str) -> None:
    """NumPy's TypeError when an input does not cast to dtype under the casting rule."""
    for a in arrays:
        if not np.can_cast(a._dtype, dtype, casting):
            raise TypeError(f"Cannot cast array data from dtype('{a._dtype}') to dtype('{dtype}') "
                            f"according to the rule '{casting}'")


def _joined(join, arrays, out, dtype, casting: str, name: str) -> Array:
    """join(arrays, dtype) with NumPy's out/dtype/casting rules for concatenate and the stacks."""
    check_casting(casting)
    if out is not None and dtype is not None:
        raise TypeError(f"{name}() only takes `out` or `dtype` as an argument, but both were provided.")
    arrays = manip._arrays(arrays, name)
    target = out._dtype if isinstance(out, Array) else (None if dtype is None else dtype_arg(dtype, arrays[0].device))
    if target is not None:
        _cast_all(arrays, target, casting)
    return deliver(join(arrays, target), out, name, "unsafe")


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind") -> Array:
    """Arrays joined along axis (flattened first when axis is None), into out when given."""
    return _joined(lambda xs, d: manip.concat(xs, axis=axis, dtype=d), arrays, out, dtype, casting, "concatenate")


def stack(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind") -> Array:
    """Arrays of one shape joined along a new axis, into out when given."""
    def join(xs, d):
        return manip.stack([x if d is None else astype(x, d) for x in xs], axis=axis)
    return _joined(join, arrays, out, dtype, casting, "stack")


def vstack(tup, *, dtype=None, casting="same_kind") -> Array:
    """Stack arrays vertically: along the first axis, 1-d arrays becoming rows.

    Parameters
    ----------
    tup : sequence of array_like
        The arrays, of the same shape except along the joining axis.
    dtype : dtype, optional
        The result's dtype (default: the promoted dtype of the inputs).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to ``dtype`` (default 'same_kind').

    Returns
    -------
    Array
        A new array.

    Notes
    -----
    Dtypes: every dtype; the result has the inputs' promoted dtype unless ``dtype`` is given.

    GPU: one copy (map) kernel per input, into its slice of the new array.

    Examples
    --------
    >>> wg.vstack(([1, 2], [3, 4]))
    array([[1, 2],
           [3, 4]])
    """
    return _joined(lambda xs, d: manip.vstack(xs, dtype=d), tup, None, dtype, casting, "vstack")


def hstack(tup, *, dtype=None, casting="same_kind") -> Array:
    """Stack arrays horizontally: along the second axis (the first for 1-d arrays).

    Parameters
    ----------
    tup : sequence of array_like
        The arrays, of the same shape except along the joining axis.
    dtype : dtype, optional
        The result's dtype (default: the promoted dtype of the inputs).
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to ``dtype`` (default 'same_kind').

    Returns
    -------
    Array
        A new array.

    Notes
    -----
    Dtypes: every dtype; the result has the inputs' promoted dtype unless ``dtype`` is given.

    GPU: one copy (map) kernel per input, into its slice of the new array.

    Examples
    --------
    >>> wg.hstack(([1, 2], [3, 4]))
    array([1, 2, 3, 4])
    >>> wg.hstack(([1, 2], [3, 4]), dtype=wg.float32)
    array([1., 2., 3., 4.], dtype=float32)
    """
    return _joined(lambda xs, d: manip.hstack(xs, dtype=d), tup, None, dtype, casting, "hstack")


def matmul(x1, x2, /, *, out=None, dtype=None, casting="same_kind", order="K", subok=True) -> Array:
    """The matrix product (the standard's), with NumPy's ufunc keywords: the inputs are cast to
    dtype first and the result to out, each under the casting rule."""
    check_casting(casting)
    a, b = as_array(x1, "matmul"), as_array(x2, "matmul")
    if dtype is not None:
        dtype = dtype_arg(dtype, a.device)
        for i, x in enumerate((a, b)):
            if not np.can_cast(x._dtype, dtype, casting):
                raise TypeError(f"Cannot cast ufunc 'matmul' input {i} from dtype('{x._dtype}') to "
                                f"dtype('{dtype}') with casting rule '{casting}'")
        a, b = astype(a, dtype), astype(b, dtype)
    return deliver(linear_algebra_functions.matmul(a, b), out, "matmul", casting)


def take(x, indices, /, axis=None, out=None, mode="raise") -> Array:
    """Elements of x at indices along axis (of x flattened when axis is None), into out when given."""
    result = indexing_functions.take(x, indices, axis=axis, mode=mode)
    if out is not None and isinstance(out, Array) and out.shape != result.shape:
        raise ValueError("output array does not match result of ndarray.take")
    return deliver(result, out, "take", "unsafe")


def reshape(x, /, shape=None, order="C", *, newshape=None, copy=None) -> Array:
    """x with a new shape, its elements read and placed in `order` ('C', 'F' or 'A'); NumPy's
    deprecated newshape= is accepted too."""
    if newshape is not None:
        if shape is not None:
            raise TypeError("You cannot specify 'newshape' and 'shape' arguments at the same time.")
        shape = newshape
    if shape is None:
        raise TypeError("reshape() missing 1 required positional argument: 'shape'")
    return _reshape_method(as_array(x, "reshape"), shape, order=order, copy=copy)


FUNCTIONS = {f.__name__: f for f in (concatenate, stack, vstack, hstack, matmul, take, reshape)}
