"""numpydoc docstrings of the series classes (Polynomial, Chebyshev, Legendre) and of the methods
they inherit from _series.SeriesBase, documented once there. Importing this module sets them;
wgarray/polynomial/__init__.py imports it."""

from ._series import SeriesBase
from .chebyshev import Chebyshev
from .legendre import Legendre
from .polynomial import Polynomial

_CLASS = """
    A {kind} series over a domain, as ``numpy.polynomial.{name}``.

    ``{series}``, coefficients lowest degree first, where ``x`` is
    first mapped linearly from ``domain`` onto ``window``. Calling the series evaluates it.
    It supports ``+``, ``-``, ``*``, ``//``, ``%``, ``divmod``, ``**``, ``/`` by a scalar
    and ``==`` with series of the same kind, domain, window and symbol (or with numbers and
    arrays, taken as coefficients). The class methods ``fit``, ``fromroots``, ``identity``
    and ``basis`` make series.

    Parameters
    ----------
    coef : array_like
        The coefficients, lowest degree first (1-D, not empty; trailing zeros are kept).
    domain : (2,) array_like, optional
        The interval ``[a, b]`` mapped onto ``window`` (default ``[-1, 1]``).
    window : (2,) array_like, optional
        The interval the basis is evaluated on (default ``[-1, 1]``).
    symbol : str, optional
        The variable's name in printouts (default ``'x'``); a Python identifier.

    Raises
    ------
    ValueError
        Empty or N-d coefficients, bool coefficients (no common type, as NumPy), a domain or
        window of other than 2 values, or a bad symbol.

    See Also
    --------
    {see_also}

    Notes
    -----
    Dtypes: the coefficients take NumPy's ``common_type``: integers become float64; float16,
    float32, float64 and complex are kept. ``roots`` and ``fit`` go through wgarray.linalg
    (float32, float64 and complex; no float16).

    GPU: evaluation is {evaluation}, a few map kernels per coefficient; arithmetic and
    calculus are map kernels and convolutions; fits and roots go through wgarray.linalg's SVD
    and eigenvalue solvers. Domain and window are two host numbers each.

    Examples
    --------
    >>> p = wg.polynomial.{name}([1, 2, 3])
    >>> p(0.5)
    array({value})
    >>> p.degree()
    2
"""

_CLASSES = {
    Polynomial: dict(kind="power", series="c[0] + c[1] x + c[2] x**2 + ...", evaluation="Horner's rule",
                     see_also="Chebyshev, Legendre, wgarray.poly1d", value="2.75"),
    Chebyshev: dict(kind="Chebyshev", series="c[0] T_0(x) + c[1] T_1(x) + ...", evaluation="Clenshaw's recurrence",
                    see_also="Polynomial, Legendre", value="0.5"),
    Legendre: dict(kind="Legendre", series="c[0] P_0(x) + c[1] P_1(x) + ...", evaluation="Clenshaw's recurrence",
                   see_also="Polynomial, Chebyshev", value="1.625"),
}

_HOST = """
    Notes
    -----
    GPU: none; this runs on the host (metadata only).
"""

_SYNC = """
    Notes
    -----
    Dtypes: the series' coefficients' (see the class).

    GPU: {what}
"""

_NEW_SERIES = """
    Returns
    -------
    series
        A new series of the same kind, domain, window and symbol.
"""

