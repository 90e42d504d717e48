"""NumPy's numerical ranges: arange, linspace (retstep, axis, array endpoints), logspace and
geomspace, each computed on the GPU in NumPy's order of operations.

Python-scalar endpoints take the standard's one-kernel linspace; NumPy scalars (histogram's
edges) take NumPy's scalar steps on the host and its samples in one kernel; array endpoints
follow NumPy's algorithm step by step with the elementwise functions. logspace
and geomspace use the library's pow and log10 (within 2 ulp); geomspace then writes the
exact endpoints, as NumPy does.
"""

from __future__ import annotations

import operator

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.operands import ScalarOperand
from .._core.wgsl import tag as wgsl_tag
from .._api import creation_functions as api
from .._api.coerce import PYTHON_SCALARS, as_array, device_arg, dtype_arg
from .._api.data_type_functions import astype, result_type
from .._api.elementwise_functions import FUNCTIONS, where
from .._api.manipulation_functions import broadcast_shapes, expand_dims, moveaxis, reshape
from .._api.utility_functions import any as any_
from .._engines.map import MapOp, launch_map
from .creation import array

__all__ = ["arange", "linspace", "logspace", "geomspace"]

_add, _subtract, _multiply, _divide = (FUNCTIONS[n] for n in ("add", "subtract", "multiply", "divide"))
_equal, _floor, _pow, _log10, _sign = (FUNCTIONS[n] for n in ("equal", "floor", "pow", "log10", "sign"))


def arange(start=None, stop=None, step=None, dtype=None, *, device=None, like=None) -> Array:
    """Evenly spaced values in [start, stop): arange(stop), arange(start, stop[, step][, dtype])."""
    if stop is None:
        if start is None:
            raise TypeError("arange() requires stop to be specified.")
        start, stop = 0, start
    elif start is None:
        start = 0
    return api.arange(start, stop, 1 if step is None else step, dtype=dtype, device=device)


def _is_python_scalar(value) -> bool:
    return isinstance(value, PYTHON_SCALARS)


def _inexact(dtype, device):
    """NumPy's ensure_inexact: integer and bool results become the default float."""
    return dtype if dt.kind(dtype) in ("float", "complex") else dt.default_float(device)


def _step_scalar(start, stop, div):
    """retstep's step for Python-scalar endpoints: a NumPy scalar of float64 (complex128)."""
    kind = complex if isinstance(start, complex) or isinstance(stop, complex) else float
    if div <= 0:
        return float("nan")  # as NumPy
    step = (kind(stop) - kind(start)) / div
    return np.complex128(step) if kind is complex else np.float64(step)


def _is_real_scalar(value) -> bool:
    """A host scalar that is a NumPy float, integer or bool (or a Python one beside it)."""
    return isinstance(value, (np.floating, np.integer, np.bool_, bool, int, float))


def _linspace_real_scalars(start, stop, num, div, endpoint, retstep, dtype, device):
    """linspace of real host scalars (one a NumPy scalar, strongly typed), in NumPy's order of
    operations and in its compute dtype: the scalar steps (delta, step) as NumPy takes them on
    the host, the samples on the GPU."""
    dev = device_arg(device)
    compute = np.result_type(start, stop)
    if compute.kind != "f":  # NumPy's ensure_inexact
        compute = np.dtype(np.float64)
    dt.check_supported(dt.as_dtype(compute, dev), dev)
    dtype = dtype_arg(dtype, dev) or dt.as_dtype(compute, dev)
    start, stop = compute.type(start), compute.type(stop)
    delta = compute.type(stop - start)
    step = compute.type(delta / compute.type(div)) if div > 0 else float("nan")
    if div > 0 and step != 0 and compute.itemsize >= 4 and num <= 1 << (np.finfo(compute).nmant + 1):
        y = _samples(start, step, stop if endpoint else None, num, dt.as_dtype(compute, dev), dev)
    else:
        y = _steps_apart(start, delta, step, stop if endpoint else None, num, div, dt.as_dtype(compute, dev), dev)
    if dt.kind(dtype) in ("int", "uint"):
        y = _floor(y)
    y = astype(y, dtype, copy=False)
    return (y, step) if retstep else y


