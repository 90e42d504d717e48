"""numpy.pad's coordinate maps as one kernel (wgsl/pad.wgsl): each output element is written
once, read from the input element its coordinates map to, or a constant. The output is a
fresh contiguous array (packed dtypes a word per invocation); the input any strided view.

Per output coordinate c_d, j_d = c_d - before_d is its position on input axis d (of length n_d):
  "constant"  the input where every j_d lies in [0, n_d), else the constant of the last axis
              (in NumPy's order) whose j_d lies outside, before or after;
  "edge", "wrap", "reflect", "symmetric"
              the input at the mapped position of every axis (the maps in pad.wgsl);
  odd         (reflect or symmetric with reflect_type='odd', one reflection per side) on each
              padded axis, in axis order, 2 * edge - mirrored: a corner of k padded axes reads
              2^k elements and combines them as NumPy's axis-by-axis passes do.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import PARAM_WINDOW, WORKGROUP
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import BITS, cast, load_fn, to_bits, with_libraries
from .ops import BINARY

MAPS = ("constant", "edge", "wrap", "reflect", "symmetric")
MAX_ODD_AXES = 4  # odd reflection reads 2^k elements at a corner of k padded axes


@dataclass(frozen=True)
class PadSpec:
    dtype: np.dtype
    ndim: int
    mode: str  # one of MAPS
    odd_axes: tuple = ()  # odd reflection: the padded axes, which combine 2 * edge - mirrored
    vector: bool = False  # vec4 stores: a 32-bit dtype whose rows are whole vec4s

    @property
    def run(self) -> int:
        """Consecutive elements an invocation writes."""
        return 4 if self.vector else dt.layout(self.dtype).per_word


@functools.lru_cache(maxsize=None)
def pad_params(spec: PadSpec) -> ParamLayout:
    """items, numel, zero, the output's shape, per axis the padding before and the input's length,
    the input's view; constant mode: each axis's values before and after."""
    r = spec.ndim
    fields = ["items", "numel", ZERO, ("shape", "u32", r), ("before", "i32", r), ("size", "i32", r),
              "x_offset", ("x_strides", "i32", r)]
    if spec.mode == "constant":
        fields += [(f"{side}{d}_value", spec.dtype) for d in range(r) for side in ("before", "after")]
    return ParamLayout(*fields)


def _odd(dtype, edge: str, value: str) -> str:
    """NumPy's 2 * edge - value in dtype's arithmetic (bools compute in int64: nonzero is True)."""
    if dt.kind(dtype) == "bool":
        return f"({edge} || {value})"
    two = cast("2i", dt.int32, dtype)
    doubled = _applied("multiply", dtype, two, edge)
    return _applied("subtract", dtype, doubled, value)


def _applied(row: str, dtype, a0: str, a1: str) -> str:
    """The elementwise table's row `row` on the WGSL values a0, a1."""
    operands = {"a0": a0, "a1": a1}
    return re.sub(r"\ba[01]\b", lambda m: f"({operands[m[0]]})", BINARY[row].wgsl(dtype))


def _address(terms) -> str:
    return "u32(i32(p_x_offset())" + "".join(f" + {t} * p_x_strides({d}u)" for d, t in terms) + ")"


def _element(spec: PadSpec) -> list[str]:
    """WGSL computing r, the output element at coordinates c[0], c[1], ..."""
    r, reg = spec.ndim, dt.layout(spec.dtype).register
    lines = []
    for d in range(r):
        lines.append(f"let j{d} = i32(c[{d}]) - p_before({d}u); let n{d} = p_size({d}u);")
    if spec.mode == "constant":
        lines.append("var side = 0u;")  # 0: inside; 2d + 1 (2d + 2): before (after) axis d
        for d in range(r):
            lines.append(f"if (j{d} < 0) {{ side = {2 * d + 1}u; }} else if (j{d} >= n{d}) {{ side = {2 * d + 2}u; }}")
        lines += [f"var r: {reg};", "switch side {"]
        for d in range(r):
            lines += [f"    case {2 * d + 1}u: {{ r = p_before{d}_value(); }}",
                      f"    case {2 * d + 2}u: {{ r = p_after{d}_value(); }}"]
        lines += [f"    default: {{ r = load0({_address((d, f'j{d}') for d in range(r))}); }}", "}"]
        return lines
    for d in range(r):
        lines.append(f"let s{d} = pad_{spec.mode}(j{d}, n{d});")
    if not spec.odd_axes:
        return lines + [f"let r = load0({_address((d, f's{d}') for d in range(r))});"]
    # Odd reflection: v{m} reads the edge on the padded axes whose bit is set in m, the mirrored
    # element elsewhere; axis by axis, v{m} = 2 * v{m | bit} - v{m} where that axis is outside.
    axes = spec.odd_axes
    for k, d in enumerate(axes):
        singleton = f" && n{d} > 1" if spec.mode == "reflect" else ""  # NumPy repeats a lone element
        lines.append(f"let e{d} = select(n{d} - 1, 0, j{d} < 0); let out{k} = (j{d} < 0 || j{d} >= n{d}){singleton};")
    for m in range(1 << len(axes)):
        chosen = {d for k, d in enumerate(axes) if m >> k & 1}
        load = f"load0({_address((d, f'e{d}' if d in chosen else f's{d}') for d in range(r))})"
        if m == 0:
            lines.append(f"var v0 = {load};")
        else:
            outside = " && ".join(f"out{k}" for k in range(len(axes)) if m >> k & 1)
            lines += [f"var v{m} = {reg}();", f"if ({outside}) {{ v{m} = {load}; }}"]
    for k in range(len(axes)):
        for m in range(0, 1 << len(axes), 1 << (k + 1)):
            lines.append(f"v{m} = select(v{m}, {_odd(spec.dtype, f'v{m | 1 << k}', f'v{m}')}, out{k});")
    return lines + ["let r = v0;"]


