// Row-wise normalisations, one workgroup per row: softmax, log_softmax (OP 0, 1) and layer_norm
// (OP 2) of rows of n elements at any strides. A row of at most ITEMS x WG elements stays in
// registers (read once, written once); a longer one is read again from memory for each pass.
// The reductions (maximum and sum, or mean and the sum of squared deviations: two passes, no
// cancellation) go through subgroups and workgroup memory, their result shared by all invocations.
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

// The maximum (take_max) or the sum of every invocation's v, for all of them: in subgroups
// first where the adapter has them (float32), then across subgroups or by a tree in workgroup
// memory. A NaN need not win the maximum: it makes the sum NaN, and so the whole row.
${reduce}

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
        @builtin(local_invocation_index) lid: u32${sg_args}) {
    let row = linear_id(wid, nwg, 0u, 1u);
    if (row >= p_rows()) { return; }
    let n = p_n();
    let o = offsets(row);
    let ics = p_in_cs();
    let ocs = p_out_cs();
    // The row in registers (IN_REGS), element j = lid + t WG in v{t} (unrolled: no array that
    // could land in local memory); otherwise read again.
${load_regs}
    // Pass 1: the maximum (NaN wins, as in PyTorch), or the sum for the mean.
    var acc = select(T(0), neg_inf(), OP != 2u);
    if (IN_REGS) {
${pass1_regs}
    } else {
        for (var j = lid; j < n; j += WG) { acc = combine(acc, x[o.x + j * ics]); }
    }
    let first = reduce(acc, lid${sg_pass}, OP != 2u);
    let center = select(first, first / T(n), OP == 2u);
    // Pass 2: the sum of exp(x - max) (a row of -inf gives NaN, as in PyTorch), or of squared
    // deviations.
    var s = T(0);
    if (IN_REGS) {
${pass2_regs}
    } else {
        for (var j = lid; j < n; j += WG) { s += spread(x[o.x + j * ics] - center); }
    }
    let total = reduce(s, lid${sg_pass}, false);
    var factor: T;
    var shift: T;
    if (OP == 0u) { factor = T(1) / total; }
    if (OP == 1u) { shift = loga(total); }
    if (OP == 2u) { factor = T(1) / sqrt(total / T(n) + T(p_eps())); }
    if (IN_REGS) {
${store_regs}
    } else {
        for (var j = lid; j < n; j += WG) { out[o.y + j * ocs] = finish(x[o.x + j * ics], j, center, factor, shift); }
    }
}
