"""numpydoc docstrings of NumPy's histograms: histogram and histogram_bin_edges (in
more_stats.py), histogram2d and histogramdd (in histograms.py).

Kept apart from the code (as NumPy's _add_newdocs.py); the package root imports this module to
set them.
"""

from . import histograms as _histograms
from . import more_stats as _more_stats

_BINS = """bins : int or sequence of scalars or str, optional
        The number of equal-width bins over the range (default 10); or the bin edges, increasing
        (the last bin includes its right edge); or the name of one of NumPy's estimators of the bin
        width: 'auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt'."""
_RANGE = """range : (float, float), optional
        The lower and upper edges of equal bins (default: the data's minimum and maximum); values
        outside are not counted."""
_HOST_RANGE = """Without ``range``, the data's minimum and maximum are folded on the device and read back (a
    host sync), as NumPy computes the edges on them; given edges are checked to increase (one bool
    read back)."""

_STATS = {
    "histogram": f"""
    Compute the histogram of the data: the count (or the summed weights) in each bin.

    Bin ``i`` holds the values ``edges[i] <= v < edges[i + 1]``; the last bin also holds its right
    edge. Values outside the edges, and NaN, are not counted.

    Parameters
    ----------
    a : array_like
        The data, flattened.
    {_BINS}
    {_RANGE}
    density : bool, optional
        Return the probability density (counts / bin width / total) instead of counts.
    weights : array_like, optional
        Weights of ``a``'s shape; each value then adds its weight instead of 1.

    Returns
    -------
    hist : Array
        int64 counts; with ``weights``, the weights' dtype; with ``density``, float64.
    bin_edges : Array
        The ``len(hist) + 1`` edges (float64 for integer data, else the data's floating dtype).

    Raises
    ------
    ValueError
        For a non-positive number of bins, edges that decrease, a range that is not finite or
        decreases, weights of another shape, or an unknown estimator.
    TypeError
        For complex data (which NumPy accepts).
    NotImplementedError
        For complex weights.

    Notes
    -----
    Dtypes: bool, integer and floating data; weights of bool, integer and floating dtypes.
    Complex data raise TypeError, complex weights NotImplementedError.

    GPU: without weights (and with floating edges or data), one counting pass (the bin-count
    engine: workgroup-memory counters and a binary search among the edges per value). Otherwise a
    binary search per value (the search engine), map kernels, then bincount: a counting pass, or
    with weights ordered sums (a stable sort and one sum per bin, in the data's order as NumPy
    adds them). {_HOST_RANGE} Estimators fold a few statistics of the data
    and read them back: the number of bins is host metadata.

    Examples
    --------
    >>> wg.histogram(wg.asarray([1, 2, 2, 3, 3, 3]), bins=3)
    (array([1, 2, 3]), array([1.        , 1.66666667, 2.33333333, 3.        ]))
    >>> wg.histogram(wg.asarray([0.5, 1.5, 1.5, 2.5]), bins=[0, 1, 2, 3], weights=[1.0, 2.0, 0.5, 4.0])
    (array([1. , 2.5, 4. ]), array([0, 1, 2, 3]))
    >>> wg.histogram(wg.asarray([0.5, 1.5, 1.5, 2.5]), bins=[0, 1, 2, 4], density=True)
    (array([0.25 , 0.5  , 0.125]), array([0, 1, 2, 4]))
    """,
    "histogram_bin_edges": f"""
    Compute the bin edges that :func:`wgarray.histogram` uses.

    Parameters
    ----------
    a : array_like
        The data, flattened.
    {_BINS}
    {_RANGE}
    weights : array_like, optional
        Weights of ``a``'s shape: only checked (the estimators do not accept weights, as NumPy's).

    Returns
    -------
    Array
        The edges: equal bins over the range (float64 for bool and integer data, else the data's
        floating dtype), or the given edges.

    Raises
    ------
    ValueError
        For a non-positive number of bins, edges that decrease, a range that is not finite or
        decreases, or weights of another shape.

    Notes
    -----
    Dtypes: every dtype; complex data give complex edges, as NumPy's.

    GPU: one map kernel (``linspace``) for equal bins. {_HOST_RANGE} Estimators fold a few
    statistics of the data and read them back.

    Examples
    --------
    >>> wg.histogram_bin_edges(wg.asarray([1, 5]), bins=4)
    array([1., 2., 3., 4., 5.])
    >>> wg.histogram_bin_edges(wg.asarray([0.0, 1.0, 2.0, 3.0, 10.0]), bins="sturges")
    array([ 0. ,  2.5,  5. ,  7.5, 10. ])
    """,
}

