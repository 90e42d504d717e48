"""Immutable value objects on __slots__: what TensorView and BufferOperand share.

A frozen dataclass costs twice as much to make as a slots class, and every op makes several
views and operands. A class declares its fields as the __slots__ of a FrozenSlots subclass
(FIELDS = __slots__) and sets them once, in __init__, through the slots' own setters
(`Fields.name.__set__`), past __setattr__, which refuses. Equality, hash, repr and pickling
go by the fields' values, in order, as a frozen dataclass's do.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from operator import attrgetter


class FrozenSlots:
    __slots__ = ()
    FIELDS: tuple = ()
    _values = None  # attrgetter of FIELDS: the fields' values as a tuple (set per class)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "FIELDS" in cls.__dict__:
            if len(cls.FIELDS) < 2:
                raise TypeError("FrozenSlots compares tuples: give at least two FIELDS")
            cls._values = attrgetter(*cls.FIELDS)

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) == self._values(other)

    def __hash__(self):
        return hash(self._values(self))

    def __repr__(self):
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self.FIELDS, self._values(self)))
        return f"{type(self).__name__}({fields})"

    def __reduce__(self):
        return type(self), self._values(self)
