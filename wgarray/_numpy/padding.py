"""NumPy's pad, every mode.

constant, edge, wrap, reflect, symmetric and empty are one kernel (_engines/pad.py): every output
element written once from its source coordinates, computed per axis in WGSL. Even reflection and
wrapping of any width are periodic (what NumPy's repeated passes give); odd reflection combines
2 * edge - mirrored axis by axis, in one kernel while each side reflects once and in NumPy's own
passes (a chunk at most the padded length each) past that.

The other modes pad axis after axis, as NumPy does (a later axis pads the corners an earlier one
made): maximum, minimum, mean, median and linear_ramp broadcast a value per line (a fold over the
first or last stat_length elements, or a ramp from linspace) over the padding; a callable is
NumPy's protocol, the function called on every 1-D line of the padded array (a view it writes
into). Storages of several buffers pad axis after axis too (gathers through index maps).
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import manipulation_functions as manip
from .._api.coerce import as_array
from .._api.creation_functions import arange, empty, zeros
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take
from .._engines import pad as pad_engine
from . import reductions, statistics
from .ranges import linspace

_MODE_KEYWORDS = {
    "constant": {"constant_values"}, "edge": set(), "linear_ramp": {"end_values"},
    "maximum": {"stat_length"}, "mean": {"stat_length"}, "median": {"stat_length"}, "minimum": {"stat_length"},
    "reflect": {"reflect_type"}, "symmetric": {"reflect_type"}, "wrap": set(), "empty": set(),
}
_DEFAULTS = {"constant_values": 0, "end_values": 0, "stat_length": None, "reflect_type": "even"}


def _pairs(values, ndim: int, as_index: bool = False) -> list:
    """A (before, after) pair per axis from a scalar, a pair or a per-axis sequence of pairs (NumPy's
    _as_pairs); as_index rounds to ints and refuses negatives. Host metadata only."""
    if values is None:
        return [(None, None)] * ndim
    if type(values) in (int, float) and not as_index:  # the common scalar, without NumPy's calls
        return [(values, values)] * ndim
    host = np.asarray(values.__array__() if isinstance(values, Array) else values)
    if as_index:
        host = np.round(host).astype(np.intp)
        if (host < 0).any():
            raise ValueError("index can't contain negative values")
    if host.size == 2 and host.shape != (2, 1):
        host = host.ravel()
    return [tuple(v.item() if isinstance(v, np.generic) else v for v in pair)
            for pair in np.broadcast_to(host, (ndim, 2))]


def _pad_widths(pad_width, ndim: int) -> list:
    # the common forms, an int or an int pair per axis, without NumPy's calls (a few us a call)
    if type(pad_width) is int and pad_width >= 0:
        return [(pad_width, pad_width)] * ndim
    if type(pad_width) in (tuple, list) and len(pad_width) == ndim and all(
            type(pair) in (tuple, list) and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int
            and pair[0] >= 0 and pair[1] >= 0 for pair in pad_width):
        return [tuple(pair) for pair in pad_width]
    widths = np.asarray(pad_width)
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    return [(int(b), int(a)) for b, a in _pairs(widths, ndim, as_index=True)]


def _at(axis: int, index) -> tuple:
    return (slice(None),) * axis + (index,)


def _block(value: Array, axis: int, width: int, like: Array) -> Array:
    """value (1 along axis) broadcast to `width` along axis, elsewhere like's shape, in like's dtype."""
    shape = like.shape[:axis] + (width,) + like.shape[axis + 1:]
    return manip.broadcast_to(astype(value, like._dtype, copy=False), shape)


def _joined(x: Array, axis: int, before, after) -> Array:
    pieces = [p for p in (before, x, after) if p is not None and p.shape[axis]]
    return manip.concat(pieces, axis=axis) if len(pieces) > 1 else x


def _constant(x: Array, axis: int, widths, values) -> Array:
    blocks = [None if w == 0 else _block(reductions.constant(v, x._dtype, x.device), axis, w, x)
              for w, v in zip(widths, values)]
    return _joined(x, axis, *blocks)


def _rounded(stat: Array, dtype) -> Array:
    """A float statistic for an integer array, rounded half to even as NumPy's pad does."""
    if dt.kind(dtype) in ("int", "uint") and dt.kind(stat._dtype) == "float":
        stat = E["round"](stat)
    return astype(stat, dtype)