_DD_GPU = """GPU: per dimension, a binary search of each sample among the edges (the search engine) and map
    kernels combining the bin numbers into one flat index; then bincount (one counting pass; with
    weights, a stable sort and ordered sums); removing the outlier bins is a view. """ + _HOST_RANGE.replace(
    "the data's", "each dimension's")

_DD_DTYPES = """Dtypes: samples of every dtype; weights of bool, integer and floating dtypes (complex
    weights raise TypeError, as NumPy's). The counts are float64."""

_DD_COMMON = """range : sequence of (float, float), optional
        Per dimension, the lower and upper edges of equal bins (default: the data's minimum and
        maximum); samples outside are not counted.
    density : bool, optional
        Return the probability density (counts / bin volume / total) instead of counts.
    weights : array_like, optional
        One weight per sample, added instead of 1."""

_HISTOGRAMS = {
    "histogramdd": f"""
    Compute the multidimensional histogram of some data.

    Parameters
    ----------
    sample : array_like or sequence of array_like
        N samples of D dimensions: an (N, D) array, or a sequence of D 1-D arrays (the
        coordinates).
    bins : int or sequence of int or sequence of array_like, optional
        The number of equal bins (default 10) for every dimension, or per dimension a number of
        bins or the increasing edges.
    {_DD_COMMON}

    Returns
    -------
    H : Array
        The D-dimensional float64 histogram.
    edges : list of Array
        The D arrays of bin edges.

    Raises
    ------
    ValueError
        For a number of bins or ranges other than D, non-positive bins, edges that decrease, or a
        range that is not finite or decreases.

    Notes
    -----
    {_DD_DTYPES}

    {_DD_GPU}

    Examples
    --------
    >>> s = wg.asarray([[0.0, 0.0], [1.0, 0.0], [1.0, 2.0], [3.0, 2.0]])
    >>> H, edges = wg.histogramdd(s, bins=(2, 2), range=[(0, 4), (0, 2)])
    >>> H
    array([[2., 1.],
           [0., 1.]])
    >>> edges
    [array([0., 2., 4.]), array([0., 1., 2.])]
    """,
    "histogram2d": f"""
    Compute the bi-dimensional histogram of two data samples.

    Parameters
    ----------
    x : array_like
        The x coordinates of the points.
    y : array_like
        The y coordinates, as many as ``x``.
    bins : int or [int, int] or array_like or [array, array], optional
        The number of bins (default 10) or the edges, for both dimensions or for each.
    {_DD_COMMON}

    Returns
    -------
    H : Array
        The float64 histogram: ``x`` along the first axis, ``y`` along the second.
    xedges : Array
        The edges along the first axis.
    yedges : Array
        The edges along the second axis.

    Raises
    ------
    ValueError
        For ``x`` and ``y`` of different lengths, and as :func:`wgarray.histogramdd`.

    Notes
    -----
    {_DD_DTYPES}

    {_DD_GPU}

    Examples
    --------
    >>> H, xedges, yedges = wg.histogram2d(wg.asarray([0.0, 1.0, 1.0, 3.0]), [0.0, 0.0, 2.0, 2.0], bins=2)
    >>> H
    array([[2., 1.],
           [0., 1.]])
    >>> xedges
    array([0. , 1.5, 3. ])
    """,
}

for _module, _docs in ((_more_stats, _STATS), (_histograms, _HISTOGRAMS)):
    for _name, _doc in _docs.items():
        getattr(_module, _name).__doc__ = _doc
