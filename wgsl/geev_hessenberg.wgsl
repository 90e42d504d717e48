// geev, first kernel: the reduction of one general matrix per workgroup to upper Hessenberg
// form H = Q^H A Q by Householder reflectors (LAPACK's gehd2), accumulating Z = Q.
// Two stages, on the matrix in the work buffer (global memory):
//   0: load A (strided input) into H, Z = I, and the QR iteration's state words (status 3 for
//      a non-finite input, else 0 (running); the active block's last row n - 1; the block's first
//      row 0; the sweeps since the last deflation 0; the sweeps in all 0; the exponent e of the
//      scale). As geev, a matrix whose largest entry lies outside [p_small(), p_big()] is scaled
//      first: by 2^e, which brings that entry near 1 exactly (the eigenvalues are scaled back);
//   1: the reflectors of columns t0 .. t1 - 1 (llvmpipe ends a loop nest after 65535
//      iterations, so a dispatch does a few columns).
// Reflector k (zlarfg): v = (1, x / (alpha - beta)) with beta = -sign(re alpha) |(alpha, x)|,
// tau = (beta - alpha) / beta; H <- H P, Z <- Z P (P = I - tau v v^H), then H <- P^H H.
// work per matrix: H and Z (row-major n x n each), then v (n values). Parameters:
// eig_general.py's _params("hessenberg").
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> work: array<${tstorage}>;
@group(0) @binding(2) var<storage, read_write> state: array<i32>;
@group(0) @binding(3) var<storage, read> in0: array<${tstorage}>;

${library}

${field}

const WG = ${workgroup}u;
const WANT_Z = ${want_vectors};

var<workgroup> bad: atomic<u32>;
var<workgroup> skip: u32;
var<workgroup> tau: T;
var<workgroup> partial: array<R, ${workgroup}>;

fn sync() { storageBarrier(); workgroupBarrier(); }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let b = wid.x + wid.y * nwg.x;
    if (b >= p_batch()) { return; }
    let n = p_n();
    let h0 = b * p_work_stride();
    let z0 = h0 + n * n;
    let v0 = z0 + n * n;
    let s0 = ${state_words}u * (p_first() + b);
    if (p_stage() == 0u) {
        if (lid == 0u) { atomicStore(&bad, 0u); }  // workgroup memory starts undefined
        workgroupBarrier();
        let src = p_offset() + (p_first() + b) * p_batch_stride();
        var amax = R(0);
        for (var idx = lid; idx < n * n; idx += WG) {
            let i = idx / n;
            let j = idx % n;
            let a = in0[src + i * p_row_stride() + j * p_col_stride()];
            if (!f_finite(a)) { atomicOr(&bad, 1u); }
            amax = max(amax, f_absmax(a));
            work[h0 + idx] = a;
            if (WANT_Z) { work[z0 + idx] = f_real(select(R(0), R(1), i == j)); }
        }
        partial[lid] = amax;
        workgroupBarrier();
        if (lid == 0u) {
            for (var i = 1u; i < WG; i++) { amax = max(amax, partial[i]); }
            var e = 0i;
            if (amax > R(0) && (amax < p_small() || amax > p_big())) {
                e = 1i - i32(lm_frexp_${rtag}(amax).y);  // amax = f 2^k, f in [1/2, 1): amax 2^e in [1, 2)
            }
            state[s0] = select(0i, 3i, atomicLoad(&bad) != 0u);
            state[s0 + 1u] = i32(n) - 1i;
            state[s0 + 2u] = 0i;
            state[s0 + 3u] = 0i;
            state[s0 + 4u] = 0i;
            state[s0 + 5u] = e;
            partial[0] = f_pow2(e);
        }
        sync();
        let scale = partial[0];
        if (scale != R(1)) {
            for (var idx = lid; idx < n * n; idx += WG) { work[h0 + idx] = work[h0 + idx] * scale; }
        }
        return;
    }
    if (lid == 0u) { skip = u32(state[s0] != 0i); }
    if (workgroupUniformLoad(&skip) != 0u) { return; }  // a non-finite input
    for (var k = p_t0(); k < p_t1(); k++) {
        if (lid == 0u) {
            // x = H[k+2.., k] scaled by a power of 2 near 1 / max |x|, so that |x|^2 is safe.
            var amax = R(0);
            for (var i = k + 2u; i < n; i++) { amax = max(amax, f_absmax(work[h0 + i * n + k])); }
            var xnorm = R(0);
            if (amax > R(0)) {
                let sc = f_pow2_recip(amax);
                var sum = R(0);
                for (var i = k + 2u; i < n; i++) { sum += f_abs2(work[h0 + i * n + k] * sc); }
                xnorm = sqrt_${rtag}(sum) / sc;
            }
            let alpha = work[h0 + (k + 1u) * n + k];
            if (xnorm == R(0) && f_im(alpha) == R(0)) {
                skip = 1u;
            } else {
                skip = 0u;
                let re = f_re(alpha);
                let norm = hypot_${rtag}(hypot_${rtag}(re, f_im(alpha)), xnorm);
                let beta = select(norm, -norm, re >= R(0));
                tau = f_make((beta - re) / beta, -f_im(alpha) / beta);
                let scal = f_div(f_real(R(1)), alpha - f_real(beta));
                work[v0 + k + 1u] = f_real(R(1));
                for (var i = k + 2u; i < n; i++) {
                    work[v0 + i] = f_mul(work[h0 + i * n + k], scal);
                    work[h0 + i * n + k] = f_real(R(0));
                }
                work[h0 + (k + 1u) * n + k] = f_real(beta);
            }
        }
        sync();
        if (workgroupUniformLoad(&skip) != 0u) { continue; }
        let t = tau;
        // H <- H P and Z <- Z P: each row i less tau (row_i . v) v^H, on columns k+1 ..
        for (var i = lid; i < n; i += WG) {
            var s = f_real(R(0));
            for (var j = k + 1u; j < n; j++) { s += f_mul(work[h0 + i * n + j], work[v0 + j]); }
            let ts = f_mul(t, s);
            for (var j = k + 1u; j < n; j++) {
                work[h0 + i * n + j] -= f_mul(ts, f_conj(work[v0 + j]));
            }
            if (WANT_Z) {
                var sz = f_real(R(0));
                for (var j = k + 1u; j < n; j++) { sz += f_mul(work[z0 + i * n + j], work[v0 + j]); }
                let tz = f_mul(t, sz);
                for (var j = k + 1u; j < n; j++) {
                    work[z0 + i * n + j] -= f_mul(tz, f_conj(work[v0 + j]));
                }
            }
        }
        sync();
        // H <- P^H H: each column j less conj(tau) v (v^H column_j), on rows k+1 ..
        for (var j = k + 1u + lid; j < n; j += WG) {
            var s = f_real(R(0));
            for (var i = k + 1u; i < n; i++) { s += f_mul(f_conj(work[v0 + i]), work[h0 + i * n + j]); }
            let ts = f_mul(f_conj(t), s);
            for (var i = k + 1u; i < n; i++) {
                work[h0 + i * n + j] -= f_mul(work[v0 + i], ts);
            }
        }
        sync();
    }
}