def _statistic(name: str):
    def stat(chunk: Array, axis: int) -> Array:
        if name == "median":
            return statistics.median(chunk, axis=axis, keepdims=True)
        return getattr(reductions, {"maximum": "max", "minimum": "min"}.get(name, name))(chunk, axis=axis, keepdims=True)
    return stat


def _stat_fill(x: Array, axis: int, widths, lengths, name: str) -> Array:
    n = x.shape[axis]
    lengths = [n if length is None or length > n else length for length in lengths]
    if 0 in lengths and name in ("maximum", "minimum"):
        raise ValueError("stat_length of 0 yields no value for padding")
    stat = _statistic(name)
    first = _rounded(stat(x[_at(axis, slice(0, lengths[0]))], axis), x._dtype)
    last = first if lengths == [n, n] else _rounded(stat(x[_at(axis, slice(n - lengths[1], n))], axis), x._dtype)
    return _joined(x, axis, *(None if w == 0 else _block(s, axis, w, x) for w, s in zip(widths, (first, last))))


def _linear_ramp(x: Array, axis: int, widths, end_values) -> Array:
    n = x.shape[axis]
    ramps = []
    for width, end, edge in zip(widths, end_values, (0, n - 1)):
        if width == 0:
            ramps.append(None)
            continue
        stop = manip.squeeze(x[_at(axis, slice(edge, edge + 1))], axis=axis)
        ramp = linspace(end, stop, width, endpoint=False, dtype=x._dtype, axis=axis)
        ramps.append(ramp if edge == 0 else manip.flip(ramp, axis=axis))
    return _joined(x, axis, *ramps)


def _mapped(x: Array, axis: int, widths, mode: str) -> Array:
    """Padding one axis by a gather through its coordinate map (the path for storages of several
    buffers): output coordinate i (from -before) reads input coordinate m(i), periodic."""
    n = x.shape[axis]
    before, after = widths
    i = arange(-before, n + after, dtype=dt.int64, device=x.device)
    if mode == "edge" or (mode == "reflect" and n == 1):
        return take(x, i, axis=axis, mode="clip")
    if mode == "wrap":
        return take(x, i, axis=axis, mode="wrap")
    period = 2 * n - 2 if mode == "reflect" else 2 * n
    r = E["remainder"](i, period)
    m = E["where"](E["greater_equal"](r, n), E["subtract"](period if mode == "reflect" else period - 1, r), r)
    return take(x, m, axis=axis, mode="clip")


def _reflects_once(shape, widths, mode: str) -> bool:
    """Whether odd reflection pads each side in one of NumPy's passes (its chunks are at most the
    axis's length less the edge for reflect, the length for symmetric; a lone element repeats)."""
    return all(max(pair) <= n - (mode == "reflect") or (mode == "reflect" and n == 1)
               for n, pair in zip(shape, widths))


def _odd_step(roi: Array, axis: int, left: int, right: int, period: int, symmetric: bool) -> tuple:
    """One of NumPy's odd reflection passes (numpy.lib._arraypad_impl._set_reflect_both) on roi:
    a chunk of at most the padded length, a whole number of periods, each side; the widths left."""
    length = roi.shape[axis] - left - right
    chunk_max = length // period * period if symmetric else (length - 1) // (period - 1) * (period - 1)
    edge_offset = 1 if symmetric else 0

    def reflected(edge: slice, chunk: slice) -> Array:
        return E["subtract"](E["multiply"](2, roi[_at(axis, edge)]), roi[_at(axis, chunk)])

    if left > 0:
        chunk = min(chunk_max, left)
        stop = left - edge_offset
        roi[_at(axis, slice(left - chunk, left))] = reflected(slice(left, left + 1), slice(stop + chunk, stop, -1))
        left -= chunk
    if right > 0:  # (indices from the end, as NumPy's)
        chunk = min(chunk_max, right)
        start = -right + edge_offset - 2
        size = roi.shape[axis]
        roi[_at(axis, slice(size - right, size - right + chunk))] = reflected(slice(-right - 1, -right),
                                                                            slice(start, start - chunk, -1))
        right -= chunk
    return left, right


