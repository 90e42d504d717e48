"""numpy.ndarray's methods and attributes on wgarray's Array, with NumPy's signatures, keyword
names and exceptions, built on the namespace functions (which run on the GPU).

Importing this module installs them (wgarray/_numpy/numpy_functions.py does, for the package root).

Deviations from NumPy, each for a reason:
- `resize` in place needs an array that owns its data (as NumPy) but does not count references
  (NumPy's refcheck): views made earlier keep the old data.
- `partition`/`argpartition` sort fully (a valid partition, NumPy's exact order differs).
- `view(dtype)` raises NotImplementedError where an element would start unaligned (see views.py).
- `put`, `flat[...] = v` with repeated indices write one of the values (NumPy: the last).
- 0-d arrays stand in for NumPy scalars: hashable (by their value), usable as indices (integers),
  and `repr` prints them as 0-d arrays (`array(1.5)`), not as `np.float64(1.5)`.
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import manipulation_functions as manip, searching_functions, sorting_functions
from .._api.data_type_functions import astype as api_astype
from .._api.elementwise_functions import FUNCTIONS as ELEMENTWISE
from .._api.indexing_functions import take as api_take
from .._api.utility_functions import any as api_any
from . import functions as fn, math_functions, printing, reductions
from .flatiter import flatiter
from .functions import check_casting, check_order, order_axes, ordered_copy
from .views import Flags, dtype_view, imag_view, infer_shape, is_f_contiguous, real_view, set_part, set_shape



def _writeable(x: Array, what: str = "assignment destination") -> None:
    if not x._writeable:
        raise ValueError(f"{what} is read-only")


def _is_array_class(obj) -> bool:
    return isinstance(obj, type) and issubclass(obj, Array)


def _is_c_order(axes) -> bool:
    return tuple(axes) == tuple(range(len(axes)))


# -- conversions and copies ---------------------------------------------------------------------------
def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True) -> Array:
    """self converted to dtype (NumPy's casting rules checked), laid out in `order`."""
    new = dt.as_dtype(dtype, self.device)
    if new is None:
        raise TypeError("astype needs a dtype")
    check_casting(casting)
    if not np.can_cast(self._dtype, new, casting):
        raise TypeError(f"Cannot cast array data from dtype('{self._dtype}') to dtype('{new}') "
                        f"according to the rule '{casting}'")
    order = check_order(order)
    layout_kept = {"C": self._view.is_contiguous, "F": is_f_contiguous(self._view),
                   "A": self._view.is_contiguous or is_f_contiguous(self._view), "K": True}[order]
    if not copy and new == self._dtype and layout_kept:
        return self
    converted = api_astype(self, new, copy=True)
    axes = order_axes(self, order)
    return converted if _is_c_order(axes) else ordered_copy(converted, axes)


def copy(self, order="C") -> Array:
    """A copy of self laid out in `order` ('C' by default, as NumPy's method)."""
    axes = order_axes(self, check_order(order))
    return self._contiguous() if _is_c_order(axes) else ordered_copy(self, axes)


def flatten(self, order="C") -> Array:
    """A 1-D copy of the elements in `order`."""
    axes = order_axes(self, check_order(order))
    return manip.reshape(manip.permute_dims(self, axes), (-1,), copy=True)


def ravel(self, order="C") -> Array:
    """The elements as a 1-d array, a view where possible.

    See :func:`wgarray.ravel` for the full documentation."""
    return fn.ravel(self, order)


def _shape_args(shape) -> tuple:
    if len(shape) == 1 and not isinstance(shape[0], (int, np.integer)):
        shape = shape[0]
    return (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)


def reshape(self, *shape, order="C", copy=None) -> Array:
    """The array with a new shape (given as one tuple or as separate ints), a view where possible.

    See :func:`wgarray.reshape` for the full documentation."""
    if not shape:
        raise TypeError("reshape() takes exactly 1 argument (0 given)")
    shape = _shape_args(shape)
    order = check_order(order, ("C", "F", "A"))
    if order == "F" or (order == "A" and is_f_contiguous(self._view) and not self._view.is_contiguous):
        reverse = tuple(range(self.ndim))[::-1]
        shape = infer_shape(self.size, tuple(operator.index(n) for n in shape))
        flipped = manip.reshape(manip.permute_dims(self, reverse), shape[::-1], copy=copy)
        return manip.permute_dims(flipped, tuple(range(flipped.ndim))[::-1])
    return manip.reshape(self, shape, copy=copy)


def resize(self, *new_shape, refcheck=True) -> None:
    """Change self's shape and size in place; new elements are zero. self must own its data and be
    C-contiguous, as in NumPy; references are not counted (refcheck is accepted and ignored)."""
    shape = _shape_args(new_shape) if new_shape else ()
    shape = tuple(operator.index(n) for n in shape)
    if any(n < 0 for n in shape):
        raise ValueError("negative dimensions not allowed")
    _writeable(self, "resize: the array")
    if self._base is not None or not self._view.is_contiguous:
        raise ValueError("cannot resize this array: it does not own its data")
    fresh = Array._empty(shape, self._dtype, self.device)
    fresh._assign(False if self._dtype == dt.bool_ else 0)
    kept = min(fresh.size, self.size)
    if kept:
        fresh.reshape(-1)[:kept] = self.reshape(-1)[:kept]
    self._storage, self._view = fresh._storage, fresh._view


def view(self, dtype=None, type=None) -> Array:
    """A new array over self's data: the same dtype, or its bytes read as another dtype."""
    if type is None and _is_array_class(dtype):
        dtype, type = None, dtype
    if type is not None and not _is_array_class(type):
        raise TypeError("view: type must be wgarray.ndarray")
    if dtype is None:
        return self._with_view(self._view)
    return dtype_view(self, dtype)


def item(self, *args):
    """One element as a Python scalar (only that element is downloaded)."""
    if not args:
        if self.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        element = self[(0,) * self.ndim + (Ellipsis,)]  # a view: no copy before the download
    elif len(args) == 1 and not isinstance(args[0], tuple):
        element = flatiter(self)[operator.index(args[0])]
    else:
        index = args[0] if len(args) == 1 else args
        if len(index) != self.ndim:
            raise ValueError("incorrect number of indices for array")
        element = self[(*(operator.index(i) for i in index), Ellipsis)]
    return element._to_numpy()[()].item()


def tobytes(self, order="C") -> bytes:
    """The raw bytes in `order` (NumPy's byte layout is wgarray's storage layout)."""
    order = check_order(order)
    if order == "A":
        order = "F" if is_f_contiguous(self._view) and not self._view.is_contiguous else "C"
    return self._to_numpy().tobytes(order)


def _bytes_reversed(x: Array) -> Array:
    """A new array of x's elements with the bytes of each (of each part, for complex) reversed: the
    bytes read as uint8, flipped and copied on the GPU, and read back as x's dtype."""
    parts = 2 if dt.kind(x._dtype) == "complex" else 1
    part_size = x._dtype.itemsize // parts
    if part_size == 1:
        return x.copy()
    flat = manip.reshape(x, (-1,))  # C order; a copy where the view needs one
    byte_rows = manip.reshape(dtype_view(flat, dt.as_dtype("uint8")), (-1, parts, part_size))
    reversed_bytes = manip.reshape(byte_rows[..., ::-1].copy(), (-1, parts * part_size))
    return manip.reshape(dtype_view(reversed_bytes, x._dtype), x.shape)


def byteswap(self, inplace=False) -> Array:
    """The array with each element's bytes reversed (a copy, or in place)."""
    if not inplace:
        return _bytes_reversed(self)
    _writeable(self)
    # written as unsigned integers of the same size: a float copy might quiet NaNs or flush subnormals
    parts = (real_view(self), imag_view(self)) if dt.kind(self._dtype) == "complex" else (self,)
    for part in parts:
        bits = dtype_view(part, dt.as_dtype(f"uint{8 * part._dtype.itemsize}"))
        bits[...] = _bytes_reversed(bits)
    return self


def fill(self, value) -> None:
    _writeable(self)
    self[...] = value


def __copy__(self) -> Array:
    return self._contiguous()


def __deepcopy__(self, memo) -> Array:
    return self._contiguous()


# -- sorting and searching ------------------------------------------------------------------------
def _sort_kind(kind, stable):
    if kind is not None and stable is not None:
        raise ValueError("`kind` and `stable` parameters can't be provided at the same time")
    return kind


def sort(self, axis=-1, kind=None, order=None, *, stable=None) -> None:
    """Sort the array in place along an axis (stable; NaN last).

    ``kind`` and ``stable`` may not both be given (``ValueError``). See :func:`wgarray.sort` for
    the full documentation."""
    kind = _sort_kind(kind, stable)
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    _writeable(self)
    self._assign(sorting_functions.sort(self, axis=operator.index(axis), kind=kind))


def argsort(self, axis=-1, kind=None, order=None, *, stable=None) -> Array:
    """The indices that sort the array along an axis.

    ``kind`` and ``stable`` may not both be given (``ValueError``). See :func:`wgarray.argsort` for
    the full documentation."""
    kind = _sort_kind(kind, stable)
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    return sorting_functions.argsort(self, axis=axis, kind=kind)


def partition(self, kth, axis=-1, kind="introselect", order=None) -> None:
    """Partition the array in place around the ``kth`` elements (by a full sort, a valid partition).

    See :func:`wgarray.partition` for the full documentation."""
    _writeable(self)
    self._assign(fn.partition(self, kth, axis=operator.index(axis), kind=kind, order=order))


def argpartition(self, kth, axis=-1, kind="introselect", order=None) -> Array:
    """The indices that partition the array along an axis.

    See :func:`wgarray.argpartition` for the full documentation."""
    return fn.argpartition(self, kth, axis, kind, order)


def searchsorted(self, v, side="left", sorter=None) -> Array:
    """Where the values ``v`` would be inserted into this sorted 1-d array to keep it sorted.

    See :func:`wgarray.searchsorted` for the full documentation."""
    return searching_functions.searchsorted(self, v, side=side, sorter=sorter)


def nonzero(self) -> tuple:
    """The indices of the nonzero elements, one array per dimension.

    See :func:`wgarray.nonzero` for the full documentation."""
    return searching_functions.nonzero(self)


# -- selection ------------------------------------------------------------------------------------
def take(self, indices, axis=None, out=None, mode="raise") -> Array:
    """Elements at indices along an axis (of the flattened array when axis is None).

    Unlike the function, ``mode='raise'`` also bounds-checks an index array on the device (its
    minimum and maximum are read back, a host sync). See :func:`wgarray.take` for the full
    documentation."""
    if mode == "raise" and isinstance(indices, Array):  # host indices are checked by take itself
        n = self.size if axis is None else self.shape[manip.normalize_axis(axis, self.ndim)]
        fn.check_bounds(indices, n, axis or 0)
    return reductions.deliver(api_take(self, indices, axis=axis, mode=mode), out, "take", "safe")


def choose(self, choices, out=None, mode="raise") -> Array:
    """Construct an array from this index array and a list of arrays to choose from.

    See :func:`wgarray.choose` for the full documentation."""
    return fn.choose(self, choices, out=out, mode=mode)


def compress(self, condition, axis=None, out=None) -> Array:
    """The slices along an axis where ``condition`` is true.

    See :func:`wgarray.compress` for the full documentation."""
    return fn.compress(condition, self, axis=axis, out=out)


def put(self, indices, values, mode="raise") -> None:
    """Replace the elements at flat indices, in place: ``self.flat[indices] = values``.

    See :func:`wgarray.put` for the full documentation."""
    fn.put(self, indices, values, mode=mode)


def repeat(self, repeats, axis=None) -> Array:
    """Repeat each element of the array.

    See :func:`wgarray.repeat` for the full documentation."""
    return manip.repeat(self, repeats, axis=axis)


def clip(self, min=None, max=None, out=None) -> Array:
    """The array with its values limited to ``[min, max]``.

    See :func:`wgarray.clip` for the full documentation."""
    return reductions.deliver(ELEMENTWISE["clip"](self, min, max), out, "clip", "same_kind")


def conj(self) -> Array:
    """The complex conjugate, elementwise (``conj`` and ``conjugate`` are the same method).

    See :func:`wgarray.conj` for the full documentation."""
    return ELEMENTWISE["conj"](self)


def round(self, decimals=0, out=None) -> Array:
    """The array rounded to the given number of decimals, halves to even.

    See :func:`wgarray.round` for the full documentation."""
    return fn.around(self, decimals, out)


def setflags(self, write=None, align=None, uic=None) -> None:
    """NumPy's setflags: only WRITEABLE changes (every element is aligned; nothing is a writeback copy)."""
    if uic:
        raise ValueError("cannot set WRITEBACKIFCOPY flag to True")
    if write is not None:
        Flags(self).writeable = write


def __divmod__(self, other) -> tuple:
    """divmod(x, y): (x // y, x % y), as NumPy's divmod."""
    return math_functions.divmod(self, other)


def __rdivmod__(self, other) -> tuple:
    return math_functions.divmod(other, self)


def __round__(self, ndigits=None):
    """Python's round(): a 0-d array rounds to a Python int as NumPy's scalars do (round(x) is an
    int, round(x, 2) a float64 0-d array); other arrays round elementwise to their own dtype."""
    if ndigits is None and self.ndim == 0:
        return builtins.round(item(self))
    return fn.around(self, 0 if ndigits is None else ndigits)


def transpose(self, *axes) -> Array:
    """The array with its axes reversed, or permuted as given (separately or as one tuple); a view.

    See :func:`wgarray.transpose` for the full documentation."""
    if len(axes) == 1 and (axes[0] is None or not isinstance(axes[0], (int, np.integer))):
        axes = axes[0]
    return manip.permute_dims(self, tuple(reversed(range(self.ndim))) if axes in (None, ()) else tuple(axes))


def squeeze(self, axis=None) -> Array:
    """The array without (some of) its axes of length one; a view.

    See :func:`wgarray.squeeze` for the full documentation."""
    return manip.squeeze(self, axis)


def swapaxes(self, axis1, axis2) -> Array:
    """The array with two axes interchanged; a view.

    See :func:`wgarray.swapaxes` for the full documentation."""
    return manip.swapaxes(self, axis1, axis2)


def diagonal(self, offset=0, axis1=0, axis2=1) -> Array:
    """A read-only view of a diagonal.

    See :func:`wgarray.diagonal` for the full documentation."""
    return fn.diagonal(self, offset, axis1, axis2)


def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None) -> Array:
    """The sum along a diagonal.

    See :func:`wgarray.trace` for the full documentation."""
    return fn.trace(self, offset, axis1, axis2, dtype, out)


