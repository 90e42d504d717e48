"""numpydoc docstrings of NumPy's legacy polynomial API (_poly1d.py: poly1d, poly, polyfit, roots,
polyadd, ...), kept apart from that module, which is near the 500-line limit. Importing this module
sets them; wgarray/polynomial/__init__.py imports it."""

from . import _poly1d

_COEFFICIENTS = """
    Coefficients are highest power first, as in NumPy's legacy API (``numpy.polynomial``'s
    functions and classes take them lowest degree first)."""

_PAIR = """

    Parameters
    ----------
    a1, a2 : array_like or poly1d
        Coefficients, highest power first, or ``poly1d`` objects."""

_POLY1D_RESULT = "; a ``poly1d`` if an input is one"

DOCSTRINGS = {
    "polyadd": """
    Add two polynomials.
    """ + _COEFFICIENTS + _PAIR + f"""

    Returns
    -------
    Array or poly1d
        The coefficients of ``a1 + a2``, the shorter padded with leading
        zeros{_POLY1D_RESULT}.

    See Also
    --------
    polysub, polymul, poly1d

    Notes
    -----
    Dtypes: every dtype, promoted as NumPy's ``+`` (bool adds as logical or).

    GPU: one map kernel for the sum, after a copy kernel that pads the shorter input.

    Examples
    --------
    >>> wg.polyadd([1, 2], [1, 2, 3])
    array([1, 3, 5])
    """,
    "polysub": """
    Subtract one polynomial from another.
    """ + _COEFFICIENTS + _PAIR + f"""

    Returns
    -------
    Array or poly1d
        The coefficients of ``a1 - a2``, the shorter padded with leading
        zeros{_POLY1D_RESULT}.

    Raises
    ------
    TypeError
        Two bool inputs, as NumPy's boolean subtract.

    See Also
    --------
    polyadd, poly1d

    Notes
    -----
    Dtypes: every numeric dtype, promoted as NumPy's ``-``.

    GPU: one map kernel for the difference, after a copy kernel that pads the shorter input.

    Examples
    --------
    >>> wg.polysub([1, 2, 3], [1, 1])
    array([1, 1, 2])
    """,
    "polymul": """
    Multiply two polynomials: the convolution of their coefficients.
    """ + _COEFFICIENTS + _PAIR + f"""

    Returns
    -------
    Array or poly1d
        The coefficients of ``a1 * a2``{_POLY1D_RESULT}.

    See Also
    --------
    polydiv, wgarray.convolve

    Notes
    -----
    Dtypes: every dtype, promoted as NumPy's (bool multiplies as logical and).

    GPU: :func:`wgarray.convolve`: the windows inside the data as one matmul, the few that
    overlap the ends as masked sums.

    Examples
    --------
    >>> wg.polymul([1, 1], [1, -1])
    array([ 1,  0, -1])
    """,
    "polydiv": """
    Divide one polynomial by another: the quotient and the remainder.
    """ + _COEFFICIENTS + """

    Parameters
    ----------
    u : array_like or poly1d
        The dividend's coefficients, highest power first.
    v : array_like or poly1d
        The divisor's coefficients, highest power first.

    Returns
    -------
    q, r : Array or poly1d
        The quotient and the remainder (``u = q * v + r``), ``poly1d`` objects if an input is
        one. Leading remainder terms close to 0 (``allclose`` with rtol 1e-14) are dropped, as
        NumPy does.

    See Also
    --------
    polymul

    Notes
    -----
    Dtypes: bool and integers compute in float64 (``u + 0.0``, as NumPy's); floats and
    complex keep their promoted dtype.

    GPU: NumPy's long division, a few small map kernels per quotient term; trimming the
    remainder reads one comparison back to the host (a sync) per leading term.

    Examples
    --------
    >>> wg.polydiv([1, -3, 2], [1, -1])
    (array([ 1., -2.]), array([0.]))
    """,
    "polyder": """
    Differentiate a polynomial.
    """ + _COEFFICIENTS + """

    Parameters
    ----------
    p : array_like or poly1d
        Coefficients, highest power first, or a ``poly1d``.
    m : int, optional
        The order of the derivative (default 1; a float is truncated, as NumPy).

    Returns
    -------
    Array or poly1d
        The coefficients of the m-th derivative (``[0]`` when it vanishes); a ``poly1d`` if
        ``p`` is one. ``m = 0`` returns ``p`` as an array.

    Raises
    ------
    ValueError
        A negative ``m``.

    See Also
    --------
    polyint, poly1d.deriv

    Notes
    -----
    Dtypes: every numeric dtype; the coefficients are multiplied by int64 powers, so integers
    stay int64 and float16, float32 and uint64 give float64, as NumPy's.

    GPU: one map kernel per order.

    Examples
    --------
    >>> wg.polyder([1, 2, 3, 4])
    array([3, 4, 3])
    """,
    "polyint": """
    Integrate a polynomial.
    """ + _COEFFICIENTS + """

    Parameters
    ----------
    p : array_like or poly1d
        Coefficients, highest power first, or a ``poly1d``.
    m : int, optional
        The order of the antiderivative (default 1; a float is truncated, as NumPy).
    k : scalar or sequence of scalars, optional
        The integration constants, the first used first: one value (used for every step) or
        ``m`` values; None (the default) is zeros.

    Returns
    -------
    Array or poly1d
        The coefficients of the m-th antiderivative; a ``poly1d`` if ``p`` is one. ``m = 0``
        returns ``p`` as an array.

    Raises
    ------
    ValueError
        A negative ``m``, or fewer than ``m`` constants.

    See Also
    --------
    polyder, poly1d.integ

    Notes
    -----
    Dtypes: every numeric dtype; the result is float64 (complex128 for complex inputs), as
    NumPy's.

    GPU: a map kernel (the division by the powers) and a copy kernel (appending the constant)
    per order. The constants are host numbers; an Array ``k`` is read back (a sync).

    Examples
    --------
    >>> wg.polyint([3, 2, 1])
    array([1., 1., 1., 0.])
    """,
    "roots": """
    Return the roots of a polynomial.
    """ + _COEFFICIENTS + """

    Parameters
    ----------
    p : array_like or poly1d
        The 1-D coefficients, highest power first, or a ``poly1d``.

    Returns
    -------
    Array
        The roots: the eigenvalues of the companion matrix, then one zero per trailing zero
        coefficient. Real when every imaginary part is 0 (for real coefficients), as NumPy's.

    Raises
    ------
    ValueError
        Coefficients of more than one dimension.

    See Also
    --------
    poly, polyfit, wgarray.linalg.eigvals

    Notes
    -----
    Dtypes: bool, integers, float32, float64 and complex; integers compute in float64 and
    float32 in float32 (complex64 roots), as NumPy's. float16 raises TypeError, as
    wgarray.linalg does.

    GPU: :func:`wgarray.linalg.eigvals` of the companion matrix (Hessenberg reduction and
    shifted QR). Where the nonzero coefficients start and end is read back to the host (a
    sync), as is whether every imaginary part is 0.

    Examples
    --------
    >>> r = wg.roots([1, -3, 2])
    >>> np.allclose(r, [2, 1])
    True
    """,
    "poly": """
    Find the coefficients of a polynomial with the given roots.

    The monic polynomial whose roots are the given values, or the characteristic polynomial of
    a square matrix (the polynomial of its eigenvalues), highest power first, as ``np.poly``.

    Parameters
    ----------
    seq_of_zeros : array_like
        A 1-D sequence of roots, or a non-empty square 2-D matrix.

    Returns
    -------
    Array or float
        The coefficients, ``len(roots) + 1`` of them; real when the complex roots come in
        conjugate pairs. ``1.0`` (a float) for no roots, as NumPy.

    Raises
    ------
    ValueError
        An input neither 1-D nor a non-empty square matrix.

    See Also
    --------
    roots, poly1d

    Notes
    -----
    Dtypes: every numeric dtype; roots take NumPy's ``mintypecode`` type (float64 for integers
    and bool, float32 for float32, complex for complex), a matrix goes through
    :func:`wgarray.linalg.eigvals` (no float16).

    GPU: one small convolution per root; a matrix's eigenvalues come from
    :func:`wgarray.linalg.eigvals`. For complex roots, whether they pair up is read back (a
    sync) after a radix sort.

    Examples
    --------
    >>> wg.poly([1, 2])
    array([ 1., -3.,  2.])
    """,
    "polyfit": """
    Fit a polynomial by least squares.

    The polynomial of degree ``deg`` minimising the squared error at the points ``(x, y)``,
    with NumPy's column scaling, weights, warnings and covariance.
    """ + _COEFFICIENTS + """

    Parameters
    ----------
    x : array_like
        The points' x coordinates, 1-D and non-empty.
    y : array_like
        Their y coordinates: 1-D, or 2-D for several fits sharing ``x`` (one a column).
    deg : int
        The degree of the fit.
    rcond : float, optional
        Singular values below ``rcond`` times the largest are taken as 0; the default is
        ``len(x) * eps``.
    full : bool, optional
        Also return the residuals, rank, singular values and ``rcond``.
    w : array_like, optional
        Weights multiplying the residuals (1-D, ``len(y)`` of them).
    cov : bool or 'unscaled', optional
        Also return the covariance matrix of the coefficients (scaled by the residuals unless
        ``'unscaled'``).

    Returns
    -------
    p : Array
        The coefficients, highest power first (``(deg + 1, K)`` for a 2-D ``y``).
    residuals, rank, singular_values, rcond
        With ``full``: as :func:`wgarray.linalg.lstsq` returns them, and ``rcond``.
    V : Array
        With ``cov``: the covariance matrix (one per column of a 2-D ``y``).

    Raises
    ------
    TypeError
        Bad shapes of ``x``, ``y`` or ``w``, as NumPy's.
    ValueError
        A negative ``deg``, or too few points to scale the covariance.

    Warns
    -----
    RankWarning
        When the scaled Vandermonde matrix is rank deficient (and ``full`` is False).

    See Also
    --------
    roots, wgarray.polynomial.Polynomial.fit, wgarray.linalg.lstsq

    Notes
    -----
    Dtypes: every real and complex dtype but float16 (TypeError, as wgarray.linalg);
    integers and bool compute in float64, as NumPy's.

    GPU: a Vandermonde map kernel, a fold for the column norms, and
    :func:`wgarray.linalg.lstsq` (an SVD on the device); the rank is read back to the host (a
    sync), as NumPy returns it as a number. ``cov`` adds a matmul and an inverse.

    Examples
    --------
    >>> p = wg.polyfit(wg.asarray([0.0, 1.0, 2.0]), wg.asarray([1.0, 3.0, 5.0]), 1)
    >>> np.allclose(p, [2, 1])
    True
    """,
    "poly1d": """
    A one-dimensional polynomial, coefficients highest power first (NumPy's legacy ``poly1d``).

    Calling it evaluates it (at numbers, arrays, or another ``poly1d``: the composition); it
    supports ``+``, ``-``, ``*``, ``/`` (by a scalar, or ``polydiv``'s quotient and remainder),
    ``**`` and ``==``. Attributes: ``coeffs`` (also ``c``, ``coef``, ``coefficients``),
    ``order`` (``o``), ``roots`` (``r``), ``variable``. ``str()`` gives the ``repr``, not
    NumPy's two-line pretty print.

    Parameters
    ----------
    c_or_r : array_like or poly1d
        The coefficients, highest power first (leading zeros are trimmed), or the roots when
        ``r`` is True.
    r : bool, optional
        Take ``c_or_r`` as the roots (the monic polynomial with those roots).
    variable : str, optional
        The variable's name (default ``'x'``).

    Raises
    ------
    ValueError
        Coefficients of more than one dimension.

    See Also
    --------
    poly, polyval, wgarray.polynomial.Polynomial

    Notes
    -----
    Dtypes: every dtype of the coefficients, kept; arithmetic promotes as NumPy's.

    GPU: the constructor finds the first nonzero coefficient on the host (a sync, a read-back
    of one comparison per coefficient); evaluation is :func:`wgarray.polyval` (map kernels,
    Horner's rule), arithmetic the functions above.

    Examples
    --------
    >>> p = wg.poly1d([1, 2, 3])
    >>> p(2)
    array(11)
    >>> p.deriv()
    poly1d([2, 2])
    """,
}

METHODS = {
    "deriv": """
    Differentiate the polynomial.

    Parameters
    ----------
    m : int, optional
        The order of the derivative (default 1).

    Returns
    -------
    poly1d
        The m-th derivative.

    See Also
    --------
    polyder

    Notes
    -----
    Dtypes: as :func:`wgarray.polyder`.

    GPU: one map kernel per order.
    """,
    "integ": """
    Integrate the polynomial.

    Parameters
    ----------
    m : int, optional
        The order of the antiderivative (default 1).
    k : scalar or sequence of scalars, optional
        The integration constants, the first used first (default 0).

    Returns
    -------
    poly1d
        The m-th antiderivative.

    See Also
    --------
    polyint

    Notes
    -----
    Dtypes: as :func:`wgarray.polyint`.

    GPU: a map kernel and a copy kernel per order.
    """,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_poly1d, _name).__doc__ = _doc
for _name, _doc in METHODS.items():
    getattr(_poly1d.poly1d, _name).__doc__ = _doc
