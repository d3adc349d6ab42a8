//! Trigonometry for the planner's hot path, pure `f64` arithmetic (the same
//! bits natively and in wasm):
//! - `sincos` for an angle already in `[0, 2π)`: fdlibm's kernels (the same
//!   polynomials `libm` uses) after a two-constant Cody–Waite reduction by
//!   π/2, without `libm`'s general range reduction; within 1 ulp of `libm`.
//! - `acos` on `[0, 1]`: fdlibm's `e_acos.c` (as in `libm`) with the IEEE
//!   square-root instruction, where `libm` on wasm32 calls a software square
//!   root; the same result as `libm` (checked in a test).
//! - `atan2` for finite arguments: fdlibm's `s_atan.c` kernel (its three
//!   intervals up to 1) after an octant reduction, with the ratio and the
//!   interval's argument shift fused into one division and the octant picked
//!   by selects rather than branches; within 2 ulp of `libm` (checked in a
//!   test; typically the same bits).
//!
//! The fdlibm parts: Copyright (C) 1993 by Sun Microsystems, Inc. All rights
//! reserved. Developed at SunSoft, a Sun Microsystems, Inc. business.
//! Permission to use, copy, modify, and distribute this software is freely
//! granted, provided that this notice is preserved.

// The constants are fdlibm's published decimal values, kept digit for digit
// so they can be checked against the source.
#![allow(clippy::excessive_precision)]

use core::f64::consts::FRAC_2_PI;

/// π/2 split: the first 33 bits (so `q · PIO2_1` is exact for small `q`) and
/// the rest (fdlibm's `pio2_1`, `pio2_1t`).
const PIO2_1: f64 = 1.570_796_326_734_125_614_17e+00;
const PIO2_1T: f64 = 6.077_100_506_506_192_249_32e-11;

const S1: f64 = -1.666_666_666_666_663_243_48e-01;
const S2: f64 = 8.333_333_333_322_489_461_24e-03;
const S3: f64 = -1.984_126_982_985_794_931_34e-04;
const S4: f64 = 2.755_731_370_707_006_767_89e-06;
const S5: f64 = -2.505_076_025_340_686_341_95e-08;
const S6: f64 = 1.589_690_995_211_550_102_21e-10;

const C1: f64 = 4.166_666_666_666_660_190_37e-02;
const C2: f64 = -1.388_888_888_887_410_957_49e-03;
const C3: f64 = 2.480_158_728_947_672_941_78e-05;
const C4: f64 = -2.755_731_435_139_066_330_35e-07;
const C5: f64 = 2.087_572_321_298_174_827_90e-09;
const C6: f64 = -1.135_964_755_778_819_482_65e-11;

#[inline(always)]
fn k_sin(x: f64) -> f64 {
    let z = x * x;
    let v = z * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    x + v * (S1 + z * r)
}

#[inline(always)]
fn k_cos(x: f64) -> f64 {
    let z = x * x;
    let w = z * z;
    let r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + z * r)
}

/// `(sin x, cos x)` for `x` in `[0, 2π)` (the planner's normalised headings).
#[inline(always)]
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
pub(crate) fn sincos_0_2pi(x: f64) -> (f64, f64) {
    // Nearest multiple of π/2: adding 1.5·2^52 rounds x·2/π to an integer,
    // which lands in the low bits, with no float-to-int conversion (V8 checks
    // those with branches).
    const ROUND: f64 = 6_755_399_441_055_744.0;
    let t = x * FRAC_2_PI + ROUND;
    let q = t.to_bits() as i32;
    let qf = t - ROUND;
    let r = (x - qf * PIO2_1) - qf * PIO2_1T;
    let (s, c) = (k_sin(r), k_cos(r));
    // Quadrants 0..3 give (s, c), (c, −s), (−s, −c), (−c, s): picked with bit
    // masks and exact sign flips, not branches (random headings would
    // mispredict them half the time).
    let odd = (u64::from(q as u32 & 1)).wrapping_neg();
    let pick = |a: f64, b: f64| f64::from_bits((a.to_bits() & !odd) | (b.to_bits() & odd));
    let sin_sign = 1.0 - 2.0 * f64::from((q as u32 >> 1) & 1);
    let cos_sign = 1.0 - 2.0 * f64::from(((q as u32).wrapping_add(1) >> 1) & 1);
    (sin_sign * pick(s, c), cos_sign * pick(c, s))
}

