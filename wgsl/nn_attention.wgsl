// Flash attention, forward: out[b, i, :] = softmax_j(scale * q[b, i, :] . k[b, j, :] + bias[b, i, j]) @ v[b, :, :]
// One workgroup of TX x TY invocations computes BR = 4 TY query rows of one batch entry; it
// walks the keys in tiles of BC = 4 TX rows (an online softmax in registers, never the L x S
// matrix), causal tiles above the diagonal skipped. Each invocation owns 4 query rows: 4 x 4
// scores (key columns tx + TX j) and 4 x KV vec4 output columns (tx + TX k); the TX lanes of a
// row group reduce the row maximum and sum with subgroup shuffles (no workgroup memory).
// Workgroup memory (vec4 words, rows padded against bank conflicts): the Q tile (BR x E4),
// then the K tile (BC x E4), the probabilities P (BC x BR, transposed: one word holds the 4
// rows of an invocation) and the V tile (BC x EV4); K shares its space with P and V when the
// adapter's limit asks for it (ALIAS).
// Operands are strided views: batch coordinates from the flattened batch index, each operand's
// batch strides (0 where broadcast), k and v reading head h / group (grouped-query attention).
// The mask (bool: true takes part; or float: added) is read through its own strides.
// Parameters: attention.py's PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${S}>;
@group(0) @binding(2) var<storage, read> qb: array<${S}>;
@group(0) @binding(3) var<storage, read> kb: array<${S}>;
@group(0) @binding(4) var<storage, read> vb: array<${S}>;
${mask_binding}

fn zero_word() -> u32 { return p_zero(); }

${library}

alias T = ${T};
alias V4 = vec4<${T}>;
const TX: u32 = ${TX}u;
const TY: u32 = ${TY}u;
const WG: u32 = ${WG}u;
const BR: u32 = ${BR}u;
const BC: u32 = ${BC}u;
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

// Loads rows [r0, r0 + rows) of a (n, e) operand into workgroup memory at `at` (row stride
// `stride` words), zero beyond n rows and e columns.
fn load_tile(at: u32, stride: u32, cols4: u32, rows: u32, lid: u32, which: u32, base: u32, r0: u32,
             n: u32, rs: u32, es: u32, e: u32) {
    for (var idx = lid; idx < rows * cols4; idx += WG) {
        let r = idx / cols4;
        let c4 = idx % cols4;
        var w = V4();
        if (r0 + r < n) {
            let a = base + (r0 + r) * rs;
            for (var t = 0u; t < 4u; t++) {
                let col = 4u * c4 + t;
                if (col < e) { w[t] = ld(which, a + col * es); }
            }
        }
        sm[at + r * stride + c4] = w;
    }
}

