"""NumPy's smaller routines that user code reaches for: copyto, require, asarray_chkfinite,
matvec / vecmat (NumPy 2.2), row_stack, and the type and iteration helpers that only read
metadata (isscalar, iscomplexobj, common_type, ndindex, broadcast, ...).

The metadata helpers answer from dtypes and shapes alone; ndenumerate and broadcast's
iteration read the array back to the host, as iterating over an array does.
"""

from __future__ import annotations

import builtins

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api import linear_algebra_functions as linear
from .._api.coerce import as_array, to_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E, where as select
from .._api.manipulation_functions import broadcast_shapes, broadcast_to, expand_dims, squeeze
from .._api.utility_functions import all as all_
from .creation import array, asarray
from .flatiter import flatiter
from .functions import check_casting
from .keywords import vstack
from .ufunc_common import where_mask
from .vectorize import vectorize

# -- metadata ----------------------------------------------------------------------------------------
isscalar, iterable, typename, mintypecode = np.isscalar, np.iterable, np.typename, np.mintypecode
ndindex = np.ndindex  # an iterator over a shape's indices: no array involved
format_float_positional, format_float_scientific = np.format_float_positional, np.format_float_scientific
ScalarType, typecodes, sctypeDict, little_endian = np.ScalarType, np.typecodes, np.sctypeDict, np.little_endian
False_, True_ = np.False_, np.True_
euler_gamma = np.euler_gamma


def _dtype_of(x):
    return x._dtype if isinstance(x, Array) else np.asarray(x).dtype


def iscomplexobj(x) -> bool:
    """Whether x has a complex dtype (whatever its values)."""
    if isinstance(x, Array):
        return dt.kind(x._dtype) == "complex"
    return builtins.bool(np.iscomplexobj(x))


def isrealobj(x) -> bool:
    """Whether x has a dtype that is not complex."""
    return not iscomplexobj(x)


def isfortran(a) -> bool:
    """Whether a is Fortran-contiguous and not also C-contiguous."""
    if not isinstance(a, Array):
        return np.isfortran(a)
    flags = a.flags
    return builtins.bool(flags.f_contiguous and not flags.c_contiguous)


def common_type(*arrays):
    """The inexact scalar type every array converts to (integers count as float64), as NumPy."""
    return np.common_type(*(np.empty(0, dtype=_dtype_of(a)) for a in arrays))


class broadcast:
    """The broadcast of several arrays: its shape, size and number of dimensions (NumPy's
    np.broadcast). Iterating yields tuples of the broadcast elements, read from the host."""

    def __init__(self, *args):
        if len(args) > 64:
            raise ValueError(f"Need at most 64 array objects, got {len(args)}")
        self._arrays = [a if isinstance(a, Array) else np.asarray(a) for a in args]
        self.shape = broadcast_shapes(*(a.shape for a in self._arrays))
        self.nd = self.ndim = len(self.shape)
        self.size = int(np.prod(self.shape, dtype=np.int64))
        self.numiter = len(args)
        self.index = 0

    def __iter__(self):
        hosts = [np.broadcast_to(np.asarray(a), self.shape) for a in self._arrays]
        return zip(*(h.flat for h in hosts))

    def reset(self) -> None:
        self.index = 0


def ndenumerate(arr):
    """(index, value) pairs over the array, C order; the values are read back to the host."""
    return np.ndenumerate(np.asarray(arr))


# -- routines that compute ---------------------------------------------------------------------------
def copyto(dst, src, casting="same_kind", where=True) -> None:
    """Copy src (broadcast) into dst where `where` is True, checking NumPy's casting rule."""
    if not isinstance(dst, Array):
        raise TypeError(f"copyto() argument 1 must be wgarray.ndarray, not {type(dst).__name__}")
    check_casting(casting)
    python_scalar = type(src) in (builtins.bool, int, float, complex)
    source = to_array(src, device=dst.device) if python_scalar else as_array(src, "copyto", dst.device)
    if not python_scalar and not np.can_cast(source._dtype, dst._dtype, casting):
        raise TypeError(f"Cannot cast array data from dtype('{source._dtype}') to dtype('{dst._dtype}') "
                        f"according to the rule '{casting}'")
    if python_scalar and not np.can_cast(np.result_type(dst._dtype, src), dst._dtype, casting):
        raise TypeError(f"Cannot cast scalar from dtype('{np.result_type(src)}') to dtype('{dst._dtype}') "
                        f"according to the rule '{casting}'")
    if python_scalar and dt.kind(dst._dtype) in ("int", "uint") and isinstance(src, int):
        info = np.iinfo(dst._dtype)
        if not info.min <= src <= info.max:
            raise OverflowError(f"Python integer {src} out of bounds for {dst._dtype}")
    broadcast_to(source, dst.shape)  # NumPy's ValueError for shapes that do not broadcast
    if where is True:
        dst[...] = astype(source, dst._dtype)
        return
    mask = where_mask(where, dst.device)
    broadcast_to(mask, dst.shape)
    dst[...] = select(mask, astype(source, dst._dtype), dst)


