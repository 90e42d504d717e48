"""What the ufunc call and the ufunc methods share: NumPy's ufunc type error and the where= mask."""

from __future__ import annotations

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array


class UFuncTypeError(TypeError):
    """NumPy's UFuncTypeError (numpy._core._exceptions): the dtypes of a ufunc call fit no loop,
    or a cast is not allowed by the casting rule."""


def no_loop(name: str) -> UFuncTypeError:
    return UFuncTypeError(f"No loop matching the specified signature and casting was found for ufunc {name}")


def where_mask(where, device) -> Array:
    """where= as a boolean Array (NumPy casts it with the 'safe' rule: only bool passes)."""
    mask = as_array(where, "where", device)
    if mask._dtype != dt.bool_:
        raise TypeError(f"Cannot cast array data from {mask._dtype!r} to dtype('bool') according to the rule 'safe'")
    return mask
