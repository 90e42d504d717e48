"""NumPy's reductions with NumPy's keywords (out, where, initial, ddof, dtype), over the array API
reductions of wgarray/_api. Everything runs on the GPU: a `where` mask turns the masked elements
into the reduction's identity (or into `initial`) through an elementwise `where`, then the fold runs
as usual; `initial` joins the result through the reduction's own elementwise operation.

These are both the ndarray methods (wgarray/_numpy/ndarray.py) and the package's top-level
functions: their signatures are NumPy's, a superset of the standard's (the first parameter is
positional, the standard's keywords keep their names).
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import searching_functions, statistical_functions as stats, utility_functions
from .._api.coerce import as_array, fill, normalize_axis
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE
from .._api.manipulation_functions import broadcast_to, reshape
from .._api.reductions import reduce_axes, sum_dtype


class _NoValueType:
    """The default of `initial`, `mean` and `correction`: no value given (NumPy's <no value>)."""

    def __repr__(self) -> str:
        return "<no value>"


NoValue = _NoValueType()


# -- out= -------------------------------------------------------------------------------------------
def deliver(result: Array, out, name: str, casting: str = "unsafe") -> Array:
    """result written into out when out is given (NumPy's rules: the exact shape, a dtype that casts
    under `casting`; NumPy's reductions cast unsafely), else result itself."""
    if out is None:
        return result
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"{name}: out must be a single array or a tuple of one array")
        out = out[0]
    if not isinstance(out, Array):
        raise TypeError(f"{name}: out must be a wgarray array, not {type(out).__name__}")
    if out.shape != result.shape:
        raise ValueError(f"{name}: output parameter has shape {out.shape}, but the result has shape {result.shape}")
    if not np.can_cast(result._dtype, out._dtype, casting):
        raise TypeError(f"{name}: cannot cast the result from {result._dtype} to the output's {out._dtype} "
                        f"with casting rule {casting!r}")
    if not out._writeable:
        raise ValueError(f"{name}: output array is read-only")
    out._assign(result)
    return out


# -- helpers ----------------------------------------------------------------------------------------
def host_scalar(value, dtype):
    """A Python scalar (or NumPy scalar) converted to dtype as NumPy casts a reduction's initial value."""
    if isinstance(value, Array):
        value = value._scalar("scalar")
    with np.errstate(all="ignore"):
        return np.asarray(value).astype(dtype).item()


def constant(value, dtype, device) -> Array:
    """A 0-d array holding value cast to dtype (filled on the GPU)."""
    return fill((), host_scalar(value, dtype), dtype, device)


def mask_for(where, x: Array) -> Array:
    """The where= argument as a bool array of x's shape (broadcast)."""
    mask = as_array(where, "where", x.device)
    if mask._dtype != dt.bool_:
        raise TypeError(f"where= must be a boolean array, not one of {mask._dtype} (NumPy casts it only 'safe'ly)")
    try:
        return broadcast_to(mask, x.shape)
    except ValueError:
        raise ValueError(f"where= of shape {mask.shape} does not broadcast to the array's shape {x.shape}") from None


def _masked(x: Array, where, fill_value) -> Array:
    """x with the elements where `where` is False replaced by fill_value (cast to x's dtype)."""
    if where is True:
        return x
    return ELEMENTWISE["where"](mask_for(where, x), x, constant(fill_value, x._dtype, x.device))


def _result_shape(shape: tuple, axes: tuple, keepdims: bool) -> tuple:
    return tuple(1 if a in axes else n for a, n in enumerate(shape) if keepdims or a not in axes)


def _keepdims(keepdims) -> bool:
    if keepdims is NoValue:
        return False
    return bool(keepdims)


# -- sum, prod, max, min ---------------------------------------------------------------------------
def _arithmetic(name: str, identity, combine: str):
    reduce_api = getattr(stats, name)

    def reduce(a, axis=None, dtype=None, out=None, keepdims=False, initial=NoValue, where=True):
        x = as_array(a, name)
        keepdims = _keepdims(keepdims)
        x = _masked(x, where, identity)
        result = reduce_api(x, axis=axis, dtype=dtype, keepdims=keepdims)
        if initial is not NoValue:
            result = ELEMENTWISE[combine](result, constant(initial, result._dtype, x.device))
        return deliver(result, out, name)

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = (f"The {name} of the elements along the axes (NumPy's signature): where= masks elements "
                      f"out, initial= starts the {name}, out= receives the result. On the GPU.")
    return reduce


