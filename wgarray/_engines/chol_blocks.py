"""What the factorisation engines (Cholesky, QR) share: their kernels' scalar helpers, batched
blocks of matrices as views, the in-place trailing update after a matmul, the triangular
solve, and the masked copies that start and finish a factorisation.

A batch of matrices is a BufferOperand of shape (batch, rows, cols); a block of it is the same
storage under another view (an offset and the same strides), so the blocked algorithms work
in place on one working copy and hand sub-blocks to the matmul engine without copies.
"""

from __future__ import annotations

import functools

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP, render
from .._core.launch import launch_kernel
from .._core.operands import BufferOperand, ScalarOperand, allocate
from .._core.params import ZERO, ParamLayout
from .._core.view import TensorView
from .._core.wgsl import REG_TAG, with_libraries
from .map import MapOp, launch_map
from . import matmul_update
from .matmul import product

WG = WORKGROUP  # invocations per workgroup of every factorisation kernel

_VIEW = ("offset", "batch_stride", "row_stride", "col_stride")
FACTOR = ParamLayout("batch", "n", "invert", "inv_offset", "inv_batch", ZERO, *_VIEW)
FACTOR_COLUMNS = ParamLayout("batch", "n", "rows", "groups", "stage_offset", "stage_batch", ZERO, *_VIEW)
TRSM = ParamLayout("batch", "rows", "k", ZERO, "b_offset", "b_batch", "b_row", "b_col",
                   "l_offset", "l_batch", "l_row", "l_col")
UPDATE = ParamLayout("items", "rows", "cols", "lower", "conj", ZERO, *_VIEW)
TRIANGLE = ParamLayout("batch", "n", "transpose", "upper", ZERO, *_VIEW)


# -- kernels' sources ----------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def scalar_source(dtype) -> str:
    """wgsl/chol_scalar_*.wgsl for dtype: sc_mul, sc_conj, sc_re, ... (R: the real type), and the
    Householder reflector of wgsl/householder.wgsl built on them."""
    register = dt.layout(dtype).register
    if dt.kind(dtype) == "complex":
        part = register[5:-1]
        scalar = render("chol_scalar_complex", T=register, tag=REG_TAG[register], F=part, ftag=REG_TAG[part])
    else:
        scalar = render("chol_scalar_real", T=register, tag=REG_TAG[register])
    return scalar + "\n" + render("householder", T=register, **_REAL_BITS[register.removeprefix("vec2<").removesuffix(">")])


# The real part's bits, for wgsl/householder.wgsl's exact scaling by powers of 2.
_REAL_BITS = {"f32": dict(RU="u32", BIAS=127, MANT=23, OPAQUE="0x7fc0deadu"),
              "f64": dict(RU="u64", BIAS=1023, MANT=52, OPAQUE="0x7ff8000000dead00lu")}


def kernel_source(template: str, dtype, device, params: ParamLayout, **fields) -> str:
    """A factorisation kernel for dtype: the template with its parameters, scalar helpers and
    the libraries it names."""
    lay = dt.layout(dtype)
    fields = {"WG": WG, **fields}  # a kernel may ask for a wider workgroup
    return with_libraries(template, device.features, S=lay.storage, T=lay.register,
                          scalar=scalar_source(dtype), params=params.wgsl(), **fields)


