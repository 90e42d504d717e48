// Per-type constants of the math library (wgsl/lib_math.wgsl) for f32.
// Written by tools/minimax.py: do not edit by hand.

const MANT_f32: u32 = 23u;
const BIAS_f32: i32 = 127;
const EMAX_f32: i32 = 127;
const EMIN_f32: i32 = -126;
const SCALE_K_f32: i32 = 100;
const PBITS_f32: i32 = 24;
const EXPFIELD_f32: u32 = 0xffu;
const MANTMASK_f32: u32 = 0x7fffffu;
const ONEBITS_f32: u32 = 0x3f800000u;
const SPLIT_f32: u32 = 0xfffff000u;
const OPAQUE_f32: u32 = 0x7fc0deadu;
const PH_NL_f32: u32 = 1u;
const PH_NW_f32: u32 = 5u;
const PH_G_f32: u32 = 3u;
const PH_HM0_f32: u32 = 0xffffff00u;
const PH_HM1_f32: u32 = 0u;
const LN2_H_f32: f32 = 0.693145751953125;
const LN2_M_f32: f32 = 1.4286197256296873e-06;
const LN2_L_f32: f32 = -1.2905320041778356e-11;
const LN2_T_f32: f32 = 1.428606765330187e-06;
const LN2_f32: f32 = 0.6931471824645996;
const LN2_LO_f32: f32 = -1.9046542121259336e-09;
const INV_LN2_f32: f32 = 1.4426950216293335;
const INV_LN2_H_f32: f32 = 1.4426950216293335;
const INV_LN2_L_f32: f32 = 1.925963033500011e-08;
const INV_LN10_H_f32: f32 = 0.4342944920063019;
const INV_LN10_L_f32: f32 = -1.0103049952192578e-08;
const LOG10_2_H_f32: f32 = 0.30103302001953125;
const LOG10_2_M_f32: f32 = -3.0243536457419395e-06;
const LOG10_2_L_f32: f32 = -1.9043128619139482e-12;
const TWO_THIRDS_H_f32: f32 = 0.6666666865348816;
const TWO_THIRDS_L_f32: f32 = -1.9868215517249155e-08;
const TWO_THIRDS_f32: f32 = 0.6666666865348816;
const PIO2_1_f32: f32 = 1.5703125;
const PIO2_2_f32: f32 = 0.0004837512969970703;
const PIO2_3_f32: f32 = 7.549533620476723e-08;
const PIO2_4_f32: f32 = 2.5632829192545614e-12;
const PIO2_5_f32: f32 = 6.123234262925839e-17;
const MEDIUM_f32: f32 = 6432.0;
const INV_PIO2_f32: f32 = 0.6366197466850281;
const PIO2_H_f32: f32 = 1.5707963705062866;
const PIO2_L_f32: f32 = -4.371138828673793e-08;
const PI_H_f32: f32 = 3.1415927410125732;
const PI_L_f32: f32 = -8.742277657347586e-08;
const PIO4_H_f32: f32 = 0.7853981852531433;
const PIO4_L_f32: f32 = -2.1855694143368964e-08;
const PI3O4_f32: f32 = 2.356194496154785;
const ATAN_HALF_H_f32: f32 = 0.46364760398864746;
const ATAN_HALF_L_f32: f32 = 5.01215868808913e-09;
const ATAN_1P5_H_f32: f32 = 0.9827937483787537;
const ATAN_1P5_L_f32: f32 = -2.5131424052915463e-08;
const SQRT2_f32: f32 = 1.4142135381698608;
const TWO_P_f32: f32 = 16777216.0;
const EXP_HI_f32: f32 = 89.0;
const EXP_LO_f32: f32 = -104.0;
const EXPM1_LO_f32: f32 = -17.5;
const SMALL_f32: f32 = 0.0001220703125;
const TANH_ONE_f32: f32 = 9.100000381469727;
const HYP_LARGE_f32: f32 = 10.0;
const BIG_f32: f32 = 8192.0;
const LAE_BIG_f32: f32 = 20.0;
const TANH_POLY_f32: f32 = 0.875;
fn lm_limbs_f32(m: u32) -> vec2<u32> { return vec2<u32>(m, 0u); }
// Bits of 2/pi after the binary point, 32 a word (Payne-Hanek reduction).
fn lm_twoopi_f32(i: u32) -> u32 {
    switch i {
        case 0u: { return 0xa2f9836eu; }
        case 1u: { return 0x4e441529u; }
        case 2u: { return 0xfc2757d1u; }
        case 3u: { return 0xf534ddc0u; }
        case 4u: { return 0xdb629599u; }
        case 5u: { return 0x3c439041u; }
        case 6u: { return 0xfe5163abu; }
        case 7u: { return 0xdebbc561u; }
        default: { return 0u; }
    }
}

// EXP: degree 4, weighted error 2^-32.3
fn poly_exp_f32(z: f32) -> f32 {
    return 0.1666666567325592 + z * (0.041666459292173386 + z * (0.00833358708769083 + z * (0.0013935278402641416 + z * (0.0001973336038645357))));
}
// LOG: degree 2, weighted error 2^-36.5
fn poly_log_f32(z: f32) -> f32 {
    return 0.40000152587890625 + z * (0.2854714095592499 + z * (0.23418451845645905));
}
// SIN: degree 3, weighted error 2^-28.0
fn poly_sin_f32(z: f32) -> f32 {
    return -0.1666666716337204 + z * (0.008333329111337662 + z * (-0.00019839305605273694 + z * (2.7180642518942477e-06)));
}
// COS: degree 2, weighted error 2^-32.8
fn poly_cos_f32(z: f32) -> f32 {
    return 0.04166664555668831 + z * (-0.0013887311797589064 + z * (2.4432589270872995e-05));
}
// ASIN: degree 4, weighted error 2^-27.3
fn poly_asin_f32(z: f32) -> f32 {
    return 0.16666752099990845 + z * (0.07495297491550446 + z * (0.04547037556767464 + z * (0.02417951449751854 + z * (0.04216631129384041))));
}
// ATAN: degree 4, weighted error 2^-28.0
fn poly_atan_f32(z: f32) -> f32 {
    return -0.3333330452442169 + z * (0.1999773383140564 + z * (-0.14229515194892883 + z * (0.10490341484546661 + z * (-0.05817991867661476))));
}
// SINH: degree 3, weighted error 2^-27.5
fn poly_sinh_f32(z: f32) -> f32 {
    return 0.1666666716337204 + z * (0.008333349600434303 + z * (0.0001983615948120132 + z * (2.8169511097075883e-06)));
}
// TANH: degree 6, weighted error 2^-27.9
fn poly_tanh_f32(z: f32) -> f32 {
    return -0.33333325386047363 + z * (0.13333064317703247 + z * (-0.053937140852212906 + z * (0.021695921197533607 + z * (-0.008331681601703167 + z * (0.002650739159435034 + z * (-0.0004823080380447209))))));
}
