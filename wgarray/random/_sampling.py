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
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.indexing_functions import take, take_along_axis
from .._api.manipulation_functions import reshape
from .._api.searching_functions import count_nonzero, searchsorted
from .._api.sorting_functions import argsort, sort
from .._api.statistical_functions import cumulative_sum, sum as sum_
from .._api.utility_functions import any as any_
from .._array import Array
from ._common import draw_block, draw_element, float_array, shape_of

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
        """Draw a random sample from an array, or from ``range(a)`` for an integer ``a``.

        Parameters
        ----------
        a : int or array_like
            The population: an array (sampled along ``axis``) or an int n for ``range(n)``.
        size : int or tuple of int, optional
            The sample's shape; None (the default) draws one element.
        replace : bool, optional
            Whether an element may be drawn more than once (default True).
        p : array_like of floats, optional
            The elements' probabilities (1-d, of the population's length, summing to 1); None
            (the default) draws uniformly.
        axis : int, optional
            The axis of ``a`` to sample along (default 0).
        shuffle : bool, optional
            Without replacement, whether the sample is in random order (default True) or in
            increasing index order.

        Returns
        -------
        Array or int
            The sample: ``a``'s elements along ``axis``, that axis replaced by ``size``; for
            ``size=None`` a Python int (integer ``a``) or the element, an array of one dimension
            fewer (0-d for a 1-d ``a``).

        Raises
        ------
        ValueError
            If the population is empty (and samples are taken) or ``a`` is 0-d, ``p`` is not a
            1-d probability vector of the population's length (NaN, negative, not summing to 1),
            or without replacement ``size`` exceeds the population (or ``p``'s non-zero
            entries).

        Notes
        -----
        Dtypes: the population may have any dtype (the result has it); ``p`` may have any real
        dtype and computes in float64 (complex raises TypeError).

        GPU: with replacement, one integer kernel (wgsl/random_integers.wgsl), or with ``p`` a
        uniform draw inverted by :func:`wgarray.searchsorted` on the cumulative sum of ``p``;
        without replacement, the argsort (the radix sort) of random 64-bit keys, or of
        ``E_i / p_i`` for standard exponentials (Efraimidis and Spirakis' keys, the law of NumPy's
        successive draws), then a gather (``take``). ``p`` is checked by reductions on the device,
        read back (host syncs); a scalar result is read back too. The numbers are not NumPy's.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> sample = rng.choice(10, size=5, replace=False)
        >>> len(set(sample.tolist()))
        5
        >>> rng.choice(wg.asarray([1.5, 2.5, 3.5]), size=4, p=[0.0, 0.0, 1.0]).tolist()
        [3.5, 3.5, 3.5, 3.5]
        """
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
            p = float_array(p, "p")
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
        """Randomly permute ``range(x)``, or return a copy of ``x`` shuffled along ``axis``.

        Parameters
        ----------
        x : int or array_like
            An int n permutes ``range(n)``; an array (at least 1-d) is shuffled.
        axis : int, optional
            The axis to shuffle along (default 0).

        Returns
        -------
        Array
            The permutation (int64 for an int ``x``), or a shuffled copy of ``x``.

        Raises
        ------
        ValueError
            If ``x`` is a 0-d array.

        Notes
        -----
        Dtypes: every dtype (the copy keeps ``x``'s).

        GPU: the argsort (the radix sort) of random 64-bit keys from one integer kernel
        (wgsl/random_integers.wgsl), then a gather (``take``) for an array.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> sorted(rng.permutation(5).tolist())
        [0, 1, 2, 3, 4]
        """
        if not isinstance(x, Array) and np.ndim(x) == 0:
            return self._order(operator.index(x))
        x = as_array(x, "x")
        if x.ndim == 0:
            raise ValueError("x must be an integer or at least 1-dimensional")
        axis = normalize_axis(axis, x.ndim)
        return take(x, self._order(x.shape[axis]), axis=axis)

    def shuffle(self, x, axis=0) -> None:
        """Shuffle a wgarray array along ``axis``, in place.

        Parameters
        ----------
        x : Array
            A wgarray array of at least one dimension (lists and NumPy arrays are not
            accepted: the shuffle is made on the device).
        axis : int, optional
            The axis to shuffle along (default 0).

        Raises
        ------
        TypeError
            If ``x`` is not a wgarray array, or is 0-d.

        Notes
        -----
        Dtypes: every dtype.

        GPU: the argsort (the radix sort) of random 64-bit keys from one integer kernel
        (wgsl/random_integers.wgsl), a gather (``take``) and a copy back into ``x``.

        Examples
        --------
        >>> x = wg.arange(10)
        >>> wg.random.default_rng(0).shuffle(x)
        >>> sorted(x.tolist()) == list(range(10))
        True
        """
        if not isinstance(x, Array):
            raise TypeError("shuffle: x must be a wgarray array (shuffled in place on the device)")
        if x.ndim == 0:
            raise TypeError("shuffle: x must be at least 1-dimensional")
        axis = normalize_axis(axis, x.ndim)
        x[...] = take(x, self._order(x.shape[axis]), axis=axis)

    def permuted(self, x, *, axis=None, out=None):
        """Randomly permute ``x`` along ``axis``, each slice independently.

        Parameters
        ----------
        x : array_like
            The array to permute.
        axis : int, optional
            The axis along which each 1-d slice is shuffled independently; None (the default)
            shuffles all of ``x`` as if flattened.
        out : Array, optional
            A wgarray array of ``x``'s shape to write the result into (it may be ``x`` itself).

        Returns
        -------
        Array
            The permuted array (``out`` where given).

        Raises
        ------
        ValueError
            If ``out`` is not a wgarray array of ``x``'s shape.

        Notes
        -----
        Dtypes: every dtype (the result keeps ``x``'s).

        GPU: for ``axis=None``, the argsort (the radix sort) of random 64-bit keys and a gather;
        otherwise the argsort along ``axis`` of random 64-bit keys of ``x``'s shape (the radix
        sort) and ``take_along_axis``. Writing into ``out`` adds one copy kernel.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> y = rng.permuted(wg.asarray([[1, 2, 3], [4, 5, 6]]), axis=1)
        >>> [sorted(row) for row in y.tolist()]
        [[1, 2, 3], [4, 5, 6]]
        """
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
        """Return random bytes.

        Parameters
        ----------
        length : int
            The number of bytes, non-negative.

        Returns
        -------
        bytes
            The stream's 32-bit words, little-endian, cut to ``length``.

        Raises
        ------
        ValueError
            If ``length`` is negative.

        Notes
        -----
        GPU: one vectorised kernel of raw words (wgsl/random_block.wgsl), read back to the host
        (a sync). The bytes are not NumPy's.

        Examples
        --------
        >>> len(wg.random.default_rng(0).bytes(10))
        10
        """
        length = operator.index(length)
        if length < 0:
            raise ValueError("negative dimensions are not allowed")
        words = draw_block(self._bit_generator, "bits", np.uint32, (-(-length // 4),))
        return words._to_numpy().tobytes()[:length]
