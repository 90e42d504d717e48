"""The random engine: draws of Philox4x32-10 streams into new contiguous arrays, on the device.

A draw is named by the generator's key (64 bits) and a counter offset (64 bits); its element
values depend on nothing else, so the host advances the offset by blocks_used() after each draw
and no state lives on the device.
- Vectorised draws (uniform, normal, exponential, raw bits; wgsl/random_block.wgsl): block b
  (counter offset + b: four 32-bit words) gives values K b .. K b + K - 1, written by one 16-byte
  store: K = 4 float32 values or 32-bit words, K = 2 float64 values (53 bits each). One dispatch;
  each invocation makes BLOCKS_PER_INVOCATION blocks, a workgroup's width apart (coalesced).
- Draws by rejection (gamma, poisson, binomial; wgsl/random_element.wgsl): invocation i computes
  element i from its own counters (offset + i, try j, lane), looping over tries until one is
  accepted (bounded: wgsl/random_<sampler>.wgsl says by how much). Parameters are scalars or
  arrays of the output's size (float64).
- Integers (wgsl/random_integers.wgsl): invocation b makes elements 4 b .. 4 b + 3, whose first
  candidates share block offset + b (and whose rare retries come from counters (offset + b, j, k)),
  stored by 16-byte stores. Parameters: low and high - low, uint64 scalars or arrays.
Outputs larger than one binding are written a segment at a time (the counter offset moved to the
segment's first element). Nothing waits for the GPU.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.memory import segment_bytes
from .._core.operands import BufferOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.wgsl import with_libraries

_KEYED = ("items", ZERO, "key_lo", "key_hi", "counter_lo", "counter_hi")
BLOCK = ParamLayout(*_KEYED, ("shift", "f64"), ("scale", "f64"))
ELEMENT = {"f64": ParamLayout(*_KEYED, ("a", "f64"), ("b", "f64")),
           "u64": ParamLayout(*_KEYED, ("a", "u64"), ("b", "u64"))}

BLOCK_METHODS = ("uniform", "normal", "exponential", "logistic", "bits")
# sampler -> (its WGSL file, the parameter type, the stored value's expression in param_a/param_b)
ELEMENT_SAMPLERS = {
    "gamma": ("random_gamma", "f64", "standard_gamma(i, param_a(i))"),
    "poisson": ("random_poisson", "f64", "poisson(i, param_a(i))"),
    "binomial": ("random_binomial", "f64", "binomial(i, param_a(i), param_b(i))"),
}
INTEGERS_PER_BLOCK = 4  # wgsl/random_integers.wgsl
# Blocks an invocation of a vectorised draw makes: its start-up is shared, its Philox rounds
# interleave, and 2^26 values take at most 2^15 workgroups (one grid row, where one block an
# invocation would fold 2^16 or more into rows of 65535, the last mostly idle). On the H100,
# standard_normal(2^26) took 0.21 ms (float32) with one block an invocation, 0.17 with two or
# four; float64 0.48 ms with one or two (2^16 workgroups), 0.44 with four.
BLOCKS_PER_INVOCATION = 4
U64_MASK = (1 << 64) - 1


def values_per_block(method: str, dtype) -> int:
    """How many values of dtype one block (four 32-bit words) gives a vectorised draw."""
    return 2 if np.dtype(dtype).itemsize == 8 else 4


def blocks_used(method: str, dtype, n: int) -> int:
    """The counter blocks a draw of n values takes: the amount to advance the offset by."""
    if method in ELEMENT_SAMPLERS:
        return n
    if method == "integers":
        return -(-n // INTEGERS_PER_BLOCK)
    per_block = values_per_block(method, dtype)
    return -(-n // per_block)


def philox_source(features) -> str:
    """Philox4x32-10 (wgsl/random_philox.wgsl), each multiply's two words from one widening
    multiply where the adapter has 64-bit integers, from 16-bit halves where not."""
    wide = "shader-int64" in features
    source = render("random_philox", mulhilo="philox_mulhilo_wide" if wide else "philox_mulhilo_halves")
    return source + render("random_philox_int64") if wide else source


def _generator_source(features) -> str:
    """Philox and, with shader-f64, the float64 conversions."""
    source = philox_source(features)
    return source + render("random_f64") if "shader-f64" in features else source


def _require(device, method: str, dtype, wide_params: bool) -> None:
    needed = {"shader-f64"} if dtype.kind == "f" and dtype.itemsize == 8 or wide_params else set()
    if wide_params or dtype.itemsize == 8:
        needed.add("shader-int64")  # 64-bit parameter words are read as u64
    missing = needed - device.features
    if missing:
        raise NotImplementedError(f"random: {method} of {dtype} needs {', '.join(sorted(missing))}, "
                                  f"which {device.name} lacks")


def _segments(out: BufferOperand, per_block: int):
    """(storage, first element, element count) of each buffer of out."""
    storage, n = out.storage, out.view.size
    if storage.segments is None:
        yield storage, 0, n
        return
    per_segment = segment_bytes(out.device) // out.dtype.itemsize
    assert per_segment % per_block == 0
    for k, segment in enumerate(storage.segments):
        first = k * per_segment
        yield segment, first, min(per_segment, n - first)


def _keyed(key: int, counter: int) -> dict:
    return dict(key_lo=key & 0xFFFFFFFF, key_hi=(key >> 32) & 0xFFFFFFFF,
                counter_lo=counter & 0xFFFFFFFF, counter_hi=(counter >> 32) & 0xFFFFFFFF)


def block_draw(device, method: str, dtype, shape, key: int, counter: int, shift: float = 0.0,
               scale: float = 1.0) -> BufferOperand:
    """A vectorised draw of shape: method "uniform" ([0, 1)), "normal", "exponential" (float32 or
    float64), "logistic" (float64), each stored as shift + scale * value (float64 only), or "bits"
    (uint32 words)."""
    dtype = np.dtype(dtype)
    if method not in BLOCK_METHODS:
        raise ValueError(f"random engine: no vectorised draw {method!r}")
    if (method == "bits") != (dtype == np.uint32) or dtype.kind not in "fu" or (method == "logistic") > (
            dtype == np.float64):
        raise TypeError(f"random engine: {method} draws no {dtype}")
    _require(device, method, dtype, False)
    out = allocate(device, shape, dtype)
    per_block = values_per_block(method, dtype)
    affine = dtype == np.float64 and (shift != 0.0 or scale != 1.0)
    lay = dt.layout(dtype)
    tag = "u32" if method == "bits" else lay.register
    finish = "x" if not affine else "p_shift() + p_scale() * x"
    key_name = ("random_block", method, dtype, affine)
    for storage, first, count in _segments(out, per_block):
        if count <= 0:
            continue
        params = BLOCK.pack(items=count, shift=shift, scale=scale, **_keyed(key, counter + first // per_block))
        launch_kernel(device, key_name,
                      lambda: with_libraries("random_block", device.features, params=BLOCK.wgsl(),
                                             V=f"vec{per_block}<{lay.storage}>", K=per_block, tag=tag,
                                             method=method, finish=finish, WG=WORKGROUP,
                                             BPI=BLOCKS_PER_INVOCATION,
                                             generator=_generator_source(device.features)),
                      [storage], params, -(-count // (per_block * BLOCKS_PER_INVOCATION)))
    return out


def _param_source(name: str, value, binding: int, ptype: str) -> tuple:
    """(the accessor's expression, the binding's declaration) of a scalar or an array parameter."""
    if isinstance(value, BufferOperand):
        return f"{name}[i]", f"@group(0) @binding({binding}) var<storage, read> {name}: array<{ptype}>;"
    return f"p_{name[-1]}()", ""


def element_draw(device, sampler: str, dtype, shape, key: int, counter: int, a=0, b=0) -> BufferOperand:
    """A draw by rejection of shape, as dtype (float64 for gamma; int64 for poisson and binomial;
    an integer dtype of 32 or 64 bits for integers). a, b: the sampler's parameters, each a Python
    number or a contiguous BufferOperand of the output's shape whose dtype is the sampler's
    parameter type (float64; uint64 for integers: low and high - low, wrapping)."""
    dtype = np.dtype(dtype)
    integers = sampler == "integers"
    if integers:
        ptype, per_block = "u64", INTEGERS_PER_BLOCK
    else:
        source_name, ptype, value = ELEMENT_SAMPLERS[sampler]
        per_block = 1
    _require(device, sampler, dtype, True)
    out = allocate(device, shape, dtype)
    arrays = [p for p in (a, b) if isinstance(p, BufferOperand)]
    if arrays and (out.storage.segments is not None or any(p.storage.segments is not None for p in arrays)):
        raise MemoryError("random: array parameters past one storage binding are not supported yet")
    read_a, bind_a = _param_source("param_array_a", a, 2, ptype)
    read_b, bind_b = _param_source("param_array_b", b, 2 + (bind_a != ""), ptype)
    layout = ELEMENT[ptype]
    lay = dt.layout(dtype)
    fields = dict(params=layout.wgsl(), bindings=bind_a + "\n" + bind_b, param_a=read_a, param_b=read_b,
                  WG=WORKGROUP, generator=_generator_source(device.features))
    if integers:  # the methods the ranges need: Lemire's for rng < 2^32, masked rejection past it
        narrow = isinstance(b, BufferOperand) or b & U64_MASK <= 0xFFFFFFFF
        wide = isinstance(b, BufferOperand) or not narrow
        template = "random_integers"
        fields.update(WORDS=dtype.itemsize // 4, HAS_NARROW=str(narrow).lower(), HAS_WIDE=str(wide).lower())
    else:
        template = "random_element"
        fields.update(S=lay.storage, P=ptype, sampler=render(source_name), store=f"{lay.storage}({value})")
    scalars = {name: 0 if isinstance(p, BufferOperand) else p for name, p in (("a", a), ("b", b))}
    if ptype == "u64":
        scalars = {name: v & U64_MASK for name, v in scalars.items()}
    key_name = (template, sampler, dtype, bind_a != "", bind_b != "", fields.get("HAS_NARROW"), fields.get("HAS_WIDE"))
    for storage, first, count in _segments(out, per_block):
        if count <= 0:
            continue
        params = layout.pack(items=count, **scalars, **_keyed(key, counter + first // per_block))
        launch_kernel(device, key_name, lambda: with_libraries(template, device.features, **fields),
                      [storage] + [p.storage for p in arrays], params, -(-count // per_block))
    return out
