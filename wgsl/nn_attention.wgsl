// Flash attention, forward: out[b, i, :] = softmax_j(scale * q[b, i, :] . k[b, j, :] + bias[b, i, j]) @ v[b, :, :]
// One workgroup of TX x TY invocations computes BR = 4 TY query rows of one batch entry; it
// walks the keys in tiles of BC = TN TX rows (an online softmax in registers, never the L x S
// matrix), causal tiles above the diagonal skipped. Each invocation owns 4 query rows: 4 x TN
// scores (key columns tx + TX j) and 4 x KV vec4 output columns (tx + TX k); the TX lanes of a
// row group reduce the row maximum and sum with subgroup shuffles (no workgroup memory). The
// generator (attention_source.py) unrolls everything per row and column: no arrays in registers.
// Workgroup memory (vec4 words, rows padded against bank conflicts): the Q tile (BR x E4),
// then the K tile (BC x E4), the probabilities P (BC x BR, transposed: one word holds the 4
// rows of an invocation) and the V tile (BC x EV4); K shares its space with P and V when the
// adapter's limit asks for it (ALIAS: then V may be read with K, held in registers until P is
// stored). Scores add dot products, or a dot product and the next words' fma (fma_words).
// Operands are strided views: batch coordinates from the flattened batch index, each operand's
// batch strides (0 where broadcast), k and v reading head h / group (grouped-query attention).
// The mask (bool: true takes part; or float: added) is read through its own strides. Dropout
// (where asked) zeroes probabilities by a Philox draw per (row, key) before they multiply v.
// Parameters: attention.py's PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${S}>;
@group(0) @binding(2) var<storage, read> qb: array<${IN}>;
@group(0) @binding(3) var<storage, read> kb: array<${IN}>;
@group(0) @binding(4) var<storage, read> vb: array<${IN}>;
${mask_binding}

fn zero_word() -> u32 { return p_zero(); }

${library}

alias T = ${T};
alias V4 = vec4<${T}>;
const TX: u32 = ${TX}u;
const TY: u32 = ${TY}u;
const WG: u32 = ${WG}u;
const BR: u32 = ${BR}u;
const BC: u32 = ${BC}u;  // TN TX
const E4: u32 = ${E4}u;
const EV4: u32 = ${EV4}u;
const KV: u32 = ${KV}u;
const QS: u32 = E4 + 1u;  // row stride of the Q and K tiles
const PS: u32 = TY + 1u;  // row stride of P
const K0: u32 = BR * QS;
const P0: u32 = ${P0}u;
const V0: u32 = P0 + BC * PS;
const ALIAS: bool = ${ALIAS};
const CAUSAL: bool = ${CAUSAL};
const MASK: u32 = ${MASK}u;  // 0 none, 1 bool, 2 float

var<workgroup> sm: array<V4, ${SM}>;

fn neg_inf() -> T { return ${NEG_INF}; }
const UNIT: T = ${UNIT};  // the scores' unit (attention_source.score_unit): expo is exp2 for float32

