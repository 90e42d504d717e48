"""The panel of the blocked LU (getrf) on many workgroups: tournament pivoting (CALU: Grigori,
Demmel, Xiang, "CALU: a communication optimal LU factorization algorithm", SIAM J. Matrix
Anal. Appl. 32(4), 2011).

The panel's rows (rows k..n-1 of the columns [k, k + kb)) are cut into balanced chunks of at
most `rows` rows; each chunk's partial pivoting runs in its own workgroup's memory and names kb
candidate pivot rows; `arity` candidate sets at a time are stacked and pivoted again, level by
level, down to one set: the pivot rows, in pivot order (wgsl/lu_panel_select.wgsl, one
dispatch per level). Its last level turns them into LAPACK's row interchanges (pivots[i]: row i
was swapped with row pivots[i] at step i), applies their net effect to the panel's columns (at
most kb row moves, all read before any is written: no chain of dependent swaps in the buffer)
and writes L11 and U11 over the panel's top block; then one dispatch
(wgsl/lu_panel_finish.wgsl) swaps the other columns' rows, solves
the block row U12 = L11^-1 A12 and the panel's rows L21 = A21 U11^-1: the panel without pivoting.

The pivots differ from partial pivoting's on some matrices: the tournament picks other rows,
equally valid (CALU is as stable as partial pivoting in practice, its growth factor bounded
alike), so factors and pivots may differ from LAPACK's while solve, inv and det agree with
NumPy up to rounding. A panel whose rows fit one chunk (rows <= `rows`) is exact partial
pivoting: the same steps, in order, over the whole panel.

A zero pivot (a singular panel) is not scaled by, as LAPACK: info is set and L21's column is
left as it is; the factorisation stays consistent.
"""

from __future__ import annotations

from .._core import dtypes as dt
from .._core.kernels import WORKGROUP
from .._core.launch import launch_kernel
from .._core.memory import Storage
from .._core.operands import allocate
from .._core.params import ZERO, ParamLayout
from .._core.kernels import render
from .._core.wgsl import with_libraries
from .lu_kernels import INDEX_DTYPE, Mat, _arith

SELECT_PARAMS = ParamLayout("batch", "n", "offset", "k", "kb", "level", "groups", "groups_in", "arity", "last", ZERO)
FINISH_PARAMS = ParamLayout("batch", "n", "offset", "k", "kb", "swap_groups", "block_row_groups", "l21_groups", ZERO)

# On GPUs; WORKGROUP on CPU adapters. (On an H100, solve 4096 float32 took 38.3 ms with 256, 41.6 with
# 512 before the subgroup picks; with them, 25.5 ms with 512 against 29.1 with 256 and 35.4 with 128:
# a 4096 panel's stacks of at most 365 rows then hold one row per invocation; its first three
# panels take three levels, not two: 0.17 ms.)
SELECT_WORKGROUP = 512
FINISH_WORKGROUP = 256
MAX_ROWS = None  # caps the rows a workgroup holds (tests lower it to build deeper trees)
SUBGROUPS = True  # the selection's pivot reductions by subgroup operations where they can (tests turn it off)


