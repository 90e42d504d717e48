"""NumPy's pad, every mode. Axes are padded one after another, as NumPy does (a later axis pads the
corners an earlier one made). Each mode is a coordinate map or a broadcast value:

- edge, wrap, reflect, symmetric: a gather along the axis through an index map computed on the GPU
  (arange, then remainder and where); reflect_type='odd' adds 2 * (edge - mirrored) as NumPy does;
- constant, maximum, minimum, mean, median, linear_ramp: a value per line (a fold over the first or
  last stat_length elements, or a ramp from linspace) broadcast over the padding;
- empty: the data in a fresh array; a callable: NumPy's protocol, the function called on every 1-D
  line of the padded array (a view it writes into).
"""

from __future__ import annotations

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


def _mapped(x: Array, axis: int, widths, mode: str, odd: bool) -> Array:
    """Padding by a coordinate map: output coordinate i (from -before) reads input coordinate m(i)."""
    n = x.shape[axis]
    before, after = widths
    i = arange(-before, n + after, dtype=dt.int64, device=x.device)
    if mode == "edge" or (mode == "reflect" and n == 1):
        return take(x, i, axis=axis, mode="clip")
    if mode == "wrap":
        return take(x, i, axis=axis, mode="wrap")
    period = 2 * n - 2 if mode == "reflect" else 2 * n
    turns = E["floor_divide"](i, period)
    r = E["subtract"](i, E["multiply"](turns, period))
    mirrored = E["greater_equal"](r, n - 1 if mode == "reflect" else n)
    m = E["where"](mirrored, E["subtract"](period if mode == "reflect" else period - 1, r), r)
    values = take(x, m, axis=axis, mode="clip")
    if not odd:
        return values
    # NumPy's odd reflection: about each edge e, f(2e - i) = 2 f(e) - f(i); so every period adds
    # 2 (last - first). The first period each side gets NumPy's own 2 * edge - value.
    shape = [1] * x.ndim
    shape[axis] = i.shape[0]
    turns, mirrored = manip.reshape(turns, tuple(shape)), manip.reshape(mirrored, tuple(shape))
    first, last = x[_at(axis, slice(0, 1))], x[_at(axis, slice(n - 1, n))]
    span = E["subtract"](last, first)
    anchor = E["where"](E["equal"](turns, 0), last,
                        E["where"](E["equal"](turns, -1), first, E["add"](last, E["multiply"](turns, span))))
    shifted = E["where"](E["equal"](turns, 0), values, E["add"](values, E["multiply"](turns, E["multiply"](2, span))))
    odd_values = E["where"](mirrored, E["subtract"](E["multiply"](2, anchor), values), shifted)
    return astype(odd_values, x._dtype, copy=False)


def _with_function(x: Array, widths, function, kwargs: dict) -> Array:
    """NumPy's callable mode: function(line, (before, after), axis, kwargs) on every 1-D line, in place."""
    shape = tuple(n + b + a for n, (b, a) in zip(x.shape, widths))
    padded = zeros(shape, dtype=x._dtype, device=x.device)
    padded[tuple(slice(b, b + n) for n, (b, _) in zip(x.shape, widths))] = x
    for axis in range(x.ndim):
        lines = manip.moveaxis(padded, axis, -1)
        for index in itertools.product(*map(range, lines.shape[:-1])):
            function(lines[index], widths[axis], axis, kwargs)
    return padded


def pad(array, pad_width, mode="constant", **kwargs) -> Array:
    """array padded on each side of each axis, NumPy's modes and keywords."""
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
    if mode == "empty" or (x.size == 0 and mode != "constant"):
        out = empty(tuple(n + b + a for n, (b, a) in zip(x.shape, widths)), dtype=x._dtype, device=x.device)
        out[tuple(slice(b, b + n) for n, (b, _) in zip(x.shape, widths))] = x
        return out
    if mode in ("reflect", "symmetric") and options["reflect_type"] not in ("even", "odd"):
        raise ValueError(f"reflect_type must be 'even' or 'odd', not {options['reflect_type']!r}")
    values = {"constant": lambda: _pairs(options["constant_values"], x.ndim),
              "linear_ramp": lambda: _pairs(options["end_values"], x.ndim)}.get(mode, lambda: None)()
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
            out = _mapped(out, axis, pair, mode, options.get("reflect_type") == "odd")
    return out if out is not x else x[...]._contiguous()


FUNCTIONS = {"pad": pad}
