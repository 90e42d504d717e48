"""The Generator's sampling and permutations: choice, permutation, permuted, shuffle, bytes.

Orders come from random keys sorted on the device (the radix sort): a permutation is the argsort of
uniform 64-bit keys (ties, of probability below n^2 2^-65, keep index order); a weighted sample
without replacement is the k smallest of E_i / p_i for standard exponentials E_i (Efraimidis and
Spirakis' keys), which draws as NumPy's successive sampling does; with replacement, a weighted
sample inverts the cumulative probabilities (searchsorted), as NumPy does.
"""

from __future__ import annotations

import math
import operator

import numpy as np

from .._api.coerce import as_array, normalize_axis
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take, take_along_axis
from .._api.manipulation_functions import reshape
from .._api.searching_functions import count_nonzero, searchsorted
from .._api.sorting_functions import argsort, sort
from .._api.statistical_functions import cumulative_sum, sum as sum_
from .._api.utility_functions import any as any_
from .._array import Array
from ._common import draw_block, draw_element, shape_of

F64, I64, U64 = np.dtype(np.float64), np.dtype(np.int64), np.dtype(np.uint64)
_ALL_BITS = (1 << 64) - 1


class SamplingMixin:
    def _keys(self, shape) -> Array:
        """Uniform 64-bit keys of shape."""
        return draw_element(self._bit_generator, "integers", U64, shape, 0, _ALL_BITS)

    def _order(self, n: int) -> Array:
        """A uniformly random permutation of range(n) (int64)."""
        return argsort(self._keys((n,)))

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        population = None
        if not isinstance(a, Array) and np.ndim(a) == 0:
            try:
                pop_size = operator.index(a)
            except TypeError:
                raise ValueError("a must be a sequence or an integer, not a 0-d array") from None
        else:
            population = as_array(a, "a")
            if population.ndim == 0:
                raise ValueError("a must be a sequence or an integer, not a 0-d array")
            axis = normalize_axis(axis, population.ndim)
            pop_size = population.shape[axis]
        shape = shape_of(size)
        count = 1 if shape is None else math.prod(shape)
        if pop_size <= 0 and count:
            raise ValueError("a must be a positive integer unless no samples are taken"
                             if population is None else "a cannot be empty unless no samples are taken")
        if p is not None:
            p = as_array(p, "p")
            p = p if p._dtype == F64 else astype(p, F64)
            if p.ndim != 1:
                raise ValueError("p must be 1-dimensional")
            if p.shape[0] != pop_size:
                raise ValueError("a and p must have same size")
            if bool(any_(E["isnan"](p))):
                raise ValueError("Probabilities contain NaN")
            if bool(any_(p < 0)):
                raise ValueError("Probabilities are not non-negative")
            if abs(float(sum_(p)) - 1.0) > math.sqrt(np.finfo(np.float64).eps):
                raise ValueError("Probabilities do not sum to 1. See Notes section of docstring for more information.")
        if replace:
            index = self._with_replacement(pop_size, count, p)
        else:
            if count > pop_size:
                raise ValueError("Cannot take a larger sample than population when replace is False")
            if p is not None and int(count_nonzero(p)) < count:
                raise ValueError("Fewer non-zero entries in p than size")
            index = self._without_replacement(pop_size, count, p, shuffle)
        if population is None:
            return int(index[0]) if shape is None else reshape(index, shape)
        if shape is None:
            return take(population, index[0], axis=axis)
        picked = take(population, index, axis=axis)
        return reshape(picked, population.shape[:axis] + shape + population.shape[axis + 1:])

    def _with_replacement(self, pop_size: int, count: int, p) -> Array:
        if p is None:
            return draw_element(self._bit_generator, "integers", I64, (count,), 0, pop_size - 1)
        cdf = cumulative_sum(p)
        cdf = cdf / cdf[-1]
        u = draw_block(self._bit_generator, "uniform", F64, (count,))
        return E["minimum"](searchsorted(cdf, u, side="right"), pop_size - 1)

    def _without_replacement(self, pop_size: int, count: int, p, shuffle: bool) -> Array:
        if p is None:
            index = self._order(pop_size)[:count]
        else:
            keys = draw_block(self._bit_generator, "exponential", F64, (pop_size,)) / p
            index = argsort(keys)[:count]
        return index if shuffle else sort(index)

    def permutation(self, x, axis=0):
        """A random permutation of range(x) for an integer x, else a copy of x shuffled along axis."""
        if not isinstance(x, Array) and np.ndim(x) == 0:
            return self._order(operator.index(x))
        x = as_array(x, "x")
        if x.ndim == 0:
            raise ValueError("x must be an integer or at least 1-dimensional")
        axis = normalize_axis(axis, x.ndim)
        return take(x, self._order(x.shape[axis]), axis=axis)

    def shuffle(self, x, axis=0):
        """Shuffle the wgarray array x along axis, in place."""
        if not isinstance(x, Array):
            raise TypeError("shuffle: x must be a wgarray array (shuffled in place on the device)")
        if x.ndim == 0:
            raise TypeError("shuffle: x must be at least 1-dimensional")
        axis = normalize_axis(axis, x.ndim)
        x[...] = take(x, self._order(x.shape[axis]), axis=axis)

    def permuted(self, x, *, axis=None, out=None):
        """x with each slice along axis shuffled independently (all of x, flattened, for None)."""
        x = as_array(x, "x")
        if axis is None:
            flat = reshape(x, (-1,))
            result = reshape(take(flat, self._order(flat.shape[0])), x.shape)
        else:
            axis = normalize_axis(axis, x.ndim)
            result = take_along_axis(x, argsort(self._keys(x.shape), axis=axis), axis=axis)
        if out is None:
            return result
        if not isinstance(out, Array) or tuple(out.shape) != tuple(x.shape):
            raise ValueError("out must be a wgarray array of x's shape")
        out[...] = result
        return out

    def bytes(self, length):
        """bytes(length)

        length random bytes (the stream's words, little-endian)."""
        length = operator.index(length)
        if length < 0:
            raise ValueError("negative dimensions are not allowed")
        words = draw_block(self._bit_generator, "bits", np.uint32, (-(-length // 4),))
        return words._to_numpy().tobytes()[:length]
