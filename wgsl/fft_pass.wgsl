// Stockham pass ${I} (radix ${R}) over the T transforms of the tile: butterfly j of a transform
// takes elements j + r N/R, twiddles them by w_(ns R)^(r (j % ns)), and its R results go to
// (j / ns) ns R + j % ns + r ns. The first pass reads its elements from the source (global
// memory) and the last (STORE) writes its results to the destination, so the data crosses
// workgroup memory only between passes: values in registers, one barrier pair per exchange.
fn pass${I}_${D}() {
    const R: u32 = ${R}u;
    const NS: u32 = ${NS}u;
    const BF: u32 = N / R;            // butterflies per transform
    const FIRST: bool = ${FIRST};
    const STORE: bool = ${STORE};     // results straight to the destination
    const ACROSS: bool = ${ACROSS};   // butterflies taken transform-fastest (runs across transforms)
    var hold: array<C, ${HOLD}>;
    for (var i = 0u; i < ${BPT}u; i++) {
        let g = lane + i * WG;
        if (g < T * BF) {
            let t = select(g / BF, g % T, ACROSS);
            let j = select(g % BF, g / T, ACROSS);
            var v: array<C, ${R}>;
            for (var r = 0u; r < R; r++) {
                if (FIRST) { v[r] = load(t, j + r * BF); } else { v[r] = s[slot(t, j + r * BF)]; }
            }
            let k = j % NS;
            if (NS > 1u && k > 0u) {
                let step = N / (NS * R) * k;
                for (var r = 1u; r < R; r++) { v[r] = cmul(v[r], twiddle_${D}(r * step)); }
            }
            dft${R}_${D}(&v);
            let dest = (j / NS) * NS * R + k;
            for (var r = 0u; r < R; r++) {
                if (STORE) { store(t, dest + r * NS, v[r]); } else { hold[i * R + r] = v[r]; }
            }
        }
    }
    if (STORE) { return; }
    if (!FIRST) { workgroupBarrier(); }  // every invocation has read its elements of this pass
    for (var i = 0u; i < ${BPT}u; i++) {
        let g = lane + i * WG;
        if (g < T * BF) {
            let t = select(g / BF, g % T, ACROSS);
            let j = select(g % BF, g / T, ACROSS);
            let dest = (j / NS) * NS * R + j % NS;
            for (var r = 0u; r < R; r++) { s[slot(t, dest + r * NS)] = hold[i * R + r]; }
        }
    }
    workgroupBarrier();
}
