"""The map kernel's vec4 body (wgarray/_engines/map.py): where the output is fresh and every
operand a contiguous, scalar or parameter one of 32-bit words, each invocation loads whole
vec4s and computes their four lanes as four calls of map_element, the kernel's one-element
function, written out: a loop over the lanes, indexing vectors at run time, kept large bodies
from being unrolled (on the H100, float32 2^25: sin 131 -> 100 us, tanh 117 -> 100, exp 107 -> 99;
gelu 2^26 in a test kernel 460 -> 350 us).
"""

from __future__ import annotations

import os
import re

from .._core.dtypes import layout
from .._core.kernels import WORKGROUP

VECTOR_STORAGE = ("f32", "i32", "u32")
# vec4s per invocation in the vec4 body: 2 measured best on H100 and H200 (4+ spill registers)
VECTORS = int(os.environ.get("WGARRAY_MAP_VECTORS", "2"))
# ... except for transcendental functions: compute bound, they need the registers (H100,
# float32 2^25, lanes in a loop: sin 133 -> 113 us, tanh 112 -> 106, exp 101 -> 97 with 1;
# with the lanes written out, 1 and 2 take the same time, about 99 us each).
MATH_VECTORS = int(os.environ.get("WGARRAY_MATH_VECTORS", "1"))
TRANSCENDENTAL = re.compile(r"exp|log|sin|cos|tan|pow|hypot")


def vectors_for(op) -> int:
    """vec4s per invocation of op's vec4 body."""
    return MATH_VECTORS if TRANSCENDENTAL.search(op.expr) else VECTORS


def can_vectorize(out, slots: tuple, coords: bool) -> bool:
    """Whether the vec4 body applies: a fresh 32-bit output and contiguous 32-bit inputs."""
    out_lay = layout(out.dtype)
    if coords or out.mode != "fresh" or out_lay.storage not in VECTOR_STORAGE or out_lay.packed:
        return False
    return all(s.mode == "param" or layout(s.dtype).storage in VECTOR_STORAGE and not layout(s.dtype).packed
               and s.mode in ("contig", "scalar", "alias") for s in slots)


def _contiguous(slots) -> list:
    return [k for k, slot in enumerate(slots) if slot.mode == "contig"]


def element_function(op, slots, out_storage: str, lines: list) -> list:
    """fn map_element: the result of one element given contiguous operand k's value v{k} and
    the index i (lines: map_source's, ending in `let r = ...`)."""
    arguments = [f"v{k}: {layout(slots[k].dtype).storage}" for k in _contiguous(slots)] + ["i: u32"]
    if op.flags:
        arguments.append("fpe_flags: ptr<function, u32>")
    return [f"fn map_element({', '.join(arguments)}) -> {out_storage} {{", *lines, "    return r;\n}"]


def vector_body(op, slots, out_storage: str) -> list:
    """The kernel body: vectors_for(op) vec4s an invocation, a workgroup-width apart so that
    loads stay coalesced. All loads come first: drivers must assume storage buffers alias, so
    a store would keep later loads from being issued early."""
    vectors, contig = vectors_for(op), _contiguous(slots)
    body = ["    let vecs = (p_numel() + 3u) / 4u;",
            f"    let first = (item / {WORKGROUP}u) * {WORKGROUP * vectors}u + item % {WORKGROUP}u;"]
    for v in range(vectors):
        body.append(f"    let q{v} = min(first + {v * WORKGROUP}u, vecs - 1u);")
        body += [f"    let x{k}_{v} = in{k}[(p_in{k}_offset() >> 2u) + q{v}];" for k in contig]
    for v in range(vectors):
        calls = []
        for c, lane in enumerate("xyzw"):
            arguments = [f"x{k}_{v}.{lane}" for k in contig] + [f"q{v} * 4u + {c}u"] + (["&fpe_flags"] if op.flags else [])
            calls.append(f"map_element({', '.join(arguments)})")
        body += [f"    if (first + {v * WORKGROUP}u < vecs) {{",
                 f"        out[q{v}] = vec4<{out_storage}>({', '.join(calls)});", "    }"]
    return body
