"""numpydoc docstrings of NumPy's reductions and scans (sum, prod, mean, max, min, std, var,
cumsum, cumprod, argmax, argmin, all, any).

reductions.py builds these functions from factories with one-line docstrings; the full ones
live here (as NumPy's _add_newdocs.py), set when the package root imports this module.
"""

from . import reductions as _reductions

_A = """a : array_like
    The input array (every dtype; Python scalars and NumPy arrays are uploaded)."""
_AXIS = """axis : None or int or tuple of int, optional
    The axes to reduce; None (the default) reduces all of them."""
_DTYPE = """dtype : dtype, optional
    The dtype to accumulate in and return. Default: NumPy's, so bool and integers
    narrower than 64 bits accumulate in int64 (uint64 for unsigned), others in their own dtype."""
_OUT = """out : Array, optional
    An array of the result's shape to write the result into."""
_KEEPDIMS = """keepdims : bool, optional
    Keep the reduced axes with length one, so that the result broadcasts against ``a``."""
_WHERE = """where : array_like of bool, optional
    Only the elements where it is true take part (broadcast against ``a``)."""
_GPU_FOLD = """GPU: one fold kernel over the reduced axes, reading strided views in place; floating-point
sums combine partial results in a tree, so the last bits may differ from NumPy's pairwise sum.
``where`` adds one map kernel (the masked elements become the identity), ``initial`` one more."""
_SUM_DTYPES = """Dtypes: every dtype. Without ``dtype``, bool and integers narrower than 64 bits accumulate
in int64 (unsigned ones in uint64) and integers wrap on overflow, as NumPy's; float16
accumulates in float32 and rounds once."""
_MOMENT_DTYPES = """Dtypes: every dtype. Bool and integers compute in the default float (float64), float16 in
float32 (rounded once to float16), others in their own dtype{complex}. An integer
``dtype`` casts the float result, truncating, as NumPy does."""
_MOMENT_GPU = """GPU: {folds},
reading strided views in place, and a map kernel that divides by the count. With ``where``
(or a given ``mean``) the masked sums are folds over map kernels, the counts a fold of the mask."""


def _notes(*paragraphs):
    return "Notes\n-----\n" + "\n\n".join(paragraphs)


def _reduction(summary, params, returns, example, notes=_notes(_SUM_DTYPES, _GPU_FOLD)):
    return f"""{summary}

Parameters
----------
{params}

Returns
-------
{returns}

{notes}

Examples
--------
>>> x = wg.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
{example}
"""


_RESULT = """Array
    The result, a 0-d array when every axis is reduced (not a NumPy scalar)."""
_INITIAL = """initial : scalar, optional
    The starting value of the {what}."""

_VARIANCE_NOTES = _notes(
    _MOMENT_DTYPES.format(complex="; complex input gives a real\nresult (from ``abs(x - mean)**2``)"),
    _MOMENT_GPU.format(folds="two fold kernels (the mean, then the squared deviations from it)")
    + " The standard deviation\nis the correctly rounded square root of the variance.")

DOCSTRINGS = {
    "sum": _reduction("Sum of the elements along the given axes.",
                      "\n".join([_A, _AXIS, _DTYPE, _OUT, _KEEPDIMS, _INITIAL.format(what="sum"), _WHERE]),
                      _RESULT, """>>> wg.sum(x)
array(21.)
>>> wg.sum(x, axis=0)
array([5., 7., 9.])
>>> wg.sum(x, where=wg.asarray([True, False, True]))
array(14.)
>>> wg.sum(wg.arange(3, dtype=wg.int32)).dtype
dtype('int64')""", _notes(_SUM_DTYPES, _GPU_FOLD, "A sum of -0.0s is -0.0, as IEEE addition gives (NumPy starts its "
                          "sums from +0.0\nand gives +0.0; :meth:`wgarray.add.reduce` does as NumPy does).")),
    "prod": _reduction("Product of the elements along the given axes.",
                       "\n".join([_A, _AXIS, _DTYPE, _OUT, _KEEPDIMS, _INITIAL.format(what="product"), _WHERE]),
                       _RESULT, """>>> wg.prod(x, axis=1)
array([  6., 120.])"""),
    "mean": _reduction("Arithmetic mean along the given axes.",
                       "\n".join([_A, _AXIS, _DTYPE.replace("bool and integers\n    narrower than 64 bits "
                                                            "accumulate in int64 (uint64 for unsigned), "
                                                            "others in their own dtype",
                                                            "integers and bool give float64, others\n    "
                                                            "their own dtype"),
                                  _OUT, _KEEPDIMS, _WHERE]),
                       "Array\n    The mean; NaN for an empty slice (with NumPy's RuntimeWarning).",
                       """>>> wg.mean(x, axis=1)
array([2., 5.])
>>> wg.mean(wg.asarray([1, 2]))
array(1.5)""", _notes(_MOMENT_DTYPES.format(complex=""), _MOMENT_GPU.format(folds="one fold kernel (the sum)"))),
    "std": _reduction("Standard deviation along the given axes.",
                      "\n".join([_A, _AXIS, "dtype : dtype, optional\n    The dtype to compute in "
                                 "(default float64 for integers, else the input's).",
                                 _OUT, "ddof : int or float, optional\n    Delta degrees of freedom: "
                                 "the divisor is ``N - ddof`` (default 0).", _KEEPDIMS, _WHERE,
                                 "mean : array_like, optional\n    The mean, if already computed "
                                 "(with ``keepdims=True``'s shape).",
                                 "correction : int or float, optional\n    The array API's name for "
                                 "``ddof``; give one or the other."]),
                      _RESULT, """>>> wg.std(wg.asarray([1.0, 2.0, 3.0, 4.0]))
array(1.11803399)""", _VARIANCE_NOTES),
    "var": _reduction("Variance along the given axes.",
                      "\n".join([_A, _AXIS, "dtype : dtype, optional\n    The dtype to compute in "
                                 "(default float64 for integers, else the input's).",
                                 _OUT, "ddof : int or float, optional\n    Delta degrees of freedom: "
                                 "the divisor is ``N - ddof`` (default 0).", _KEEPDIMS, _WHERE,
                                 "mean : array_like, optional\n    The mean, if already computed "
                                 "(with ``keepdims=True``'s shape).",
                                 "correction : int or float, optional\n    The array API's name for "
                                 "``ddof``; give one or the other."]),
                      _RESULT, """>>> wg.var(wg.asarray([1.0, 2.0, 3.0, 4.0]), ddof=1)
array(1.66666667)""", _VARIANCE_NOTES),
}

