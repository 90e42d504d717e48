"""NumPy's index tricks: mgrid, ogrid, ix_, r_, c_, s_, index_exp, and meshgrid.

The grids and concatenations are built on the GPU from arange, linspace, indices and
concat; s_ and index_exp only build index tuples, so they are NumPy's own objects.
"""

from __future__ import annotations

import math

import numpy as np

from .._array import Array
from .._api.coerce import as_array
from .._api.data_type_functions import result_type
from .._api.elementwise_functions import FUNCTIONS
from .._api.manipulation_functions import broadcast_arrays, concat, reshape
from .._api.searching_functions import nonzero
from .creation import array, asarray, indices
from .ranges import arange, linspace

__all__ = ["mgrid", "ogrid", "ix_", "r_", "c_", "s_", "index_exp", "meshgrid"]

_add, _multiply = FUNCTIONS["add"], FUNCTIONS["multiply"]

s_ = np.s_  # slices and tuples of them: pure Python, nothing to compute
index_exp = np.index_exp


def _slice_parts(key: slice):
    """start, stop and step of a slice with NumPy's defaults (0 and 1)."""
    return (0 if key.start is None else key.start), key.stop, (1 if key.step is None else key.step)


class _Grid:
    """mgrid (dense) and ogrid (sparse): key[k] = start:stop:step gives arange(start, stop, step)
    along axis k; a complex (imaginary) step n gives n points from start to stop inclusive."""

    __slots__ = ("sparse",)

    def __init__(self, sparse: bool):
        self.sparse = sparse

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._one(key)
        if not isinstance(key, tuple) or not all(isinstance(k, slice) for k in key):
            raise TypeError(f"{'ogrid' if self.sparse else 'mgrid'} takes slices, not {key!r}")
        sizes, numbers = [], [0]
        for k in key:
            start, stop, step = _slice_parts(k)
            if isinstance(step, (complex, np.complexfloating)):
                step = abs(step)
                sizes.append(int(step))
            else:
                sizes.append(int(math.ceil((stop - start) / step)))
            numbers += [start, stop, step]
        dtype = result_type(*numbers)
        grids = ([arange(n, dtype=dtype) for n in sizes] if self.sparse
                 else indices(sizes, dtype=dtype))
        for axis, k in enumerate(key):
            start, stop, step = _slice_parts(k)
            if isinstance(step, (complex, np.complexfloating)):
                points = int(abs(step))
                step = 1 if points == 1 else (stop - start) / float(points - 1)
            grids[axis] = _add(_multiply(grids[axis], step), start)
        if not self.sparse:
            return grids
        return tuple(reshape(g, (1,) * axis + (-1,) + (1,) * (len(sizes) - axis - 1))
                     for axis, g in enumerate(grids))

    @staticmethod
    def _one(key: slice) -> Array:
        start, stop, step = _slice_parts(key)
        if isinstance(step, (complex, np.complexfloating)):
            points = int(abs(step))
            step_value = 1 if points == 1 else (stop - start) / float(points - 1)
            dtype = result_type(start, stop, abs(step))
            return _add(_multiply(arange(0, points, 1, dtype=dtype), step_value), start)
        return arange(start, stop, step)

    def __len__(self):
        return 0


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)


def ix_(*args) -> tuple:
    """Construct an open mesh from 1-d sequences: index arrays that broadcast to the full grid.

    Parameters
    ----------
    *args : array_like
        1-d sequences of indices; a boolean one stands for its true positions.

    Returns
    -------
    tuple of Array
        The k-th of N arrays has its length along axis k and 1 along the others, so
        ``a[ix_(rows, cols)]`` picks the cross product of ``rows`` and ``cols``.

    Raises
    ------
    ValueError
        For an input that is not 1-d.

    Notes
    -----
    Dtypes: every dtype (integer sequences are used as indices); a bool sequence becomes
    int64 positions; an empty host sequence is int64, as NumPy's.

    GPU: host sequences are uploaded; the reshapes are views with no kernel. A bool
    sequence runs the compaction engine, whose count is read back (a host synchronisation).

    Examples
    --------
    >>> a = wg.reshape(wg.arange(9), (3, 3))
    >>> a[wg.ix_([0, 2], [1, 2])]
    array([[1, 2],
           [7, 8]])
    """
    out = []
    for k, sequence in enumerate(args):
        if not isinstance(sequence, Array):
            host = np.asarray(sequence)
            sequence = asarray(host.astype(np.intp) if host.size == 0 else sequence)
        if sequence.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if sequence.dtype == bool:
            sequence, = nonzero(sequence)
        out.append(reshape(sequence, (1,) * k + (sequence.size,) + (1,) * (len(args) - k - 1)))
    return tuple(out)