@functools.lru_cache(maxsize=None)
def factor_fields(T: str, nb: int, grid: int) -> dict:
    """The unrolled parts of wgsl/chol_factor.wgsl for blocks of nb (a multiple of grid) on
    grid x grid invocations: each invocation's elements (ty + grid p, tx + grid q) as the
    scalars v<p>_<q> (L) and x<p>_<q> (L^-1), every statement on them written out. (Loops over
    local arrays instead were left in memory by the H100's driver: the 4096 Cholesky took 35 ms
    so, 9 ms unrolled.) Only the cells with p >= q hold anything: those with p < q lie wholly
    above the diagonal, zero in L and L^-1. A step skips the cells that are done: those of the
    columns (of L) or rows (of X) before the step's block of grid, a uniform branch on j."""
    assert nb % grid == 0
    rb = nb // grid
    cells = [(p, q) for p in range(rb) for q in range(rb) if p >= q]

    def at(p, q):
        return f"let i = ty + {grid * p}u; let c = tx + {grid * q}u;"

    def value(src, p, q):
        return f"{src}{p}_{q}" if p >= q else f"{T}()"

    def publish(src, axis):  # the holders of column (row) j of src copy it to workgroup memory
        lines = []
        for h in range(rb):
            held = [(p, h) for p in range(rb)] if axis == "column" else [(h, q) for q in range(rb)]
            target = "column[buf + ty + {o}u]" if axis == "column" else "row_x[buf + tx + {o}u]"
            copies = " ".join(f"{target.format(o=grid * (p if axis == 'column' else q))} = {value(src, p, q)};"
                              for p, q in held)
            lines.append(f"            {'else ' if h else ''}if (j / G == {h}u) {{ {copies} }}")
        return "\n".join(lines)

    def while_active(block, lines):  # the lines of cells in column (row) block `block`, while j reaches it
        return [f"        if (j < {grid * (block + 1)}u) {{"] + lines + ["        }"]

    li = [f"        let li{p} = sc_scale(column[buf + ty + {grid * p}u], inv_r);" for p in range(rb)]
    update = []
    for q in range(rb):
        update += while_active(q, [f"            let lc{q} = sc_conj(sc_scale(column[buf + tx + {grid * q}u], inv_r));"] + [
            f"            {{ {at(p, q)} let fin = select(li{p}, sc_real(r), i == j); "
            f"v{p}_{q} = select(select(v{p}_{q}, fin, c == j && i >= j), v{p}_{q} - sc_mul(li{p}, lc{q}), "
            f"c > j && i >= c); }}" for p in range(q, rb)])
    # X's step uses the step's column of L, li<p> (update's), and the published row of X.
    update_x = [f"            let xj{q} = sc_scale(row_x[buf + tx + {grid * q}u], inv_r);" for q in range(rb)]
    for p in range(rb):
        update_x += ["    " + line for line in while_active(p, [
            f"            {{ let i = ty + {grid * p}u; x{p}_{q} = select(select(x{p}_{q}, xj{q}, i == j), "
            f"x{p}_{q} - sc_mul(li{p}, xj{q}), i > j); }}" for q in range(p + 1)])]
    everywhere = [(p, q) for p in range(rb) for q in range(rb)]
    return dict(
        G=grid, WG=grid * grid,
        declare="\n".join(f"    var v{p}_{q} = {T}();" for p, q in cells),
        load="\n".join(f"    {{ {at(p, q)} if (i < n && c <= i) {{ v{p}_{q} = a[base + i * rs + c * cs]; }} }}"
                       for p, q in cells),
        publish_column=publish("v", "column"), publish_row=publish("x", "row"),
        update="\n".join(li + update), update_x="\n".join(update_x),
        store="\n".join(f"    {{ {at(p, q)} if (i < n && c < n) {{ a[base + i * rs + c * cs] = {value('v', p, q)}; }} }}"
                        for p, q in everywhere),
        init_x="\n".join(f"    var x{p}_{q} = select({T}(), sc_real(R(1)), ty + {grid * p}u == tx + {grid * q}u);"
                         for p, q in cells),
        store_w="\n".join(f"    {{ {at(p, q)} inv[wbase + c * NB + i] = select({T}(), sc_conj({value('x', p, q)}), "
                          f"i < n && c < n && c <= i); }}" for p, q in everywhere))


