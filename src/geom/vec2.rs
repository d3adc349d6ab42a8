//! `Vec2`: a displacement or direction in the plane (not a place: see [`Point`](super::Point)).

use super::math;
use core::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// A 2D vector, `f64`, y up.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Vec2 {
    /// Horizontal component.
    pub x: f64,
    /// Vertical component.
    pub y: f64,
}

impl Vec2 {
    /// The zero vector.
    pub const ZERO: Vec2 = Vec2 { x: 0.0, y: 0.0 };

    /// The vector `(x, y)`.
    #[inline]
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Vec2 {
        Vec2 { x, y }
    }

    /// The unit vector at `angle` radians counter-clockwise from +x.
    #[inline]
    #[must_use]
    pub fn from_angle(angle: f64) -> Vec2 {
        Vec2::new(math::cos(angle), math::sin(angle))
    }

    /// The angle of this vector in `(-π, π]`; `0` for the zero vector.
    #[inline]
    #[must_use]
    pub fn angle(self) -> f64 {
        math::atan2(self.y, self.x)
    }

    /// The dot product.
    #[inline]
    #[must_use]
    pub fn dot(self, o: Vec2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// The z component of the 3D cross product: positive when `o` is
    /// counter-clockwise from `self`.
    #[inline]
    #[must_use]
    pub fn cross(self, o: Vec2) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// The squared length (no square root).
    #[inline]
    #[must_use]
    pub fn length_squared(self) -> f64 {
        self.dot(self)
    }

    /// The length.
    #[inline]
    #[must_use]
    pub fn length(self) -> f64 {
        math::sqrt(self.length_squared())
    }

    /// This vector turned 90° counter-clockwise (to the left).
    #[inline]
    #[must_use]
    pub fn perp(self) -> Vec2 {
        Vec2::new(-self.y, self.x)
    }

    /// This vector rotated by `angle` radians counter-clockwise.
    #[inline]
    #[must_use]
    pub fn rotate(self, angle: f64) -> Vec2 {
        let (s, c) = (math::sin(angle), math::cos(angle));
        Vec2::new(self.x * c - self.y * s, self.x * s + self.y * c)
    }

    /// The unit vector in this direction, or `None` for a zero, tiny or
    /// non-finite vector.
    #[inline]
    #[must_use]
    pub fn try_normalize(self) -> Option<Vec2> {
        let len = self.length();
        if len.is_finite() && len > 0.0 {
            let n = self / len;
            n.is_finite().then_some(n)
        } else {
            None
        }
    }

    /// The unit vector in this direction, or zero when there is none (never NaN).
    #[inline]
    #[must_use]
    pub fn normalize_or_zero(self) -> Vec2 {
        self.try_normalize().unwrap_or(Vec2::ZERO)
    }

    /// This vector shortened to at most `max` long (steering's `truncate`);
    /// unchanged when already shorter. A negative `max` acts as zero.
    #[inline]
    #[must_use]
    pub fn truncate(self, max: f64) -> Vec2 {
        let len2 = self.length_squared();
        let max = max.max(0.0);
        if len2 > max * max {
            self * (max / math::sqrt(len2))
        } else {
            self
        }
    }

    /// Whether both components are finite.
    #[inline]
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl Add for Vec2 {
    type Output = Vec2;
    #[inline]
    fn add(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
}
impl AddAssign for Vec2 {
    #[inline]
    fn add_assign(&mut self, o: Vec2) {
        *self = *self + o;
    }
}
impl Sub for Vec2 {
    type Output = Vec2;
    #[inline]
    fn sub(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}
impl SubAssign for Vec2 {
    #[inline]
    fn sub_assign(&mut self, o: Vec2) {
        *self = *self - o;
    }
}
impl Mul<f64> for Vec2 {
    type Output = Vec2;
    #[inline]
    fn mul(self, s: f64) -> Vec2 {
        Vec2::new(self.x * s, self.y * s)
    }
}
impl Div<f64> for Vec2 {
    type Output = Vec2;
    #[inline]
    fn div(self, s: f64) -> Vec2 {
        Vec2::new(self.x / s, self.y / s)
    }
}
impl Neg for Vec2 {
    type Output = Vec2;
    #[inline]
    fn neg(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_vector_has_no_direction() {
        assert_eq!(Vec2::ZERO.try_normalize(), None);
        assert_eq!(Vec2::ZERO.normalize_or_zero(), Vec2::ZERO);
        assert_eq!(Vec2::new(f64::NAN, 1.0).try_normalize(), None);
    }

    #[test]
    fn truncate_keeps_direction() {
        let v = Vec2::new(3.0, 4.0).truncate(1.0);
        assert!((v.x - 0.6).abs() < 1e-15 && (v.y - 0.8).abs() < 1e-15);
        assert_eq!(Vec2::new(0.3, 0.4).truncate(1.0), Vec2::new(0.3, 0.4));
    }

    #[test]
    fn perp_is_a_left_turn() {
        assert_eq!(Vec2::new(1.0, 0.0).perp(), Vec2::new(0.0, 1.0));
        assert!(Vec2::new(1.0, 0.0).cross(Vec2::new(0.0, 1.0)) > 0.0);
    }
}
