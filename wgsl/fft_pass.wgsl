// Stockham pass ${I} (radix ${R}) over the T transforms of the tile: butterfly j of a transform
// takes elements j + r N/R, twiddles them by w_(ns R)^(r (j % ns)), and its R results go to
// (j / ns) ns R + j % ns + r ns. The first pass reads its elements from the source (global
// memory) and the last (when it stores) writes its results to the destination, so the data
// crosses workgroup memory only between passes: one barrier pair per exchange. Each invocation
// takes butterflies g = lane + i WG (unrolled: fft_pass_butterfly.wgsl), holding the results
// in registers (h<i>_<r>) until every invocation has read its elements, then writes them.
fn pass${I}_${D}() {
    const R: u32 = ${R}u;
    const NS: u32 = ${NS}u;
    const BF: u32 = N / R;            // butterflies per transform
    const ACROSS: bool = ${ACROSS};   // butterflies taken transform-fastest (runs across transforms)
${holds}
${butterflies}
${exchange}
}
