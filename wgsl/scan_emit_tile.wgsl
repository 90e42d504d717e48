    var prefix = ${carry};
    if (lid > 0u) { prefix = comb(prefix, sh[lid - 1u]); }
    let o = out_off(row);
    let step = p_out_step();
    let inc = p_initial();
    for (var k = 0u; k < ${per}u; k++) {
        if (start + k < L) { out[o + (start + k + inc) * step] = comb(prefix, loc[k]); }
    }
    if (inc == 1u && b == 0u && lid == 0u) { out[o] = ${initial}; }
