// LAPACK's larfg from alpha and xnorm = ||x||: the reflector H = I - tau v v^H, v = (1, scal x),
// with H^H (alpha, x) = (beta, 0) and beta real, -sign(re alpha) times ||(alpha, x)|| (scaled by
// the largest part so that it neither over- nor underflows). x = 0 with a real alpha is the
// identity (tau = 0). The QR panel kernels (qr_panel.wgsl, qr_tsqr_factor*.wgsl) and the
// tridiagonal and bidiagonal reductions share it.
//
// WGSL lets drivers reassociate products, and NVIDIA's Vulkan driver does: it turned
// ar * inv * ar * inv (inv = 1 / big) into a product of ar * ar and inv * inv, NaN where ar
// is huge or tiny, in float32 and float64 alike (measured on the H100; lavapipe keeps the
// order). So where the largest part is far from 1 (its exponent beyond a quarter of the
// range: squares or their reciprocals could over- or underflow), alpha and xnorm are scaled
// by 2^-e first (e its exponent; exactly, by a power of 2 built from bits), the scaled values
// opaque to the optimizer. Nearer 1 the unscaled form stays, bit for bit what it was.
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
    var ar = sc_re(alpha);
    var ai = sc_im(alpha);
    let big = max(max(abs(ar), abs(ai)), xnorm);
    let e = sc_scale_exponent(big);
    let far = abs(e) > ${BIAS} / 4;
    let down = select(R(1), sc_pow2(-e), far);
    var xs = xnorm;
    var norm = R(0);
    if (far) {
        ar = sc_opaque(ar * down);
        ai = sc_opaque(ai * down);
        xs = sc_opaque(xnorm * down);
        norm = sc_sqrt(ar * ar + ai * ai + xs * xs);
    } else {
        let inv_big = select(R(1) / big, R(0), big == R(0));
        norm = big * sc_sqrt(ar * inv_big * ar * inv_big + ai * inv_big * ai * inv_big
                             + xnorm * inv_big * xnorm * inv_big);
    }
    let identity = xnorm == R(0) && sc_im(alpha) == R(0);
    let scaled_beta = select(norm, -norm, sc_re(alpha) >= R(0));
    let beta = select(select(scaled_beta, scaled_beta * sc_pow2(e), far), sc_re(alpha), identity);
    let tau = select(sc_make((scaled_beta - ar) / scaled_beta, -ai / scaled_beta), ${T}(), identity);
    let scal = select(sc_scale(sc_opaque_t(sc_recip(sc_make(ar - scaled_beta, ai))), down), sc_real(R(1)), identity);
    return Reflector(beta, tau, scal);
}
