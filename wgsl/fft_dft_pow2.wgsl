// Butterflies of radix 1 (a transform of length 1), 2, 4, 8 and 16 in the ${D} direction: v[m] := sum_r v[r] w^(r m) with
// w = exp(${SIGN} 2 pi i / R); twiddles from the table (exp(-2 pi i m / N)), conjugated inverse.
fn twiddle_${D}(m: u32) -> C { let w = table[m]; return C(w.x, F(${NEG}) * w.y); }
fn rot_${D}(x: C) -> C { return C(F(-(${SIGN})) * x.y, F(${SIGN}) * x.x); }  // x * (${SIGN} i)
fn dft1_${D}(v: ptr<function, array<C, 1>>) {}
fn dft2_${D}(v: ptr<function, array<C, 2>>) {
    let a = (*v)[0];
    let b = (*v)[1];
    (*v)[0] = a + b;
    (*v)[1] = a - b;
}
fn dft4_${D}(v: ptr<function, array<C, 4>>) {
    let s02 = (*v)[0] + (*v)[2];
    let d02 = (*v)[0] - (*v)[2];
    let s13 = (*v)[1] + (*v)[3];
    let d13 = rot_${D}((*v)[1] - (*v)[3]);
    (*v)[0] = s02 + s13;
    (*v)[1] = d02 + d13;
    (*v)[2] = s02 - s13;
    (*v)[3] = d02 - d13;
}
fn dft8_${D}(v: ptr<function, array<C, 8>>) {
    const H: F = 0.70710678118654752440084436210485;
    var e = array<C, 4>((*v)[0], (*v)[2], (*v)[4], (*v)[6]);
    var o = array<C, 4>((*v)[1], (*v)[3], (*v)[5], (*v)[7]);
    dft4_${D}(&e);
    dft4_${D}(&o);
    let o1 = (o[1] + rot_${D}(o[1])) * H;   // w8 = (1 + ${SIGN} i) / sqrt(2)
    let o2 = rot_${D}(o[2]);
    let o3 = (rot_${D}(o[3]) - o[3]) * H;   // w8^3 = (-1 + ${SIGN} i) / sqrt(2)
    (*v)[0] = e[0] + o[0];
    (*v)[4] = e[0] - o[0];
    (*v)[1] = e[1] + o1;
    (*v)[5] = e[1] - o1;
    (*v)[2] = e[2] + o2;
    (*v)[6] = e[2] - o2;
    (*v)[3] = e[3] + o3;
    (*v)[7] = e[3] - o3;
}
fn wmul_${D}(x: C, c: F, s: F) -> C {  // x * (c + ${SIGN} i s)
    return C(x.x * c - F(${SIGN}) * x.y * s, x.y * c + F(${SIGN}) * x.x * s);
}
// Radix 16 as 4 x 4: the DFTs of the four columns v[4a + b] (over a), twiddles w16^(b c),
// then the DFTs of the four rows (over b), read out transposed.
fn dft16_${D}(v: ptr<function, array<C, 16>>) {
    const C1: F = 0.92387953251128675613;  // cos(pi / 8)
    const S1: F = 0.38268343236508977173;  // sin(pi / 8)
    const H: F = 0.70710678118654752440;
    var x0 = array<C, 4>((*v)[0], (*v)[4], (*v)[8], (*v)[12]);
    var x1 = array<C, 4>((*v)[1], (*v)[5], (*v)[9], (*v)[13]);
    var x2 = array<C, 4>((*v)[2], (*v)[6], (*v)[10], (*v)[14]);
    var x3 = array<C, 4>((*v)[3], (*v)[7], (*v)[11], (*v)[15]);
    dft4_${D}(&x0);
    dft4_${D}(&x1);
    dft4_${D}(&x2);
    dft4_${D}(&x3);
    x1[1] = wmul_${D}(x1[1], C1, S1);
    x1[2] = wmul_${D}(x1[2], H, H);
    x1[3] = wmul_${D}(x1[3], S1, C1);
    x2[1] = wmul_${D}(x2[1], H, H);
    x2[2] = rot_${D}(x2[2]);
    x2[3] = wmul_${D}(x2[3], -H, H);
    x3[1] = wmul_${D}(x3[1], S1, C1);
    x3[2] = wmul_${D}(x3[2], -H, H);
    x3[3] = wmul_${D}(x3[3], -C1, -S1);
    for (var c = 0u; c < 4u; c++) {
        var y = array<C, 4>(x0[c], x1[c], x2[c], x3[c]);
        dft4_${D}(&y);
        for (var d = 0u; d < 4u; d++) { (*v)[c + 4u * d] = y[d]; }
    }
}
