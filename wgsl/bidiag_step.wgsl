// One step of the blocked Householder bidiagonalisation (LAPACK's labrd, m >= n: B = Q^H A P
// upper bidiagonal), one workgroup per matrix. a (batch, m, n) is the matrix of the panel's
// start (read only: the trailing update A -= V Y^H + X U^H comes once per panel, by matmul).
// The panel so far is kept in pan (batch, 2 NB, m + n), stored transposed (at(): consecutive
// invocations, which take consecutive rows, read consecutive words):
//   rows 0..m:   V (left reflectors' vectors) in columns 0..NB, X in NB..2NB;
//   rows m..m+n: Y in columns 0..NB, U (right reflectors' vectors) in NB..2NB;
// so that the current matrix is A - V Y^H - X U^H, and the trailing update is one product
// [V X] [Y U]^H. Reflector pairs j = p0 + i: H_j = I - tauq v v^H (v[j] = 1) takes column j to
// (d_j, 0 ...), then G_j = I - taup u u^H (u[j+1] = 1) takes row j to (e_j, 0 ...) (d, e real):
//   y_j = tauq (A^H v - Y (V^H v) - U (X^H v))     (H^H B = B - v y^H)
//   x_j = taup (A u - V (Y^H u) - X (U^H u))       (B G = B - x u^H)
// with A^H v and A u from partial sums in part (`chunks` rows of length L = max(m, n)), made
// by the GEMV that opens the step (below) or by this workgroup (the local phases, for small
// trailing matrices). The phases, in this order, as the bits of p_phases():
//   1 finish x_f (f = p_f(), from p_chunks() partial sums)   2 column j: v_j, d_j, tauq_j
//   4 y = A^H v_j here   8 finish y_j (from p_chunks_y() sums)   16 row j: u_j, e_j, taup_j
//   32 x = A u_j here   64 finish x_j (from the local sums)
// Finishing y (x) also makes column i of the panel's left (right) T factor (larft forward:
// T[:i, i] = -tau T[:i, :i] V^H v, T[i, i] = tau). small (batch, 2 ss): left T's (NB x NB per
// panel) and tauq, then right T's and taup; refl (batch, m n + n n): every v_j in column j of
// an m x n matrix, then every u_j in column j of an n x n one (for the back-transformations);
// de (batch, 4n): the 2n x 2n Golub-Kahan tridiagonal (zero diagonal; off-diagonal d_0 e_0
// d_1 e_1 ... d_{n-1}) of B, the layout tridiag_solve reads.
// The GEMV (if p_gemv()): a step that finishes y_j (x_j) opens with A^H v_j (A u_j) over the
// trailing matrix on p_groups() workgroups per matrix (output tiles x chunks of the summed
// index, partial sums in part); each counts its arrival, and only the last of a matrix's
// workgroups to arrive goes on with the phases: a step and its GEMV are one dispatch.
// The step is latency-bound (one workgroup, chains of global loads), so its sums take 4 or 8
// terms at a time, the loads first (masked past the end): their latencies overlap, where a
// loop of one load at a time waited for each in turn.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> pan: array<${S}>;
@group(0) @binding(2) var<storage, read_write> refl: array<${S}>;
@group(0) @binding(3) var<storage, read_write> small: array<${S}>;
@group(0) @binding(4) var<storage, read_write> de: array<R>;
@group(0) @binding(5) var<storage, read_write> part: array<${S}>;
// Per matrix, the workgroups of its GEMV that have arrived (0 between dispatches: the last one
// to arrive puts it back).
@group(0) @binding(6) var<storage, read_write> arrivals: array<atomic<u32>>;
@group(0) @binding(7) var<storage, read> a: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
// Each matrix's partial sums have MAX_CHUNKS rows of their own: a step that finishes one GEMV's
// sums while making the next ones itself (fused) must not overwrite another matrix's unread sums.
const MAX_CHUNKS: u32 = ${MAX_CHUNKS}u;
${reductions}
// dot_a and dot_b (column_step_reductions.wgsl) hold the coefficients of the panel's terms (see
// less_pair): a panel half's columns (0..NB) against one vector and the other half's (NB..2NB)
// in finish; conj of one row of the panel's halves in column and row.
var<workgroup> last_to_arrive: u32;

