// The GEMVs of the bidiagonalisation's column steps (bidiag_step.wgsl), over the trailing
// matrix of a (batch, m, n), on many workgroups: partial sums over chunks of the summed index,
//   part[b][chunk][o] (MAX_CHUNKS chunks a matrix) = sum over t in the chunk of op(a[b][o * s_out + t * s_in]) vec[t],
// for outputs o in [o_first, o_end) and t in [t_first, t_end); op conjugates if p_conj().
// y = A^H v: o a column (s_out = 1), t a row (s_in = n), conj; x = A u: o a row (s_out = n),
// t a column (s_in = 1). vec is column p_vcol() of the panel buffer pan (batch, m + n, 2 NB)
// from its row p_vrow(). LANES invocations share an output (their sums added in workgroup
// memory) so that consecutive invocations read consecutive words of a in both cases: 1 lane
// when the outputs are columns, 32 when they are rows. One workgroup per (matrix, output
// tile of WG / LANES, chunk).
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> part: array<${S}>;
@group(0) @binding(2) var<storage, read> a: array<${S}>;
@group(0) @binding(3) var<storage, read> pan: array<${S}>;
${scalar}
${library}

const NB: u32 = ${NB}u;
// Each matrix's partial sums have MAX_CHUNKS rows of their own: a step that finishes one GEMV's
// sums while making the next ones itself (fused) must not overwrite another matrix's unread sums.
const MAX_CHUNKS: u32 = ${MAX_CHUNKS}u;
const WG: u32 = ${WG}u;
const LANES: u32 = ${LANES}u;
var<workgroup> red: array<${T}, WG>;

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let g = wid.x + wid.y * nwg.x;
    let per_matrix = p_tiles() * p_chunks();
    let b = g / per_matrix;
    if (b >= p_batch()) { return; }  // uniform: the whole workgroup leaves
    let m = p_m();
    let n = p_n();
    let tile = (g % per_matrix) / p_chunks();
    let chunk = g % p_chunks();
    let o = p_o_first() + tile * (WG / LANES) + lid / LANES;
    let lane = lid % LANES;
    let t0 = p_t_first() + chunk * p_chunk_len();
    let t1 = min(p_t_end(), t0 + p_chunk_len());
    let abase = b * m * n;
    let vbase = b * (m + n) * 2u * NB + p_vrow() * 2u * NB + p_vcol();
    var acc = ${T}();
    if (o < p_o_end()) {
        for (var t = t0 + lane; t < t1; t += LANES) {
            var x = a[abase + o * p_s_out() + t * p_s_in()];
            if (p_conj() != 0u) { x = sc_conj(x); }
            acc = acc + sc_mul(x, pan[vbase + t * 2u * NB]);
        }
    }
    if (LANES > 1u) {
        red[lid] = acc;
        workgroupBarrier();
        for (var s = LANES / 2u; s > 0u; s >>= 1u) {
            if (lane < s) { red[lid] = red[lid] + red[lid + s]; }
            workgroupBarrier();
        }
        acc = red[lid];
    }
    if (o < p_o_end() && lane == 0u) {
        part[(b * MAX_CHUNKS + chunk) * max(m, n) + o] = acc;
    }
}