_EXTREMUM = """{Name}imum of the elements along the given axes; NaN propagates.

Parameters
----------
{a}
{axis}
{out}
{keepdims}
initial : scalar, optional
    The {name}imum to start from; needed with ``where`` (as in NumPy) and for empty slices.
{where}

Returns
-------
{result}

Raises
------
ValueError
    For an empty slice without ``initial``.

Notes
-----
Dtypes: every dtype; complex values order lexicographically, as in NumPy. The result has
``a``'s dtype.

GPU: one fold kernel; ``initial`` (with ``where``) adds map kernels that mask the elements
and combine the start value.

Examples
--------
>>> x = wg.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
>>> wg.{name}(x, axis=0)
{example}
>>> wg.{name}(wg.asarray([1.0, wg.nan]))
array(nan)
"""
for _name, _example in (("max", "array([4., 5., 6.])"), ("min", "array([1., 2., 3.])")):
    DOCSTRINGS[_name] = _EXTREMUM.format(Name=_name.capitalize(), name=_name, a=_A, axis=_AXIS, out=_OUT,
                                         keepdims=_KEEPDIMS, where=_WHERE, result=_RESULT, example=_example)

_SCAN = """Cumulative {what} of the elements along an axis.

Parameters
----------
{a}
axis : int, optional
    The axis to scan; None (the default) scans the flattened array.
{dtype}
{out}

Returns
-------
Array
    The running {what}s, of ``a``'s shape (1-d for ``axis=None``).

Notes
-----
Dtypes: every dtype. Without ``dtype``, bool and integers narrower than 64 bits accumulate in
int64 (unsigned ones in uint64), as NumPy's. float16 accumulates in float32, each running
value rounded once to float16 (NumPy rounds every step to float16, so long float16 scans can
differ from NumPy's, more accurately).

GPU: one scan kernel along the axis (long rows in tiles with carries).

Examples
--------
{example}
"""
DOCSTRINGS["cumsum"] = _SCAN.format(what="sum", a=_A, dtype=_DTYPE, out=_OUT, example=""">>> wg.cumsum(wg.asarray([1, 2, 3]))
array([1, 3, 6])""")
DOCSTRINGS["cumprod"] = _SCAN.format(what="product", a=_A, dtype=_DTYPE, out=_OUT, example=""">>> wg.cumprod(wg.asarray([[1, 2], [3, 4]]), axis=1)
array([[ 1,  2],
       [ 3, 12]])""")

_ARG = """Index of the first {what}imum along an axis.

Parameters
----------
{a}
axis : int, optional
    The axis to search; None (the default) searches the flattened array.
out : Array, optional
    An int64 array of the result's shape to write the result into.
keepdims : bool, optional
    Keep the searched axis with length one.

Returns
-------
Array
    int64 indices (a 0-d array for ``axis=None``). A NaN counts as the {what}imum, as in NumPy.

Raises
------
ValueError
    For an empty slice.

Notes
-----
Dtypes: every dtype (complex values order lexicographically); the result is int64.

GPU: one fold kernel carrying (value, index) pairs.

Examples
--------
>>> x = wg.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
{example}
"""
DOCSTRINGS["argmax"] = _ARG.format(what="max", a=_A, example=""">>> wg.argmax(x)
array(5)""")
DOCSTRINGS["argmin"] = _ARG.format(what="min", a=_A, example=""">>> wg.argmin(x, axis=1)
array([0, 0])""")

_LOGICAL = """Whether {what} elements along the given axes are true (nonzero).

Parameters
----------
{a}
{axis}
{out}
{keepdims}
{where}

Returns
-------
Array
    bool results (a 0-d array when every axis is reduced).

Notes
-----
Dtypes: every dtype (NaN counts as true, as any nonzero value); the result is bool.

GPU: one fold kernel (``where`` adds a cast to bool and one masking map kernel).

Examples
--------
>>> x = wg.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
{example}
"""
DOCSTRINGS["all"] = _LOGICAL.format(what="all", a=_A, axis=_AXIS, out=_OUT, keepdims=_KEEPDIMS, where=_WHERE,
                                    example=">>> wg.all(x > 0)\narray(True)")
DOCSTRINGS["any"] = _LOGICAL.format(what="any", a=_A, axis=_AXIS, out=_OUT, keepdims=_KEEPDIMS, where=_WHERE,
                                    example=">>> wg.any(x > 5, axis=1)\narray([False,  True])")

for _name, _doc in DOCSTRINGS.items():
    getattr(_reductions, _name).__doc__ = _doc
