"""What the three custom kernels share: CuPy's parameter lists ('T x, raw T y, float32 alpha'),
type placeholders bound from the arguments' dtypes, WGSL type names, and compile errors that
point at the user's line.

WGSL types of NumPy's dtypes are their register types: bool -> bool, int8/int16/int32 -> i32,
uint8/uint16/uint32 -> u32, int64 -> i64, uint64 -> u64 (shader-int64), float32 -> f32,
float64 -> f64 (shader-f64). Narrow dtypes are stored packed and widened on load. Complex
dtypes have no WGSL scalar type: they raise TypeError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.kernels import USER_CODE_MARK, KernelCompileError
from .._api.coerce import PYTHON_SCALARS, as_array

_IDENT = re.compile(r"[A-Za-z_]\w*$")
_RESERVED = {"i", "n"}


@dataclass(frozen=True)
class Param:
    """One parameter: its name, its dtype (None: a placeholder), the placeholder's name, raw."""

    name: str
    dtype: np.dtype | None
    placeholder: str | None
    raw: bool


def parse_params(text: str, kernel: str) -> tuple:
    """'T x, raw T y, float32 alpha' as Params. A type that is not a NumPy dtype name is a
    placeholder."""
    params = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        words = part.split()
        raw = words[0] == "raw"
        if raw:
            words = words[1:]
        if len(words) != 2 or not all(_IDENT.match(w) for w in words):
            raise ValueError(f"{kernel}: bad parameter {part!r}: write '[raw] TYPE name'")
        type_name, name = words
        if name in _RESERVED or name.startswith("_"):
            raise ValueError(f"{kernel}: parameter name {name!r} is reserved (i, n and names starting with _)")
        dtype = _dtype_named(type_name)
        params.append(Param(name, dtype, None if dtype is not None else type_name, raw))
    names = [p.name for p in params]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"{kernel}: duplicate parameter name(s) {', '.join(duplicates)}")
    return tuple(params)


_DTYPE_NAMES = {d.name: d for d in dt.ALL_DTYPES}


def _dtype_named(type_name: str):
    """The dtype a parameter's type names, or None for a placeholder. Other NumPy names of more
    than one letter ('float16', 'float', 'str') raise TypeError; one-letter codes are placeholders."""
    if type_name in _DTYPE_NAMES:
        return _DTYPE_NAMES[type_name]
    if len(type_name) > 1 and type_name.islower():
        try:
            dtype = np.dtype(type_name)
        except TypeError:
            return None
        raise TypeError(f"custom kernels do not take the type {type_name!r} ({dtype}); name one of "
                        f"{', '.join(_DTYPE_NAMES)}")
    return None


def wgsl_type(dtype, device, kernel: str) -> str:
    """The WGSL type a custom kernel sees for dtype (see the module docstring)."""
    if dt.kind(dtype) == "complex":
        raise TypeError(f"{kernel}: {dtype} has no WGSL scalar type; custom kernels do not take complex data")
    dt.check_supported(dtype, device)
    return dt.layout(dtype).register


def device_of(args, kernel: str):
    """The one device of the Arrays among args (None if there are none); ValueError naming both
    devices where they differ."""
    device = None
    for a in args:
        if isinstance(a, Array):
            if device is None:
                device = a.device
            elif a.device is not device:
                raise ValueError(f"{kernel}: arrays are on different devices ({device} and {a.device})")
    return device


def is_scalar(value) -> bool:
    return isinstance(value, (*PYTHON_SCALARS, np.generic))


def as_kernel_array(value, device, kernel: str) -> Array:
    """An argument that must be an array, by the library's input policy (host data is uploaded)."""
    return as_array(value, kernel, device)