def require(a, dtype=None, requirements=None, *, like=None) -> Array:
    """a as an array of dtype meeting the requirements: 'C'/'C_CONTIGUOUS', 'F'/'F_CONTIGUOUS',
    'A'/'ALIGNED', 'W'/'WRITEABLE', 'O'/'OWNDATA', 'E'/'ENSUREARRAY' (copied only if needed)."""
    names = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
             "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O", "OWNDATA": "O",
             "E": "E", "ENSUREARRAY": "E"}
    wanted = set()
    for r in [requirements] if isinstance(requirements, str) else (requirements or ()):
        key = str(r).upper()
        if key not in names:
            raise KeyError(f"Unknown requirement {r!r}")
        wanted.add(names[key])
    if "C" in wanted and "F" in wanted:
        raise ValueError("Cannot specify both 'C' and 'F' order")
    result = array(a, dtype=dtype, copy=None, order="F" if "F" in wanted else "C" if "C" in wanted else "K")
    if "O" in wanted and not result.flags.owndata:
        result = result.copy()
    return result


def asarray_chkfinite(a, dtype=None, order=None, *, device=None) -> Array:
    """a as an array, with a ValueError if it holds inf or NaN."""
    result = asarray(a, dtype=dtype, order=order, device=device)
    if dt.kind(result._dtype) in ("float", "complex") and not builtins.bool(all_(E["isfinite"](result))):
        raise ValueError("array must not contain infs or NaNs")
    return result


def matvec(x1, x2, /) -> Array:
    """Matrix-vector products over the last two axes of x1 and the last of x2 (broadcast)."""
    a, v = as_array(x1, "matvec"), as_array(x2, "matvec")
    if a.ndim < 2 or v.ndim < 1:
        raise ValueError("matvec: x1 needs at least 2 dimensions and x2 at least 1")
    return squeeze(linear.matmul(a, expand_dims(v, axis=-1)), axis=-1)


def vecmat(x1, x2, /) -> Array:
    """Vector-matrix products: conj(x1) @ x2 over the last axes (broadcast), as NumPy's vecmat."""
    v, a = as_array(x1, "vecmat"), as_array(x2, "vecmat")
    if v.ndim < 1 or a.ndim < 2:
        raise ValueError("vecmat: x1 needs at least 1 dimension and x2 at least 2")
    if dt.kind(v._dtype) == "complex":
        v = E["conj"](v)
    return squeeze(linear.matmul(expand_dims(v, axis=-2), a), axis=-2)


def row_stack(tup, *, dtype=None, casting="same_kind") -> Array:
    """vstack's old name (deprecated in NumPy 2.0, as here)."""
    import warnings

    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.", DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


# -- memory overlap (from views' offsets and strides alone) -------------------------------------------
def _byte_span(x: Array) -> tuple[int, int]:
    """The half-open byte range of x's storage that x's elements cover."""
    low, high = x._view.span()
    return low * x._dtype.itemsize, (high + 1) * x._dtype.itemsize


def may_share_memory(a, b, max_work=None) -> bool:
    """NumPy's may_share_memory: whether a and b use one buffer with overlapping byte ranges (bounds only)."""
    if not (isinstance(a, Array) and isinstance(b, Array)) or a._storage is not b._storage or not a.size or not b.size:
        return False
    if max_work is not None and max_work != -1:  # a bounded exact check, as NumPy's max_work asks
        return shares_memory(a, b, max_work)
    (a_low, a_high), (b_low, b_high) = _byte_span(a), _byte_span(b)
    return a_low < b_high and b_low < a_high


def _element_starts(x: Array) -> np.ndarray:
    """The byte offset of each element of x in its buffer (metadata: offsets and strides only)."""
    starts = np.full((), x._view.offset, dtype=np.int64)
    for n, stride in zip(x.shape, x._view.strides):
        starts = np.add.outer(starts, np.arange(n, dtype=np.int64) * stride)
    return np.unique(starts.ravel() * x._dtype.itemsize)


def shares_memory(a, b, max_work=None) -> bool:
    """NumPy's shares_memory: whether some byte is an element of both a and b (exact). max_work bounds the
    element offsets compared, past which NumPy's TooHardError is raised."""
    if not may_share_memory(a, b):
        return False
    if a._view.is_contiguous and b._view.is_contiguous:  # overlapping dense ranges share bytes
        return True
    if max_work is not None and max_work >= 0 and a.size + b.size > max_work:
        raise np.exceptions.TooHardError("Exceeded max_work")
    a_starts, b_starts = _element_starts(a), _element_starts(b)
    a_size, b_size = a._dtype.itemsize, b._dtype.itemsize
    # the first element of b that ends after each element of a starts: shared if it starts before a ends
    nearest = np.searchsorted(b_starts + b_size, a_starts, side="right")
    found = nearest < b_starts.size
    return bool(np.any(b_starts[nearest[found]] < a_starts[found] + a_size))


FUNCTIONS = {f.__name__: f for f in (iscomplexobj, isrealobj, isfortran, common_type, ndenumerate, copyto,
                                     require, asarray_chkfinite, matvec, vecmat, row_stack, may_share_memory,
                                     shares_memory, vectorize)}
FUNCTIONS.update(isscalar=isscalar, iterable=iterable, typename=typename, mintypecode=mintypecode,
                 ndindex=ndindex, broadcast=broadcast, format_float_positional=format_float_positional,
                 format_float_scientific=format_float_scientific, ScalarType=ScalarType, typecodes=typecodes,
                 sctypeDict=sctypeDict, little_endian=little_endian, False_=False_, True_=True_,
                 euler_gamma=euler_gamma, flatiter=flatiter)
