// One step of the blocked Householder tridiagonalisation (LAPACK's latrd, lower), one
// workgroup per matrix. The trailing matrix a (batch, n, n) is the one of the panel's start,
// full Hermitian (both triangles); the panel's reflectors so far are kept as
//   pan (batch, n, 3 NB): V in columns 0..NB, W in NB..2NB, V again in 2NB..3NB,
// so that a[p1:, p1:] -= V W^H + W V^H is one product [V W] [W V]^H at the panel's end.
// A step does, in this order:
//   finish (if p_finish()): w_i of reflector f = p0 + i from y = a v_f (the partial sums
//     ypart of tridiag_gemv.wgsl): y -= V (W^H v) + W (V^H v), w = tau y, w -= tau/2 (w^H v) v
//     (the rank-2 form of H^H A H = A - v w^H - w v^H); column i of the panel's T
//     (larft forward: T[:i, i] = -tau T[:i, :i] V^H v_i, T[i, i] = tau);
//   column (if p_column()): column j = p0 + i of the current matrix (a's column less the
//     panel's rank-2 updates so far), d_j its diagonal, and the reflector of a[j+1:, j]
//     (wgsl/householder.wgsl): e_j = beta, tau_j, v_j (v_j[j+1] = 1) into the panel (twice)
//     and into vall (batch, n, n) column j for the back-transformation.
//   fused (if p_fused()): for a short trailing matrix, y = a v_j in this workgroup and then
//     finish j, saving the GEMV's dispatch and the next step's finish.
// small (batch, small_stride): the panels' T (NB x NB each) then the n taus; de (batch, 2n):
// d then e (real).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> a: array<${S}>;
@group(0) @binding(2) var<storage, read_write> pan: array<${S}>;
@group(0) @binding(3) var<storage, read_write> vall: array<${S}>;
@group(0) @binding(4) var<storage, read_write> small: array<${S}>;
@group(0) @binding(5) var<storage, read_write> de: array<R>;
@group(0) @binding(6) var<storage, read_write> ypart: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
// Each matrix's partial sums have MAX_CHUNKS rows of their own: a step that finishes one GEMV's
// sums while making the next ones itself (fused) must not overwrite another matrix's unread sums.
const MAX_CHUNKS: u32 = ${MAX_CHUNKS}u;
${reductions}
const SL: u32 = WG / NB;  // row slices of the lane x slice layout of the dot products
var<workgroup> sv: array<${T}, NB>;    // V^H v_f
var<workgroup> sw: array<${T}, NB>;    // W^H v_f
var<workgroup> rowv: array<${T}, NB>;  // conj(V[j, :])
var<workgroup> roww: array<${T}, NB>;  // conj(W[j, :])

var<private> pbase: u32;

fn pan_at(r: u32, c: u32) -> u32 { return pbase + r * 3u * NB + c; }

fn finish(b: u32, n: u32, p0: u32, f: u32, chunks: u32) {
    let lid = local_id;
    let i = f - p0;
    let m0 = f + 1u;
    let sbase = b * p_small_stride();
    let tau = small[sbase + p_panels() * NB * NB + f];
    // y = a v_f from the partial sums; W's column i holds it until w replaces it.
    for (var r = m0 + lid; r < n; r += WG) {
        var y = ${T}();
        for (var ch = 0u; ch < chunks; ch++) { y = y + ypart[(b * MAX_CHUNKS + ch) * n + r]; }
        pan[pan_at(r, NB + i)] = y;
    }
    // V^H v_f and W^H v_f over the panel's earlier columns: lane q, rows in SL slices.
    let q = lid % NB;
    let slice = lid / NB;
    var acc_v = ${T}();
    var acc_w = ${T}();
    if (q < i) {
        for (var r = m0 + slice; r < n; r += SL) {
            let v = pan[pan_at(r, i)];
            acc_v = acc_v + sc_mul(sc_conj(pan[pan_at(r, q)]), v);
            acc_w = acc_w + sc_mul(sc_conj(pan[pan_at(r, NB + q)]), v);
        }
    }
    red[lid] = acc_v;
    red2[lid] = acc_w;
    workgroupBarrier();
    if (lid < NB) {
        var s_v = ${T}();
        var s_w = ${T}();
        for (var s = 0u; s < SL; s++) {
            s_v = s_v + red[s * NB + lid];
            s_w = s_w + red2[s * NB + lid];
        }
        sv[lid] = s_v;
        sw[lid] = s_w;
    }
    workgroupBarrier();
    // w = tau (y - V (W^H v) - W (V^H v)), then w -= tau/2 (w^H v) v.
    var dot = ${T}();
    for (var r = m0 + lid; r < n; r += WG) {
        var y = pan[pan_at(r, NB + i)];
        for (var c = 0u; c < i; c++) {
            y = y - sc_mul(pan[pan_at(r, c)], sw[c]) - sc_mul(pan[pan_at(r, NB + c)], sv[c]);
        }
        let w = sc_mul(tau, y);
        pan[pan_at(r, NB + i)] = w;
        dot = dot + sc_mul(sc_conj(w), pan[pan_at(r, i)]);
    }
    let alpha = sc_scale(sc_mul(tau, wg_sum(dot)), R(-0.5));
    for (var r = m0 + lid; r < n; r += WG) {
        pan[pan_at(r, NB + i)] = pan[pan_at(r, NB + i)] + sc_mul(alpha, pan[pan_at(r, i)]);
    }
    // Column i of T.
    let tbase = sbase + p_panel() * NB * NB;
    if (lid < i) {
        var z = ${T}();
        for (var c = lid; c < i; c++) { z = z + sc_mul(small[tbase + lid * NB + c], sv[c]); }
        small[tbase + lid * NB + i] = -sc_mul(tau, z);
    }
    if (lid == i) { small[tbase + i * NB + i] = tau; }
    storageBarrier();
    workgroupBarrier();
}