def _odd_by_passes(x: Array, widths, mode: str) -> Array:
    """Odd reflection as NumPy computes it, pass by pass (each side's chunks are reflected again
    about the new edge): exact where more than one reflection is needed."""
    padded = _with_interior(x, widths, empty)
    for axis, (left, right) in enumerate(widths):
        n = x.shape[axis]
        roi = padded[tuple(slice(None) if d <= axis else slice(b, b + x.shape[d]) for d, (b, _) in enumerate(widths))]
        if mode == "reflect" and n == 1:  # NumPy repeats a lone element
            roi[_at(axis, slice(0, left))] = roi[_at(axis, slice(left, left + 1))]
            roi[_at(axis, slice(left + 1, None))] = roi[_at(axis, slice(left, left + 1))]
            continue
        while left > 0 or right > 0:
            left, right = _odd_step(roi, axis, left, right, n, mode == "symmetric")
    return padded


def _with_interior(x: Array, widths, make) -> Array:
    """make(padded shape) with x written into its middle."""
    out = make(tuple(n + b + a for n, (b, a) in zip(x.shape, widths)), dtype=x._dtype, device=x.device)
    out[tuple(slice(b, b + n) for n, (b, _) in zip(x.shape, widths))] = x
    return out


def _with_function(x: Array, widths, function, kwargs: dict) -> Array:
    """NumPy's callable mode: function(line, (before, after), axis, kwargs) on every 1-D line, in place."""
    padded = _with_interior(x, widths, zeros)
    for axis in range(x.ndim):
        lines = manip.moveaxis(padded, axis, -1)
        for index in itertools.product(*map(range, lines.shape[:-1])):
            function(lines[index], widths[axis], axis, kwargs)
    return padded


