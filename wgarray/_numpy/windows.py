"""NumPy's window functions (bartlett, blackman, hamming, hanning, kaiser) and i0, the modified Bessel
function of the first kind of order 0 (NumPy's Cephes Chebyshev series, evaluated elementwise on the
GPU). Windows are float64, NumPy's formulas over arange."""

from __future__ import annotations

import math

import numpy as np
from numpy.lib._function_base_impl import _i0A, _i0B  # Cephes' Chebyshev coefficients (constants)

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array
from .._api.creation_functions import arange, empty, ones
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E


def _chebyshev(x: Array, coefficients) -> Array:
    """Clenshaw's recurrence of Cephes' chbevl, in NumPy's order of operations."""
    b0, b1, b2 = coefficients[0], 0.0, 0.0
    for c in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = E["add"](E["subtract"](E["multiply"](x, b1), b2), float(c))
    return E["multiply"](E["subtract"](b0, b2), 0.5)


def i0(x) -> Array:
    """Modified Bessel function of the first kind, order 0.

    Parameters
    ----------
    x : array_like
        The argument.

    Returns
    -------
    Array
        ``I0(x)`` elementwise, of ``x``'s shape.

    Raises
    ------
    TypeError
        For complex input, as NumPy's.

    Notes
    -----
    Dtypes: floating dtypes keep theirs (float32 computes in float32); bool and integer inputs
    compute in the default floating dtype (float64). Complex raises TypeError.

    GPU: map kernels evaluating Cephes' Chebyshev series (Clenshaw's recurrence, NumPy's
    coefficients and order of operations) for both ranges, ``|x| <= 8`` and past it, then a
    selection between them; ``exp`` and ``sqrt`` are wgarray's own accurate functions.

    Examples
    --------
    >>> wg.i0(wg.asarray([0.0, 1.0]))
    array([1.        , 1.26606588])
    """
    a = as_array(x, "i0")
    if dt.kind(a._dtype) == "complex":
        raise TypeError("i0 not supported for complex values")
    if dt.kind(a._dtype) != "float":
        a = astype(a, dt.default_float(a.device))
    a = E["abs"](a)
    small = E["multiply"](E["exp"](a), _chebyshev(E["subtract"](E["divide"](a, 2.0), 2), _i0A))
    large = E["divide"](E["multiply"](E["exp"](a), _chebyshev(E["subtract"](E["divide"](32.0, a), 2.0), _i0B)),
                        E["sqrt"](a))
    return E["where"](E["less_equal"](a, 8.0), small, large)


def _length(M) -> float:
    return float(np.array([0.0, M])[1])  # NumPy: at least float64, whatever M's type


def _symmetric_window(M, formula) -> Array:
    m = _length(M)
    if m < 1:
        return empty((0,), dtype=dt.float64)
    if m == 1:
        return ones((1,), dtype=dt.float64)
    n = arange(1 - m, m, 2, dtype=dt.float64)
    return formula(n, m)


def hanning(M) -> Array:
    """The Hann window: ``0.5 + 0.5 cos(pi n / (M - 1))`` for ``n`` from ``1 - M`` to ``M - 1`` in steps of 2.

    Parameters
    ----------
    M : int
        The number of points; zero or less gives an empty array.

    Returns
    -------
    Array
        ``M`` float64 values, the largest (1.0) in the middle for odd ``M``.

    Notes
    -----
    GPU: computed on the device from ``arange``, with wgarray's own cosine (within 2 ulp);
    NumPy's formula and order of operations.

    Examples
    --------
    >>> wg.hanning(5)
    array([0. , 0.5, 1. , 0.5, 0. ])
    """
    return _symmetric_window(M, lambda n, m: E["add"](0.5, E["multiply"](0.5, E["cos"](
        E["divide"](E["multiply"](math.pi, n), m - 1)))))


