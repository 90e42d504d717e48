// The scalar arithmetic of the Jacobi kernels (eig_jacobi, svd_jacobi) for complex matrices:
// T is the element type (vec2: re, im), R the real type of its parts.
alias T = vec2<${R}>;
alias R = ${R};
fn f_re(a: T) -> R { return a.x; }
fn f_abs(a: T) -> R { return hypot_${rtag}(a.x, a.y); }
fn f_abs2(a: T) -> R { return a.x * a.x + a.y * a.y; }
fn f_conj(a: T) -> T { return T(a.x, -a.y); }
fn f_mul(a: T, b: T) -> T { return T(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
fn f_real(r: R) -> T { return T(r, R(0)); }
fn f_unit(a: T, abs_a: R) -> T { return a / abs_a; }  // a / |a|
fn f_absmax(a: T) -> R { return max(abs(a.x), abs(a.y)); }
fn f_finite(a: T) -> bool { return isfinite_${rtag}(a.x) && isfinite_${rtag}(a.y); }
${pow2}