def dot(self, b, out=None) -> Array:
    """Dot product with ``b`` (NumPy's ``dot``).

    See :func:`wgarray.dot` for the full documentation."""
    return fn.dot(self, b, out)


# -- scalar behaviour of 0-d arrays -----------------------------------------------------------------
def __hash__(self) -> int:
    """0-d arrays hash as their value (they stand in for NumPy's hashable scalars); others are unhashable."""
    if self.ndim:
        raise TypeError("unhashable type: 'wgarray.ndarray'")
    return hash(self._to_numpy()[()].item())


def __contains__(self, value) -> bool:
    return bool(api_any(ELEMENTWISE["equal"](self, value)))


# -- attributes --------------------------------------------------------------------------------------
def _transposed(self) -> Array:
    """x.T: the axes reversed (any number of dims, as NumPy)."""
    return self._with_view(self._view.permute(tuple(range(self.ndim))[::-1]))


_PROPERTIES = {
    "real": property(real_view, lambda self, value: set_part(self, value, "real"), doc="The real parts, a view."),
    "imag": property(imag_view, lambda self, value: set_part(self, value, "imag"),
                     doc="The imaginary parts, a view (read-only zeros for real arrays)."),
    "flags": property(Flags, doc="Memory layout flags (NumPy's flags object)."),
    "base": property(lambda self: self._base, doc="The array whose data a view shares; None for an owner."),
    "shape": property(Array.shape.fget, set_shape, doc="The dimensions; settable where no copy is needed."),
    "flat": property(flatiter, lambda self, value: flatiter(self).__setitem__(Ellipsis, value),
                     doc="A flat iterator over the elements in C order."),
    "T": property(_transposed, doc="The array with its axes reversed."),
}

