"""TEMPORARY fft engine placeholder (the API branch's stand-in; the real engine replaces it).

It implements the engine interface honestly on the GPU in the simplest way: a dense DFT, the
input (axis moved last) times a twiddle matrix built on the device from exact integer angles
(j * k mod n) in float64, through the matmul engine. O(n^2) per transform, so lengths are
limited; the real engine (Stockham, Bluestein) has no such limit.
"""

from __future__ import annotations

import math

import numpy as np

from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.view import TensorView
from .map import MapOp, launch_map
from .matmul import product

MAX_LENGTH = 4096  # the placeholder's dense twiddle matrix is n x n (and j * k must fit in u32)
_COMPLEX = {np.dtype("float32"): np.dtype("complex64"), np.dtype("float64"): np.dtype("complex128")}
_REAL = {c: r for r, c in _COMPLEX.items()}
_F64 = np.dtype("float64")
_C128 = np.dtype("complex128")


def _twiddles(device, n: int, inverse: bool, dtype, scale: float) -> BufferOperand:
    """scale * exp(-+2 pi i (j k mod n) / n) for j, k < n, computed in float64, rounded once to dtype."""
    sign = "" if inverse else "-"
    angle = f"f64((c0 * c1) % {n}u) * a1"
    expr = f"vec2<f64>(a0 * cos_f64({angle}), {sign}a0 * sin_f64({angle}))"
    out = allocate(device, (n, n), dtype)
    launch_map(device, MapOp(f"fft_twiddle_{n}_{int(inverse)}", expr, (_F64, _F64), _C128, coords=True),
               out.storage, out.view, dtype, [ScalarOperand(float(scale), _F64),
                                              ScalarOperand(2 * math.pi / n, _F64)], fresh=True)
    return out


def _copy(x: BufferOperand, dtype, expr: str = "a0") -> BufferOperand:
    """A new C-contiguous operand holding expr(x) (a copy, cast, conj or real part)."""
    out = allocate(x.device, x.shape, dtype)
    in_dtype = dtype if expr == "a0" else x.dtype  # a plain copy casts on load
    launch_map(x.device, MapOp(f"fft_copy_{expr}", expr, (in_dtype,), dtype), out.storage, out.view, dtype, [x],
               fresh=True)
    return out


def _moved_last(view: TensorView, axis: int) -> tuple:
    order = [d for d in range(view.ndim) if d != axis] + [axis]
    return view.permute(order), order


def complex_transform(x: BufferOperand, axis: int, inverse: bool, scale: float = 1.0) -> BufferOperand:
    n = x.shape[axis]
    if math.prod(x.shape) == 0:
        return allocate(x.device, x.shape, x.dtype)
    if n > MAX_LENGTH:
        raise NotImplementedError(f"the placeholder fft engine handles lengths up to {MAX_LENGTH}, not {n}")
    moved, order = _moved_last(x.view, axis)
    rows = TensorView((*moved.shape[:-1], 1, n), (*moved.strides[:-1], 0, moved.strides[-1]), moved.offset)
    result = product(x.with_view(rows), _twiddles(x.device, n, inverse, x.dtype, scale))
    result = result.with_view(TensorView.contiguous(moved.shape, result.view.offset))
    if order == list(range(x.view.ndim)):
        return result
    back = result.with_view(result.view.permute([order.index(d) for d in range(x.view.ndim)]))
    return _copy(back, x.dtype)


def real_forward(x: BufferOperand, axis: int, scale: float = 1.0) -> BufferOperand:
    full = complex_transform(_copy(x, _COMPLEX[x.dtype]), axis, False, scale)
    shape = list(full.shape)
    shape[axis] = shape[axis] // 2 + 1
    return _copy(full.with_view(TensorView(tuple(shape), full.view.strides, full.view.offset)), full.dtype)


def real_inverse(x: BufferOperand, axis: int, n: int, scale: float = 1.0) -> BufferOperand:
    """The Hermitian extension X[k] = conj(X[n - k]) for k > n // 2, inverse-transformed; its real
    part ignores the imaginary parts of the DC and Nyquist terms, as pocketfft does."""
    half = x.shape[axis]
    shape = list(x.shape)
    shape[axis] = n
    full = allocate(x.device, shape, x.dtype)
    strides = full.view.strides
    head = TensorView(x.shape, strides, 0)
    launch_map(x.device, MapOp("fft_copy_a0", "a0", (x.dtype,), x.dtype), full.storage, head, x.dtype, [x],
               fresh=False)
    tail_len = n - half
    if tail_len > 0 and math.prod(shape):
        tail_shape = list(shape)
        tail_shape[axis] = tail_len
        tail = TensorView(tuple(tail_shape), strides, half * strides[axis])
        source_strides = list(x.view.strides)
        source_strides[axis] = -x.view.strides[axis]
        mirrored = TensorView(tuple(tail_shape), tuple(source_strides), x.view.offset + tail_len * x.view.strides[axis])
        launch_map(x.device, MapOp("fft_conj", "conj_{}(a0)".format("c64" if x.dtype.itemsize == 8 else "c128"),
                                   (x.dtype,), x.dtype), full.storage, tail, x.dtype, [x.with_view(mirrored)],
                   fresh=False)
    return _copy(complex_transform(full, axis, True, scale), _REAL[x.dtype], "a0.x")
