// One step of the blocked Householder tridiagonalisation (LAPACK's latrd, lower), one
// workgroup per matrix. The trailing matrix a (batch, n, n) is the one of the panel's start,
// full Hermitian (both triangles); the panel's reflectors so far are kept as
//   pan (batch, 3 NB, n): V in columns 0..NB, W in NB..2NB, V again in 2NB..3NB, column by
//   column (stored transposed: at(r, c)), so that consecutive invocations, which take
//   consecutive rows, read consecutive words (row by row, the panel's terms of a row took a
//   cache line per invocation: the H100 spent ~30 ns a row on them in one multiprocessor);
// a[p1:, p1:] -= V W^H + W V^H is one product [V W] [W V]^H at the panel's end.
// A step does, in this order:
//   gemv (if p_gemv()): y = a v_f over the trailing matrix, spread over p_groups() workgroups
//     per matrix (row tiles of WG x column chunks: partial sums in ypart); each counts its
//     arrival, and only the last of a matrix's workgroups to arrive goes on with the step, so
//     that a column costs one dispatch (the steps below being the last workgroup's);
//   finish (if p_finish()): w_i of reflector f = p0 + i from y = a v_f (the partial sums
//     ypart): y -= V (W^H v) + W (V^H v), w = tau y, w -= tau/2 (w^H v) v
//     (the rank-2 form of H^H A H = A - v w^H - w v^H); column i of the panel's T
//     (larft forward: T[:i, i] = -tau T[:i, :i] V^H v_i, T[i, i] = tau);
//   column (if p_column()): column j = p0 + i of the current matrix (a's column less the
//     panel's rank-2 updates so far), d_j its diagonal, and the reflector of a[j+1:, j]
//     (wgsl/householder.wgsl): e_j = beta, tau_j, v_j (v_j[j+1] = 1) into the panel (twice)
//     and into vall (batch, n, n) column j for the back-transformation.
//   fused (if p_fused()): for a short trailing matrix, y = a v_j in this workgroup and then
//     finish j, saving the next step's GEMV.
// small (batch, small_stride): the panels' T (NB x NB each) then the n taus; de (batch, 2n):
// d then e (real).
// The step is latency-bound (one workgroup, chains of global loads), so its sums over columns,
// chunks and rows take 4 or 8 terms at a time, the loads first (masked past the end): their
// latencies overlap, where a loop of one load at a time waited for each in turn.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> pan: array<${S}>;
@group(0) @binding(3) var<storage, read_write> vall: array<${S}>;
@group(0) @binding(4) var<storage, read_write> small: array<${S}>;
@group(0) @binding(5) var<storage, read_write> de: array<R>;
@group(0) @binding(6) var<storage, read_write> ypart: array<${S}>;
// Per matrix, the workgroups of its GEMV that have arrived (0 between dispatches: the last one
// to arrive puts it back).
@group(0) @binding(7) var<storage, read_write> arrivals: array<atomic<u32>>;
${scalar}
${library}

const NB: u32 = ${NB}u;
// Each matrix's partial sums have MAX_CHUNKS rows of their own: a step that finishes one GEMV's
// sums while making the next ones itself (fused) must not overwrite another matrix's unread sums.
const MAX_CHUNKS: u32 = ${MAX_CHUNKS}u;
${reductions}
// dot_a and dot_b (column_step_reductions.wgsl) hold the coefficients of the panel's terms: V^H v_f
// and W^H v_f in finish, conj(V[j, :]) and conj(W[j, :]) in column (see less_panel).
var<workgroup> last_to_arrive: u32;

var<private> pbase: u32;

fn at(r: u32, c: u32) -> u32 { return pbase + c * p_n() + r; }

// x - sum over c + k < count (k < 4) of V[r, c+k] dot_b[c+k] + W[r, c+k] dot_a[c+k], term by term.
fn less4(x: ${T}, r: u32, c: u32, count: u32) -> ${T} {
    let last = count - 1u;
    let c0 = min(c, last);
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
    let y0 = x - masked(sc_mul(v0, dot_b[c0]), c < count) - masked(sc_mul(w0, dot_a[c0]), c < count);
    let y1 = y0 - masked(sc_mul(v1, dot_b[c1]), c + 1u < count) - masked(sc_mul(w1, dot_a[c1]), c + 1u < count);
    let y2 = y1 - masked(sc_mul(v2, dot_b[c2]), c + 2u < count) - masked(sc_mul(w2, dot_a[c2]), c + 2u < count);
    return y2 - masked(sc_mul(v3, dot_b[c3]), c + 3u < count) - masked(sc_mul(w3, dot_a[c3]), c + 3u < count);
}

