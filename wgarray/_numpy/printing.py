"""repr, str and format of arrays as NumPy prints them, with wgarray's own print options
(set_printoptions, get_printoptions, printoptions), kept apart from NumPy's so that printing
wgarray arrays does not change how NumPy prints its own.

Past `threshold` elements NumPy prints only `edgeitems` at each end of every long axis. Only
those are downloaded: one GPU gather picks them (plus one element per long axis that stands for
the elided middle, so that NumPy's formatter sees an axis longer than 2 * edgeitems and inserts
the '...'), then NumPy's array2string formats that small host array.

A 0-d array prints as a 0-d NumPy array does: repr `array(1.5)` (`array(1.5, dtype=float32)`),
str `1.5`. wgarray's 0-d arrays stand in for NumPy's scalars in computations, but their repr says
what they are rather than imitating `np.float64(1.5)`.
"""

from __future__ import annotations

import contextlib
import contextvars
import sys

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._api.coerce import as_array

_DEFAULTS = {"edgeitems": 3, "threshold": 1000, "floatmode": "maxprec", "precision": 8, "suppress": False,
             "linewidth": 75, "nanstr": "nan", "infstr": "inf", "sign": "-", "formatter": None, "legacy": False,
             "override_repr": None}
_options: contextvars.ContextVar = contextvars.ContextVar("wgarray_printoptions", default=_DEFAULTS)

# dtypes NumPy leaves out of a repr because they are what the printed values imply
_IMPLIED = {dt.as_dtype(n) for n in ("bool", "int64", "float64", "complex128")}


def get_printoptions() -> dict:
    """Return the current print options of wgarray arrays.

    Returns
    -------
    dict
        A new dict of ``precision``, ``threshold``, ``edgeitems``, ``linewidth``, ``suppress``,
        ``nanstr``, ``infstr``, ``formatter``, ``sign``, ``floatmode``, ``legacy`` and
        ``override_repr``, with NumPy's meanings and defaults.

    See Also
    --------
    set_printoptions, printoptions

    Notes
    -----
    wgarray keeps its print options apart from NumPy's (setting one does not change the
    other), per thread and task, as NumPy 2's context variables.

    GPU: none; this runs on the host.

    Examples
    --------
    >>> wg.get_printoptions()["precision"]
    8
    """
    return dict(_options.get())


def _merged(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None,
            infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None, override_repr=None) -> dict:
    given = {"precision": precision, "threshold": threshold, "edgeitems": edgeitems, "linewidth": linewidth,
             "suppress": suppress, "nanstr": nanstr, "infstr": infstr, "sign": sign, "floatmode": floatmode,
             "legacy": legacy, "override_repr": override_repr}
    options = get_printoptions()
    options.update({k: v for k, v in given.items() if v is not None})
    options["formatter"] = formatter  # as in NumPy, leaving formatter out resets it
    with np.printoptions(**options):  # NumPy checks the values and raises its errors
        pass
    return options


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None,
                     infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None,
                     override_repr=None) -> None:
    """Set how wgarray arrays print, with NumPy's options and meanings.

    Parameters
    ----------
    precision : int, optional
        Digits of floating-point precision (default 8).
    threshold : int, optional
        Number of elements past which a print is summarised with '...' (default 1000).
    edgeitems : int, optional
        Items shown at each end of a summarised axis (default 3).
    linewidth : int, optional
        Characters per line (default 75).
    suppress : bool, optional
        Print small floats as zero rather than in scientific notation (default False).
    nanstr : str, optional
        The text of NaN (default 'nan').
    infstr : str, optional
        The text of infinity (default 'inf').
    formatter : dict of callables, optional
        NumPy's per-type formatting functions; leaving it out resets it, as in NumPy.
    sign : {'-', '+', ' '}, optional
        How the sign of positive values prints (default '-').
    floatmode : {'fixed', 'unique', 'maxprec', 'maxprec_equal'}, optional
        How ``precision`` applies (default 'maxprec').
    legacy : str or False, optional
        One of NumPy's legacy printing modes (such as '1.13'), or False.
    override_repr : callable, optional
        A function that gives the repr of an array instead.

    Raises
    ------
    ValueError, TypeError
        For values NumPy rejects (NumPy checks them).

    See Also
    --------
    get_printoptions, printoptions

    Notes
    -----
    None leaves an option as it is. wgarray keeps its print options apart from NumPy's (setting one does not change the
    other), per thread and task, as NumPy 2's context variables.

    GPU: none; this runs on the host.

    Examples
    --------
    >>> wg.set_printoptions(precision=3)
    >>> wg.asarray([1 / 3])
    array([0.333])
    >>> wg.set_printoptions(precision=8)
    """
    _options.set(_merged(precision, threshold, edgeitems, linewidth, suppress, nanstr, infstr, formatter, sign,
                         floatmode, legacy=legacy, override_repr=override_repr))