@functools.lru_cache(maxsize=None)
def trsm_fields(T: str, nb: int) -> dict:
    """The unrolled parts of wgsl/chol_trsm.wgsl: an invocation's sums acc<t> of its rows
    g + RG t of the workgroup's TRSM_ROWS (RG = WG / nb row groups)."""
    groups = WG // nb
    rows = range(TRSM_ROWS // groups)
    return dict(
        declare="\n".join(f"    var acc{t} = {T}();" for t in rows),
        accumulate="\n".join(f"        acc{t} = acc{t} + sc_mul(bs[(g + {groups * t}u) * NB + p], w);" for t in rows),
        store="\n".join(f"    {{ let r = r0 + g + {groups * t}u; if (r < p_rows()) "
                        f"{{ bm[bbase + r * p_b_row() + c * p_b_col()] = acc{t}; }} }}" for t in rows))


def block_size(dtype, device, sizes=(64, 32, 16)) -> int:
    """The block edge of the blocked factorisations: the largest whose square fits the device's
    workgroup memory (a bound, too, on the registers chol_factor's invocations hold)."""
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    return next((nb for nb in sizes if nb * nb * dtype.itemsize <= limit), sizes[-1])


# -- views ----------------------------------------------------------------------------------------
def block(x: BufferOperand, r0: int, rows: int, c0: int, cols: int) -> BufferOperand:
    """Rows r0:r0+rows, columns c0:c0+cols of every matrix of the batch x (batch, ., .)."""
    v = x.view
    return x.with_view(TensorView((v.shape[0], rows, cols), v.strides, v.offset + r0 * v.strides[1] + c0 * v.strides[2]))


def transposed(x: BufferOperand) -> BufferOperand:
    """The transposed view of each matrix (last two axes swapped)."""
    v = x.view
    return x.with_view(TensorView((*v.shape[:-2], v.shape[-1], v.shape[-2]),
                                  (*v.strides[:-2], v.strides[-1], v.strides[-2]), v.offset))


def as_batch(x: BufferOperand) -> BufferOperand:
    """A contiguous (..., rows, cols) operand as (batch, rows, cols)."""
    *batch, rows, cols = x.shape
    n = 1
    for size in batch:
        n *= size
    return x.with_view(TensorView.contiguous((n, rows, cols), x.view.offset))


def view_words(x: BufferOperand) -> dict:
    """The parameter words of a (batch, rows, cols) view: offset and strides."""
    s = x.view.strides
    return dict(offset=x.view.offset, batch_stride=s[0], row_stride=s[1], col_stride=s[2])


def mul(a: BufferOperand, b: BufferOperand, *, conj: bool = False) -> BufferOperand:
    """The batched product a @ b (conj(a) @ b if conj) through the matmul engine."""
    return product(a, b, conj=conj and dt.kind(a.dtype) == "complex")


# -- kernels ----------------------------------------------------------------------------------------
def update(a: BufferOperand, p: BufferOperand, *, conj: bool = False, lower: bool = False) -> None:
    """a -= p (conj(p) if conj) in place, over the view a (batch, rows, cols); p contiguous of
    the same shape. lower: only the elements on and below each block's diagonal."""
    batch, rows, cols = a.shape
    items = batch * rows * cols
    if items == 0:
        return
    params = UPDATE.pack(items=items, rows=rows, cols=cols, lower=int(lower), conj=int(conj), **view_words(a))
    launch_kernel(a.device, ("chol_update", a.dtype),
                  lambda: kernel_source("chol_update", a.dtype, a.device, UPDATE), [a.storage, p.storage], params, items)


def subtract_product(c: BufferOperand, a: BufferOperand, b: BufferOperand, *, conj: bool = False,
                     conj_result: bool = False, lower: bool = False) -> None:
    """c -= a @ b in place (conj(a) @ b if conj; the product conjugated if conj_result; lower: only
    on and below each block's diagonal): one fused dispatch where matmul_update applies, else a
    product and update()."""
    if not matmul_update.subtract_product(c, a, b, conj=conj, conj_result=conj_result, lower=lower):
        update(c, mul(a, b, conj=conj), conj=conj_result, lower=lower)


TRSM_ROWS = 16  # rows of B a workgroup of chol_trsm solves (its RT)


def solve_right_by_inverse(b: BufferOperand, w: BufferOperand) -> None:
    """B := B L^-H in place (X L^H = B), batched, as the product B W: b (batch, rows, k) a view,
    w (batch, k, k) the view of W = L^-H (upper triangular, zeros below) that chol_factor wrote,
    row stride block_size(), k at most block_size(). A workgroup owns whole rows of B."""
    batch, rows, k = b.shape
    if batch * rows * k == 0:
        return
    nb = block_size(b.dtype, b.device)
    if k > nb:
        raise ValueError(f"triangular solve of order {k} exceeds the block size {nb}")
    wv, bv = w.view, b.view
    params = TRSM.pack(batch=batch, rows=rows, k=k, b_offset=bv.offset, b_batch=bv.strides[0], b_row=bv.strides[1],
                       b_col=bv.strides[2], l_offset=wv.offset, l_batch=wv.strides[0], l_row=wv.strides[1],
                       l_col=wv.strides[2])
    launch_kernel(b.device, ("chol_trsm", b.dtype, nb),
                  lambda: kernel_source("chol_trsm", b.dtype, b.device, TRSM, NB=nb, RT=TRSM_ROWS,
                                        **trsm_fields(dt.layout(b.dtype).register, nb)),
                  [b.storage, w.storage], params, batch * -(-rows // TRSM_ROWS) * WG)


# -- copies in and out --------------------------------------------------------------------------------
def _conj_expr(dtype, expr: str) -> str:
    if dt.kind(dtype) != "complex":
        return expr
    return f"{dt.layout(dtype).register}({expr}.x, -{expr}.y)"


def copy(x: BufferOperand, *, conj: bool = False, keep: str = "all") -> BufferOperand:
    """A fresh contiguous copy of x (any strides; conjugated if conj); keep 'lower' or 'upper'
    zeroes the other strict triangle of each matrix."""
    device, dtype = x.device, x.dtype
    out = allocate(device, x.shape, dtype)
    nd = len(x.shape)
    value = _conj_expr(dtype, "a0") if conj else "a0"
    if keep != "all":
        relation = "<=" if keep == "lower" else ">="
        value = f"select({dt.layout(dtype).register}(), {value}, c{nd - 1} {relation} c{nd - 2})"
    op = MapOp(f"chol_copy_{keep}_{conj}", value, (dtype,), dtype, coords=keep != "all")
    launch_map(device, op, out.storage, out.view, dtype, [x], fresh=True)
    return out


def copy_into(out: BufferOperand, x: BufferOperand) -> None:
    """out[...] = x, both views of one shape (out's storage not x's)."""
    launch_map(out.device, MapOp("chol_copy_all_False", "a0", (x.dtype,), x.dtype), out.storage, out.view, out.dtype,
               [x], fresh=False)


def triangle(x: BufferOperand, *, transpose: bool = False, upper: bool = False) -> BufferOperand:
    """A fresh contiguous (batch, n, n) copy of the (batch, n, n) view x, or with transpose of
    its conjugate transpose, keeping the lower (or upper) triangle and zeroing the other one:
    one pass in 16 x 16 tiles (wgsl/chol_copy.wgsl)."""
    batch, n, _ = x.shape
    out = allocate(x.device, x.shape, x.dtype)
    if batch * n == 0:
        return out
    params = TRIANGLE.pack(batch=batch, n=n, transpose=int(transpose), upper=int(upper), **view_words(x))
    launch_kernel(x.device, ("chol_copy", x.dtype), lambda: kernel_source("chol_copy", x.dtype, x.device, TRIANGLE),
                  [out.storage, x.storage], params, batch * (-(-n // 16)) ** 2 * WG)
    return out


def identity(device, shape, dtype) -> BufferOperand:
    """A fresh stack of identity matrices (ones on the main diagonal of rows x cols)."""
    out = allocate(device, shape, dtype)
    nd = len(shape)
    op = MapOp("chol_identity", f"select({dt.layout(dtype).register}(), a0, c{nd - 1} == c{nd - 2})",
               (dtype,), dtype, coords=True)
    launch_map(device, op, out.storage, out.view, dtype, [ScalarOperand(1, dtype)], fresh=True)
    return out


def zeros(device, shape, dtype) -> BufferOperand:
    out = allocate(device, shape, dtype)
    launch_map(device, MapOp("fill", "a0", (dtype,), dtype), out.storage, out.view, dtype,
               [ScalarOperand(0, dtype)], fresh=True)
    return out