METHODS = {
    "copy": """
    Return a copy of the series.
    """ + _NEW_SERIES + _SYNC.format(what="one copy kernel (the coefficients are copied)."),
    "degree": """
    Return the degree of the series: the number of coefficients less one.

    Trailing zero coefficients count; ``trim`` drops them.

    Returns
    -------
    int
        ``len(coef) - 1``.
    """ + _HOST,
    "mapparms": """
    Return the linear map from the domain onto the window.

    Returns
    -------
    offset, scale : float
        The window's ``x`` is ``offset + scale * x`` of the domain's.
    """ + _HOST,
    "has_samecoef": """
    Check whether two series have the same coefficients.

    Parameters
    ----------
    other : series
        Another series.

    Returns
    -------
    bool
        True when the coefficients have the same length and values.
    """ + _SYNC.format(what="one map kernel and one fold (reduction) kernel; the answer is read back to\n"
                           "    the host (a sync)."),
    "convert": """
    Convert the series to a series of another kind, domain or window.

    Parameters
    ----------
    domain : array_like, optional
        The new series' domain (default: kind's).
    kind : class, optional
        Polynomial, Chebyshev or Legendre (default: this series' class).
    window : array_like, optional
        The new series' window (default: kind's).

    Returns
    -------
    series
        The same function as a series of that kind over that domain and window.
    """ + _SYNC.format(what="the new coefficients are this series evaluated on kind's identity series:\n"
                           "    series arithmetic kernels (products and sums of coefficient arrays)."),
    "has_sametype": """
    Check whether another series is of the same class.

    Parameters
    ----------
    other : object
        Another series.

    Returns
    -------
    bool
        True when ``other`` is an instance of this series' class.
    """ + _HOST,
    "has_samedomain": """
    Check whether two series have the same domain.

    Parameters
    ----------
    other : series
        Another series.

    Returns
    -------
    bool
        True when the domains are equal.
    """ + _HOST,
    "has_samewindow": """
    Check whether two series have the same window.

    Parameters
    ----------
    other : series
        Another series.

    Returns
    -------
    bool
        True when the windows are equal.
    """ + _HOST,
    "trim": """
    Drop the trailing coefficients of magnitude at most ``tol``.

    Parameters
    ----------
    tol : float, optional
        The threshold (default 0: exact zeros); at least one coefficient is kept.
    """ + _NEW_SERIES + """
    Raises
    ------
    ValueError
        A negative ``tol``.
    """ + _SYNC.format(what="map kernels compare the magnitudes; where the series ends is read back\n"
                           "    to the host (a sync)."),
    "truncate": """
    Keep the first ``size`` coefficients.

    Parameters
    ----------
    size : int
        The number of coefficients kept (positive).
    """ + _NEW_SERIES + """
    Raises
    ------
    ValueError
        A ``size`` below 1.
    """ + _SYNC.format(what="one copy kernel (a slice of the coefficients, copied)."),
    "cutdeg": """
    Truncate the series to degree ``deg``.

    Parameters
    ----------
    deg : int
        The degree kept (non-negative): ``truncate(deg + 1)``.
    """ + _NEW_SERIES + _SYNC.format(what="one copy kernel (a slice of the coefficients, copied)."),
    "deriv": """
    Differentiate the series.

    The chain rule's factor from the domain's map onto the window is included, so the result
    is the derivative in the domain's coordinates.

    Parameters
    ----------
    m : int, optional
        The order of the derivative (default 1; non-negative).
    """ + _NEW_SERIES + """
    Raises
    ------
    ValueError
        A negative ``m``.
    """ + _SYNC.format(what="the basis' differentiation recurrence, a few small map kernels per order."),
    "integ": """
    Integrate the series.

    Parameters
    ----------
    m : int, optional
        The order of the antiderivative (default 1; non-negative).
    k : scalar or sequence of scalars, optional
        The integration constants: the value of the i-th antiderivative at ``lbnd`` is
        ``k[i]`` (missing ones are 0).
    lbnd : float, optional
        The lower bound of the integral, in the domain's coordinates (default 0).
    """ + _NEW_SERIES + """
    Raises
    ------
    ValueError
        A negative ``m``, or more than ``m`` constants.
    """ + _SYNC.format(what="the basis' integration recurrence, a few small map kernels per order, and\n"
                           "    one evaluation at ``lbnd`` per order; whether the series is 0 is read back\n"
                           "    to the host (a sync) per order."),
    "roots": """
    Return the roots of the series, in the domain's coordinates.

    Returns
    -------
    Array
        The roots, sorted; real when every imaginary part is 0 (for real coefficients).

    Notes
    -----
    Dtypes: float32, float64 and complex coefficients; float16 raises TypeError, as
    wgarray.linalg does.

    GPU: the eigenvalues of the basis' companion matrix (:func:`wgarray.linalg.eigvals`,
    Hessenberg reduction and shifted QR), then a radix sort and one map kernel onto the domain;
    whether every imaginary part is 0 is read back to the host (a sync).
    """,
    "linspace": """
    Return the series evaluated at evenly spaced points.

    Parameters
    ----------
    n : int, optional
        The number of points (default 100).
    domain : (2,) array_like, optional
        The interval of the points (default: the series' domain).

    Returns
    -------
    x, y : Array
        The points and the series' values at them.

    Notes
    -----
    Dtypes: ``x`` is of the default float dtype (float64); ``y`` is promoted with the
    coefficients' dtype.

    GPU: one map kernel for the points, then the series' evaluation (see the class).
    """,
}

for _cls, _fields in _CLASSES.items():
    _cls.__doc__ = _CLASS.format(name=_cls.__name__, **_fields)
for _name, _doc in METHODS.items():
    getattr(SeriesBase, _name).__doc__ = _doc