@contextlib.contextmanager
def printoptions(*args, **kwargs):
    """Context manager setting print options for a ``with`` block (in this thread or task only).

    Parameters
    ----------
    *args : object
        The options of :func:`set_printoptions`, by position.
    **kwargs : object
        The same, by name.

    Yields
    ------
    dict
        The print options in force inside the block (as :func:`get_printoptions`).

    See Also
    --------
    set_printoptions, get_printoptions

    Notes
    -----
    GPU: none; this runs on the host.

    Examples
    --------
    >>> with wg.printoptions(precision=2):
    ...     print(wg.asarray([1 / 3]))
    [0.33]
    """
    token = _options.set(_merged(*args, **kwargs))
    try:
        yield get_printoptions()
    finally:
        _options.reset(token)


# -- formatting -----------------------------------------------------------------------------------
def _printed_part(x: Array, options: dict) -> tuple[np.ndarray, bool]:
    """The elements a print shows, on the host, and whether the print is summarised."""
    if x.size <= options["threshold"]:
        return x._to_numpy(), False
    edge = options["edgeitems"]
    picks = []
    for axis, n in enumerate(x.shape):
        # a long axis keeps edge items at each end and one more that stands for the elided middle
        index = list(range(edge + 1)) + list(range(n - edge, n)) if n > 2 * edge else list(range(n))
        picks.append(np.array(index, dtype=np.int64).reshape((-1,) + (1,) * (x.ndim - axis - 1)))
    return x[tuple(picks)]._to_numpy(), True


def _body(x: Array, options: dict, separator: str, prefix: str, suffix: str = "") -> str:
    host, summarised = _printed_part(x, options)
    with np.printoptions(**options):
        return np.array2string(host, separator=separator, prefix=prefix, suffix=suffix,
                               threshold=0 if summarised else sys.maxsize), summarised


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ", prefix="", *,
                 formatter=None, threshold=None, edgeitems=None, sign=None, floatmode=None, suffix="",
                 legacy=None) -> str:
    """Return a string representation of an array, as NumPy's array2string.

    Parameters
    ----------
    a : array_like
        The array.
    max_line_width : int, optional
        Characters per line (the ``linewidth`` option).
    precision : int, optional
        Digits of floating-point precision.
    suppress_small : bool, optional
        Print small floats as zero (the ``suppress`` option).
    separator : str, optional
        The text between elements (default ' ').
    prefix : str, optional
        Text the result will follow: its length indents the following lines.
    formatter : dict of callables, optional
        NumPy's per-type formatting functions.
    threshold : int, optional
        Number of elements past which the result is summarised.
    edgeitems : int, optional
        Items shown at each end of a summarised axis.
    sign : {'-', '+', ' '}, optional
        How the sign of positive values prints.
    floatmode : str, optional
        How ``precision`` applies.
    suffix : str, optional
        Text that will follow the result (for the line width of the last line).
    legacy : str or False, optional
        NumPy's legacy printing modes.

    Returns
    -------
    str
        The values as text (without ``array(`` or the dtype).

    Notes
    -----
    Dtypes: every dtype. The options not given are wgarray's current print options.

    GPU: one download of the array (a host sync: it waits for the kernels that compute it).
    Past ``threshold`` elements, one gather kernel first picks only the ``edgeitems`` shown at each
    end of every long axis, and only those are downloaded; NumPy formats them on the host.

    Examples
    --------
    >>> wg.array2string(wg.asarray([1.5, 2.0]), separator=", ")
    '[1.5, 2. ]'
    """
    given = {"linewidth": max_line_width, "precision": precision, "suppress": suppress_small,
             "formatter": formatter, "threshold": threshold, "edgeitems": edgeitems, "sign": sign,
             "floatmode": floatmode, "legacy": legacy}
    options = {**_options.get(), **{k: v for k, v in given.items() if v is not None}}
    with np.printoptions(**options):  # NumPy checks the values and raises its errors
        pass
    return _body(as_array(a, "array2string"), options, separator, prefix, suffix)[0]


