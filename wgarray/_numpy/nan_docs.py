"""numpydoc docstrings of NumPy's NaN-ignoring functions: nansum, nanmean, nanmax, nanmin (in
statistics.py) and nanargmax, nanargmin, nanprod, nancumsum, nancumprod, nanvar, nanstd,
nanmedian, nanquantile, nanpercentile (in more_nan.py, several made by factories).

Kept apart from the code (as NumPy's _add_newdocs.py); the package root imports this module to
set them.
"""

import textwrap

from . import more_nan as _more_nan
from . import statistics as _statistics

_A = """a : array_like
        The input array."""
_AXIS = """axis : None or int or tuple of int, optional
        The axes to reduce; None (the default) reduces all of them."""
_AXIS_ONE = """axis : int, optional
        The axis to work along; None (the default) works on the flattened array."""
_DTYPE = """dtype : dtype, optional
        The dtype to accumulate in and return (default: NumPy's, as for the plain function)."""
_OUT = """out : Array, optional
        An array of the result's shape to write into (cast unsafely, as NumPy's reductions)."""
_KEEPDIMS = """keepdims : bool, optional
        Keep the reduced axes with length one, so that the result broadcasts against ``a``."""
_INITIAL = """initial : scalar, optional
        The starting value of the {what}."""
_WHERE = """where : array_like of bool, optional
        Only the elements where it is true take part (broadcast against ``a``)."""
_PLAIN = """Integer and bool inputs hold no NaN: they take the plain function ({name})."""


def _wrapped(paragraph: str) -> str:
    return textwrap.fill(paragraph, width=96, subsequent_indent="    ", break_on_hyphens=False)


def _doc(summary: str, params: list, returns: str, dtypes: str, gpu: str, example: str = "",
         extra: str = "") -> str:
    parameters = "\n    ".join(params)
    examples = f"""
    Examples
    --------
    {example}
    """ if example else ""
    return f"""
    {summary}

    Parameters
    ----------
    {parameters}

    Returns
    -------
    {returns}
{extra}
    Notes
    -----
    {_wrapped("Dtypes: " + dtypes)}

    {_wrapped("GPU: " + gpu)}
{examples}"""


_REPLACED = ("one map kernel replacing NaNs by {identity}, then the plain {what} ({engine}); no host "
             "read.")
_ALL_NAN = """
    Raises
    ------
    ValueError
        For a slice of NaNs only ("All-NaN slice encountered"), as NumPy's.
"""

_DOCSTRINGS = {
    "nansum": (_statistics, _doc(
        "Return the sum of array elements over the given axes, treating NaNs as zero.",
        [_A, _AXIS, _DTYPE, _OUT, _KEEPDIMS, _INITIAL.format(what="sum"), _WHERE],
        "Array\n        The sum (0 for a slice of NaNs only); a 0-d array when every axis is reduced.",
        "every dtype, with :func:`wgarray.sum`'s result dtypes (bool and narrower integers add in "
        "int64 or uint64). " + _PLAIN.format(name="sum"),
        _REPLACED.format(identity="0", what="sum", engine="one fold kernel"),
        ">>> x = wg.asarray([[1.0, wg.nan, 3.0], [wg.nan, wg.nan, wg.nan]])\n"
        "    >>> wg.nansum(x, axis=1)\n    array([4., 0.])")),
    "nanmean": (_statistics, _doc(
        "Compute the arithmetic mean along the given axes, ignoring NaNs.",
        [_A, _AXIS, _DTYPE, _OUT, _KEEPDIMS, _WHERE],
        "Array\n        The sum of the non-NaN elements over their count; NaN for a slice of NaNs only.",
        "every dtype; bool and integers give float64 (the plain mean), floating and complex dtypes "
        "keep theirs.",
        "map kernels (the NaN mask, the replacement), two fold kernels (the count and the sum) and "
        "one map kernel for the division.",
        ">>> x = wg.asarray([[1.0, wg.nan, 3.0], [wg.nan, wg.nan, wg.nan]])\n"
        "    >>> wg.nanmean(x, axis=1)\n    array([ 2., nan])")),
    "nanprod": (_more_nan, _doc(
        "Return the product of array elements over the given axes, treating NaNs as one.",
        [_A, _AXIS, _DTYPE, _OUT, _KEEPDIMS, _INITIAL.format(what="product"), _WHERE],
        "Array\n        The product (1 for a slice of NaNs only).",
        "every dtype, with :func:`wgarray.prod`'s result dtypes. " + _PLAIN.format(name="prod"),
        _REPLACED.format(identity="1", what="product", engine="one fold kernel"))),
    "nancumsum": (_more_nan, _doc(
        "Return the cumulative sum of array elements along an axis, treating NaNs as zero.",
        [_A, _AXIS_ONE, _DTYPE, _OUT],
        "Array\n        Of ``a``'s shape (1-D when ``axis`` is None); leading NaNs give zeros.",
        "every dtype, with :func:`wgarray.cumsum`'s result dtypes. " + _PLAIN.format(name="cumsum"),
        _REPLACED.format(identity="0", what="cumulative sum", engine="the scan engine"),
        ">>> wg.nancumsum(wg.asarray([wg.nan, 1.0, wg.nan, 2.0]))\n    array([0., 1., 1., 3.])")),
    "nancumprod": (_more_nan, _doc(
        "Return the cumulative product of array elements along an axis, treating NaNs as one.",
        [_A, _AXIS_ONE, _DTYPE, _OUT],
        "Array\n        Of ``a``'s shape (1-D when ``axis`` is None).",
        "every dtype, with :func:`wgarray.cumprod`'s result dtypes. " + _PLAIN.format(name="cumprod"),
        _REPLACED.format(identity="1", what="cumulative product", engine="the scan engine"))),
}