var<private> pbase: u32;

fn at(r: u32, c: u32) -> u32 { return pbase + c * (p_m() + p_n()) + r; }  // pan, rows of both halves
fn sync() {
    storageBarrier();
    workgroupBarrier();
}


// x - sum over c < count of pan[r, c] dot_a[c] + pan[r, NB + c] dot_b[c], term by term.
fn less_pair(x: ${T}, r: u32, count: u32) -> ${T} {
    var y = x;
    for (var c = 0u; c < count; c += 4u) {
        let last = count - 1u;
        let c0 = c;
        let c1 = min(c + 1u, last);
        let c2 = min(c + 2u, last);
        let c3 = min(c + 3u, last);
        let v0 = pan[at(r, c0)];
        let v1 = pan[at(r, c1)];
        let v2 = pan[at(r, c2)];
        let v3 = pan[at(r, c3)];
        let w0 = pan[at(r, NB + c0)];
        let w1 = pan[at(r, NB + c1)];
        let w2 = pan[at(r, NB + c2)];
        let w3 = pan[at(r, NB + c3)];
        y = y - sc_mul(v0, dot_a[c0]) - sc_mul(w0, dot_b[c0]);
        y = y - masked(sc_mul(v1, dot_a[c1]), c + 1u < count) - masked(sc_mul(w1, dot_b[c1]), c + 1u < count);
        y = y - masked(sc_mul(v2, dot_a[c2]), c + 2u < count) - masked(sc_mul(w2, dot_b[c2]), c + 2u < count);
        y = y - masked(sc_mul(v3, dot_a[c3]), c + 3u < count) - masked(sc_mul(w3, dot_b[c3]), c + 3u < count);
    }
    return y;
}

// x - sum over c < count of pan[r, col0 + c] (dot_b[c] if from_b, else dot_a[c]), term by term.
fn less_one(x: ${T}, r: u32, col0: u32, count: u32, from_b: bool) -> ${T} {
    var y = x;
    for (var c = 0u; c < count; c += 8u) {
        for (var k = 0u; k < 8u; k += 4u) {
            let last = count - 1u;
            let c0 = min(c + k, last);
            let c1 = min(c + k + 1u, last);
            let c2 = min(c + k + 2u, last);
            let c3 = min(c + k + 3u, last);
            let v0 = pan[at(r, col0 + c0)];
            let v1 = pan[at(r, col0 + c1)];
            let v2 = pan[at(r, col0 + c2)];
            let v3 = pan[at(r, col0 + c3)];
            y = y - masked(sc_mul(v0, select(dot_a[c0], dot_b[c0], from_b)), c + k < count)
                - masked(sc_mul(v1, select(dot_a[c1], dot_b[c1], from_b)), c + k + 1u < count)
                - masked(sc_mul(v2, select(dot_a[c2], dot_b[c2], from_b)), c + k + 2u < count)
                - masked(sc_mul(v3, select(dot_a[c3], dot_b[c3], from_b)), c + k + 3u < count);
        }
    }
    return y;
}

// acc + op(a[abase + t_k s]) pan[vbase + t_k] for t_k = t + k step (k < 4) below end, op
// conjugating if conj, term by term.
fn dot4(acc: ${T}, abase: u32, s: u32, vbase: u32, t: u32, step: u32, end: u32, conj: bool) -> ${T} {
    let last = end - 1u;
    let t0 = min(t, last);
    let t1 = min(t + step, last);
    let t2 = min(t + 2u * step, last);
    let t3 = min(t + 3u * step, last);
    let x0 = a[abase + t0 * s];
    let x1 = a[abase + t1 * s];
    let x2 = a[abase + t2 * s];
    let x3 = a[abase + t3 * s];
    let v0 = pan[vbase + t0];
    let v1 = pan[vbase + t1];
    let v2 = pan[vbase + t2];
    let v3 = pan[vbase + t3];
    return acc + masked(sc_mul(select(x0, sc_conj(x0), conj), v0), t < end)
        + masked(sc_mul(select(x1, sc_conj(x1), conj), v1), t + step < end)
        + masked(sc_mul(select(x2, sc_conj(x2), conj), v2), t + 2u * step < end)
        + masked(sc_mul(select(x3, sc_conj(x3), conj), v3), t + 3u * step < end);
}

