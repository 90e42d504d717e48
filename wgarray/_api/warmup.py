"""wgarray.warmup(): compile the kernels of the commonest operations before their first use.

An operation compiles a kernel the first time it meets a new combination of dtypes and
layout: tens of milliseconds on a GPU driver, up to seconds on lavapipe, which compiles at
the first dispatch. warmup runs each common operation once on tiny arrays, so that those
compiles happen when the program chooses (at start-up, say) rather than inside a timed loop.
"""

from __future__ import annotations

import time

from .._core import dtypes as dt
from . import creation_functions as create
from .coerce import device_arg, dtype_arg
from . import data_type_functions as types
from . import indexing_functions as indexing
from . import linear_algebra_functions as linear
from . import manipulation_functions as manipulate
from . import searching_functions as search
from . import sorting_functions as sorting
from . import statistical_functions as stats
from . import utility_functions as utility
from .elementwise_functions import FUNCTIONS as F, where
from .runtime import synchronize


def _creation(x, dtype):
    create.zeros((3, 4), dtype=dtype, device=x.device)
    create.ones((5,), dtype=dtype, device=x.device)
    create.full((2, 2), 1, dtype=dtype, device=x.device)
    create.asarray([1, 0, 1], dtype=dtype, device=x.device)
    create.zeros_like(x)


def _arithmetic(x, dtype):
    y = x.T  # a strided operand: the general-layout kernels
    for name in ("add", "multiply") if dtype == dt.bool_ else ("add", "subtract", "multiply"):
        for other in (x, y, 1):
            F[name](x, other)
    if dt.kind(dtype) in ("float", "complex"):
        for other in (x, y, 1):
            F["divide"](x, other)
    if dt.kind(dtype) != "bool":
        F["negative"](x)
        F["abs"](x)


def _real(dtype) -> bool:
    return dt.kind(dtype) in ("int", "uint", "float")


def _comparison(x, dtype):
    mask = F["less"](x, x.T) if _real(dtype) else F["equal"](x, x.T)
    F["equal"](x, 1)
    where(mask, x, x.T)
    F["logical_and"](mask, F["logical_not"](mask))


def _math(x, dtype):
    if dt.kind(dtype) == "float":
        for name in ("exp", "log", "sqrt", "sin", "cos", "tanh"):
            F[name](x)


def _reductions(x, dtype):
    stats.sum(x)
    stats.sum(x, axis=0)
    utility.any(x)
    if _real(dtype):
        stats.max(x, axis=-1)
        stats.min(x)
        search.argmax(x, axis=0)
    if dt.kind(dtype) in ("float", "complex"):
        stats.mean(x)
        stats.std(x, axis=0)


def _indexing(x, dtype):
    rows = create.asarray([2, 0], device=x.device)
    x[1:3]
    x[rows]
    x[F["not_equal"](x, 0)]
    indexing.take(x, rows, axis=1)
    manipulate.reshape(x.T, (-1,))
    manipulate.concat([x, x])
    z = create.zeros_like(x)
    z[rows] = x[:2]
    z[0, :] = 1


def _matmul(x, dtype):
    if dt.kind(dtype) in ("float", "complex"):
        linear.matmul(x, x.T)
        linear.matmul(x, x[:, 0])


def _sorting(x, dtype):
    if _real(dtype):
        sorting.sort(x, axis=-1)
        sorting.argsort(x, axis=-1)


OPERATIONS = {"creation": _creation, "arithmetic": _arithmetic, "comparison": _comparison,
              "math": _math, "reductions": _reductions, "indexing": _indexing,
              "matmul": _matmul, "sorting": _sorting}


def warmup(dtypes=None, operations=None, device=None) -> dict:
    """Compile ahead of time the kernels of the commonest operations.

    Parameters
    ----------
    dtypes : sequence of dtypes, optional
        The dtypes to prepare. Default: bool, the default integer and the default
        floating-point dtype of the device.
    operations : sequence of str, optional
        Groups of operations: creation, arithmetic, comparison, math, reductions,
        indexing, matmul, sorting. Default: all of them.
    device : Device, optional
        The device to prepare (default: the default device).

    Returns
    -------
    dict
        The seconds each group took, by group name.

    Notes
    -----
    Each group runs its operations once on 4x4 arrays (contiguous and transposed), and
    converts between the given dtypes. Kernels are cached for the life of the process;
    most drivers also keep compiled shaders on disk between processes.

    GPU: compiles and runs the kernels of each group once on tiny arrays (map, fold, scan,
    gather, matmul and sort kernels, by group), then waits for the device
    (:func:`wgarray.synchronize`) so that each group's time includes its compiles.

    Examples
    --------
    >>> import wgarray as wp
    >>> seconds = wp.warmup(dtypes=[wp.float32], operations=["arithmetic"])
    >>> sorted(seconds)
    ['arithmetic', 'casts']
    """
    device = device_arg(device)
    if dtypes is None:
        dtypes = (dt.bool_, dt.default_int(device), dt.default_float(device))
    dtypes = [dtype_arg(d, device) for d in dtypes]
    names = list(OPERATIONS) if operations is None else list(operations)
    unknown = [name for name in names if name not in OPERATIONS]
    if unknown:
        raise ValueError(f"unknown warmup operations {unknown}; choose from {list(OPERATIONS)}")
    seconds = {}
    for name in names:
        start = time.perf_counter()
        for dtype in dtypes:
            x = create.asarray([[1, 2, 0, 3], [0, 1, 1, 2], [3, 0, 2, 1], [1, 1, 0, 2]],
                               device=device)
            OPERATIONS[name](types.astype(x, dtype), dtype)
        synchronize(device)
        seconds[name] = time.perf_counter() - start
    start = time.perf_counter()
    x = create.arange(8, device=device)
    for source in dtypes:
        for target in dtypes:
            types.astype(types.astype(x, source), target)
    synchronize(device)
    seconds["casts"] = time.perf_counter() - start
    return seconds
