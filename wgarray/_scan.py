"""Prefix scans on the GPU: cumulative_sum, cumulative_prod and diff, plus helpers.

Reusable helper (for stream compaction, boolean-mask indexing, nonzero):

    exclusive_sum(counts: Array) -> Array
        counts: a 1-D Array of uint32 or int64 (any view: offset and stride are honoured).
        Returns a new contiguous 1-D Array of the same dtype with counts.size + 1 elements:
        out[0] = 0 and out[i] = counts[0] + ... + counts[i - 1], so out[-1] is the total.
        Everything stays on the GPU; read the total with one download where a size is needed.

    scan(fold, x, axis, include_initial) -> Array
        The inclusive scan of a Fold (see _reduction) along one axis of x (axis=None: along
        the C-order flattening, giving a 1-D result), of dtype fold.acc. With include_initial
        the scanned axis starts with the identity (and is one longer).

How: rows of at most SERIAL_LEN elements, and many rows (SERIAL_ROWS or more) scanned along a
non-innermost axis, are scanned by one invocation per row (wgsl/scan_serial.wgsl), so that
neighbouring invocations read neighbouring elements. Otherwise rows are cut into tiles of TILE
elements, one workgroup each (wgsl/scan_tile.wgsl): a first pass writes each tile's total,
the totals are scanned (recursively, the same way) into carries, and a second pass scans each
tile starting from its carry (reduce-then-scan: two reads and one write of the data).
"""

from __future__ import annotations

import math
import operator

from . import _dtypes as dt
from ._array import Array
from ._kernels import render
from ._launch import launch_kernel
from ._reduction import Fold, _check, _finish, _merge, _prod_fold, _sum_dtype, _sum_fold, head_source, layout, offset_fn
from ._view import TensorView, normalize_axis

__all__ = ["cumulative_prod", "cumulative_sum", "diff"]

PER = 4  # consecutive elements per invocation in a tile
TILE = 256 * PER
SERIAL_ROWS = 4096  # this many rows scan serially when neighbouring rows are neighbours in memory
SERIAL_LEN = 32  # rows this short always scan serially

_EMIT_TOTALS = "    if (lid == 255u) { out[wg] = sh[255u]; }"
_EMIT_SCAN = """    var prefix = ${carry};
    if (lid > 0u) { prefix = comb(prefix, sh[lid - 1u]); }
    let o = out_off(row);
    let step = pw(${out_step}u);
    let inc = pw(3u);
    for (var k = 0u; k < ${per}u; k++) {
        if (start + k < L) { out[o + (start + k + inc) * step] = comb(prefix, loc[k]); }
    }
    if (inc == 1u && b == 0u && lid == 0u) { out[o] = ${initial}; }"""


def _source(fold: Fold, src, mode: str, kd: int, sd: int, partial: bool, features) -> str:
    """mode: "serial", "totals" (tile totals) or "tile" / "tile+carry" (tile scan)."""
    extra = ""
    if mode == "tile+carry":
        extra = f"@group(0) @binding(3) var<storage, read> carry: array<{layout(fold.acc).storage}>;"
    head = head_source(fold, src, kd, sd, features, partial=partial, extra=extra)
    out_words = 6 + 2 * (kd + sd)
    out_off = offset_fn("row", 6, kd, strides=out_words)
    if mode == "serial":
        return render("scan_serial", head=head, out_off=out_off, out_step=out_words + kd,
                      initial="init()" if partial else "empty()")
    if mode == "totals":
        emit, what = _EMIT_TOTALS, "the last invocation writes the tile's total"
    else:
        carry = "carry[row * (B + 1u) + b]" if mode == "tile+carry" else "init()"
        emit = _EMIT_SCAN.replace("${carry}", carry).replace("${out_step}", str(out_words + kd))
        emit = emit.replace("${per}", str(PER)).replace("${initial}", "init()" if partial else "empty()")
        what = "each invocation writes its elements from the carry of the tiles before"
    return render("scan_tile", head=head, out_off=out_off, per=PER, tile=TILE, emit=emit, emit_what=what)


def _launch(fold, mode, out, inputs, src, kdims, sdims, partial, words, items):
    device = out.device
    key = ("scan", mode, fold, src, len(kdims), len(sdims), partial)
    launch_kernel(device, key, lambda: _source(fold, src, mode, len(kdims), len(sdims), partial, device.features),
                  [out._storage, *inputs], words, items)