/// [`sincos_0_2pi`] of two angles: `((sin a, cos a), (sin b, cos b))`. With
/// wasm's 128-bit vectors both in one pass (the same operations lane by lane,
/// so the same bits as two scalar calls), else two scalar calls.
#[inline(always)]
pub(crate) fn sincos_0_2pi_pair(a: f64, b: f64) -> ((f64, f64), (f64, f64)) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        simd::sincos_0_2pi_pair(a, b)
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        (sincos_0_2pi(a), sincos_0_2pi(b))
    }
}

/// [`sincos_0_2pi`] in the two lanes of an `f64x2`: the same operations in the
/// same order as the scalar code (no fused multiply-add), so the same bits.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) mod simd {
    use super::*;
    use core::arch::wasm32::*;

    // Short names for the lane-wise arithmetic, shared with the Dubins pairs.
    #[inline(always)]
    pub(in crate::planner) fn add(a: v128, b: v128) -> v128 {
        f64x2_add(a, b)
    }
    #[inline(always)]
    pub(in crate::planner) fn sub(a: v128, b: v128) -> v128 {
        f64x2_sub(a, b)
    }
    #[inline(always)]
    pub(in crate::planner) fn mul(a: v128, b: v128) -> v128 {
        f64x2_mul(a, b)
    }
    #[inline(always)]
    pub(in crate::planner) fn k(c: f64) -> v128 {
        f64x2_splat(c)
    }

    #[inline(always)]
    fn k_sin(x: v128) -> v128 {
        let z = mul(x, x);
        let v = mul(z, x);
        let r = add(
            k(S2),
            mul(
                z,
                add(k(S3), mul(z, add(k(S4), mul(z, add(k(S5), mul(z, k(S6))))))),
            ),
        );
        add(x, mul(v, add(k(S1), mul(z, r))))
    }

    #[inline(always)]
    fn k_cos(x: v128) -> v128 {
        let z = mul(x, x);
        let w = mul(z, z);
        let r = add(
            mul(z, add(k(C1), mul(z, add(k(C2), mul(z, k(C3)))))),
            mul(mul(w, w), add(k(C4), mul(z, add(k(C5), mul(z, k(C6)))))),
        );
        let hz = mul(k(0.5), z);
        let w = sub(k(1.0), hz);
        add(w, add(sub(sub(k(1.0), w), hz), mul(z, r)))
    }

    #[inline(always)]
    fn sel(a: v128, b: v128, c: v128) -> v128 {
        v128_bitselect(a, b, c)
    }

    /// [`atan2`](super::atan2) lane by lane, the selects as bit masks.
    #[inline(always)]
    pub(crate) fn atan2_x2(y: v128, x: v128) -> v128 {
        let (ax, ay) = (f64x2_abs(x), f64x2_abs(y));
        let swap = f64x2_gt(ay, ax);
        let (lo, hi) = (sel(ax, ay, swap), sel(ay, ax, swap));
        let mid = f64x2_ge(lo, mul(k(0.4375), hi));
        let top = f64x2_ge(lo, mul(k(0.6875), hi));
        let num = sel(sub(lo, hi), sel(sub(mul(k(2.0), lo), hi), lo, mid), top);
        let den = sel(add(lo, hi), sel(add(mul(k(2.0), hi), lo), hi, mid), top);
        let base_hi = sel(k(ATANHI_1), v128_and(k(ATANHI_0), mid), top);
        let base_lo = sel(k(ATANLO_1), v128_and(k(ATANLO_0), mid), top);
        let t = f64x2_div(num, den);
        let z = mul(t, t);
        let w = mul(z, z);
        let a = |i: usize| k(AT[i]);
        let s1 = mul(
            z,
            add(
                a(0),
                mul(
                    w,
                    add(
                        a(2),
                        mul(
                            w,
                            add(a(4), mul(w, add(a(6), mul(w, add(a(8), mul(w, a(10))))))),
                        ),
                    ),
                ),
            ),
        );
        let s2 = mul(
            w,
            add(
                a(1),
                mul(
                    w,
                    add(a(3), mul(w, add(a(5), mul(w, add(a(7), mul(w, a(9))))))),
                ),
            ),
        );
        let r = sub(base_hi, sub(sub(mul(t, add(s1, s2)), base_lo), t));
        let r = sel(sub(k(PIO2_HI), sub(r, k(PIO2_LO))), r, swap);
        let r = sel(
            sub(k(core::f64::consts::PI), sub(r, k(PI_LO))),
            r,
            f64x2_lt(x, k(0.0)),
        );
        let sign = k(-0.0);
        v128_or(v128_andnot(r, sign), v128_and(y, sign))
    }

    #[inline(always)]
    fn acos_r(z: v128) -> v128 {
        // z·(PS0 + z·(PS1 + z·(PS2 + z·(PS3 + z·(PS4 + z·PS5))))).
        let p = add(k(PS4), mul(z, k(PS5)));
        let p = add(k(PS3), mul(z, p));
        let p = add(k(PS2), mul(z, p));
        let p = add(k(PS1), mul(z, p));
        let p = mul(z, add(k(PS0), mul(z, p)));
        // 1 + z·(QS1 + z·(QS2 + z·(QS3 + z·QS4))).
        let q = add(k(QS3), mul(z, k(QS4)));
        let q = add(k(QS2), mul(z, q));
        let q = add(k(QS1), mul(z, q));
        let q = add(k(1.0), mul(z, q));
        f64x2_div(p, q)
    }

    /// [`acos_0_1`](super::acos_0_1) lane by lane (for `x ≥ 0`): both of its
    /// paths, one rational kernel, the result picked by masks.
    #[inline(always)]
    pub(crate) fn acos_0_1_x2(x: v128) -> v128 {
        let small = f64x2_lt(x, k(0.5));
        let z = mul(sub(k(1.0), x), k(0.5));
        let r = acos_r(sel(mul(x, x), z, small));
        let below = sub(k(PIO2_HI), sub(x, sub(k(PIO2_LO), mul(x, r))));
        let below = sel(
            k(PIO2_HI + f64::from_bits(0x3870_0000_0000_0000)),
            below,
            f64x2_lt(x, k(6.938_893_903_907_228e-18)),
        );
        let s = f64x2_sqrt(z);
        let df = v128_and(s, i64x2_splat(0xffff_ffff_0000_0000_u64 as i64));
        let c = f64x2_div(sub(z, mul(df, df)), add(s, df));
        let w = add(mul(r, s), c);
        let above = mul(k(2.0), add(df, w));
        v128_andnot(sel(below, above, small), f64x2_ge(x, k(1.0)))
    }

    #[inline(always)]
    pub(crate) fn sincos_0_2pi_pair(a: f64, b: f64) -> ((f64, f64), (f64, f64)) {
        const ROUND: f64 = 6_755_399_441_055_744.0;
        let x = f64x2(a, b);
        let t = add(mul(x, k(FRAC_2_PI)), k(ROUND));
        let qf = sub(t, k(ROUND));
        let r = sub(sub(x, mul(qf, k(PIO2_1))), mul(qf, k(PIO2_1T)));
        let (s, c) = (k_sin(r), k_cos(r));
        // The quadrant's low two bits are the low bits of `t`: bit 0 swaps
        // sine and cosine, bit 1 negates the sine, bit 0 xor bit 1 the cosine.
        let one = i64x2_splat(1);
        let b0 = v128_and(t, one);
        let b1 = v128_and(u64x2_shr(t, 1), one);
        let odd = i64x2_neg(b0);
        let sin_sign = i64x2_shl(b1, 63);
        let cos_sign = i64x2_shl(v128_xor(b0, b1), 63);
        let sv = v128_xor(v128_bitselect(c, s, odd), sin_sign);
        let cv = v128_xor(v128_bitselect(s, c, odd), cos_sign);
        (
            (f64x2_extract_lane::<0>(sv), f64x2_extract_lane::<0>(cv)),
            (f64x2_extract_lane::<1>(sv), f64x2_extract_lane::<1>(cv)),
        )
    }
}