sum = _arithmetic("sum", 0, "add")
prod = _arithmetic("prod", 1, "multiply")


def _extremum(name: str):
    reduce_api = getattr(stats, name)
    ufunc = {"max": "maximum", "min": "minimum"}[name]

    def reduce(a, axis=None, out=None, keepdims=False, initial=NoValue, where=True):
        x = as_array(a, name)
        keepdims = _keepdims(keepdims)
        if initial is NoValue:
            if where is not True:
                raise ValueError(f"reduction operation '{ufunc}' does not have an identity, so to use a where "
                                 f"mask one has to specify 'initial'")
            return deliver(reduce_api(x, axis=axis, keepdims=keepdims), out, name)
        axes = reduce_axes(axis, x.ndim)
        if math.prod(x.shape[a] for a in axes) == 0:  # nothing to reduce: every result is initial
            result = fill(_result_shape(x.shape, axes, keepdims), host_scalar(initial, x._dtype), x._dtype,
                          x.device)
        else:
            result = reduce_api(_masked(x, where, initial), axis=axis, keepdims=keepdims)
            result = ELEMENTWISE[ufunc](result, constant(initial, x._dtype, x.device))
        return deliver(result, out, name)

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = (f"The {name}imum along the axes (NumPy's signature; where= needs initial=, as in NumPy); "
                      f"NaN propagates. On the GPU.")
    return reduce


max = _extremum("max")
min = _extremum("min")
amax, amin = max, min


def _logical(name: str):
    reduce_api = getattr(utility_functions, name)
    identity = name == "all"

    def reduce(a, axis=None, out=None, keepdims=False, *, where=True):
        x = as_array(a, name)
        keepdims = _keepdims(keepdims)
        if where is not True:
            x = _masked(astype(x, dt.bool_), where, identity)
        return deliver(reduce_api(x, axis=axis, keepdims=keepdims), out, name)

    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = f"Whether {name} elements along the axes are true (NumPy's signature). On the GPU."
    return reduce


all = _logical("all")
any = _logical("any")


def _arg(name: str):
    search_api = getattr(searching_functions, name)

    def search(a, axis=None, out=None, *, keepdims=False):
        x = as_array(a, name)
        return deliver(search_api(x, axis=axis, keepdims=bool(keepdims)), out, name)

    search.__name__ = search.__qualname__ = name
    search.__doc__ = f"Index of the first {name[3:]}imum along axis (NumPy's signature). On the GPU."
    return search


argmax = _arg("argmax")
argmin = _arg("argmin")


# -- mean, var, std ------------------------------------------------------------------------------
def _work_dtype(x: Array):
    """The dtype mean/var/std compute in: x's float or complex dtype, else the default float (as _api)."""
    return x._dtype if dt.kind(x._dtype) in ("float", "complex") else dt.default_float(x.device)


def _computation_input(x: Array, dtype, name: str):
    """x in the dtype mean/var/std compute in, and the dtype to cast their result to (or None)."""
    if dtype is None:
        return x, None
    dtype = dt.as_dtype(dtype, x.device)
    dt.check_supported(dtype, x.device)
    if dt.kind(dtype) in ("float", "complex"):
        return (x if x._dtype == dtype else astype(x, dtype)), None
    return x, dtype  # an integer or bool dtype: computed in floats, then cast as NumPy does (truncating)


def _count(x: Array, where, axis, keepdims: bool, dtype) -> Array:
    """How many elements each reduction covers: sum of the broadcast mask, in dtype."""
    return stats.sum(mask_for(where, x), axis=axis, dtype=dtype, keepdims=keepdims)


