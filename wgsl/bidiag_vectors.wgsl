// The singular values and vectors of the bidiagonal B (n x n) from the eigenpairs of its
// Golub-Kahan tridiagonal T (2n x 2n, eigenvalues +-sigma; tridiag_solve): w (batch, zcols)
// eigenvalues (all 2n, or the n largest: zcols = p_zcols(); each split block's ascending at
// consecutive places), z (batch, 2n, zcols) their eigenvectors as columns. An eigenvector of
// sigma interleaves (v_0, u_0, v_1, u_1 ...) / sqrt(2) with
// B v = sigma u, B^T u = sigma v (LAPACK's bdsvdx). Stages (p_stage()):
//   0  one invocation per eigenvalue j: its rank in descending order (ties by index, NaN
//      last); the n largest give s (batch, n) (max(w, 0): the singular values, descending)
//      and index[b][rank] = j.
//   1  one workgroup per column k < ucols of U: the v and u parts of eigenvector index[k],
//      each normalised, into column k of vb (n x n) and the top n rows of ub (m x ucols; zero
//      below, e_k in the columns past n); uv holds per matrix ub, then vb. The parts of a
//      tiny sigma's vector are unreliable (T's eigenvectors of sigma and -sigma mix when they
//      are equally close to each other as the eigenvalues' accuracy, and of a zero sigma of an
//      odd split block one part is zero), and of a small one lose orthogonality to the others'
//      (T's vectors of sigma_k and -sigma_j mix by about eps sigma_max / sigma_k, which T's
//      orthogonality does not see: it moves v and u by opposite amounts). The column is
//      flagged (its word index[b][n + k] nonzero) when sigma <= max(TOL, 4 / n) sigma_max (a
//      loss within n eps above that) or a part's norm^2 is below 1/4 (1/2 for an accurate
//      vector).
//   3  one workgroup per matrix: the flagged columns in order, each in a slot: list[slot] = k
//      (index[b][2n + slot]; NONE past the last), and the slot in k's flag word (bit 0:
//      flagged; bits 1, 2: its v, u part vanished; the slot from bit 3 up).
//   4, 5  (twice) the flagged columns of the first p_slots() slots, both parts, less their
//      projection on the unflagged columns (classical Gram-Schmidt, on many workgroups):
//      4 their coefficients (QT columns a workgroup), 5 the update (RT rows a workgroup);
//      p_slot_groups() workgroups share a tile, taking every p_slot_groups()-th slot.
//   2  one workgroup per matrix, slots p_k0() .. p_k1(): each flagged column's two parts
//      are orthogonalised (twice) against the accepted columns (unflagged, or flagged and
//      earlier: just the latter for the columns of stages 4 and 5), and replaced by the unit
//      vector e_i least in their span where they lose more than half of their norm. Removing
//      the partner's share c v_j from v and -c u_j from u changes the residual B v - sigma u
//      by c (sigma_j + sigma_k) u_j: O(eps sigma_max), as T's residual. Replaced vectors span
//      the near-null singular subspaces (sigma <= TOL sigma_max), where any orthonormal basis
//      leaves a residual below 2 TOL sigma_max.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> s: array<R>;
@group(0) @binding(2) var<storage, read_write> index: array<u32>;
@group(0) @binding(3) var<storage, read_write> uv: array<${S}>;  // per matrix ub, then vb
@group(0) @binding(4) var<storage, read_write> work: array<R>;
@group(0) @binding(5) var<storage, read> w: array<R>;
@group(0) @binding(6) var<storage, read> z: array<R>;
${scalar}
${library}

