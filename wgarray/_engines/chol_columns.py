"""The generated parts of wgsl/chol_factor_columns.wgsl (cholesky.factor_and_solve: a diagonal
block's factor and the triangular solve of the panel below it, in one dispatch) and its
tunables.

An invocation holds a column of the block (of A, then of L) and a row of X = L^-1 in registers,
every statement on them written out. With SPLIT = 2, two invocations share a column and a row:
each holds every other word of it (rows 8 s + 4 h .. 8 s + 4 h + 3 of float32 vec4 words for
half h), so that a step's updates take half as long and each invocation half the registers;
the solve's sums of the two halves meet in workgroup memory. (Earlier, with one invocation a
column, the solvers loaded their rows of B after the factorisation and summed one row at a
time: 33.3 us a step on an H100, 30.5 loading first and summing 4 rows at once.)
"""

from __future__ import annotations

import functools

from .._core import dtypes as dt

SKIP = 16  # chol_factor_columns' steps skip its registers by blocks of SKIP rows (uniform branches)
# chol_factor_columns' columns a barrier step eliminates, its K (an H100, 4096 float32: 5.55 ms
# with 1, 5.25 with 2, 4.36 with 4, 4.28 with 8; its 63 factorisations alone 3.05, 1.93, 1.77 ms).
STEP_COLUMNS = 8
SOLVE_ROWS = 4  # rows of B a solver sums at once (independent sums), where the split is 1
# Rows of B a solver workgroup owns (an H100, 4096 float32: 5.5 ms with 16, 5.8 with 32; with
# two invocations a column and groups of steps 3.14-3.19 with 16, 3.29-3.32 with 32).
SOLVER_ROWS = 16
# Invocations a column of the block (float32 only: vec4 words). An H100, 4096 float32 (no groups
# of steps): 4.01 ms with 1, 3.30 with 2, 3.58-3.69 with 4; the 63 factor_and_solve alone 30.4,
# 23.7 and 34.3 us each (one workgroup's factorisation 27.3, 18.5 and 17.3: four invocations a
# column repeat the steps' block factorisation in twice as many invocations). With K = 4: 25.1
# (2) and 25.5 us (4).
SPLIT = 2


def step_columns(dtype) -> int:
    """chol_factor_columns' K for dtype: STEP_COLUMNS for float32; 1 for the others, whose K > 1
    code is long (complex products, scalar words) and slow to compile, and not measured (they
    take this kernel only where blocks of 64 do not fit workgroup memory)."""
    return STEP_COLUMNS if dtype == dt.float32 else 1


