// One Stockham pass of radix ${R} over the T transforms in workgroup memory: butterfly j of a
// transform reads elements j + r N/R, twiddles them by w_(ns R)^(r (j % ns)), and writes the
// R results to (j / ns) ns R + j % ns + r ns. Each invocation holds its butterflies' results
// in registers until every invocation has read, so the pass works in place.
fn pass${R}_${D}(ns: u32) {
    const BF: u32 = N / ${R}u;  // butterflies per transform
    var hold: array<C, ${HOLD}>;
    for (var i = 0u; i < ${BPT}u; i++) {
        let g = lane + i * WG;
        if (g < T * BF) {
            let t = butterfly_t(g, BF);
            let j = butterfly_j(g, BF);
            let k = j % ns;
            var v: array<C, ${R}>;
            for (var r = 0u; r < ${R}u; r++) { v[r] = s[slot(t, j + r * BF)]; }
            if (k > 0u) {
                let step = N / (ns * ${R}u) * k;
                for (var r = 1u; r < ${R}u; r++) { v[r] = cmul(v[r], twiddle_${D}(r * step)); }
            }
            dft${R}_${D}(&v);
            for (var r = 0u; r < ${R}u; r++) { hold[i * ${R}u + r] = v[r]; }
        }
    }
    workgroupBarrier();
    for (var i = 0u; i < ${BPT}u; i++) {
        let g = lane + i * WG;
        if (g < T * BF) {
            let t = butterfly_t(g, BF);
            let j = butterfly_j(g, BF);
            let dest = (j / ns) * ns * ${R}u + j % ns;
            for (var r = 0u; r < ${R}u; r++) { s[slot(t, dest + r * ns)] = hold[i * ${R}u + r]; }
        }
    }
    workgroupBarrier();
}