const WG: u32 = ${WG}u;
const TOL: R = R(${TOL});
const LANES: u32 = 32u;  // invocations per row in project_out's update
const QT: u32 = ${QT}u;  // columns of a stage-4 workgroup
const STEP: u32 = WG / QT;  // its rows at a time
const RT: u32 = ${RT}u;  // rows of a stage-5 workgroup (WG / LANES at a time)
const NONE: u32 = 0xffffffffu;
const FLAGGED: u32 = 1u;
const SLOT_SHIFT: u32 = 3u;
var<workgroup> red_r: array<R, WG>;
var<workgroup> red_i: array<u32, WG>;
var<workgroup> flag_wg: u32;
var<workgroup> column_wg: u32;

var<private> local_id: u32;
var<private> b: u32;

fn wg_sum(x: R) -> R {
    red_r[local_id] = x;
    workgroupBarrier();
    for (var t = WG / 2u; t > 0u; t >>= 1u) {
        if (local_id < t) { red_r[local_id] += red_r[local_id + t]; }
        workgroupBarrier();
    }
    let total = workgroupUniformLoad(&red_r[0]);  // uniform: barriers may depend on it
    workgroupBarrier();
    return total;
}

fn sync() {
    storageBarrier();
    workgroupBarrier();
}

// Matrix b's words of index: ranks [0, n), flag words [n, 2n), the slots' columns [2n, 3n).
fn ibase() -> u32 { return b * 3u * p_n(); }

// Matrix b's words of work: project_out's coefficients [0, n), then stage 4's per part and slot.
fn work_base() -> u32 { return b * p_n() * (1u + 2u * p_slots()); }

fn slot_column(slot: u32) -> u32 { return index[ibase() + 2u * p_n() + slot]; }

fn rank(item: u32) {
    let n = p_n();
    let zcols = p_zcols();
    let j = item % zcols;
    b = item / zcols;
    let wbase = b * zcols;
    let raw = w[wbase + j];
    let mine_nan = isnan_${rtag}(raw);
    var count = 0u;
    for (var i = 0u; i < zcols; i++) {
        let other = w[wbase + i];
        let other_nan = isnan_${rtag}(other);
        let ahead = (!other_nan && (mine_nan || other > raw)) || ((other == raw || (other_nan && mine_nan)) && i < j);
        count += u32(ahead);
    }
    if (count < n) {
        index[ibase() + count] = j;
        s[b * n + count] = select(max(raw, R(0)), raw, isnan_${rtag}(raw));
    }
}

// Where entry (r, q) of the bidiagonal's right (which = 0: vb) or left (1: ub) singular vectors
// lies in uv: per matrix ub (m x ucols), then vb (n x n).
fn at_uv(which: u32, r: u32, q: u32) -> u32 {
    let ub_size = p_m() * p_ucols();
    let base = b * (ub_size + p_n() * p_n());
    if (which == 0u) { return base + ub_size + r * p_n() + q; }
    return base + r * p_ucols() + q;
}

fn entry(which: u32, r: u32, q: u32) -> R { return sc_re(uv[at_uv(which, r, q)]); }

fn set_entry(which: u32, r: u32, q: u32, x: R) { uv[at_uv(which, r, q)] = sc_real(x); }

fn assemble(k: u32) {
    let m = p_m();
    let n = p_n();
    let ucols = p_ucols();
    if (k >= n) {  // full_matrices: U's columns past n are Q's
        for (var r = local_id; r < m; r += WG) { set_entry(1u, r, k, select(R(0), R(1), r == k)); }
        return;
    }
    let j = index[ibase() + k];
    let sigma = s[b * n + k];
    let zcols = p_zcols();
    let zbase = b * 2u * n * zcols + j;
    var sv = R(0);
    var su = R(0);
    for (var i = local_id; i < n; i += WG) {
        let v = z[zbase + 2u * i * zcols];
        let u = z[zbase + (2u * i + 1u) * zcols];
        sv += v * v;
        su += u * u;
    }
    let nv2 = wg_sum(sv);
    let nu2 = wg_sum(su);
    let bad = isnan_${rtag}(sigma);
    let flagged = !bad && (sigma <= max(TOL, R(4) / R(n)) * s[b * n] || nv2 < R(0.25) || nu2 < R(0.25));
    let scale_v = select(R(0), R(1) / sc_sqrt(nv2), nv2 > R(0));
    let scale_u = select(R(0), R(1) / sc_sqrt(nu2), nu2 > R(0));
    for (var i = local_id; i < n; i += WG) {
        set_entry(0u, i, k, select(z[zbase + 2u * i * zcols] * scale_v, sigma, bad));
        set_entry(1u, i, k, select(z[zbase + (2u * i + 1u) * zcols] * scale_u, sigma, bad));
    }
    for (var r = n + local_id; r < m; r += WG) { set_entry(1u, r, k, select(R(0), sigma, bad)); }
    if (local_id == 0u) {
        let vanished = u32(!(nv2 > R(0))) << 1u | u32(!(nu2 > R(0))) << 2u;
        index[ibase() + n + k] = select(0u, FLAGGED | vanished, flagged);
    }
}

