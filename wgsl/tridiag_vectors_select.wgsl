// The eigenvalues of ascending index p_first() .. p_first() + p_count() - 1 of each tridiagonal
// (tridiag_solve.select), from all n of them in w (batch, n; each split block's ascending at its
// rows): one invocation per (matrix b, row j). Stage 0: j's ascending rank among the n (ties by
// row, NaN last: a permutation) into ranks (batch, n). Stage 1: a chosen row j (its rank in the
// range) takes slot #{chosen rows before j}, so that the subset keeps w's layout (each block's
// chosen eigenvalues ascending at consecutive slots): rows[b][slot] = j, chosen[b][slot] = w_j.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> chosen: array<R>;
@group(0) @binding(2) var<storage, read_write> rows: array<u32>;
@group(0) @binding(3) var<storage, read_write> ranks: array<u32>;
@group(0) @binding(4) var<storage, read> w: array<R>;
${scalar}
${library}

fn in_range(rank: u32) -> bool { return rank >= p_first() && rank - p_first() < p_count(); }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let item = linear_id(wid, nwg, lid, ${WG}u);
    let n = p_n();
    if (item >= p_batch() * n) { return; }
    let b = item / n;
    let j = item % n;
    let wbase = b * n;
    if (p_stage() == 0u) {
        let mine = w[item];
        let mine_nan = isnan_${rtag}(mine);
        var rank = 0u;
        for (var i = 0u; i < n; i++) {
            let other = w[wbase + i];
            let other_nan = isnan_${rtag}(other);
            let tie = other == mine || (other_nan && mine_nan);
            rank += u32((!other_nan && (mine_nan || other < mine)) || (tie && i < j));
        }
        ranks[item] = rank;
        return;
    }
    if (!in_range(ranks[item])) { return; }
    var slot = 0u;
    for (var i = 0u; i < j; i++) { slot += u32(in_range(ranks[wbase + i])); }
    if (slot < p_count()) {  // (always, ranks being a permutation)
        rows[b * p_count() + slot] = j;
        chosen[b * p_count() + slot] = w[item];
    }
}
