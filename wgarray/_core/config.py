"""Runtime switches: fast math.

By default every math function runs wgarray's own accurate code (wgsl/lib_math.wgsl, at
most 2 ulp: docs/accuracy.md). With fast math on, float32 math uses the GPU's built-in
functions where WGSL has one: faster, but only as accurate as the driver makes them (the
WGSL spec allows sin/cos an absolute error of 2^-11) and special values as the driver
gives them. float64 always uses the accurate code (the built-ins are wrong for f64).
Kernels are keyed by their expression, so both variants coexist in the caches.
"""

from __future__ import annotations

import contextlib

import numpy as np

_fast = False

# float32 expressions under fast math: WGSL built-ins (pow keeps its special cases and the
# sign of negative bases). Functions absent here have no built-in and stay accurate.
FAST_F32 = {name: f"{name}(a0)" for name in ("exp", "log", "log2", "sin", "cos", "tan", "asin", "acos", "atan",
                                             "sinh", "cosh", "tanh", "asinh", "acosh", "atanh")}
FAST_F32.update(atan2="atan2(a0, a1)", pow="pow_fast_f32(a0, a1)")


def set_fast_math(enabled: bool) -> None:
    """Turn fast (built-in, less accurate) float32 math on or off for the whole process."""
    global _fast
    _fast = bool(enabled)


def fast_math_enabled() -> bool:
    return _fast


@contextlib.contextmanager
def fast_math(enabled: bool = True):
    """Context manager: `with wgarray.fast_math(): ...` runs float32 math on GPU built-ins."""
    previous = _fast
    set_fast_math(enabled)
    try:
        yield
    finally:
        set_fast_math(previous)


def fast_expr(name: str, dtype) -> str | None:
    """The fast-math expression of elementwise function `name` for `dtype`, or None."""
    if _fast and dtype == np.float32:
        return FAST_F32.get(name)
    return None