fn accepted(q: u32, k: u32) -> bool {
    let n = p_n();
    return q != k && (q < k || index[ibase() + n + q] == 0u);
}

// Column q of `which` dotted with column k, over all n rows: invocations take consecutive q
// (consecutive words of each row), each 8 rows at a time with the loads first (the loop is
// latency-bound: one workgroup reads the whole matrix), masked past the end. (Written out:
// the H100's driver leaves loops over local arrays in memory.)
fn column_dot(which: u32, q: u32, k: u32) -> R {
    let n = p_n();
    var acc = R(0);
    for (var r = 0u; r < n; r += 8u) {
        let row0 = min(r + 0u, n - 1u);
        let row1 = min(r + 1u, n - 1u);
        let row2 = min(r + 2u, n - 1u);
        let row3 = min(r + 3u, n - 1u);
        let row4 = min(r + 4u, n - 1u);
        let row5 = min(r + 5u, n - 1u);
        let row6 = min(r + 6u, n - 1u);
        let row7 = min(r + 7u, n - 1u);
        let x0 = entry(which, row0, q);
        let x1 = entry(which, row1, q);
        let x2 = entry(which, row2, q);
        let x3 = entry(which, row3, q);
        let x4 = entry(which, row4, q);
        let x5 = entry(which, row5, q);
        let x6 = entry(which, row6, q);
        let x7 = entry(which, row7, q);
        let y0 = entry(which, row0, k);
        let y1 = entry(which, row1, k);
        let y2 = entry(which, row2, k);
        let y3 = entry(which, row3, k);
        let y4 = entry(which, row4, k);
        let y5 = entry(which, row5, k);
        let y6 = entry(which, row6, k);
        let y7 = entry(which, row7, k);
        acc += x0 * y0;
        acc += select(R(0), x1 * y1, r + 1u < n);
        acc += select(R(0), x2 * y2, r + 2u < n);
        acc += select(R(0), x3 * y3, r + 3u < n);
        acc += select(R(0), x4 * y4, r + 4u < n);
        acc += select(R(0), x5 * y5, r + 5u < n);
        acc += select(R(0), x6 * y6, r + 6u < n);
        acc += select(R(0), x7 * y7, r + 7u < n);
    }
    return acc;
}

// The part of column q . column k (of which) over rows first, first + step, ...: written out as
// column_dot, four loads of each column in flight.
fn strided_dot(which: u32, q: u32, k: u32, first: u32, step: u32) -> R {
    let n = p_n();
    var acc = R(0);
    for (var r = first; r < n; r += 4u * step) {
        let row1 = min(r + step, n - 1u);
        let row2 = min(r + 2u * step, n - 1u);
        let row3 = min(r + 3u * step, n - 1u);
        let x0 = entry(which, r, q);
        let x1 = entry(which, row1, q);
        let x2 = entry(which, row2, q);
        let x3 = entry(which, row3, q);
        let y0 = entry(which, r, k);
        let y1 = entry(which, row1, k);
        let y2 = entry(which, row2, k);
        let y3 = entry(which, row3, k);
        acc += x0 * y0;
        acc += select(R(0), x1 * y1, r + step < n);
        acc += select(R(0), x2 * y2, r + 2u * step < n);
        acc += select(R(0), x3 * y3, r + 3u * step < n);
    }
    return acc;
}

