// Householder reconstruction (Ballard et al. 2015; LAPACK's orhr_col / unhr_col), top block,
// one workgroup per matrix. From the panel's TSQR, Q (rows x cols, orthonormal columns,
// q[b * q_batch + i * cols + j]) and R (r[b * r_batch + i * cols + j], real diagonal):
//   the LU without pivoting of Q1 - S (Q1 its top cols x cols block), S = diag(s),
//   s_j = -sign(re d_j) for the pivot d_j as the elimination reaches it, so |d_j - s_j| >= 1
//   (where d_j is 0 up to rounding, the sign LAPACK's choice gives: see sign_of):
//   Q1 - S = Y1 U with Y1 unit lower triangular;
//   T = -U S Y1^{-H} (upper triangular) and R_householder = S R, so that
//   A = (I - Y T Y^H) [S R; 0] where Y = [Y1; Q2 U^{-1}] (qr_hr_solve.wgsl finds Q2 U^{-1}).
// These are LAPACK's geqrf reflectors: Y the vectors, tau = diag(T), R_householder its R.
// The kernel writes the panel's top block of h (S R on and above the diagonal, Y1 below), of
// v (Y1 explicitly), tau, T (t) and U^{-1} (u[b * u_batch + i * cols + j], for qr_hr_solve).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> h: array<${S}>;
@group(0) @binding(2) var<storage, read_write> v: array<${S}>;
@group(0) @binding(3) var<storage, read_write> taus: array<${S}>;
@group(0) @binding(4) var<storage, read_write> t: array<${S}>;
@group(0) @binding(5) var<storage, read_write> u: array<${S}>;
@group(0) @binding(6) var<storage, read> q: array<${S}>;
@group(0) @binding(7) var<storage, read> r: array<${S}>;
${scalar}
${library}

const PB: u32 = ${PB}u;
const WG: u32 = ${WG}u;
const NOISE: R = ${NOISE};  // 4 PB eps: the rounding error of a pivot d_j of Q's entries
var<workgroup> m: array<${T}, ${PB2}>;
var<workgroup> tm: array<${T}, ${PB2}>;  // the pivots, then T, then U^{-1}
// (m and tm are all the workgroup memory: for complex128 exactly 32 KB, a common device limit)

