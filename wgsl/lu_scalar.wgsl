// What the LU kernels share: the pivot search's workgroup scratch and the scalar operations
// of the dtype (real or complex), filled in by lu_kernels._arith.
var<workgroup> red_key: array<${F}, ${wg}>;
var<workgroup> red_row: array<u32, ${wg}>;

// The pivot's key: LAPACK's |re| + |im| (cabs1). A NaN is never chosen over a number, as
// LAPACK's i?amax (whose > is false for NaN); an all-NaN column keeps its diagonal pivot.
fn pivot_key(v: ${T}) -> ${F} {
    let mag = ${magnitude};
    return select(mag, ${F}(-1), ${isnan}(mag));
}
fn is_zero(v: ${T}) -> bool { return ${is_zero}; }
fn divide(a: ${T}, b: ${T}) -> ${T} { return ${divide}; }
fn multiply(a: ${T}, b: ${T}) -> ${T} { return ${multiply}; }