// A LANES-th of row r of `which` dotted with the coefficients from work[coefficients]
// (invocation `lane` takes q = lane, lane + LANES, ...: the LANES invocations of a row read
// consecutive words), 4 at a time.
fn row_part(which: u32, r: u32, lane: u32, coefficients: u32) -> R {
    let n = p_n();
    var acc = R(0);
    for (var q = lane; q < n; q += 4u * LANES) {
        let col0 = min(q + 0u * LANES, n - 1u);
        let col1 = min(q + 1u * LANES, n - 1u);
        let col2 = min(q + 2u * LANES, n - 1u);
        let col3 = min(q + 3u * LANES, n - 1u);
        let x0 = entry(which, r, col0);
        let x1 = entry(which, r, col1);
        let x2 = entry(which, r, col2);
        let x3 = entry(which, r, col3);
        let c0 = work[coefficients + col0];
        let c1 = work[coefficients + col1];
        let c2 = work[coefficients + col2];
        let c3 = work[coefficients + col3];
        acc += x0 * c0;
        acc += select(R(0), x1 * c1, q + 1u * LANES < n);
        acc += select(R(0), x2 * c2, q + 2u * LANES < n);
        acc += select(R(0), x3 * c3, q + 3u * LANES < n);
    }
    return acc;
}

// Column k of `which` less its projection on the accepted columns (classical Gram-Schmidt):
// the coefficients d_q (0 for the others) into work[b], then x_r -= sum_q X[r, q] d_q, WG / LANES
// rows at a time, LANES invocations each, their parts summed in workgroup memory.
fn project_out(which: u32, k: u32) {
    let n = p_n();
    for (var q = local_id; q < n; q += WG) {
        var d = R(0);
        if (accepted(q, k)) { d = column_dot(which, q, k); }
        work[work_base() + q] = d;
    }
    sync();
    let lane = local_id % LANES;
    for (var r0 = 0u; r0 < n; r0 += WG / LANES) {
        let r = r0 + local_id / LANES;
        var part = R(0);
        if (r < n) { part = row_part(which, r, lane, work_base()); }
        red_r[local_id] = part;
        workgroupBarrier();
        if (lane == 0u && r < n) {  // d_k = 0: column k's own term (read above) adds nothing
            var total = R(0);
            for (var l = 0u; l < LANES; l++) { total += red_r[local_id + l]; }
            set_entry(which, r, k, entry(which, r, k) - total);
        }
        workgroupBarrier();
    }
    sync();
}

// Column k of `which` less its projection on the columns of the slots before `slot` (the flagged
// columns before k, already repaired; stages 4 and 5 took out the unflagged ones): the dots
// WG / LANES at a time, LANES invocations each, then the update, a row per invocation.
fn project_flagged(which: u32, k: u32, slot: u32) {
    let n = p_n();
    let coefficients = work_base();
    let lane = local_id % LANES;
    for (var t0 = 0u; t0 < slot; t0 += WG / LANES) {
        let t = t0 + local_id / LANES;
        var acc = R(0);
        if (t < slot) {
            let q = slot_column(t);
            acc = strided_dot(which, q, k, lane, LANES);
        }
        red_r[local_id] = acc;
        workgroupBarrier();
        if (lane == 0u && t < slot) {
            var total = R(0);
            for (var l = 0u; l < LANES; l++) { total += red_r[local_id + l]; }
            work[coefficients + t] = total;
        }
        workgroupBarrier();
    }
    sync();
    for (var r = local_id; r < n; r += WG) {
        var total = R(0);
        for (var t = 0u; t < slot; t++) { total += entry(which, r, slot_column(t)) * work[coefficients + t]; }
        set_entry(which, r, k, entry(which, r, k) - total);
    }
    sync();
}

