"""Data type functions: astype, can_cast, finfo, iinfo, isdtype, result_type."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.device import Device, get_device
from .._core.wgsl import cast
from .._engines.map import MapOp, launch_map
from .coerce import as_array
from .elementwise_functions import FLOAT_ERRORS, launch_checked

__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]


def astype(x, dtype, /, *, copy=True, device=None) -> Array:
    """x converted to dtype on the GPU; with copy=False, x itself when nothing changes."""
    x = as_array(x, "astype")
    if device is not None and not isinstance(device, Device):
        raise ValueError(f"unknown device {device!r}")
    dtype = dt.as_dtype(dtype, device or x.device)
    if dtype is None:
        raise TypeError("astype needs a dtype")
    if device is not None and device is not x.device:
        dt.check_supported(dtype, device)
        x = x.to_device(device)
        return x if dtype == x.dtype else astype(x, dtype, copy=False)
    if dtype == x.dtype and not copy:
        return x
    if dtype == dt.bool_ and dt.kind(x.dtype) in ("float", "complex"):
        return _nonzero(x)
    policy = FLOAT_ERRORS.get()
    if policy is not None and dt.kind(x.dtype) in ("float", "complex"):  # NumPy's "... encountered in cast"
        result, flags = launch_checked(MapOp("cast", cast("a0", x.dtype, dtype), (x.dtype,), dtype), [x])
        policy.report("cast", flags)
        return result
    return x._cast(dtype)


def _nonzero(x) -> Array:
    """x != 0 with nan -> True (the cast to bool: on the bits for float32, which NVIDIA compares flushed)."""
    test = cast("a0", x.dtype, dt.bool_)
    out = Array._empty(x.shape, dt.bool_, x.device)
    launch_map(x.device, MapOp("nonzero", test, (x.dtype,), dt.bool_), out._storage, out._view, dt.bool_,
               [x._operand()], fresh=True)
    return out


def _dtype_of(obj, what="argument"):
    """The dtype of an Array or a dtype-like argument."""
    if isinstance(obj, Array):
        return obj._dtype
    if isinstance(obj, (np.ndarray, np.generic)):  # NumPy data: its dtype (NumPy scalars are strong)
        return dt.as_dtype(obj.dtype)
    if obj is None or isinstance(obj, (bool, int, float, complex)):
        raise TypeError(f"{what} must be a dtype or an array, not {obj!r}")
    return dt.as_dtype(obj)


def can_cast(from_, to, /, casting="safe") -> bool:
    """Return whether a dtype (or an array's) can be cast to another under a casting rule.

    Parameters
    ----------
    from_ : dtype or Array
        The dtype to cast from, or an array of it. Python scalars are rejected (the standard's
        signature takes no scalars).
    to : dtype
        The dtype to cast to.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        NumPy's casting rule (default 'safe': the type promotion rules).

    Returns
    -------
    bool
        Whether the cast is allowed.

    Raises
    ------
    TypeError
        If ``from_`` or ``to`` is a Python scalar or None, or not a dtype.

    See Also
    --------
    result_type, astype

    Notes
    -----
    Dtypes: every dtype, with NumPy's casting table.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.can_cast(wg.int32, wg.float64)
    True
    >>> wg.can_cast(wg.float64, wg.float32), wg.can_cast(wg.float64, wg.float32, "same_kind")
    (False, True)
    """
    return bool(np.can_cast(_dtype_of(from_, "from_"), _dtype_of(to, "to"), casting))


@dataclass(frozen=True)
class finfo_object:
    """Machine limits of a floating-point dtype, as Python floats (the standard's), with NumPy's
    other attributes (epsneg, smallest_subnormal, nmant, ...)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    tiny: float
    resolution: float
    precision: int
    dtype: dt.DType
    epsneg: float
    smallest_subnormal: float
    iexp: int
    machep: int
    maxexp: int
    minexp: int
    negep: int
    nexp: int
    nmant: int


@dataclass(frozen=True)
class iinfo_object:
    """Range of an integer dtype, as Python ints."""

    bits: int
    max: int
    min: int
    dtype: dt.DType
    kind: str


def finfo(type, /) -> finfo_object:
    """Machine limits of a floating-point or complex dtype.

    Parameters
    ----------
    type : dtype or Array
        A floating-point or complex dtype, or an array of one (complex dtypes give the limits
        of their real part).

    Returns
    -------
    finfo_object
        The array API's attributes ``bits``, ``eps``, ``max``, ``min``, ``smallest_normal`` and
        ``dtype`` (Python floats, as the standard asks), with NumPy's others (``tiny``,
        ``resolution``, ``epsneg``, ``smallest_subnormal``, ``nmant``, ...).

    Raises
    ------
    ValueError
        If ``type`` is not a floating-point or complex dtype.

    See Also
    --------
    iinfo

    Notes
    -----
    Dtypes: float16 (a NumPy-layer dtype, outside the array API namespace), float32, float64,
    complex64 and complex128.

    GPU: none; this runs on the host (metadata only). The limits are the IEEE formats'; a GPU
    may flush float32 subnormals to zero in arithmetic.

    Examples
    --------
    >>> wg.finfo(wg.float32).eps
    1.1920928955078125e-07
    >>> wg.finfo(wg.complex128).bits
    64
    """
    dtype = _dtype_of(type, "finfo's argument")
    if dt.kind(dtype) not in ("float", "complex"):
        raise ValueError(f"finfo needs a floating-point or complex dtype, not {dtype}")
    info = np.finfo(dtype)
    return finfo_object(bits=int(info.bits), eps=float(info.eps), max=float(info.max), min=float(info.min),
                        smallest_normal=float(info.smallest_normal), tiny=float(info.tiny),
                        resolution=float(info.resolution), precision=int(info.precision),
                        dtype=dt.public(dt.real_dtype(dtype)), epsneg=float(info.epsneg),
                        smallest_subnormal=float(info.smallest_subnormal),
                        **{name: int(getattr(info, name)) for name in _FINFO_INTS})


_FINFO_INTS = ("iexp", "machep", "maxexp", "minexp", "negep", "nexp", "nmant")


def iinfo(type, /) -> iinfo_object:
    """Machine limits of an integer dtype.

    Parameters
    ----------
    type : dtype or Array
        An integer dtype, or an array of one.

    Returns
    -------
    iinfo_object
        ``bits``, ``min``, ``max`` and ``dtype`` (the array API's), with NumPy's ``kind``.

    Raises
    ------
    ValueError
        If ``type`` is not an integer dtype.

    See Also
    --------
    finfo

    Notes
    -----
    Dtypes: int8, int16, int32, int64, uint8, uint16, uint32 and uint64.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.iinfo(wg.int8).min, wg.iinfo(wg.int8).max
    (-128, 127)
    """
    dtype = _dtype_of(type, "iinfo's argument")
    if dt.kind(dtype) not in ("int", "uint"):
        raise ValueError(f"iinfo needs an integer dtype, not {dtype}")
    info = np.iinfo(dtype)
    return iinfo_object(bits=int(info.bits), max=int(info.max), min=int(info.min), dtype=dt.public(dtype),
                        kind=info.kind)


_KINDS = {
    "bool": ("bool",),
    "signed integer": ("int",),
    "unsigned integer": ("uint",),
    "integral": ("int", "uint"),
    "real floating": ("float",),
    "complex floating": ("complex",),
    "numeric": ("int", "uint", "float", "complex"),
}


def isdtype(dtype, kind) -> bool:
    """Return whether a dtype is of a given kind.

    Parameters
    ----------
    dtype : dtype
        A wgarray dtype, or a scalar type such as ``wgarray.float32``.
    kind : str, dtype or tuple
        A kind name ('bool', 'signed integer', 'unsigned integer', 'integral',
        'real floating', 'complex floating', 'numeric'), a dtype (compared for equality), or a
        tuple of those (true if any matches).

    Returns
    -------
    bool
        Whether ``dtype`` is of ``kind``.

    Raises
    ------
    TypeError
        If ``dtype`` is not a wgarray dtype (an array is not accepted, as in the standard), or
        ``kind`` is neither a kind name, a dtype nor a tuple.
    ValueError
        If ``kind`` is an unknown kind name.

    Notes
    -----
    Dtypes: every wgarray dtype.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.isdtype(wg.float32, "real floating")
    True
    >>> wg.isdtype(wg.int8, ("bool", "unsigned integer"))
    False
    """
    if type(dtype) is dt.DType:
        dtype = dtype.dtype
    elif isinstance(dtype, type) and issubclass(dtype, np.generic):
        dtype = np.dtype(dtype)
    if not isinstance(dtype, np.dtype) or dtype not in dt.LAYOUTS:
        raise TypeError(f"isdtype expects a wgarray dtype, not {dtype!r}")
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        if kind not in _KINDS:
            raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(map(repr, _KINDS))}")
        return dt.kind(dtype) in _KINDS[kind]
    try:
        return dtype == dt.as_dtype(kind)
    except TypeError:
        raise TypeError(f"kind must be a dtype, a kind name or a tuple of those, not {kind!r}") from None


def result_type(*arrays_and_dtypes):
    """Return the dtype that results from promoting arrays, dtypes and Python scalars together.

    Parameters
    ----------
    *arrays_and_dtypes : array_like or dtype
        Arrays, dtypes and Python scalars. NumPy arrays and NumPy scalars count by their dtype
        (they are strong); Python scalars are weak (NEP 50): they take the kind they need but
        not their size. Only Python scalars give the default dtype of the highest kind.

    Returns
    -------
    dtype
        The promoted dtype.

    Raises
    ------
    ValueError
        If no argument is given.
    TypeError
        If an argument is neither an array, a wgarray dtype nor a Python scalar.

    See Also
    --------
    can_cast, promote_types

    Notes
    -----
    Dtypes: every dtype, by NumPy 2's promotion table (the array API's, extended to mixed
    kinds: int64 with uint64 gives float64). A 64-bit default drops to 32-bit on an adapter
    without 64-bit types.

    GPU: none; this runs on the host (metadata only).

    Examples
    --------
    >>> wg.result_type(wg.int8, wg.uint8)
    dtype('int16')
    >>> wg.result_type(wg.asarray([1, 2], dtype=wg.float32), 1.0)
    dtype('float32')
    """
    if not arrays_and_dtypes:
        raise ValueError("result_type needs at least one array, dtype or scalar")
    device = next((a.device for a in arrays_and_dtypes if isinstance(a, Array)), None) or get_device()
    dtypes, scalars = [], []
    for a in arrays_and_dtypes:
        if isinstance(a, (bool, int, float, complex)) and not isinstance(a, np.generic):  # np.float64 is a float
            scalars.append(a)
        else:
            dtypes.append(_dtype_of(a))
    if not dtypes:
        # Only Python scalars: the default dtype of the highest kind, as NumPy.
        rank = {"bool": 0, "int": 1, "float": 2, "complex": 3}
        top = max(scalars, key=lambda s: rank[dt.scalar_kind(s)])
        dtypes = [{"bool": dt.bool_, "int": dt.default_int(device), "float": dt.default_float(device),
                   "complex": dt.default_complex(device)}[dt.scalar_kind(top)]]
    result = dtypes[0]
    for d in dtypes[1:]:
        result = dt.promote(result, d)
    for s in scalars:
        result = dt.promote_scalar(result, s, device)
    return dt.public(result)
