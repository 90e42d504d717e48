// geev's scalar arithmetic for complex matrices, on top of eig_field_complex (T = vec2<R>).
fn f_im(a: T) -> R { return a.y; }
fn f_cabs1(a: T) -> R { return abs(a.x) + abs(a.y); }  // LAPACK's cabs1: |re| + |im|
fn f_make(re: R, im: R) -> T { return T(re, im); }
fn f_div(a: T, b: T) -> T { return cdiv_${ctag}(a, b); }
fn f_to_c(a: T) -> vec2<R> { return a; }
