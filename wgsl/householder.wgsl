// LAPACK's larfg from alpha and xnorm = ||x||: the reflector H = I - tau v v^H, v = (1, scal x),
// with H^H (alpha, x) = (beta, 0) and beta real, -sign(re alpha) times ||(alpha, x)|| (scaled by
// the largest part so that it neither over- nor underflows). x = 0 with a real alpha is the
// identity (tau = 0). The QR panel kernels (qr_panel.wgsl, qr_tsqr_factor.wgsl) share it.
struct Reflector { beta: R, tau: ${T}, scal: ${T} }

fn householder(alpha: ${T}, xnorm: R) -> Reflector {
    let ar = sc_re(alpha);
    let ai = sc_im(alpha);
    let big = max(max(abs(ar), abs(ai)), xnorm);
    let inv_big = select(R(1) / big, R(0), big == R(0));
    let norm = big * sc_sqrt(ar * inv_big * ar * inv_big + ai * inv_big * ai * inv_big
                             + xnorm * inv_big * xnorm * inv_big);
    let identity = xnorm == R(0) && ai == R(0);
    let beta = select(select(norm, -norm, ar >= R(0)), ar, identity);
    let tau = select(sc_make((beta - ar) / beta, -ai / beta), ${T}(), identity);
    let scal = select(sc_recip(sc_make(ar - beta, ai)), sc_real(R(1)), identity);
    return Reflector(beta, tau, scal);
}
