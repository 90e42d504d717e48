"""Declared parameter layouts: a kernel names its parameter words once.

Every kernel reads its parameters from a 1 KiB window of u32 words (wgsl/prelude.wgsl: pw,
ps). A ParamLayout lists the fields in order; from that one declaration come the WGSL
accessors (`p_rows()`, `p_shape(d)`) and the host packing, so a field sits at the same
place for the kernel and for the code that fills it in.

    ROWS = ParamLayout(("rows", "u32"), ("offset", "u32"), ("strides", "i32", 4))
    ROWS.wgsl()                       # fn p_rows() -> u32 ..., fn p_strides(k: u32) -> i32 ...
    ROWS.pack(rows=3, offset=0, strides=[1, 2, 3, 4])

A field's type may also be a NumPy dtype: one scalar of that dtype, read as its register
value (bool, i32 for narrow ints, vec2 for complex; see wgsl.decode_param).
"""

from __future__ import annotations

import struct

import numpy as np

from .wgsl import decode_param, param_words
from .dtypes import layout

_U64 = "(u64(pw({k})) | (u64(pw({k} + 1u)) << 32u))"
_CODES = {"u32": "I", "i32": "i", "f32": "f", "u64": "Q", "i64": "q", "f64": "d"}
_READ = {"u32": "pw({k})", "i32": "ps({k})", "f32": "bitcast<f32>(pw({k}))", "u64": _U64,
         "i64": f"bitcast<i64>({_U64})", "f64": f"bitcast<f64>({_U64})"}
_WORDS = {"u32": 1, "i32": 1, "f32": 1, "u64": 2, "i64": 2, "f64": 2}
# A scalar of a dtype travels as these struct codes (narrow ints widened to 32 bits, float16
# as the float32 of its value).
_SCALAR_CODES = {"b": "I", "i1": "i", "i2": "i", "i4": "i", "i8": "q", "u1": "I", "u2": "I", "u4": "I",
                 "u8": "Q", "f2": "f", "f4": "f", "f8": "d", "c8": "ff", "c16": "dd"}

# The word that is always 0 but unknown to the compiler (kernels read it as zero_word(), so
# that expressions built on it are not folded; see wgsl.cast). Every layout names it so.
ZERO = ("zero", "u32")


def scalar_codes(dtype) -> str:
    """The struct codes of one scalar of dtype in a parameter block."""
    dtype = np.dtype(dtype)
    return _SCALAR_CODES["b" if dtype.kind == "b" else f"{dtype.kind}{dtype.itemsize}"]


def scalar_values(value, dtype) -> list:
    """value as the values its dtype field packs, converted as NumPy converts (a float too
    large for float32 becomes inf)."""
    dtype = np.dtype(dtype)
    value = np.array(value, dtype=dtype)[()]
    if dtype.kind == "c":
        return [float(value.real), float(value.imag)]
    return [int(value)] if dtype.kind in "biu" else [float(value)]


class ParamLayout:
    """Fields as (name, type) or (name, type, count); type is u32, i32, f32, u64, i64, f64,
    or a NumPy dtype (a scalar field: no count)."""

    def __init__(self, *fields):
        self.fields = []
        word = 0
        for field in fields:
            if isinstance(field, str):
                field = (field, "u32")
            name, typ, *count = field
            count = count[0] if count else None
            if not isinstance(typ, str):
                typ = np.dtype(typ)
                if count is not None:
                    raise ValueError(f"parameter {name}: a dtype field holds one scalar")
            self.fields.append((name, typ, count, word))
            word += _words(typ) * _length(count)
        self.words = word
        self.offsets = {name: word for name, _, _, word in self.fields}
        if len(self.offsets) != len(self.fields):
            raise ValueError("parameter names must be distinct")
        # Hot paths fill a flat list of values (one per scalar, count per array field) and pack
        # it with `struct`; `slot(name)` says where a field's values start in that list.
        codes = "".join(_codes(typ) * _length(count) for _, typ, count, _ in self.fields)
        self.struct = struct.Struct("<" + codes)
        self._slots, slot = {}, 0
        for name, typ, count, _ in self.fields:
            self._slots[name] = slot
            slot += len(_codes(typ)) * _length(count)
        self.values = slot

    def slot(self, name: str) -> int:
        """Where field `name` starts in the flat value list that `struct` packs."""
        return self._slots[name]

    def wgsl(self, prefix: str = "p_") -> str:
        """The accessor functions of every field."""
        lines = []
        for name, typ, count, word in self.fields:
            if not isinstance(typ, str):
                lines.append(f"fn {prefix}{name}() -> {layout(typ).register} {{ return {decode_param(typ, word)}; }}")
            elif count is None:
                read = _READ[typ].format(k=f"{word}u")
                lines.append(f"fn {prefix}{name}() -> {typ} {{ return {read}; }}")
            else:
                k = f"{word}u + {_WORDS[typ]}u * k" if _WORDS[typ] > 1 else f"{word}u + k"
                read = _READ[typ].format(k=f"({k})")
                lines.append(f"fn {prefix}{name}(k: u32) -> {typ} {{ return {read}; }}")
        return "\n".join(lines)

    def pack(self, **values) -> bytes:
        """The parameter block; fields not named are 0."""
        if not self.offsets.keys() >= values.keys():
            raise TypeError(f"no parameter named {', '.join(sorted(values.keys() - self.offsets.keys()))}")
        flat = []
        for name, typ, count, _ in self.fields:
            value = values.get(name, 0)
            if typ == "u32" and count is None:  # the common case, inline
                if not -2**31 <= value < 2**32:
                    raise OverflowError(f"parameter {name} = {value} does not fit 32 bits")
                flat.append(int(value) & 0xFFFFFFFF)
            elif not isinstance(typ, str):
                flat += scalar_values(value, typ)
            elif count is None:
                flat.append(_wrap(value, typ))
            else:
                value = list(value)
                if len(value) > count:
                    raise ValueError(f"parameter {name} takes at most {count} values, not {len(value)}")
                flat += [_wrap(v, typ) for v in value] + [0] * (count - len(value))
        return self.struct.pack(*flat)


def _length(count) -> int:
    """Values of a field: 1 for a scalar, count (maybe 0) for an array."""
    return 1 if count is None else count


def _words(typ) -> int:
    return _WORDS[typ] if isinstance(typ, str) else param_words(typ)


def _codes(typ) -> str:
    return _CODES[typ] if isinstance(typ, str) else scalar_codes(typ)


def _wrap(value, typ: str):
    if typ == "u32":
        value = int(value)
        if not -2**31 <= value < 2**32:
            raise OverflowError(f"parameter value {value} does not fit 32 bits")
        return value & 0xFFFFFFFF
    if typ == "i32":
        value = int(value)
        if not -2**31 <= value < 2**31:
            raise OverflowError(f"parameter value {value} does not fit a signed 32-bit word")
        return value
    if typ == "u64":
        return int(value) & 0xFFFFFFFFFFFFFFFF
    if typ == "i64":
        return int(value)
    return float(value)
