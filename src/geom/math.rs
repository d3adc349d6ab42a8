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
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}
#[inline]
pub fn acos(x: f64) -> f64 {
    libm::acos(x)
}
#[inline]
pub fn asin(x: f64) -> f64 {
    libm::asin(x)
}
#[inline]
pub fn hypot(x: f64, y: f64) -> f64 {
    libm::hypot(x, y)
}
/// IEEE square root (correctly rounded on every target, so bit-identical);
/// `f64::sqrt` is one instruction on wasm32, where `libm::sqrt` is a software loop.
#[inline]
pub fn sqrt(x: f64) -> f64 {
    x.sqrt()
}
#[inline]
pub fn fmod(x: f64, y: f64) -> f64 {
    libm::fmod(x, y)
}

/// `x` limited to `[lo, hi]`, exactly as `f64::clamp` for `lo <= hi` (NaN
/// stays NaN), but without its `lo <= hi` assertion: the assertion's message
/// formats floats, which pulls `core::fmt`'s float printing (about 15 KB)
/// into the wasm module. For `lo > hi` the result is `hi` or `lo`, never a
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

#[cfg(test)]
mod tests {
    use super::*;

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
