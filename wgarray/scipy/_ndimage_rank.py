"""scipy.ndimage's rank filters on the GPU: minimum_filter(1d), maximum_filter(1d), median_filter,
rank_filter and percentile_filter, over a size or a footprint, with SciPy's argument rules.

A box (a size, or a footprint of all ones) runs as 1-D passes for the minimum and maximum, as SciPy's
separable path does (the same values: min and max are exact); any other footprint runs as one pass
over its elements. The filter engine computes in the input's dtype (narrow integers and bool widened
to 32 bits, which keeps every value); median, rank and percentile filters select among at most
256 values an output (engine.MAX_RANK_WINDOW), beyond which they raise NotImplementedError.
"""

from __future__ import annotations

import warnings

import numpy as np

from .._array import Array
from . import _support as S

__all__ = ["minimum_filter", "maximum_filter", "minimum_filter1d", "maximum_filter1d", "median_filter",
           "rank_filter", "percentile_filter"]


def _check_box_origin(size: int, origin: int) -> None:
    if size // 2 + origin < 0 or size // 2 + origin >= size:
        raise ValueError("invalid origin")


def _line(x: Array, size: int, axis: int, origin: int, mode: str, cval, op: str) -> Array:
    taps = np.zeros((size, x.ndim), np.int32)
    taps[:, axis] = np.arange(size)
    shift = [0] * x.ndim
    shift[axis] = -(size // 2) - origin
    return S.rank(x, taps, shift, S.boundary(mode), cval, op)


def _filter1d(input, size, axis, output, mode, cval, origin, op: str) -> Array:
    x = S.real_input(input)
    axis = S.normalize_axis(axis, x.ndim)
    size, origin = int(size), int(origin)
    if size < 1:
        raise RuntimeError("incorrect filter size")
    dtype = S.output_dtype(output, x)
    _check_box_origin(size, origin)
    return S.deliver(_line(x, size, axis, origin, mode, cval, op), output, dtype)


def minimum_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0) -> Array:
    """The minimum over a window of `size` along axis (scipy.ndimage.minimum_filter1d)."""
    return _filter1d(input, size, axis, output, mode, cval, origin, "min")


def maximum_filter1d(input, size, axis=-1, output=None, mode="reflect", cval=0.0, origin=0) -> Array:
    """The maximum over a window of `size` along axis (scipy.ndimage.maximum_filter1d)."""
    return _filter1d(input, size, axis, output, mode, cval, origin, "max")


def _footprint(x: Array, size, footprint, axes):
    """The footprint as a host boolean array of x's ndim (SciPy's _expand_footprint), or None with
    the per-axis sizes of a box."""
    if footprint is None:
        if size is None:
            raise RuntimeError("no footprint or filter size provided")
        return None, S.per_axis(size, len(axes))
    if size is not None:
        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=4)
    mask = np.asarray(footprint.__array__() if isinstance(footprint, Array) else footprint, dtype=bool)
    if len(axes) < x.ndim:
        if mask.ndim != len(axes):
            raise RuntimeError(f"footprint.ndim ({mask.ndim}) must match len(axes) ({len(axes)})")
        mask = np.expand_dims(mask, tuple(a for a in range(x.ndim) if a not in axes))
    return mask, None


def _origins(x: Array, axes, origin) -> list:
    origins = [0] * x.ndim
    for a, o in zip(axes, S.per_axis(origin, len(axes))):
        origins[a] = int(o)
    return origins


