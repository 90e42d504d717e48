// LAPACK's larfg from alpha and xnorm = ||x||: the reflector H = I - tau v v^H, v = (1, scal x),
// with H^H (alpha, x) = (beta, 0) and beta real, -sign(re alpha) times ||(alpha, x)||. x = 0
// with a real alpha is the identity (tau = 0). The QR panel kernels (qr_panel.wgsl,
// qr_tsqr_factor*.wgsl) and the tridiagonal and bidiagonal reductions share it.
//
// Huge and tiny entries: everything is computed on alpha and xnorm scaled by 2^-e, e the
// exponent of the largest part (exactly, by a power of 2 built from bits: no reciprocal), so
// that no square over- or underflows. The scaled values pass through sc_opaque, since WGSL
// lets drivers reassociate products: NVIDIA's Vulkan driver turned ar * inv * ar * inv (the
// earlier ||(alpha, x)|| / big) into a product of ar * ar and inv * inv, NaN where ar is huge
// or tiny, in float32 and float64 alike (measured on the H100; lavapipe keeps the order).
// The panel kernels scale their columns' sums the same way.
struct Reflector { beta: R, tau: ${T}, scal: ${T} }

// x, where the optimizer cannot see that it is x (a product feeding it stays a product).
fn sc_opaque(x: R) -> R { return select(x, R(0), bitcast<${RU}>(x) == ${OPAQUE}); }
fn sc_opaque_t(a: ${T}) -> ${T} { return sc_make(sc_opaque(sc_re(a)), sc_opaque(sc_im(a))); }
// 2^n exactly, for n in the normal range [1 - ${BIAS}, ${BIAS}].
fn sc_pow2(n: i32) -> R { return bitcast<R>(${RU}(n + ${BIAS}) << ${MANT}u); }
// The scale exponent of m >= 0: e with m 2^-e in [1, 2) (for normal m), such that 2^-e and 2^e
// are normal numbers; a zero or subnormal m gives the smallest.
fn sc_scale_exponent(m: R) -> i32 {
    return clamp(i32(bitcast<${RU}>(m) >> ${MANT}u) - ${BIAS}, 1 - ${BIAS}, ${BIAS} - 1);
}

fn householder(alpha: ${T}, xnorm: R) -> Reflector {
    let e = sc_scale_exponent(max(max(abs(sc_re(alpha)), abs(sc_im(alpha))), xnorm));
    let down = sc_pow2(-e);
    let ar = sc_opaque(sc_re(alpha) * down);
    let ai = sc_opaque(sc_im(alpha) * down);
    let xs = sc_opaque(xnorm * down);
    let norm = sc_sqrt(ar * ar + ai * ai + xs * xs);
    let identity = xnorm == R(0) && sc_im(alpha) == R(0);
    let scaled_beta = select(norm, -norm, sc_re(alpha) >= R(0));
    let beta = select(scaled_beta * sc_pow2(e), sc_re(alpha), identity);
    let tau = select(sc_make((scaled_beta - ar) / scaled_beta, -ai / scaled_beta), ${T}(), identity);
    let scal = select(sc_scale(sc_opaque_t(sc_recip(sc_make(ar - scaled_beta, ai))), down), sc_real(R(1)), identity);
    return Reflector(beta, tau, scal);
}
