// Inverse iteration (tridiag_solve.py), the last step: every vector corrected against its
// neighbours, all at once from the iteration's final vectors x (batch, n, m = p_m(); vector k in
// column k), into z in the matrix dtype. Vectors of close eigenvalues outside a cluster keep products
// p_jk = x_j . x_k of up to a few n eps (eps ||T|| over their gap); the first-order symmetric
// orthogonalisation z_k = x_k - 1/2 sum_j p_jk x_j over the HALO vectors on either side of k
// leaves O(p^2) for those pairs (p ~ 1e-5 -> 1e-10) and moves a residual by
// 1/2 sum_j p_jk (r_j + (lambda_j - lambda_k) x_j): O(eps ||T||) (tridiag_solve.py's bound).
// One workgroup per TILE vectors of one matrix: first each invocation sums the products of one
// of them (column a) with 8 of the TILE + 2 HALO columns around the tile (a group g of 8) over
// one of PARTS interleaved parts of the rows, keeping those within HALO of a (the parts added
// in turn); then the update, the same invocations taking a column's rows in turn. Columns past
// the matrix count as zero.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> z: array<${S}>;
@group(0) @binding(2) var<storage, read> x: array<R>;
${scalar}
${library}

const WG: u32 = ${WG}u;
const TILE: u32 = ${TILE}u;
const HALO: u32 = ${HALO}u;
const BAND: u32 = 2u * HALO + 1u;
const GROUPS: u32 = (TILE + 2u * HALO) / 8u;  // column groups of 8
const PARTS: u32 = WG / (TILE * GROUPS);  // row parts of the dot products
const LANES: u32 = TILE * GROUPS;

// products[a * BAND + t]: x_{k0+a} . x_{k0+a-HALO+t} (0 at t == HALO, and past the matrix)
var<workgroup> products: array<R, TILE * BAND>;

// Column k0 - HALO + c of matrix base (0 past the m columns), at row r.
fn around(base: u32, m: u32, k0: u32, c: u32, r: u32) -> R {
    let k = k0 + c;  // + HALO
    if (k < HALO || k - HALO >= m) { return R(0); }
    return x[base + r * m + k - HALO];
}

fn keep(a: u32, c: u32, value: R) {
    if (c >= a && c <= a + 2u * HALO && c != a + HALO) { products[a * BAND + c - a] += value; }
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g_index = wid.x + wid.y * nwg.x;
    let n = p_n();
    let m = p_m();
    let tiles = (m + TILE - 1u) / TILE;
    if (g_index >= p_batch() * tiles) { return; }
    let base = (g_index / tiles) * n * m;
    let k0 = (g_index % tiles) * TILE;
    let a = lid % TILE;
    let g = (lid / TILE) % GROUPS;
    let part = lid / LANES;
    for (var t = lid; t < TILE * BAND; t += WG) { products[t] = R(0); }
    workgroupBarrier();
    let mine = k0 + a < m;
    var lo = vec4<R>();
    var hi = vec4<R>();
    let c = g * 8u;
    if (mine) {
        for (var r = part; r < n; r += 2u * PARTS) {  // two rows a step: their loads issued together
            let r1 = min(r + PARTS, n - 1u);
            let v0 = x[base + r * m + k0 + a];
            let v1 = select(R(0), x[base + r1 * m + k0 + a], r + PARTS < n);
            let lo0 = vec4<R>(around(base, m, k0, c, r), around(base, m, k0, c + 1u, r),
                              around(base, m, k0, c + 2u, r), around(base, m, k0, c + 3u, r));
            let hi0 = vec4<R>(around(base, m, k0, c + 4u, r), around(base, m, k0, c + 5u, r),
                              around(base, m, k0, c + 6u, r), around(base, m, k0, c + 7u, r));
            let lo1 = vec4<R>(around(base, m, k0, c, r1), around(base, m, k0, c + 1u, r1),
                              around(base, m, k0, c + 2u, r1), around(base, m, k0, c + 3u, r1));
            let hi1 = vec4<R>(around(base, m, k0, c + 4u, r1), around(base, m, k0, c + 5u, r1),
                              around(base, m, k0, c + 6u, r1), around(base, m, k0, c + 7u, r1));
            lo += v0 * lo0;
            hi += v0 * hi0;
            lo += v1 * lo1;
            hi += v1 * hi1;
        }
    }
    for (var p = 0u; p < PARTS; p++) {  // the parts in turn: the same sums on every run
        if (mine && part == p) {
            keep(a, c, lo.x);
            keep(a, c + 1u, lo.y);
            keep(a, c + 2u, lo.z);
            keep(a, c + 3u, lo.w);
            keep(a, c + 4u, hi.x);
            keep(a, c + 5u, hi.y);
            keep(a, c + 6u, hi.z);
            keep(a, c + 7u, hi.w);
        }
        workgroupBarrier();
    }
    if (!mine) { return; }
    for (var r = lid / TILE; r < n; r += WG / TILE) {
        var correction = R(0);
        for (var t = 0u; t < BAND; t++) {
            correction += products[a * BAND + t] * around(base, m, k0, a + t, r);
        }
        let at = base + r * m + k0 + a;
        z[at] = sc_real(x[at] - R(0.5) * correction);
    }
}
