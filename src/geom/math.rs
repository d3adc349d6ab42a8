//! Transcendental functions through `libm`, so native and wasm builds give the
//! same bits (lockstep games and replays depend on it). `sqrt` is exact IEEE
//! everywhere, so the core may use `f64::sqrt` directly.

#[inline]
pub fn sin(x: f64) -> f64 {
    libm::sin(x)
}
#[inline]
pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}
/// `(sin x, cos x)` with one argument reduction (`libm::sincos`: the same
/// kernels as [`sin`] and [`cos`], so the same values to the last bit but
/// below 2⁻²⁶, where the sine may differ by a unit of rounding).
#[inline]
pub fn sin_cos(x: f64) -> (f64, f64) {
    libm::sincos(x)
}
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}
/// `x²` as `hi + lo` exactly (Dekker's split at 2²⁷ + 1): `hi` is the
/// rounded square, `lo` what rounding left out (no overflow below 2⁹⁹⁶).
#[inline]
pub(crate) fn exact_square(x: f64) -> (f64, f64) {
    const SPLIT: f64 = 134_217_728.0 + 1.0;
    let xc = x * SPLIT;
    let xh = x - xc + xc;
    let xl = x - xh;
    let hi = x * x;
    let lo = xh * xh - hi + 2.0 * xh * xl + xl * xl;
    (hi, lo)
}

/// `libm::hypot` (musl's algorithm) with the hardware square root: the
/// same operations in the same order, and both square roots are correctly
/// rounded, so the same bits; on wasm32 `libm::hypot` calls `libm::sqrt`,
/// a software loop (and more module with its 128-bit multiply). Out of
/// line, as `libm::hypot` was: inlined it grew the module.
#[inline(never)]
pub fn hypot(x: f64, y: f64) -> f64 {
    let sq = exact_square;
    let x1p700 = f64::from_bits(0x6bb0_0000_0000_0000);
    let x1p_700 = f64::from_bits(0x1430_0000_0000_0000);
    let (mut ux, mut uy) = (x.to_bits() & (u64::MAX >> 1), y.to_bits() & (u64::MAX >> 1));
    // |x| >= |y|
    if ux < uy {
        core::mem::swap(&mut ux, &mut uy);
    }
    let (ex, ey) = ((ux >> 52) as i64, (uy >> 52) as i64);
    let (mut x, mut y) = (f64::from_bits(ux), f64::from_bits(uy));
    // hypot(inf, nan) is inf.
    if ey == 0x7ff {
        return y;
    }
    if ex == 0x7ff || uy == 0 {
        return x;
    }
    if ex - ey > 64 {
        return x + y;
    }
    // Scale so that squares neither overflow nor lose their low parts.
    let mut z = 1.0;
    if ex > 0x3ff + 510 {
        z = x1p700;
        x *= x1p_700;
        y *= x1p_700;
    } else if ey < 0x3ff - 450 {
        z = x1p_700;
        x *= x1p700;
        y *= x1p700;
    }
    let (hx, lx) = sq(x);
    let (hy, ly) = sq(y);
    z * sqrt(ly + lx + hy + hx)
}
/// IEEE square root (correctly rounded on every target, so bit-identical);
/// `f64::sqrt` is one instruction on wasm32, where `libm::sqrt` is a software loop.
#[inline]
pub fn sqrt(x: f64) -> f64 {
    x.sqrt()
}
/// `x mod y` with the sign of `x`, exact (IEEE `fmod`), so the same bits as
/// `libm::fmod`, NaN cases included; a shift-and-subtract loop on 64-bit
/// significands, where `libm::fmod` multiplies 128-bit integers (more
/// wasm with their division). One step per binary order of magnitude of
/// `x / y`: a few for angles.
#[inline(never)]
pub fn fmod(x: f64, y: f64) -> f64 {
    const SIGN: u64 = 1 << 63;
    const EXP: u64 = 0x7ff << 52;
    let (ux, uy) = (x.to_bits() & !SIGN, y.to_bits() & !SIGN);
    // x NaN or infinite; y NaN or zero (zero wraps to all ones): NaN, made
    // as libm makes it.
    if ux & EXP == EXP || uy.wrapping_sub(1) & EXP == EXP {
        #[allow(clippy::eq_op)]
        return (x * y) / (x * y);
    }
    if ux < uy {
        return x;
    }
    // Significand (implicit bit included) and exponent, subnormals at 0.
    let split = |u: u64| {
        let e = (u >> 52).saturating_sub(1);
        (u - (e << 52), e)
    };
    let ((mx, ex), (my, ey)) = (split(ux), split(uy));
    // r = mx·2^(ex − ey) mod my, one binary digit at a time.
    let mut r = mx % my;
    for _ in ey..ex {
        r <<= 1;
        if r >= my {
            r -= my;
        }
    }
    let sign = x.to_bits() & SIGN;
    if r == 0 {
        return f64::from_bits(sign);
    }
    // r·2^ey, normalised as far as the exponent allows.
    let shift = ey.min(u64::from(52 - r.ilog2()));
    f64::from_bits(sign | ((r << shift) + ((ey - shift) << 52)))
}

