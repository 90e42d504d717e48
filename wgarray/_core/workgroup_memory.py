"""The workgroup memory a WGSL module declares, read from its source.

wgpu does not check a kernel's workgroup variables against the device's
max-compute-workgroup-storage-size, and a kernel past it hangs an NVIDIA GPU (lavapipe runs it).
So the kernel cache sizes every kernel before compiling it and refuses one past the limit. The
size follows the WebGPU rule (each variable's size rounded up to 16 bytes, WGSL's layout of
arrays and vectors), counting the variables the source names again after declaring them. Types
and array lengths are evaluated through the module's aliases and integer constants; a variable
whose size cannot be evaluated (a struct, say) counts as 0.
"""

from __future__ import annotations

import ast
import operator
import re

_SCALARS = {"f16": 2, "f32": 4, "i32": 4, "u32": 4, "bool": 4, "f64": 8, "i64": 8, "u64": 8}
_VARIABLE = re.compile(r"var<workgroup>\s+(\w+)\s*:\s*([^;]+);")
_ALIAS = re.compile(r"\balias\s+(\w+)\s*=\s*([^;]+);")
_CONST = re.compile(r"\bconst\s+(\w+)\s*(?::\s*\w+)?\s*=\s*([^;]+);")
_LITERAL = re.compile(r"\b(\d+)[ui]?\b")
_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}


class _Unknown(Exception):
    """A type or length this reader cannot evaluate."""


def workgroup_bytes(source: str) -> int:
    """The workgroup memory the module's used workgroup variables take, in bytes."""
    aliases = {name: text.strip() for name, text in _ALIAS.findall(source)}
    consts = {name: text.strip() for name, text in _CONST.findall(source)}
    total = 0
    for name, type_text in _VARIABLE.findall(source):
        if len(re.findall(rf"\b{name}\b", source)) < 2:
            continue  # declared, never used: not part of the entry point's workgroup memory
        try:
            size, _ = _layout(type_text.strip(), aliases, consts)
        except (_Unknown, RecursionError):
            continue
        total += -(-size // 16) * 16
    return total


def _layout(text: str, aliases: dict, consts: dict) -> tuple[int, int]:
    """(size, alignment) of a WGSL type."""
    if text in aliases:
        return _layout(aliases[text], aliases, consts)
    if text in _SCALARS:
        return _SCALARS[text], _SCALARS[text]
    head, _, inner = text.partition("<")
    if not inner.endswith(">"):
        raise _Unknown(text)
    inner = inner[:-1].strip()
    if head == "atomic":
        return _layout(inner, aliases, consts)
    if head in ("vec2", "vec3", "vec4"):
        scalar, _ = _layout(inner, aliases, consts)
        count = int(head[3])
        return count * scalar, (4 if count == 3 else count) * scalar
    if head == "array":
        element, length = _split_last_argument(inner)
        size, align = _layout(element, aliases, consts)
        stride = -(-size // align) * align
        return stride * _evaluate(length, consts), align
    raise _Unknown(text)


def _split_last_argument(text: str) -> tuple[str, str]:
    """array<E, N>'s E and N (E may hold commas inside its own brackets)."""
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {">": 1, "<": -1, ")": 1, "(": -1}.get(text[i], 0)
        if text[i] == "," and depth == 0:
            return text[:i].strip(), text[i + 1:].strip()
    raise _Unknown(text)


def _evaluate(text: str, consts: dict, depth: int = 0) -> int:
    """An integer constant expression of literals, constants and + - * / %."""
    if depth > 16:
        raise _Unknown(text)
    expression = _LITERAL.sub(r"\1", text).replace("/", "//")
    try:
        tree = ast.parse(expression, mode="eval").body
    except SyntaxError:
        raise _Unknown(text) from None

    def value(node) -> int:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.Name) and node.id in consts:
            return _evaluate(consts[node.id], consts, depth + 1)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        raise _Unknown(text)

    return value(tree)