def _over_footprint(x: Array, mask: np.ndarray, axes, origin, mode, cval, op: str, rank_index: int = 0) -> Array:
    if sum(1 for n in mask.shape if n > 0) != x.ndim:
        raise RuntimeError(f"footprint.ndim ({mask.ndim}) must match len(axes) ({len(axes)})")
    origins = _origins(x, axes, origin)
    for o, n in zip(origins, mask.shape):
        _check_box_origin(n, o)
    if not isinstance(mode, str):
        raise RuntimeError("A sequence of modes is not supported for non-separable footprints")
    shift = [-(n // 2) - o for n, o in zip(mask.shape, origins)]
    return S.rank(x, np.argwhere(mask), shift, S.boundary(mode), cval, op, rank_index)


def _min_or_max(input, size, footprint, output, mode, cval, origin, axes, op: str) -> Array:
    x = S.real_input(input)
    if footprint is None and size is None:
        raise RuntimeError("no footprint provided")
    axes = S.check_axes(axes, x.ndim)
    mask, sizes = _footprint(x, size, footprint, axes)
    if mask is not None:
        if not mask.any():
            raise ValueError("All-zero footprint is not supported.")
        if mask.all() and len(axes) == mask.ndim:
            sizes, mask = list(mask.shape), None
        elif mask.all():  # expanded to x.ndim: the box of the filtered axes
            sizes, mask = [mask.shape[a] for a in axes], None
    dtype = S.output_dtype(output, x)
    if mask is not None:
        return S.deliver(_over_footprint(x, mask, axes, origin, mode, cval, op), output, dtype)
    n = len(axes)
    result = x
    for a, s, o, m in zip(axes, sizes, S.per_axis(origin, n), S.per_axis(mode, n)):
        if s > 1:
            _check_box_origin(int(s), int(o))
            result = _line(result, int(s), a, int(o), m, cval, op)
    return S.deliver(result, output, dtype)


def minimum_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None) -> Array:
    """The minimum over a size or footprint (scipy.ndimage.minimum_filter)."""
    return _min_or_max(input, size, footprint, output, mode, cval, origin, axes, "min")


def maximum_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                   axes=None) -> Array:
    """The maximum over a size or footprint (scipy.ndimage.maximum_filter)."""
    return _min_or_max(input, size, footprint, output, mode, cval, origin, axes, "max")


def _rank_filter(input, rank, size, footprint, output, mode, cval, origin, operation: str, axes) -> Array:
    x = S.real_input(input)
    axes = S.check_axes(axes, x.ndim)
    mask, sizes = _footprint(x, size, footprint, axes)
    if mask is None:
        mask = np.expand_dims(np.ones(sizes, bool), tuple(a for a in range(x.ndim) if a not in axes))
    count = int(mask.sum())
    if operation == "median":
        rank = count // 2
    elif operation == "percentile":
        percentile = float(rank)
        if percentile < 0.0:
            percentile += 100.0
        if percentile < 0 or percentile > 100:
            raise RuntimeError("invalid percentile")
        rank = count - 1 if percentile == 100.0 else int(float(count) * percentile / 100.0)
    rank = int(rank)
    if rank < 0:
        rank += count
    if rank < 0 or rank >= count:
        raise RuntimeError("rank not within filter footprint size")
    dtype = S.output_dtype(output, x)
    if isinstance(mode, str) or rank in (0, count - 1):
        mode_arg = mode
    else:
        raise RuntimeError("A sequence of modes is not supported by non-separable rank filters")
    if rank in (0, count - 1):  # SciPy's minimum_filter / maximum_filter (a sequence of modes allowed for boxes)
        op = "min" if rank == 0 else "max"
        if mask.all():
            box = [mask.shape[a] for a in axes]
            return _min_or_max(x, box, None, output, mode_arg, cval, [_origins(x, axes, origin)[a] for a in axes],
                               axes, op)
        return S.deliver(_over_footprint(x, mask, axes, origin, mode_arg, cval, op), output, dtype)
    return S.deliver(_over_footprint(x, mask, axes, origin, mode_arg, cval, "rank", rank), output, dtype)


def rank_filter(input, rank, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                axes=None) -> Array:
    """The rank-th smallest value over a size or footprint (scipy.ndimage.rank_filter)."""
    return _rank_filter(input, rank, size, footprint, output, mode, cval, origin, "rank", axes)


def median_filter(input, size=None, footprint=None, output=None, mode="reflect", cval=0.0, origin=0, *,
                  axes=None) -> Array:
    """The median (the upper one of an even count, as SciPy) over a size or footprint (scipy.ndimage.median_filter)."""
    return _rank_filter(input, 0, size, footprint, output, mode, cval, origin, "median", axes)


def percentile_filter(input, percentile, size=None, footprint=None, output=None, mode="reflect", cval=0.0,
                      origin=0, *, axes=None) -> Array:
    """The given percentile over a size or footprint (scipy.ndimage.percentile_filter)."""
    return _rank_filter(input, percentile, size, footprint, output, mode, cval, origin, "percentile", axes)