_METHODS = {
    "astype": astype, "copy": copy, "flatten": flatten, "ravel": ravel, "reshape": reshape, "resize": resize,
    "view": view, "item": item, "tobytes": tobytes, "byteswap": byteswap, "fill": fill, "__copy__": __copy__, "__deepcopy__": __deepcopy__,
    "sort": sort, "argsort": argsort, "partition": partition, "argpartition": argpartition,
    "searchsorted": searchsorted, "nonzero": nonzero, "take": take, "choose": choose, "compress": compress,
    "put": put, "repeat": repeat, "clip": clip, "conj": conj, "conjugate": conj, "round": round,
    "setflags": setflags, "__round__": __round__, "__divmod__": __divmod__, "__rdivmod__": __rdivmod__,
    "transpose": transpose, "squeeze": squeeze, "swapaxes": swapaxes, "diagonal": diagonal, "trace": trace,
    "dot": dot, "__hash__": __hash__, "__contains__": __contains__,
    "__repr__": printing.array_repr, "__str__": printing.array_str, "__format__": printing.array_format,
    **{name: getattr(reductions, name) for name in ("all", "any", "argmax", "argmin", "max", "min", "sum", "prod",
                                                     "mean", "var", "std", "cumsum", "cumprod")},
}

for _name, _attribute in {**_PROPERTIES, **_METHODS}.items():
    setattr(Array, _name, _attribute)
