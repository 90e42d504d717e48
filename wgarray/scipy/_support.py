"""What wgarray.scipy's filters share: SciPy's argument rules (boundary modes, sequences per axis,
axes, origins, the output argument) and the calls into the filter engine
(wgarray/_engines/filter.py) on Arrays.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

import numpy as np

from .._api.coerce import as_array, upload
from .._api.creation_functions import empty
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import flip
from .._api.utility_functions import any as any_of
from .._array import Array
from .._core import dtypes as dt
from .._core.cache import plan_cache
from .._engines import filter as engine

# SciPy's filter modes as the engine's coordinate maps (the grid- modes are the same for filters)
MODES = {"reflect": "reflect", "grid-mirror": "reflect", "mirror": "mirror", "nearest": "nearest",
         "wrap": "wrap", "grid-wrap": "wrap", "constant": "constant", "grid-constant": "constant"}
# The packed dtypes, which the engine reads widened (float16 exactly as float32: rank filters
# select values, sums are rounded to float16 once at the end).
_NARROW = {dt.bool_: dt.uint32, dt.int8: dt.int32, dt.int16: dt.int32, dt.uint8: dt.uint32, dt.uint16: dt.uint32,
           dt.float16: dt.float32}


def boundary(mode) -> str:
    """SciPy's mode name as the engine's map; RuntimeError as SciPy's _extend_mode_to_code."""
    if not isinstance(mode, str) or mode not in MODES:
        raise RuntimeError("boundary mode not supported")
    return MODES[mode]


def per_axis(value, count: int) -> list:
    """SciPy's _normalize_sequence: a scalar (or string) repeated, or a sequence of `count` items."""
    if not isinstance(value, str) and np.iterable(value):
        values = list(value)
        if len(values) != count:
            raise RuntimeError("sequence argument must have length equal to input rank")
        return values
    return [value] * count


def check_axes(axes, ndim: int) -> tuple:
    """SciPy's _check_axes: None (all), an int or an iterable of distinct ints."""
    if axes is None:
        return tuple(range(ndim))
    if np.isscalar(axes):
        axes = (operator.index(axes),)
    elif isinstance(axes, Iterable):
        axes = tuple(operator.index(a) for a in axes)
        for a in axes:
            if not -ndim <= a < ndim:
                raise ValueError(f"specified axis: {a} is out of range")
        axes = tuple(a % ndim for a in axes)
    else:
        raise ValueError("axes must be an integer, iterable of integers, or None")
    if len(set(axes)) != len(axes):
        raise ValueError("axes must be unique")
    return axes


def normalize_axis(axis, ndim: int) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim


def real_input(x, name: str = "input") -> Array:
    x = as_array(x, name)
    if dt.kind(x._dtype) == "complex":
        raise TypeError("Complex type not supported")
    return x


def output_dtype(output, x: Array, complex_output: bool = False):
    """The dtype SciPy's _get_output gives (None: the input's; complex results promote to complex64 or
    wider), or the dtype of the Array to write into."""
    if output is None:
        return dt.promote(x._dtype, dt.complex64) if complex_output else x._dtype
    if isinstance(output, Array):
        if output.shape != x.shape:
            raise RuntimeError("output shape not correct")
        if complex_output and dt.kind(output._dtype) != "complex":
            raise RuntimeError("output must have complex dtype")
        return output._dtype
    if isinstance(output, np.ndarray):
        raise TypeError("output: pass a wgarray array (or a dtype); a NumPy array cannot receive GPU results")
    dtype = np.dtype(output)
    if isinstance(output, str) and not issubclass(dtype.type, np.number):
        raise RuntimeError("output must have numeric dtype")
    if complex_output and dtype.kind != "c":
        if isinstance(output, str):
            raise RuntimeError("output must have complex dtype")
        dtype = np.promote_types(dtype, np.complex64)
    dtype = dt.as_dtype(dtype, x.device)
    dt.check_supported(dtype, x.device)
    return dtype


def deliver(result: Array, output, dtype) -> Array:
    """result cast to the output dtype (as C casts: floats truncate toward zero), written into the
    output Array when one was given."""
    if dt.kind(dtype) in ("int", "uint") and dtype.itemsize < 8 and dt.kind(result._dtype) == "float":
        result = astype(result, dt.int64, copy=False)  # C's cast: to a machine integer, then wrapped
    result = astype(result, dtype, copy=False)
    if isinstance(output, Array):
        output[...] = result
        return output
    return result


def float_compute(device):
    """ndimage computes in double precision, as SciPy does (float32 where the adapter lacks f64)."""
    return dt.default_float(device)


def as_compute(x: Array, dtype) -> Array:
    """x as the engine reads it for a sum in dtype: as it is where the engine converts its values as
    it reads them (32- and 64-bit numbers), else cast (packed narrow integers and bool)."""
    return x if x._dtype in engine.COMPUTE_DTYPES else astype(x, dtype, copy=False)