def capacity(dtype, device, width: int) -> int | None:
    """Rows of `width` columns of dtype the selection kernel holds in workgroup memory (with its
    pivot scratch), or None where fewer than 2 * width fit: no tournament then. (float32, 32
    columns, 48 KiB: 365 rows with 512 invocations, so that a panel of up to 4015 rows takes
    two levels.)"""
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    wg = select_workgroup(device)
    if _picks_by_subgroup(dtype, device):
        pick = 2 * (wg // 4) * 8  # two buffers of a key and a position word per subgroup
    else:
        pick = wg * (dtype.itemsize // (2 if dt.kind(dtype) == "complex" else 1) + 8)
    rows = (limit - pick - 3 * width * 4) // (width * dtype.itemsize)  # besides order, swap_to and wins
    rows = min(rows, 0xffff)  # the subgroup pick packs stack rows and positions in 16 bits
    if MAX_ROWS is not None:
        rows = min(rows, MAX_ROWS)
    return rows if rows >= 2 * width else None


def select_workgroup(device) -> int:
    return WORKGROUP if device.is_cpu else SELECT_WORKGROUP


def _picks_by_subgroup(dtype, device) -> bool:
    """Whether the selection's pivot reductions are subgroup operations: where the adapter has
    them and the key is f32 (its bits as u32: integer reductions)."""
    return SUBGROUPS and "subgroup" in device.features and _arith(dtype)["F"] == "f32"


def _select_source(dtype, device, rows: int, width: int) -> str:
    """wgsl/lu_panel_select.wgsl with its pivot reduction: subgroup operations (see
    _picks_by_subgroup), else a tree in workgroup memory."""
    a = _arith(dtype)
    wg = select_workgroup(device)
    if _picks_by_subgroup(dtype, device):
        pick, ids, args = "lu_pick_subgroup", (", @builtin(subgroup_invocation_id) sg_lane: u32, "
                                               "@builtin(subgroup_id) sg_id: u32, @builtin(num_subgroups) sg_count: u32, "
                                               "@builtin(subgroup_size) sg_size: u32"), ", sg_lane, sg_id, sg_count, sg_size"
    else:
        pick, ids, args = "lu_pick_tree", "", ", lid"
    # The swizzle's row shift: 32 banks span 32 // width rows of the stack.
    row_shift = max(0, (32 // width).bit_length() - 1)
    return with_libraries("lu_panel_select", device.features, enables="", params=SELECT_PARAMS.wgsl(), wg=wg,
                          rows=rows, width=width, cells=rows * width, slots=-(-rows // wg), row_shift=row_shift,
                          pick_pivot=render(pick, wg=wg, F=a["F"]), subgroup_ids=ids, subgroup_args=args, **a)


class Tree:
    """The reduction tree of one panel: the leaf count and each level's group count."""

    def __init__(self, panel_rows: int, rows: int, width: int):
        self.arity = rows // width
        groups = [-(-panel_rows // rows)]
        while groups[-1] > 1:
            groups.append(-(-groups[-1] // self.arity))
        self.groups = groups


def factor_panel(lu: Mat, pivots: Storage, info: Storage, dtype, batch: int, n: int, k: int, kb: int,
                 width: int, rows: int) -> None:
    """Factor the panel [k, k + kb) of each contiguous n x n matrix of lu (kb <= width) with
    tournament pivoting; swap the rows of the other columns and solve the block row U12."""
    assert width & (width - 1) == 0 and width <= FINISH_WORKGROUP, "the panel width must be a power of two"
    device = lu.storage.pool.device
    tree = Tree(n - k, rows, width)
    leaves = tree.groups[0]
    scratch = [allocate(device, (max(batch * leaves * kb, 1),), INDEX_DTYPE).storage for _ in range(2)]
    moves = allocate(device, (batch * width,), INDEX_DTYPE).storage  # the last level's row moves
    a = _arith(dtype)
    wg = select_workgroup(device)
    picks_by_subgroup = _picks_by_subgroup(dtype, device)
    groups_in = 0
    for level, groups in enumerate(tree.groups):
        params = SELECT_PARAMS.pack(batch=batch, n=n, offset=lu.offset, k=k, kb=kb, level=level, groups=groups,
                                    groups_in=groups_in, arity=tree.arity, last=int(groups == 1))
        candidates_out, candidates_in = scratch[level % 2], scratch[1 - level % 2]
        launch_kernel(device, ("lu_panel_select", dtype, rows, width, wg, picks_by_subgroup),
                      lambda: _select_source(dtype, device, rows, width),
                      [lu.storage, pivots, info, candidates_out, moves, candidates_in], params, batch * groups * WORKGROUP,
                      writes=5)
        groups_in = groups
    lanes = FINISH_WORKGROUP // width  # columns (block row) or rows (L21) per workgroup
    groups = dict(swap_groups=-(-k // FINISH_WORKGROUP), block_row_groups=-(-(n - k - kb) // lanes),
                  l21_groups=-(-(n - k - kb) // lanes))
    if batch * sum(groups.values()) == 0:
        return
    params = FINISH_PARAMS.pack(batch=batch, n=n, offset=lu.offset, k=k, kb=kb, **groups)
    launch_kernel(device, ("lu_panel_finish", dtype, width), lambda: with_libraries(
        "lu_panel_finish", device.features, enables="", params=FINISH_PARAMS.wgsl(), wg=FINISH_WORKGROUP,
        width=width, lanes=lanes, top_cells=width * width, **a),
        [lu.storage, pivots], params, batch * sum(groups.values()) * WORKGROUP)