def _samples(start, step, stop, num: int, compute, dev) -> Array:
    """start + i * step with NumPy's two roundings, in one map (i exact in compute: num is below
    2^(mantissa + 1)); then stop (None: no endpoint) in the last place. The product is multiplied
    by a 1 the compiler cannot see, which keeps a driver from fusing it into the add; mul_/add_
    keep float32 subnormals (a tiny step), which NVIDIA's `*` and `+` flush."""
    reg, t = dt.layout(compute).register, wgsl_tag(compute)
    op = MapOp("linspace_numpy", f"select(add_{t}(mul_{t}(mul_{t}({reg}(i), a1), a2), a0), a3, i == a4)",
               (compute,) * 4 + (dt.uint32,), compute)
    last = num - 1 if stop is not None and num > 1 else 2**32 - 1
    operands = [ScalarOperand(start, compute), ScalarOperand(step, compute), ScalarOperand(1.0, compute),
                ScalarOperand(start if stop is None else stop, compute), ScalarOperand(last, dt.uint32)]
    y = Array._empty((num,), compute, dev)
    launch_map(dev, op, y._storage, y._view, compute, operands, fresh=True)
    return y


def _steps_apart(start, delta, step, stop, num: int, div: int, compute, dev) -> Array:
    """NumPy's samples op by op: arange, the step (or, when the step underflows to zero,
    (i / div) * delta), start added, stop (None: no endpoint) in the last place."""
    y = api.arange(0, num, dtype=compute, device=dev)
    if div > 0:
        # NumPy: a zero step (underflow) makes every sample (i / div) * delta instead of i * step
        y = _multiply(_divide(y, start.dtype.type(div)), delta) if step == 0 else _multiply(y, step)
    else:
        y = _multiply(y, delta)
    y = _add(y, start)
    if stop is not None and num > 1:
        y[-1] = stop
    return y


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    """num evenly spaced samples from start to stop (the endpoints may be arrays: one row of
    samples per element, along axis)."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = num - 1 if endpoint else num
    if _is_python_scalar(start) and _is_python_scalar(stop) and axis in (0, -1):
        y = api.linspace(start, stop, num, dtype=dtype, device=device, endpoint=endpoint)
        return (y, _step_scalar(start, stop, div)) if retstep else y
    if _is_real_scalar(start) and _is_real_scalar(stop) and axis in (0, -1):
        return _linspace_real_scalars(start, stop, num, div, endpoint, retstep, dtype, device)
    dev = device_arg(device, next((a.device for a in (start, stop) if isinstance(a, Array)), None))
    start, stop = (a if _is_python_scalar(a) else as_array(a, "linspace", dev) for a in (start, stop))
    compute = _inexact(result_type(start, stop).dtype, dev)
    dtype = dtype_arg(dtype, dev) or compute
    start_c, stop_c = (api.asarray(a, dtype=compute, device=dev) for a in (start, stop))
    delta = _subtract(stop_c, start_c)
    counting = dt.real_dtype(compute)  # NumPy's arange in the compute dtype: i exactly, also for complex
    y = reshape(api.arange(0, num, dtype=counting, device=dev), (-1,) + (1,) * delta.ndim)
    y = y if counting == compute else y._cast(compute)
    if div > 0:
        step = _divide(delta, div)
        # NumPy: if any step is zero (underflow), every sample is (i / div) * delta instead of i * step
        y = where(any_(_equal(step, 0)), _multiply(_divide(y, div), delta), _multiply(y, step))
    else:
        step = float("nan")
        y = _multiply(y, delta)
    y = _add(y, start)
    if y.dtype != compute:
        y = y._cast(compute)
    if endpoint and num > 1:
        y[-1, ...] = stop
    if axis != 0:
        y = moveaxis(y, 0, axis)
    if dt.kind(dtype) in ("int", "uint"):
        y = _floor(y)
    y = astype(y, dtype, copy=False)
    return (y, step) if retstep else y


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0, *, device=None):
    """Return numbers spaced evenly on a log scale: ``base ** linspace(start, stop, num)``.

    Parameters
    ----------
    start, stop : array_like
        The exponents of the first and (with ``endpoint``) last samples. Arrays give one row of
        samples per element, along ``axis``.
    num : int, optional
        The number of samples (default 50), non-negative.
    endpoint : bool, optional
        Whether ``base ** stop`` is the last sample (default True).
    base : array_like, optional
        The base of the log space (default 10.0); an array broadcasts with the endpoints.
    dtype : dtype, optional
        The result's dtype (default: that of the power, computed as NumPy's).
    axis : int, optional
        Where the samples' axis goes when the arguments are arrays (default 0).
    device : Device, optional
        The device of the result (default: the current device).

    Returns
    -------
    Array
        The ``num`` samples.

    See Also
    --------
    linspace, geomspace

    Notes
    -----
    Dtypes: the exponents are computed as ``linspace``'s (float64, or the arguments' float or
    complex dtype; Python scalars are weak only when all three are Python scalars, as in
    NumPy); a ``dtype`` casts the powers.

    GPU: ``linspace``'s kernels, then one ``pow`` map kernel (the library's own pow, within
    2 ulp; the GPU's built-in one is not used), and a cast kernel when ``dtype`` differs.

    Examples
    --------
    >>> wg.logspace(0, 3, 4)
    array([   1.,   10.,  100., 1000.])
    >>> wg.logspace(0, 3, 4, base=2.0)
    array([1., 2., 4., 8.])
    """
    if all(_is_python_scalar(a) for a in (start, stop, base)):
        y = linspace(start, stop, num, endpoint, axis=axis, device=device)
    else:
        shapes = [a.shape if isinstance(a, Array) else np.shape(a) for a in (start, stop, base)]
        ndmax = len(broadcast_shapes(*shapes))
        # NumPy makes every argument an array here: Python scalars become strongly typed
        start, stop, base = (array(a, copy=None, ndmin=ndmax, device=device) for a in (start, stop, base))
        y = linspace(start, stop, num, endpoint, axis=axis, device=device)
        base = expand_dims(base, axis=axis)
    result = _pow(base, y)
    return result if dtype is None else astype(result, dtype, copy=False)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0, *, device=None):
    """Return numbers spaced evenly on a log scale (a geometric progression) from start to stop.

    Parameters
    ----------
    start, stop : array_like
        The first and (with ``endpoint``) last samples, exactly; neither may be zero. Negative
        and complex endpoints follow NumPy (the progression runs on a ray through the origin).
        Arrays give one row of samples per element, along ``axis``.
    num : int, optional
        The number of samples (default 50), non-negative.
    endpoint : bool, optional
        Whether ``stop`` is the last sample (default True).
    dtype : dtype, optional
        The result's dtype (default: computed as NumPy's).
    axis : int, optional
        Where the samples' axis goes when the endpoints are arrays (default 0).
    device : Device, optional
        The device of the result (default: the endpoints', else the current device).

    Returns
    -------
    Array
        The ``num`` samples.

    Raises
    ------
    ValueError
        If ``start`` or ``stop`` is zero.

    See Also
    --------
    logspace, linspace

    Notes
    -----
    Dtypes: the samples are computed in ``result_type(start, stop, float(num), dtype)``
    (float64 by default, float32 or complex for such endpoints; integer and bool endpoints
    compute in float64), then cast to ``dtype``.

    GPU: two ``equal`` map kernels and ``any`` folds checked for zeros on the host (two host
    synchronisations), then ``sign``, ``divide`` and ``log10`` map kernels, ``logspace``'s
    kernels, two small writes of the exact endpoints and a ``multiply`` map kernel.

    Examples
    --------
    >>> wg.geomspace(1, 1000, 4)
    array([   1.,   10.,  100., 1000.])
    >>> wg.geomspace(-1, -8, 4)
    array([-1., -2., -4., -8.])
    """
    start, stop = (as_array(a, "geomspace", device) for a in (start, stop))
    if bool(any_(_equal(start, 0))) or bool(any_(_equal(stop, 0))):
        raise ValueError("Geometric sequence cannot include zero")
    dev = start.device
    requested = dtype_arg(dtype, dev)
    compute = result_type(start, stop, float(num), requested or dt.default_float(dev)).dtype
    dtype = requested or compute
    start, stop = astype(start, compute), astype(stop, compute)
    # NumPy rotates start to the positive reals and back, for negative and complex endpoints
    out_sign = _sign(start)
    start = _divide(start, out_sign)
    stop = _divide(stop, out_sign)
    result = logspace(_log10(start), _log10(stop), num=num, endpoint=endpoint, base=10.0, dtype=compute)
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = _multiply(result, out_sign)
    if axis != 0:
        result = moveaxis(result, 0, axis)
    return astype(result, dtype, copy=False)