def solver_rows(dtype, device, nb: int) -> int:
    """Rows of B a solver workgroup of chol_factor_columns owns: SOLVER_ROWS, or what fits half
    the device's workgroup memory."""
    limit = device.limits.get("max-compute-workgroup-storage-size", 16384)
    return max(1, min(SOLVER_ROWS, limit // 2 // (nb * dtype.itemsize)))


def column_split(dtype, device, nb: int, rt: int, k: int) -> int:
    """Invocations a column for chol_factor_columns: SPLIT for float32 where its layout allows it
    (whole vec4 words, blocks of SKIP rows that both halves share, rows of B in pairs of vec4s)
    and its workgroup memory, with the halves' exchange of partial sums, fits; else 1."""
    if SPLIT == 1 or dtype != dt.float32 or nb % (4 * SPLIT) or (SKIP // 4) % SPLIT or rt % 4 or rt % SPLIT:
        return 1
    words = 2 * 2 * k * nb + rt * nb + SPLIT * rt * nb  # columns, rows of X, B, exchange (float32 elements)
    return SPLIT if words * 4 <= device.limits.get("max-compute-workgroup-storage-size", 16384) else 1


def _block_step(T: str, k: int, column) -> list[str]:
    """chol_factor_columns' step of K = k columns j .. j + k - 1, as one elimination by the k x k
    block G of the published (raw) columns, G[a][m] = column m at row j + a: the LDL of G, which
    every invocation computes alike (gp<a>_<m>: column m at row j + a after the block's earlier
    columns, d<m> its pivots, q<p>_<m> = conj(gp<m>_<p>) / d<p>), and invocation t's coefficients
    r<m>, by which A[i, t] -= sum_m column_m[i] r<m> and X[t, c] -= sum_m conj(r<m>) row_m[c] are
    the k single steps' updates (column_m as the single steps would have updated it, expanded in
    the raw columns: a forward then a backward substitution in G's unit lower factor)."""
    lines = []
    for m in range(k):
        for a in range(m, k):
            terms = "".join(f" - sc_mul(gp{a}_{p}, q{p}_{m})" for p in range(m))
            lines.append(f"        let gp{a}_{m} = {column(m, f'j + {a}u')}{terms};")
        valid = f"j + {m}u < n"
        lines += [f"        let d{m} = select(R(1), sc_re(gp{m}_{m}), {valid});",  # past n: a zero column
                  f"        let inv{m} = R(1) / d{m};",
                  f"        fail = fail || ({valid} && sc_bad_pivot(d{m}));",
                  f"        if (t == j + {m}u) {{ pivot = d{m}; }}"]
        lines += [f"        let q{m}_{a} = sc_scale(sc_conj(gp{a}_{m}), inv{m});" for a in range(m + 1, k)]
    for m in range(k):
        terms = "".join(f" - sc_mul(u{p}, q{p}_{m})" for p in range(m))
        lines.append(f"        let u{m} = {column(m, 't')}{terms};")
    lines += [f"        let s{m} = select({T}(), sc_conj(sc_scale(u{m}, inv{m})), t > j + {m}u);" for m in range(k)]
    for m in reversed(range(k)):
        terms = "".join(f" - sc_mul(q{m}_{a}, r{a})" for a in range(m + 1, k))
        lines.append(f"        let r{m} = s{m}{terms};")
    lines += [f"        let rc{m} = sc_conj(r{m});" for m in range(k)]
    return lines


@functools.lru_cache(maxsize=None)
def column_fields(T: str, nb: int, rt: int, k: int = 1, split: int = 1) -> dict:
    """The unrolled parts of wgsl/chol_factor_columns.wgsl: invocation t's column of A (v<i>),
    row of X (x<c>) and column of W (w<c>), or with split half h's words of them (its element
    i: row (i / width * split + h) * width + i % width); a barrier step eliminates k columns
    (_block_step). A step j touches only the blocks of SKIP rows of the column that reach below
    j and the blocks of the row that start at or before j + k - 1. float32 words in workgroup
    memory are vec4s (width 4): row i is component i % 4 of word i / 4; the k published columns
    (rows) lie one after the other, NB elements each."""
    width = 4 if T == "f32" and nb % 4 == 0 else 1
    slots = nb // width // split  # the words an invocation holds
    span = nb // width  # words of one published column (row)
    h = " + h" if split > 1 else ""

    def at(s, c):  # the row (column) of element c of slot s
        return f"{s * split * width + c}u" if split == 1 else f"({s * split * width + c}u + hw)"

    def elements(s):
        return range(s * width, s * width + width)

    blocks = [[s for s in range(slots) if lo <= s * split * width < lo + SKIP] for lo in range(0, nb, SKIP)]

    def part(e, c):  # component c of the word e
        return f"{e}.{'xyzw'[c]}" if width == 4 else e

    def word(values):
        return f"vec4<f32>({', '.join(values)})" if width == 4 else values[0]

    def for_blocks(active, line):
        return "\n".join(f"            if ({active(lo)}) {{ " + " ".join(line(s) for s in blk) + " }"
                         for lo, blk in zip(range(0, nb, SKIP), blocks))

    def publish(array, name):
        return lambda s: f"{array}[slot + {s * split}u{h}] = {word([f'{name}{i}' for i in elements(s)])};"

    def apply(array, statement):
        def line(s):
            loads = " ".join(f"let e{m} = {array}[buf + {m * span + s * split}u{h}];" for m in range(k))
            return f"{{ {loads} " + " ".join(statement(i, [part(f'e{m}', i % width) for m in range(k)])
                                               for i in elements(s)) + " }"
        return line

    def element(array, m, index):
        if width == 4:
            return f"{array}[buf + {m * span}u + ({index}) / 4u][({index}) % 4u]"
        return f"{array}[buf + {m * span}u + {index}]"

    below = lambda lo: f"j <= {min(lo + SKIP, nb) - 1}u"  # noqa: E731  (the block has rows i >= j)
    started = lambda lo: f"j + {k - 1}u >= {lo}u"  # noqa: E731  (the block has columns c <= j + k - 1)
    b_element = "var e{m} = {T}(); if (inside && c + {m}u < n) {{ e{m} = a[bbase + row * rs + (c + {m}u) * cs]; }}"
    stored = "select({T}(), select(sc_scale(v{i}, inv_r), sc_real(r), t == {at}), t <= {at})"
    everything = [(s, i) for s in range(slots) for i in elements(s)]
    return dict(
        WG=nb * split, RT=rt, K=k, V="vec4<f32>" if width == 4 else T, width=width,
        index="let t = lid;" if split == 1 else "let t = lid % NB; let h = lid / NB; let hw = h * 4u;",
        exchange="" if split == 1 else f"var<workgroup> exchange: array<vec4<f32>, {split}u * RT * NB / 4u>;",
        load="\n".join(f"    var v{i} = {T}(); if (mine && t <= {at(s, i % width)} && {at(s, i % width)} < n) "
                       f"{{ v{i} = a[base + {at(s, i % width)} * rs + t * cs]; }}" for s, i in everything),
        init_x="\n".join(f"    var x{i} = select({T}(), sc_real(R(1)), t == {at(s, i % width)});" for s, i in everything),
        publish=for_blocks(below, publish("column", "v")) + "\n" + for_blocks(started, publish("row_x", "x")),
        block_step="\n".join(_block_step(T, k, lambda m, index: element("column", m, index))),
        update=for_blocks(below, apply("column", lambda i, e: f"v{i} = v{i}"
                                       + "".join(f" - sc_mul({e[m]}, r{m})" for m in range(k)) + ";")),
        update_x=for_blocks(started, apply("row_x", lambda i, e: f"x{i} = x{i}"
                                           + "".join(f" - sc_mul(rc{m}, {e[m]})" for m in range(k)) + ";")),
        store="\n".join(f"        if (mine && {at(s, i % width)} < n) {{ st[sbase + {at(s, i % width)} * NB + t] = "
                        f"{stored.format(T=T, i=i, at=at(s, i % width))}; }}" for s, i in everything),
        load_b=f"    for (var w = lid; w < RT * NB / {width}u; w += {nb * split}u) {{\n"
        f"        let row = r0 + w / (NB / {width}u);\n        let c = (w % (NB / {width}u)) * {width}u;\n"
        f"        let inside = row < rows;\n"
        + "\n".join("        " + b_element.format(m=m, T=T) for m in range(width))
        + f"\n        bs[w] = {word([f'e{m}' for m in range(width)])};\n    }}",
        w_column="\n".join(f"    let w{i} = sc_conj(sc_scale(x{i}, inv_r));" for s, i in everything),
        solve=_solve(T, rt, width, slots, span, split, part, elements))


def _solve(T: str, rt: int, width: int, slots: int, span: int, split: int, part, elements) -> str:
    """A solver's rows of B times W: row q's element t is sum_c B[q, c] W[c, t], invocation t's
    column of W in its registers (w<i>). With split 1, SOLVE_ROWS rows at a time; else each
    part sums all RT rows over its part of c, the parts' sums meet in workgroup memory (one
    barrier), and each part adds and stores RT / split of the rows."""
    if split == 1:
        ru = SOLVE_ROWS if rt % SOLVE_ROWS == 0 else 1
        lines = [f"        var acc{u} = {T}();" for u in range(ru)]
        for s in range(slots):
            for u in range(ru):
                lines.append(f"        {{ let e = bs[(q + {u}u) * {span}u + {s}u]; "
                             + " ".join(f"acc{u} = acc{u} + sc_mul({part('e', i % width)}, w{i});"
                                        for i in elements(s)) + " }")
        lines += [f"        if (mine && r0 + q + {u}u < rows) {{ a[bbase + (r0 + q + {u}u) * rs + t * cs] = acc{u}; }}"
                  for u in range(ru)]
        return (f"    // {ru} rows at a time: independent sums for the GPU to interleave.\n"
                f"    for (var q = 0u; q < RT; q += {ru}u) {{\n        if (r0 + q >= rows) {{ break; }}\n"
                + "\n".join(lines) + "\n    }")
    lines = [f"    var acc{q} = {T}();" for q in range(rt)]
    for s in range(slots):
        for q in range(rt):
            lines.append(f"    {{ let e = bs[{q * span + s * split}u + h]; "
                         + " ".join(f"acc{q} = acc{q} + sc_mul({part('e', i % width)}, w{i});" for i in elements(s))
                         + " }")
    # Every part's sums go to workgroup memory, vec4 p of part h at exchange[(h * RT / 4 + p) * NB + t];
    # part h stores rows h * RT / split .., adding the parts' sums in their order.
    lines += [f"    exchange[(h * {rt // 4}u + {p}u) * NB + t] = vec4<f32>({', '.join(f'acc{q}' for q in range(4 * p, 4 * p + 4))});"
              for p in range(rt // 4)]
    lines.append("    workgroupBarrier();")
    rows = rt // split
    for q in range(rows):
        parts = " + ".join(f"exchange[({part * rt // 4}u + local / 4u) * NB + t][local % 4u]" for part in range(split))
        lines.append(f"    {{ let local = h * {rows}u + {q}u; let row = r0 + local; "
                     f"if (mine && row < rows) {{ a[bbase + row * rs + t * cs] = {parts}; }} }}")
    return "\n".join(lines)