fn ld(which: u32, idx: u32) -> T {
    switch which {
        case 0u: { return qb[idx]; }
        case 1u: { return kb[idx]; }
        default: { return vb[idx]; }
    }
}

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
    let scale = ${SCALE};

    load_tile(0u, QS, E4, BR, lid, 0u, bases.x, q0, L, p_q_rs(), p_q_es(), p_E());

    var m = array<T, 4>(neg_inf(), neg_inf(), neg_inf(), neg_inf());  // running row maxima
    var l = array<T, 4>();  // this lane's part of the row sums
    var o: array<array<V4, KV>, 4>;
    var kv_end = S;
    if (CAUSAL) { kv_end = min(S, q0 + BR); }
    let tiles_k = (kv_end + BC - 1u) / BC;
    for (var tk = 0u; tk < tiles_k; tk++) {
        let k0 = tk * BC;
        load_tile(K0, QS, E4, BC, lid, 1u, bases.y, k0, S, p_k_rs(), p_k_es(), p_E());
        if (!ALIAS) { load_tile(V0, EV4, EV4, BC, lid, 2u, bases.z, k0, S, p_v_rs(), p_v_es(), p_Ev()); }
        workgroupBarrier();
        // Scores of rows 4 ty + i, columns tx + TX j.
        var s = array<V4, 4>();  // initialised here: naga zeroes uninitialised vars once per call
        for (var e4 = 0u; e4 < E4; e4++) {
            let qa = sm[(4u * ty) * QS + e4];
            let qc = sm[(4u * ty + 1u) * QS + e4];
            let qd = sm[(4u * ty + 2u) * QS + e4];
            let qe = sm[(4u * ty + 3u) * QS + e4];
            let ka = sm[K0 + tx * QS + e4];
            let kc = sm[K0 + (tx + TX) * QS + e4];
            let kd = sm[K0 + (tx + 2u * TX) * QS + e4];
            let ke = sm[K0 + (tx + 3u * TX) * QS + e4];
            s[0] += V4(dot(qa, ka), dot(qa, kc), dot(qa, kd), dot(qa, ke));
            s[1] += V4(dot(qc, ka), dot(qc, kc), dot(qc, kd), dot(qc, ke));
            s[2] += V4(dot(qd, ka), dot(qd, kc), dot(qd, kd), dot(qd, ke));
            s[3] += V4(dot(qe, ka), dot(qe, kc), dot(qe, kd), dot(qe, ke));
        }
        if (ALIAS) { workgroupBarrier(); }
        for (var i = 0u; i < 4u; i++) {
            let qi = q0 + 4u * ty + i;
            var row = s[i] * scale;
            for (var j = 0u; j < 4u; j++) {
                let kj = k0 + tx + TX * j;
                var keep = kj < S;
                if (CAUSAL) { keep = keep && kj <= qi; }
                if (MASK == 1u) { keep = keep && qi < L && mask_keep(bases.w, qi, kj); }
                if (MASK == 2u && keep && qi < L) { row[j] += mask_add(bases.w, qi, kj); }
                if (!keep) { row[j] = neg_inf(); }
            }
            let m_new = row_max(max(max(m[i], row.x), max(max(row.y, row.z), row.w)));
            // A row that nothing took part in yet keeps 0 and 0: no inf - inf.
            let m_use = select(m_new, T(0), m_new == neg_inf());
            let alpha = expo(m[i] - m_use);
            m[i] = m_new;
            let p = V4(expo(row.x - m_use), expo(row.y - m_use), expo(row.z - m_use), expo(row.w - m_use));
            l[i] = l[i] * alpha + ((p.x + p.y) + (p.z + p.w));
            for (var k = 0u; k < KV; k++) { o[i][k] *= alpha; }
            s[i] = p;
        }
        for (var j = 0u; j < 4u; j++) {
            sm[P0 + (tx + TX * j) * PS + ty] = V4(s[0][j], s[1][j], s[2][j], s[3][j]);
        }
        if (ALIAS) { load_tile(V0, EV4, EV4, BC, lid, 2u, bases.z, k0, S, p_v_rs(), p_v_es(), p_Ev()); }
        workgroupBarrier();
        for (var c = 0u; c < BC; c++) {
            let pc = sm[P0 + c * PS + ty];
            for (var k = 0u; k < KV; k++) {
                let vv = sm[V0 + c * EV4 + min(tx + TX * k, EV4 - 1u)];
                o[0][k] += pc.x * vv;
                o[1][k] += pc.y * vv;
                o[2][k] += pc.z * vv;
                o[3][k] += pc.w * vv;
            }
        }
        workgroupBarrier();
    }
    let Ev = p_Ev();
    for (var i = 0u; i < 4u; i++) {
        // Rows that nothing took part in: 0 / 0, NaN, as PyTorch's softmax of -inf scores.
        let inv = T(1) / row_sum(l[i]);
        let qi = q0 + 4u * ty + i;
        for (var k = 0u; k < KV; k++) {
            let v4 = tx + TX * k;
            if (qi < L && v4 < EV4) {
                let w = o[i][k] * inv;
                let at = (b * L + qi) * Ev + 4u * v4;
                for (var t = 0u; t < 4u; t++) {
                    if (4u * v4 + t < Ev) { out[at + t] = w[t]; }
                }
            }
        }
    }
}
