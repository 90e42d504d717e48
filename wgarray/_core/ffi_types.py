"""Fast parsing of the simple C type names wgpu-py hands to cffi.

cffi parses every C type string it has not seen before with pycparser, and each parse
re-declares every typedef of webgpu.h (about 430) first: 12-18 ms per string. wgpu-py asks
for about 40 distinct strings ("WGPUBufferDescriptor *", "WGPUBindGroupEntry[]", ...) on
the way to the first result, over half a second of a new process's first call. Those
strings are a typedef or a primitive name with at most one '*' or '[N]': for them the
parser's own type resolution runs on a syntax node built directly, which gives the same
cffi type without the text parse. Anything else takes cffi's normal path.
"""

from __future__ import annotations

import re

_SIMPLE = re.compile(r"\s*([A-Za-z_]\w*)\s*(\*|\[\s*(\d*)\s*\])?\s*$")


def install(ffi) -> bool:
    """Give ffi's parser the fast path; False (and nothing changed) where cffi's internals
    are not the ones this was written against."""
    try:
        from cffi import model
        from pycparser import c_ast

        parser = ffi._parser
        slow = parser.parse_type_and_quals
        resolve = parser._get_type_and_quals
        declarations = parser._declarations
        primitives = model.PrimitiveType.ALL_PRIMITIVE_TYPES
        c_ast.TypeDecl(declname=None, quals=[], align=None, type=c_ast.IdentifierType(["int"]))
    except (ImportError, AttributeError, TypeError):
        return False
    if getattr(slow, "wgarray_fast_path", False):
        return True

    def parse_type_and_quals(cdecl):
        match = _SIMPLE.match(cdecl)
        if match is None:
            return slow(cdecl)
        name, suffix, length = match.groups()
        if "typedef " + name not in declarations and name not in primitives and name != "void":
            return slow(cdecl)
        node = c_ast.TypeDecl(declname=None, quals=[], align=None,
                              type=c_ast.IdentifierType([name]))
        if suffix == "*":
            node = c_ast.PtrDecl(quals=[], type=node)
        elif suffix is not None:
            dim = c_ast.Constant("int", length) if length else None
            node = c_ast.ArrayDecl(type=node, dim=dim, dim_quals=[])
        return resolve(node)

    parse_type_and_quals.wgarray_fast_path = True
    parser.parse_type_and_quals = parse_type_and_quals
    return True
