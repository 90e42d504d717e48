"""NumPy's protocols: NumPy's own functions applied to wgarray arrays run on the GPU.

`numpy.add(x, 1)`, `numpy.add.reduce(x)`, `numpy.mean(x)` and `numpy.concatenate([x, y])` with
wgarray arrays call wgarray's function of the same name (as with CuPy) and return wgarray
arrays. A function or ufunc wgarray lacks raises TypeError naming it: never a silent fallback
to NumPy's CPU code. `numpy.asarray(x)` keeps downloading through `__array__`.

Arguments are matched by name: NumPy's signature binds the call, then each argument goes to
wgarray's parameter of that name (positionally where wgarray's is positional-only; NumPy's
leading arrays, such as `a`, go to wgarray's leading positional-only ones, such as `x`). An
argument wgarray's function does not take is dropped when it holds NumPy's default, and
raises TypeError otherwise.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import sys

import numpy as np

from .._array import Array
from .ufunc import ufunc

_METHODS = ("__call__", "reduce", "accumulate", "reduceat", "outer", "at")


def _namespace():
    return sys.modules["wgarray"]


def _ours(func):
    """wgarray's counterpart of a NumPy function or ufunc (same name, same submodule), or None."""
    module = getattr(func, "__module__", None) or "numpy"
    target = _namespace()
    for part in module.split(".")[1:]:
        if part.startswith("_") or part == "lib":  # numpy._core.fromnumeric.sum is numpy.sum
            continue
        target = getattr(target, part, None)
        if target is None:
            return None
    found = getattr(target, func.__name__, None)
    return found if callable(found) else None


def array_ufunc(self, numpy_ufunc, method, *inputs, **kwargs):
    ours = getattr(_namespace(), numpy_ufunc.__name__, None)
    if not isinstance(ours, ufunc) and not (method == "__call__" and callable(ours)):  # matmul is a function
        raise TypeError(f"wgarray has no ufunc numpy.{numpy_ufunc.__name__}"
                        + ("" if method == "__call__" else f" with the method {method}"))
    if method not in _METHODS:
        return NotImplemented
    out = kwargs.get("out")
    for target in (out if isinstance(out, tuple) else (out,)):
        if target is not None and not isinstance(target, Array):
            raise TypeError(f"numpy.{numpy_ufunc.__name__} on wgarray arrays needs out= to be a wgarray array, "
                            f"not {type(target).__name__}")
    if isinstance(out, tuple) and len(out) == 1:
        kwargs["out"] = out[0]
    call = ours if method == "__call__" else getattr(ours, method)
    return call(*inputs, **kwargs)


def array_function(self, func, types, args, kwargs):
    if not all(issubclass(t, (Array, np.ndarray)) for t in types):
        return NotImplemented
    ours = _ours(func)
    if ours is None or ours is func:
        raise TypeError(f"wgarray does not implement {func.__module__}.{func.__name__} for wgarray arrays")
    positional, keywords = _rebind(func, ours, args, kwargs)
    return ours(*positional, **keywords)


def _rebind(func, ours, args, kwargs) -> tuple:
    """NumPy's call (args, kwargs) as a call of ours, by parameter name."""
    numpy_signature, our_signature = _signature(func), _signature(ours)
    if numpy_signature is None or our_signature is None:
        return args, kwargs
    try:
        bound = numpy_signature.bind(*args, **kwargs)
    except TypeError:
        return args, kwargs  # let ours report the bad call in its own words
    positional, keywords = [], {}
    parameters = our_signature.parameters
    # Our leading parameters that NumPy names otherwise take its leading arguments by position:
    # the arrays, NumPy's `a` being the standard's `x` (positional-only, or not: transpose(x, axes)).
    leading = list(itertools.takewhile(
        lambda p: p.kind is inspect.Parameter.POSITIONAL_ONLY
        or (p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and p.name not in numpy_signature.parameters),
        parameters.values()))
    for index, (name, value) in enumerate(bound.arguments.items()):
        parameter = parameters.get(name)
        if parameter is None and index < len(leading) and index == len(positional):
            parameter = leading[index]
        kind = numpy_signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            positional.extend(value)
        elif kind is inspect.Parameter.VAR_KEYWORD:
            keywords.update(value)
        elif parameter is None:
            if value is not numpy_signature.parameters[name].default and not _is_no_value(value):
                raise TypeError(f"wgarray's {ours.__name__} does not take the argument {name!r} of "
                                f"numpy.{func.__name__}")
        elif parameter.kind is inspect.Parameter.POSITIONAL_ONLY or parameter.name != name:
            positional.append(value)
        else:
            keywords[name] = value
    return positional, keywords


def _is_no_value(value) -> bool:
    return type(value).__name__ == "_NoValueType"


@functools.lru_cache(maxsize=None)
def _signature(func):
    try:
        return inspect.signature(func)
    except (TypeError, ValueError):  # some C functions carry no signature
        return None


Array.__array_ufunc__ = array_ufunc
Array.__array_function__ = array_function
