"""NumPy's trapezoid rule and polynomial evaluation, with NumPy's order of operations (so its
rounding), on the GPU through elementwise functions and sums."""

from __future__ import annotations

from .._array import Array
from .._api.coerce import as_array, normalize_axis
from .._api.creation_functions import zeros_like
from .._api.manipulation_functions import reshape
from .._api.utility_functions import diff
from . import reductions


def trapezoid(y, x=None, dx=1.0, axis=-1) -> Array:
    """The integral of y over x (or spacing dx) along axis by the trapezoid rule:
    sum(d * (y[1:] + y[:-1]) / 2.0), as NumPy computes it."""
    y = as_array(y, "trapezoid")
    axis = normalize_axis(axis, y.ndim)
    if x is None:
        d = dx
    else:
        x = as_array(x, "trapezoid", y.device)
        if x.ndim == 1:
            d = reshape(diff(x), tuple(x.shape[0] - 1 if i == axis else 1 for i in range(y.ndim)))
        else:
            d = diff(x, axis=axis)
    lead = (slice(None),) * axis
    return reductions.sum(d * (y[lead + (slice(1, None),)] + y[lead + (slice(None, -1),)]) / 2.0, axis=axis)


def polyval(p, x) -> Array:
    """The polynomial with coefficients p (highest power first) at x, by Horner's rule as NumPy."""
    coefficients = as_array(p, "polyval")
    x = as_array(x, "polyval", coefficients.device)
    y = zeros_like(x)
    for coefficient in coefficients:
        y = y * x + coefficient
    return y


FUNCTIONS = {"trapezoid": trapezoid, "polyval": polyval}
