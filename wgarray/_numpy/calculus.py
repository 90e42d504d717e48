"""NumPy's gradient, trapezoid rule and polynomial evaluation, with NumPy's order of operations (so
its rounding), on the GPU through elementwise functions and sums."""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array, normalize_axes, normalize_axis
from .._api.creation_functions import zeros_like
from .._api.data_type_functions import astype
from .._api.manipulation_functions import concat, reshape
from .._api.utility_functions import all as all_, diff
from . import reductions

_FLOAT64 = dt.as_dtype("float64")


def trapezoid(y, x=None, dx=1.0, axis=-1) -> Array:
    """Integrate along the given axis using the composite trapezoidal rule.

    The result is ``sum(d * (y[1:] + y[:-1]) / 2.0)`` along ``axis``, with ``d`` the differences of
    ``x`` (or ``dx``), in NumPy's order of operations.

    Parameters
    ----------
    y : array_like
        The values to integrate.
    x : array_like, optional
        The sample points: 1-D of ``y.shape[axis]`` points, or an array of ``y``'s shape. None (the
        default) spaces the samples ``dx`` apart.
    dx : scalar, optional
        The spacing of the samples when ``x`` is None (default 1.0).
    axis : int, optional
        The axis to integrate along (default -1).

    Returns
    -------
    Array
        The integral: ``y``'s shape without ``axis`` (a 0-d array for 1-D ``y``).

    Notes
    -----
    Dtypes: every dtype; integer and bool ``y`` compute in float64 (the division by 2.0), others in
    their promoted dtype with ``x``'s differences (NEP 50: a Python ``dx`` is weak).

    GPU: map kernels (the differences of ``x``, the products), then one fold kernel for the sum.

    Examples
    --------
    >>> wg.trapezoid(wg.asarray([1, 2, 3]))
    array(4.)
    >>> wg.trapezoid(wg.asarray([1.0, 2.0, 3.0]), x=[4, 6, 8])
    array(8.)
    """
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
    """Evaluate a polynomial at specific values.

    ``p[0] * x**(n-1) + ... + p[n-1]`` by Horner's rule, in NumPy's order of operations.

    Parameters
    ----------
    p : array_like
        1-D coefficients, highest power first (a ``poly1d`` is not accepted here; use its ``__call__``).
    x : array_like
        The points to evaluate at.

    Returns
    -------
    Array
        The values, of ``x``'s shape, in the promoted dtype of ``p`` and ``x`` (a 0-d array for a
        scalar ``x``, where NumPy returns a scalar).

    Notes
    -----
    Dtypes: every numeric dtype; ``p`` and ``x`` are promoted together (NEP 50). Integer results wrap
    on overflow, as NumPy's.

    GPU: two map kernels per coefficient (a multiply and an add), each reading the coefficient in
    place (no host read).

    Examples
    --------
    >>> wg.polyval([3, 0, 1], wg.asarray([1, 2]))
    array([ 4, 13])
    """
    coefficients = as_array(p, "polyval")
    x = as_array(x, "polyval", coefficients.device)
    y = zeros_like(x)
    for coefficient in coefficients:
        y = y * x + coefficient
    return y


# -- gradient ---------------------------------------------------------------------------------------
def _spacings(varargs, f: Array, axes: tuple) -> list:
    """One spacing per axis: a scalar (uniform), or the differences of the coordinates along it.
    Coordinates with equal differences count as uniform, as in NumPy (its formulas, its rounding)."""
    if not varargs:
        return [1.0] * len(axes)
    if len(varargs) == 1 and np.ndim(varargs[0]) == 0:
        return [varargs[0]] * len(axes)
    if len(varargs) != len(axes):
        raise TypeError("invalid number of arguments")
    spacings = []
    for distances, axis in zip(varargs, axes):
        if np.ndim(distances) == 0:
            spacings.append(distances)
            continue
        coordinates = as_array(distances, "gradient", f.device)
        if coordinates.ndim != 1:
            raise ValueError("distances must be either scalars or 1d")
        if coordinates.shape[0] != f.shape[axis]:
            raise ValueError("when 1d, distances must match the length of the corresponding dimension")
        differences = diff(coordinates)
        if dt.kind(differences._dtype) in ("int", "uint", "bool"):
            differences = astype(differences, _FLOAT64)
        uniform = differences.size and bool(all_(differences == differences[0]))
        spacings.append(differences[0] if uniform else differences)
    return spacings


