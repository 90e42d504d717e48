"""Straight-line butterflies for the local kernel's passes (wgsl/fft_pass.wgsl).

A pass's R elements live in scalar variables x0 .. x(R-1), never in an array: a function-scope
array indexed in a loop may stay in (per-invocation, cached) device memory rather than in
registers, which in float64 cost more than the arithmetic (H100: a local transform 2-3x its
float32 time). So the DFT of radix R is emitted statement by statement: powers of two by
radix-4 (and one radix-2) decimation in time, whose internal twiddles are constants rounded
once from long double; odd radices of 3, 5 and 7 by pairing x_k with x_(R-k) (the constants
likewise), even ones (6, 10, 12, ...) by decimation in time into those; the
direct primes past 7 through wgsl/fft_dft_odd.wgsl's loop (their code would be too long).
"""

from __future__ import annotations

import numpy as np

from .._core.kernels import render

_PI_LONG = np.longdouble("3.14159265358979323846264338327950288")
def straight(r: int) -> bool:
    """Whether radix r is emitted straight-line: its prime factors are 2, 3, 5 and 7."""
    for p in (2, 3, 5, 7):
        while r % p == 0 and r > 1:
            r //= p
    return r == 1


def _root(m: int, r: int, sign: int) -> tuple:
    """exp(sign 2 pi i m / r) as (cos, sin), each rounded once to float64."""
    a = 2 * _PI_LONG * (m % r) / r
    return float(np.cos(a)), float(sign * np.sin(a))