// Row r's value x less the panel's first `count` rank-2 terms (the coefficients in dot_b, dot_a).
fn less_panel(x: ${T}, r: u32, count: u32) -> ${T} {
    var y = x;
    for (var c = 0u; c < count; c += 8u) {
        y = less4(y, r, c, count);
        y = less4(y, r, c + 4u, count);
    }
    return y;
}

// acc + conj(a[c+k, r]) v[c+k] for k < 4 and c + k < end, term by term (abase: a's row r of
// the matrix; v: column vcol of the panel).
fn gemv4(acc: ${T}, abase: u32, n: u32, vcol: u32, c: u32, end: u32) -> ${T} {
    let last = end - 1u;
    let c0 = min(c, last);
    let c1 = min(c + 1u, last);
    let c2 = min(c + 2u, last);
    let c3 = min(c + 3u, last);
    let a0 = a[abase + c0 * n];
    let a1 = a[abase + c1 * n];
    let a2 = a[abase + c2 * n];
    let a3 = a[abase + c3 * n];
    let v0 = pan[at(c0, vcol)];
    let v1 = pan[at(c1, vcol)];
    let v2 = pan[at(c2, vcol)];
    let v3 = pan[at(c3, vcol)];
    return acc + masked(sc_mul(sc_conj(a0), v0), c < end) + masked(sc_mul(sc_conj(a1), v1), c + 1u < end)
        + masked(sc_mul(sc_conj(a2), v2), c + 2u < end) + masked(sc_mul(sc_conj(a3), v3), c + 3u < end);
}

// sum over columns c0 <= c < c1 of conj(a[c, r]) v[c] (row r of matrix b; v: column vcol of
// the panel), a being Hermitian: a[r, c] read along its column c, consecutive invocations
// reading consecutive words.
fn row_times_v(b: u32, n: u32, r: u32, vcol: u32, c0: u32, c1: u32) -> ${T} {
    let abase = b * n * n + r;
    var acc = ${T}();
    for (var c = c0; c < c1; c += 8u) {
        acc = gemv4(acc, abase, n, vcol, c, c1);
        acc = gemv4(acc, abase, n, vcol, c + 4u, c1);
    }
    return acc;
}

// acc + the partial sums of chunks ch + k (k < 4, ch + k < chunks) at row r.
fn chunks4(acc: ${T}, base: u32, n: u32, ch: u32, chunks: u32) -> ${T} {
    let last = chunks - 1u;
    let y0 = ypart[base + min(ch, last) * n];
    let y1 = ypart[base + min(ch + 1u, last) * n];
    let y2 = ypart[base + min(ch + 2u, last) * n];
    let y3 = ypart[base + min(ch + 3u, last) * n];
    return acc + masked(y0, ch < chunks) + masked(y1, ch + 1u < chunks) + masked(y2, ch + 2u < chunks)
        + masked(y3, ch + 3u < chunks);
}

fn finish(b: u32, n: u32, p0: u32, f: u32, chunks: u32) {
    let lid = local_id;
    let i = f - p0;
    let m0 = f + 1u;
    let sbase = b * p_small_stride();
    let tau = small[sbase + p_panels() * NB * NB + f];
    panel_dots(m0, n, i, i, i);  // dot_a = V^H v_i, dot_b = W^H v_i
    // y = a v_f from the partial sums, w = tau (y - V (W^H v) - W (V^H v)) into W's column i,
    // then w -= tau/2 (w^H v) v.
    var dot = ${T}();
    for (var r = m0 + lid; r < n; r += WG) {
        var y = ${T}();
        for (var ch = 0u; ch < chunks; ch += 8u) {
            y = chunks4(y, b * MAX_CHUNKS * n + r, n, ch, chunks);
            y = chunks4(y, b * MAX_CHUNKS * n + r, n, ch + 4u, chunks);
        }
        let w = sc_mul(tau, less_panel(y, r, i));
        pan[at(r, NB + i)] = w;
        dot = dot + sc_mul(sc_conj(w), pan[at(r, i)]);
    }
    let alpha = sc_scale(sc_mul(tau, wg_sum(dot)), R(-0.5));
    for (var r = m0 + lid; r < n; r += WG) {
        pan[at(r, NB + i)] = pan[at(r, NB + i)] + sc_mul(alpha, pan[at(r, i)]);
    }
    // Column i of T.
    let tbase = sbase + p_panel() * NB * NB;
    // T[row, c] dot_a[c] for row <= c < i: NB lanes (c) a row, their terms summed in subgroups.
    for (var e0 = 0u; e0 < NB * NB; e0 += WG) {
        let row = (e0 + lid) / NB;
        let c = lid % NB;
        var term = ${T}();
        if (row < i && c >= row && c < i) { term = sc_mul(small[tbase + row * NB + c], dot_a[c]); }
        let z = lanes_sum(term, NB);
        if (c == 0u && row < i) { small[tbase + row * NB + i] = -sc_mul(tau, z); }
    }
    if (lid == i) { small[tbase + i * NB + i] = tau; }
    storageBarrier();
    workgroupBarrier();
}