def _gradient_along(f: Array, axis: int, spacing, edge_order: int, out_dtype) -> Array:
    """The derivative of f along axis: central differences inside, one-sided ones of edge_order at the ends."""
    def part(start, stop=None):
        return f[(slice(None),) * axis + (slice(start, stop),)]

    n = f.shape[axis]
    uniform = not isinstance(spacing, Array) or spacing.ndim == 0
    if uniform:
        interior = (part(2) - part(None, -2)) / (2.0 * spacing)
        first_dx = last_dx = spacing
    else:
        # the spacing's shape broadcasts along axis only
        def along(v):
            return reshape(v, tuple(-1 if i == axis else 1 for i in range(f.ndim)))

        dx1, dx2 = spacing[:-1], spacing[1:]
        a = -dx2 / (dx1 * (dx1 + dx2))
        b = (dx2 - dx1) / (dx1 * dx2)
        c = dx1 / (dx2 * (dx1 + dx2))
        interior = along(a) * part(None, -2) + along(b) * part(1, -1) + along(c) * part(2)
        first_dx, last_dx = spacing[0], spacing[-1]
    if edge_order == 1:
        first = (part(1, 2) - part(0, 1)) / first_dx
        last = (part(n - 1, n) - part(n - 2, n - 1)) / last_dx
    elif uniform:
        first = -1.5 / spacing * part(0, 1) + 2.0 / spacing * part(1, 2) + -0.5 / spacing * part(2, 3)
        last = 0.5 / spacing * part(n - 3, n - 2) + -2.0 / spacing * part(n - 2, n - 1) + 1.5 / spacing * part(n - 1, n)
    else:
        dx1, dx2 = spacing[0], spacing[1]
        a = -(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2))
        b = (dx1 + dx2) / (dx1 * dx2)
        c = -dx1 / (dx2 * (dx1 + dx2))
        first = a * part(0, 1) + b * part(1, 2) + c * part(2, 3)
        dx1, dx2 = spacing[-2], spacing[-1]
        a = dx2 / (dx1 * (dx1 + dx2))
        b = -(dx2 + dx1) / (dx1 * dx2)
        c = (2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2))
        last = a * part(n - 3, n - 2) + b * part(n - 2, n - 1) + c * part(n - 1, n)
    return concat([first, interior, last], axis=axis, dtype=out_dtype)


def gradient(f, *varargs, axis=None, edge_order=1):
    """Return the gradient of an N-dimensional array.

    Second-order central differences in the interior, first- or second-order one-sided differences
    at the boundaries (NumPy's formulas, so its rounding).

    Parameters
    ----------
    f : array_like
        The sampled values.
    *varargs : scalar or array_like, optional
        The spacing: nothing (1.0 along every axis), one scalar for every axis, or one value per axis,
        each a scalar spacing or the 1-D coordinates of the samples along that axis.
    axis : None or int or tuple of int, optional
        The axes to differentiate along (default: every axis).
    edge_order : {1, 2}, optional
        The order of the one-sided differences at the boundaries (default 1).

    Returns
    -------
    Array or tuple of Array
        One array for one axis, else a tuple with one array per axis, each of ``f``'s shape.

    Raises
    ------
    ValueError
        For fewer than ``edge_order + 1`` samples along an axis, coordinates that are not 1-D or whose
        length does not match, or ``edge_order`` above 2.
    TypeError
        For a number of spacings that is neither 0, 1 nor the number of axes.

    Notes
    -----
    Dtypes: floating and complex dtypes keep theirs; integers compute in float64. bool raises
    TypeError (bool subtraction), as in NumPy.

    GPU: map kernels for the differences of each axis and one copy joining the interior and the two
    boundaries. Coordinate arrays are checked for equal spacing on the device and the one bool read
    back (a host sync), which picks NumPy's uniform or non-uniform formulas.

    Examples
    --------
    >>> wg.gradient(wg.asarray([1, 2, 4, 7, 11]))
    array([1. , 1.5, 2.5, 3.5, 4. ])
    >>> wg.gradient(wg.asarray([1.0, 2.0, 4.0]), [0.0, 1.0, 3.0])
    array([1., 1., 1.])
    """
    f = as_array(f, "gradient")
    axes = normalize_axes(axis, f.ndim)
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    spacings = _spacings(varargs, f, axes)
    out_dtype = f._dtype if dt.kind(f._dtype) in ("float", "complex") else _FLOAT64
    if dt.kind(f._dtype) in ("int", "uint"):
        f = astype(f, _FLOAT64)
    results = []
    for axis_, spacing in zip(axes, spacings):
        if f.shape[axis_] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, "
                             "at least (edge_order + 1) elements are required.")
        results.append(_gradient_along(f, axis_, spacing, edge_order, out_dtype))
    return results[0] if len(axes) == 1 else tuple(results)


FUNCTIONS = {"trapezoid": trapezoid, "polyval": polyval, "gradient": gradient}
