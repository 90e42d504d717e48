"""NumPy's vectorize: a Python function called once per element of its broadcast arguments.

As in NumPy this is a loop for convenience, not for speed: each call gets 0-d wgarray arrays (wgarray's
scalars), so what the function computes runs on the device, and a branch on an element reads it back.
The results are gathered into arrays of the output types: `otypes`, else the types of the first
call's results (NumPy's rule: later results are cast to them)."""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import zeros
from .._api.data_type_functions import astype
from .._api.manipulation_functions import broadcast_arrays, reshape
from .creation import asarray


def _result_dtype(value):
    return value.dtype if isinstance(value, Array) else dt.as_dtype(np.asarray(value).dtype)


class vectorize:
    """A Python function called once per element of its broadcast arguments, as NumPy's vectorize.

    Usable as a decorator, bare or with keywords. As in NumPy this is a loop for convenience,
    not for speed.

    Parameters
    ----------
    pyfunc : callable, optional
        The function; it receives 0-d wgarray arrays (wgarray's scalars) and returns a value
        (or a tuple of values, one per output). Omitted when used as ``@vectorize(...)``.
    otypes : sequence of dtype, optional
        The output dtypes; default: those of the first call's results (later results are cast
        to them). Needed for inputs of size 0.
    doc : str, optional
        The docstring of the vectorized function (default: ``pyfunc``'s).
    excluded : set of int or str, optional
        Positions or names of the arguments passed to ``pyfunc`` unchanged, not looped over.
    cache : bool, optional
        Accepted for NumPy's signature: wgarray never calls ``pyfunc`` an extra time to find
        the output types, so there is nothing to cache.
    signature : None, optional
        NumPy's generalized-ufunc signature: not supported (``NotImplementedError``).

    Returns
    -------
    vectorize
        A callable taking ``pyfunc``'s arguments as array_like (broadcast together) and
        returning an Array (or a tuple of Arrays) of their broadcast shape.

    Raises
    ------
    NotImplementedError
        For a ``signature``.
    ValueError
        When called on inputs of size 0 without ``otypes``.

    Notes
    -----
    Dtypes: every dtype for the arguments; the results are cast to ``otypes`` (or the first
    result's dtype).

    GPU: each element is a 0-d view (no kernel); what ``pyfunc`` computes runs on the device,
    a few small kernels per element, and a branch on an element reads it back (a host sync
    per element). The results are stacked on the device (results that are Python values are
    uploaded) and cast by one map kernel.

    Examples
    --------
    >>> def clipped_difference(a, b):
    ...     return a - b if a > b else a + b
    >>> f = wg.vectorize(clipped_difference)
    >>> f(wg.asarray([1, 2, 3, 4]), 2)
    array([3, 4, 1, 2])
    """

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if signature is not None:
            raise NotImplementedError("vectorize: signature= (generalized functions) is not supported by wgarray; "
                                      "write the loop over the core dimensions, or use NumPy")
        self.pyfunc = pyfunc
        self.otypes = None if otypes is None else [dt.as_dtype(t) for t in otypes]
        self.excluded = set(excluded or ())
        self.cache, self.signature = cache, signature
        self.__doc__ = doc if doc is not None else getattr(pyfunc, "__doc__", None)

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:  # @vectorize(otypes=...) applied to a function
            return vectorize(args[0], self.otypes, self.__doc__, self.excluded, self.cache, self.signature)
        positions = [i for i in range(len(args)) if i not in self.excluded]
        names = [k for k in kwargs if k not in self.excluded]
        arrays = broadcast_arrays(*(as_array(args[i], "vectorize") for i in positions),
                                  *(as_array(kwargs[k], "vectorize") for k in names))
        shape = arrays[0].shape if arrays else ()
        if not np.prod(shape, dtype=np.int64):
            if self.otypes is None:
                raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
            outputs = tuple(zeros(shape, dtype=t) for t in self.otypes)
            return outputs[0] if len(outputs) == 1 else outputs
        results = []
        call_args, call_kwargs = list(args), dict(kwargs)
        for index in np.ndindex(*shape):
            for at, a in zip(positions + names, arrays):
                element = a[index]
                if isinstance(at, int):
                    call_args[at] = element
                else:
                    call_kwargs[at] = element
            results.append(self.pyfunc(*call_args, **call_kwargs))
        if isinstance(results[0], tuple):
            columns = list(zip(*results))
            return tuple(self._gather(list(c), shape, k) for k, c in enumerate(columns))
        return self._gather(results, shape, 0)

    def _gather(self, values: list, shape: tuple, k: int) -> Array:
        dtype = self.otypes[k] if self.otypes is not None else _result_dtype(values[0])
        return reshape(astype(asarray(values), dtype), shape)
