"""Every elementwise function as a ufunc object, under its array API name and NumPy's names.

Built from every row of the elementwise table (wgarray/_engines/ops.py UNARY and BINARY), so
a new row becomes a ufunc with no edit here. A ufunc takes NumPy's name where NumPy's differs
(`wgarray.abs is wgarray.absolute`, whose __name__ is 'absolute'), as in NumPy.
"""

from __future__ import annotations

from .._engines.ops import BINARY, UNARY
from .ufunc import ufunc

# Row name -> NumPy's names for it, the ufunc's __name__ first; the row name stays an alias.
NUMPY_NAMES = {
    "abs": ("absolute",),
    "acos": ("arccos",), "acosh": ("arccosh",), "asin": ("arcsin",), "asinh": ("arcsinh",),
    "atan": ("arctan",), "atanh": ("arctanh",), "atan2": ("arctan2",),
    "pow": ("power",),
    "remainder": ("remainder", "mod"),
    "divide": ("divide", "true_divide"),
    "bitwise_invert": ("invert", "bitwise_not"),
    "bitwise_left_shift": ("left_shift",), "bitwise_right_shift": ("right_shift",),
    "conj": ("conjugate",),
}
# Rows whose NumPy counterparts are plain functions, not ufuncs: they stay functions
# (round takes decimals=; real and imag return views of real input).
NOT_UFUNCS = ("round", "real", "imag")


def _build() -> dict:
    ufuncs = {}
    for nin, rows in ((1, UNARY), (2, BINARY)):
        for name, row in rows.items():
            if name in NOT_UFUNCS:
                continue
            names = NUMPY_NAMES.get(name, (name,))
            u = ufunc(row, nin, names[0])
            for alias in (name, *names):
                ufuncs[alias] = u
    return ufuncs


UFUNCS: dict = _build()