def _run(fold: Fold, out: Array, storage, src, offset: int, kdims, sdims, out_strides, out_step: int,
         include_initial: bool, partial: bool = False) -> None:
    """Scan rows (kept dims kdims; scanned dims sdims, C order) into `out` (fold.acc)."""
    rows = math.prod(n for n, _ in kdims)
    length = math.prod(n for n, _ in sdims)
    if rows == 0:
        return
    inc = int(include_initial)
    tiles = max(1, -(-length // TILE))
    flat = [v for d in kdims + sdims for v in d]
    words = [rows, length, tiles, inc, offset, 0] + flat + list(out_strides) + [out_step]
    unit = sdims[-1][1] == 1
    if length <= SERIAL_LEN or (rows >= SERIAL_ROWS and not unit):
        _launch(fold, "serial", out, [storage], src, kdims, sdims, partial, words, rows)
        return
    if tiles == 1:
        _launch(fold, "tile", out, [storage], src, kdims, sdims, partial, words, rows * 256)
        return
    totals = Array._empty((rows * tiles,), fold.acc, out.device)
    _launch(fold, "totals", totals, [storage], src, kdims, sdims, partial, words, rows * tiles * 256)
    carries = Array._empty((rows * (tiles + 1),), fold.acc, out.device)
    _run(fold, carries, totals._storage, fold.acc, 0, [(rows, tiles)], [(tiles, 1)], [tiles + 1], 1, True, True)
    _launch(fold, "tile+carry", out, [storage, carries._storage], src, kdims, sdims, partial, words,
            rows * tiles * 256)


def scan(fold: Fold, x: Array, axis, include_initial: bool) -> Array:
    """The inclusive scan of fold along axis (None: the C-order flattening), of dtype fold.acc."""
    view = x._view
    inc = int(include_initial)
    if axis is None:
        shape = (x.size + inc,)
        kdims, sdims = [], _merge(zip(view.shape, view.strides)) or [(x.size, 1)]
        out_strides, out_step = [], 1
    else:
        shape = tuple(n + inc if d == axis else n for d, n in enumerate(x.shape))
        strides = TensorView.contiguous(shape).strides
        kept = [d for d in range(x.ndim) if d != axis and x.shape[d] != 1]
        kdims = [(x.shape[d], view.strides[d]) for d in kept]
        sdims = [(x.shape[axis], view.strides[axis])]
        out_strides, out_step = [strides[d] for d in kept], strides[axis]
    out = Array._empty(shape, fold.acc, x.device)
    if x.size == 0:
        sdims = [(0, 1)]
    _run(fold, out, x._storage, x._dtype, view.offset, kdims, sdims, out_strides, out_step, include_initial)
    return out


def exclusive_sum(counts: Array) -> Array:
    """out[i] = counts[0] + ... + counts[i - 1] for i in 0..n (see the module docstring)."""
    if not isinstance(counts, Array) or counts.ndim != 1 or counts._dtype not in (dt.uint32, dt.int64):
        raise TypeError("exclusive_sum expects a 1-D uint32 or int64 array")
    return scan(_sum_fold(counts._dtype), counts, 0, True)


def _cumulative(name: str, make_fold):
    def cumulative(x, /, *, axis=None, dtype=None, include_initial: bool = False) -> Array:
        x = _check(x, name)
        if axis is None:
            if x.ndim > 1:
                raise ValueError(f"{name}: axis must be given for arrays of more than one dimension")
            if x.ndim == 0:
                x = x._with_view(x._view.reshape((1,)))
            axis = 0
        else:
            axis = normalize_axis(axis, x.ndim)
        result = _sum_dtype(x, dtype)
        out = scan(make_fold(result), x, axis, include_initial)
        return _finish(out, result, out.shape, (), False)

    cumulative.__name__ = cumulative.__qualname__ = name
    cumulative.__doc__ = f"The {name.split('_')[1]} of the elements up to each position along axis, on the GPU."
    return cumulative


cumulative_sum = _cumulative("cumulative_sum", _sum_fold)
cumulative_prod = _cumulative("cumulative_prod", _prod_fold)


def _along(x: Array, axis: int, start, stop) -> Array:
    return x[(slice(None),) * axis + (slice(start, stop),)]


def diff(x, /, *, axis: int = -1, n: int = 1, prepend=None, append=None) -> Array:
    """The n-th forward difference along axis (not_equal for booleans, as NumPy)."""
    from ._elementwise import FUNCTIONS
    from ._manipulation import concat

    x = _check(x, "diff")
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"diff: order n must be non-negative, not {n}")
    if x.ndim == 0:
        raise ValueError("diff requires an input of at least one dimension")
    axis = normalize_axis(axis, x.ndim)
    if prepend is not None or append is not None:
        parts = []
        for part in (prepend, x, append):
            if part is None:
                continue
            part = _check(part, "diff")
            if part.ndim == 0:  # NumPy broadcasts scalars to one slice along axis
                from ._manipulation import broadcast_to

                part = broadcast_to(part, tuple(1 if d == axis else n for d, n in enumerate(x.shape)))
            parts.append(part)
        x = concat(parts, axis=axis)
    if n == 0:
        return x
    op = FUNCTIONS["not_equal" if x._dtype == dt.bool_ else "subtract"]
    for _ in range(n):
        if x.shape[axis] == 0:
            break
        x = op(_along(x, axis, 1, None), _along(x, axis, None, -1))
    return x
