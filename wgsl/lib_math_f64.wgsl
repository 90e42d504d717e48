// Per-type constants of the math library (wgsl/lib_math.wgsl) for f64.
// Written by tools/minimax.py: do not edit by hand.

const MANT_f64: u32 = 52u;
const BIAS_f64: i32 = 1023;
const EMAX_f64: i32 = 1023;
const EMIN_f64: i32 = -1022;
const SCALE_K_f64: i32 = 1000;
const PBITS_f64: i32 = 53;
const EXPFIELD_f64: u64 = 0x7fflu;
const MANTMASK_f64: u64 = 0xffffffffffffflu;
const ONEBITS_f64: u64 = 0x3ff0000000000000lu;
const SPLIT_f64: u64 = 0xfffffffff8000000lu;
const OPAQUE_f64: u64 = 0x7ff8000000dead00lu;
const PH_NL_f64: u32 = 2u;
const PH_NW_f64: u32 = 7u;
const PH_G_f64: u32 = 4u;
const PH_HM0_f64: u32 = 0xffffffffu;
const PH_HM1_f64: u32 = 0xfffff800u;
const LN2_H_f64: f64 = 0.6931471805598903;
const LN2_M_f64: f64 = 5.4979230187085024e-14;
const LN2_L_f64: f64 = -1.3124698417785255e-27;
const LN2_T_f64: f64 = 5.497923018708371e-14;
const LN2_f64: f64 = 0.6931471805599453;
const LN2_LO_f64: f64 = 2.3190468138462996e-17;
const INV_LN2_f64: f64 = 1.4426950408889634;
const INV_LN2_H_f64: f64 = 1.4426950408889634;
const INV_LN2_L_f64: f64 = 2.0355273740931033e-17;
const INV_LN10_H_f64: f64 = 0.4342944819032518;
const INV_LN10_L_f64: f64 = 1.098319650216765e-17;
const LOG10_2_H_f64: f64 = 0.30102999566395283;
const LOG10_2_M_f64: f64 = 2.8363394551042263e-14;
const LOG10_2_L_f64: f64 = 2.7013429058980534e-27;
const TWO_THIRDS_H_f64: f64 = 0.6666666666666666;
const TWO_THIRDS_L_f64: f64 = 3.700743415417188e-17;
const TWO_THIRDS_f64: f64 = 0.6666666666666666;
const PIO2_1_f64: f64 = 1.5707963267341256;
const PIO2_2_f64: f64 = 6.077100506303966e-11;
const PIO2_3_f64: f64 = 2.0222662487111665e-21;
const PIO2_4_f64: f64 = 8.478427660348229e-32;
const PIO2_5_f64: f64 = 2.066915234879105e-43;
const MEDIUM_f64: f64 = 1646592.0;
const INV_PIO2_f64: f64 = 0.6366197723675814;
const PIO2_H_f64: f64 = 1.5707963267948966;
const PIO2_L_f64: f64 = 6.123233995736766e-17;
const PI_H_f64: f64 = 3.141592653589793;
const PI_L_f64: f64 = 1.2246467991473532e-16;
const PIO4_H_f64: f64 = 0.7853981633974483;
const PIO4_L_f64: f64 = 3.061616997868383e-17;
const PI3O4_f64: f64 = 2.356194490192345;
const ATAN_HALF_H_f64: f64 = 0.4636476090008061;
const ATAN_HALF_L_f64: f64 = 2.2698777452961687e-17;
const ATAN_1P5_H_f64: f64 = 0.982793723247329;
const ATAN_1P5_L_f64: f64 = 1.3903311031230998e-17;
const SQRT2_f64: f64 = 1.4142135623730951;
const TWO_P_f64: f64 = 9007199254740992.0;
const EXP_HI_f64: f64 = 709.79;
const EXP_LO_f64: f64 = -745.14;
const EXPM1_LO_f64: f64 = -38.5;
const SMALL_f64: f64 = 7.450580596923828e-09;
const TANH_ONE_f64: f64 = 19.1;
const HYP_LARGE_f64: f64 = 20.0;
const BIG_f64: f64 = 268435456.0;
const LAE_BIG_f64: f64 = 40.0;
const TANH_POLY_f64: f64 = 0.875;
fn lm_limbs_f64(m: u64) -> vec2<u32> { return vec2<u32>(u32(m & 0xfffffffflu), u32(m >> 32u)); }
// Bits of 2/pi after the binary point, 32 a word (Payne-Hanek reduction).
fn lm_twoopi_f64(i: u32) -> u32 {
    switch i {
        case 0u: { return 0xa2f9836eu; }
        case 1u: { return 0x4e441529u; }
        case 2u: { return 0xfc2757d1u; }
        case 3u: { return 0xf534ddc0u; }
        case 4u: { return 0xdb629599u; }
        case 5u: { return 0x3c439041u; }
        case 6u: { return 0xfe5163abu; }
        case 7u: { return 0xdebbc561u; }
        case 8u: { return 0xb7246e3au; }
        case 9u: { return 0x424dd2e0u; }
        case 10u: { return 0x06492eeau; }
        case 11u: { return 0x09d1921cu; }
        case 12u: { return 0xfe1deb1cu; }
        case 13u: { return 0xb129a73eu; }
        case 14u: { return 0xe88235f5u; }
        case 15u: { return 0x2ebb4484u; }
        case 16u: { return 0xe99c7026u; }
        case 17u: { return 0xb45f7e41u; }
        case 18u: { return 0x3991d639u; }
        case 19u: { return 0x835339f4u; }
        case 20u: { return 0x9c845f8bu; }
        case 21u: { return 0xbdf9283bu; }
        case 22u: { return 0x1ff897ffu; }
        case 23u: { return 0xde05980fu; }
        case 24u: { return 0xef2f118bu; }
        case 25u: { return 0x5a0a6d1fu; }
        case 26u: { return 0x6d367ecfu; }
        case 27u: { return 0x27cb09b7u; }
        case 28u: { return 0x4f463f66u; }
        case 29u: { return 0x9e5fea2du; }
        case 30u: { return 0x7527bac7u; }
        case 31u: { return 0xebe5f17bu; }
        case 32u: { return 0x3d0739f7u; }
        case 33u: { return 0x8a5292eau; }
        case 34u: { return 0x6bfb5fb1u; }
        case 35u: { return 0x1f8d5d08u; }
        case 36u: { return 0x56033046u; }
        default: { return 0u; }
    }
}

