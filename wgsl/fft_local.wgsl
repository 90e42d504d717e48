// Batched 1-D transforms of length N held in workgroup memory: T transforms per workgroup,
// all Stockham passes inside (fft_pass.wgsl), one read and one write of the data.
// The kernel's batch index b (0 <= b < p_batch()) and a position k along the transform
// address each side (0: source, 1: destination) through that side's parameters:
//   logical index  j = k * split + (r % inner) * (split / inner) + r / inner, r = b % split
//                  (split > 1: a four-step pass, see fft_plan.Side)
//   row address    offset + sum(coords(b / split) * strides) over the side's batch dims,
// and the side's mode (fft_src_*.wgsl, fft_dst_*.wgsl) reads or writes element j of the row.
${prelude}
${params}
alias F = ${F};
alias C = vec2<F>;
@group(0) @binding(1) var<storage, read_write> dst: array<${DST}>;
@group(0) @binding(2) var<storage, read> src: array<${SRC}>;
@group(0) @binding(3) var<storage, read> table: array<C>;      // twiddles of length N
@group(0) @binding(4) var<storage, read> spectrum: array<C>;   // Bluestein's, when SPECTRUM
${root}
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
const TWIDDLE: bool = ${TWIDDLE};            // four-step: multiply stores by w_tw^((j / split) * (j % split))
const INVERSE: bool = ${INVERSE};

var<workgroup> s: array<C, ${SMEM}>;
var<private> lane: u32;

fn cmul(a: C, b: C) -> C { return C(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn conj(a: C) -> C { return C(a.x, -a.y); }
fn root(m: u32, n: u32) -> C { return C(fft_root(m, n)); }  // exp(-2 pi i m / n)

fn side_index(side: u32, b: u32, k: u32) -> u32 {
    let split = p_split(side);
    let inner = p_inner(side);
    let r = b % split;
    return k * split + (r % inner) * (split / inner) + r / inner;
}
fn side_base(side: u32, b: u32) -> i32 {
    var rest = b / p_split(side);
    var base = i32(p_offset(side));
    for (var d = p_ndim(side); d > 0u; d--) {
        let size = p_shape(side * MAXD + d - 1u);
        base += i32(rest % size) * p_stride(side * MAXD + d - 1u);
        rest /= size;
    }
    return base;
}
// The storage index of element j (counted in elements of the side's buffer) of a row.
fn at(side: u32, base: i32, j: u32) -> u32 { return u32(base + i32(j) * p_axis(side)); }

fn chirp(j: u32) -> C {  // exp(-i pi j^2 / n): j^2 reduced mod 2n exactly first
    let n2 = 2u * p_chirp_n();
    let w = root(u32((u64(j) * u64(j)) % u64(n2)), n2);
    return select(w, conj(w), BLUE_INV);
}

// What every store applies to the transform's value at logical index j.
fn finish(j: u32, value: C) -> C {
    var v = value;
    if (SPECTRUM) { let w = spectrum[j]; v = cmul(v, select(w, conj(w), BLUE_INV)); }
    if (TWIDDLE) {
        let w = root((j / p_split(1u)) * (j % p_split(1u)), p_tw_n());
        v = cmul(v, select(w, conj(w), INVERSE));
    }
    if (CHIRP_OUT) { v = cmul(v, chirp(j)); }
    return v * p_scale();
}

${source}
${sink}
${butterflies}
${pass_fns}

fn load(b: u32, k: u32) -> C {
    let j = side_index(0u, b, k);
    if (j >= p_length(0u)) { return C(); }
    let v = src_read(side_base(0u, b), j);
    return select(v, cmul(v, chirp(j)), CHIRP_IN);
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
        if (t < count) { s[t * N + k] = load(first + t, k); }
    }
    workgroupBarrier();
    ${passes}
    for (var e = lid; e < T * OUT_K; e += WG) {
        let t = select(e / OUT_K, e % T, STORE_T_FAST);
        let k = select(e % OUT_K, e / T, STORE_T_FAST);
        if (t < count) {
            let b = first + t;
            let j = side_index(1u, b, k);
            if (j < p_length(1u)) { dst_store(t, side_base(1u, b), j, k); }
        }
    }
}