// Stage 3: the flagged columns' slots, in column order (a prefix count of the flags per WG columns).
fn list_flagged() {
    let n = p_n();
    var count = 0u;
    for (var k0 = 0u; k0 < n; k0 += WG) {
        let k = k0 + local_id;
        var flag = 0u;
        if (k < n) { flag = index[ibase() + n + k]; }
        red_i[local_id] = u32(flag != 0u);
        workgroupBarrier();
        for (var offset = 1u; offset < WG; offset <<= 1u) {  // inclusive prefix sums
            var add = 0u;
            if (local_id >= offset) { add = red_i[local_id - offset]; }
            workgroupBarrier();
            red_i[local_id] += add;
            workgroupBarrier();
        }
        if (flag != 0u) {
            let slot = count + red_i[local_id] - 1u;
            index[ibase() + n + k] = flag | (slot << SLOT_SHIFT);
            index[ibase() + 2u * n + slot] = k;
        }
        count += workgroupUniformLoad(&red_i[WG - 1u]);
    }
    for (var slot = count + local_id; slot < n; slot += WG) { index[ibase() + 2u * n + slot] = NONE; }
}

// The column of a slot (NONE past the flagged ones), uniform.
fn slot_column_uniform(slot: u32) -> u32 {
    if (local_id == 0u) { column_wg = select(NONE, slot_column(slot), slot < p_n()); }
    return workgroupUniformLoad(&column_wg);
}

// Stage 4, tile g of matrix b: for its slots' columns k, the coefficients X[:, q]^H X[:, k] of
// the unflagged columns q of its QT (0 for the others), each invocation STEP rows apart, 8
// loads at a time (QT consecutive words of a row read together).
fn flagged_dots(g: u32) {
    let n = p_n();
    let tiles = (n + QT - 1u) / QT;
    let which = g % 2u;
    let tile = (g / 2u) % tiles;
    let group = g / (2u * tiles);
    let q = min(tile * QT + local_id % QT, n - 1u);
    let first_row = local_id / QT;
    let unflagged = tile * QT + local_id % QT < n && index[ibase() + n + q] == 0u;
    for (var slot = group; slot < p_slots(); slot += p_slot_groups()) {
        let k = slot_column_uniform(slot);
        if (k == NONE) { break; }
        let acc = strided_dot(which, q, k, first_row, STEP);
        red_r[local_id] = acc;
        workgroupBarrier();
        if (local_id < QT) {
            var total = R(0);
            for (var part = local_id; part < WG; part += QT) { total += red_r[part]; }
            if (tile * QT + local_id < n) {
                work[work_base() + n + (which * p_slots() + slot) * n + q] = select(R(0), total, unflagged);
            }
        }
        workgroupBarrier();
    }
}

// Stage 5, tile g of matrix b: rows RT of its slots' columns k less sum_q X[r, q] c_q (the
// coefficients of stage 4; 0 for the flagged q, k among them), LANES invocations a row.
fn flagged_update(g: u32) {
    let n = p_n();
    let tiles = (n + RT - 1u) / RT;
    let which = g % 2u;
    let tile = (g / 2u) % tiles;
    let group = g / (2u * tiles);
    let lane = local_id % LANES;
    for (var slot = group; slot < p_slots(); slot += p_slot_groups()) {
        let k = slot_column_uniform(slot);
        if (k == NONE) { break; }
        let coefficients = work_base() + n + (which * p_slots() + slot) * n;
        for (var r0 = tile * RT; r0 < min(n, tile * RT + RT); r0 += WG / LANES) {
            let r = r0 + local_id / LANES;
            var part = R(0);
            if (r < n) { part = row_part(which, r, lane, coefficients); }
            red_r[local_id] = part;
            workgroupBarrier();
            if (lane == 0u && r < n) {
                var total = R(0);
                for (var l = 0u; l < LANES; l++) { total += red_r[local_id + l]; }
                set_entry(which, r, k, entry(which, r, k) - total);
            }
            workgroupBarrier();
        }
    }
}