class _Concatenator:
    """r_ and c_: slices (as arange or linspace), scalars and arrays joined along an axis.

    The first item may be a directive string: "axis", "axis,ndmin" or "axis,ndmin,trans1d".
    NumPy's matrix directives ('r', 'c' and matrix strings) need numpy.matrix, which wgarray
    does not have.
    """

    __slots__ = ("axis", "ndmin", "trans1d")

    def __init__(self, axis=0, ndmin=1, trans1d=-1):
        self.axis, self.ndmin, self.trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        if isinstance(key, str):
            raise NotImplementedError("r_/c_ with a matrix string: wgarray has no matrix class")
        key = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        items, promote = [], []
        for k, item in enumerate(key):
            if isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                axis, ndmin, trans1d = self._directive(item, ndmin, trans1d)
                continue
            if isinstance(item, slice):
                new = self._range(item, ndmin, trans1d)
            elif type(item) in np.ScalarType:
                items.append(item)
                promote.append(item)  # Python scalars stay weak in the result type
                continue
            else:
                item_ndim = item.ndim if isinstance(item, Array) else np.ndim(item)
                new = array(item, copy=None, ndmin=ndmin)
                if trans1d != -1 and item_ndim < ndmin:
                    k2, k1 = ndmin - item_ndim, trans1d
                    k1 = k1 + k2 + 1 if k1 < 0 else k1
                    axes = list(range(ndmin))
                    new = new._with_view(new._view.permute(axes[:k1] + axes[k2:] + axes[k1:k2]))
            items.append(new)
            promote.append(new.dtype)
        dtype = result_type(*promote) if promote else None
        return concat([array(item, copy=None, ndmin=ndmin, dtype=dtype) for item in items], axis=axis)

    @staticmethod
    def _directive(item: str, ndmin, trans1d):
        if item in ("r", "c"):
            raise NotImplementedError(f"r_/c_ directive {item!r} makes a numpy.matrix, which wgarray does not have")
        try:
            parts = [int(p) for p in item.split(",")]
        except ValueError:
            raise ValueError(f"unknown special directive {item!r}") from None
        if len(parts) > 3:
            raise ValueError(f"unknown special directive {item!r}")
        defaults = (None, ndmin, trans1d)
        axis, ndmin, trans1d = (parts + list(defaults[len(parts):]))
        return axis, ndmin, trans1d

    @staticmethod
    def _range(item: slice, ndmin, trans1d) -> Array:
        start, stop, step = _slice_parts(item)
        if isinstance(step, (complex, np.complexfloating)):
            new = linspace(start, stop, num=int(abs(step)))
        else:
            new = arange(start, stop, step)
        if ndmin > 1:
            new = array(new, copy=None, ndmin=ndmin)
            if trans1d != -1:
                axes = list(range(ndmin))
                axes[-1], axes[trans1d] = axes[trans1d], axes[-1]
                new = new._with_view(new._view.permute(tuple(axes)))
        return new

    def __len__(self):
        return 0


r_ = _Concatenator(0)
c_ = _Concatenator(-1, ndmin=2, trans1d=0)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy") -> tuple:
    """Return coordinate matrices from coordinate vectors.

    Parameters
    ----------
    *xi : array_like
        The coordinate vectors (inputs of any shape are flattened).
    copy : bool, optional
        True (the default) returns new contiguous arrays; False returns read-only broadcast
        views of the inputs.
    sparse : bool, optional
        True returns arrays of length 1 along all but their own axis, which broadcast
        against each other; False (the default) the full grids.
    indexing : {'xy', 'ij'}, optional
        Cartesian ('xy', the default: the first two outputs' axes are swapped) or matrix
        ('ij') indexing.

    Returns
    -------
    tuple of Array
        One array per input, in the input's dtype.

    Raises
    ------
    ValueError
        For an ``indexing`` other than 'xy' or 'ij'.

    Notes
    -----
    Dtypes: every dtype.

    GPU: the reshapes and the broadcasting are views; with ``copy=True`` one map copy per
    output (and one per input that cannot be flattened as a view).

    Examples
    --------
    >>> xs, ys = wg.meshgrid(wg.asarray([1, 2, 3]), wg.asarray([10, 20]))
    >>> xs
    array([[1, 2, 3],
           [1, 2, 3]])
    >>> ys
    array([[10, 10, 10],
           [20, 20, 20]])
    """
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    unit = (1,) * ndim
    output = [reshape(as_array(x, "meshgrid"), unit[:i] + (-1,) + unit[i + 1:]) for i, x in enumerate(xi)]
    if indexing == "xy" and ndim > 1:
        output[0] = reshape(output[0], (1, -1) + unit[2:])
        output[1] = reshape(output[1], (-1, 1) + unit[2:])
    if not sparse:
        output = broadcast_arrays(*output)
    if copy:
        output = [x._contiguous() for x in output]
    return tuple(output)
