// A whole triangular solve T X = B in place in x for few right-hand sides: one workgroup per
// (matrix, right-hand-side column) walks the m rows in blocks of ${block} (from the top for
// the lower triangle, from the bottom for the upper): the block's own triangle by substitution,
// an invocation per row and a step per column (the solved value passed on through workgroup
// memory; the block's triangle read first into workgroup memory, coalesced, so that a step
// waits on no global load), then every row not solved yet subtracts the block's contribution,
// reading its row of T contiguously. One dispatch instead of a diagonal-block solve, a matmul and a subtract
// per block: the blocked solve (lu_trsm.wgsl + matmul) is for many right-hand sides.
// T is read from ${t_buf}. Strides are u32 two's complement. Parameters: lu_kernels.py's TRSM_PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> x: array<${T}>;
${t_binding}

fn zero_word() -> u32 { return p_zero(); }

${library}

fn divide(a: ${T}, b: ${T}) -> ${T} { return ${divide}; }
fn multiply(a: ${T}, b: ${T}) -> ${T} { return ${multiply}; }

const LOWER: bool = ${is_lower};
const UNIT: bool = ${is_unit};
var<workgroup> solved: array<${T}, ${block}>;
var<workgroup> tri: array<${T}, ${block} * ${block}>;  // the block's T, column-major: a step's column read by row

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let w = wid.x + wid.y * nwg.x;
    if (w >= p_items()) { return; }
    let g = w / p_cols();
    let c = w % p_cols();
    let xb = p_x_offset() + g * p_x_batch_stride() + c;
    let xr = p_x_row_stride();
    let tb = p_t_offset() + g * p_t_batch_stride();
    let tr = p_t_row_stride();
    let tc = p_t_col_stride();
    let m = p_m();
    let blocks = (m + ${block}u - 1u) / ${block}u;
    for (var bi = 0u; bi < blocks; bi++) {
        let k0 = select((blocks - 1u - bi) * ${block}u, bi * ${block}u, LOWER);
        let hi = min(k0 + ${block}u, m);
        let nb = hi - k0;
        var s = ${T}();
        if (lid < nb) { s = x[xb + (k0 + lid) * xr]; }
        for (var e = lid; e < nb * nb; e += ${wg}u) {
            let i = e / nb;
            let j = e % nb;
            tri[j * ${block}u + i] = ${t_buf}[tb + (k0 + i) * tr + (k0 + j) * tc];
        }
        workgroupBarrier();
        for (var step = 0u; step < nb; step++) {
            let j = select(nb - 1u - step, step, LOWER);
            if (lid == j) {
                if (!UNIT) { s = divide(s, tri[j * ${block}u + j]); }
                solved[j] = s;
            }
            workgroupBarrier();
            if (select((lid < j), (lid > j), LOWER) && lid < nb) {
                s = s - multiply(tri[j * ${block}u + lid], solved[j]);
            }
        }
        if (lid < nb) { x[xb + (k0 + lid) * xr] = s; }
        let r0 = select(0u, hi, LOWER);
        let r1 = select(k0, m, LOWER);
        // The block's contribution as one sum, subtracted once (as the blocked solve's matmul:
        // rounding errors grow with the block count, not with m); four loads in flight at a time.
        for (var r = r0 + lid; r < r1; r += ${wg}u) {
            let row = tb + r * tr + k0 * tc;
            var dot = ${T}();
            var j = 0u;
            for (; j + 4u <= nb; j += 4u) {
                let t0 = ${t_buf}[row + j * tc];
                let t1 = ${t_buf}[row + (j + 1u) * tc];
                let t2 = ${t_buf}[row + (j + 2u) * tc];
                let t3 = ${t_buf}[row + (j + 3u) * tc];
                dot = dot + multiply(t0, solved[j]) + multiply(t1, solved[j + 1u]) + multiply(t2, solved[j + 2u])
                    + multiply(t3, solved[j + 3u]);
            }
            for (; j < nb; j++) { dot = dot + multiply(${t_buf}[row + j * tc], solved[j]); }
            x[xb + r * xr] = x[xb + r * xr] - dot;
        }
        storageBarrier();
        workgroupBarrier();
    }
}