// fdlibm's pio2_hi (1.57079632679489655800e+00) is exactly FRAC_PI_2.
const PIO2_HI: f64 = core::f64::consts::FRAC_PI_2;
const PIO2_LO: f64 = 6.123_233_995_736_766_035_87e-17;
const PS0: f64 = 1.666_666_666_666_666_574_15e-01;
const PS1: f64 = -3.255_658_186_224_009_154_05e-01;
const PS2: f64 = 2.012_125_321_348_629_258_81e-01;
const PS3: f64 = -4.005_553_450_067_941_140_27e-02;
const PS4: f64 = 7.915_349_942_898_145_321_76e-04;
const PS5: f64 = 3.479_331_075_960_211_675_70e-05;
const QS1: f64 = -2.403_394_911_734_414_218_78e+00;
const QS2: f64 = 2.020_945_760_233_505_694_71e+00;
const QS3: f64 = -6.882_839_716_054_532_930_30e-01;
const QS4: f64 = 7.703_815_055_590_193_527_91e-02;

#[inline(always)]
fn acos_r(z: f64) -> f64 {
    let p = z * (PS0 + z * (PS1 + z * (PS2 + z * (PS3 + z * (PS4 + z * PS5)))));
    let q = 1.0 + z * (QS1 + z * (QS2 + z * (QS3 + z * QS4)));
    p / q
}