for _name, _what in (("nanmax", "maximum"), ("nanmin", "minimum")):
    _DOCSTRINGS[_name] = (_statistics, _doc(
        f"Return the {_what} of an array or along the given axes, ignoring NaNs.",
        [_A, _AXIS, _OUT, _KEEPDIMS, _INITIAL.format(what=_what), _WHERE],
        f"Array\n        The {_what}, in ``a``'s dtype; NaN for a slice of NaNs only (NumPy also warns).",
        "every dtype; floating dtypes ignore NaNs, bool and integers take the plain "
        f"{_name[3:]}. Complex NaNs are not ignored (NumPy's are): complex input takes the plain "
        f"{_name[3:]} too.",
        "map kernels (the replacement of NaNs), two fold kernels (the extremum and the test for "
        "slices of NaNs only) and one map kernel; no host read.",
        f">>> wg.{_name}(wg.asarray([[1.0, wg.nan, 3.0], [wg.nan, wg.nan, wg.nan]]), axis=1)\n"
        f"    array([{' 3' if _name == 'nanmax' else ' 1'}., nan])"))

for _name, _what in (("nanargmax", "maximum"), ("nanargmin", "minimum")):
    _DOCSTRINGS[_name] = (_more_nan, _doc(
        f"Return the indices of the {_what} values along an axis, ignoring NaNs.",
        [_A, _AXIS_ONE, "out : Array, optional\n        An array of the result's shape to write into.",
         "keepdims : bool, optional\n        Keep the reduced axis with length one."],
        "Array\n        int64 indices of the first occurrence (a 0-d array when ``axis`` is None).",
        "every dtype; bool and integers take the plain "
        f"arg{_name[6:]} (they hold no NaN); complex values compare lexicographically.",
        "map kernels (the NaN mask and its replacement), one fold kernel testing for slices of NaNs "
        "only, whose one bool is read back (a host sync: NumPy raises on data), and one arg-extremum "
        "fold kernel.",
        f">>> wg.{_name}(wg.asarray([wg.nan, 1.0, 3.0]))\n    array({2 if _name == 'nanargmax' else 1})",
        _ALL_NAN))

_DDOF = """ddof : int, optional
        The delta degrees of freedom: the divisor is ``N - ddof``, N the count of non-NaN elements
        (default 0)."""
