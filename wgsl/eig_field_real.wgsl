// The scalar arithmetic of the Jacobi kernels (eig_jacobi, svd_jacobi) for real matrices:
// T is the element type, R the real type (the same here).
alias T = ${R};
alias R = ${R};
fn f_re(a: T) -> R { return a; }
fn f_abs(a: T) -> R { return abs(a); }
fn f_abs2(a: T) -> R { return a * a; }
fn f_conj(a: T) -> T { return a; }
fn f_mul(a: T, b: T) -> T { return a * b; }
fn f_real(r: R) -> T { return r; }
fn f_unit(a: T, abs_a: R) -> T { return select(R(-1), R(1), a >= R(0)); }  // a / |a|
fn f_absmax(a: T) -> R { return abs(a); }
fn f_finite(a: T) -> bool { return isfinite_${rtag}(a); }
${pow2}