/// `acos(x)` for `x` in `[0, 1]` (clamped into it; NaN gives NaN).
///
/// Natively out of line: inlined into the Dubins kernel, LLVM duplicated its
/// square-root and division paths and the whole kernel ran slower. In
/// wasm inlined (V8 does not inline calls).
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
#[cfg_attr(target_arch = "wasm32", inline(always))]
pub(crate) fn acos_0_1(x: f64) -> f64 {
    if x >= 1.0 {
        return 0.0;
    }
    if x < 0.5 {
        if x < 6.938_893_903_907_228e-18 {
            // |x| < 2^-57 (and negatives from rounding): π/2, as libm.
            return PIO2_HI + f64::from_bits(0x3870_0000_0000_0000);
        }
        return PIO2_HI - (x - (PIO2_LO - x * acos_r(x * x)));
    }
    let z = (1.0 - x) * 0.5;
    let s = z.sqrt();
    let df = f64::from_bits(s.to_bits() & 0xffff_ffff_0000_0000);
    let c = (z - df * df) / (s + df);
    let w = acos_r(z) * s + c;
    2.0 * (df + w)
}

/// atan(1/2) and atan(1), each split into a double and the rest; fdlibm's
/// atan(1)hi (7.85398163397448278999e-01) is exactly `FRAC_PI_4`.
const ATANHI_0: f64 = 4.636_476_090_008_060_935_15e-01;
const ATANHI_1: f64 = core::f64::consts::FRAC_PI_4;
const ATANLO_0: f64 = 2.269_877_745_296_168_709_24e-17;
const ATANLO_1: f64 = 3.061_616_997_868_383_017_93e-17;
const AT: [f64; 11] = [
    3.333_333_333_333_293_180_27e-01,
    -1.999_999_999_987_648_324_76e-01,
    1.428_571_427_250_346_637_11e-01,
    -1.111_111_040_546_235_578_80e-01,
    9.090_887_133_436_506_561_96e-02,
    -7.691_876_205_044_829_994_95e-02,
    6.661_073_137_387_531_206_69e-02,
    -5.833_570_133_790_573_486_45e-02,
    4.976_877_994_615_932_360_17e-02,
    -3.653_157_274_421_691_552_70e-02,
    1.628_582_011_536_578_236_23e-02,
];
/// π split as fdlibm's `pi` and `pi_lo`.
const PI_LO: f64 = 1.224_646_799_147_353_207_2e-16;