// EXP: degree 9, weighted error 2^-60.1
fn poly_exp_f64(z: f64) -> f64 {
    return 0.1666666666666668 + z * (0.04166666666666641 + z * (0.008333333333318475 + z * (0.0013888888889033778 + z * (0.0001984126989348422 + z * (2.4801587024887567e-05 + z * (2.7557237302805886e-06 + z * (2.755752643218163e-07 + z * (2.5111301831301735e-08 + z * (2.0838491406711184e-09)))))))));
}
// LOG: degree 6, weighted error 2^-65.4
fn poly_log_f64(z: f64) -> f64 {
    return 0.40000000000002256 + z * (0.2857142857010058 + z * (0.22222222519775808 + z * (0.18181784377279936 + z * (0.1538675698066505 + z * (0.13256823342214508 + z * (0.13196299196060868))))));
}
// SIN: degree 5, weighted error 2^-56.7
fn poly_sin_f64(z: f64) -> f64 {
    return -0.1666666666666663 + z * (0.008333333333322031 + z * (-0.00019841269829517754 + z * (2.7557313595606033e-06 + z * (-2.5050743597177962e-08 + z * (1.5895981593301614e-10)))));
}
// COS: degree 5, weighted error 2^-59.3
fn poly_cos_f64(z: f64) -> f64 {
    return 0.041666666666666595 + z * (-0.0013888888888872934 + z * (2.48015872887727e-05 + z * (-2.755731415588008e-07 + z * (2.0875697581788285e-09 + z * (-1.1358363876520875e-11)))));
}
// ASIN: degree 12, weighted error 2^-58.8
fn poly_asin_f64(z: f64) -> f64 {
    return 0.1666666666666676 + z * (0.07499999999970797 + z * (0.04464285717461377 + z * (0.030381942707712602 + z * (0.022372214989204543 + z * (0.01735161199209075 + z * (0.01398082074506074 + z * (0.01139891097474367 + z * (0.010780258378630869 + z * (0.0037063912372128525 + z * (0.021707483510036426 + z * (-0.020999107677568293 + z * (0.032628648984731994))))))))))));
}
// ATAN: degree 10, weighted error 2^-56.6
fn poly_atan_f64(z: f64) -> f64 {
    return -0.3333333333333292 + z * (0.19999999999873153 + z * (-0.1428571427221224 + z * (0.11111110392762949 + z * (-0.09090886814131945 + z * (0.07691871230240305 + z * (-0.06661023539448234 + z * (0.058332532265863934 + z * (-0.0497562270589269 + z * (0.03650350721637688 + z * (-0.016258748295117885))))))))));
}
// SINH: degree 6, weighted error 2^-56.6
fn poly_sinh_f64(z: f64) -> f64 {
    return 0.16666666666666669 + z * (0.008333333333333148 + z * (0.00019841269841431873 + z * (2.7557319157071903e-06 + z * (2.505212313671912e-08 + z * (1.605725976900731e-10 + z * (7.758748793256272e-13))))));
}
// TANH: degree 13, weighted error 2^-55.7
fn poly_tanh_f64(z: f64) -> f64 {
    return -0.33333333333333165 + z * (0.13333333333313044 + z * (-0.05396825395975255 + z * (0.021869488355578268 + z * (-0.008863233247683136 + z * (0.003592109284910414 + z * (-0.0014557286746217611 + z * (0.0005896045010120626 + z * (-0.00023790355241516562 + z * (9.431639105739729e-05 + z * (-3.523512850650164e-05 + z * (1.1321986444220975e-05 + z * (-2.654042030563793e-06 + z * (3.240544298641828e-07)))))))))))));
}
