//! Motion along a path over time: `distance = speed × time`, then walk the
//! segments.

use crate::error::Error;
use crate::{Path, Pose};

/// A unit moving along `path` at a constant `speed` from time 0.
#[derive(Debug, Clone, PartialEq)]
pub struct Motion {
    path: Path,
    speed: f64,
}

impl Motion {
    /// A motion at `speed` (≥ 0, finite) along `path`: a [`Path`] (kept) or
    /// a `&Path` (copied), such as a plan's.
    ///
    /// # Errors
    /// [`Reason::NotFinite`](crate::Reason::NotFinite) or
    /// [`Reason::Negative`](crate::Reason::Negative) about `speed`.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let plan = plan_around(Pose::new(0.0, 0.0, 0.0), Point::new(8.0, 0.0), 1.0, &Obstacles::new(), &AroundOptions::default()).unwrap();
    /// let m = Motion::new(plan.path().unwrap(), 2.0).unwrap();
    /// assert!((m.duration() - 4.0).abs() < 1e-9);
    /// assert!((m.pose_at(1.0).x - 2.0).abs() < 1e-9);
    /// ```
    pub fn new(path: impl Into<Path>, speed: f64) -> Result<Motion, Error> {
        let speed = crate::error::non_negative(speed, "speed")?;
        Ok(Motion {
            path: path.into(),
            speed,
        })
    }

    /// The path followed.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The speed along it, distance per unit of time.
    #[must_use]
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The time to reach the end (`0` for a zero-length path, `+∞` at speed 0
    /// on a path with length).
    #[must_use]
    pub fn duration(&self) -> f64 {
        let len = self.path.length();
        if len == 0.0 {
            0.0
        } else {
            len / self.speed
        }
    }

    /// Position and heading at `time`: clamped to the start before 0 and to
    /// the end after [`Motion::duration`]; NaN counts as 0.
    #[must_use]
    pub fn pose_at(&self, time: f64) -> Pose {
        pose_at_time(&self.path, self.speed, time)
    }
}

/// Listing 2: the pose `speed × time` along `path`, clamped to both ends
/// (a NaN or negative product is the start, past the length is the end).
///
/// # Examples
/// ```
/// use arcline::{Line, Path, Point};
/// use arcline::planner::{pose_at_time};
/// let p = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(4.0, 0.0))).unwrap();
/// assert_eq!(pose_at_time(&p, 2.0, 0.5).x, 1.0);
/// assert_eq!(pose_at_time(&p, 2.0, -3.0).x, 0.0);
/// assert_eq!(pose_at_time(&p, 2.0, 10.0).x, 4.0);
/// ```
#[must_use]
pub fn pose_at_time(path: &Path, speed: f64, time: f64) -> Pose {
    let distance = speed * time;
    // Path::pose_at clamps to [0, length] and takes NaN as 0.
    path.pose_at(if distance.is_nan() { 0.0 } else { distance })
}
