//! `Point`: a place in the plane. `Point - Point` is a [`Vec2`].

use super::{math, Vec2};
use core::ops::{Add, Sub};

/// A location, `f64`, y up.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Point {
    /// Horizontal coordinate, positive to the right.
    pub x: f64,
    /// Vertical coordinate, positive up.
    pub y: f64,
}

impl Point {
    /// The point (0, 0).
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    /// The point `(x, y)`.
    #[inline]
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// The Euclidean distance to `o`.
    #[inline]
    #[must_use]
    pub fn distance(self, o: Point) -> f64 {
        math::hypot(o.x - self.x, o.y - self.y)
    }

    /// The point a fraction `t` of the way to `o`.
    #[inline]
    #[must_use]
    pub fn lerp(self, o: Point, t: f64) -> Point {
        self + (o - self) * t
    }

    /// The point at `radius` from this one in the direction `angle`.
    #[inline]
    #[must_use]
    pub fn polar(self, radius: f64, angle: f64) -> Point {
        self + Vec2::from_angle(angle) * radius
    }

    /// The vector from the origin to this point.
    #[inline]
    #[must_use]
    pub fn to_vec2(self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }

    /// Whether both coordinates are finite (neither NaN nor infinite).
    #[inline]
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// `Ok` when both coordinates are finite.
    ///
    /// # Errors
    /// [`Reason::NotFinite`](crate::Reason::NotFinite) about `{name}.x` or `{name}.y`.
    pub fn check(self, name: &'static str) -> Result<Point, crate::Error> {
        use crate::error::{Error, Field, Reason};
        for (v, k) in [(self.x, "x"), (self.y, "y")] {
            if !v.is_finite() {
                return Err(Error::new(Field::named(name).key(k), Reason::NotFinite));
            }
        }
        Ok(self)
    }
}

impl Sub for Point {
    type Output = Vec2;
    #[inline]
    fn sub(self, o: Point) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
}
impl Add<Vec2> for Point {
    type Output = Point;
    #[inline]
    fn add(self, v: Vec2) -> Point {
        Point::new(self.x + v.x, self.y + v.y)
    }
}
impl Sub<Vec2> for Point {
    type Output = Point;
    #[inline]
    fn sub(self, v: Vec2) -> Point {
        Point::new(self.x - v.x, self.y - v.y)
    }
}
