    // The workgroup's partials fold by one subgroup operation, then its first invocation
    // folds the subgroups' results.
    let total = ${op}(comb(comb(a0, a1), comb(a2, a3)));
    if (sg_lane == 0u) { sh[sg_id] = total; }
    workgroupBarrier();
    if (lid == 0u) {
        var t = sh[0];
        for (var k = 1u; k < sg_count; k++) { t = comb(t, sh[k]); }
        sh[0] = t;
    }