fn column(b: u32, n: u32, p0: u32, j: u32) {
    let lid = local_id;
    let i = j - p0;
    let abase = b * n * n;
    workgroupBarrier();  // (finish's last reads of dot_a, dot_b are done)
    if (lid < i) {
        dot_a[lid] = sc_conj(pan[at(j, lid)]);
        dot_b[lid] = sc_conj(pan[at(j, NB + lid)]);
    }
    workgroupBarrier();
    // Column j of the current matrix (read along row j: a is Hermitian), into V's column i:
    // a's column less V conj(W[j, :]) + W conj(V[j, :]).
    var mx = R(0);
    for (var r = j + lid; r < n; r += WG) {
        let x = less_panel(sc_conj(a[abase + j * n + r]), r, i);
        pan[at(r, i)] = x;
        if (r == j) { de[b * 2u * n + j] = sc_re(x); }
        if (r >= j + 2u) { mx = max(mx, sc_absmax(x)); }
    }
    if (j + 1u >= n) { return; }
    storageBarrier();  // the column is read back by other invocations
    // The reflector of x = column j below the diagonal, its norm scaled against overflow.
    let amax = wg_reduce_r(mx, true);
    let inv_amax = select(R(1) / amax, R(0), amax == R(0));
    var ssq = R(0);
    for (var r = j + 2u + lid; r < n; r += WG) { ssq += sc_sq(sc_scale(pan[at(r, i)], inv_amax)); }
    let total = wg_reduce_r(ssq, false);
    storageBarrier();
    workgroupBarrier();
    let alpha = pan[at(j + 1u, i)];
    let reflector = householder(alpha, amax * sc_sqrt(total));  // wgsl/householder.wgsl
    workgroupBarrier();  // every invocation has read alpha before it is overwritten
    let vbase = b * n * n;
    for (var r = j + 1u + lid; r < n; r += WG) {
        let v = select(sc_mul(reflector.scal, pan[at(r, i)]), sc_real(R(1)), r == j + 1u);
        pan[at(r, i)] = v;
        pan[at(r, 2u * NB + i)] = v;
        if (p_keep_v() != 0u) { vall[vbase + r * n + j] = v; }
    }
    if (lid == 0u) {
        de[b * 2u * n + n + j] = reflector.beta;
        small[b * p_small_stride() + p_panels() * NB * NB + j] = reflector.tau;
    }
}

// y = A v_j by this workgroup alone (as one chunk of ypart), for short trailing matrices (at
// most FUSE_ROWS rows): the next step then needs no GEMV on many workgroups.
fn local_gemv(b: u32, n: u32, j: u32, i: u32) {
    for (var r = j + 1u + local_id; r < n; r += WG) {
        ypart[b * MAX_CHUNKS * n + r] = row_times_v(b, n, r, i, j + 1u, n);
    }
}

// This workgroup's part `part` of y = a v_f (its row tile of WG rows, its column chunk of
// p_chunk_len() columns, from row and column f + 1): partial sums into ypart[b][chunk].
fn gemv_part(b: u32, n: u32, f: u32, part: u32) {
    let first = f + 1u;
    let chunk = part % p_chunks();
    let r = first + (part / p_chunks()) * WG + local_id;
    let c0 = first + chunk * p_chunk_len();
    if (r < n) {
        ypart[(b * MAX_CHUNKS + chunk) * n + r] = row_times_v(b, n, r, f - p_p0(), c0, min(n, c0 + p_chunk_len()));
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
${sg_init}    let n = p_n();
    pbase = b * 3u * NB * n;
    if (p_gemv() != 0u) {
        gemv_part(b, n, p_f(), g % groups);
        // Release this workgroup's sums, count it in; the last to arrive acquires everyone's.
        storageBarrier();
        if (lid == 0u) {
            last_to_arrive = u32(atomicAdd(&arrivals[b], 1u) == groups - 1u);
        }
        if (workgroupUniformLoad(&last_to_arrive) == 0u) { return; }
        storageBarrier();
        if (lid == 0u) { atomicStore(&arrivals[b], 0u); }
    }
    if (p_finish() != 0u) { finish(b, n, p_p0(), p_f(), p_chunks()); }
    if (p_column() != 0u) { column(b, n, p_p0(), p_j()); }
    if (p_fused() != 0u) {  // a short trailing matrix: y = A v_j here, then w_j at once
        storageBarrier();
        local_gemv(b, n, p_j(), p_j() - p_p0());
        storageBarrier();
        finish(b, n, p_p0(), p_j(), 1u);
    }
}