def hamming(M) -> Array:
    """The Hamming window: ``0.54 + 0.46 cos(pi n / (M - 1))`` for ``n`` from ``1 - M`` to ``M - 1`` in steps of 2.

    Parameters
    ----------
    M : int
        The number of points; zero or less gives an empty array.

    Returns
    -------
    Array
        ``M`` float64 values, the largest (1.0) in the middle for odd ``M``.

    Notes
    -----
    GPU: computed on the device from ``arange``, with wgarray's own cosine (within 2 ulp);
    NumPy's formula and order of operations.

    Examples
    --------
    >>> wg.hamming(5)
    array([0.08, 0.54, 1.  , 0.54, 0.08])
    """
    return _symmetric_window(M, lambda n, m: E["add"](0.54, E["multiply"](0.46, E["cos"](
        E["divide"](E["multiply"](math.pi, n), m - 1)))))


def blackman(M) -> Array:
    """The Blackman window: ``0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1))``.

    Parameters
    ----------
    M : int
        The number of points; zero or less gives an empty array.

    Returns
    -------
    Array
        ``M`` float64 values, the largest (1.0) in the middle for odd ``M``.

    Notes
    -----
    GPU: computed on the device from ``arange``, with wgarray's own cosine (within 2 ulp);
    NumPy's formula and order of operations.

    Examples
    --------
    >>> wg.blackman(3)
    array([-1.38777878e-17,  1.00000000e+00, -1.38777878e-17])
    """
    def formula(n, m):
        first = E["multiply"](0.5, E["cos"](E["divide"](E["multiply"](math.pi, n), m - 1)))
        second = E["multiply"](0.08, E["cos"](E["divide"](E["multiply"](2.0 * math.pi, n), m - 1)))
        return E["add"](E["add"](0.42, first), second)
    return _symmetric_window(M, formula)


def bartlett(M) -> Array:
    """The Bartlett (triangular) window: ``1 - |n| / (M - 1)``.

    Parameters
    ----------
    M : int
        The number of points; zero or less gives an empty array.

    Returns
    -------
    Array
        ``M`` float64 values, the largest (1.0) in the middle for odd ``M``.

    Notes
    -----
    GPU: computed on the device from ``arange``, with wgarray's own cosine (within 2 ulp);
    NumPy's formula and order of operations.

    Examples
    --------
    >>> wg.bartlett(5)
    array([0. , 0.5, 1. , 0.5, 0. ])
    """
    def formula(n, m):
        ramp = E["divide"](n, m - 1)
        return E["where"](E["less_equal"](n, 0), E["add"](1, ramp), E["subtract"](1, ramp))
    return _symmetric_window(M, formula)


def kaiser(M, beta) -> Array:
    """The Kaiser window: ``i0(beta sqrt(1 - ((n - a) / a)**2)) / i0(beta)``, ``a = (M - 1) / 2``.

    Parameters
    ----------
    M : int
        The number of points; zero or less gives an empty array.
    beta : float
        The shape parameter: 0 is rectangular, about 5 is like a Hamming window, 8.6 like a
        Blackman window.

    Returns
    -------
    Array
        ``M`` float64 values.

    Notes
    -----
    GPU: ``i0`` runs on the device (NumPy's Cephes Chebyshev series, elementwise).

    Examples
    --------
    >>> wg.kaiser(4, 5.0)
    array([0.03671089, 0.7753221 , 0.7753221 , 0.03671089])
    """
    m, beta = _length(M), float(beta)
    if m == 1:
        return ones((1,), dtype=dt.float64)
    n = arange(0, m, dtype=dt.float64)
    alpha = (m - 1) / 2.0
    ratio = E["divide"](E["subtract"](n, alpha), alpha)
    argument = E["multiply"](beta, E["sqrt"](E["subtract"](1, E["pow"](ratio, 2.0))))
    return E["divide"](i0(argument), i0(beta))


FUNCTIONS = {f.__name__: f for f in (i0, hanning, hamming, blackman, bartlett, kaiser)}
