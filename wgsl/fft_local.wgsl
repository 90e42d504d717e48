// Batched 1-D transforms of length N held in workgroup memory: T transforms per workgroup,
// all Stockham passes inside (fft_pass.wgsl), one read and one write of the data.
// The kernel's batch index b (0 <= b < p_batch()) and a position k along the transform
// address each side (0: source, 1: destination) through src_row / dst_row (fft_row.wgsl):
// the row's base address and the logical index j = k * split + digit, and the side's mode
// (fft_src_*.wgsl, fft_dst_*.wgsl) reads or writes element j of the row. Every root of unity
// comes from a table computed once per length (no sine or cosine per element).
${prelude}
${params}
alias F = ${F};
alias C = vec2<F>;
@group(0) @binding(1) var<storage, read_write> dst: array<${DST}>;
@group(0) @binding(2) var<storage, read> src: array<${SRC}>;
@group(0) @binding(3) var<storage, read> table: array<C>;      // twiddles of length N
@group(0) @binding(4) var<storage, read> spectrum: array<C>;   // Bluestein's, when SPECTRUM
@group(0) @binding(5) var<storage, read> chirps: array<C>;     // Bluestein's chirp, when CHIRP_IN/OUT
@group(0) @binding(6) var<storage, read> src_roots: array<C>;  // two-level root tables (fft_roots.wgsl)
@group(0) @binding(7) var<storage, read> dst_roots: array<C>;  // of the lengths the sides need
${library}

const N: u32 = ${N}u;
const T: u32 = ${T}u;
const WG: u32 = ${WG}u;
const OUT_K: u32 = ${OUT_K}u;         // positions stored per transform
const MAXD: u32 = ${MAXD}u;
const LOAD_T_FAST: bool = ${LOAD_T_FAST};    // neighbouring invocations load neighbouring transforms
const STORE_T_FAST: bool = ${STORE_T_FAST};
const CHIRP_IN: bool = ${CHIRP_IN};          // Bluestein: multiply loads by the chirp
const CHIRP_OUT: bool = ${CHIRP_OUT};        // ... and stores
const BLUE_INV: bool = ${BLUE_INV};          // the chirp (and spectrum) of an inverse transform
const SPECTRUM: bool = ${SPECTRUM};          // multiply stores by spectrum[j]
const TWIDDLE: bool = ${TWIDDLE};            // four-step: multiply stores by w_tw^(k * digit)
const INVERSE: bool = ${INVERSE};
const SRC_SPLIT: u32 = ${SRC_SPLIT}u;        // the sides' splits (fft_row.wgsl)
const DST_SPLIT: u32 = ${DST_SPLIT}u;

var<workgroup> s: array<C, ${SMEM}>;
var<private> lane: u32;

fn cmul(a: C, b: C) -> C { return C(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn conj(a: C) -> C { return C(a.x, -a.y); }
struct Row { base: i32, digit: u32 }
${rows}
${roots}
// The storage index of element j (counted in elements of the side's buffer) of a row.
fn at(side: u32, base: i32, j: u32) -> u32 { return u32(base + i32(j) * p_axis(side)); }

fn chirp(j: u32) -> C {  // exp(-i pi j^2 / n), conjugated for an inverse transform
    let w = chirps[j];
    return select(w, conj(w), BLUE_INV);
}

// What every store applies to the transform's value at position k, logical index j.
fn finish(j: u32, k: u32, row: Row, value: C) -> C {
    var v = value;
    if (SPECTRUM) { let w = spectrum[j]; v = cmul(v, select(w, conj(w), BLUE_INV)); }
    if (TWIDDLE) {
        let w = dst_root(k * row.digit);
        v = cmul(v, select(w, conj(w), INVERSE));
    }
    if (CHIRP_OUT) { v = cmul(v, chirp(j)); }
    return v * F(p_scale());
}

${source}
${sink}
${butterflies}
${pass_fns}

fn load(row: Row, k: u32) -> C {
    let j = k * SRC_SPLIT + row.digit;
    if (j >= p_length(0u)) { return C(); }
    let v = src_read(row.base, j);
    if (CHIRP_IN) { return cmul(v, chirp(j)); }
    return v;
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    if (group >= p_groups()) { return; }
    lane = lid;
    let first = group * T;
    let count = min(T, p_batch() - first);
    for (var e = lid; e < T * N; e += WG) {
        let t = select(e / N, e % T, LOAD_T_FAST);
        let k = select(e % N, e / T, LOAD_T_FAST);
        if (t < count) { s[t * N + k] = load(src_row(first + t), k); }
    }
    workgroupBarrier();
    ${passes}
    for (var e = lid; e < T * OUT_K; e += WG) {
        let t = select(e / OUT_K, e % T, STORE_T_FAST);
        let k = select(e % OUT_K, e / T, STORE_T_FAST);
        if (t < count) {
            let row = dst_row(first + t);
            let j = k * DST_SPLIT + row.digit;
            if (j < p_length(1u)) { dst_store(t, row, j, k); }
        }
    }
}
