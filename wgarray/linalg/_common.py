"""What every linalg function shares: LinAlgError, the input policy for stacks of matrices,
and the one host read a batch needs to report a failed factorisation."""

from __future__ import annotations


from .._api.coerce import as_array
from .._array import Array
from .._core import dtypes as dt
from .._core.operands import BufferOperand
from .._core.stream import stream_for
from .._engines.fold import fold
from .._engines.folds import logical_fold


class LinAlgError(ValueError):
    """Generic error raised by the linalg functions.

    A singular matrix (``inv``, ``solve``), a matrix that is not positive definite
    (``cholesky``), a solver that did not converge (``svd``, ``eig``), or an input of the
    wrong shape, as ``numpy.linalg.LinAlgError``: a subclass of ValueError.

    Parameters
    ----------
    *args : object
        The message (and any further arguments), as for every exception.

    Notes
    -----
    GPU: none; this is raised on the host, after the one read of a batch's failure flags.
    """


def float_dtype(dtype, device):
    """The dtype a factorisation computes in: a floating or complex input keeps its dtype; bool and
    integer inputs take the device's default float, as NumPy's linalg does (the standard leaves
    them unspecified). float16 is a TypeError, as in NumPy's linalg."""
    if dtype == dt.float16:
        raise TypeError("array type float16 is unsupported in linalg")
    if dt.kind(dtype) in ("float", "complex"):
        return dtype
    return dt.default_float(device)


def matrices(x, name: str, *, square: bool = False) -> Array:
    """x as an Array of at least 2 dimensions (a stack of matrices) in its computing dtype;
    square=True also asks each matrix to be square. Raises LinAlgError as NumPy does."""
    x = as_array(x, name)
    if x.ndim < 2:
        raise LinAlgError(f"{name}: {x.ndim}-dimensional array given. Array must be at least two-dimensional")
    if square and x.shape[-1] != x.shape[-2]:
        raise LinAlgError(f"{name}: last 2 dimensions of the array must be square; this array has shape {x.shape}")
    dtype = float_dtype(x.dtype, x.device)
    return x if dtype == x.dtype else x.astype(dtype)


def raise_if_any(failed: Array, message: str) -> None:
    """failed: a bool or integer Array flagging the matrices whose factorisation failed (computed
    on the GPU). One host read for the whole batch; raises LinAlgError(message) if any is set."""
    if not failed.size:
        return
    data = failed._data()  # the engine's fold straight away: this runs on every call of inv and solve
    if bool(Array._wrap(fold(logical_fold("any", data.dtype), data, tuple(range(failed.ndim))))):
        raise LinAlgError(message)


def raise_if_set(flag: BufferOperand, message: str) -> None:
    """flag: a 0-d bool or integer operand that the GPU set non-zero where a factorisation of a
    batch failed (lu.gesv_checked's). One host read of its bytes, straight from the stream (it
    runs on every call of inv and solve); raises LinAlgError(message) if it is set."""
    itemsize = flag.dtype.itemsize
    if any(stream_for(flag.device).download(flag.storage, flag.view.offset * itemsize, itemsize)):
        raise LinAlgError(message)
