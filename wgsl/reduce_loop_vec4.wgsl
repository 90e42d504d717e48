// A tree segment's lane folds its row's vec4s: ${loads} loads a step apart per iteration
// (coalesced: consecutive lanes read consecutive vec4s), all issued before any is folded,
// then one vec4 at a time, then the element past the last whole vec4 (rows are 4-aligned).
    let nq = R >> 2u;
    let b4 = base >> 2u;
    var q = part * ${W}u + lane;
    loop {
        if (q + ${last}u * step >= nq) { break; }
${issue}
${fold_loaded}
        q = q + ${loads}u * step;
    }
    loop {
        if (q >= nq) { break; }
        let v = in0[b4 + q];
${fold_one}
        q = q + step;
    }
    let t = nq * 4u + part * ${W}u + lane;
    if (t < R) { a0 = comb(a0, elem(load0(base + t), t)); }