def bind_types(params, args, device, kernel: str, bound: dict | None = None) -> dict:
    """placeholder -> dtype, from the arrays first, then from scalars for placeholders no array
    binds (NumPy scalars by their dtype, Python ints and floats by the device's defaults)."""
    bound = dict(bound or {})
    for param, arg in zip(params, args):
        if param.placeholder is None or not isinstance(arg, Array):
            continue
        have = bound.setdefault(param.placeholder, arg._dtype)
        if have != arg._dtype:
            raise TypeError(f"{kernel}: type placeholder {param.placeholder} is bound to both {have} and "
                            f"{arg._dtype} (parameter {param.name})")
    for param, arg in zip(params, args):
        if param.placeholder is None or param.placeholder in bound or arg is None:
            continue
        bound[param.placeholder] = scalar_dtype(arg, device)
    return bound


def scalar_dtype(value, device):
    if isinstance(value, np.generic):
        return dt.as_dtype(value.dtype)
    if isinstance(value, bool):
        return dt.bool_
    if isinstance(value, int):
        return dt.default_int(device)
    if isinstance(value, float):
        return dt.default_float(device)
    raise TypeError(f"unsupported scalar argument of type {type(value).__name__}")


def param_dtype(param: Param, bound: dict, kernel: str):
    if param.dtype is not None:
        return param.dtype
    if param.placeholder not in bound:
        raise TypeError(f"{kernel}: cannot tell the type {param.placeholder} of parameter {param.name} "
                        f"from the arguments")
    return bound[param.placeholder]


def check_cast(arg_dtype, param: Param, dtype, kernel: str) -> None:
    """An array passed for a parameter of a fixed type is cast to it as NumPy's same_kind allows."""
    if not np.can_cast(arg_dtype, dtype, "same_kind"):
        raise TypeError(f"{kernel}: cannot cast {arg_dtype} to {dtype} for parameter {param.name} "
                        f"(rule 'same_kind')")


def statements(code: str) -> str:
    """User code as WGSL statements: CuPy's snippets may leave out the last semicolon."""
    code = code.rstrip()
    return code if not code or code.endswith((";", "}")) else code + ";"


# -- compile errors ---------------------------------------------------------------------------------
USER_MARK = USER_CODE_MARK  # the line after which a kernel's source holds the user's code
_LOCATION = re.compile(r"┌─ \S*:(\d+):\d+")
_NUMBERED = re.compile(r"^\s*(\d+)\s*│")


def _pointed_line(reason: str) -> int | None:
    """The source line the compiler's report underlines (^^^), else the line it names."""
    last = None
    for text in reason.splitlines():
        numbered = _NUMBERED.match(text)
        if numbered:
            last = int(numbered[1])
        elif "^" in text and "╰" not in text and last is not None:
            return last
    found = _LOCATION.search(reason)
    return int(found[1]) if found else None


def compile_error(error: KernelCompileError, kernel: str, code: str) -> KernelCompileError:
    """error as one that names the user's line: the compiler's position, mapped into `code`
    (the user's WGSL, which the kernel's source holds after USER_MARK)."""
    reason = error.reason or str(error)
    source_lines = error.source.splitlines()
    line = _pointed_line(reason)
    where = ""
    if line is not None and source_lines:
        marks = [k for k, text in enumerate(source_lines, start=1) if text.strip() == USER_MARK]
        user = line - marks[0] if marks and line > marks[0] else None
        code_lines = code.splitlines()
        if user is not None and user <= len(code_lines):
            where = f" at line {user} of its code:\n    {code_lines[user - 1].strip()}\n"
        elif 0 < line <= len(source_lines):
            where = f" in the generated WGSL, line {line}:\n    {source_lines[line - 1].strip()}\n"
    summary = _summary(reason)
    return KernelCompileError(f"{kernel} failed to compile{where or ': '}{summary}\n\n"
                              f"the compiler's report:\n{reason}", error.source, reason)


def _summary(reason: str) -> str:
    """The compiler's one-line message (naga: 'Shader ... error: ...' or the last '= ...' note)."""
    notes = [line.strip()[2:] for line in reason.splitlines() if line.strip().startswith("= ")]
    for line in reason.splitlines():
        if "error:" in line:
            head = line.split("error:", 1)[1].strip()
            return f"{head}" + (f" ({notes[-1]})" if notes and notes[-1] not in head else "")
    return notes[-1] if notes else reason.strip().splitlines()[-1]
