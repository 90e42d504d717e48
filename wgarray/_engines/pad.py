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

Bodies: where the rows of a 32-bit dtype are whole vec4s that start where the input's rows start
a vec4 (the common image case, widths and length multiples of 4 on the last axis), the quad
body reads and writes a vec4 at a time, the interior a plain copy (at the H100's bandwidth);
otherwise an invocation writes a run of elements (a vec4 or a packed word) one by one.
The kernel walks fewer axes where it can (unpadded axes of length 1 dropped, unpadded runs
merged), and a call's launch plan is cached by its geometry: a loop of pads packs nothing.
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
VECTOR_STORAGE = ("f32", "i32", "u32")
# vec4s an invocation of the quad body writes, a workgroup-width apart (as map's vec4 body)
QUADS_PER_INVOCATION = 2


@dataclass(frozen=True)
class PadSpec:
    dtype: np.dtype
    ndim: int
    mode: str  # one of MAPS
    odd_axes: tuple = ()  # odd reflection: the padded axes, which combine 2 * edge - mirrored
    vector: bool = False  # vec4 stores: a 32-bit dtype whose rows are whole vec4s
    quads: int = 0  # > 0: the quad body (see _quad_body), this many vec4s per invocation

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


def _quad_body(spec: PadSpec) -> list[str]:
    """WGSL of quad(q): the q-th vec4 of the output, for rows of whole vec4s that start where the
    input's rows start a vec4 (see _quad_aligned). A vec4 lies wholly inside or wholly in the
    padding of the last axis: inside, it is one vec4 of the input (constant mode: or a constant
    where another axis lies outside); in the padding, a constant or four mapped elements."""
    r, reg = spec.ndim, dt.layout(spec.dtype).register
    last = r - 1
    lines = [f"let row_quads = p_shape({last}u) >> 2u;", "var rem = q / row_quads;",
             f"let j{last} = i32((q - rem * row_quads) << 2u) - p_before({last}u); let n{last} = p_size({last}u);"]
    for d in reversed(range(last)):
        if d:
            lines.append(f"let up{d} = rem / p_shape({d}u); let c{d} = rem - up{d} * p_shape({d}u); rem = up{d};")
        else:
            lines.append("let c0 = rem;")
        lines.append(f"let j{d} = i32(c{d}) - p_before({d}u); let n{d} = p_size({d}u);")
    if spec.mode == "constant":
        lines.append("var side = 0u;")  # as _element's
        for d in range(r):
            lines.append(f"if (j{d} < 0) {{ side = {2 * d + 1}u; }} else if (j{d} >= n{d}) {{ side = {2 * d + 2}u; }}")
        lines.append("switch side {")
        for d in range(r):
            lines += [f"    case {2 * d + 1}u: {{ return vec4<{reg}>(p_before{d}_value()); }}",
                      f"    case {2 * d + 2}u: {{ return vec4<{reg}>(p_after{d}_value()); }}"]
        lines += ["    default: {}", "}", f"return in0[{_address((d, f'j{d}') for d in range(last))[:-1]} + j{last}) >> 2u];"]
        return lines
    for d in range(last):
        lines.append(f"let s{d} = pad_{spec.mode}(j{d}, n{d});")
    lines += [f"let base = {_address((d, f's{d}') for d in range(last))[4:-1]};",
              f"if (j{last} >= 0 && j{last} < n{last}) {{ return in0[u32(base + j{last}) >> 2u]; }}",
              f"return vec4<{reg}>(" + ", ".join(f"load0(u32(base + pad_{spec.mode}(j{last} + {k}, n{last})))"
                                                for k in range(4)) + ");"]
    return lines


def _quad_main(spec: PadSpec) -> list[str]:
    """Each invocation writes spec.quads vec4s a workgroup-width apart (coalesced), all loads
    before the stores (storage buffers may alias: a store would hold back later loads)."""
    first = f"(item / {WORKGROUP}u) * {WORKGROUP * spec.quads}u + item % {WORKGROUP}u"
    lines = ["let quads = p_numel() >> 2u;", f"let first = {first};"]
    lines += [f"let v{k} = quad(min(first + {k * WORKGROUP}u, quads - 1u));" for k in range(spec.quads)]
    lines += [f"if (first + {k * WORKGROUP}u < quads) {{ out[first + {k * WORKGROUP}u] = v{k}; }}"
              for k in range(spec.quads)]
    return lines


def source(spec: PadSpec, features) -> str:
    """Each invocation writes spec.run consecutive elements (a u32 word of a packed dtype, a vec4
    of a 32-bit one): coordinates are computed once, then stepped along the last axis; or, in
    the quad body, spec.quads vec4s."""
    lay, r, run = dt.layout(spec.dtype), spec.ndim, spec.run
    vec4 = f"vec4<{lay.storage}>"
    out_type = vec4 if spec.vector or spec.quads else lay.storage
    in_type = vec4 if spec.quads else lay.storage
    bindings = [f"@group(0) @binding(1) var<storage, read_write> out: array<{out_type}>;",
                f"@group(0) @binding(2) var<storage, read> in0: array<{in_type}>;"]
    loaders = load_fn(0, spec.dtype)
    if spec.quads:
        loaders = "\n".join([f"fn load0(idx: u32) -> {lay.storage} {{ return in0[idx >> 2u][idx & 3u]; }}",
                             f"fn quad(q: u32) -> {vec4} {{", *("    " + line for line in _quad_body(spec)), "}"])
        body = _quad_main(spec)
        return with_libraries("pad", features, enables="", params=pad_params(spec).wgsl(),
                              bindings="\n".join(bindings), loaders=loaders, workgroup=WORKGROUP,
                              body="\n".join("    " + line for line in body))
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
                          loaders=loaders, workgroup=WORKGROUP, body="\n".join("    " + line for line in body))


