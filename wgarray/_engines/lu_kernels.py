"""The LU engine's kernels (wgsl/lu_*.wgsl): their parameters, sources and dispatches.

Every matrix these kernels touch is a `Mat`: a stack of matrices in one storage, addressed by
an offset, a batch stride and a row stride (columns contiguous, or t_col_stride for the
triangle of a solve). Batches are flat (the engine flattens the leading dimensions).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render, wide_workgroup
from .._core.launch import launch_kernel
from .._core.memory import Storage
from .._core.operands import BufferOperand
from .._core.params import ZERO, ParamLayout
from .._core.view import TensorView
from .._core.wgsl import REG_TAG, with_libraries

FACTOR_PARAMS = ParamLayout("batch", "n", "offset", "c0", "c1", "s0", "s1", ZERO)
SWAP_PARAMS = ParamLayout("items", "cols", "offset", "batch_stride", "row_stride", "piv_offset", "piv_batch_stride", "start",
                          "stop", "skip0", "skip1")
TRSM_PARAMS = ParamLayout("items", "cols", "m", ZERO, "x_offset", "x_batch_stride", "x_row_stride", "t_offset",
                          "t_batch_stride", "t_row_stride", "t_col_stride")
SOLVE_PARAMS = ParamLayout("batch", ZERO, "a_offset", "a_batch_stride", "a_row_stride", "a_col_stride", "b_offset",
                           "b_batch_stride", "b_row_stride", "b_col_stride")
SLOGDET_PARAMS = ParamLayout("batch", "n", ZERO)
SUB_PARAMS = ParamLayout("items", "rows", "cols", "offset", "batch_stride", "row_stride")

INDEX_DTYPE = np.dtype(np.int32)  # pivots and info


@dataclass(frozen=True)
class Mat:
    """A stack of matrices in `storage`: element (g, r, c) at offset + g*batch_stride +
    r*row_stride + c*col_stride."""

    storage: Storage
    offset: int
    batch_stride: int
    row_stride: int
    col_stride: int = 1

    def at(self, row: int, col: int) -> "Mat":
        """The sub-matrices starting at (row, col)."""
        return Mat(self.storage, self.offset + row * self.row_stride + col * self.col_stride, self.batch_stride,
                   self.row_stride, self.col_stride)

    def operand(self, dtype, batch: int, rows: int, cols: int) -> BufferOperand:
        """The (batch, rows, cols) block as an engine operand (for matmul.product)."""
        view = TensorView((batch, rows, cols), (self.batch_stride, self.row_stride, self.col_stride), self.offset)
        return BufferOperand(self.storage, view, dtype)


def _arith(dtype) -> dict:
    """The WGSL of the arithmetic every LU kernel needs, for one float or complex dtype."""
    T = dt.layout(dtype).register
    tag = REG_TAG[T]
    if dt.kind(dtype) == "complex":
        F = T[5:-1]
        ftag = REG_TAG[F]
        return dict(T=T, F=F, ftag=ftag, magnitude=f"fabs_{ftag}(v.x) + fabs_{ftag}(v.y)",
                    is_zero=f"!cnz_{tag}(v)", divide=f"cdiv_{tag}(a, b)", multiply=f"cmul_native_{tag}(a, b)")
    return dict(T=T, F=T, ftag=tag, magnitude=f"fabs_{tag}(v)", is_zero=f"!nz_{tag}(v)",
                divide=f"div_{tag}(a, b)", multiply="a * b")


def _scalar(a: dict, wg: int) -> str:
    """The pivot scratch and scalar operations both LU kernels use (wgsl/lu_scalar.wgsl)."""
    return render("lu_scalar", wg=wg, isnan=f"isnan_{a['ftag']}", **a)


_INFINITY = {"f32": "bitcast<f32>(0x7f800000u)", "f64": "bitcast<f64>(0x7ff0000000000000lu)"}


def _steps(a: dict, mem: str, wg: int, barrier: str, record_pivot: str, lanes: int = 32) -> str:
    """The factorisation loop (wgsl/lu_factor_steps.wgsl) over the matrix in `mem`; its rank-1
    updates give `lanes` invocations (a power of two dividing wg) to each row."""
    return render("lu_factor_steps", mem=mem, F=a["F"], wg=wg, barrier=barrier, record_pivot=record_pivot,
                  lanes=min(lanes, wg))


def _factor_source(dtype, n: int | None, wg: int, features) -> str:
    """The factor kernel: n given, the whole n x n matrix in workgroup memory; None, a panel
    of the matrix in the lu buffer (n a parameter)."""
    a = _arith(dtype)
    record_pivot = "if (lid == 0u) { piv[pbase + j] = i32(p); }"
    if n is not None:
        copy = "    for (var i = lid; i < n * n; i += {wg}u) {{ {dst}[{d}i] = {src}[{s}i]; }}\n    workgroupBarrier();\n"
        mem = dict(n=f"{n}u", mbase="0u", workgroup_matrix=f"var<workgroup> m: array<{a['T']}, {n * n}>;",
                   load=copy.format(wg=wg, dst="m", d="", src="lu", s="base + "),
                   store=copy.format(wg=wg, dst="lu", d="base + ", src="m", s=""),
                   steps=_steps(a, "m", wg, "workgroupBarrier();", record_pivot),
                   set_info="info[g] = first_zero;")
    else:
        mem = dict(n="p_n()", mbase="base", workgroup_matrix="", load="", store="",
                   steps=_steps(a, "lu", wg, "storageBarrier(); workgroupBarrier();", record_pivot),
                   set_info="if (first_zero != 0i && info[g] == 0i) { info[g] = first_zero; }")
    return with_libraries("lu_factor", features, enables="", params=FACTOR_PARAMS.wgsl(), wg=wg,
                          scalar=_scalar(a, wg), **a, **mem)


def _solve_source(dtype, n: int, k: int, identity: bool, wg: int, features) -> str:
    a = _arith(dtype)
    one = f"{a['T']}({a['F']}(1), {a['F']}(0))" if dt.kind(dtype) == "complex" else f"{a['T']}(1)"
    b_binding = "" if identity else f"@group(0) @binding(4) var<storage, read> b: array<{a['T']}>;"
    load_b = (f"select({a['T']}(), {one}, r == c)" if identity else
              "b[p_b_offset() + g * p_b_batch_stride() + r * p_b_row_stride() + c * p_b_col_stride()]")
    return with_libraries("lu_solve_small", features, enables="", params=SOLVE_PARAMS.wgsl(), wg=wg, n=n, k=k,
                          cells=n * (n + k), b_binding=b_binding, load_b=load_b, scalar=_scalar(a, wg),
                          steps=_steps(a, "m", wg, "workgroupBarrier();", ""), **a)


def solve_small(x: Storage, info: Storage, a: Mat, b: Mat | None, dtype, batch: int, n: int, k: int,
                wg: int) -> None:
    """x (contiguous batch x n x k) = A^-1 B for the n x n matrices a and the n x k matrices b
    (the identity where b is None), one workgroup per matrix, all in workgroup memory (see
    small_capacity(dtype, n, device, n + k))."""
    device = x.pool.device
    identity = b is None
    b = b or Mat(x, 0, 0, 0)
    params = SOLVE_PARAMS.pack(batch=batch, a_offset=a.offset, a_batch_stride=a.batch_stride,
                               a_row_stride=a.row_stride, a_col_stride=a.col_stride, b_offset=b.offset,
                               b_batch_stride=b.batch_stride, b_row_stride=b.row_stride, b_col_stride=b.col_stride)
    storages = [x, info, a.storage] + ([] if identity else [b.storage])
    launch_kernel(device, ("lu_solve_small", dtype, n, k, identity),
                  lambda: _solve_source(dtype, n, k, identity, wg, device.features), storages, params,
                  batch * WORKGROUP, writes=2)


def small_capacity(dtype, n: int, device, width: int | None = None) -> int | None:
    """The workgroup size of the one-matrix-per-workgroup kernels for n x width matrices
    (width n by default), or None where the matrix does not fit workgroup memory."""
    wg = 32 if n <= 8 else 64 if n <= 24 else 128 if n <= 48 else 256
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    part_bytes = dtype.itemsize // (2 if dt.kind(dtype) == "complex" else 1)
    need = n * (width or n) * dtype.itemsize + wg * (part_bytes + 4)  # the matrix, the pivot search's keys and rows
    return wg if need <= limit else None


def factor(lu: Mat, pivots: Storage, info: Storage, dtype, batch: int, n: int, columns: tuple[int, int],
           swaps: tuple[int, int], small_wg: int | None = None) -> None:
    """Factor columns [c0, c1) of each contiguous n x n matrix of lu (one workgroup each), swapping
    rows in the columns [s0, s1). small_wg: the whole matrix at once in workgroup memory."""
    device = lu.storage.pool.device
    if small_wg is not None:
        key, wg, make = ("lu_factor_small", dtype, n), small_wg, lambda: _factor_source(dtype, n, small_wg, device.features)
    else:
        wg = wide_workgroup(device, dtype.itemsize // (2 if dt.kind(dtype) == "complex" else 1) + 4)  # the pivot scratch
        key, make = ("lu_factor_panel", dtype, wg), lambda: _factor_source(dtype, None, wg, device.features)
    params = FACTOR_PARAMS.pack(batch=batch, n=n, offset=lu.offset, c0=columns[0], c1=columns[1], s0=swaps[0],
                                s1=swaps[1])
    # one workgroup per matrix: launch counts invocations in WORKGROUP-sized groups
    launch_kernel(device, key, make, [lu.storage, pivots, info], params, batch * WORKGROUP, writes=3)


def swap_rows(x: Mat, pivots: Storage, piv_offset: int, piv_batch_stride: int, dtype, batch: int, cols: int, rows: tuple[int, int],
              skip: tuple[int, int] = (0, 0)) -> None:
    """Apply the pivots rows[0]..rows[1]-1 (in order; matrix g's at piv_offset + g *
    piv_batch_stride) to the columns of x outside `skip`."""
    items = batch * cols
    if items == 0 or rows[0] >= rows[1]:
        return
    device = x.storage.pool.device
    T = dt.layout(dtype).register
    params = SWAP_PARAMS.pack(items=items, cols=cols, offset=x.offset, batch_stride=x.batch_stride,
                              row_stride=x.row_stride, piv_offset=piv_offset, piv_batch_stride=piv_batch_stride, start=rows[0], stop=rows[1],
                              skip0=skip[0], skip1=skip[1])
    launch_kernel(device, ("lu_swap", T), lambda: with_libraries(
        "lu_swap", device.features, enables="", params=SWAP_PARAMS.wgsl(), workgroup=WORKGROUP, T=T),
        [x.storage, pivots], params, items)


PERMUTE_PARAMS = ParamLayout("batch", "n", "cols", "x_offset", "x_batch_stride", "x_row_stride", "piv_offset",
                             "piv_batch_stride")
PERMUTE_CHUNK = 256  # pivots staged in workgroup memory at a time


def permute_capacity(device) -> int:
    """The most rows whose permutation lu_permute holds in workgroup memory."""
    return (device.limits.get("max-compute-workgroup-storage-size", 16384) - 4 * PERMUTE_CHUNK) // 4


def permute_rows(out: Storage, x: Mat, pivots: Storage, piv_offset: int, piv_batch_stride: int, dtype, batch: int,
                 n: int, cols: int) -> None:
    """out (contiguous batch x n x cols) = x with the pivots 0..n-1 applied to its rows, as
    swap_rows, one workgroup per matrix (wgsl/lu_permute.wgsl); n <= permute_capacity."""
    device = out.pool.device
    T = dt.layout(dtype).register
    params = PERMUTE_PARAMS.pack(batch=batch, n=n, cols=cols, x_offset=x.offset, x_batch_stride=x.batch_stride,
                                 x_row_stride=x.row_stride, piv_offset=piv_offset, piv_batch_stride=piv_batch_stride)
    rows = permute_capacity(device)
    launch_kernel(device, ("lu_permute", T, rows, PERMUTE_CHUNK), lambda: with_libraries(
        "lu_permute", device.features, enables="", params=PERMUTE_PARAMS.wgsl(), wg=WORKGROUP, T=T, rows=rows,
        chunk=PERMUTE_CHUNK), [out, x.storage, pivots], params, batch * WORKGROUP)


def _triangle_fields(dtype, lower: bool, unit: bool, same: bool) -> dict:
    """The template fields lu_trsm.wgsl and lu_trsv.wgsl share: T read from x itself (same) or t."""
    a = _arith(dtype)
    t_buf = "x" if same else "t"
    return dict(T=a["T"], divide=a["divide"], multiply=a["multiply"], t_buf=t_buf,
                t_binding="" if same else f"@group(0) @binding(2) var<storage, read> t: array<{a['T']}>;")


def _triangle_params(t: Mat, x: Mat, items: int, m: int, cols: int) -> bytes:
    return TRSM_PARAMS.pack(items=items, cols=cols, m=m, x_offset=x.offset, x_batch_stride=x.batch_stride,
                            x_row_stride=x.row_stride, t_offset=t.offset, t_batch_stride=t.batch_stride,
                            t_row_stride=t.row_stride, t_col_stride=t.col_stride)


def solve_block(t: Mat, x: Mat, dtype, batch: int, m: int, cols: int, lower: bool, unit: bool) -> None:
    """x = T^-1 x in place for the m x m triangle T (lower or upper; unit: diagonal 1) and the
    m x cols block x, by substitution (one invocation per column)."""
    items = batch * cols
    if items == 0 or m == 0:
        return
    device = x.storage.pool.device
    same = t.storage is x.storage

    def source():
        return with_libraries(
            "lu_trsm", device.features, enables="", params=TRSM_PARAMS.wgsl(), workgroup=WORKGROUP,
            lower="lower" if lower else "upper", unit="unit" if unit else "not unit",
            row="step" if lower else "m - 1u - step", j_from="0u" if lower else "k + 1u", j_to="k" if lower else "m",
            divide_diagonal="" if unit else f"s = divide(s, {'x' if same else 't'}[tb + k * tr + k * tc]);",
            **_triangle_fields(dtype, lower, unit, same))

    storages = [x.storage] if same else [x.storage, t.storage]
    launch_kernel(device, ("lu_trsm", dtype, lower, unit, same), source, storages,
                  _triangle_params(t, x, items, m, cols), items)


TRSV_BLOCK = 32  # rows per block of the one-workgroup triangular solve (16 where its triangle would not fit)


def solve_columns(t: Mat, x: Mat, dtype, batch: int, m: int, cols: int, lower: bool, unit: bool) -> None:
    """x = T^-1 x in place, as solve_block, for a triangle of any size in one dispatch: one
    workgroup per (matrix, column) (wgsl/lu_trsv.wgsl), for few columns."""
    items = batch * cols
    if items == 0 or m == 0:
        return
    device = x.storage.pool.device
    same = t.storage is x.storage
    wg = wide_workgroup(device)
    block = TRSV_BLOCK
    if (block * block + block) * dtype.itemsize > device.limits.get("max-compute-workgroup-storage-size", 16384):
        block //= 2
    source = lambda: with_libraries(  # noqa: E731
        "lu_trsv", device.features, enables="", params=TRSM_PARAMS.wgsl(), wg=wg, block=block,
        is_lower=str(lower).lower(), is_unit=str(unit).lower(), **_triangle_fields(dtype, lower, unit, same))
    storages = [x.storage] if same else [x.storage, t.storage]
    launch_kernel(device, ("lu_trsv", dtype, lower, unit, same, wg, block), source, storages,
                  _triangle_params(t, x, items, m, cols), items * WORKGROUP)


def subtract(x: Mat, c: BufferOperand, batch: int, rows: int, cols: int) -> None:
    """x[:, :rows, :cols] -= c (contiguous, batch x rows x cols), in place."""
    items = batch * rows * cols
    if items == 0:
        return
    assert c.view.offset == 0 and c.view.is_contiguous
    device = x.storage.pool.device
    T = dt.layout(c.dtype).register
    params = SUB_PARAMS.pack(items=items, rows=rows, cols=cols, offset=x.offset, batch_stride=x.batch_stride,
                             row_stride=x.row_stride)
    launch_kernel(device, ("lu_subtract", T), lambda: with_libraries(
        "lu_subtract", device.features, enables="", params=SUB_PARAMS.wgsl(), workgroup=WORKGROUP, T=T),
        [x.storage, c.storage], params, items)


def slogdet(sign: Storage, logabs: Storage, lu: Storage, pivots: Storage, info: Storage, dtype, batch: int,
            n: int) -> None:
    """sign (dtype) and log|det| (its real dtype) of each of getrf's contiguous factors."""
    if batch == 0:
        return
    device = sign.pool.device
    params = SLOGDET_PARAMS.pack(batch=batch, n=n)
    launch_kernel(device, ("lu_slogdet", dtype), lambda: with_libraries(
        "lu_slogdet", device.features, enables="", params=SLOGDET_PARAMS.wgsl(), workgroup=WORKGROUP,
        **slogdet_fields(dtype)), [sign, logabs, lu, pivots, info], params, batch, writes=2)


def slogdet_fields(dtype) -> dict:
    """The WGSL that folds the pivots u_ii (`d`) into `sign` and its magnitude (`mag`) into
    log|det|, for wgsl/lu_slogdet.wgsl and wgsl/lu_tiny_slogdet.wgsl (so both give the same bits)."""
    a = _arith(dtype)
    ftag, F = a["ftag"], a["F"]
    if dt.kind(dtype) == "complex":
        one, magnitude, times_sign = f"{a['T']}({F}(1), {F}(0))", f"hypot_{ftag}(d.x, d.y)", "cmul_{t}(sign, d / mag)"
        times_sign = times_sign.format(t=REG_TAG[a["T"]])
    else:
        one, magnitude, times_sign = f"{F}(1)", f"fabs_{ftag}(d)", f"select(sign, -sign, d < {F}(0))"
    return dict(T=a["T"], F=F, ftag=ftag, one=one, magnitude=magnitude, times_sign=times_sign,
                neg_infinity=f"-{_INFINITY[F]}")
