"""What the distributions share: size and parameter rules as NumPy's Generator has them, draws
through the engine, and results (a Python scalar for size=None and scalar parameters).

A parameter is kept as a Python float when it is a scalar (checked on the host, passed to the
kernel in its parameter words) and as a float64 Array otherwise (checked with one reduction on the
device and one read of its truth value, as NumPy raises before drawing).
"""

from __future__ import annotations

import math
import operator

import numpy as np

from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.manipulation_functions import broadcast_shapes, broadcast_to
from .._api.utility_functions import any as any_
from .._array import Array
from .._core import dtypes as dt
from .._core.device import get_device
from .._engines import random as engine

FLOAT_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def shape_of(size) -> tuple | None:
    """size as a shape tuple (None stays None), as NumPy reads it."""
    if size is None:
        return None
    if isinstance(size, Array):
        size = size.tolist()
    try:
        dims = (operator.index(size),)
    except TypeError:
        try:
            dims = tuple(operator.index(d) for d in size)
        except TypeError:
            raise TypeError(f"size must be an integer or a tuple of integers, not {size!r}") from None
    if any(d < 0 for d in dims):
        raise ValueError("negative dimensions are not allowed")
    return dims


def numpy_dtype(dtype) -> np.dtype:
    """A NumPy dtype from anything that names one (wgarray's DType included)."""
    try:
        return np.dtype(dtype)
    except TypeError:
        return np.dtype(dtype.dtype)


def float_dtype(dtype, name: str) -> np.dtype:
    """dtype of a draw that takes float32 or float64 (TypeError otherwise, as NumPy)."""
    dtype = numpy_dtype(np.float64 if dtype is None else dtype)
    if dtype not in FLOAT_DTYPES:
        raise TypeError(f"Unsupported dtype {dtype!r} for {name}")
    return dtype


def parameter(value, name: str):
    """A float parameter: a Python float for a scalar, a float64 Array for an array."""
    if isinstance(value, Array) and value.ndim == 0:
        return float(value)
    if isinstance(value, Array) or (isinstance(value, (list, tuple, np.ndarray)) and np.ndim(value) > 0):
        x = as_array(value, name)
        if dt.kind(x._dtype) == "complex":
            raise TypeError(f"{name} must be real, not {x._dtype}")
        return x if x._dtype == np.float64 else astype(x, np.float64)
    try:
        return float(value)
    except TypeError:
        raise TypeError(f"{name} must be a real number or an array of them, not {type(value).__name__}") from None


def float_array(x, name: str) -> Array:
    """x as a float64 Array; complex raises TypeError, as NumPy (a cast would drop the imaginary part)."""
    x = as_array(x, name)
    if dt.kind(x._dtype) == "complex":
        raise TypeError(f"{name} must be real, not {x._dtype}")
    return x if x._dtype == np.float64 else astype(x, np.float64)


def check(value, bad, message: str) -> None:
    """ValueError(message) where bad(value) holds anywhere; bad takes a float or an Array (and
    must be True for NaN where NaN is refused)."""
    if isinstance(value, Array):
        if value.size and bool(any_(bad(value))):
            raise ValueError(message)
    elif bad(value):
        raise ValueError(message)


def output_shape(size, *params) -> tuple | None:
    """The draw's shape: size, which the array parameters must broadcast to (as NumPy), or their
    broadcast shape; None where every parameter is a scalar and size is None (a scalar result)."""
    shape = shape_of(size)
    shapes = [p.shape for p in params if isinstance(p, Array)]
    if shape is None:
        return broadcast_shapes(*shapes) if shapes else None
    for s in shapes:
        if broadcast_shapes(s, shape) != shape:
            raise ValueError(f"shape mismatch: objects cannot be broadcast to a single shape (size {shape}, "
                             f"parameter of shape {s})")
    return shape


def full_operand(value, shape: tuple, dtype=np.float64):
    """A parameter as the engine takes it: a Python number, or a contiguous operand of shape."""
    if not isinstance(value, Array):
        return value
    if value._dtype != dtype:
        value = astype(value, dtype)
    return broadcast_to(value, shape)._contiguous()._data()


def scalar_result(x: Array, shape, kind: str = "float"):
    """x itself for a shaped draw; for size=None, its one value as NumPy's Generator returns it
    (a Python float or int, or a NumPy scalar of x's dtype for kind "numpy")."""
    if shape is not None:
        return x
    value = x.reshape(())._to_numpy()[()]
    if kind == "numpy":
        return value
    return float(value) if kind == "float" else int(value)


def draw_block(bitgen, method: str, dtype, shape, shift: float = 0.0, scale: float = 1.0) -> Array:
    """A vectorised draw (engine.block_draw) of shape from bitgen's stream."""
    shape = () if shape is None else shape
    n = math.prod(shape)
    key, counter = bitgen.reserve(engine.blocks_used(method, dtype, n))
    return Array._wrap(engine.block_draw(get_device(), method, dtype, shape, key, counter, shift, scale))


def draw_element(bitgen, sampler: str, dtype, shape, a=0, b=0) -> Array:
    """A draw by rejection (engine.element_draw) of shape; a and b as full_operand gives them."""
    shape = () if shape is None else shape
    n = math.prod(shape)
    key, counter = bitgen.reserve(engine.blocks_used(sampler, dtype, n))
    return Array._wrap(engine.element_draw(get_device(), sampler, dtype, shape, key, counter, a, b))


def write_out(result: Array, out, shape, dtype, name: str):
    """NumPy's `out` of the standard draws: an array of dtype (TypeError otherwise) whose shape is
    size where size is given (ValueError otherwise); the draw has out's shape."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"{name}: out must be a wgarray array, not {type(out).__name__}")
    if out._dtype != dtype:
        raise TypeError(f"Supplied output array has the wrong type. Expected {dtype}, got {out._dtype}")
    if shape is not None and tuple(out.shape) != tuple(shape):
        raise ValueError(f"size must match out.shape when used together ({shape} != {out.shape})")
    out[...] = result
    return out