def pad(array, pad_width, mode="constant", **kwargs) -> Array:
    """Pad an array on each side of each axis.

    Parameters
    ----------
    array : array_like
        The input array.
    pad_width : int or sequence
        The number of values added before and after each axis: ``((before_1, after_1), ...)``,
        one ``(before, after)`` pair for every axis, or one int for every side. Non-negative
        integers.
    mode : str or callable, optional
        NumPy's modes: 'constant' (the default), 'edge', 'linear_ramp', 'maximum', 'mean',
        'median', 'minimum', 'reflect', 'symmetric', 'wrap' and 'empty'; or NumPy's callable
        protocol, ``mode(vector, iaxis_pad_width, iaxis, kwargs)`` called on every 1-d line of
        the padded array (a view it writes into).
    **kwargs
        The mode's keywords, as NumPy's: ``constant_values`` ('constant', default 0),
        ``end_values`` ('linear_ramp', default 0), ``stat_length`` ('maximum', 'mean',
        'median', 'minimum'; default the whole axis) and ``reflect_type`` ('reflect',
        'symmetric'; 'even' or 'odd'). A callable mode gets them all in ``kwargs``.

    Returns
    -------
    Array
        A new padded array of ``array``'s dtype.

    Raises
    ------
    ValueError
        For an unknown mode, a keyword the mode does not take, a negative width, or padding an
        empty axis with a mode other than 'constant' or 'empty'.
    TypeError
        For a non-integer ``pad_width``.

    Notes
    -----
    Dtypes: every dtype. Constant and end values are cast to the array's dtype; the mean and
    median of an integer array are rounded half to even, as NumPy's pad does.

    GPU: 'constant', 'edge', 'wrap', 'reflect', 'symmetric' and 'empty' are one pad kernel
    that writes every output element once from its source coordinates (odd reflection wider
    than the array takes NumPy's passes, a few map copies each); constant values given as
    arrays are read back to the host. The other modes pad axis after axis, as NumPy does: a
    fold (max, min, mean) or a median per line, or a ``linspace`` ramp, broadcast into the
    padding by map copies. A callable mode is a Python loop over the lines (one call each).
    Arrays stored in several buffers pad axis after axis by gathers.

    Examples
    --------
    >>> wg.pad(wg.asarray([1, 2, 3]), (2, 1))
    array([0, 0, 1, 2, 3, 0])
    >>> wg.pad(wg.asarray([1, 2, 3]), 2, mode="reflect")
    array([3, 2, 1, 2, 3, 2, 1])
    >>> wg.pad(wg.asarray([[1, 2], [3, 4]]), 1, mode="edge")
    array([[1, 1, 2, 2],
           [1, 1, 2, 2],
           [3, 3, 4, 4],
           [3, 3, 4, 4]])
    """
    x = as_array(array, "pad")
    widths = _pad_widths(pad_width, x.ndim)
    if callable(mode):
        return _with_function(x, widths, mode, kwargs)
    if mode not in _MODE_KEYWORDS:
        raise ValueError(f"mode '{mode}' is not supported")
    unsupported = set(kwargs) - _MODE_KEYWORDS[mode]
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    options = {k: kwargs.get(k, _DEFAULTS[k]) for k in _MODE_KEYWORDS[mode]}
    if mode not in ("constant", "empty"):
        for axis, pair in enumerate(widths):
            if x.shape[axis] == 0 and any(pair):
                raise ValueError(f"can't extend empty axis {axis} using modes other than 'constant' or 'empty'")
    if mode in ("reflect", "symmetric") and options["reflect_type"] not in ("even", "odd"):
        raise ValueError(f"reflect_type must be 'even' or 'odd', not {options['reflect_type']!r}")
    if not any(b or a for b, a in widths):
        return x[...]._contiguous()
    if mode == "empty" or (x.size == 0 and mode != "constant"):
        # any padding values will do (other modes pad no empty axis: their result is empty)
        mode, options = "constant", {"constant_values": 0}
    values = {"constant": lambda: _pairs(options["constant_values"], x.ndim),
              "linear_ramp": lambda: _pairs(options["end_values"], x.ndim)}.get(mode, lambda: None)()
    if mode == "constant":
        values = [tuple(_host_constant(v, x._dtype) for v in pair) for pair in values]
    if mode in pad_engine.MAPS:
        padded = _in_one_kernel(x, widths, mode, values, options.get("reflect_type") == "odd")
        if padded is not None:
            return padded
    lengths = _pairs(options["stat_length"], x.ndim, as_index=True) if "stat_length" in options else None
    out = x
    for axis, pair in enumerate(widths):
        if not any(pair):
            continue
        if mode == "constant":
            out = _constant(out, axis, pair, values[axis])
        elif mode == "linear_ramp":
            out = _linear_ramp(out, axis, pair, values[axis])
        elif lengths is not None:
            out = _stat_fill(out, axis, pair, lengths[axis], mode)
        else:
            out = _mapped(out, axis, pair, mode)
    return out


def _in_one_kernel(x: Array, widths, mode: str, values, odd: bool) -> Array | None:
    """The padded array from one kernel (_engines/pad.py), odd reflection past one pass by NumPy's
    passes; None where the kernel declines (storages of several buffers, too many dimensions)."""
    odd = odd and mode in ("reflect", "symmetric")
    if odd and not _reflects_once(x.shape, widths, mode):
        return _odd_by_passes(x, widths, mode)
    padded = pad_engine.pad(x._data(), widths, mode, odd, values if mode == "constant" else None)
    if padded is None and odd:
        return _odd_by_passes(x, widths, mode)
    return None if padded is None else Array._wrap(padded)


def _host_constant(value, dtype):
    """A constant value cast to dtype on the host (a Python scalar's cast cached: pads in a loop)."""
    if type(value) in (int, float, complex, bool):
        return _cast_python_scalar(value, repr(value), dtype)
    return reductions.host_scalar(value, dtype)


@functools.lru_cache(maxsize=64)
def _cast_python_scalar(value, text: str, dtype):
    """(text, value's repr, keys the cache apart where values compare equal: -0.0 and 0.0, 1 and True)"""
    return reductions.host_scalar(value, dtype)


FUNCTIONS = {"pad": pad}
