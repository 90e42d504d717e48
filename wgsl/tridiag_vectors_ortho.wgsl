// Inverse iteration (tridiag_solve.py), after each solve: one workgroup per cluster (the workgroup
// of its first member, column lead of x (batch, n, m = p_m()); the others return), taking the
// members at places p_j_first() .. p_j_end() - 1 of the cluster in order. A member not yet done is
// orthogonalised against the members before it (classical Gram-Schmidt, twice, in chunks of QB
// members: the dots on QB x SEGS lanes, the update on lanes over rows), then passes the
// convergence test of LAPACK's stein (||x||_inf >= sqrt(0.1 / size) in the solve's scaling) or
// not, and is normalised (2-norm 1, its largest entry positive). A member is done after three
// passed tests once the members before it are done: from then on it is fixed, neither solved nor
// orthogonalised.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<R>;
@group(0) @binding(2) var<storage, read_write> info: array<u32>;
${scalar}
${library}

const INFO_WORDS: u32 = ${INFO_WORDS}u;  // info per vector: first, end, pos, size, checks, done

const WG: u32 = ${WG}u;
const QB: u32 = ${QB}u;
const SEGS: u32 = WG / QB;
const CHECKS: u32 = 3u;

var<workgroup> wg_pos: u32;
var<workgroup> wg_size: u32;
var<workgroup> wg_first: u32;
var<workgroup> wg_end: u32;
var<workgroup> wg_done: u32;
var<workgroup> wg_scale: R;
var<workgroup> partial: array<R, WG>;
var<workgroup> dots: array<R, QB>;
var<workgroup> red_value: array<R, WG>;
var<workgroup> red_index: array<u32, WG>;

// The largest |x_r| over rows [first, end) of the column at col (rows stride apart) (the first such row on ties)
// into red_value[0], red_index[0].
fn max_entry(col: u32, stride: u32, first: u32, end: u32, lid: u32) {
    var big = R(-1);
    var at = end;
    for (var r = first + lid; r < end; r += WG) {
        let v = abs(x[col + r * stride]);
        if (v > big) { big = v; at = r; }
    }
    red_value[lid] = big;
    red_index[lid] = at;
    for (var half = WG / 2u; half > 0u; half /= 2u) {
        workgroupBarrier();
        if (lid < half) {
            let v = red_value[lid + half];
            let i = red_index[lid + half];
            if (v > red_value[lid] || (v == red_value[lid] && i < red_index[lid])) {
                red_value[lid] = v;
                red_index[lid] = i;
            }
        }
    }
    workgroupBarrier();
}

