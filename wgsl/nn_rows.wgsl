// Row-wise normalisations, one workgroup per row: softmax, log_softmax (OP 0, 1) and layer_norm
// (OP 2) of rows of n elements at any strides. A row of at most ITEMS x WG words stays in
// registers (read once, written once); a longer one is read again from memory for each pass.
// Words: vec4 (VEC) where the row, the output and the affine vectors are contiguous and
// 4-aligned, else single elements (W = word type, n counted in words below: nw).
// The reductions (maximum and sum, or mean and the sum of squared deviations: two passes, no
// cancellation) go through subgroups and workgroup memory, their result shared by all invocations.
// Row r's words sit at in_off + row offset + j * in_cs (row offsets from the row's coordinates
// over up to ${MAXD} dims, innermost first); the output likewise.
// Parameters: nn_rows.py's PARAMS.
${enables}
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<W>;
@group(0) @binding(2) var<storage, read> x: array<W>;
${affine_bindings}

fn zero_word() -> u32 { return p_zero(); }

${library}

alias T = ${T};
alias W = ${W};
const WG: u32 = ${WG}u;
const OP: u32 = ${OP}u;
const VEC: u32 = ${VEC}u;  // elements per word: 4 or 1
const HAS_W: bool = ${HAS_W};
const HAS_B: bool = ${HAS_B};

var<workgroup> red: array<T, WG>;

fn neg_inf() -> T { return ${NEG_INF}; }
fn expo(v: T) -> T { return ${EXP}; }
fn loga(v: T) -> T { return ${LOG}; }
fn weight(j: u32) -> W { return ${WEIGHT}; }
fn bias(j: u32) -> W { return ${BIAS}; }

// The maximum (take_max) or the sum of every invocation's v, for all of them: in subgroups
// first where the adapter has them (float32), then across subgroups or by a tree in workgroup
// memory. A NaN need not win the maximum: it makes the sum NaN, and so the whole row.
${reduce}

fn combine(acc: T, e: T) -> T {
    if (OP == 2u) { return acc + e; }
    return select(max(acc, e), acc + e, isnan_${tag}(acc) || isnan_${tag}(e));
}
// Pass 1 of a word: the maximum (NaN wins, as in PyTorch), or the sum for the mean.
fn combine_word(acc: T, w: W) -> T {
${combine_word}
}
fn exp_word(d: W) -> W { return ${EXP_WORD}; }
fn sum_word(w: W) -> T { return ${SUM_WORD}; }
// A word's deviations d = x - center after pass 2: for softmax their exponentials.
fn deviate(d: W) -> W {
    if (OP == 0u) { return exp_word(d); }
    return d;
}
// Pass 2's summand of a word, from deviate's value: exp(x - max) or the squared deviation.
fn spread(t: W) -> T {
    if (OP == 0u) { return sum_word(t); }
    if (OP == 1u) { return sum_word(exp_word(t)); }
    return sum_word(t * t);
}
// The result of word j, from deviate's value.
fn finish(t: W, j: u32, factor: T, shift: T) -> W {
    if (OP == 0u) { return t * factor; }
    if (OP == 1u) { return t - W(shift); }
    var r = t * factor;
    if (HAS_W) { r = r * weight(j); }
    if (HAS_B) { r = r + bias(j); }
    return r;
}

// The offsets of a row's input and output, in words (the parameters count words).
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
    let nw = p_n() / VEC;
    let o = offsets(row);
    let ics = p_in_cs();
    let ocs = p_out_cs();
    // The row in registers (when it fits), word j = lid + t WG in v{t} (unrolled: no array that
    // could land in local memory); otherwise read again.
${load_regs}
    var acc = select(T(0), neg_inf(), OP != 2u);
${pass1}
    let first = reduce(acc, lid${sg_pass}, OP != 2u);
    let center = select(first, first / T(p_n()), OP == 2u);
    // Pass 2: the sum of exp(x - max) (a row of -inf gives NaN, as in PyTorch), or of squared
    // deviations.
    var s = T(0);
${pass2}
    let total = reduce(s, lid${sg_pass}, false);
    var factor: T;
    var shift: T;
    if (OP == 0u) { factor = T(1) / total; }
    if (OP == 1u) { shift = loga(total); }
    if (OP == 2u) { factor = T(1) / sqrt(total / T(p_n()) + T(p_eps())); }
${store}
}
