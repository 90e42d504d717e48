"""numpydoc docstrings of wgarray.scipy.ndimage's rank filters (_ndimage_rank.py); importing this
module sets them (wgarray/scipy/__init__.py imports it)."""

from . import _ndimage_rank as _rank
from ._ndimage_filters_docs import AXES, AXIS, CVAL, INPUT, MODE, ORIGIN, OUTPUT, RETURNS, SEQUENCE

_WINDOW = """
    size : scalar or tuple, optional
        The box's length along every axis, or per axis; ignored (with a warning) when
        ``footprint`` is given.
    footprint : array_like, optional
        A boolean mask of the window's elements: metadata, read on the host (a wgarray array
        is read back)."""

_DTYPES = """
    Dtypes: bool, integers, float32 and float64, computed exactly in the input's dtype (8- and
    16-bit integers and bool widened to 32 bits); SciPy's own rank filters pass int64 and
    uint64 values through doubles, wgarray keeps them exact. Complex inputs raise TypeError
    (as SciPy); float16 raises TypeError (the filter engine has no float16)."""

_MIN_MAX_NOTES = """
    Notes
    -----""" + _DTYPES + """

    GPU: a box (a size, or a footprint of all ones) runs as one rank-filter kernel per axis, as
    SciPy's separable path does; any other footprint as one kernel over its elements
    (wgsl/filter_rank.wgsl). The boundary mode is applied by index, with no padded copy.
"""

_SELECT_NOTES = """
    Notes
    -----""" + _DTYPES + """

    GPU: one rank-filter kernel (wgsl/filter_rank.wgsl): each invocation selects among its
    window's values held in a private array of at most 256 values; larger windows raise
    NotImplementedError. Ranks 0 and ``count - 1`` run as the minimum and maximum filters.
    The boundary mode is applied by index, with no padded copy.
"""

_ONE_D_NOTES = """
    Notes
    -----""" + _DTYPES + """

    GPU: one rank-filter kernel (wgsl/filter_rank.wgsl), the boundary mode applied by index.
"""

_RAISES = """
    Raises
    ------
    RuntimeError
        Neither ``size`` nor ``footprint``, an unknown mode, or sequences of the wrong length.
    ValueError
        An all-zero footprint, invalid axes or an invalid origin.
    TypeError
        A complex or float16 input."""


def _parameters(*parts: str) -> str:
    return "\n    Parameters\n    ----------" + "".join(parts) + "\n"


_FOOTPRINT_PARAMS = (_WINDOW, OUTPUT, MODE.format(sequence=""), CVAL, ORIGIN.format(sequence=" or sequence of int"),
                     AXES)


def _min_max(which: str, other: str) -> str:
    return f"""
    Compute the {which} over a box or footprint, as ``scipy.ndimage.{which}_filter``.
    """ + _parameters(INPUT, _WINDOW, OUTPUT, MODE.format(sequence=SEQUENCE), CVAL,
                      ORIGIN.format(sequence=" or sequence of int"), AXES) + RETURNS + _RAISES + f"""

    See Also
    --------
    {which}_filter1d, {other}_filter, rank_filter
    """ + _MIN_MAX_NOTES


def _min_max_1d(which: str) -> str:
    return f"""
    Compute the {which} over a window along one axis, as ``scipy.ndimage.{which}_filter1d``.
    """ + _parameters(INPUT, """
    size : int
        The window's length.""", AXIS, OUTPUT, MODE.format(sequence=""), CVAL, ORIGIN.format(sequence="")) + \
        RETURNS + f"""
    Raises
    ------
    RuntimeError
        A size below 1, or an unknown mode.
    ValueError
        An invalid origin.
    TypeError
        A complex or float16 input.

    See Also
    --------
    {which}_filter
    """ + _ONE_D_NOTES


DOCSTRINGS = {
    "minimum_filter": _min_max("minimum", "maximum"),
    "maximum_filter": _min_max("maximum", "minimum") + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.maximum_filter(wg.asarray([[1, 9], [2, 8]]), footprint=[[1, 0], [0, 1]])
    array([[1, 9],
           [2, 8]])
    """,
    "minimum_filter1d": _min_max_1d("minimum") + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.minimum_filter1d(wg.asarray([1, 9, 2, 8, 3]), 3)
    array([1, 1, 2, 2, 3])
    """,
    "maximum_filter1d": _min_max_1d("maximum"),
    "median_filter": """
    Compute the median over a box or footprint, as ``scipy.ndimage.median_filter``.

    Of an even count, the upper of the two middle values, as SciPy.
    """ + _parameters(INPUT, *_FOOTPRINT_PARAMS) + RETURNS + _RAISES + """
    NotImplementedError
        A window of more than 256 elements.

    See Also
    --------
    rank_filter, percentile_filter
    """ + _SELECT_NOTES + """
    Examples
    --------
    >>> import wgarray.scipy.ndimage as ndimage
    >>> ndimage.median_filter(wg.asarray([1, 9, 2, 8, 3]), 3)
    array([1, 2, 8, 3, 3])
    """,
    "rank_filter": """
    Compute the ``rank``-th smallest value over a box or footprint, as
    ``scipy.ndimage.rank_filter``.
    """ + _parameters(INPUT, """
    rank : int
        The rank (0 is the minimum; negative counts from the largest).""", *_FOOTPRINT_PARAMS) + RETURNS + \
        _RAISES + """
    NotImplementedError
        A window of more than 256 elements (for a rank other than the minimum or maximum).

    See Also
    --------
    median_filter, percentile_filter, minimum_filter
    """ + _SELECT_NOTES,
    "percentile_filter": """
    Compute a percentile over a box or footprint, as ``scipy.ndimage.percentile_filter``.

    The value of rank ``int(count * percentile / 100)`` among the window's ``count`` values
    (the largest for 100), as SciPy.
    """ + _parameters(INPUT, """
    percentile : scalar
        The percentile, in [-100, 100] (negative: ``percentile + 100``).""", *_FOOTPRINT_PARAMS) + RETURNS + \
        _RAISES + """
    NotImplementedError
        A window of more than 256 elements (for a rank other than the minimum or maximum).

    See Also
    --------
    median_filter, rank_filter
    """ + _SELECT_NOTES,
}

for _name, _doc in DOCSTRINGS.items():
    getattr(_rank, _name).__doc__ = _doc
