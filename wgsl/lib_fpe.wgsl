// NumPy's floating-point error flags of one ${T} result, for the flag variant of the map
// kernel (used only under wgarray.errstate; _engines/float_errors.py builds the expressions).
// The bits are NumPy's UFUNC_FPE_*: 1 divide by zero, 2 overflow, 4 underflow, 8 invalid.
// Every test reads bits, immune to drivers that flush subnormals or assume there is no NaN.
// fpe_tiny_${tag}, fpe_low_bit_${tag} and FPE_LOWEST_BIT_${tag} are in lib_fpe_${tag}.wgsl.

// The flags of r from inputs that held a NaN (any_nan) or were all finite (all_finite): a NaN
// from no NaN is invalid; an infinity from finite inputs is a division by zero where the
// function has a pole there, an overflow otherwise. The caller decides underflow.
fn fpe_${tag}(r: ${T}, any_nan: bool, all_finite: bool, pole: bool, underflow: bool) -> u32 {
    var flags = select(0u, 4u, underflow);
    if (isnan_${tag}(r) && !any_nan) { flags = flags | 8u; }
    if (isinf_${tag}(r) && all_finite) { flags = flags | select(2u, 1u, pole); }
    return flags;
}

fn fpe_same_${tag}(a: ${T}, b: ${T}) -> bool { return bitcast<${U}>(a) == bitcast<${U}>(b); }

fn fpe_finite_nonzero_${tag}(x: ${T}) -> bool { return isfinite_${tag}(x) && nz_${tag}(x); }

// Underflow of r = a * b rounded: tiny and inexact. With a = ma 2^qa and b = mb 2^qb (ma, mb
// odd), the exact product ma mb 2^(qa + qb) is odd times 2^(qa + qb), so a tiny one is
// representable exactly when qa + qb reaches the exponent of the smallest subnormal.
fn fpe_mul_underflow_${tag}(a: ${T}, b: ${T}, r: ${T}) -> bool {
    if (!fpe_tiny_${tag}(r) || !fpe_finite_nonzero_${tag}(a) || !fpe_finite_nonzero_${tag}(b)) { return false; }
    return fpe_low_bit_${tag}(a) + fpe_low_bit_${tag}(b) < FPE_LOWEST_BIT_${tag};
}

// Underflow of r = a / b rounded: tiny and inexact. r is the exact quotient when r b == a
// exactly, which two tests decide: r b rounds to a, and the lowest set bits of r and b add up
// to a's (odd times odd is odd). A product with its lowest bit where a has it differs from a
// by a multiple of a's last place, or not at all, so it cannot round to a unless equal.
fn fpe_div_underflow_${tag}(a: ${T}, b: ${T}, r: ${T}) -> bool {
    if (!fpe_tiny_${tag}(r) || !fpe_finite_nonzero_${tag}(a) || !fpe_finite_nonzero_${tag}(b)) { return false; }
    if (!nz_${tag}(r)) { return true; }
    let low = fpe_low_bit_${tag}(r) + fpe_low_bit_${tag}(b);
    return !(fpe_same_${tag}(fabs_${tag}(mul_${tag}(r, b)), fabs_${tag}(a)) && low == fpe_low_bit_${tag}(a));
}

// Underflow of r = ldexp(a, n): a tiny result is exact when a's lowest set bit, moved by n,
// stays at or above the smallest subnormal.
fn fpe_ldexp_underflow_${tag}(a: ${T}, n: i32, r: ${T}) -> bool {
    if (!fpe_tiny_${tag}(r) || !fpe_finite_nonzero_${tag}(a)) { return false; }
    return fpe_low_bit_${tag}(a) + n < FPE_LOWEST_BIT_${tag};
}

// Underflow of r = f(x, ...) for a function with no exactly tiny values but f(0) (exp, pow,
// sin, atan2, ...): a zero from finite nonzero inputs, or a subnormal that is not x itself
// (tanh x, expm1 x and log1p x of a subnormal x round to x: NumPy reports nothing there).
fn fpe_tiny_underflow_${tag}(r: ${T}, x: ${T}, all_finite: bool, all_nonzero: bool) -> bool {
    if (!fpe_tiny_${tag}(r) || !all_finite) { return false; }
    if (nz_${tag}(r)) { return !fpe_same_${tag}(r, x); }
    return all_nonzero;
}

// ---- reductions and casts (wgarray/_api/reductions.py, data_type_functions.astype) ----------
// The class of one folded element, ORed over each reduction by a fold beside the reduction's
// own: 1 an infinity, 2 a NaN, 4 a zero.
fn fpe_class_${tag}(x: ${T}) -> u32 {
    if (isnan_${tag}(x)) { return 2u; }
    if (isinf_${tag}(x)) { return 1u; }
    return select(4u, 0u, nz_${tag}(x));
}

// The flags of a sum's or product's result r over elements of the classes `seen`: an infinity
// from finite elements overflowed; a NaN from no NaN is invalid, and from finite elements it came
// from an infinity that overflowed first (inf - inf, inf * 0). A zero product of finite nonzero
// elements underflowed (product: a product is checked).
fn fpe_fold_${tag}(r: ${T}, seen: u32, product: bool) -> u32 {
    var flags = 0u;
    if (isnan_${tag}(r) && (seen & 2u) == 0u) { flags = select(8u, 10u, (seen & 1u) == 0u); }
    if (isinf_${tag}(r) && (seen & 3u) == 0u) { flags = 2u; }
    if (product && !nz_${tag}(r) && seen == 0u) { flags = 4u; }
    return flags;
}

// NumPy's 'invalid value encountered in cast' of a float x to an integer type, as NumPy's casts
// on x86-64 report it: a NaN, an infinity, or x truncated outside [lo, hi), the range of the
// machine conversion the C cast compiles to (int32's for the narrow types, int64's, or
// [-2^63, 2^64) for uint64).
fn fpe_cast_int_${tag}(x: ${T}, lo: ${T}, hi: ${T}) -> u32 {
    if (!isfinite_${tag}(x)) { return 8u; }
    let t = trunc(x);
    return select(8u, 0u, t >= lo && t < hi);
}
