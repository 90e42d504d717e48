// One step of the blocked Householder bidiagonalisation (LAPACK's labrd, m >= n: B = Q^H A P
// upper bidiagonal), one workgroup per matrix. a (batch, m, n) is the matrix of the panel's
// start (read only: the trailing update A -= V Y^H + X U^H comes once per panel, by matmul).
// The panel so far is kept in pan (batch, m + n, 2 NB):
//   rows 0..m:   V (left reflectors' vectors) in columns 0..NB, X in NB..2NB;
//   rows m..m+n: Y in columns 0..NB, U (right reflectors' vectors) in NB..2NB;
// so that the current matrix is A - V Y^H - X U^H, and the trailing update is one product
// [V X] [Y U]^H. Reflector pairs j = p0 + i: H_j = I - tauq v v^H (v[j] = 1) takes column j to
// (d_j, 0 ...), then G_j = I - taup u u^H (u[j+1] = 1) takes row j to (e_j, 0 ...) (d, e real):
//   y_j = tauq (A^H v - Y (V^H v) - U (X^H v))     (H^H B = B - v y^H)
//   x_j = taup (A u - V (Y^H u) - X (U^H u))       (B G = B - x u^H)
// with A^H v and A u from partial sums in part (wgsl/bidiag_gemv.wgsl: `chunks` rows of
// length L = max(m, n)) or from this workgroup (the local phases, for small trailing
// matrices). The phases, in this order, as the bits of p_phases():
//   1 finish x_f (f = p_f(), from p_chunks() partial sums)   2 column j: v_j, d_j, tauq_j
//   4 y = A^H v_j here   8 finish y_j (from p_chunks_y() sums)   16 row j: u_j, e_j, taup_j
//   32 x = A u_j here   64 finish x_j (from the local sums)
// Finishing y (x) also makes column i of the panel's left (right) T factor (larft forward:
// T[:i, i] = -tau T[:i, :i] V^H v, T[i, i] = tau). small (batch, 2 ss): left T's (NB x NB per
// panel) and tauq, then right T's and taup; refl (batch, m n + n n): every v_j in column j of
// an m x n matrix, then every u_j in column j of an n x n one (for the back-transformations);
// de (batch, 4n): the 2n x 2n Golub-Kahan tridiagonal (zero diagonal; off-diagonal d_0 e_0
// d_1 e_1 ... d_{n-1}) of B, the layout tridiag_solve reads.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> pan: array<${S}>;
@group(0) @binding(2) var<storage, read_write> refl: array<${S}>;
@group(0) @binding(3) var<storage, read_write> small: array<${S}>;
@group(0) @binding(4) var<storage, read_write> de: array<R>;
@group(0) @binding(5) var<storage, read_write> part: array<${S}>;
@group(0) @binding(6) var<storage, read> a: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
// Each matrix's partial sums have MAX_CHUNKS rows of their own: a step that finishes one GEMV's
// sums while making the next ones itself (fused) must not overwrite another matrix's unread sums.
const MAX_CHUNKS: u32 = ${MAX_CHUNKS}u;
${reductions}
const SL: u32 = WG / NB;  // row slices of the lane x slice layout of the panel's dot products
var<workgroup> dot_a: array<${T}, NB>;  // a panel half's columns (0..NB) against one vector
var<workgroup> dot_b: array<${T}, NB>;  // the other half's (NB..2NB)
var<workgroup> row_a: array<${T}, NB>;  // conj of one row of the panel
var<workgroup> row_b: array<${T}, NB>;

var<private> pbase: u32;

fn at(r: u32, c: u32) -> u32 { return pbase + r * 2u * NB + c; }  // pan, rows of both halves
fn sync() {
    storageBarrier();
    workgroupBarrier();
}

