"""numpydoc docstrings of NumPy's statistics: ptp, median, quantile, percentile, average (in
statistics.py) and cov, corrcoef, ediff1d, interp (in more_stats.py).

Kept apart from the code (as NumPy's _add_newdocs.py) so that the modules stay short; the
package root imports this module to set them.
"""

from . import more_stats as _more_stats
from . import statistics as _statistics

_A = """a : array_like
        The input array."""
_AXIS = """axis : None or int or tuple of int, optional
        The axes to reduce; None (the default) reduces all of them."""
_OUT = """out : Array, optional
        An array of the result's shape to write into (cast unsafely, as NumPy's reductions)."""
_KEEPDIMS = """keepdims : bool, optional
        Keep the reduced axes with length one, so that the result broadcasts against ``a``."""
_OVERWRITE = """overwrite_input : bool, optional
        Accepted and ignored: ``a`` is never modified (the sort works on a copy)."""


def _order_statistic(what: str, q_range: str, example: str) -> str:
    return f"""
    Compute the q-th {what} of the data along the given axes.

    Parameters
    ----------
    {_A}
    q : array_like of float
        The {what} to compute, in ``{q_range}``; a wgarray array is downloaded first. Its
        dimensions lead the result's.
    {_AXIS}
    {_OUT}
    {_OVERWRITE}
    method : str, optional
        One of NumPy's 13 methods: 'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation',
        'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear' (the default), 'median_unbiased',
        'normal_unbiased', 'lower', 'higher', 'midpoint', 'nearest'.
    {_KEEPDIMS}
    weights : array_like, optional
        Non-negative weights, of ``a``'s shape or of the reduced axes' shape; only with
        ``method='inverted_cdf'``, as NumPy's.

    Returns
    -------
    Array
        Of shape ``q.shape`` followed by the unreduced axes (a 0-d array for a scalar ``q`` over
        all axes); NaN where a slice holds a NaN.

    Raises
    ------
    ValueError
        For ``q`` out of range, an unknown method, weights with another method, or negative, NaN,
        infinite or all-zero weights.
    TypeError
        For bool or complex ``a`` (as NumPy's).

    Notes
    -----
    Dtypes: integer and floating dtypes; integers compute in float64, floats keep their dtype
    for a Python ``q`` (an array ``q`` of float64 widens float32 results to float64, as NumPy).
    bool and complex raise TypeError.

    GPU: a radix sort of each slice (the reduced axes moved last and merged: a copy unless they
    already are), gathers at the method's positions (computed on the host from ``q`` and the
    slice length: metadata) and map kernels for NumPy's interpolation. With weights: an argsort,
    gathers, a scan of the sorted weights, a fold and a gather, plus host reads of the checks on
    the weights (one bool each).

    Examples
    --------
    >>> x = wg.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
    {example}
    """