class _Emitter:
    def __init__(self, sign: int):
        self.sign, self.lines, self.count = sign, [], 0

    def let(self, expr: str) -> str:
        name = f"u{self.count}"
        self.count += 1
        self.lines.append(f"let {name} = {expr};")
        return name

    @staticmethod
    def times_i(x: str, sign: int) -> str:
        return f"C(-{x}.y, {x}.x)" if sign > 0 else f"C({x}.y, -{x}.x)"

    def times_root(self, x: str, m: int, r: int) -> str:
        """x * exp(sign 2 pi i m / r), exact for the multiples of a quarter turn."""
        m %= r
        if m == 0:
            return x
        if 4 * m in (r, 3 * r):  # times +-i
            return self.let(self.times_i(x, self.sign if 4 * m == r else -self.sign))
        if 2 * m == r:
            return self.let(f"-{x}")
        c, s = _root(m, r, self.sign)
        return self.let(f"C({x}.x * {c!r} - {x}.y * {s!r}, {x}.x * {s!r} + {x}.y * {c!r})")

    def dft(self, xs: list) -> list:
        """The DFT (sign) of the values named xs: the names of its outputs."""
        r = len(xs)
        if r == 1:
            return xs
        if r % 2 == 0:  # mixed radices such as 10 = 2 * 5 too
            q = 4 if r % 4 == 0 else 2
            subs = [self.dft(xs[p::q]) for p in range(q)]  # decimation in time
            out = [None] * r
            for k in range(r // q):
                ts = [self.times_root(subs[p][k], p * k, r) for p in range(q)]
                for m, y in enumerate(self._small(ts)):
                    out[k + m * r // q] = y
            return out
        return self._odd(xs)

    def _small(self, ts: list) -> list:
        """The DFT of 2 or 4 values (no multiplications)."""
        if len(ts) == 2:
            return [self.let(f"{ts[0]} + {ts[1]}"), self.let(f"{ts[0]} - {ts[1]}")]
        s02, d02 = self.let(f"{ts[0]} + {ts[2]}"), self.let(f"{ts[0]} - {ts[2]}")
        s13 = self.let(f"{ts[1]} + {ts[3]}")
        d13 = self.times_root(self.let(f"{ts[1]} - {ts[3]}"), 1, 4)
        return [self.let(f"{s02} + {s13}"), self.let(f"{d02} + {d13}"),
                self.let(f"{s02} - {s13}"), self.let(f"{d02} - {d13}")]

    def _odd(self, xs: list) -> list:
        r, h = len(xs), (len(xs) - 1) // 2
        a = [self.let(f"{xs[k]} + {xs[r - k]}") for k in range(1, h + 1)]
        b = [self.let(f"{xs[k]} - {xs[r - k]}") for k in range(1, h + 1)]
        out = [self.let(" + ".join([xs[0]] + a))] + [None] * (r - 1)
        for m in range(1, h + 1):
            p = " + ".join([xs[0]] + [f"{a[k - 1]} * {_root(k * m, r, 1)[0]!r}" for k in range(1, h + 1)])
            q = " + ".join(f"{b[k - 1]} * {_root(k * m, r, 1)[1]!r}" for k in range(1, h + 1))
            pm, q = self.let(p), self.let(q)
            iq = self.let(self.times_i(q, self.sign))
            out[m], out[r - m] = self.let(f"{pm} + {iq}"), self.let(f"{pm} - {iq}")
        return out


def butterfly(r: int, sign: int, direction: str) -> str:
    """WGSL statements taking x0 .. x(r-1) to their DFT in y0 .. y(r-1) (`let`s)."""
    if not straight(r):
        values = ", ".join(f"x{k}" for k in range(r))
        outs = "\n".join(f"let y{k} = v[{k}];" for k in range(r))
        return f"var v = array<C, {r}>({values});\ndft{r}_{direction}(&v);\n{outs}"
    e = _Emitter(sign)
    ys = e.dft([f"x{k}" for k in range(r)])
    return "\n".join(e.lines + [f"let y{k} = {y};" for k, y in enumerate(ys)])


def loop_butterflies(r: int, direction: str, sign: int) -> str:
    """wgsl/fft_dft_odd.wgsl's loop for a radix r that is not straight ('' otherwise)."""
    if straight(r):
        return ""
    angles = [2 * _PI_LONG * k / r for k in range(r)]
    return render("fft_dft_odd", R=r, H=(r - 1) // 2, D=direction, SIGN=sign,
                  COS=", ".join(repr(float(np.cos(a))) for a in angles),
                  SIN=", ".join(repr(float(np.sin(a))) for a in angles))


def _twiddles(r: int, ns: int, direction: str, powers: bool) -> list:
    """Statements twiddling x1 .. x(r-1) of butterfly k by w_(ns r)^(q k): each from the table, or
    (powers) w^k from the table and w^(q k) as products of earlier powers (at most log2(r) + 1
    float64 roundings, invisible in a float32 result; one table read per butterfly, not r - 1)."""
    if ns == 1:
        return []
    lines = ["if (k > 0u) {", "    let step = N / (NS * R) * k;"]
    for q in range(1, r):
        if not powers:
            lines.append(f"    x{q} = cmul(x{q}, twiddle_{direction}({q}u * step));")
            continue
        power = f"twiddle_{direction}(step)" if q == 1 else f"cmul(w{q // 2}, w{q - q // 2})"
        lines += [f"    let w{q} = {power};", f"    x{q} = cmul(x{q}, w{q});"]
    return lines + ["}"]


def pass_function(i: int, r: int, ns: int, bpt: int, first: bool, store: bool, across: bool,
                  direction: str, sign: int, bases: tuple | None = None, halves: bool = False,
                  powers: bool = False, spectral: bool = False, previous: str = "") -> str:
    """Pass i of a local transform (wgsl/fft_pass.wgsl): radix r after radices of product ns,
    bpt butterflies per invocation; its elements from the source (first) or workgroup memory,
    its results to the destination (store) or, through registers, to workgroup memory.
    bases (two tiles of workgroup memory, ping-pong): the slots the pass reads and writes start
    at bases[0] and bases[1], so results go straight to workgroup memory (no registers held
    across a barrier) and one barrier, after the writes, ends the pass.
    halves: workgroup memory holds one float64 per position, so the exchanges go in halves
    (_halved_pass). powers: twiddles as powers of one table entry (_twiddles). spectral: the
    results are multiplied by Bluestein's spectrum at their positions on their way to workgroup
    memory (the forward half of a convolution in one dispatch). previous: the direction of pass
    i - 1 (a convolution's inverse half follows its forward half), by default this one's."""
    if halves:
        return _halved_pass(i, r, ns, bpt, first, store, across, direction, sign, powers, spectral,
                            previous or direction)

    def block(b: int, body: list) -> str:
        return render("fft_pass_butterfly", i=b, body="\n".join(" " * 12 + line for line in body))

    read_base, write_base = (f"{bases[0]}u + ", f"{bases[1]}u + ") if bases else ("", "")
    reads = [f"var x{q} = load(t, j + {q}u * BF);" if first else f"var x{q} = s[{read_base}slot(t, j + {q}u * BF)];"
             for q in range(r)]
    twiddles = _twiddles(r, ns, direction, powers)
    dft = butterfly(r, sign, direction).splitlines()
    blocks, holds, exchange = [], "", ""
    for b in range(bpt):
        writes = [f"store(t, dest + {q}u * NS, y{q});" if store else
                  f"s[{write_base}slot(t, dest + {q}u * NS)] = {_result(q, spectral)};" if bases else
                  f"h{b}_{q} = {_result(q, spectral)};" for q in range(r)]
        blocks.append(block(b, reads + twiddles + dft + writes))
    if bases and not store:
        exchange = "    workgroupBarrier();"
    elif not store:
        holds = "\n".join(f"    var h{b}_{q}: C;" for b in range(bpt) for q in range(r))
        writes = [block(b, [f"s[slot(t, dest + {q}u * NS)] = h{b}_{q};" for q in range(r)]) for b in range(bpt)]
        # the first pass's reads are from the source: nothing to wait for before writing
        exchange = "\n".join(([] if first else ["    workgroupBarrier();"]) + writes + ["    workgroupBarrier();"])
    return render("fft_pass", I=i, R=r, NS=ns, D=direction, ACROSS="true" if across else "false",
                  holds=holds, butterflies="\n".join(blocks), exchange=exchange)


def _result(q: int, spectral: bool) -> str:
    """Result q of a butterfly on its way to workgroup memory (spectral: times the spectrum)."""
    return f"spectral(dest + {q}u * NS, y{q})" if spectral else f"y{q}"


def _block(b: int, body: list) -> str:
    return render("fft_pass_butterfly", i=b, body="\n".join(" " * 12 + line for line in body))


def _halved_pass(i: int, r: int, ns: int, bpt: int, first: bool, store: bool, across: bool,
                 direction: str, sign: int, powers: bool, spectral: bool, previous: str) -> str:
    """pass_function with exchanges in halves: pass i reads the real parts of its elements,
    has pass i - 1 write its imaginary parts over them (pass(i-1)_im: its results are held in
    module-scope registers), reads those, and, after its butterflies, writes its own real parts
    (pass(i)_re); four barriers per exchange instead of two, half the workgroup memory."""
    hold = lambda b, q: f"h{direction}{i}_{b}_{q}"
    flag = "true" if across else "false"
    part_reads = [f"xr{b}_{q}" for b in range(bpt) for q in range(r)]
    reads = [f"var x{q} = load(t, j + {q}u * BF);" if first else
             f"var x{q} = C(xr{{b}}_{q}, s[slot(t, j + {q}u * BF)]);" for q in range(r)]
    twiddles = _twiddles(r, ns, direction, powers)
    dft = butterfly(r, sign, direction).splitlines()
    head = []
    if not first:
        head = ["\n".join(f"    var {x}: F;" for x in part_reads)]
        head += [_block(b, [f"xr{b}_{q} = s[slot(t, j + {q}u * BF)];" for q in range(r)]) for b in range(bpt)]
        head += ["    workgroupBarrier();", f"    pass{i - 1}_im_{previous}();", "    workgroupBarrier();"]
    blocks = []
    for b in range(bpt):
        writes = [f"store(t, dest + {q}u * NS, y{q});" if store else f"{hold(b, q)} = {_result(q, spectral)};"
                  for q in range(r)]
        blocks.append(_block(b, [line.replace("{b}", str(b)) for line in reads] + twiddles + dft + writes))
    out, exchange = [], ""
    if not store:
        out.append("\n".join(f"var<private> {hold(b, q)}: C;" for b in range(bpt) for q in range(r)))
        for part, field in (("re", "x"), ("im", "y")):
            writes = [_block(b, [f"s[slot(t, dest + {q}u * NS)] = {hold(b, q)}.{field};" for q in range(r)])
                      for b in range(bpt)]
            out.append(render("fft_pass_write", I=i, PART=part, D=direction, R=r, NS=ns, ACROSS=flag,
                              writes="\n".join(writes)))
        exchange = "\n".join(([] if first else ["    workgroupBarrier();"]) +
                             [f"    pass{i}_re_{direction}();", "    workgroupBarrier();"])
    out.append(render("fft_pass", I=i, R=r, NS=ns, D=direction, ACROSS=flag, holds="\n".join(head),
                      butterflies="\n".join(blocks), exchange=exchange))
    return "\n".join(out)
