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

# The installed NumPy's (major, minor): wgarray follows it where NumPy changed behaviour
# (2.5: nextafter of equal float16 zeros gives y, cross takes 3-vectors only).
NUMPY_VERSION = tuple(int(part) for part in np.__version__.split(".")[:2])

# float32 expressions under fast math: WGSL built-ins (pow keeps its special cases and the
# sign of negative bases). Functions absent here have no built-in and stay accurate.
FAST_F32 = {name: f"{name}(a0)" for name in ("exp", "log", "log2", "sin", "cos", "tan", "asin", "acos", "atan",
                                             "sinh", "cosh", "tanh", "asinh", "acosh", "atanh")}
FAST_F32.update(atan2="atan2(a0, a1)", pow="pow_fast_f32(a0, a1)")


def set_fast_math(enabled: bool) -> None:
    """Turn fast (GPU built-in, less accurate) float32 math on or off for the whole process.

    By default every math function runs wgarray's own accurate code (at most 2 ulp; see the
    accuracy page). With fast math on, float32 ``exp``, ``log``, ``log2``, ``sin``, ``cos``,
    ``tan``, the inverse and hyperbolic functions, ``atan2`` and ``pow`` use WGSL's built-in
    functions: faster, but only as accurate as the driver makes them (WGSL allows sin and cos an
    absolute error of 2**-11) and with special values as the driver gives them.

    Parameters
    ----------
    enabled : bool
        True for fast math, False for the accurate default.

    See Also
    --------
    fast_math

    Notes
    -----
    float64 (and float16, complex) math always runs the accurate code: the drivers' f64
    built-ins are wrong.

    GPU: none at once. Kernels compiled afterwards use the chosen expressions; both variants
    are cached side by side, so switching back and forth recompiles nothing. The switch is
    process-wide, not per thread.
    """
    global _fast
    _fast = bool(enabled)


def fast_math_enabled() -> bool:
    return _fast


@contextlib.contextmanager
def fast_math(enabled: bool = True):
    """Context manager running float32 math on the GPU's built-in functions inside a ``with`` block.

    Parameters
    ----------
    enabled : bool, optional
        True (the default) for fast math inside the block, False for the accurate code; the
        previous setting comes back on exit.

    Yields
    ------
    None
        Nothing; the setting holds inside the block.

    See Also
    --------
    set_fast_math

    Notes
    -----
    See :func:`set_fast_math` for the functions affected. The setting is process-wide: other
    threads see it while the block runs.

    GPU: none at once; kernels compiled inside the block use the built-ins.

    Examples
    --------
    >>> x = wg.asarray([0.5], dtype=wg.float32)
    >>> with wg.fast_math():
    ...     y = wg.sin(x)
    >>> abs(float(y[0]) - 0.4794255) < 1e-3
    True
    """
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