// sum (x_r * inv)^2 over rows [first, end) into red_value[0].
fn sum_squares(col: u32, stride: u32, first: u32, end: u32, lid: u32, inv: R) {
    var ssq = R(0);
    for (var r = first + lid; r < end; r += WG) {
        let v = x[col + r * stride] * inv;
        ssq += v * v;
    }
    workgroupBarrier();
    red_value[lid] = ssq;
    for (var half = WG / 2u; half > 0u; half /= 2u) {
        workgroupBarrier();
        if (lid < half) { red_value[lid] += red_value[lid + half]; }
    }
    workgroupBarrier();
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    let n = p_n();
    let m = p_m();
    if (g >= p_batch() * m) { return; }
    let b = g / m;
    let lead = g % m;
    if (lid == 0u) {
        let at = g * INFO_WORDS;
        wg_first = info[at];
        wg_end = info[at + 1u];
        wg_pos = info[at + 2u];
        wg_size = info[at + 3u];
    }
    if (workgroupUniformLoad(&wg_pos) != 0u) { return; }
    let size = workgroupUniformLoad(&wg_size);
    let first = workgroupUniformLoad(&wg_first);
    let end = workgroupUniformLoad(&wg_end);
    let xbase = b * n * m;
    let crit = sc_sqrt(R(0.1) / R(end - first));
    for (var j = p_j_first(); j < min(p_j_end(), size); j++) {
        let k = lead + j;
        let col = xbase + k;
        if (lid == 0u) { wg_done = info[(g + j) * INFO_WORDS + 5u]; }
        if (workgroupUniformLoad(&wg_done) == 0u) {
            for (var sweep = 0u; sweep < 2u; sweep++) {
                for (var c0 = 0u; c0 < j; c0 += QB) {
                    let count = min(QB, j - c0);
                    let q = lid % QB;
                    var acc = R(0);
                    if (q < count) {
                        let member = xbase + lead + c0 + q;
                        var r = first + lid / QB;
                        for (; r + 7u * SEGS < end; r += 8u * SEGS) {  // eight rows' loads issued together
                            let m0 = x[member + r * m];
                            let m1 = x[member + (r + 1u * SEGS) * m];
                            let m2 = x[member + (r + 2u * SEGS) * m];
                            let m3 = x[member + (r + 3u * SEGS) * m];
                            let m4 = x[member + (r + 4u * SEGS) * m];
                            let m5 = x[member + (r + 5u * SEGS) * m];
                            let m6 = x[member + (r + 6u * SEGS) * m];
                            let m7 = x[member + (r + 7u * SEGS) * m];
                            let v0 = x[col + r * m];
                            let v1 = x[col + (r + 1u * SEGS) * m];
                            let v2 = x[col + (r + 2u * SEGS) * m];
                            let v3 = x[col + (r + 3u * SEGS) * m];
                            let v4 = x[col + (r + 4u * SEGS) * m];
                            let v5 = x[col + (r + 5u * SEGS) * m];
                            let v6 = x[col + (r + 6u * SEGS) * m];
                            let v7 = x[col + (r + 7u * SEGS) * m];
                            acc += m0 * v0;
                            acc += m1 * v1;
                            acc += m2 * v2;
                            acc += m3 * v3;
                            acc += m4 * v4;
                            acc += m5 * v5;
                            acc += m6 * v6;
                            acc += m7 * v7;
                        }
                        for (; r < end; r += SEGS) { acc += x[member + r * m] * x[col + r * m]; }
                    }
                    partial[lid] = acc;
                    workgroupBarrier();
                    if (lid < count) {
                        var dot = R(0);
                        for (var s = 0u; s < SEGS; s++) { dot += partial[s * QB + lid]; }
                        dots[lid] = dot;
                    }
                    workgroupBarrier();
                    for (var r = first + lid; r < end; r += WG) {
                        var v = x[col + r * m];
                        let row = xbase + r * m + lead + c0;
                        var p = 0u;
                        for (; p + 7u < count; p += 8u) {  // eight members' loads issued together
                            let m0 = x[row + p];
                            let m1 = x[row + p + 1u];
                            let m2 = x[row + p + 2u];
                            let m3 = x[row + p + 3u];
                            let m4 = x[row + p + 4u];
                            let m5 = x[row + p + 5u];
                            let m6 = x[row + p + 6u];
                            let m7 = x[row + p + 7u];
                            v -= dots[p] * m0;
                            v -= dots[p + 1u] * m1;
                            v -= dots[p + 2u] * m2;
                            v -= dots[p + 3u] * m3;
                            v -= dots[p + 4u] * m4;
                            v -= dots[p + 5u] * m5;
                            v -= dots[p + 6u] * m6;
                            v -= dots[p + 7u] * m7;
                        }
                        for (; p < count; p++) { v -= dots[p] * x[row + p]; }
                        x[col + r * m] = v;
                    }
                    storageBarrier();
                    workgroupBarrier();
                }
            }
            max_entry(col, m, first, end, lid);
            let big = red_value[0];
            let at = red_index[0];
            let inv = select(R(1) / big, R(0), big == R(0));
            sum_squares(col, m, first, end, lid, inv);
            if (lid == 0u) {
                let state = (g + j) * INFO_WORDS;
                let checks = info[state + 4u] + u32(big >= crit);
                info[state + 4u] = checks;
                info[state + 5u] = u32(checks >= CHECKS && (j == 0u || info[state - INFO_WORDS + 5u] != 0u));
                let scale = inv / sc_sqrt(red_value[0]);
                wg_scale = select(scale, -scale, x[col + at * m] < R(0));
            }
            let scale = workgroupUniformLoad(&wg_scale);
            for (var r = first + lid; r < end; r += WG) { x[col + r * m] *= scale; }
            storageBarrier();
            workgroupBarrier();
        }
    }
}