fn norm2(which: u32, k: u32) -> R {
    var acc = R(0);
    for (var r = local_id; r < p_n(); r += WG) { acc += entry(which, r, k) * entry(which, r, k); }
    return wg_sum(acc);
}

fn scale_column(which: u32, k: u32, factor: R) {
    for (var r = local_id; r < p_n(); r += WG) { set_entry(which, r, k, entry(which, r, k) * factor); }
    sync();
}

fn fix(which: u32, k: u32, flag: u32) {
    let n = p_n();
    let slot = flag >> SLOT_SHIFT;
    let prepared = slot < p_slots();  // stages 4 and 5 took out the unflagged columns
    // 1, or 0 where the part vanished (assembled normalised)
    var before = select(R(1), R(0), (flag & (2u << which)) != 0u);
    if (!prepared) { before = norm2(which, k); }
    var after = R(0);
    if (before > R(0.01)) {
        if (prepared) {
            project_flagged(which, k, slot);
            project_flagged(which, k, slot);
        } else {
            project_out(which, k);
            project_out(which, k);
        }
        after = norm2(which, k);
    }
    if (after < R(0.25) * before || before <= R(0.01)) {
        // The unit vector e_i least in the accepted columns' span: the largest 1 - sum_q X[i, q]^2.
        var best = R(-2);
        var best_i = 0u;
        for (var i = local_id; i < n; i += WG) {
            var rest = R(1);
            for (var q = 0u; q < n; q++) {
                if (accepted(q, k)) { rest -= entry(which, i, q) * entry(which, i, q); }
            }
            if (rest > best) { best = rest; best_i = i; }
        }
        red_r[local_id] = best;
        red_i[local_id] = best_i;
        workgroupBarrier();
        for (var t = WG / 2u; t > 0u; t >>= 1u) {
            if (local_id < t && red_r[local_id + t] > red_r[local_id]) {
                red_r[local_id] = red_r[local_id + t];
                red_i[local_id] = red_i[local_id + t];
            }
            workgroupBarrier();
        }
        let chosen = red_i[0];
        workgroupBarrier();
        for (var r = local_id; r < n; r += WG) { set_entry(which, r, k, select(R(0), R(1), r == chosen)); }
        sync();
        project_out(which, k);
        project_out(which, k);
        after = norm2(which, k);
    }
    scale_column(which, k, R(1) / sc_sqrt(after));
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    local_id = lid;
    let n = p_n();
    if (p_stage() == 0u) {
        let item = linear_id(wid, nwg, lid, WG);
        if (item < p_batch() * p_zcols()) { rank(item); }
        return;
    }
    let g = wid.x + wid.y * nwg.x;
    if (p_stage() == 1u) {
        b = g / p_ucols();
        if (b < p_batch()) { assemble(g % p_ucols()); }
        return;
    }
    if (p_stage() == 4u || p_stage() == 5u) {
        let tile = select(RT, QT, p_stage() == 4u);
        let tiles = 2u * p_slot_groups() * ((n + tile - 1u) / tile);
        b = g / tiles;
        if (b >= p_batch()) { return; }
        if (p_stage() == 4u) { flagged_dots(g % tiles); } else { flagged_update(g % tiles); }
        return;
    }
    b = g;
    if (b >= p_batch()) { return; }
    if (p_stage() == 3u) {
        list_flagged();
        return;
    }
    for (var slot = p_k0(); slot < p_k1(); slot++) {  // the flagged columns, in order
        let k = slot_column_uniform(slot);
        if (k == NONE) { break; }
        if (lid == 0u) { flag_wg = index[ibase() + n + k]; }
        let flag = workgroupUniformLoad(&flag_wg);
        fix(0u, k, flag);
        fix(1u, k, flag);
    }
}
