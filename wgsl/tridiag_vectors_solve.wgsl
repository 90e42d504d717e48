// Inverse iteration (tridiag_solve.py), one step for every vector not yet done: one invocation per
// (matrix b, vector k < m = p_m(); x is (batch, n, m)) for the matrices b_first .. b_first +
// p_batch() - 1. x_k := (T_block - s_k I)^-1 x_k (s_k: w[k], or just above it for a multiple
// eigenvalue's members: tridiag_vectors_setup.wgsl's member_shift), scaled as LAPACK's stein
// does (as if x_k had been scaled to ||x_k||_1 = size ||T_block||_1 max(eps, |u_nn|) before the
// solve), so that the orthogonalisation's convergence test can read the growth from
// ||x_k||_inf. The LU of T_block - s_k I with partial pivoting (LAPACK's gttrf, pivots below eps
// ||T_block||_1 raised to it) is made in the same pass as the forward substitution, its U (3
// diagonals) kept in lu (matrices, 3, n, m) for the back substitution. Two serial passes over
// the block; lanes of neighbouring k read and write neighbouring words.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<R>;
@group(0) @binding(2) var<storage, read_write> lu: array<R>;
@group(0) @binding(3) var<storage, read> info: array<u32>;
@group(0) @binding(4) var<storage, read> shift_norm: array<R>;  // (batch, m, 2): shift, ||T_block||_1
@group(0) @binding(5) var<storage, read> de: array<R>;
${scalar}
${split}
${library}

const INFO_WORDS: u32 = ${INFO_WORDS}u;  // info per vector: first, end, pos, size, checks, done

var<private> lu_base: u32;
var<private> order: u32;
var<private> vectors: u32;

// U's entries of row i: its diagonal (f = 0), first (1) and second (2) superdiagonals.
fn u_at(f: u32, i: u32) -> u32 { return lu_base + (f * order + i) * vectors; }

fn raised(d: R, tiny: R) -> R {
    return select(d, select(tiny, -tiny, d < R(0)), abs(d) < tiny);
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${WG}u);
    let n = p_n();
    let m = p_m();
    if (item >= p_batch() * m) { return; }
    let local_b = item / m;
    let k = item % m;
    let b = p_b_first() + local_b;
    let vector = b * m + k;
    if (info[vector * INFO_WORDS + 5u] != 0u) { return; }  // done
    let first = info[vector * INFO_WORDS];
    let end = info[vector * INFO_WORDS + 1u];
    let onenorm = shift_norm[2u * vector + 1u];
    let tiny = max(EPS * onenorm, SAFEMIN);
    let shift = shift_norm[2u * vector];
    order = n;
    vectors = m;
    lu_base = local_b * 3u * n * m + k;
    let column = b * n * m + k;
    // Forward: eliminate row i + 1 with row i (or swap them), applying the same to x.
    var asum = R(0);
    var cur_d = t_d(b, n, first) - shift;
    var cur_u = select(R(0), t_e(b, n, first), first + 1u < end);
    var cur_x = x[column + first * m];
    asum += abs(cur_x);
    // x's rows i + 1 .. i + 3 loaded ahead (a row's load issued three steps before its use)
    var ahead1 = x[column + min(first + 1u, end - 1u) * m];
    var ahead2 = x[column + min(first + 2u, end - 1u) * m];
    var ahead3 = x[column + min(first + 3u, end - 1u) * m];
    for (var i = first; i + 1u < end; i++) {
        let l = t_e(b, n, i);
        let next_d = t_d(b, n, i + 1u) - shift;
        let next_u = select(R(0), t_e(b, n, i + 1u), i + 2u < end);
        let next_x = ahead1;
        ahead1 = ahead2;
        ahead2 = ahead3;
        ahead3 = x[column + min(i + 4u, end - 1u) * m];
        asum += abs(next_x);
        var row = vec3<R>(cur_d, cur_u, R(0));
        var kept_x = cur_x;
        if (abs(cur_d) >= abs(l)) {
            let fact = select(R(0), l / cur_d, cur_d != R(0));
            cur_d = next_d - fact * cur_u;
            cur_u = next_u;
            cur_x = next_x - fact * cur_x;
        } else {
            let fact = cur_d / l;
            row = vec3<R>(l, next_d, next_u);
            kept_x = next_x;
            cur_d = cur_u - fact * next_d;
            cur_u = -fact * next_u;
            cur_x = cur_x - fact * next_x;
        }
        lu[u_at(0u, i)] = raised(row.x, tiny);
        lu[u_at(1u, i)] = row.y;
        lu[u_at(2u, i)] = row.z;
        x[column + i * m] = kept_x;
    }
    let last_d = raised(cur_d, tiny);
    // Back: x := U^-1 (scale x), the scale that stein applies before the solve.
    let scale = R(end - first) * onenorm * max(EPS, abs(last_d)) / asum;
    var x1 = scale * cur_x / last_d;  // x_{i+1}
    var x2 = R(0);  // x_{i+2}
    x[column + (end - 1u) * m] = x1;
    // Four rows a step, their loads issued together (the recurrence itself is short: a serial
    // chain of loads waited for one by one was the solve's time).
    var q = 1u;
    for (; q + 3u < end - first; q += 4u) {
        let i = end - 1u - q;
        let xa = x[column + i * m];
        let xb = x[column + (i - 1u) * m];
        let xc = x[column + (i - 2u) * m];
        let xd = x[column + (i - 3u) * m];
        let ua = vec3<R>(lu[u_at(0u, i)], lu[u_at(1u, i)], lu[u_at(2u, i)]);
        let ub = vec3<R>(lu[u_at(0u, i - 1u)], lu[u_at(1u, i - 1u)], lu[u_at(2u, i - 1u)]);
        let uc = vec3<R>(lu[u_at(0u, i - 2u)], lu[u_at(1u, i - 2u)], lu[u_at(2u, i - 2u)]);
        let ud = vec3<R>(lu[u_at(0u, i - 3u)], lu[u_at(1u, i - 3u)], lu[u_at(2u, i - 3u)]);
        let va = (scale * xa - ua.y * x1 - ua.z * x2) / ua.x;
        let vb = (scale * xb - ub.y * va - ub.z * x1) / ub.x;
        let vc = (scale * xc - uc.y * vb - uc.z * va) / uc.x;
        let vd = (scale * xd - ud.y * vc - ud.z * vb) / ud.x;
        x[column + i * m] = va;
        x[column + (i - 1u) * m] = vb;
        x[column + (i - 2u) * m] = vc;
        x[column + (i - 3u) * m] = vd;
        x2 = vc;
        x1 = vd;
    }
    for (; q < end - first; q++) {
        let i = end - 1u - q;
        let value = (scale * x[column + i * m] - lu[u_at(1u, i)] * x1 - lu[u_at(2u, i)] * x2) / lu[u_at(0u, i)];
        x[column + i * m] = value;
        x2 = x1;
        x1 = value;
    }
}
