// Inverse iteration (tridiag_solve.py), step 1: one invocation per (matrix b, vector j) of the
// m = p_m() wanted: the eigenvalue w[j] (batch, m) of row k (k = j for the whole spectrum, else
// rows[b][j]: tridiag_vectors_select.wgsl; a block's wanted eigenvalues ascending at consecutive
// j). Finds the split block [first, end) holding row k (tridiag_split.wgsl), its 1-norm, and
// the cluster of eigenvalues around w[j]: successive wanted eigenvalues of the block closer than
// CLUSTER_GAP ||T_block||_1 / size (size: the block's order) chain into one cluster, whose
// members the orthogonalisation (tridiag_vectors_ortho.wgsl) takes in order (a cluster cut by
// the subset's edge keeps its wanted members). Writes info[j] = (first, end, pos: j's place in
// its cluster, the cluster's size (at its first member, 0 at the others), checks 0, done),
// shift_norm[j] = (the solves' shift: member_shift, ||T_block||_1), and the start vector (entries
// in (-1, 1), zero outside the block) as column j of x (batch, n, m). A block of one row has the
// vector e_k, and a non-finite T gives NaN: both are done at once. stats[0] gets the largest
// cluster.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<R>;
@group(0) @binding(2) var<storage, read_write> info: array<u32>;
@group(0) @binding(3) var<storage, read_write> shift_norm: array<R>;  // (batch, m, 2)
@group(0) @binding(4) var<storage, read_write> stats: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read> de: array<R>;
@group(0) @binding(6) var<storage, read> w: array<R>;
@group(0) @binding(7) var<storage, read> rows: array<u32>;  // (batch, m), read where p_subset()
${scalar}
${split}
${library}

const INFO_WORDS: u32 = ${INFO_WORDS}u;  // info per vector: first, end, pos, size, checks, done

const CLUSTER_GAP: R = R(${CLUSTER_GAP});
const LINK: R = R(${LINK});  // member_shift's multiple eigenvalues, in u = eps (||T_block||_1 + 2 |w_j|)
const WIDTH: R = R(${WIDTH});
const MARGIN: R = R(${MARGIN});

// A start value in (-1, 1), different for every row and eigenvalue.
fn start_value(k: u32, i: u32) -> R {
    var h = k * 0x9e3779b9u ^ (i + 0x7f4a7c15u) * 0x85ebca6bu;
    h ^= h >> 16u;
    h *= 0x7feb352du;
    h ^= h >> 15u;
    h *= 0x846ca68bu;
    h ^= h >> 16u;
    return R(f32(h >> 8u) / 8388608.0 - 1.0) + R(1.0 / 16777216.0);
}

// The row of the eigenvalue at slot j of matrix base wb (= b m).
fn slot_row(wb: u32, j: u32) -> u32 {
    if (p_subset() != 0u) { return rows[wb + j]; }
    return j;
}

// The shift of the solves for the member at place pos of its cluster (slot j of matrix base wb;
// rows of its block end before `end`). A solve at w_j amplifies the direction of an eigenvalue
// lambda_i by 1 / |lambda_i - w_j| against the share eps ||T|| / |lambda_i - w_j| its backward
// error mixes in: where earlier members' eigenvalues lie much closer to w_j than eps ||T||, their
// directions swamp the one left for j (a 59-fold eigenvalue: ~1000 times, the singular values of
// T - w_j I from 0.01 to 2.5 eps ||T||), and removing them leaves j with their residuals
// magnified as much. So, as stein perturbs equal eigenvalues apart, the members of a multiple
// eigenvalue after its first solve at MARGIN u above it: every direction of the run then
// amplified within a factor ~2 of the others, the rest no more than eps-level. A multiple
// eigenvalue: a run of w linked by steps <= LINK u (u = eps (||T_block||_1 + 2 |w_j|), the
// bisection's accuracy, whose steps quantise w), with two equal w, at most WIDTH u wide, the
// next eigenvalue more than 3 MARGIN u above it. Elsewhere (chains of close distinct
// eigenvalues) the shift stays w_j: a shift past w_j there takes later members' directions,
// leaving the last members far off (300 eps ||T|| on a chain of 80 within 1e-5).
fn member_shift(wb: u32, j: u32, pos: u32, onenorm: R, end: u32) -> R {
    let own = w[wb + j];
    let u = EPS * (onenorm + R(2) * abs(own));
    var tie = false;  // two equal w: eigenvalues the bisection could not tell apart
    var first = j;
    while (first > j - pos && w[wb + first] - w[wb + first - 1u] <= LINK * u) {
        tie = tie || w[wb + first] == w[wb + first - 1u];
        first -= 1u;
    }
    var last = j;
    while (last + 1u < p_m() && slot_row(wb, last + 1u) < end && w[wb + last + 1u] - w[wb + last] <= LINK * u) {
        tie = tie || w[wb + last + 1u] == w[wb + last];
        last += 1u;
    }
    let top = w[wb + last];
    let isolated = last + 1u >= p_m() || slot_row(wb, last + 1u) >= end || w[wb + last + 1u] - top > R(3) * MARGIN * u;
    let multiple = first < j && tie && top - w[wb + first] <= WIDTH * u && isolated;
    return select(own, top + MARGIN * u, multiple);
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${WG}u);
    let n = p_n();
    let m = p_m();
    if (item >= p_batch() * m) { return; }
    let b = item / m;
    let j = item % m;
    let wb = b * m;
    var k = j;
    if (p_subset() != 0u) { k = rows[item]; }
    let column = b * n * m + j;
    let norm = t_norm(b, n);
    var blk = vec2<u32>(k, k + 1u);
    var onenorm = R(0);
    var pos = 0u;
    var size = 1u;
    if (!isnan_${rtag}(norm)) {
        blk = t_block(b, n, k, norm);
        for (var i = blk.x; i < blk.y; i++) {
            var row = abs(t_d(b, n, i)) + abs(t_inner_e(b, n, i, blk));
            if (i > blk.x) { row += abs(t_e(b, n, i - 1u)); }
            onenorm = max(onenorm, row);
        }
        let gap = CLUSTER_GAP * onenorm / R(blk.y - blk.x);
        while (j - pos > 0u && slot_row(wb, j - pos - 1u) >= blk.x && w[wb + j - pos] - w[wb + j - pos - 1u] <= gap) {
            pos += 1u;
        }
        if (pos == 0u) {
            while (j + size < m && slot_row(wb, j + size) < blk.y && w[wb + j + size] - w[wb + j + size - 1u] <= gap) {
                size += 1u;
            }
        } else {
            size = 0u;
        }
    }
    let trivial = isnan_${rtag}(norm) || blk.y - blk.x == 1u;
    let base = item * INFO_WORDS;
    info[base] = blk.x;
    info[base + 1u] = blk.y;
    info[base + 2u] = pos;
    info[base + 3u] = size;
    info[base + 4u] = 0u;
    info[base + 5u] = u32(trivial);
    shift_norm[2u * item] = member_shift(wb, j, pos, onenorm, blk.y);
    shift_norm[2u * item + 1u] = onenorm;
    atomicMax(&stats[0], size);
    for (var r = 0u; r < n; r++) {
        var value = R(0);
        if (isnan_${rtag}(norm)) {
            value = nan_${rtag}();
        } else if (trivial) {
            value = select(R(0), R(1), r == k);
        } else if (r >= blk.x && r < blk.y) {
            value = start_value(k, r);
        }
        x[column + r * m] = value;
    }
}