def _overridden(max_line_width, precision, suppress_small) -> dict:
    """The print options with array_repr's and array_str's keywords in place of theirs."""
    given = {"linewidth": max_line_width, "precision": precision, "suppress": suppress_small}
    return {**_options.get(), **{k: v for k, v in given.items() if v is not None}}


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None) -> str:
    """Return the repr of an array, as NumPy's: ``array([1., 2.], dtype=float32)``.

    Parameters
    ----------
    arr : Array
        The array.
    max_line_width : int, optional
        Characters per line, for this call.
    precision : int, optional
        Digits of floating-point precision, for this call.
    suppress_small : bool, optional
        Print small floats as zero, for this call.

    Returns
    -------
    str
        ``array(...)`` with the shape and dtype where NumPy's rules show them (a dtype other than
        bool, int64, float64 and complex128; an empty or summarised array's shape).

    See Also
    --------
    array_str, array2string

    Notes
    -----
    Dtypes: every dtype. A 0-d array prints as a 0-d NumPy array does (``array(1.5)``), not as
    a NumPy scalar.

    GPU: one download of the array (a host sync: it waits for the kernels that compute it).
    Past ``threshold`` elements, one gather kernel first picks only the ``edgeitems`` shown at each
    end of every long axis, and only those are downloaded; NumPy formats them on the host.

    Examples
    --------
    >>> wg.array_repr(wg.asarray([1, 2], dtype=wg.float32))
    'array([1., 2.], dtype=float32)'
    """
    if any(v is not None for v in (max_line_width, precision, suppress_small)):
        with printoptions(**_overridden(max_line_width, precision, suppress_small)):
            return array_repr(as_array(arr, "array_repr"))
    options = _options.get()
    if options["override_repr"] is not None:
        return options["override_repr"](arr)
    prefix = "array("
    body, summarised = _body(arr, options, ", ", prefix, ")")
    extras = []
    if (arr.size == 0 and arr.shape != (0,)) or (summarised and options["legacy"] is False):
        extras.append(f"shape={arr.shape}")
    if arr._dtype not in _IMPLIED or arr.size == 0:
        extras.append(f"dtype={arr._dtype.name}")
    if not extras:
        return f"{prefix}{body})"
    text = f"{prefix}{body},"
    extra = ", ".join(extras) + ")"
    last_line = len(text) - (text.rfind("\n") + 1)
    spacer = "\n" + " " * len(prefix) if last_line + len(extra) + 1 > options["linewidth"] else " "
    return text + spacer + extra


def array_str(a, max_line_width=None, precision=None, suppress_small=None) -> str:
    r"""Return the str of an array, as NumPy's: the values without commas.

    Parameters
    ----------
    a : Array
        The array.
    max_line_width : int, optional
        Characters per line, for this call.
    precision : int, optional
        Digits of floating-point precision, for this call.
    suppress_small : bool, optional
        Print small floats as zero, for this call.

    Returns
    -------
    str
        The values; a 0-d array as its scalar.

    See Also
    --------
    array_repr, array2string

    Notes
    -----
    Dtypes: every dtype.

    GPU: one download of the array (a host sync: it waits for the kernels that compute it).
    Past ``threshold`` elements, one gather kernel first picks only the ``edgeitems`` shown at each
    end of every long axis, and only those are downloaded; NumPy formats them on the host.

    Examples
    --------
    >>> wg.array_str(wg.asarray([[1, 2], [3, 4]]))
    '[[1 2]\n [3 4]]'
    """
    if any(v is not None for v in (max_line_width, precision, suppress_small)):
        with printoptions(**_overridden(max_line_width, precision, suppress_small)):
            return array_str(as_array(a, "array_str"))
    if a.ndim == 0:
        with np.printoptions(**_options.get()):
            return str(a._to_numpy()[()])
    return _body(a, _options.get(), " ", "")[0]


def array_format(x, spec: str) -> str:
    """format(x, spec): 0-d arrays format as their Python value ('.3f', 'd', '>10'); others only with ''."""
    if x.ndim == 0:
        return format(x._to_numpy()[()].item(), spec)
    if spec:
        raise TypeError("unsupported format string passed to numpy.ndarray.__format__")
    return array_str(x)


FUNCTIONS = {"set_printoptions": set_printoptions, "get_printoptions": get_printoptions,
             "printoptions": printoptions, "array_repr": array_repr, "array_str": array_str,
             "array2string": array2string}