def _coordinates(r: int, index: str) -> list[str]:
    """WGSL setting c[0], c[1], ... to the output coordinates of element `index`."""
    lines = [f"rem = {index};"]
    for d in reversed(range(r)):
        lines.append(f"c[{d}] = rem % p_shape({d}u); rem = rem / p_shape({d}u);" if d else "c[0] = rem;")
    return lines


def source(spec: PadSpec, features) -> str:
    """Each invocation writes spec.run consecutive elements (a u32 word of a packed dtype, a vec4
    of a 32-bit one): coordinates are computed once, then stepped along the last axis."""
    lay, r, run = dt.layout(spec.dtype), spec.ndim, spec.run
    out_type = f"vec4<{lay.storage}>" if spec.vector else lay.storage
    bindings = [f"@group(0) @binding(1) var<storage, read_write> out: array<{out_type}>;",
                f"@group(0) @binding(2) var<storage, read> in0: array<{lay.storage}>;"]
    step = ["if (k > 0u) {", f"    c[{r - 1}] = c[{r - 1}] + 1u;",
            f"    if (c[{r - 1}] == p_shape({r - 1}u)) {{", *("        " + line for line in _coordinates(r, "i")), "    }",
            "}"]
    body = [f"var c: array<u32, {r}>;", "var rem = 0u;", *_coordinates(r, f"item * {run}u")]
    if lay.packed:
        body.append("var word = 0u;")
    elif spec.vector:
        body.append(f"var lanes: vec4<{lay.storage}>;")
    body += [f"for (var k = 0u; k < {run}u; k++) {{", f"    let i = item * {run}u + k;",
             "    if (i >= p_numel()) { break; }", *("    " + line for line in step + _element(spec))]
    if lay.packed:
        body += [f"    word = word | ({to_bits('r', lay)} << (k * {BITS[lay.per_word]}u));", "}", "out[item] = word;"]
    elif spec.vector:
        body += ["    lanes[k] = r;", "}", "out[item] = lanes;"]
    else:
        body += ["    out[i] = r;", "}"]
    return with_libraries("pad", features, enables="", params=pad_params(spec).wgsl(), bindings="\n".join(bindings),
                          loaders=load_fn(0, spec.dtype), workgroup=WORKGROUP,
                          body="\n".join("    " + line for line in body))


def pad(x: BufferOperand, widths, mode: str, odd: bool = False, values=None) -> BufferOperand | None:
    """x padded by widths ((before, after) per axis) in one dispatch; values: constant mode's
    (before, after) host scalars of x's dtype per axis. None where one kernel cannot (the
    caller pads otherwise): a storage of several buffers, 2^31 elements or more, more
    dimensions than the parameter block holds, odd reflection on more than MAX_ODD_AXES axes."""
    shape = tuple(n + b + a for n, (b, a) in zip(x.shape, widths))
    odd_axes = tuple(d for d, pair in enumerate(widths) if any(pair)) if odd else ()
    lay = dt.layout(x.dtype)
    vector = lay.storage in ("f32", "i32", "u32") and not lay.packed and shape[-1] % 4 == 0
    spec = PadSpec(x.dtype, len(shape), mode, odd_axes, vector)
    layout = pad_params(spec)
    if (x.storage.segments is not None or math.prod(shape) >= 2**31 or len(odd_axes) > MAX_ODD_AXES
            or layout.words > PARAM_WINDOW // 4):
        return None
    out = allocate(x.device, shape, x.dtype)
    if out.storage.segments is not None:
        return None
    numel = math.prod(shape)
    if numel == 0:
        return out
    items = -(-numel // spec.run)
    fields = dict(items=items, numel=numel, shape=shape, before=[b for b, _ in widths], size=list(x.shape),
                  x_offset=x.view.offset, x_strides=list(x.view.strides))
    for d, pair in enumerate(values or ()):
        fields[f"before{d}_value"], fields[f"after{d}_value"] = pair
    launch_kernel(x.device, ("pad", spec), lambda: source(spec, x.device.features), [out.storage, x.storage],
                  layout.pack(**fields), items)
    return out