// s_j for the pivot d_j: -sign(re d_j), so that |d_j - s_j| >= 1. For LAPACK's reflectors the
// pivot is 1 - tau_j <= 0 (re tau_j >= 1), so s_j = +1; it is 0 up to rounding where alpha_j is
// below the last bit of beta_j (tau_j rounds to 1, while beta_j still takes alpha_j's sign), and
// the computed d_j's sign is noise there (|re d_j| <= NOISE). Such a column's R_jj from a tree of
// L levels is (-1)^L sign(alpha_j) ||.|| (each level's alpha_j is the R_jj below it, the leaf's
// alpha_j that of the rows NumPy factors first), against LAPACK's -sign(alpha_j) ||.||: then
// s_j = (-1)^(L+1), p_flip_ties() = 1 for an even L. (A single chunk: s_j = +1, geqr2's own.)
fn sign_of(d: ${T}) -> R {
    let x = sc_re(d);
    if (abs(x) <= NOISE) { return select(R(1), R(-1), p_flip_ties() != 0u); }
    return select(R(1), R(-1), x > R(0));
}
// s_j again from U's diagonal entry d_j - s_j, whose real part is >= 1 where s_j = -1, <= -1 else.
fn sign_at(u_jj: ${T}) -> R { return select(R(1), R(-1), sc_re(u_jj) > R(0)); }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let cols = p_cols();
    for (var e = lid; e < cols * cols; e += WG) { m[(e / cols) * PB + e % cols] = q[b * p_q_batch() + e]; }
    workgroupBarrier();
    // One barrier a column: step j's multipliers m[i, j] / (d_j - s_j) are formed on the fly by
    // every invocation that needs them (column j and the pivot stay as they are until all steps
    // are done; then the multipliers and pivots are written, the same values).
    for (var j = 0u; j < cols; j++) {
        let inv = sc_recip(m[j * PB + j] - sc_real(sign_of(m[j * PB + j])));
        let rest = cols - 1u - j;
        for (var e = lid; e < rest * rest; e += WG) {
            let i = j + 1u + e / rest;
            let c = j + 1u + e % rest;
            m[i * PB + c] = m[i * PB + c] - sc_mul(sc_mul(m[i * PB + j], inv), m[j * PB + c]);
        }
        workgroupBarrier();
    }
    if (lid < cols) {
        let d = m[lid * PB + lid];
        tm[lid] = d - sc_real(sign_of(d));  // the pivots, until T overwrites them
    }
    workgroupBarrier();
    for (var e = lid; e < cols * cols; e += WG) {
        let i = e / cols;
        let c = e % cols;
        if (i > c) { m[i * PB + c] = sc_mul(m[i * PB + c], sc_recip(tm[c])); }
        if (i == c) { m[i * PB + i] = tm[i]; }
    }
    workgroupBarrier();
    // Row i of T from T Y1^H = -U S, column by column (Y1^H is unit upper triangular).
    if (lid < cols) {
        let i = lid;
        for (var c = 0u; c < cols; c++) {
            var acc = ${T}();
            if (c >= i) {
                acc = -sc_scale(m[i * PB + c], sign_at(m[c * PB + c]));
                for (var l = i; l < c; l += 4u) {  // four terms an iteration, loads together, in order
                    let p0 = sc_mul(tm[i * PB + l], sc_conj(m[c * PB + l]));
                    let p1 = sc_mul(tm[i * PB + min(l + 1u, PB - 1u)], sc_conj(m[c * PB + min(l + 1u, PB - 1u)]));
                    let p2 = sc_mul(tm[i * PB + min(l + 2u, PB - 1u)], sc_conj(m[c * PB + min(l + 2u, PB - 1u)]));
                    let p3 = sc_mul(tm[i * PB + min(l + 3u, PB - 1u)], sc_conj(m[c * PB + min(l + 3u, PB - 1u)]));
                    acc = acc - p0;
                    acc = select(acc, acc - p1, l + 1u < c);
                    acc = select(acc, acc - p2, l + 2u < c);
                    acc = select(acc, acc - p3, l + 3u < c);
                }
            }
            tm[i * PB + c] = acc;
        }
    }
    workgroupBarrier();
    let hbase = p_h_offset() + b * p_h_batch();
    let vbase = p_v_offset() + b * p_v_batch();
    let tbase = p_t_offset() + b * p_t_batch();
    for (var e = lid; e < cols * cols; e += WG) {
        let i = e / cols;
        let c = e % cols;
        let lu = m[i * PB + c];
        h[hbase + i * p_h_row() + c * p_h_col()] = select(lu, sc_scale(r[b * p_r_batch() + e], sign_at(m[i * PB + i])), i <= c);
        v[vbase + i * p_v_row() + c] = select(select(${T}(), sc_real(R(1)), i == c), lu, i > c);
        t[tbase + i * p_t_row() + c] = tm[i * PB + c];
        if (i == c) { taus[p_tau_offset() + b * p_tau_batch() + i] = tm[i * PB + i]; }
    }
    workgroupBarrier();
    // Column c of U^{-1} into tm (T is out), back substitution by invocation c: qr_hr_solve.wgsl
    // then multiplies rows of Q2 by it, all elements at once.
    if (lid < cols) {
        let c = lid;
        for (var i = 0u; i < cols; i++) { tm[i * PB + c] = ${T}(); }
        for (var step = 0u; step <= c; step++) {
            let i = c - step;
            var acc = select(${T}(), sc_real(R(1)), i == c);
            for (var l = i + 1u; l <= c; l += 4u) {  // as T's
                let p0 = sc_mul(m[i * PB + l], tm[l * PB + c]);
                let p1 = sc_mul(m[i * PB + min(l + 1u, PB - 1u)], tm[min(l + 1u, PB - 1u) * PB + c]);
                let p2 = sc_mul(m[i * PB + min(l + 2u, PB - 1u)], tm[min(l + 2u, PB - 1u) * PB + c]);
                let p3 = sc_mul(m[i * PB + min(l + 3u, PB - 1u)], tm[min(l + 3u, PB - 1u) * PB + c]);
                acc = acc - p0;
                acc = select(acc, acc - p1, l + 1u <= c);
                acc = select(acc, acc - p2, l + 2u <= c);
                acc = select(acc, acc - p3, l + 3u <= c);
            }
            tm[i * PB + c] = sc_mul(acc, sc_recip(m[i * PB + i]));
        }
    }
    workgroupBarrier();
    for (var e = lid; e < cols * cols; e += WG) { u[b * p_u_batch() + e] = tm[(e / cols) * PB + e % cols]; }
}
