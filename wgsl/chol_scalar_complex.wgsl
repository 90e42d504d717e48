// Scalar helpers of the factorisation kernels for a complex ${T} = (re, im) of parts ${F};
// the same names as the real variant (chol_scalar_real.wgsl).
alias R = ${F};
fn sc_mul(a: ${T}, b: ${T}) -> ${T} { return ${T}(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn sc_conj(a: ${T}) -> ${T} { return ${T}(a.x, -a.y); }
fn sc_re(a: ${T}) -> R { return a.x; }
fn sc_im(a: ${T}) -> R { return a.y; }
fn sc_real(r: R) -> ${T} { return ${T}(r, R(0)); }
fn sc_make(re: R, im: R) -> ${T} { return ${T}(re, im); }
fn sc_scale(a: ${T}, r: R) -> ${T} { return a * r; }
fn sc_absmax(a: ${T}) -> R { return max(abs(a.x), abs(a.y)); }
fn sc_sq(a: ${T}) -> R { return a.x * a.x + a.y * a.y; }
fn sc_recip(a: ${T}) -> ${T} { return crecip_${tag}(a); }
fn sc_sqrt(r: R) -> R { return sqrt_${ftag}(r); }
fn sc_bad_pivot(d: R) -> bool { return !isnan_${ftag}(d) && !(d > R(0)); }  // a NaN passes, as in OpenBLAS (NumPy)