fn column(b: u32, n: u32, p0: u32, j: u32) {
    let lid = local_id;
    let i = j - p0;
    let abase = b * n * n;
    if (lid < i) {
        rowv[lid] = sc_conj(pan[pan_at(j, lid)]);
        roww[lid] = sc_conj(pan[pan_at(j, NB + lid)]);
    }
    workgroupBarrier();
    // Column j of the current matrix (read along row j: a is Hermitian), into V's column i.
    var mx = R(0);
    for (var r = j + lid; r < n; r += WG) {
        var x = sc_conj(a[abase + j * n + r]);
        for (var c = 0u; c < i; c++) {
            x = x - sc_mul(pan[pan_at(r, c)], roww[c]) - sc_mul(pan[pan_at(r, NB + c)], rowv[c]);
        }
        pan[pan_at(r, i)] = x;
        if (r == j) { de[b * 2u * n + j] = sc_re(x); }
        if (r >= j + 2u) { mx = max(mx, sc_absmax(x)); }
    }
    if (j + 1u >= n) { return; }
    storageBarrier();  // the column is read back by other invocations
    // The reflector of x = column j below the diagonal, its norm scaled against overflow.
    let amax = wg_reduce_r(mx, true);
    let inv_amax = select(R(1) / amax, R(0), amax == R(0));
    var ssq = R(0);
    for (var r = j + 2u + lid; r < n; r += WG) { ssq += sc_sq(sc_scale(pan[pan_at(r, i)], inv_amax)); }
    let total = wg_reduce_r(ssq, false);
    storageBarrier();
    workgroupBarrier();
    let alpha = pan[pan_at(j + 1u, i)];
    let reflector = householder(alpha, amax * sc_sqrt(total));  // wgsl/householder.wgsl
    workgroupBarrier();  // every invocation has read alpha before it is overwritten
    let vbase = b * n * n;
    for (var r = j + 1u + lid; r < n; r += WG) {
        let v = select(sc_mul(reflector.scal, pan[pan_at(r, i)]), sc_real(R(1)), r == j + 1u);
        pan[pan_at(r, i)] = v;
        pan[pan_at(r, 2u * NB + i)] = v;
        if (p_keep_v() != 0u) { vall[vbase + r * n + j] = v; }
    }
    if (lid == 0u) {
        de[b * 2u * n + n + j] = reflector.beta;
        small[b * p_small_stride() + p_panels() * NB * NB + j] = reflector.tau;
    }
}

// y = A v_j by this workgroup alone (as one chunk of ypart): for trailing matrices short
// enough that a dispatch of tridiag_gemv.wgsl costs more than the work.
fn local_gemv(b: u32, n: u32, j: u32, i: u32) {
    let abase = b * n * n;
    for (var r = j + 1u + local_id; r < n; r += WG) {
        var acc = ${T}();
        for (var c = j + 1u; c < n; c++) { acc = acc + sc_mul(sc_conj(a[abase + c * n + r]), pan[pan_at(c, i)]); }
        ypart[b * MAX_CHUNKS * n + r] = acc;
    }
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    local_id = lid;
    let n = p_n();
    pbase = b * n * 3u * NB;
    if (p_finish() != 0u) { finish(b, n, p_p0(), p_f(), p_chunks()); }
    if (p_column() != 0u) { column(b, n, p_p0(), p_j()); }
    if (p_fused() != 0u) {  // a short trailing matrix: y = A v_j here, then w_j at once
        storageBarrier();
        local_gemv(b, n, p_j(), p_j() - p_p0());
        storageBarrier();
        finish(b, n, p_p0(), p_j(), 1u);
    }
}
