"""Installs the Array's operators, indexing and NumPy-style methods, from above the Array.

Each operator forwards to the namespace function of the same meaning, so the Array itself
(wgarray/_array.py) stays data and imports nothing above the engines.
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from . import (creation_functions, data_type_functions, elementwise_functions, indexing, linear_algebra_functions,
               manipulation_functions)

# -- operators: each forwards to the elementwise function of the same meaning ----------------
_BINARY_OPERATORS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "pow", "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
    "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
}
_COMPARISONS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
                "ge": "greater_equal"}
_UNARY_OPERATORS = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}
# lists and tuples too, as NumPy takes them (`x - [0.5, 0.5]`, `x == (1, 2)`): the functions upload them
_OPERAND_TYPES = (Array, bool, int, float, complex, np.ndarray, np.generic, list, tuple)


def _function(name):
    return elementwise_functions.FUNCTIONS[name]


def _power(x, y):
    """x ** y, with NumPy's fast paths for the scalar exponents that need no transcendentals."""
    if (isinstance(y, (int, float)) and not isinstance(y, bool) and dt.kind(x._dtype) in ("float", "complex")):
        fast = {2: "square", 1: "positive", -1: "reciprocal", 0.5: "sqrt"}.get(y)
        if fast is not None and not (fast == "sqrt" and dt.kind(x._dtype) == "complex"):
            return _function(fast)(x)
    return _function("pow")(x, y)


def _binary_operator(name):
    def forward(self, other):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        return _power(self, other) if name == "pow" else _function(name)(self, other)

    def reflected(self, other):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        return _function(name)(other, self)

    def in_place(self, other):
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        result = _power(self, other) if name == "pow" else _function(name)(self, other)
        if self._view.ndim == 0 and not self._explicit:
            return result  # a stand-in for a NumPy scalar, which is immutable: `s += 1` rebinds s
        if result.shape != self.shape:
            raise ValueError(f"non-broadcastable output operand with shape {self.shape} "
                             f"doesn't match the broadcast shape {result.shape}")
        if result._dtype != self._dtype and not np.can_cast(result._dtype, self._dtype, "same_kind"):
            raise TypeError(f"cannot cast the result of in-place {name} from {result._dtype} to {self._dtype} "
                            f"under the same-kind rule")
        if not self._writeable:
            raise ValueError("assignment destination is read-only")
        self._assign(result)
        return self

    return forward, reflected, in_place


for _op, _name in _BINARY_OPERATORS.items():
    _f, _r, _i = _binary_operator(_name)
    for _prefix, _method in (("", _f), ("r", _r), ("i", _i)):
        _method.__name__ = f"__{_prefix}{_op}__"
        setattr(Array, _method.__name__, _method)

for _op, _name in _COMPARISONS.items():
    def _compare(self, other, _name=_name):
        if other is None and _name in ("equal", "not_equal"):  # NumPy: no element equals None
            return creation_functions.full(self.shape, _name == "not_equal", dtype=dt.as_dtype("bool"),
                                           device=self.device)
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        return _function(_name)(self, other)

    _compare.__name__ = f"__{_op}__"
    setattr(Array, _compare.__name__, _compare)

for _op, _name in _UNARY_OPERATORS.items():
    def _unary(self, _name=_name):
        return _function(_name)(self)

    _unary.__name__ = f"__{_op}__"
    setattr(Array, _unary.__name__, _unary)


def _matmul_operands(other):
    # NumPy data joins in; Python scalars are not matrices (NumPy raises too).
    return isinstance(other, (Array, np.ndarray, np.generic, list, tuple))


def _matmul(self, other):
    if not _matmul_operands(other):
        return NotImplemented
    return linear_algebra_functions.matmul(self, other)


def _rmatmul(self, other):
    if not _matmul_operands(other):
        return NotImplemented
    return linear_algebra_functions.matmul(other, self)


def _imatmul(self, other):
    result = _matmul(self, other)
    if result is NotImplemented:
        return result
    if result.shape != self.shape:
        raise ValueError(f"in-place matmul: the result has shape {result.shape}, not {self.shape}")
    if result._dtype != self._dtype and not np.can_cast(result._dtype, self._dtype, "same_kind"):
        raise TypeError(f"cannot cast the result of in-place matmul from {result._dtype} to {self._dtype}")
    if not self._writeable:
        raise ValueError("assignment destination is read-only")
    self._assign(result)
    return self


Array.__matmul__, Array.__rmatmul__, Array.__imatmul__ = _matmul, _rmatmul, _imatmul
Array.__hash__ = None


# -- indexing and methods -----------------------------------------------------------------------
def _astype(self, dtype, copy: bool = True) -> Array:
    return data_type_functions.astype(self, dtype, copy=copy)


def _reshape(self, *shape, copy=None) -> Array:
    if len(shape) == 1 and not isinstance(shape[0], int):
        shape = shape[0]
    return manipulation_functions.reshape(self, tuple(shape), copy=copy)


def _transpose(self, *axes) -> Array:
    if not axes:
        axes = tuple(reversed(range(self.ndim)))
    elif len(axes) == 1 and not isinstance(axes[0], int):
        axes = tuple(axes[0])
    return manipulation_functions.permute_dims(self, axes)


def _flatten(self) -> Array:
    return manipulation_functions.reshape(self, (-1,), copy=True)


def _ravel(self) -> Array:
    return manipulation_functions.reshape(self, (-1,))


def _squeeze(self, axis=None) -> Array:
    if axis is None:
        axis = tuple(i for i, n in enumerate(self.shape) if n == 1)
    return manipulation_functions.squeeze(self, axis)


def _fill(self, value) -> None:
    self[...] = value


Array.__getitem__ = indexing.getitem
Array.__setitem__ = indexing.setitem
Array.astype, Array.reshape, Array.transpose = _astype, _reshape, _transpose
Array.flatten, Array.ravel, Array.squeeze, Array.fill = _flatten, _ravel, _squeeze, _fill
