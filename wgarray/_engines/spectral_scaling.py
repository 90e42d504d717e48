"""The scaling that keeps the spectral engines' arithmetic in range, as LAPACK's drivers do it
(?syev/?heev, ?gesdd/?gesvd): a matrix whose largest element lies outside [low, high] is
scaled into range first, and its eigenvalues or singular values are scaled back after.

Every factor is a power of 2, so both scalings are exact (short of underflow in the scaled
matrix's smallest elements, which lie below eps times its norm), and a matrix already in range
gets the factor 1: its results stay bit for bit what the engines give unscaled. Each matrix of a
batch gets its own factor, all computed on the device (a max-|x| fold and a map): no host sync.
Its largest element is brought into [0.5, 1), as far as the dtype's exponent range allows.
A zero matrix and one with a non-finite element are left as they are (factor 1).
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from .._core import dtypes as dt
from .._core.operands import BufferOperand, allocate
from .._core.view import TensorView
from .._core.wgsl import tag as type_tag
from .fold import fold
from .fold_source import literal
from .folds import row_fold
from .map import MapOp, launch_map
from .ops import binary


def eigh_range(dtype) -> tuple[float, float]:
    """?syev's (rmin, rmax): sqrt(safmin / eps) and its inverse."""
    info = np.finfo(dt.real_dtype(dtype))
    small = float(info.tiny) / float(info.eps)
    return small ** 0.5, (1 / small) ** 0.5


def svd_range(dtype) -> tuple[float, float]:
    """?gesdd's (smlnum, bignum): sqrt(safmin) / eps and its inverse."""
    info = np.finfo(dt.real_dtype(dtype))
    small = float(info.tiny) ** 0.5 / float(info.eps)
    return small, 1 / small


@functools.lru_cache(maxsize=None)
def _max_abs_fold(dtype):
    """max |x| over elements of dtype, in its real dtype (max(|re|, |im|) for complex: within a
    factor sqrt 2 of the modulus, which is all a power-of-2 scale needs, and never overflows)."""
    real = dt.real_dtype(dtype)
    prep = "max(abs(x.x), abs(x.y))" if dt.kind(dtype) == "complex" else "abs(x)"
    return dataclasses.replace(row_fold(binary("maximum"), real, prep=prep), name="max_abs", in_dtype=dtype)


def _factor_op(dtype, low: float, high: float) -> MapOp:
    """max|a| -> 2^k, k = -(its exponent) clamped to the dtype's normal powers of 2, where it
    lies in (0, low) or (high, max]; else 1."""
    real = dt.real_dtype(dtype)
    tag, info = type_tag(real), np.finfo(real)
    reg = dt.layout(real).register
    k_max = int(info.maxexp) - 2  # 2^k and 2^-k both normal: 2^(maxexp - 1) is the largest power
    k = f"clamp(-frexp_exp_{tag}(a0), {-k_max}, {k_max})"
    out_of_range = (f"(a0 > {reg}(0) && a0 < {literal(low, real)}) || "
                    f"(a0 > {literal(high, real)} && a0 <= {literal(info.max, real)})")
    return MapOp(f"spectral_scale_factor_{low}_{high}", f"select({reg}(1), ldexp_{tag}({reg}(1), {k}), {out_of_range})",
                 (real,), real)


def scale_factors(a: BufferOperand, low: float, high: float) -> BufferOperand:
    """The power-of-2 factor (batch, 1, 1) of each matrix of a (batch, m, n), in a's real dtype:
    2^k putting max|a| near 1 where it lies outside [low, high], else 1."""
    batch = a.shape[0]
    real = dt.real_dtype(a.dtype)
    largest = fold(_max_abs_fold(a.dtype), a, (1, 2))
    largest = largest.with_view(TensorView((batch, 1, 1), (1, 1, 1), largest.view.offset))
    out = allocate(a.device, (batch, 1, 1), real)
    launch_map(a.device, _factor_op(a.dtype, low, high), out.storage, out.view, real, [largest], fresh=True)
    return out


def scaled(a: BufferOperand, factors: BufferOperand) -> BufferOperand:
    """A fresh copy of the matrices a (batch, m, n), each times its factor (batch, 1, 1)."""
    out = allocate(a.device, a.shape, a.dtype)
    factors = factors.with_view(TensorView(a.shape, (1, 0, 0), factors.view.offset))
    op = MapOp("spectral_scale", "a0 * a1", (a.dtype, factors.dtype), a.dtype)
    launch_map(a.device, op, out.storage, out.view, a.dtype, [a, factors], fresh=True)
    return out


def unscaled(values: BufferOperand, factors: BufferOperand) -> BufferOperand:
    """A fresh copy of values (batch, k) (real), each matrix's divided by its factor (exactly:
    2^-k by ldexp, which f32's 2.5-ulp division would not promise)."""
    tag = type_tag(values.dtype)
    out = allocate(values.device, values.shape, values.dtype)
    factors = factors.with_view(TensorView(values.shape, (1, 0), factors.view.offset))
    op = MapOp("spectral_unscale", f"ldexp_{tag}(a0, 1 - frexp_exp_{tag}(a1))", (values.dtype, values.dtype),
               values.dtype)
    launch_map(values.device, op, out.storage, out.view, values.dtype, [values, factors], fresh=True)
    return out