// sum over t = first, first + step, ... below end of op(a[abase + t s]) pan[vbase + t].
fn dot_along(abase: u32, s: u32, vbase: u32, first: u32, step: u32, end: u32, conj: bool) -> ${T} {
    var acc = ${T}();
    for (var t = first; t < end; t += 8u * step) {
        acc = dot4(acc, abase, s, vbase, t, step, end, conj);
        acc = dot4(acc, abase, s, vbase, t + 4u * step, step, end, conj);
    }
    return acc;
}

// Column i of a panel's T factor at tbase, from tau and V^H v (dot_b when `from_b`, else dot_a).
fn t_column(tbase: u32, i: u32, tau: ${T}, from_b: bool) {
    // T[row, c] dot[c] for row <= c < i: NB lanes (c) a row, their terms summed in subgroups.
    for (var e0 = 0u; e0 < NB * NB; e0 += WG) {
        let row = (e0 + local_id) / NB;
        let c = local_id % NB;
        var term = ${T}();
        if (row < i && c >= row && c < i) { term = sc_mul(small[tbase + row * NB + c], select(dot_a[c], dot_b[c], from_b)); }
        let z = lanes_sum(term, NB);
        if (c == 0u && row < i) { small[tbase + row * NB + i] = -sc_mul(tau, z); }
    }
    if (local_id == i) { small[tbase + i * NB + i] = tau; }
}

// Finishes y_j (left = true: pan rows m + j+1 .. m + n, column i) or x_j (rows j+1 .. m,
// column NB + i) from `chunks` partial sums of A^H v or A u.
fn finish(b: u32, left: bool, j: u32, chunks: u32) {
    let m = p_m();
    let n = p_n();
    let i = j - p_p0();
    let ss = p_small_stride();
    let sbase = b * 2u * ss + select(ss, 0u, left);
    let tau = small[sbase + p_panels() * NB * NB + j];
    let length = max(m, n);
    // V^H v and X^H v over rows j .. m (left), or Y^H u (through i) and U^H u over rows j+1 .. n.
    if (left) { panel_dots(j, m, i, i, i); } else { panel_dots(m + j + 1u, m + n, NB + i, i + 1u, i); }
    let out_first = select(j + 1u, m + j + 1u, left);
    let out_end = select(m, m + n, left);
    let out_col = select(NB + i, i, left);
    let out_offset = select(0u, m, left);
    for (var r = out_first + local_id; r < out_end; r += WG) {
        var y = ${T}();
        let base = b * MAX_CHUNKS * length + r - out_offset;
        for (var ch = 0u; ch < chunks; ch += 8u) {  // eight chunks at a time
            let last = chunks - 1u;
            let y0 = part[base + ch * length];
            let y1 = part[base + min(ch + 1u, last) * length];
            let y2 = part[base + min(ch + 2u, last) * length];
            let y3 = part[base + min(ch + 3u, last) * length];
            let y4 = part[base + min(ch + 4u, last) * length];
            let y5 = part[base + min(ch + 5u, last) * length];
            let y6 = part[base + min(ch + 6u, last) * length];
            let y7 = part[base + min(ch + 7u, last) * length];
            y = y + y0 + masked(y1, ch + 1u < chunks) + masked(y2, ch + 2u < chunks) + masked(y3, ch + 3u < chunks)
                + masked(y4, ch + 4u < chunks) + masked(y5, ch + 5u < chunks) + masked(y6, ch + 6u < chunks)
                + masked(y7, ch + 7u < chunks);
        }
        if (left) {  // y -= Y (V^H v) + U (X^H v)
            y = less_pair(y, r, i);
        } else {  // x -= V (Y^H u) + X (U^H u)
            y = less_one(less_one(y, r, 0u, i + 1u, false), r, NB, i, true);
        }
        pan[at(r, out_col)] = sc_mul(tau, y);
    }
    t_column(sbase + p_panel() * NB * NB, i, tau, !left);
    sync();
}

