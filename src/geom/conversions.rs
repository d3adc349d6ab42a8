//! Conversions and printing for the small geometry types: tuples and arrays
//! to and from [`Point`], [`Vec2`] and [`Pose`], the operators glam and kurbo
//! users expect (`f64 * Vec2`, `Point += Vec2`), and `Display`.
//!
//! # Examples
//! ```
//! use arcline::{Point, Pose, Vec2};
//! let p: Point = (1.0, 2.0).into();
//! let v = Vec2::from([3.0, 4.0]);
//! let mut q = p + 2.0 * v;
//! q -= Vec2::new(1.0, 0.0);
//! assert_eq!(<[f64; 2]>::from(q), [6.0, 10.0]);
//! assert_eq!(Pose::from((q, 0.5)).heading, 0.5);
//! assert_eq!(format!("{q}"), "(6, 10)");
//! assert_eq!(format!("{:.1}", Pose::new(1.0, 2.25, 0.5)), "(1.0, 2.2) heading 0.5");
//! ```

use super::{Point, Pose, Vec2};
use core::fmt;
use core::ops::{AddAssign, DivAssign, Mul, MulAssign, SubAssign};

impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Point {
        Point::new(x, y)
    }
}

impl From<[f64; 2]> for Point {
    fn from([x, y]: [f64; 2]) -> Point {
        Point::new(x, y)
    }
}

impl From<Point> for (f64, f64) {
    fn from(p: Point) -> (f64, f64) {
        (p.x, p.y)
    }
}

impl From<Point> for [f64; 2] {
    fn from(p: Point) -> [f64; 2] {
        [p.x, p.y]
    }
}

impl From<(f64, f64)> for Vec2 {
    fn from((x, y): (f64, f64)) -> Vec2 {
        Vec2::new(x, y)
    }
}

impl From<[f64; 2]> for Vec2 {
    fn from([x, y]: [f64; 2]) -> Vec2 {
        Vec2::new(x, y)
    }
}

impl From<Vec2> for (f64, f64) {
    fn from(v: Vec2) -> (f64, f64) {
        (v.x, v.y)
    }
}

impl From<Vec2> for [f64; 2] {
    fn from(v: Vec2) -> [f64; 2] {
        [v.x, v.y]
    }
}

impl From<(f64, f64, f64)> for Pose {
    /// `(x, y, heading)`.
    fn from((x, y, heading): (f64, f64, f64)) -> Pose {
        Pose::new(x, y, heading)
    }
}

impl From<(Point, f64)> for Pose {
    /// A position and a heading.
    fn from((p, heading): (Point, f64)) -> Pose {
        Pose::at(p, heading)
    }
}

impl From<Pose> for Point {
    /// The position, without the heading.
    fn from(p: Pose) -> Point {
        p.position()
    }
}

impl Mul<Vec2> for f64 {
    type Output = Vec2;
    #[inline]
    fn mul(self, v: Vec2) -> Vec2 {
        v * self
    }
}

impl MulAssign<f64> for Vec2 {
    #[inline]
    fn mul_assign(&mut self, s: f64) {
        *self = *self * s;
    }
}

impl DivAssign<f64> for Vec2 {
    #[inline]
    fn div_assign(&mut self, s: f64) {
        *self = *self / s;
    }
}

impl AddAssign<Vec2> for Point {
    #[inline]
    fn add_assign(&mut self, v: Vec2) {
        *self = *self + v;
    }
}

impl SubAssign<Vec2> for Point {
    #[inline]
    fn sub_assign(&mut self, v: Vec2) {
        *self = *self - v;
    }
}

/// Writes `open x, y close`, each number with the formatter's own options
/// (so `{:.2}` rounds both).
fn pair(f: &mut fmt::Formatter<'_>, open: &str, x: f64, y: f64, close: &str) -> fmt::Result {
    f.write_str(open)?;
    fmt::Display::fmt(&x, f)?;
    f.write_str(", ")?;
    fmt::Display::fmt(&y, f)?;
    f.write_str(close)
}

impl fmt::Display for Point {
    /// `(x, y)`; `{:.2}` rounds both.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pair(f, "(", self.x, self.y, ")")
    }
}

impl fmt::Display for Vec2 {
    /// `⟨x, y⟩`; `{:.2}` rounds both.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pair(f, "⟨", self.x, self.y, "⟩")
    }
}

impl fmt::Display for Pose {
    /// `(x, y) heading h`; `{:.2}` rounds all three.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pair(f, "(", self.x, self.y, ") heading ")?;
        fmt::Display::fmt(&self.heading, f)
    }
}