// 2^x for float32 and x <= 0 (the kernel's exponents), within about an ulp: 2^k e^(r ln 2),
// k = round(x), |r| <= 1/2, by its Taylor series (the first term left out below 2^-27), times
// 2^k built from its bits; exactly 0 below -127 (and for -inf), NaN kept (a NaN k gives a NaN p).
// 2^k without a conversion to an integer: k + 127 + 1.5 * 2^23 (exact) holds k + 127 in its low
// mantissa bits, which the shift moves into the exponent field.
fn exp2_taylor_f32(x: f32) -> f32 {
    // x < -127 tested on the bits (-inf included, NaN not): drivers may turn a float compare and
    // select into a max() that drops a NaN (NVIDIA did: an unmasked NaN score then weighed 0
    // instead of spreading, as in PyTorch)
    let bits = bitcast<u32>(x);
    let xc = select(x, -127.0, bits > 0xc2fe0000u && bits <= 0xff800000u);
    let k = round(xc);
    let r = xc - k;
    let p = 1.0 + r * (0.6931471805599453 + r * (0.2402265069591007 + r * (0.05550410866482158 + r * (
        0.009618129107628477 + r * (0.0013333558146428443 + r * (0.0001540353039338161 + r * 1.525273380405984e-05))))));
    return p * bitcast<f32>(bitcast<u32>(k + 12583039.0) << 23u);
}
// total + a . b, the products added one by one with fma (Tiles.dots)
fn fma_words(total: T, a: V4, b: V4) -> T {
    return fma(a.w, b.w, fma(a.z, b.z, fma(a.y, b.y, fma(a.x, b.x, total))));
}
fn expo(x: T) -> T { return ${EXP}; }
fn shfl(x: T, lane_mask: u32) -> T { return ${SHFL}; }
fn row_max(x: T) -> T {
    var m = x;
${reduce_max}
    return m;
}
fn row_sum(x: T) -> T {
    var s = x;
${reduce_sum}
    return s;
}

${philox}
${drop}

// Element offsets of batch entry b in each operand: q, k, v, mask.
fn batch_offsets(b: u32) -> vec4<u32> {
    var o = vec4<u32>(p_q_off(), p_k_off(), p_v_off(), p_m_off());
    var rest = b;
    for (var d = 0u; d < p_nbatch(); d++) {
        let n = p_bshape(d);
        let c = rest % n;
        rest = rest / n;
        let ckv = select(c, c / p_group(), d == p_head_dim());
        o += vec4<u32>(c * p_q_bs(d), ckv * p_k_bs(d), ckv * p_v_bs(d), c * p_m_bs(d));
    }
    return o;
}

// The mask at query row i, key j: whether the key takes part (a bool mask), what is added to
// the score (a float mask).
fn mask_keep(mbase: u32, i: u32, j: u32) -> bool {
${mask_keep}
}
fn mask_add(mbase: u32, i: u32, j: u32) -> T {
${mask_add}
}

// Tiles of q, k and v: word idx of the tile of rows [r0, r0 + rows) (zero beyond the operand's
// rows and columns), read into registers (word_*: every invocation's words of a tile are
// loaded at once), then stored into workgroup memory (put_*). Words are read whole where q, k
// and v are contiguous and 4-aligned.
${loaders}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = linear_id(wid, nwg, 0u, 1u);
    if (group >= p_groups()) { return; }
    let L = p_L();
    let S = p_S();
    let tiles_q = (L + BR - 1u) / BR;
    // Heaviest (causal: last) query tiles first, so that the short ones fill the tail.
    let tq = tiles_q - 1u - group % tiles_q;
    let b = group / tiles_q;
    let bases = batch_offsets(b);
    let q0 = tq * BR;
    let tx = lid % TX;
    let ty = lid / TX;
    let scale = p_scale();
    let Ev = p_Ev();

${load_q}
    // Per row i of the invocation (4 ty + i): running maximum m_i, this lane's part of the sum
    // l_i, output columns o_i_k (vec4 column tx + TX k).
${declare}
    var kv_end = S;
    if (CAUSAL) { kv_end = min(S, q0 + BR); }
    let tiles_k = (kv_end + BC - 1u) / BC;
    for (var tk = 0u; tk < tiles_k; tk++) {
        let k0 = tk * BC;
${load_k}
${load_v_top}
        workgroupBarrier();
        // Scores s_i_h of row i, key columns tx + TX (4 h + c) for component c.
${zero_scores}
${score_loop}
        if (ALIAS) { workgroupBarrier(); }
${softmax_step}
${store_p}
${load_v_late}
        workgroupBarrier();
        for (var c = 0u; c < BC; c++) {
            let pc = sm[P0 + c * PS + ty];
${pv_step}
        }
        workgroupBarrier();
    }
    // Rows that no key took part in give 0, as PyTorch's SDPA (its _safe_softmax, torch >= 2.5).
${store_out}
}
