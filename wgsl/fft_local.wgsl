// Batched 1-D transforms of length N held in one workgroup: T transforms per workgroup, all
// Stockham passes inside (fft_pass.wgsl), one read and one write of the data: the first pass
// loads its butterflies' elements from the source, the last stores its results to the
// destination (the real forward transform's, whose terms take two positions of a transform,
// writes from workgroup memory: fft_dst_rfft.wgsl), and workgroup memory holds the tile only
// between passes.
// The kernel's transform index b (0 <= b < p_batch()) is a batch row and an index j among the
// PER_ROW transforms of that row (a global Stockham pass of a long transform, fft_plan.transform);
// (row, j) and a position k along the transform address each side (0: source, 1: destination)
// through src_row / dst_row (fft_row.wgsl): the row's base address and the logical index j of the
// element, and the side's mode (fft_src_*.wgsl, fft_dst_*.wgsl) reads or writes that element.
// The first pass takes its butterflies transform-fastest where the source's runs go across
// transforms (LOAD_RUN > 1), the last likewise for the destination, so loads and stores move
// runs of adjacent elements.
// Every root of unity comes from a table computed once per length (no sine or cosine per element).
// Bluestein's convolution (fft_plan.Extras.convolve) runs the forward passes, the spectrum multiplied
// into their last results (fft_spectral.wgsl), then the inverse passes, all in one dispatch.
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
const MAXD: u32 = ${MAXD}u;
const PER_ROW: u32 = ${PER_ROW}u;            // transforms per batch row (a global Stockham pass: n / N)
const J_MAJOR: bool = ${J_MAJOR};            // transform b is (row b % rows, j = b / rows), not (b / PER_ROW, ...)
const LOAD_RUN: u32 = ${LOAD_RUN}u;          // transforms whose position k is adjacent in the source
const STORE_RUN: u32 = ${STORE_RUN}u;        // ... in the destination
const CHIRP_IN: bool = ${CHIRP_IN};          // Bluestein: multiply loads by the chirp
const CHIRP_OUT: bool = ${CHIRP_OUT};        // ... and stores
const BLUE_INV: bool = ${BLUE_INV};          // the chirp (and spectrum) of an inverse transform
const SPECTRUM: bool = ${SPECTRUM};          // multiply stores by spectrum[j]
const TWIDDLE: bool = ${TWIDDLE};            // Stockham pass: multiply loads by w_(ns N)^(k (j % ns))
const INVERSE: bool = ${INVERSE};
const SRC_SPLIT: u32 = ${SRC_SPLIT}u;        // the sides' splits (fft_row.wgsl)
const DST_SPLIT: u32 = ${DST_SPLIT}u;

var<workgroup> s: array<${S}, ${SMEM}>;  // F: halved exchanges (fft_pass_write.wgsl)
// Position k of the tile's transform t sits at slot(t, k) of s: transform by transform, or,
// when the tile is loaded or stored across transforms (a run > 1), position by position with
// the transforms of each position permuted (t xor k): then a run across transforms, a run along
// one transform and the passes' butterflies (taken transform-fastest) all hit distinct banks.
// Transform by transform, the positions of each group of 8 are permuted (k xor (k / 8)), so
// that a pass's results at stride R (R <= 8) land in distinct banks too.
const POSITION_MAJOR: bool = T > 1u && max(LOAD_RUN, STORE_RUN) > 1u;
const SWIZZLE: u32 = select(0u, 7u, N % 8u == 0u);
fn slot(t: u32, k: u32) -> u32 {
    if (POSITION_MAJOR) { return k * T + (t ^ (k & (T - 1u))); }
    return t * N + (k ^ ((k >> 3u) & SWIZZLE));
}
var<private> lane: u32;
var<private> first: u32;  // the tile's first transform
var<private> count: u32;  // and how many it has

fn cmul(a: C, b: C) -> C { return C(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn conj(a: C) -> C { return C(a.x, -a.y); }
struct Row { base: i32, digit: u32 }
${rows}
${roots}
// A global pass's twiddle w_(ns N)^(k j) (j < ns = DST_SPLIT), from the pass's two tables in
// the destination's root binding (fft_tables.pass_table: j split as j % PASS_LOW and j / PASS_LOW).
const PASS_LOW: u32 = ${PASS_LOW}u;
const PASS_HIGH: u32 = ${PASS_HIGH}u;
fn pass_twiddle(k: u32, j: u32) -> C {
    return cmul(C(dst_roots[k * PASS_LOW + j % PASS_LOW]), C(dst_roots[N * PASS_LOW + k * PASS_HIGH + j / PASS_LOW]));
}
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
    if (CHIRP_OUT) { v = cmul(v, chirp(j)); }
    return v * F(p_scale());
}

${source}
${sink}
${butterflies}
${convolution}
${pass_fns}

fn locate(b: u32) -> vec2<u32> {  // (row, j) of transform b
    if (PER_ROW == 1u) { return vec2<u32>(b, 0u); }
    if (J_MAJOR) { let rows = p_batch() / PER_ROW; return vec2<u32>(b % rows, b / rows); }
    return vec2<u32>(b / PER_ROW, b % PER_ROW);
}

// Position k of the tile's transform t from the source (0 past the batch).
fn load(t: u32, k: u32) -> C {
    if (t >= count) { return C(); }
    let at_b = locate(first + t);
    let row = src_row(at_b.x, at_b.y);
    let j = k * SRC_SPLIT + row.digit;
    if (j >= p_length(0u)) { return C(); }
    var v = src_read(row.base, j);
    if (CHIRP_IN) { v = cmul(v, chirp(j)); }
    if (TWIDDLE) {  // the destination's split is the pass's ns
        let w = pass_twiddle(k, at_b.y % DST_SPLIT);
        v = cmul(v, select(w, conj(w), INVERSE));
    }
    return v;
}

// value, position k of the tile's transform t, to the destination.
fn store(t: u32, k: u32, value: C) {
    if (t >= count) { return; }
    let at_b = locate(first + t);
    let row = dst_row(at_b.x, at_b.y);
    let j = k * DST_SPLIT + row.digit;
    if (j < p_length(1u)) { dst_write(row, j, k, value); }
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let group = wid.x + wid.y * nwg.x;
    if (group >= p_groups()) { return; }
    lane = lid;
    first = group * T;
    count = min(T, p_batch() - first);
    ${passes}
}
