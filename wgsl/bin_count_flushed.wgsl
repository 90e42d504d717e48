// Given float32 edges (bin_count.py's _bin_source): values that NVIDIA's compare instructions
// flush to zero, zero and subnormal ones (exponent bits 0), are placed by comparisons on the
// bits (lib_float's less_f32, ...),
// a zero once per invocation (zero_bin, in prepare_bins: data often holds many zeros),
// so that they fall in NumPy's bins next to subnormal edges or an edge at 0.0. A normal value
// compares with any edge natively as with its bits (a flushed edge keeps its sign and order).
var<private> zero_bin: u32;

fn is_flushed(v: f32) -> bool { return (bitcast<u32>(v) & 0x7f800000u) == 0u; }

fn exact_bin(v: f32) -> u32 {
    let bins = p_bins();
    if (less_f32(v, first_edge) || greater_f32(v, last_edge)) { return bins; }
    if (equal_f32(v, last_edge)) { return bins - 1u; }
    let guess = guess_bin(v);
    if (less_equal_f32(edge(guess), v) && less_f32(v, edge(guess + 1u))) { return guess; }
    var lo = 0u;  // as bin_of's search: the number of edges <= v, less one
    var hi = bins + 1u;
    while (lo < hi) {
        let mid = lo + (hi - lo) / 2u;
        if (less_equal_f32(edge(mid), v)) { lo = mid + 1u; } else { hi = mid; }
    }
    return lo - 1u;
}

fn prepare_flushed() { zero_bin = exact_bin(0.0); }

fn flushed_bin(v: f32) -> u32 {
    if ((bitcast<u32>(v) << 1u) == 0u) { return zero_bin; }
    return exact_bin(v);
}

fn unflushed(v: f32) -> f32 { return v; }  // (is_flushed takes these values its own way)