/// `x` limited to `[lo, hi]`, exactly as `f64::clamp` for `lo <= hi` (NaN
/// stays NaN), but without its `lo <= hi` assertion: the assertion's message
/// formats floats, which pulls `core::fmt`'s float printing into the wasm
/// module. For `lo > hi` the result is `hi` or `lo`, never a
/// panic.
#[inline]
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    let mut v = x;
    if v < lo {
        v = lo;
    }
    if v > hi {
        v = hi;
    }
    v
}

/// The larger of two numbers (for numbers that are not NaN): a
/// comparison, where `f64::max` is a call in wasm (its NaN rule).
#[inline(always)]
#[must_use]
pub fn larger(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The smaller of two numbers (not NaN), as [`larger`].
#[inline(always)]
#[must_use]
pub fn smaller(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// Values that take every branch: zeros, subnormals, the extremes,
    /// infinities, NaNs, angles and multiples of 2π.
    const EDGES: [f64; 22] = [
        0.0,
        -0.0,
        5e-324,
        -5e-324,
        2.2e-308,
        f64::MIN_POSITIVE,
        1e-300,
        1e-200,
        0.5,
        1.0,
        -1.0,
        core::f64::consts::TAU,
        -core::f64::consts::TAU,
        4.0 * core::f64::consts::TAU,
        12.566370614359172,
        1e15,
        1e200,
        1e300,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];

    /// A check that `ours` and `libm` give the same bits, run first on every
    /// pair of [`EDGES`].
    fn same_bits(
        name: &'static str,
        ours: fn(f64, f64) -> f64,
        libm: fn(f64, f64) -> f64,
    ) -> impl Fn(f64, f64) {
        let check = move |x: f64, y: f64| {
            assert_eq!(
                ours(x, y).to_bits(),
                libm(x, y).to_bits(),
                "{name}({x:e}, {y:e})"
            );
        };
        for x in EDGES {
            for y in EDGES {
                check(x, y);
            }
        }
        check
    }

    #[test]
    fn fmod_is_libm_fmod_bit_for_bit() {
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        let check = same_bits("fmod", fmod, libm::fmod);
        for _ in 0..300_000 {
            // Any bits; then angles against 2π; then nearby magnitudes.
            let (a, b) = (f64::from_bits(next()), f64::from_bits(next()));
            check(a, b);
            let angle = (next() >> 11) as f64 * 2f64.powi(-53) * 200.0 - 100.0;
            check(angle, core::f64::consts::TAU);
            let k = f64::from_bits(next() >> 12 | 0x3ff0_0000_0000_0000);
            check(b, b * k);
            check(b * k, b);
            check(a, f64::from_bits(a.to_bits() ^ (next() & 0x3f_ffff_ffff)));
        }
    }

    #[test]
    fn hypot_is_libm_hypot_bit_for_bit() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let check = same_bits("hypot", hypot, libm::hypot);
        for _ in 0..300_000 {
            let (a, b) = (f64::from_bits(next()), f64::from_bits(next()));
            check(a, b);
            // Ordinary lengths, and the scaling thresholds.
            let u = (next() >> 11) as f64 * 2f64.powi(-53) * 2000.0 - 1000.0;
            let v = (next() >> 11) as f64 * 2f64.powi(-53) * 2000.0 - 1000.0;
            check(u, v);
            let e = 2f64.powi((next() % 2000) as i32 - 1000);
            check(u * e, v * e);
            check(u * e, v);
        }
    }

    #[test]
    fn clamp_is_f64_clamp_bit_for_bit_when_the_bounds_are_ordered() {
        let xs = [
            f64::NEG_INFINITY,
            -1e300,
            -2.5,
            -1.0,
            -0.0,
            0.0,
            1e-310,
            0.5,
            1.0,
            3.0,
            f64::INFINITY,
            f64::NAN,
        ];
        for (lo, hi) in [
            (-1.0, 1.0),
            (0.0, 0.0),
            (-0.0, 0.0),
            (0.5, 3.0),
            (-1e300, -2.5),
        ] {
            for x in xs {
                assert_eq!(
                    clamp(x, lo, hi).to_bits(),
                    x.clamp(lo, hi).to_bits(),
                    "{x} in [{lo}, {hi}]"
                );
            }
        }
        // Disordered bounds: no panic (f64::clamp would), the upper bound wins.
        assert_eq!(clamp(0.0, 1.0, -1.0), -1.0);
    }
}
