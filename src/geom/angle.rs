//! Angle normalisation.

use super::math;
use core::f64::consts::{PI, TAU};

/// The same direction as `a`, in `(-π, π]`. NaN stays NaN.
///
/// # Examples
/// ```
/// use arcline::geom::normalize_angle;
/// use core::f64::consts::PI;
/// assert!((normalize_angle(3.0 * PI) - PI).abs() < 1e-12);
/// assert!((normalize_angle(-PI) - PI).abs() < 1e-12);
/// ```
#[must_use]
pub fn normalize_angle(a: f64) -> f64 {
    let w = wrap_two_pi(a);
    if w > PI {
        w - TAU
    } else {
        w
    }
}

/// The same direction as `a`, in `[0, 2π)`. NaN stays NaN.
///
/// In wasm out of line: inlined at its many call sites (most of them the
/// Dubins kernels' rare fallbacks) it grew the module.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[must_use]
pub fn wrap_two_pi(a: f64) -> f64 {
    let w = math::fmod(a, TAU);
    let w = if w < 0.0 { w + TAU } else { w };
    // fmod of a value just below a multiple of 2π can round up to exactly 2π.
    if w >= TAU {
        0.0
    } else {
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_into_half_open_ranges() {
        assert_eq!(wrap_two_pi(0.0), 0.0);
        assert!((wrap_two_pi(-PI / 2.0) - 1.5 * PI).abs() < 1e-15);
        assert!((normalize_angle(1.5 * PI) + PI / 2.0).abs() < 1e-15);
        assert_eq!(normalize_angle(PI), PI);
        assert!(wrap_two_pi(-1e-18) < TAU);
        assert!(normalize_angle(f64::NAN).is_nan());
    }
}
