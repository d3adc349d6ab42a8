//! `Pose`: a position with a heading (the direction of travel).

use super::{normalize_angle, Point, Vec2};

/// A position and a heading in radians, counter-clockwise from +x.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Pose {
    /// Horizontal position, positive to the right.
    pub x: f64,
    /// Vertical position, positive up.
    pub y: f64,
    /// The direction faced, radians counter-clockwise from +x.
    pub heading: f64,
}

impl Pose {
    /// The pose at `(x, y)` facing `heading`.
    #[inline]
    #[must_use]
    pub const fn new(x: f64, y: f64, heading: f64) -> Pose {
        Pose { x, y, heading }
    }

    /// The pose at `position` facing `heading`.
    #[inline]
    #[must_use]
    pub fn at(position: Point, heading: f64) -> Pose {
        Pose::new(position.x, position.y, heading)
    }

    /// The position, without the heading.
    #[inline]
    #[must_use]
    pub fn position(self) -> Point {
        Point::new(self.x, self.y)
    }

    /// The unit vector of the heading.
    #[inline]
    #[must_use]
    pub fn direction(self) -> Vec2 {
        Vec2::from_angle(self.heading)
    }

    /// The unit vector pointing to the pose's left.
    #[inline]
    #[must_use]
    pub fn left(self) -> Vec2 {
        self.direction().perp()
    }

    /// Whether the positions are within `tol` and the headings within `tol`
    /// radians (modulo 2π).
    #[must_use]
    pub fn approx_eq(self, o: Pose, tol: f64) -> bool {
        self.position().distance(o.position()) <= tol
            && normalize_angle(self.heading - o.heading).abs() <= tol
    }

    /// Whether the position and the heading are finite.
    #[inline]
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.heading.is_finite()
    }

    /// `Ok` when every number is finite.
    ///
    /// # Errors
    /// [`Reason::NotFinite`](crate::Reason::NotFinite) about `{name}.x`,
    /// `{name}.y` or `{name}.heading`.
    pub fn check(self, name: &'static str) -> Result<Pose, crate::Error> {
        use crate::error::{Error, Field, Reason};
        for (v, k) in [(self.x, "x"), (self.y, "y"), (self.heading, "heading")] {
            if !v.is_finite() {
                return Err(Error::new(Field::named(name).key(k), Reason::NotFinite));
            }
        }
        Ok(self)
    }
}