// The reflector of the vector x in pan column `col`, rows first .. end (x[first] its alpha):
// scales x[first+1 ..] into v (v[first] = 1), copies v into refl at rbase + row * n + j, and
// returns (beta, tau).
fn reflect(first: u32, end: u32, col: u32, rbase: u32, row_offset: u32, j: u32) -> Reflector {
    var mx = R(0);
    for (var r = first + 1u + local_id; r < end; r += WG) { mx = max(mx, sc_absmax(pan[at(r, col)])); }
    let amax = wg_reduce_r(mx, true);
    let inv_amax = select(R(1) / amax, R(0), amax == R(0));
    var ssq = R(0);
    for (var r = first + 1u + local_id; r < end; r += WG) { ssq += sc_sq(sc_scale(pan[at(r, col)], inv_amax)); }
    let total = wg_reduce_r(ssq, false);
    let alpha = pan[at(first, col)];
    let reflector = householder(alpha, amax * sc_sqrt(total));  // wgsl/householder.wgsl
    workgroupBarrier();  // every invocation has read alpha before it is overwritten
    let n = p_n();
    for (var r = first + local_id; r < end; r += WG) {
        let v = select(sc_mul(reflector.scal, pan[at(r, col)]), sc_real(R(1)), r == first);
        pan[at(r, col)] = v;
        if (p_keep_v() != 0u) { refl[rbase + (r - row_offset) * n + j] = v; }
    }
    sync();
    return reflector;
}

// Column j of the current matrix, A[j:, j] - V Y[j, :]^H - X U[j, :]^H, and its reflector.
fn column(b: u32, j: u32) {
    let m = p_m();
    let n = p_n();
    let i = j - p_p0();
    workgroupBarrier();  // (the last reads of dot_a, dot_b are done)
    if (local_id < i) {
        dot_a[local_id] = sc_conj(pan[at(m + j, local_id)]);
        dot_b[local_id] = sc_conj(pan[at(m + j, NB + local_id)]);
    }
    workgroupBarrier();
    for (var r = j + local_id; r < m; r += WG) {
        pan[at(r, i)] = less_pair(a[b * m * n + r * n + j], r, i);
    }
    sync();
    let reflector = reflect(j, m, i, b * (m * n + n * n), 0u, j);
    if (local_id == 0u) {
        let ss = p_small_stride();
        small[b * 2u * ss + p_panels() * NB * NB + j] = reflector.tau;
        de[b * 4u * n + 2u * j] = R(0);
        de[b * 4u * n + 2u * j + 1u] = R(0);
        de[b * 4u * n + 2u * n + 2u * j] = reflector.beta;
        de[b * 4u * n + 2u * n + 2u * j + 1u] = R(0);  // e_j, unless row j has a reflector
    }
}

// Row j of the current matrix, conjugated: conj(A[j, j+1:]) - Y conj(V[j, :]) - U conj(X[j, :]),
// and its reflector.
fn row(b: u32, j: u32) {
    let m = p_m();
    let n = p_n();
    let i = j - p_p0();
    workgroupBarrier();  // (the last reads of dot_a, dot_b are done)
    if (local_id <= i) {
        dot_a[local_id] = sc_conj(pan[at(j, local_id)]);
        dot_b[local_id] = sc_conj(pan[at(j, NB + local_id)]);
    }
    workgroupBarrier();
    for (var c = j + 1u + local_id; c < n; c += WG) {
        let x = sc_conj(a[b * m * n + j * n + c]);
        pan[at(m + c, NB + i)] = less_one(less_one(x, m + c, 0u, i + 1u, false), m + c, NB, i, true);
    }
    sync();
    let reflector = reflect(m + j + 1u, m + n, NB + i, b * (m * n + n * n) + m * n, m, j);
    if (local_id == 0u) {
        let ss = p_small_stride();
        small[b * 2u * ss + ss + p_panels() * NB * NB + j] = reflector.tau;
        de[b * 4u * n + 2u * n + 2u * j + 1u] = reflector.beta;
    }
}