/// `atan2(y, x)` in `[−π, π]` for finite `y`, `x`, not both zero (which
/// gives NaN). Branch-free: random directions would mispredict `libm`'s
/// octant and interval branches about half the time.
#[inline(always)]
pub(crate) fn atan2(y: f64, x: f64) -> f64 {
    let (ax, ay) = (x.abs(), y.abs());
    // Octant: the ratio lo/hi is in [0, 1].
    let swap = ay > ax;
    let (lo, hi) = if swap { (ax, ay) } else { (ay, ax) };
    // fdlibm's intervals for the ratio q = lo/hi: [0, 7/16) as is,
    // [7/16, 11/16) shifted by atan(1/2): (2q − 1)/(2 + q), [11/16, 1] by
    // atan(1): (q − 1)/(q + 1), each written as one quotient of lo and hi
    // (the differences are exact by Sterbenz's lemma).
    let mid = lo >= 0.4375 * hi;
    let top = lo >= 0.6875 * hi;
    let (num, den, base_hi, base_lo) = if top {
        (lo - hi, lo + hi, ATANHI_1, ATANLO_1)
    } else if mid {
        (2.0 * lo - hi, 2.0 * hi + lo, ATANHI_0, ATANLO_0)
    } else {
        (lo, hi, 0.0, 0.0)
    };
    let t = num / den;
    let z = t * t;
    let w = z * z;
    let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
    let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
    // atan(lo/hi) in [0, π/4]; with base 0 this is fdlibm's t − t·(s1 + s2).
    let a = base_hi - ((t * (s1 + s2) - base_lo) - t);
    // Unfold the octant: π/2 − a when swapped, π − that when x < 0.
    let a = if swap { PIO2_HI - (a - PIO2_LO) } else { a };
    let a = if x < 0.0 {
        core::f64::consts::PI - (a - PI_LO)
    } else {
        a
    };
    a.copysign(y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::TAU;

    #[test]
    fn acos_is_libms() {
        for i in 0..=200_000 {
            let x = i as f64 / 200_000.0;
            assert_eq!(acos_0_1(x).to_bits(), libm::acos(x).to_bits(), "{x}");
        }
        for x in [1e-300, 1e-17, 0.5, 0.5 - 1e-17, 1.0 - 1e-16, 1.0] {
            assert_eq!(acos_0_1(x).to_bits(), libm::acos(x).to_bits(), "{x}");
        }
    }

    /// Distance in units in the last place (same-sign finite values).
    fn ulps(a: f64, b: f64) -> u64 {
        if a == b {
            return 0;
        }
        assert_eq!(a.is_sign_negative(), b.is_sign_negative(), "{a} {b}");
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn atan2_is_within_two_ulp_of_libm() {
        let mut rng = crate::test_rng::Xorshift::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.unit();
        let mut worst = 0;
        let mut same = 0;
        let n = 2_000_000;
        for i in 0..n {
            // Directions all round, magnitudes over many scales, and ratios
            // near fdlibm's interval edges (7/16, 11/16, 1).
            let (y, x) = match i % 4 {
                0 => {
                    let a = (next() - 0.5) * 7.0;
                    (libm::sin(a), libm::cos(a))
                }
                1 => ((next() - 0.5) * 1e3, (next() - 0.5) * 1e-3),
                2 => {
                    let edge = [0.4375, 0.6875, 1.0][(i / 4) % 3];
                    let q = edge * (1.0 + (next() - 0.5) * 1e-12);
                    let sx = if next() < 0.5 { -1.0 } else { 1.0 };
                    let sy = if next() < 0.5 { -1.0 } else { 1.0 };
                    if next() < 0.5 {
                        (sy * q, sx)
                    } else {
                        (sy, sx * q)
                    }
                }
                _ => {
                    let e = (next() - 0.5) * 600.0;
                    let m = libm::exp2(e);
                    ((next() - 0.5) * m, (next() - 0.5) * m * 3.0)
                }
            };
            let (a, b) = (atan2(y, x), libm::atan2(y, x));
            let u = ulps(a, b);
            worst = worst.max(u);
            same += usize::from(u == 0);
            assert!(u <= 2, "atan2({y:e}, {x:e}) = {a:e}, libm {b:e}");
        }
        // Mostly the very same bits as libm.
        assert!(same * 10 > n * 9, "{same} of {n} identical, worst {worst}");
        for (y, x) in [
            (0.0, 1.0),
            (-0.0, 1.0),
            (0.0, -1.0),
            (-0.0, -1.0),
            (1.0, 0.0),
            (-1.0, 0.0),
            (1.0, -0.0),
            (1.0, 1.0),
            (-1.0, -1.0),
            (1e-300, 1e300),
            (1e300, -1e-300),
        ] {
            assert!(ulps(atan2(y, x), libm::atan2(y, x)) <= 1, "atan2({y}, {x})");
        }
    }

    #[test]
    fn agrees_with_libm_within_an_ulp() {
        let n = 1_000_000;
        for i in 0..n {
            let x = (i as f64 + 0.37) * (TAU / n as f64);
            let (s, c) = sincos_0_2pi(x);
            let (ls, lc) = libm::sincos(x);
            assert!((s - ls).abs() <= 2.3e-16, "sin {x}: {s} vs {ls}");
            assert!((c - lc).abs() <= 2.3e-16, "cos {x}: {c} vs {lc}");
        }
        for x in [
            0.0,
            core::f64::consts::FRAC_PI_2,
            core::f64::consts::PI,
            1.5 * core::f64::consts::PI,
            TAU - 1e-15,
        ] {
            let (s, c) = sincos_0_2pi(x);
            let (ls, lc) = libm::sincos(x);
            assert!(
                (s - ls).abs() <= 2.3e-16 && (c - lc).abs() <= 2.3e-16,
                "{x}"
            );
        }
    }
}
