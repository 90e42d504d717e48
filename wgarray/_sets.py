"""Set functions: unique_* and isin, on top of the radix sort.

unique: sort the flattened array (stably, carrying positions when needed), flag each
element that starts a run of equal keys, scan the flags, read back the number of distinct
values (the one host sync a data-dependent shape needs), then compact. As the standard
asks (and NumPy 2's unique_* functions do), every NaN is distinct; -0.0 equals 0.0.
isin: sort x2, then one binary search per element of x1.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from . import _dtypes as dt
from ._array import Array
from ._kernels import render
from ._launch import launch_kernel
from ._memory import pool_for
from ._sorting import lib_source, radix_sort, scan, scan_words, work_spec
from ._stream import stream_for

__all__ = ["isin", "unique", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


class UniqueAllResult(NamedTuple):
    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    values: Array
    inverse_indices: Array


def _binding(k: int, name: str, type_: str, rw: bool = False) -> str:
    access = "read_write" if rw else "read"
    return f"@group(0) @binding({k}) var<storage, {access}> {name}: array<{type_}>;"


def _store_index(itemsize: int) -> str:
    if itemsize == 8:
        return "fn store_index(k: u32, v: u32) { out[2u * k] = v; out[2u * k + 1u] = 0u; }"
    return "fn store_index(k: u32, v: u32) { out[k] = v; }"


_FLAG = """
fn flag(i: u32) -> bool {
    if (i == 0u) { return true; }
    return incl[i] != incl[i - 1u];
}"""

# name -> (bindings after the output, extra helper code, body); {index} marks int64/int32 variants
_KERNELS = {
    # 1 where a run of equal keys starts; a NaN starts one unless pw(1) != 0 (equal_nan)
    "flags": (("u32", [("s", "Raw")]), "",
              "    var start = i == 0u;\n"
              "    if (!start) {\n"
              "        let nan = is_nan(s[i]);\n"
              "        start = select(nan || !key_equal(s[i], s[i - 1u]), !(nan && is_nan(s[i - 1u])),\n"
              "                       nan && pw(1u) != 0u);\n"
              "    }\n"
              "    out[i] = select(0u, 1u, start);"),
    "values": (("Raw", [("s", "Raw"), ("incl", "u32")]), _FLAG,
               "    if (flag(i)) { out[incl[i] - 1u] = s[i]; }"),
    # start of every run, and the total length after the last one
    "starts": (("u32", [("incl", "u32")]), _FLAG,
               "    if (flag(i)) { out[incl[i] - 1u] = i; }\n"
               "    if (i + 1u == pw(0u)) { out[incl[i]] = pw(0u); }"),
    "indices": (("u32", [("perm", "u32"), ("incl", "u32")]), _FLAG + "\n{index}",
                "    if (flag(i)) { store_index(incl[i] - 1u, perm[i]); }"),
    "inverse": (("u32", [("perm", "u32"), ("incl", "u32")]), "{index}",
                "    store_index(perm[i], incl[i] - 1u);"),
    "counts": (("u32", [("starts", "u32")]), "{index}",
               "    store_index(i, starts[i + 1u] - starts[i]);"),
    # pw(1): length of the sorted b; pw(2): invert; pw(3): offset of a
    "isin": (("u32", [("a", "Raw"), ("b", "Raw")]), "",
             "    let x = a[pw(3u) + i];\n"
             "    var lo = 0u;\n"
             "    var hi = pw(1u);\n"
             "    while (lo < hi) {\n"
             "        let mid = (lo + hi) / 2u;\n"
             "        if (key_less(b[mid], x)) { lo = mid + 1u; } else { hi = mid; }\n"
             "    }\n"
             "    var found = false;\n"
             "    if (lo < pw(1u) && !is_nan(x)) { found = key_equal(b[lo], x); }\n"
             "    out[i] = select(0u, 1u, found != (pw(2u) != 0u));"),
}


def _source(name: str, raw: str, index_size: int) -> str:
    (out_type, inputs), helpers, body = _KERNELS[name]
    bindings = [_binding(1, "out", out_type, rw=True)]
    bindings += [_binding(k, n, t) for k, (n, t) in enumerate(inputs, start=2)]
    helpers = helpers.replace("{index}", _store_index(index_size))
    return render("sort_unique", lib=lib_source(raw), bindings="\n".join(bindings) + "\n" + helpers, body=body)


def _run(device, name: str, spec, storages, items: int, params=(), index_size: int = 8) -> None:
    if items == 0:
        return
    words = [items, *params]
    words += [0] * (12 - len(words)) + spec.params
    raw = spec.raw
    launch_kernel(device, ("sort_unique", name, raw, index_size), lambda: _source(name, raw, index_size),
                  storages, words, items)


def _flat(x: Array, work) -> Array:
    """x flattened to a contiguous (1, size) array of the working dtype."""
    if work != x._dtype:
        x = x._cast(work)
    view = x._view.reshape((1, x.size))
    if view is None or not view.is_contiguous:
        x = x._contiguous()
        view = x._view.reshape((1, x.size))
    return x._with_view(view)


def _check(name: str, x) -> None:
    if not isinstance(x, Array):
        raise TypeError(f"{name} expects an array, not {type(x).__name__}")


def _unique(x: Array, indices: bool, inverse: bool, counts: bool, equal_nan: bool = False) -> dict:
    device = x.device
    index = dt.default_int(device)
    n = x.size
    work, spec = work_spec(x._dtype)
    result = {}
    if n == 0:
        result["values"] = Array._empty((0,), x._dtype, device)
        for key, wanted in (("indices", indices), ("counts", counts)):
            if wanted:
                result[key] = Array._empty((0,), index, device)
        if inverse:
            result["inverse_indices"] = Array._empty(x.shape, index, device)
        return result
    need_perm = indices or inverse
    s, perm = radix_sort(_flat(x, work), spec, values=True, indices=need_perm, index_dtype=dt.uint32)
    pool = pool_for(device)
    incl = pool.allocate(4 * scan_words(n))
    _run(device, "flags", spec, [incl, s._storage], n, params=[int(equal_nan)])
    scan(device, incl, n, inclusive=True)
    k = int(np.frombuffer(stream_for(device).download(incl, 4 * (n - 1), 4), dtype=np.uint32)[0])

    values = Array._empty((k,), work, device)
    _run(device, "values", spec, [values._storage, s._storage, incl], n)
    result["values"] = values if work == x._dtype else values._cast(x._dtype)
    isz = index.itemsize
    if indices:
        out = Array._empty((k,), index, device)
        _run(device, "indices", spec, [out._storage, perm._storage, incl], n, index_size=isz)
        result["indices"] = out
    if inverse:
        out = Array._empty(x.shape, index, device)
        _run(device, "inverse", spec, [out._storage, perm._storage, incl], n, index_size=isz)
        result["inverse_indices"] = out
    if counts:
        starts = pool.allocate(4 * (k + 1))
        _run(device, "starts", spec, [starts, incl], n)
        out = Array._empty((k,), index, device)
        _run(device, "counts", spec, [out._storage, starts], k, index_size=isz)
        result["counts"] = out
    return result


def unique_all(x, /) -> UniqueAllResult:
    """Distinct values of x (sorted), first indices, inverse indices and counts."""
    _check("unique_all", x)
    return UniqueAllResult(**_unique(x, True, True, True))


def unique_counts(x, /) -> UniqueCountsResult:
    """Distinct values of x (sorted) and how often each occurs."""
    _check("unique_counts", x)
    return UniqueCountsResult(**_unique(x, False, False, True))


def unique_inverse(x, /) -> UniqueInverseResult:
    """Distinct values of x (sorted) and the indices into them that rebuild x."""
    _check("unique_inverse", x)
    return UniqueInverseResult(**_unique(x, False, True, False))


def unique_values(x, /) -> Array:
    """Distinct values of x, sorted (every NaN is distinct)."""
    _check("unique_values", x)
    return _unique(x, False, False, False)["values"]


def unique(ar, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis=None, *, equal_nan: bool = True, sorted: bool = True):
    """NumPy's unique: sorted distinct values (NaNs merged unless equal_nan=False), and
    optionally first indices, inverse indices (shaped like ar) and counts."""
    _check("unique", ar)
    if axis is not None:
        raise NotImplementedError("unique with axis= (distinct sub-arrays) is not implemented in wgarray")
    parts = _unique(ar, return_index, return_inverse, return_counts, equal_nan=bool(equal_nan))
    wanted = [("indices", return_index), ("inverse_indices", return_inverse), ("counts", return_counts)]
    extra = [parts[key] for key, flag in wanted if flag]
    return (parts["values"], *extra) if extra else parts["values"]


def _as_array(value, other: Array) -> Array:
    """A Python scalar operand of isin as a 0-d array of the dtype NEP 50 gives it."""
    if isinstance(value, Array):
        return value
    if isinstance(value, (bool, int, float, complex, np.generic)) and not isinstance(value, np.ndarray):
        if isinstance(value, np.generic):
            value = value.item()
        dtype = dt.promote_scalar(other._dtype, value, other.device)
        return Array._from_numpy(np.asarray(value, dtype=dtype), other.device)
    raise TypeError(f"isin expects arrays or Python scalars, not {type(value).__name__}")


def isin(x1, x2, /, assume_unique: bool = False, *, invert: bool = False, kind=None) -> Array:
    """Whether each element of x1 equals some element of x2 (NaN never does).

    assume_unique and kind (NumPy's) are accepted and ignored: the search is always by sort.
    """
    if not isinstance(x1, Array) and not isinstance(x2, Array):
        raise TypeError("isin needs at least one array argument")
    x1 = _as_array(x1, x2)
    x2 = _as_array(x2, x1)
    if x1.device is not x2.device:
        raise ValueError(f"isin: arrays on different devices ({x1.device} and {x2.device})")
    device = x1.device
    dtype = dt.promote(x1._dtype, x2._dtype, device)
    work, spec = work_spec(dtype)
    out = Array._empty((x1.size,), dt.uint32, device)
    if x1.size:
        if x2.size == 0:
            out._assign(1 if invert else 0)
        else:
            a = _flat(x1, work)
            b, _ = radix_sort(_flat(x2, work), spec)
            _run(device, "isin", spec, [out._storage, a._storage, b._storage],
                 x1.size, params=[x2.size, int(bool(invert)), a._view.offset])
    result = out._cast(dt.bool_)
    return result._with_view(result._view.reshape(x1.shape))
