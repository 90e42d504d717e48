// Pass ${I}'s results, held in registers (h${D}${I}_*), to workgroup memory: their ${PART} parts.
// With halved exchanges workgroup memory holds one float64 per position (twice the transforms per
// tile), so each exchange between passes goes as real parts, then imaginary parts.
fn pass${I}_${PART}_${D}() {
    const R: u32 = ${R}u;
    const NS: u32 = ${NS}u;
    const BF: u32 = N / R;
    const ACROSS: bool = ${ACROSS};
${writes}
}
