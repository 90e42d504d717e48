"""Elementwise operations as declarations: the type of the rows of wgarray/_api/elementwise_functions.py.

A Row gives, per dtype kind, a WGSL expression over a0, a1, ... in which `{t}` names the
compute type's helper suffix (see wgsl/lib_*.wgsl) and `{T}` the WGSL type itself. A binary
row also declares how it reduces (as CuPy's create_reduction_func and NumPy's ufunc.reduce
do): NumPy's identity, whether folds may reorder it, where folds must start from something
else, and the subgroup operations that compute it exactly. folds.py derives every reduction
from these declarations.

The table lives in the API layer; it declares its binary rows here (`declare_binary`) so that
engines folding with one themselves (matmul's split sums, the scan engine's exclusive_sum)
find it by name (`binary`). Importing wgarray imports the table, so the rows are always there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .._core import dtypes as dt
from .._core.wgsl import REG_TAG

# Fold identities other than a value: the far end of the folded dtype (for maximum and
# minimum, which have no identity), or none exact (folds start from a sentinel comb skips).
LOWEST, HIGHEST, SENTINEL = "lowest", "highest", "sentinel"
_SUBGROUP_REGISTERS = ("i32", "u32", "f32")  # what WGSL's subgroup operations take


def per_kind(value, *names) -> dict:
    """{kind: value} for the named kinds (for a row's per-kind declarations)."""
    return dict.fromkeys(names, value)


@dataclass(frozen=True, eq=False)  # rows are singletons: compared and hashed by identity
class Row:
    name: str
    exprs: dict  # kind -> WGSL expression, or NotImplemented
    result: str = "same"  # "same", "bool", "float" (ints compute in the default float), "real"
    identity: object = None  # NumPy's ufunc identity: the reduction of nothing (None: there is none)
    reorderable: bool = False  # associative and commutative: folds may combine in any order
    # kind -> what folds start from where `identity` is not exact under the expression (or absent):
    # a value, LOWEST or HIGHEST of the folded dtype, or SENTINEL.
    fold_identity: dict = field(default_factory=dict)
    # kind -> the subgroup operation computing the row exactly (on 32-bit registers only).
    subgroup: dict = field(default_factory=dict)

    def wgsl(self, dtype) -> str:
        """The row's expression for dtype's kind, with {t} and {T} filled in."""
        reg = dt.layout(dtype).register
        return self.exprs[dt.kind(dtype)].format(t=REG_TAG[reg], T=reg)

    def subgroup_op(self, dtype) -> str | None:
        """The WGSL subgroup operation computing the row on registers of dtype, if any."""
        if dt.layout(dtype).register not in _SUBGROUP_REGISTERS:
            return None
        return self.subgroup.get(dt.kind(dtype))


_BINARY: dict = {}


def declare_binary(rows) -> dict:
    """Make binary rows findable by name (see the module docstring); {name: row}."""
    table = {row.name: row for row in rows}
    _BINARY.update(table)
    return table


def binary(name: str) -> Row:
    """The binary row `name` of the elementwise table."""
    return _BINARY[name]