for _name, _what in (("nanvar", "variance"), ("nanstd", "standard deviation")):
    _DOCSTRINGS[_name] = (_more_nan, _doc(
        f"Compute the {_what} along the given axes, ignoring NaNs.",
        [_A, _AXIS, _DTYPE, _OUT, _DDOF, _KEEPDIMS, _WHERE,
         "mean : array_like, optional\n        The mean, if already computed (of the keepdims shape).",
         "correction : int or float, optional\n        The array API's name of ``ddof`` (give one of "
         "them)."],
        f"Array\n        The {_what} of the non-NaN elements; NaN where their count minus ``ddof`` is "
        "not positive.",
        "every dtype; bool and integers give float64 (the plain function: they hold no NaN), "
        "floating dtypes keep theirs, complex64 and complex128 give float32 and float64.",
        "map kernels (the NaN mask), the plain function's fold kernels (the mean, then the sum of "
        "squared deviations) over the non-NaN elements, one fold kernel counting them and one map "
        "kernel for NaN results; no host read.",
        f">>> wg.{_name}(wg.asarray([[1.0, wg.nan, 3.0], [wg.nan, wg.nan, wg.nan]]), axis=1)\n"
        "    array([ 1., nan])"))

_DOCSTRINGS["nanmedian"] = (_more_nan, _doc(
    "Compute the median along the given axes, ignoring NaNs.",
    [_A, _AXIS, _OUT,
     "overwrite_input : bool, optional\n        Accepted and ignored: ``a`` is never modified.", _KEEPDIMS],
    "Array\n        The median of each slice's non-NaN elements; NaN for a slice of NaNs only.",
    "bool, integer and floating dtypes; bool and integers give float64 (the plain median), "
    "floating dtypes keep theirs. Complex input raises TypeError (NumPy accepts it).",
    "a radix sort of each slice (NaNs sort last; the reduced axes moved last and merged), one fold "
    "kernel counting the non-NaN elements, gathers of the middle one or two at per-slice positions "
    "and map kernels averaging them; no host read.",
    ">>> wg.nanmedian(wg.asarray([[1.0, wg.nan, 3.0], [wg.nan, wg.nan, wg.nan]]), axis=1)\n"
    "    array([ 2., nan])"))


def _order_statistic(what: str, q_range: str, example: str) -> str:
    return _doc(
        f"Compute the q-th {what} of the data along the given axes, ignoring NaNs.",
        [_A, f"q : array_like of float\n        The {what} to compute, in ``{q_range}``; its dimensions lead "
             "the result's.", _AXIS, _OUT,
         "overwrite_input : bool, optional\n        Accepted and ignored: ``a`` is never modified.",
         "method : str, optional\n        One of NumPy's 13 methods (default 'linear'), as for "
         ":func:`wgarray.quantile`.", _KEEPDIMS,
         "weights : array_like, optional\n        Non-negative weights, only with "
         "``method='inverted_cdf'``; NaNs weigh nothing."],
        "Array\n        Of shape ``q.shape`` followed by the unreduced axes; NaN for a slice of NaNs "
        "only.",
        "integer and floating dtypes; integers compute in float64 (the plain function: they hold no "
        "NaN), floats keep their dtype for a Python ``q``. bool and complex raise TypeError, as "
        "NumPy's.",
        "a radix sort of each slice (NaNs sort last), one fold kernel counting the non-NaN elements, "
        "the method's positions computed per slice on the device from that count, gathers and map "
        "kernels for NumPy's interpolation; ``q`` is checked on the host (a wgarray ``q`` is "
        "downloaded). With weights: an argsort, gathers, a scan of the weights and one host read "
        "checking them.",
        example,
        """
    Raises
    ------
    ValueError
        For ``q`` out of range, an unknown method, or weights with another method.
""")


_DOCSTRINGS["nanquantile"] = (_more_nan, _order_statistic(
    "quantiles", "[0, 1]", ">>> wg.nanquantile(wg.asarray([1.0, wg.nan, 3.0, 4.0]), 0.5)\n    array(3.)"))
_DOCSTRINGS["nanpercentile"] = (_more_nan, _order_statistic(
    "percentiles", "[0, 100]",
    ">>> wg.nanpercentile(wg.asarray([[1.0, wg.nan, 3.0], [4.0, 5.0, 6.0]]), [25, 75], axis=1)\n"
    "    array([[1.5, 4.5],\n           [2.5, 5.5]])"))

for _name, (_module, _text) in _DOCSTRINGS.items():
    getattr(_module, _name).__doc__ = _text
