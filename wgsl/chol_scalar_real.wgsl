// Scalar helpers of the factorisation kernels for a real ${T}: the same names as the
// complex variant (chol_scalar_complex.wgsl), so one kernel text serves both.
alias R = ${T};
fn sc_mul(a: ${T}, b: ${T}) -> ${T} { return a * b; }
fn sc_conj(a: ${T}) -> ${T} { return a; }
fn sc_re(a: ${T}) -> R { return a; }
fn sc_im(a: ${T}) -> R { return R(0); }
fn sc_real(r: R) -> ${T} { return r; }
fn sc_make(re: R, im: R) -> ${T} { return re; }
fn sc_scale(a: ${T}, r: R) -> ${T} { return a * r; }
// The largest magnitude of a part, and the sum of the squares of the parts.
fn sc_absmax(a: ${T}) -> R { return abs(a); }
fn sc_sq(a: ${T}) -> R { return a * a; }
fn sc_recip(a: ${T}) -> ${T} { return R(1) / a; }
fn sc_sqrt(r: R) -> R { return sqrt_${tag}(r); }
fn sc_bad_pivot(d: R) -> bool { return !isnan_${tag}(d) && !(d > R(0)); }  // a NaN passes, as in OpenBLAS (NumPy)
