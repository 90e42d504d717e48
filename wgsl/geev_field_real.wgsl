// geev's scalar arithmetic for real matrices, on top of eig_field_real (T = R).
fn f_im(a: T) -> R { return R(0); }
fn f_cabs1(a: T) -> R { return abs(a); }  // LAPACK's cabs1: |re| + |im|
fn f_make(re: R, im: R) -> T { return re; }
fn f_div(a: T, b: T) -> T { return a / b; }
fn f_to_c(a: T) -> vec2<R> { return vec2<R>(a, R(0)); }
