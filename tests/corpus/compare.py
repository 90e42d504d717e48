"""Comparing a snippet's result under wgarray with its result under NumPy.

Arrays (and scalars, which compare as 0-d arrays: NumPy returns scalars where GPU libraries return
0-d arrays) must agree in dtype, shape and values. Integers and booleans are exact; floats may be
off by `ulps` units in the last place of the largest magnitude compared, with NaNs and infinities
in the same places. Containers compare element by element, text exactly.
"""

from __future__ import annotations

import numpy

_SCALARS = (bool, int, float, complex, numpy.generic)


def to_host(value, array_type):
    """`value` with every `array_type` instance (wgarray's arrays) downloaded as a NumPy array."""
    if isinstance(value, array_type):
        return numpy.asarray(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple (SlogdetResult, ...)
        return type(value)(*(to_host(v, array_type) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(to_host(v, array_type) for v in value)
    if isinstance(value, dict):
        return {k: to_host(v, array_type) for k, v in value.items()}
    return value


def _same_sequence_type(expected, got) -> bool:
    """The same list or tuple type; a named tuple matches one of the same name and fields
    (numpy.linalg's SlogdetResult and wgarray.linalg's are two classes)."""
    if hasattr(expected, "_fields"):
        return type(got).__name__ == type(expected).__name__ and getattr(got, "_fields", None) == expected._fields
    return type(got) is type(expected)


def difference(expected, got, ulps: int, where: str = "result") -> str | None:
    """None when `got` matches `expected`, else a sentence saying where and how they differ."""
    if isinstance(expected, (str, bytes, type(None))):
        if got != expected or type(got) is not type(expected):
            return f"{where}: expected {expected!r}, got {got!r}"
        return None
    if isinstance(expected, (list, tuple)):
        if not _same_sequence_type(expected, got) or len(got) != len(expected):
            return f"{where}: expected a {type(expected).__name__} of {len(expected)}, got {_describe(got)}"
        for i, (e, g) in enumerate(zip(expected, got)):
            found = difference(e, g, ulps, f"{where}[{i}]")
            if found:
                return found
        return None
    if isinstance(expected, dict):
        if not isinstance(got, dict) or list(got) != list(expected):
            return f"{where}: expected a dict with keys {list(expected)}, got {_describe(got)}"
        for key in expected:
            found = difference(expected[key], got[key], ulps, f"{where}[{key!r}]")
            if found:
                return found
        return None
    if isinstance(expected, numpy.dtype):  # wgarray has its own dtype class: compare what prints
        if repr(got) != repr(expected):
            return f"{where}: expected {expected!r}, got {_describe(got)}"
        return None
    if isinstance(expected, (numpy.ndarray, *_SCALARS)):
        if not isinstance(got, (numpy.ndarray, *_SCALARS)):
            return f"{where}: expected an array or scalar, got {_describe(got)}"
        return _array_difference(numpy.asarray(expected), numpy.asarray(got), ulps, where)
    raise TypeError(f"{where}: snippets return arrays, scalars, text or containers, not {_describe(expected)}")


def _describe(value) -> str:
    return f"{type(value).__name__} {value!r}"[:200]


def _array_difference(expected: numpy.ndarray, got: numpy.ndarray, ulps: int, where: str) -> str | None:
    if got.dtype != expected.dtype:
        return f"{where}: dtype {got.dtype}, NumPy's is {expected.dtype}"
    if got.shape != expected.shape:
        return f"{where}: shape {got.shape}, NumPy's is {expected.shape}"
    bad = _mismatches(expected, got, ulps)
    if bad.any():
        first = tuple(int(i) for i in numpy.argwhere(bad)[0]) if bad.ndim else ()
        return (f"{where}: {int(bad.sum())} of {bad.size} values differ; at {first} "
                f"got {got[first]!r}, NumPy's is {expected[first]!r}")
    return None


def _mismatches(expected: numpy.ndarray, got: numpy.ndarray, ulps: int) -> numpy.ndarray:
    if expected.dtype.kind == "c":
        return (_mismatches(expected.real, got.real, ulps) | _mismatches(expected.imag, got.imag, ulps))
    if expected.dtype.kind != "f":
        return got != expected
    both_nan = numpy.isnan(expected) & numpy.isnan(got)
    finite = numpy.isfinite(expected) & numpy.isfinite(got)
    with numpy.errstate(all="ignore"):
        scale = numpy.abs(expected[numpy.isfinite(expected)]).max(initial=0.0)
        tolerance = ulps * numpy.spacing(numpy.asarray(scale, dtype=expected.dtype))
        close = finite & (numpy.abs(got - expected) <= tolerance)
    return ~(both_nan | close | (got == expected))
