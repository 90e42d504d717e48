"""numpydoc docstrings of the ufunc objects: their parameters, the dtypes each computes in and
how it runs, from its row of the elementwise table (so a new row gets one with no edit here).

Importing this module sets them (the package root imports it); ufunc.py keeps its short default.
"""

from .ufuncs import UFUNCS

# Dtype kinds of the table's rows, as the dtypes a user passes.
_KINDS = {"bool": "bool", "int": "int8 to int64", "uint": "uint8 to uint64", "float": "float32, float64",
          "complex": "complex64, complex128"}

_TEMPLATE = """{name}{signature}

Elementwise ``{row}`` on the GPU, as NumPy's ufunc ``{name}``.

Parameters
----------
{inputs}
out : Array or tuple of one Array, optional
    Where to write the result; it is cast into ``out`` under ``casting``.
where : array_like of bool, optional
    Where false, ``out`` keeps its values (without ``out``, those elements are zero).
casting : {{'no', 'equiv', 'safe', 'same_kind', 'unsafe'}}, optional
    How the result may be cast into ``out`` or ``dtype`` (default 'same_kind').
order : {{'K', 'A', 'C', 'F'}}, optional
    The memory layout of the result: 'F' is Fortran order, the others C order.
dtype : dtype, optional
    The dtype to compute in and return.

Returns
-------
Array
    The result, of the inputs' promoted dtype (NumPy 2's rules: Python scalars are weak).

Notes
-----
Dtypes: computes in {kinds}; other inputs are promoted as NumPy promotes them, and a
dtype it has no loop for raises ``TypeError``.

GPU: one map kernel from the WGSL expression of this row of the elementwise table
(strided and broadcast inputs are read in place). The plain call is the array API
standard's ``{row}``; the methods ``reduce``, ``accumulate``, ``reduceat``, ``outer`` and
``at`` are NumPy's (see :class:`wgarray.ufunc`).
"""

_ONE = """x : array_like
    The input array, or a Python scalar."""
_TWO = """x1, x2 : array_like
    The input arrays (broadcast together), or Python scalars."""


def _docstring(u) -> str:
    kinds = [_KINDS[k] for k, expr in u._row.exprs.items() if expr is not None and expr is not NotImplemented]
    return _TEMPLATE.format(name=u.__name__, signature=u.__signature__, row=u._row.name,
                            inputs=_ONE if u.nin == 1 else _TWO, kinds="; ".join(kinds))


for _ufunc in {id(u): u for u in UFUNCS.values()}.values():
    _ufunc.__doc__ = _docstring(_ufunc)