def engine_dtype(dtype):
    """The dtype the engine computes an exact integer (or float) result in."""
    return _NARROW.get(dtype, dtype)


def correlate(x: Array, weights: Array, shift, mode: str, cval=0.0, out_shape=None, reverse: bool = False,
              ordered: bool = False) -> Array:
    """x (as as_compute gives it) correlated with weights (of the compute dtype; reverse: reversed along
    every axis), output coordinate c reading x at c + shift + tap, under the engine's boundary map;
    ordered: summed as scipy.ndimage sums (engine.correlate)."""
    out_shape = x.shape if out_shape is None else tuple(out_shape)
    if x.ndim == 0:  # a 0-d input and kernel: one product, as a 1-element correlation
        return correlate(x.reshape((1,)), weights.reshape((1,)), [0], mode, cval, (1,), reverse, ordered).reshape(())
    return Array._wrap(engine.correlate(x._data(), weights._data(), out_shape, shift, mode, cval, reverse, ordered))


def correlate1d(x: Array, weights: Array, form, axis: int, shift: int, mode: str, cval=0.0) -> Array:
    """x (as as_compute gives it) correlated along axis with the 1-D weights (of the compute dtype) in
    SciPy's order for form (weights_form's), output coordinate c reading x at c + shift + t."""
    return Array._wrap(engine.correlate1d(x._data(), weights._data(), _form_data(form), axis, shift, mode, cval))


def running_mean(x: Array, size: int, axis: int, shift: int, mode: str, cval, dtype) -> Array:
    """SciPy's uniform_filter1d as its running sum computes it, in dtype, on x (as as_compute gives it)."""
    return Array._wrap(engine.running_mean(x._data(), size, axis, shift, mode, cval, dtype))




def weights_form(weights):
    """NI_Correlate1D's form of the sum for 1-D real weights: SYMMETRIC where every pair about the center
    of an odd-length filter differs by no more than DBL_EPSILON (absolutely; a NaN difference passes, as
    C's `fabs(d) > engine.DBL_EPSILON` is false), else ANTISYMMETRIC where every pair's sum is that small, else
    GENERAL. Host weights give an int; an Array gives an int32 Array of one element, computed on the GPU."""
    n = weights.shape[0]
    if n % 2 == 0:
        return engine.GENERAL
    half = n // 2
    if not isinstance(weights, Array):
        weights = np.asarray(weights, np.float64)
        left, right = weights[:half][::-1], weights[half + 1:]
        if not np.any(np.abs(right - left) > engine.DBL_EPSILON):
            return engine.SYMMETRIC
        return engine.ANTISYMMETRIC if not np.any(np.abs(right + left) > engine.DBL_EPSILON) else engine.GENERAL
    left, right = flip(weights[:half]), weights[half + 1:]

    def within(values) -> Array:
        return E["logical_not"](any_of(E["greater"](E["abs"](values), engine.DBL_EPSILON)))

    form = E["where"](within(E["subtract"](right, left)), engine.SYMMETRIC,
                      E["where"](within(E["add"](right, left)), engine.ANTISYMMETRIC, engine.GENERAL))
    return astype(form, dt.int32).reshape((1,))


def _form_data(form):
    return form._data() if isinstance(form, Array) else form


def rank(x: Array, taps: np.ndarray, shift, mode: str, cval, op: str, rank_index: int = 0) -> Array:
    """A rank filter of x over footprint coordinates `taps`, computed in x's (widened) dtype."""
    dtype = x._dtype
    wide = engine_dtype(dtype)
    xw = astype(x, wide, copy=False)
    cval = np.array(cval).astype(wide)[()] if dt.kind(dtype) != "bool" else int(bool(cval))
    out = Array._wrap(engine.rank(xw._data(), taps, x.shape, shift, mode, cval, op, rank_index))
    return astype(out, dtype, copy=False)


def empty_like_shape(x: Array, dtype) -> Array:
    return empty(x.shape, dtype=dtype, device=x.device)


_CONSTANTS = plan_cache(256)  # weights made on the host (Gaussian, Sobel, ...), uploaded once per device


def to_device(host: np.ndarray, device) -> Array:
    """Host weights (metadata computed from scalar arguments) in the compute dtype, on the device.
    Kept per device and values: an upload makes the stream submit first, so each would cost a submit.
    Callers only read them."""
    host = np.require(host, dtype=float_compute(device), requirements="C")  # (0-d stays 0-d)
    key = (device, host.dtype.str, host.shape, host.tobytes())
    weights = _CONSTANTS.get(key)
    if weights is None:
        weights = _CONSTANTS[key] = upload(host, device)
    return weights


def weights_array(weights, device) -> Array:
    """ndimage's weights as an Array: real host weights become the compute dtype (as SciPy makes them
    float64) and are uploaded once per device and values; Arrays and complex data as they are."""
    if not isinstance(weights, Array):
        host = np.asarray(weights)
        if host.dtype.kind in "biuf":
            return to_device(host, device)
    return as_array(weights, "weights", device)
