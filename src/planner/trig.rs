//! `sincos` for an angle already in `[0, 2π)`: fdlibm's kernels (the same
//! polynomials `libm` uses) after a two-constant Cody–Waite reduction by π/2,
//! without `libm`'s general range reduction. Pure `f64` arithmetic, so the
//! same bits natively and in wasm; within 1 ulp of `libm` (checked in a test).

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
pub(crate) fn sincos_0_2pi(x: f64) -> (f64, f64) {
    // Nearest multiple of π/2 (x ≥ 0, so truncation of x·2/π + ½ rounds).
    let q = (x * FRAC_2_PI + 0.5) as i32;
    let qf = f64::from(q);
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

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::TAU;

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
