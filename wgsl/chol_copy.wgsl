// The working copy of the blocked Cholesky and its result: out (batch, n, n, contiguous) takes
// one triangle of src (a strided view) and zeros in the other. out[b, i, j] = src[b, i, j], or
// with p_transpose() != 0 conj(src[b, j, i]), kept on and below the diagonal (p_upper() == 0)
// or on and above it. A workgroup writes a 16 x 16 tile; a transposed read goes through
// workgroup memory so that both the reads and the writes run along contiguous rows. A tile
// wholly in the zeroed triangle reads nothing.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${S}>;
@group(0) @binding(2) var<storage, read> src: array<${S}>;
${scalar}
${library}

const TILE: u32 = 16u;
var<workgroup> tile: array<${T}, TILE * (TILE + 1u)>;

fn kept(i: u32, j: u32) -> bool { return select(j <= i, j >= i, p_upper() != 0u); }

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    let n = p_n();
    let tiles = (n + TILE - 1u) / TILE;
    let b = group / (tiles * tiles);
    if (b >= p_batch()) { return; }
    let i0 = (group / tiles % tiles) * TILE;
    let j0 = group % tiles * TILE;
    let tx = lid % TILE;
    let ty = lid / TILE;
    let i = i0 + ty;
    let j = j0 + tx;
    let sbase = p_offset() + b * p_batch_stride();
    // Whether the tile has an element to keep (the same answer for the whole workgroup).
    let any_kept = select(j0 <= i0 + TILE - 1u, j0 + TILE - 1u >= i0, p_upper() != 0u);
    var value = ${T}();
    if (p_transpose() != 0u) {
        if (any_kept) {
            // tile[ty][tx] = src[j0 + ty, i0 + tx]: consecutive invocations read along a row of src.
            let si = j0 + ty;
            let sj = i0 + tx;
            var s = ${T}();
            if (si < n && sj < n) { s = src[sbase + si * p_row_stride() + sj * p_col_stride()]; }
            tile[ty * (TILE + 1u) + tx] = s;
        }
        workgroupBarrier();
        value = sc_conj(tile[tx * (TILE + 1u) + ty]);
    } else if (i < n && j < n && kept(i, j)) {
        value = src[sbase + i * p_row_stride() + j * p_col_stride()];
    }
    if (i < n && j < n) { out[b * n * n + i * n + j] = select(${T}(), value, kept(i, j)); }
}