// y = A^H v_j (left) or x = A u_j by this workgroup alone, as one chunk of partial sums.
fn local_gemv(b: u32, left: bool, j: u32) {
    let m = p_m();
    let n = p_n();
    let i = j - p_p0();
    let abase = b * m * n;
    let length = max(m, n);
    if (left) {
        for (var c = j + 1u + local_id; c < n; c += WG) {
            part[b * MAX_CHUNKS * length + c] = dot_along(abase + c, n, at(0u, i), j, 1u, m, true);
        }
    } else {
        for (var r = j + 1u + local_id; r < m; r += WG) {
            part[b * MAX_CHUNKS * length + r] = dot_along(abase + r * n, 1u, at(m, NB + i), j + 1u, 1u, n, false);
        }
    }
    sync();
}

// This workgroup's part `g` of the step's GEMV: p_lanes() invocations per output o (a tile of
// WG / lanes outputs), summing over t in the chunk (p_chunk_len() long, from p_t_first()) of
// op(a[o s_out + t s_in]) vec[t] (op: conjugation if p_conj()), vec being column p_vcol() of
// pan from its row p_vrow(): part[b][chunk][o]. y = A^H v: o a column (s_out = 1), t a row
// (s_in = n), conj, 1 lane; x = A u: o a row (s_out = n), t a column (s_in = 1), 32 lanes so
// that consecutive invocations read consecutive words of a in both cases.
fn gemv_part(b: u32, g: u32) {
    let lanes = p_lanes();
    let chunk = g % p_g_chunks();
    let o = p_o_first() + (g / p_g_chunks()) * (WG / lanes) + local_id / lanes;
    let lane = local_id % lanes;
    let t0 = p_t_first() + chunk * p_chunk_len();
    var acc = ${T}();
    if (o < p_o_end()) {
        acc = dot_along(b * p_m() * p_n() + o * p_s_out(), p_s_in(), at(p_vrow(), p_vcol()), t0 + lane,
                        lanes, min(p_t_end(), t0 + p_chunk_len()), p_conj() != 0u);
    }
    if (lanes > 1u) { acc = lanes_sum(acc, lanes); }
    if (o < p_o_end() && lane == 0u) {
        part[(b * MAX_CHUNKS + chunk) * max(p_m(), p_n()) + o] = acc;
    }
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32${sg_args}) {
    let g = wid.x + wid.y * nwg.x;
    let groups = p_groups();
    let b = g / groups;
    if (b >= p_batch()) { return; }
    local_id = lid;
${sg_init}    pbase = b * (p_m() + p_n()) * 2u * NB;
    if (p_gemv() != 0u) {
        gemv_part(b, g % groups);
        // Release this workgroup's sums, count it in; the last to arrive acquires everyone's.
        storageBarrier();
        if (lid == 0u) {
            last_to_arrive = u32(atomicAdd(&arrivals[b], 1u) == groups - 1u);
        }
        if (workgroupUniformLoad(&last_to_arrive) == 0u) { return; }
        storageBarrier();
        if (lid == 0u) { atomicStore(&arrivals[b], 0u); }
    }
    let phases = p_phases();
    let j = p_j();
    if ((phases & 1u) != 0u) { finish(b, false, p_f(), p_chunks()); }
    if ((phases & 2u) != 0u) { column(b, j); }
    if ((phases & 4u) != 0u) { local_gemv(b, true, j); }
    if ((phases & 8u) != 0u) { finish(b, true, j, p_chunks_y()); }
    if ((phases & 16u) != 0u) { row(b, j); }
    if ((phases & 32u) != 0u) { local_gemv(b, false, j); }
    if ((phases & 64u) != 0u) { finish(b, false, j, 1u); }
}