_STATISTICS = {
    "ptp": f"""
    Range of values (maximum - minimum) along the given axes.

    Parameters
    ----------
    {_A}
    {_AXIS}
    {_OUT}
    {_KEEPDIMS}

    Returns
    -------
    Array
        ``max - min``, in ``a``'s dtype (a 0-d array when every axis is reduced).

    Notes
    -----
    Dtypes: every dtype but bool (TypeError, bool subtraction, as NumPy's); integer ranges wrap
    around in the input's dtype, as NumPy's (``ptp`` of int8 ``[-128, 127]`` is -1).

    GPU: two fold kernels (max and min) and one map kernel.

    Examples
    --------
    >>> wg.ptp(wg.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]]), axis=1)
    array([6., 2.])
    """,
    "median": f"""
    Compute the median along the given axes.

    Parameters
    ----------
    {_A}
    {_AXIS}
    {_OUT}
    {_OVERWRITE}
    {_KEEPDIMS}

    Returns
    -------
    Array
        The mean of the middle one or two sorted elements of each slice; NaN where a slice holds
        a NaN (and for an empty one).

    Notes
    -----
    Dtypes: every dtype; bool and integers compute in float64, floating and complex dtypes keep
    theirs (complex values sort lexicographically, as NumPy's).

    GPU: a radix sort of each slice (the reduced axes moved last and merged: a copy unless they
    already are), one fold kernel averaging the middle elements, one map kernel for NaN slices.

    Examples
    --------
    >>> x = wg.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
    >>> wg.median(x)
    array(3.5)
    >>> wg.median(x, axis=0)
    array([6.5, 4.5, 2.5])
    """,
    "quantile": _order_statistic("quantiles", "[0, 1]", """>>> wg.quantile(x, 0.5, axis=1)
    array([7., 2.])
    >>> wg.quantile(x, [0.25, 0.75])
    array([2.25, 6.25])
    >>> wg.quantile(x, 0.4, method="nearest")
    array(3.)"""),
    "percentile": _order_statistic("percentiles", "[0, 100]", """>>> wg.percentile(x, 50, axis=1)
    array([7., 2.])"""),
    "average": f"""
    Compute the weighted average along the given axes: ``sum(a * w) / sum(w)``.

    Parameters
    ----------
    {_A}
    {_AXIS}
    weights : array_like, optional
        Weights of ``a``'s shape, or of the reduced axes' shape; None (the default) weighs every
        element equally (the mean).
    returned : bool, optional
        Also return the sum of the weights (default False).
    {_KEEPDIMS}

    Returns
    -------
    average : Array
        The weighted mean.
    sum_of_weights : Array
        Only with ``returned``: the sum of the weights, of the average's shape.

    Raises
    ------
    ZeroDivisionError
        When the weights along an axis sum to zero, as NumPy's.
    TypeError
        When the weights' shape differs from ``a``'s and ``axis`` is None.

    Notes
    -----
    Dtypes: every dtype; bool and integers compute in float64, floating and complex dtypes keep
    theirs, promoted with the weights' dtype (NEP 50).

    GPU: without weights one fold kernel (the mean); with weights a fold of the weights, whose
    zero test is read back (one bool, a host sync), a map kernel for the products, a fold and a
    map kernel for the division.

    Examples
    --------
    >>> wg.average(wg.asarray([1, 2, 3, 4]), weights=[4, 3, 2, 1])
    array(2.)
    >>> x = wg.asarray([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
    >>> wg.average(x, axis=1, weights=[1.0, 0.0, 1.0], returned=True)
    (array([7., 2.]), array([2., 2.]))
    """,
}

