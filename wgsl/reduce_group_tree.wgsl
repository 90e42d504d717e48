    // The segment's partials fold in workgroup memory, halving each step.
    sh[lid] = comb(comb(a0, a1), comb(a2, a3));
    workgroupBarrier();
    for (var s = ${W}u / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { sh[lid] = comb(sh[lid], sh[lid + s]); }
        workgroupBarrier();
    }
