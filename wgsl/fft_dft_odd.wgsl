// The butterfly of odd radix ${R} in the ${D} direction, pairing v[k] with v[R - k]:
// y[m] = v0 + sum_k a_k cos(2 pi k m / R) +- ${SIGN} i sum_k b_k sin(2 pi k m / R),
// a_k = v[k] + v[R-k], b_k = v[k] - v[R-k], k = 1 .. (R-1)/2.
fn dft${R}_${D}(v: ptr<function, array<C, ${R}>>) {
    const COS = array<F, ${R}>(${COS});
    const SIN = array<F, ${R}>(${SIN});
    var a: array<C, ${H}>;
    var b: array<C, ${H}>;
    let x0 = (*v)[0];
    var y0 = x0;
    for (var k = 1u; k <= ${H}u; k++) {
        a[k - 1u] = (*v)[k] + (*v)[${R}u - k];
        b[k - 1u] = (*v)[k] - (*v)[${R}u - k];
        y0 += a[k - 1u];
    }
    for (var m = 1u; m <= ${H}u; m++) {
        var p = x0;
        var q = C();
        for (var k = 1u; k <= ${H}u; k++) {
            let idx = (k * m) % ${R}u;
            p += a[k - 1u] * COS[idx];
            q += b[k - 1u] * SIN[idx];
        }
        let iq = rot_${D}(q);
        (*v)[m] = p + iq;
        (*v)[${R}u - m] = p - iq;
    }
    (*v)[0] = y0;
}