_MORE_STATS = {
    "cov": """
    Estimate a covariance matrix, given data and weights.

    Parameters
    ----------
    m : array_like
        1-D or 2-D: each row a variable and each column an observation (``rowvar=True``).
    y : array_like, optional
        More variables and observations, in the form of ``m``.
    rowvar : bool, optional
        True (the default): rows are variables; False: columns are.
    bias : bool, optional
        Normalise by N (True) instead of N - 1 (False, the default); ``ddof`` overrides it.
    ddof : int, optional
        The delta degrees of freedom; the default is 1 (0 with ``bias``).
    fweights : array_like, optional
        1-D integer frequency weights, one per observation.
    aweights : array_like, optional
        1-D non-negative analytic (observation) weights.
    dtype : dtype, optional
        The dtype to compute in (default: the inputs' dtype promoted with float64).

    Returns
    -------
    Array
        The covariance matrix of the variables (a 0-d array for one variable).

    Raises
    ------
    ValueError
        For inputs of more than 2 dimensions, a non-integer ``ddof`` or negative weights.
    TypeError
        For ``fweights`` that are not integers.
    RuntimeError
        For weights of a wrong shape (NumPy's).

    Warns
    -----
    RuntimeWarning
        When the degrees of freedom are not positive.

    Notes
    -----
    Dtypes: every dtype; results are float64 (complex128 for complex input) unless ``dtype`` is
    given.

    GPU: NumPy's recipe: the means by ``average`` (fold kernels), map kernels centring the data,
    one product on the matmul engine, and one map kernel scaling it. The weights are checked on
    the device (one bool read back per check).

    Examples
    --------
    >>> m = wg.asarray([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]])
    >>> wg.cov(m)
    array([[ 1., -1.],
           [-1.,  1.]])
    >>> wg.cov(wg.asarray([1.0, 2.0, 4.0]))
    array(2.33333333)
    """,
    "corrcoef": """
    Return Pearson product-moment correlation coefficients.

    Parameters
    ----------
    x : array_like
        1-D or 2-D: each row a variable and each column an observation (``rowvar=True``).
    y : array_like, optional
        More variables and observations, in the form of ``x``.
    rowvar : bool, optional
        True (the default): rows are variables; False: columns are.
    dtype : dtype, optional
        The dtype to compute in (default: the inputs' dtype promoted with float64).

    Returns
    -------
    Array
        The correlation matrix, clipped to ``[-1, 1]`` (both parts for complex input).

    Notes
    -----
    Dtypes: every dtype; results are float64 (complex128 for complex input) unless ``dtype`` is
    given. NumPy's deprecated ``bias`` and ``ddof`` arguments are not accepted.

    GPU: :func:`wgarray.cov` (folds, one matmul-engine product), then map kernels: the square
    roots of the diagonal (a view), two divisions and the clip.

    Examples
    --------
    >>> wg.corrcoef(wg.asarray([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]))
    array([[ 1., -1.],
           [-1.,  1.]])
    """,
    "ediff1d": """
    The differences between consecutive elements of the flattened array.

    Parameters
    ----------
    ary : array_like
        The input, flattened.
    to_end : array_like, optional
        Values appended after the differences.
    to_begin : array_like, optional
        Values put before the differences.

    Returns
    -------
    Array
        1-D, in ``ary``'s dtype.

    Raises
    ------
    TypeError
        For bool input (bool subtraction), or ``to_begin``/``to_end`` values that do not cast to
        ``ary``'s dtype under the 'same_kind' rule, as NumPy's.

    Notes
    -----
    Dtypes: every dtype but bool; integer differences wrap in the input's dtype, as NumPy's.

    GPU: one map kernel over two shifted views, and one copy joining the padding when given.

    Examples
    --------
    >>> wg.ediff1d(wg.asarray([1, 2, 4, 7]), to_begin=-99, to_end=[88, 99])
    array([-99,   1,   2,   3,  88,  99])
    """,
    "interp": """
    One-dimensional linear interpolation for monotonically increasing sample points.

    Parameters
    ----------
    x : array_like
        The points to evaluate at.
    xp : array_like
        The 1-D x-coordinates of the data, increasing (not checked, as in NumPy) unless ``period``
        is given.
    fp : array_like
        The 1-D y-coordinates of the data, of ``xp``'s length.
    left : float or complex, optional
        The value for ``x < xp[0]`` (default ``fp[0]``).
    right : float or complex, optional
        The value for ``x > xp[-1]`` (default ``fp[-1]``).
    period : float, optional
        A period of the x-coordinates: ``xp`` is then sorted modulo the period and ``left`` and
        ``right`` are ignored.

    Returns
    -------
    Array
        Of ``x``'s shape (a 0-d array for a scalar ``x``, where NumPy returns a scalar).

    Raises
    ------
    ValueError
        For ``xp``/``fp`` not 1-D, of different lengths or empty, or a zero period.
    TypeError
        For complex ``x`` or ``xp``.

    Notes
    -----
    Dtypes: real ``x`` and ``xp`` of every dtype compute in float64; ``fp`` gives float64, or
    complex128 when complex. NumPy's formula, retried from the right end where the left one gives
    NaN, so the results match NumPy's.

    GPU: the search engine finds each point's interval (one binary search per point), gathers
    read the interval's ends, and map kernels interpolate; with ``period``, one radix argsort of
    ``xp``.

    Examples
    --------
    >>> wg.interp(wg.asarray([0.0, 1.5, 2.72, 3.14]), [1, 2, 3], [3, 2, 0])
    array([3.  , 2.5 , 0.56, 0.  ])
    >>> wg.interp(wg.asarray([-180, 190]), [-170, 170], [10, 30], period=360)
    array([20., 10.])
    """,
}

for _module, _docs in ((_statistics, _STATISTICS), (_more_stats, _MORE_STATS)):
    for _name, _doc in _docs.items():
        getattr(_module, _name).__doc__ = _doc