def _warn_if_too_few(x: Array, axis, ddof, message: str) -> None:
    """NumPy's RuntimeWarning for slices of no elements (or no degrees of freedom left): from the
    shape, so only without a where mask (whose counts are data)."""
    axes = range(x.ndim) if axis is None else [normalize_axis(a, x.ndim) for a in
                                               (axis if isinstance(axis, tuple) else (axis,))]
    if math.prod(x.shape[a] for a in axes) - ddof <= 0:
        warnings.warn(message, RuntimeWarning, stacklevel=3)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """The arithmetic mean along the axes (NumPy's signature); nan for empty slices. On the GPU."""
    x = as_array(a, "mean")
    keepdims = _keepdims(keepdims)
    x, cast_to = _computation_input(x, dtype, "mean")
    if where is True:
        result = stats.mean(x, axis=axis, keepdims=keepdims)
        _warn_if_too_few(x, axis, 0, "Mean of empty slice")
    else:
        work = _work_dtype(x)
        total = stats.sum(_masked(x, where, 0), axis=axis, dtype=work, keepdims=keepdims)
        result = ELEMENTWISE["divide"](total, _count(x, where, axis, keepdims, dt.real_dtype(work)))
    if cast_to is not None:
        result = astype(result, cast_to)
    return deliver(result, out, "mean")


def _ddof(ddof, correction, name: str):
    if correction is not NoValue:
        if ddof != 0:
            raise ValueError(f"{name}: ddof and correction can't be provided simultaneously")
        return correction
    return ddof


def _variance(name: str):
    def reduce(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=NoValue,
               correction=NoValue):
        x = as_array(a, name)
        keepdims = _keepdims(keepdims)
        ddof = _ddof(ddof, correction, name)
        x, cast_to = _computation_input(x, dtype, name)
        if where is True and mean is NoValue:
            result = getattr(stats, name)(x, axis=axis, correction=ddof, keepdims=keepdims)
            _warn_if_too_few(x, axis, ddof, "Degrees of freedom <= 0 for slice")
        else:
            result = _masked_variance(x, axis, ddof, keepdims, where, mean, name)
        if cast_to is not None:
            result = astype(result, cast_to)
        return deliver(result, out, name)

    reduce.__name__ = reduce.__qualname__ = name
    what = "variance" if name == "var" else "standard deviation"
    reduce.__doc__ = (f"The {what} along the axes (NumPy's signature: ddof or correction, where=, mean=). "
                      f"On the GPU.")
    return reduce


def _masked_variance(x: Array, axis, ddof, keepdims: bool, where, centre, name: str) -> Array:
    """var/std with a where mask or a given mean: sum(|x - mean|^2 over the mask) / (count - ddof)."""
    if isinstance(ddof, bool) or not isinstance(ddof, (int, float)):
        raise TypeError(f"{name}: ddof must be a real number, not {type(ddof).__name__}")
    work = _work_dtype(x)
    real = dt.real_dtype(work)
    if centre is NoValue:
        centre = globals()["mean"](x, axis=axis, keepdims=True, where=where)
    else:
        centre = as_array(centre, name, x.device)
    deviation = ELEMENTWISE["subtract"](astype(x, work) if x._dtype != work else x, centre)
    if dt.kind(work) == "complex":
        squares = ELEMENTWISE["real"](ELEMENTWISE["multiply"](deviation, ELEMENTWISE["conj"](deviation)))
    else:
        squares = ELEMENTWISE["multiply"](deviation, deviation)
    total = stats.sum(_masked(squares, where, 0), axis=axis, keepdims=keepdims)
    divisor = ELEMENTWISE["maximum"](ELEMENTWISE["subtract"](_count(x, where, axis, keepdims, real), float(ddof)), 0.0)
    result = ELEMENTWISE["divide"](total, divisor)
    return ELEMENTWISE["sqrt"](result) if name == "std" else result


var = _variance("var")
std = _variance("std")


# -- cumulative sums and products ----------------------------------------------------------------
def _cumulative(name: str):
    scan_api = getattr(stats, {"cumsum": "cumulative_sum", "cumprod": "cumulative_prod"}[name])

    def cumulative(a, axis=None, dtype=None, out=None):
        x = as_array(a, name)
        if axis is None:
            x, axis = reshape(x, (-1,)), 0
        else:
            axis = normalize_axis(axis, x.ndim)
        return deliver(scan_api(x, axis=axis, dtype=sum_dtype(x, dtype)), out, name)

    cumulative.__name__ = cumulative.__qualname__ = name
    cumulative.__doc__ = f"The cumulative {name[3:]} along axis (of the flattened array when axis is None). On the GPU."
    return cumulative


cumsum = _cumulative("cumsum")
cumprod = _cumulative("cumprod")

REDUCTIONS = {f.__name__: f for f in (sum, prod, max, min, all, any, argmax, argmin, mean, var, std, cumsum, cumprod)}
REDUCTIONS.update(amax=amax, amin=amin)
