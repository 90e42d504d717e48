"""`x.flat`: NumPy's flatiter over an array's elements in C order, whatever its strides.

Reading gives 0-d arrays for integer indices (wgarray's stand-in for NumPy scalars) and new 1-D
arrays otherwise; writing goes through `put`, so values repeat to fill the selection as NumPy's
flatiter does. Both run on the GPU; iterating yields views, one element at a time, and downloads
nothing.
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import arange
from .._api.searching_functions import nonzero
from .functions import put, ravel


class flatiter:
    """A flat iterator over an array's elements in C order, whatever its strides (NumPy's flatiter).

    Made by ``Array.flat``; supports ``len``, iteration, indexing and assignment, and has
    NumPy's ``base``, ``index`` and ``coords`` attributes.

    Parameters
    ----------
    base : Array
        The array iterated over.

    Notes
    -----
    Dtypes: every dtype.

    GPU: an integer index (and each step of iteration) gives a 0-d view with no kernel and
    downloads nothing; a slice, an index array or a boolean mask gives a new 1-d array (a map
    copy, a gather kernel, or a compaction whose count is read back). Assignment goes through
    ``put`` (one scatter kernel), repeating the values to fill the selection as NumPy's does.

    Examples
    --------
    >>> x = wg.reshape(wg.arange(6), (2, 3))
    >>> x.flat[4]
    array(4)
    >>> x.flat[1:3] = 0
    >>> x
    array([[0, 0, 0],
           [3, 4, 5]])
    """

    __slots__ = ("base", "_index")

    def __init__(self, base: Array):
        self.base = base
        self._index = 0

    def __len__(self) -> int:
        return self.base.size

    @property
    def index(self) -> int:
        """The flat index of the next element iteration yields."""
        return self._index

    @property
    def coords(self) -> tuple:
        """The N-dimensional index of the next element iteration yields."""
        return tuple(int(i) for i in np.unravel_index(self._index, self.base.shape)) if self.base.ndim else ()

    def __iter__(self):
        return self

    def __next__(self) -> Array:
        if self._index >= self.base.size:
            raise StopIteration
        item = self[self._index]
        self._index += 1
        return item

    def _element(self, i: int) -> Array:
        n = self.base.size
        if not -n <= i < n:
            raise IndexError(f"index {i} is out of bounds for axis 0 with size {n}")
        coords = np.unravel_index(i % n, self.base.shape) if self.base.ndim else ()
        return self.base[tuple(int(c) for c in coords)]

    def __getitem__(self, key) -> Array:
        if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
            return self._element(int(key))
        result = ravel(self.base)[key]
        return result._contiguous() if result._storage is self.base._storage else result

    def _indices(self, key) -> Array:
        """The flat indices a key selects, as an integer array on the GPU."""
        n, device = self.base.size, self.base.device
        if key is Ellipsis:
            key = slice(None)
        if isinstance(key, slice):
            return arange(*key.indices(n), device=device)
        index = as_array(key, "flatiter", device)
        if index._dtype == dt.bool_:
            if index.shape != (n,) and index.size != n:
                raise IndexError(f"boolean index has {index.size} elements, the flat array {n}")
            return nonzero(ravel(index))[0]
        return index

    def __setitem__(self, key, value) -> None:
        put(self.base, self._indices(key), value)

    def copy(self) -> Array:
        """Return a flattened copy of the array, in C order.

        Returns
        -------
        Array
            A new contiguous 1-d array.

        Notes
        -----
        GPU: one map copy.
        """
        return ravel(self.base)._contiguous()

    def __array__(self, dtype=None, copy=None):
        return np.asarray(ravel(self.base), dtype=dtype)
