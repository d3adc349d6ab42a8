//! [`Body`]: the rectangle a car occupies, placed by its rear-axle pose.
//!
//! # Examples
//! ```
//! use arcline::planner::parking::Body;
//! use arcline::Pose;
//! let car = Body::new(4.5, 1.8, 1.0);
//! let [rear_right, front_right, front_left, rear_left] = car.corners(Pose::new(0.0, 0.0, 0.0));
//! assert_eq!((rear_right.x, rear_right.y), (-1.0, -0.9));
//! assert_eq!((front_left.x, front_left.y), (3.5, 0.9));
//! # let _ = (front_right, rear_left);
//! ```

use crate::error::{Error, Field, Reason};
use crate::planner::error::{MAX_MAGNITUDE, TOO_LARGE};
use crate::{Point, Pose};

/// A car's body: a `length` × `width` rectangle whose pose is the centre of
/// its rear axle, `rear` behind which the body ends (so it reaches
/// `length - rear` ahead of the axle), `width / 2` to each side.
///
/// As data (the `serde` feature): `{ length, width, rear }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Body {
    /// Bumper to bumper, positive.
    pub length: f64,
    /// Side to side, positive.
    pub width: f64,
    /// From the rear axle back to the rear bumper, in `[0, length]`.
    pub rear: f64,
}

impl Body {
    /// The body `length` long, `width` wide, ending `rear` behind the axle.
    #[must_use]
    pub const fn new(length: f64, width: f64, rear: f64) -> Body {
        Body {
            length,
            width,
            rear,
        }
    }

    /// `Ok` when `length` and `width` are positive, `rear` is in
    /// `[0, length]`, and all are finite and at most
    /// [`MAX_MAGNITUDE`](crate::planner::MAX_MAGNITUDE).
    ///
    /// # Errors
    /// [`Reason::NotFinite`], [`Reason::NotPositive`], [`Reason::TooLarge`]
    /// about `field.length` or `field.width`; [`Reason::NotFinite`] or
    /// [`Reason::OutOfRange`] about `field.rear` (`field` is what the
    /// caller names the body, e.g. `options.body`).
    ///
    /// # Examples
    /// ```
    /// use arcline::planner::parking::Body;
    /// use arcline::error::Field;
    /// let e = Body::new(4.0, 0.0, 1.0).check(|| Field::named("options").key("body")).unwrap_err();
    /// assert_eq!(e.to_string().split(':').next(), Some("options.body.width"));
    /// ```
    pub fn check(&self, field: impl Fn() -> Field) -> Result<(), Error> {
        for (v, k) in [(self.length, "length"), (self.width, "width")] {
            if !v.is_finite() {
                return Err(Error::new(field().key(k), Reason::NotFinite));
            }
            if v <= 0.0 {
                return Err(Error::new(field().key(k), Reason::NotPositive));
            }
            if v > MAX_MAGNITUDE {
                return Err(Error::new(field().key(k), TOO_LARGE));
            }
        }
        if !self.rear.is_finite() {
            return Err(Error::new(field().key("rear"), Reason::NotFinite));
        }
        if !(0.0..=self.length).contains(&self.rear) {
            return Err(Error::new(
                field().key("rear"),
                Reason::OutOfRange {
                    min: 0.0,
                    max: self.length,
                },
            ));
        }
        Ok(())
    }

    /// The corners in the body's own frame (`x` ahead of the rear axle,
    /// `y` to its left), counter-clockwise from the rear right.
    #[must_use]
    pub fn local_corners(&self) -> [(f64, f64); 4] {
        let (b, f, w) = (-self.rear, self.length - self.rear, self.width / 2.0);
        [(b, -w), (f, -w), (f, w), (b, w)]
    }

    /// The corners at `pose`, counter-clockwise from the rear right.
    #[must_use]
    pub fn corners(&self, pose: Pose) -> [Point; 4] {
        let (s, c) = (libm::sin(pose.heading), libm::cos(pose.heading));
        self.local_corners()
            .map(|(u, v)| Point::new(pose.x + u * c - v * s, pose.y + u * s + v * c))
    }

    /// The middle of the rectangle in the body's frame (ahead of the axle).
    #[must_use]
    pub fn local_center(&self) -> f64 {
        self.length / 2.0 - self.rear
    }

    /// Half the diagonal: the radius of the circle through the corners.
    #[must_use]
    pub fn circumradius(&self) -> f64 {
        libm::hypot(self.length / 2.0, self.width / 2.0)
    }
}
