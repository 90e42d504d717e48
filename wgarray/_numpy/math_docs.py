"""numpydoc docstrings of NumPy's elementwise functions that are not single table rows (frexp,
modf, divmod, fix, angle, sinc, isreal, iscomplex, isneginf, isposinf, nan_to_num, real_if_close).

Kept apart from math_functions.py (as NumPy's _add_newdocs.py) so that the module stays short;
the package root imports this module to set them.
"""

from . import math_functions as _math

_SMALL_FLOAT = """bool, int8 and uint8 give float16 (computed in float32, rounded once), int16 and uint16
    float32, wider integers float64, as NumPy's loops"""

_DOCSTRINGS = {
    "frexp": f"""
    Decompose the elements of x into mantissa and twos exponent: ``x = m * 2**e``.

    Parameters
    ----------
    x : array_like
        The input.

    Returns
    -------
    mantissa : Array
        In ``[0.5, 1)`` in magnitude, with ``x``'s sign (0 for 0; inf and NaN pass through).
    exponent : Array
        int32 exponents.

    Notes
    -----
    Dtypes: floating dtypes keep theirs; {_SMALL_FLOAT}. Complex raises TypeError, as NumPy's.
    No ``out``, ``where`` or other ufunc keywords (it is a function here, not a ufunc object).

    GPU: one map kernel per output, on the bits of the floats (exact).

    Examples
    --------
    >>> wg.frexp(wg.asarray([8.0, -0.75, 0.0]))
    (array([ 0.5 , -0.75,  0.  ]), array([4, 0, 0], dtype=int32))
    """,
    "modf": f"""
    Return the fractional and integral parts of an array, elementwise.

    Parameters
    ----------
    x : array_like
        The input.

    Returns
    -------
    fraction : Array
        ``x - trunc(x)``, with ``x``'s sign (``+-0`` for an infinity).
    integral : Array
        ``trunc(x)``, in the same floating dtype.

    Notes
    -----
    Dtypes: floating dtypes keep theirs; {_SMALL_FLOAT}. Complex raises TypeError, as NumPy's.
    No ufunc keywords (``out``, ``where``).

    GPU: one map kernel per output.

    Examples
    --------
    >>> wg.modf(wg.asarray([2.5, -1.25]))
    (array([ 0.5 , -0.25]), array([ 2., -1.]))
    """,
    "divmod": """
    Return the floor quotient and the remainder, ``(x1 // x2, x1 % x2)``, elementwise.

    Parameters
    ----------
    x1 : array_like
        The dividend.
    x2 : array_like
        The divisor, broadcast against ``x1``.

    Returns
    -------
    quotient : Array
        ``floor_divide(x1, x2)``.
    remainder : Array
        ``remainder(x1, x2)``: the sign of ``x2``.

    Notes
    -----
    Dtypes: bool, integer and floating dtypes, promoted together as NumPy's ufunc loops (NEP 50:
    Python scalars are weak; two bools compute in int8). Complex raises TypeError. Integer division
    by zero gives 0 for both outputs, as NumPy's; floats follow NumPy's divmod (NaN quotient for
    ``inf // 2``). No ufunc keywords (``out``, ``where``).

    GPU: one map kernel per output; under :func:`wgarray.errstate` the flag variant reports
    NumPy's "encountered in divmod" conditions.

    Examples
    --------
    >>> wg.divmod(wg.asarray([7, -7]), 3)
    (array([ 2, -3]), array([1, 2]))
    """,
    "fix": """
    Round to the nearest integer towards zero.

    Parameters
    ----------
    x : array_like
        The input.

    Returns
    -------
    Array
        ``trunc(x)``, in ``x``'s dtype (floats stay floats).

    Notes
    -----
    Dtypes: bool, integer and floating dtypes keep theirs (bool and integers come back with their
    values unchanged). Complex raises TypeError, as NumPy's. NumPy's ``out`` keyword is not
    accepted.

    GPU: one map kernel (the table's ``trunc`` row).

    Examples
    --------
    >>> wg.fix(wg.asarray([2.7, -2.7]))
    array([ 2., -2.])
    """,
    "angle": f"""
    Return the angle (argument) of the complex argument.

    Parameters
    ----------
    z : array_like
        The input, complex or real.
    deg : bool, optional
        Return degrees instead of radians (default False).

    Returns
    -------
    Array
        ``arctan2(z.imag, z.real)`` in ``(-pi, pi]`` (``pi`` for negative reals and -0.0, as NumPy).

    Notes
    -----
    Dtypes: complex64 and complex128 give float32 and float64; real floating dtypes keep theirs;
    {_SMALL_FLOAT}.

    GPU: map kernels: the real and imaginary parts and ``arctan2`` (wgarray's own accurate code),
    and one multiply for degrees.

    Examples
    --------
    >>> wg.angle(wg.asarray([1j, -1 + 0j, 1 + 1j]), deg=True)
    array([ 90., 180.,  45.])
    """,
    "sinc": """
    Return the normalized sinc function, ``sin(pi x) / (pi x)``, 1 at 0.

    Parameters
    ----------
    x : array_like
        The input.

    Returns
    -------
    Array
        The values, of ``x``'s shape.

    Notes
    -----
    Dtypes: floating and complex dtypes keep theirs; bool and integers compute in float64 (NumPy
    multiplies by the Python float pi). ``pi * x`` is rounded in ``x``'s dtype first, as in NumPy,
    so ``sinc(1.0)`` is a tiny nonzero number.

    GPU: one map kernel (wgarray's own accurate sine, the complex sine for complex input).

    Examples
    --------
    >>> wg.sinc(wg.asarray([0.0, 0.5, -1.5]))
    array([ 1.        ,  0.63661977, -0.21220659])
    """,
    "isreal": """
    Return a bool array, True where the input element has a zero imaginary part.

    Parameters
    ----------
    x : array_like
        The input.

    Returns
    -------
    Array
        bool, of ``x``'s shape; all True for real dtypes.

    Notes
    -----
    Dtypes: every dtype.

    GPU: map kernels (the imaginary part, a comparison with 0).

    Examples
    --------
    >>> wg.isreal(wg.asarray([1 + 1j, 2 + 0j]))
    array([False,  True])
    """,
    "iscomplex": """
    Return a bool array, True where the input element has a nonzero imaginary part.

    Parameters
    ----------
    x : array_like
        The input.

    Returns
    -------
    Array
        bool, of ``x``'s shape; all False for real dtypes.

    Notes
    -----
    Dtypes: every dtype.

    GPU: map kernels (the imaginary part, a comparison with 0).
    """,
    "isneginf": """
    Test elementwise for negative infinity.

    Parameters
    ----------
    x : array_like
        The input.
    out : Array, optional
        A bool (or wider, by same-kind casting) array of the result's shape to write into.

    Returns
    -------
    Array
        bool, of ``x``'s shape (``out`` if given).

    Raises
    ------
    TypeError
        For complex input (the sign of a complex infinity is ambiguous), as NumPy's.

    Notes
    -----
    Dtypes: every real dtype (all False for bool and integers); complex raises TypeError.

    GPU: one map kernel (a test of the bits: infinite and sign bit set).

    Examples
    --------
    >>> wg.isneginf(wg.asarray([-wg.inf, 0.0, wg.inf]))
    array([ True, False, False])
    """,
    "isposinf": """
    Test elementwise for positive infinity.

    Parameters
    ----------
    x : array_like
        The input.
    out : Array, optional
        A bool (or wider, by same-kind casting) array of the result's shape to write into.

    Returns
    -------
    Array
        bool, of ``x``'s shape (``out`` if given).

    Raises
    ------
    TypeError
        For complex input (the sign of a complex infinity is ambiguous), as NumPy's.

    Notes
    -----
    Dtypes: every real dtype (all False for bool and integers); complex raises TypeError.

    GPU: one map kernel (a test of the bits: infinite and sign bit clear).
    """,
    "nan_to_num": """
    Replace NaN with zero and infinity with large finite numbers (or the numbers given).

    Parameters
    ----------
    x : array_like
        The input.
    copy : bool, optional
        True (the default) returns a new array; False writes the result into ``x`` (a wgarray
        array) and returns it.
    nan : int or float, optional
        The value for NaN (default 0.0).
    posinf : int or float, optional
        The value for +inf (default: the largest finite value of the dtype).
    neginf : int or float, optional
        The value for -inf (default: the most negative finite value of the dtype).

    Returns
    -------
    Array
        ``x`` with the replacements, in ``x``'s dtype; both parts of complex numbers are replaced
        independently.

    Notes
    -----
    Dtypes: every dtype; floating and complex dtypes are processed, bool and integers returned
    unchanged (a copy unless ``copy=False``), as NumPy's.

    GPU: one map kernel (``copy=False``: and a copy into ``x``); for bool and integers one copy,
    or no kernel with ``copy=False``.

    Examples
    --------
    >>> wg.nan_to_num(wg.asarray([wg.nan, wg.inf, -wg.inf, 1.0]))
    array([ 0.00000000e+000,  1.79769313e+308, -1.79769313e+308,  1.00000000e+000])
    >>> wg.nan_to_num(wg.asarray([wg.nan, wg.inf]), nan=-1.0, posinf=9.0)
    array([-1.,  9.])
    """,
    "real_if_close": """
    If the input is complex with all imaginary parts close to zero, return its real parts.

    Parameters
    ----------
    a : array_like
        The input.
    tol : float, optional
        The tolerance: in machine epsilons of ``a``'s dtype when above 1 (default 100), else an
        absolute bound on the imaginary parts.

    Returns
    -------
    Array
        ``a.real`` (float32 or float64) if every ``|a.imag| < tol``, else ``a`` itself; real input
        is returned as it is.

    Notes
    -----
    Dtypes: every dtype; only complex64 and complex128 can change (to float32 and float64).

    GPU: map kernels (the imaginary parts, the test) and a fold (``all``) whose one bool is read
    back: a host sync, since it decides the result's dtype. No kernel for real input.

    Examples
    --------
    >>> wg.real_if_close(wg.asarray([2.1 + 4e-14j, 5.2 + 3e-15j]), tol=1000)
    array([2.1, 5.2])
    """,
}

for _name, _doc in _DOCSTRINGS.items():
    getattr(_math, _name).__doc__ = _doc
