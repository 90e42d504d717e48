"""Indexing functions: take and take_along_axis, gathers on the GPU (see _gather.py).

Out-of-bounds indices: the standard leaves them unspecified. Indices given as NumPy arrays
or lists are checked on the host and raise IndexError as NumPy does; indices in wgarray
arrays cannot be checked without a host sync, so the kernel clamps them into the axis
(it never reads outside x). np.take's mode="clip" and mode="wrap" are supported too.
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core.view import TensorView, broadcast_shapes
from .._engines.gather import IndexOperand, gather
from . import manipulation_functions
from .coerce import as_array, normalize_axis
from .indexing import check_host_indices, upload_indices

__all__ = ["take", "take_along_axis"]

_MODES = {"raise": "wrap", "wrap": "mod", "clip": "clip"}


def _index_array(indices, x: Array, n: int, axis: int, mode: str) -> Array:
    """indices as an integer Array on x's device; host indices are bounds-checked."""
    if isinstance(indices, Array):
        if indices.device is not x.device:
            raise ValueError(f"indices on {indices.device} cannot index an array on {x.device}")
        if indices._dtype.kind not in "iu":
            raise IndexError(f"indices must have an integer data type, not {indices._dtype}")
        return indices
    host = np.asarray(indices)
    if host.size == 0 and host.dtype.kind not in "iu":
        host = host.astype(np.intp)
    if host.dtype.kind not in "iu":
        raise IndexError(f"indices must have an integer data type, not {host.dtype}")
    if mode == "raise":
        check_host_indices(host, n, axis)
    return upload_indices(host, x.device)


def _check(x, mode, name) -> Array:
    x = as_array(x, name)
    if mode not in _MODES:
        raise ValueError(f"mode must be one of 'raise', 'wrap' or 'clip', not {mode!r}")
    return x


def take(x, indices, /, *, axis=None, mode="raise", out=None) -> Array:
    """Elements of x at `indices` along `axis` (NumPy: x flattened when axis is None).

    The result has shape x.shape[:axis] + indices.shape + x.shape[axis + 1:]."""
    x = _check(x, mode, "take")
    if out is not None:
        raise NotImplementedError("take(out=...) is not supported; assign the result instead")
    if axis is None:
        if x.ndim != 1:
            x = manipulation_functions.reshape(x, (-1,))
        axis = 0
    axis = normalize_axis(axis, x.ndim)
    n = x.shape[axis]
    if n == 0 and np.size(indices):
        raise IndexError("cannot do a non-empty take from an empty axis")
    idx = _index_array(indices, x, n, axis, mode)
    pre, post = x.shape[:axis], x.shape[axis + 1:]
    shape = pre + idx.shape + post
    xs = x._view.strides
    strides = xs[:axis] + (0,) * idx.ndim + xs[axis + 1:]
    iv = TensorView(shape, (0,) * len(pre) + idx._view.strides + (0,) * len(post), idx._view.offset)
    index = IndexOperand(idx._data().with_view(iv), n, xs[axis], _MODES[mode])
    return Array._wrap(gather(x._data(), shape, x._view.offset, strides, [index]))


def take_along_axis(x, indices, /, axis=-1, *, mode="raise") -> Array:
    """Take values from an array at matching indices along an axis.

    ``out[..., j, ...] = x[..., indices[..., j, ...], ...]`` with ``j`` along ``axis``; the
    other axes of ``x`` and ``indices`` broadcast. Indices from :func:`wgarray.argsort` or
    :func:`wgarray.argpartition` put ``x`` in their order.

    Parameters
    ----------
    x : array_like
        The source array, of at least one dimension.
    indices : array_like
        Integer indices, of ``x``'s number of dimensions. Negative indices count from the end.
    axis : int or None, optional
        The axis to take along (default -1); None works on the flattened ``x`` (``indices``
        then 1-D).
    mode : {'raise', 'wrap', 'clip'}, optional
        Out-of-range indices: 'raise' (the default) raises IndexError for indices given on the
        host (lists, NumPy arrays); 'wrap' wraps them around; 'clip' clips them into the axis.

    Returns
    -------
    Array
        An array of ``x``'s dtype, of the broadcast shape with ``indices.shape[axis]`` along
        ``axis``.

    Raises
    ------
    IndexError
        If host indices are out of range (mode 'raise'), are not integers, or do not broadcast
        against ``x`` outside ``axis``.
    ValueError
        If ``x`` is 0-d, ``indices`` has another number of dimensions, or ``mode`` is unknown.

    See Also
    --------
    wgarray.take, wgarray.put_along_axis, wgarray.argsort

    Notes
    -----
    Dtypes: every dtype for ``x``; any integer dtype for ``indices``.

    GPU: one gather kernel (an upload first for host indices). Out-of-range indices inside a
    wgarray array cannot be checked without a host sync: with mode 'raise' the kernel clamps
    them into the axis (it never reads outside ``x``); NumPy would raise.

    Examples
    --------
    >>> x = wg.asarray([[10, 30, 20], [60, 40, 50]])
    >>> wg.take_along_axis(x, wg.argsort(x, axis=1), axis=1)
    array([[10, 20, 30],
           [40, 50, 60]])
    >>> wg.take_along_axis(x, wg.asarray([[0], [2]]), axis=1)
    array([[10],
           [50]])
    """
    x = _check(x, mode, "take_along_axis")
    if axis is None:
        x, axis = manipulation_functions.reshape(x, (-1,)), 0
    if x.ndim == 0:
        raise ValueError("take_along_axis needs an array with at least one dimension")
    axis = normalize_axis(axis, x.ndim)
    n = x.shape[axis]
    idx = _index_array(indices, x, n, axis, mode)
    if idx.ndim != x.ndim:
        raise ValueError(f"indices must have the same number of dimensions as x ({x.ndim}), not {idx.ndim}")
    try:
        shape = list(broadcast_shapes(x.shape[:axis] + (1,) + x.shape[axis + 1:],
                                      idx.shape[:axis] + (1,) + idx.shape[axis + 1:]))
    except ValueError:
        raise IndexError(f"shape mismatch: x of shape {x.shape} and indices of shape {idx.shape} do not "
                         f"broadcast (except along axis {axis})") from None
    shape[axis] = idx.shape[axis]
    shape = tuple(shape)
    if n == 0 and idx.size and 0 not in shape:
        raise IndexError("cannot take along an empty axis with non-empty indices")
    xshape = x.shape[:axis] + (1,) + x.shape[axis + 1:]
    xv = TensorView(xshape, x._view.strides, x._view.offset).broadcast_to(shape)
    index = IndexOperand(idx._operand(shape), n,
                         x._view.strides[axis], _MODES[mode])
    return Array._wrap(gather(x._data(), shape, x._view.offset, xv.strides, [index]))
