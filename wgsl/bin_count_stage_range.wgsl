// histogram's equal bins over the data's own range, made here rather than read back and sent:
// NumPy's linspace(first, last, bins + 1) of the data's (min, max) that bin_count_range.wgsl left
// after the edges (first == last: 0.5 below and above), in ${C}: step = (last - first) / bins
// (correctly rounded), edge k = k * step + first with its two roundings (the product through
// lib_float's rounded_${tag}(), so that no driver fuses it into the add: an H100 did, even through
// a product with a 1 it could not see), the last edge `last` itself. Group 0 writes the edges out.
// The host reads (min, max) meanwhile and keeps these edges only where they are NumPy's (a finite
// range whose ends and step are normal numbers, the step over 4 units in the last place of the
// ends: else it recounts).
// p_bins() <= LOCAL_BINS: the edges always fit local_edges. Every edge is made once, here, and
// read back where bin_of checks one: edges made again by the same arithmetic in the counting
// loop gave a histogram other than NumPy's on an H100 (2^24 float32 items, 256 bins; lavapipe
// agreed), a compiler being free to evaluate one float expression differently in two places.
fn edges_local() -> bool { return true; }

fn global_edge(k: u32) -> ${C} { return local_edges[k]; }

// (last - first) / bins rounded as NumPy's division rounds it: WGSL's float32 division may be 2.5
// ulp off (NVIDIA's is off by one or two), so of its quotient and three neighbours each side, the
// one whose remainder is least. (A quotient exactly between two floats needs a power-of-2
// divisor, which divides exactly.)
fn rounded_quotient(a: ${C}, b: ${C}) -> ${C} {
    let q = a / b;
    var best = q;
    var least = abs(exact_remainder(a, q, b));
    for (var d = -3; d <= 3; d++) {
        let near = bitcast<${C}>(bitcast<${I}>(q) + ${I}(d));
        let remainder = abs(exact_remainder(a, near, b));
        if (remainder < least) {
            best = near;
            least = remainder;
        }
    }
    return best;
}

// a - c b exactly, for a whole b below 2^12 (bins <= LOCAL_BINS) and c within a few ulp of a / b:
// c split into its top mantissa bits (the low 12 cleared) and the rest, every product and
// difference is a multiple of c's ulp that the format holds, whether or not the compiler fuses
// a multiply into the add (lavapipe's fma is not fused). The parts pass through rounded_${tag}(), so
// that no compiler makes (a - high b) - low b into a - (high + low) b = a - c b, inexact (NVIDIA's folds
// (x - k C1) - k C2 into x - k (C1 + C2): lib_math's Cody-Waite steps).
fn exact_remainder(a: ${C}, c: ${C}, b: ${C}) -> ${C} {
    let high = bitcast<${C}>(bitcast<${I}>(c) & ~${I}(4095));
    let low = rounded_${tag}(c - high);
    return rounded_${tag}(a - high * b) - low * b;
}

fn stage_bins(lid: u32, group: u32) {
    let low = edges_out[p_bins() + 1u];
    let high = edges_out[p_bins() + 2u];
    var first = low;
    var last = high;
    if (first == last) {
        first = first - ${C}(0.5);
        last = last + ${C}(0.5);
    }
    let bins = p_bins();
    let step = rounded_quotient(last - first, ${C}(bins));
    for (var k = lid; k <= bins; k += ${workgroup}u) {
        let e = select(rounded_${tag}(${C}(k) * step) + first, last, k == bins);
        local_edges[k] = e;
        if (group == 0u) { edges_out[k] = e; }
    }
}