def _fewer_axes(shape, strides, widths) -> list:
    """(length, stride, widths, axis) of the axes the kernel walks: x's, less the unpadded axes
    of length 1, with runs of unpadded axes that are contiguous with each other merged into one
    (fewer coordinates per element; `axis` is the last original axis of a merged run)."""
    axes = []
    for d, (n, stride, pair) in enumerate(zip(shape, strides, widths)):
        if not any(pair):
            if n == 1:
                continue
            if axes and not any(axes[-1][2]) and axes[-1][1] == stride * n:
                axes[-1] = (axes[-1][0] * n, stride, pair, d)
                continue
        axes.append((n, stride, pair, d))
    return axes or [(1, 1, (0, 0), len(shape) - 1)]


def _quad_aligned(lay, shape, x_shape, strides, offset: int, widths, odd_axes) -> bool:
    """Whether the quad body applies: a 32-bit dtype, rows of whole vec4s in the output, and an
    input whose rows are contiguous and start a vec4 where the output's interior rows do."""
    return (lay.storage in VECTOR_STORAGE and not lay.packed and not odd_axes and strides[-1] == 1
            and shape[-1] % 4 == 0 and x_shape[-1] % 4 == 0 and widths[-1][0] % 4 == 0 and offset % 4 == 0
            and all(s % 4 == 0 for s in strides[:-1]))


def pad(x: BufferOperand, widths, mode: str, odd: bool = False, values=None) -> BufferOperand | None:
    """x padded by widths ((before, after) per axis) in one dispatch; values: constant mode's
    (before, after) host scalars of x's dtype per axis. None where one kernel cannot (the
    caller pads otherwise): a storage of several buffers, 2^31 elements or more, more
    dimensions than the parameter block holds, odd reflection on more than MAX_ODD_AXES axes."""
    if x.storage.segments is not None or not x.shape:
        return None
    widths = tuple(map(tuple, widths))
    # (the values by their repr too: -0.0 == 0.0, but its parameter word differs)
    value_key = None if values is None else tuple((pair, tuple(map(repr, pair))) for pair in values)
    plan = _plan(x.dtype, x.shape, x.view.strides, x.view.offset, widths, mode, odd, value_key)
    if plan is None:
        return None
    shape, spec, params, items = plan
    out = allocate(x.device, shape, x.dtype)
    if out.storage.segments is not None:
        return None
    if items:
        launch_kernel(x.device, ("pad", spec), lambda: source(spec, x.device.features), [out.storage, x.storage],
                      params, items)
    return out


@functools.lru_cache(maxsize=256)
def _plan(dtype, x_shape, x_strides, x_offset: int, widths, mode: str, odd: bool, value_key):
    """(output shape, PadSpec, parameter block, invocations) of a pad call (a loop that pads
    alike packs nothing), or None where the kernel declines."""
    shape = tuple(n + b + a for n, (b, a) in zip(x_shape, widths))
    numel = math.prod(shape)
    if numel >= 2**31:
        return None
    axes = _fewer_axes(x_shape, x_strides, widths)
    sizes, strides, widths, origins = (list(field) for field in zip(*axes))
    kshape = [n + b + a for n, (b, a) in zip(sizes, widths)]
    odd_axes = tuple(d for d, pair in enumerate(widths) if any(pair)) if odd else ()
    lay = dt.layout(dtype)
    quads = QUADS_PER_INVOCATION if _quad_aligned(lay, kshape, sizes, strides, x_offset, widths, odd_axes) else 0
    vector = lay.storage in VECTOR_STORAGE and not lay.packed and kshape[-1] % 4 == 0
    spec = PadSpec(dtype, len(kshape), mode, odd_axes, vector, quads)
    layout = pad_params(spec)
    if len(odd_axes) > MAX_ODD_AXES or layout.words > PARAM_WINDOW // 4:
        return None
    if numel == 0:
        return shape, spec, b"", 0
    if quads:  # whole workgroups, each writing quads vec4s per invocation
        items = -(-numel // (4 * quads * WORKGROUP)) * WORKGROUP
    else:
        items = -(-numel // spec.run)
    fields = dict(items=items, numel=numel, shape=kshape, before=[b for b, _ in widths], size=sizes,
                  x_offset=x_offset, x_strides=strides)
    for d, axis in enumerate(origins if value_key else ()):
        fields[f"before{d}_value"], fields[f"after{d}_value"] = value_key[axis][0]
    return shape, spec, layout.pack(**fields), items