// dot_a[k] = sum_r conj(pan[r, k]) pan[r, col] (k < count_a), dot_b[k] the same with column
// NB + k (k < count_b), over pan rows r0 .. r1.
fn panel_dots(r0: u32, r1: u32, col: u32, count_a: u32, count_b: u32) {
    let lid = local_id;
    let q = lid % NB;
    var acc_a = ${T}();
    var acc_b = ${T}();
    if (q < max(count_a, count_b)) {
        for (var r = r0 + lid / NB; r < r1; r += SL) {
            let x = pan[at(r, col)];
            if (q < count_a) { acc_a = acc_a + sc_mul(sc_conj(pan[at(r, q)]), x); }
            if (q < count_b) { acc_b = acc_b + sc_mul(sc_conj(pan[at(r, NB + q)]), x); }
        }
    }
    red[lid] = acc_a;
    red2[lid] = acc_b;
    workgroupBarrier();
    if (lid < NB) {
        var s_a = ${T}();
        var s_b = ${T}();
        for (var s = 0u; s < SL; s++) {
            s_a = s_a + red[s * NB + lid];
            s_b = s_b + red2[s * NB + lid];
        }
        dot_a[lid] = s_a;
        dot_b[lid] = s_b;
    }
    workgroupBarrier();
}

// Column i of a panel's T factor at tbase, from tau and V^H v (dot_b when `from_b`, else dot_a).
fn t_column(tbase: u32, i: u32, tau: ${T}, from_b: bool) {
    if (local_id < i) {
        var z = ${T}();
        for (var c = local_id; c < i; c++) {
            z = z + sc_mul(small[tbase + local_id * NB + c], select(dot_a[c], dot_b[c], from_b));
        }
        small[tbase + local_id * NB + i] = -sc_mul(tau, z);
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
        for (var ch = 0u; ch < chunks; ch++) { y = y + part[(b * MAX_CHUNKS + ch) * length + r - out_offset]; }
        if (left) {  // y -= Y (V^H v) + U (X^H v)
            for (var c = 0u; c < i; c++) { y = y - sc_mul(pan[at(r, c)], dot_a[c]) - sc_mul(pan[at(r, NB + c)], dot_b[c]); }
        } else {  // x -= V (Y^H u) + X (U^H u)
            for (var c = 0u; c <= i; c++) { y = y - sc_mul(pan[at(r, c)], dot_a[c]); }
            for (var c = 0u; c < i; c++) { y = y - sc_mul(pan[at(r, NB + c)], dot_b[c]); }
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
    if (local_id < i) {
        row_a[local_id] = sc_conj(pan[at(m + j, local_id)]);
        row_b[local_id] = sc_conj(pan[at(m + j, NB + local_id)]);
    }
    workgroupBarrier();
    for (var r = j + local_id; r < m; r += WG) {
        var x = a[b * m * n + r * n + j];
        for (var c = 0u; c < i; c++) { x = x - sc_mul(pan[at(r, c)], row_a[c]) - sc_mul(pan[at(r, NB + c)], row_b[c]); }
        pan[at(r, i)] = x;
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
    if (local_id <= i) {
        row_a[local_id] = sc_conj(pan[at(j, local_id)]);
        row_b[local_id] = sc_conj(pan[at(j, NB + local_id)]);
    }
    workgroupBarrier();
    for (var c = j + 1u + local_id; c < n; c += WG) {
        var x = sc_conj(a[b * m * n + j * n + c]);
        for (var k = 0u; k <= i; k++) { x = x - sc_mul(pan[at(m + c, k)], row_a[k]); }
        for (var k = 0u; k < i; k++) { x = x - sc_mul(pan[at(m + c, NB + k)], row_b[k]); }
        pan[at(m + c, NB + i)] = x;
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
            var acc = ${T}();
            for (var r = j; r < m; r++) { acc = acc + sc_mul(sc_conj(a[abase + r * n + c]), pan[at(r, i)]); }
            part[b * MAX_CHUNKS * length + c] = acc;
        }
    } else {
        for (var r = j + 1u + local_id; r < m; r += WG) {
            var acc = ${T}();
            for (var c = j + 1u; c < n; c++) { acc = acc + sc_mul(a[abase + r * n + c], pan[at(m + c, NB + i)]); }
            part[b * MAX_CHUNKS * length + r] = acc;
        }
    }
    sync();
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    local_id = lid;
    pbase = b * (p_m() + p_n()) * 2u * NB;
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
