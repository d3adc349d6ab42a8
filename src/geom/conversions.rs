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

/// Writes one coordinate: with a precision (`{:.3}`), rounded to it;
/// without, the shortest decimal that reads back as the same `f64`, in
/// exponent form below 1e-5 and from 1e16 in magnitude (`1e-300`, not
/// 300 zeros). `-0` is written `0`.
fn number(f: &mut fmt::Formatter<'_>, v: f64) -> fmt::Result {
    let v = if v == 0.0 { 0.0 } else { v };
    if f.precision().is_some() {
        return fmt::Display::fmt(&v, f);
    }
    let a = v.abs();
    if a != 0.0 && a.is_finite() && !(1e-5..1e16).contains(&a) {
        fmt::LowerExp::fmt(&v, f)
    } else {
        fmt::Display::fmt(&v, f)
    }
}

/// Writes `open x, y close`, each number as [`number`] writes it (so
/// `{:.2}` rounds both).
fn pair(f: &mut fmt::Formatter<'_>, open: &str, x: f64, y: f64, close: &str) -> fmt::Result {
    f.write_str(open)?;
    number(f, x)?;
    f.write_str(", ")?;
    number(f, y)?;
    f.write_str(close)
}

/// `(x, y)`: each number the shortest that reads back the same, in
/// exponent form when very small or very large; `{:.2}` rounds both.
///
/// # Examples
/// ```
/// use arcline::Point;
/// assert_eq!(Point::new(1.5, -0.0).to_string(), "(1.5, 0)");
/// assert_eq!(Point::new(1e-300, 1e300).to_string(), "(1e-300, 1e300)");
/// assert_eq!(Point::new(core::f64::consts::PI.cos() * 1e-16, 2.0).to_string(), "(-1e-16, 2)");
/// assert_eq!(format!("{:.3}", Point::new(1.0 / 3.0, 2.0)), "(0.333, 2.000)");
/// ```
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

/// `(x, y) heading h`, the numbers as [`Point`]'s.
///
/// # Examples
/// ```
/// use arcline::Pose;
/// let p = Pose::new(core::f64::consts::FRAC_PI_2.cos(), 0.0, 0.5);
/// assert_eq!(p.to_string(), "(6.123233995736766e-17, 0) heading 0.5");
/// assert_eq!(format!("{p:.2}"), "(0.00, 0.00) heading 0.50");
/// ```
impl fmt::Display for Pose {
    /// `(x, y) heading h`; `{:.2}` rounds all three.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        pair(f, "(", self.x, self.y, ") heading ")?;
        number(f, self.heading)
    }
}
