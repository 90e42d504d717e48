// The block substitution of wgsl/lu_trsv.wgsl by subgroup shuffles, where a subgroup holds the
// block (nb <= its size; else the steps with barriers): every subgroup solves the block
// itself, lane i row i, each step's solved value shuffled to the lanes (no barrier a step);
// the same operations in the same order as substitute_steps, so the same bits. The first
// subgroup writes solved[].
fn substitute_shuffle(nb: u32, lid: u32, sg_lane: u32, sg_id: u32, sg_size: u32) {
    if (sg_size < nb) {
        substitute_steps(nb, lid);
        return;
    }
    var s = ${T}();
    if (sg_lane < nb) { s = rhs[sg_lane]; }
    for (var step = 0u; step < nb; step++) {
        let j = select(nb - 1u - step, step, LOWER);
        var solved_j = subgroupShuffle(s, j);
        if (!UNIT) { solved_j = divide(solved_j, tri[j * ${block}u + j]); }
        if (sg_lane == j) {
            s = solved_j;
        } else if (select((sg_lane < j), (sg_lane > j), LOWER) && sg_lane < nb) {
            s = s - multiply(tri[j * ${block}u + sg_lane], solved_j);
        }
    }
    if (sg_id == 0u && sg_lane < nb) { solved[sg_lane] = s; }
    workgroupBarrier();
}
