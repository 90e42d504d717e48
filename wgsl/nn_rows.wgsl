// Row-wise normalisations, one workgroup per row: softmax, log_softmax (OP 0, 1) and layer_norm
// (OP 2) of rows of n elements at any strides. A row of at most ITEMS x WG elements stays in
// registers (read once, written once); a longer one is read again from memory for each pass.
// The reductions (maximum and sum, or mean and the sum of squared deviations: two passes, no
// cancellation) go through workgroup memory, their result shared by all invocations.
// Row r's elements sit at in_off + row offset + j * in_cs (row offsets from the row's
// coordinates over up to ${MAXD} dims, innermost first); the output likewise.
// Parameters: nn_rows.py's PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${S}>;
@group(0) @binding(2) var<storage, read> x: array<${S}>;
${affine_bindings}

fn zero_word() -> u32 { return p_zero(); }

${library}

alias T = ${T};
const WG: u32 = ${WG}u;
const ITEMS: u32 = ${ITEMS}u;
const OP: u32 = ${OP}u;
const IN_REGS: bool = ${IN_REGS};
const HAS_W: bool = ${HAS_W};
const HAS_B: bool = ${HAS_B};

var<workgroup> red: array<T, WG>;

fn neg_inf() -> T { return ${NEG_INF}; }
fn expo(v: T) -> T { return ${EXP}; }
fn loga(v: T) -> T { return ${LOG}; }
fn weight(j: u32) -> T { return ${WEIGHT}; }
fn bias(j: u32) -> T { return ${BIAS}; }

// The maximum (take_max) or the sum of every invocation's v, for all of them.
fn reduce(v: T, lid: u32, take_max: bool) -> T {
    red[lid] = v;
    workgroupBarrier();
    for (var half = WG / 2u; half > 0u; half >>= 1u) {
        if (lid < half) {
            let a = red[lid];
            let b = red[lid + half];
            // NaN wins a maximum: the row's softmax is then NaN, as PyTorch's
            red[lid] = select(a + b, select(max(a, b), a + b, isnan_${tag}(a) || isnan_${tag}(b)), take_max);
        }
        workgroupBarrier();
    }
    let r = red[0];
    workgroupBarrier();  // red is reused by the next reduction
    return r;
}

fn combine(acc: T, e: T) -> T {
    if (OP == 2u) { return acc + e; }
    return select(max(acc, e), acc + e, isnan_${tag}(acc) || isnan_${tag}(e));
}
fn spread(d: T) -> T {
    if (OP == 2u) { return d * d; }
    return expo(d);
}
fn finish(e: T, j: u32, center: T, factor: T, shift: T) -> T {
    if (OP == 0u) { return expo(e - center) * factor; }
    if (OP == 1u) { return (e - center) - shift; }
    var r = (e - center) * factor;
    if (HAS_W) { r = r * weight(j); }
    if (HAS_B) { r = r + bias(j); }
    return r;
}

fn offsets(row: u32) -> vec2<u32> {
    var o = vec2<u32>(p_in_off(), 0u);
    var rest = row;
    for (var d = 0u; d < p_ndim(); d++) {
        let n = p_shape(d);
        let c = rest % n;
        rest = rest / n;
        o += vec2<u32>(c * p_in_rs(d), c * p_out_rs(d));
    }
    return o;
}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let row = linear_id(wid, nwg, 0u, 1u);
    if (row >= p_rows()) { return; }
    let n = p_n();
    let o = offsets(row);
    let ics = p_in_cs();
    let ocs = p_out_cs();
    // The row in registers (IN_REGS), element j = lid + t WG in v[t]; otherwise read again.
    var v: array<T, ITEMS>;
    if (IN_REGS) {
        for (var t = 0u; t < ITEMS; t++) {
            let j = lid + t * WG;
            if (j < n) { v[t] = x[o.x + j * ics]; }
        }
    }
    // Pass 1: the maximum (NaN wins, as in PyTorch), or the sum for the mean.
    var acc = select(T(0), neg_inf(), OP != 2u);
    if (IN_REGS) {
        for (var t = 0u; t < ITEMS; t++) {
            if (lid + t * WG < n) { acc = combine(acc, v[t]); }
        }
    } else {
        for (var j = lid; j < n; j += WG) { acc = combine(acc, x[o.x + j * ics]); }
    }
    let first = reduce(acc, lid, OP != 2u);
    let center = select(first, first / T(n), OP == 2u);
    // Pass 2: the sum of exp(x - max) (a row of -inf gives NaN, as in PyTorch), or of squared
    // deviations.
    var s = T(0);
    if (IN_REGS) {
        for (var t = 0u; t < ITEMS; t++) {
            if (lid + t * WG < n) { s += spread(v[t] - center); }
        }
    } else {
        for (var j = lid; j < n; j += WG) { s += spread(x[o.x + j * ics] - center); }
    }
    let total = reduce(s, lid, false);
    var factor: T;
    var shift: T;
    if (OP == 0u) { factor = T(1) / total; }
    if (OP == 1u) { shift = loga(total); }
    if (OP == 2u) { factor = T(1) / sqrt(total / T(n) + T(p_eps())); }
    if (IN_REGS) {
        for (var t = 0u; t < ITEMS; t++) {
            let j = lid + t * WG;
            if (j < n) { out[o.y + j * ocs] = finish(v[t], j, center, factor, shift); }
        }
    } else {
        for (var j = lid; j < n; j += WG) { out[o.y + j * ocs] = finish(x[o.x + j * ics], j, center, factor, shift); }
    }
}
