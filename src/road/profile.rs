//! `Profile`: a road's cross-section at one place: the pose of its middle
//! (heading = direction of travel) and its lanes, left to right facing the
//! heading. Profiles are the edges of the road graph; the pieces between
//! them are its nodes.

use super::Lane;
use crate::error::{Error, Field, LaneDifference, Reason, Step};
use crate::geom::{Point, Pose};

/// The largest coordinate (`|x|`, `|y|`) and total lane width a profile may
/// have. Every number of a piece stays finite up to here: a fillet's legs
/// grow as `|AB| / sin θ` and its radius as the legs over `tan(θ/2)` (each
/// divisor at least about 1e-9), the Hermite tangents are `1.5·|AB|` long,
/// and the Bézier comparison squares its derivatives.
pub const MAX_MAGNITUDE: f64 = 1e150;

/// A cross-section: `(x, y)` is the middle of the section, `heading` the
/// direction of travel, `lanes` left to right facing `heading`. As data:
/// `{ x, y, heading, lanes }`.
///
/// # Examples
/// ```
/// use arcline::road::{Lane, LaneKind, Profile};
/// let p = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: vec![Lane::new(LaneKind::Driving, 3.0); 2] };
/// // Facing +x, left is +y: the edges run from y = 3 down to y = -3.
/// let ys: Vec<f64> = p.edge_points().iter().map(|e| e.y).collect();
/// assert_eq!(ys, [3.0, 0.0, -3.0]);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Profile {
    /// The x of the middle of the section.
    pub x: f64,
    /// The y of the middle of the section.
    pub y: f64,
    /// The direction of travel (radians, counter-clockwise from +x).
    pub heading: f64,
    /// The lanes, left to right facing `heading` (at least one).
    pub lanes: Vec<Lane>,
}

impl Profile {
    /// A profile at `pose` with these lanes, checked.
    ///
    /// # Errors
    /// As [`Profile::validate`], about the arguments: `pose.x`, `pose.y`,
    /// `pose.heading`, `lanes`, `lanes[1].width`.
    ///
    /// # Examples
    /// ```
    /// use arcline::road::{Lane, LaneKind, Profile};
    /// use arcline::{Pose, Reason};
    /// let p = Profile::new(Pose::new(0.0, 0.0, 0.0), vec![Lane::new(LaneKind::Driving, 3.5); 2]).unwrap();
    /// assert_eq!(p.width(), 7.0);
    /// let e = Profile::new(Pose::new(0.0, 0.0, 0.0), vec![]).unwrap_err();
    /// assert_eq!(e.reason(), &Reason::Empty);
    /// assert_eq!(e.to_string(), "lanes: must not be empty");
    /// let e = Profile::new(Pose::new(f64::NAN, 0.0, 0.0), vec![Lane::new(LaneKind::Driving, 3.5)]).unwrap_err();
    /// assert_eq!(e.to_string(), "pose.x: must be a finite number");
    /// ```
    pub fn new(pose: Pose, lanes: Vec<Lane>) -> Result<Profile, Error> {
        let p = Profile {
            x: pose.x,
            y: pose.y,
            heading: pose.heading,
            lanes,
        };
        p.validate().map_err(|e| match e.field().steps().first() {
            Some(Step::Name("x" | "y" | "heading")) => e.within("pose"),
            _ => e,
        })?;
        Ok(p)
    }

    /// Checks the profile. Fields in errors are the profile's own (`x`,
    /// `lanes[1].width`); functions that take profiles report them under
    /// the argument's name (`b.lanes[1].width`).
    ///
    /// # Errors
    /// [`Reason::NotFinite`] for a NaN or infinite `x`, `y`, `heading` or
    /// lane width; [`Reason::TooLarge`] for `|x|` or `|y|` beyond
    /// [`MAX_MAGNITUDE`]; [`Reason::Empty`] about `lanes` for no lanes;
    /// [`Reason::NotPositive`] for a width ≤ 0; [`Reason::TotalTooLarge`]
    /// about `lanes` when the widths add up to more than [`MAX_MAGNITUDE`].
    ///
    /// # Examples
    /// ```
    /// use arcline::road::{Lane, LaneKind, Profile};
    /// let p = Profile { x: 0.0, y: 1e200, heading: 0.0, lanes: vec![Lane::new(LaneKind::Bike, 1.5)] };
    /// assert_eq!(p.validate().unwrap_err().to_string(), "y: must be at most 1e150 in magnitude");
    /// ```
    pub fn validate(&self) -> Result<(), Error> {
        let too_large = Reason::TooLarge {
            limit: MAX_MAGNITUDE,
        };
        for (v, field) in [(self.x, "x"), (self.y, "y"), (self.heading, "heading")] {
            if !v.is_finite() {
                return Err(Error::at(field, Reason::NotFinite));
            }
            if field != "heading" && v.abs() > MAX_MAGNITUDE {
                return Err(Error::at(field, too_large));
            }
        }
        if self.lanes.is_empty() {
            return Err(Error::at("lanes", Reason::Empty));
        }
        let width = |i: usize| Field::named("lanes").index(i).key("width");
        for (i, lane) in self.lanes.iter().enumerate() {
            if !lane.width.is_finite() {
                return Err(Error::new(width(i), Reason::NotFinite));
            }
            if lane.width <= 0.0 {
                return Err(Error::new(width(i), Reason::NotPositive));
            }
        }
        // Each width is finite and positive, so the sum is too, or +∞.
        if self.width() > MAX_MAGNITUDE {
            return Err(Error::at(
                "lanes",
                Reason::TotalTooLarge {
                    limit: MAX_MAGNITUDE,
                },
            ));
        }
        Ok(())
    }

    /// How `other`'s lanes differ from this profile's (count, then each
    /// lane's kind, direction and width), or `None` when they are the same
    /// lanes (widths to a relative 1e-12).
    ///
    /// # Examples
    /// ```
    /// use arcline::error::LaneDifference;
    /// use arcline::road::{Lane, LaneKind, Profile};
    /// let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: vec![Lane::new(LaneKind::Driving, 3.0); 2] };
    /// let mut b = a.clone();
    /// assert_eq!(a.lane_difference(&b), None);
    /// b.lanes[1].kind = LaneKind::Bike;
    /// assert_eq!(a.lane_difference(&b), Some(LaneDifference::Kind { lane: 1 }));
    /// ```
    #[must_use]
    pub fn lane_difference(&self, other: &Profile) -> Option<LaneDifference> {
        if self.lanes.len() != other.lanes.len() {
            return Some(LaneDifference::Count {
                expected: self.lanes.len(),
                got: other.lanes.len(),
            });
        }
        self.lanes
            .iter()
            .zip(&other.lanes)
            .enumerate()
            .find_map(|(i, (l, o))| l.difference(o, i))
    }

    /// The pose of the middle.
    #[inline]
    #[must_use]
    pub fn pose(&self) -> Pose {
        Pose::new(self.x, self.y, self.heading)
    }

    /// The middle of the section.
    #[inline]
    #[must_use]
    pub fn position(&self) -> Point {
        Point::new(self.x, self.y)
    }

    /// The same lanes at another pose.
    #[must_use]
    pub fn with_pose(&self, pose: Pose) -> Profile {
        Profile {
            x: pose.x,
            y: pose.y,
            heading: pose.heading,
            lanes: self.lanes.clone(),
        }
    }

    /// The same lanes `distance` further along the heading (behind for a
    /// negative distance): where a straight road of that length to this
    /// profile starts, or from it ends.
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `distance`; [`Reason::TooLarge`] about
    /// `distance` when the new position would be beyond [`MAX_MAGNITUDE`].
    ///
    /// # Examples
    /// ```
    /// use arcline::road::{Lane, LaneKind, Profile};
    /// let p = Profile { x: 1.0, y: 2.0, heading: core::f64::consts::FRAC_PI_2, lanes: vec![Lane::new(LaneKind::Driving, 3.0)] };
    /// let back = p.advanced(-10.0).unwrap();
    /// assert!((back.x - 1.0).abs() < 1e-12 && (back.y + 8.0).abs() < 1e-12);
    /// assert_eq!(back.lanes, p.lanes);
    /// ```
    pub fn advanced(&self, distance: f64) -> Result<Profile, Error> {
        crate::error::finite(distance, "distance")?;
        let at = self.position() + self.pose().direction() * distance;
        if !(at.x.abs() <= MAX_MAGNITUDE && at.y.abs() <= MAX_MAGNITUDE) {
            return Err(Error::at(
                "distance",
                Reason::TooLarge {
                    limit: MAX_MAGNITUDE,
                },
            ));
        }
        Ok(self.with_pose(Pose::at(at, self.heading)))
    }

    /// The total width of the lanes.
    #[must_use]
    pub fn width(&self) -> f64 {
        self.lanes.iter().map(|l| l.width).sum()
    }

    /// The signed offsets of the `lanes.len() + 1` lane edges from the middle,
    /// left to right (left is positive): `W/2, W/2 - w0, ..., -W/2`.
    #[must_use]
    pub fn edge_offsets(&self) -> Vec<f64> {
        let half = self.width() / 2.0;
        let mut out = Vec::with_capacity(self.lanes.len() + 1);
        let mut acc = 0.0;
        out.push(half);
        let n = self.lanes.len();
        for (i, lane) in self.lanes.iter().enumerate() {
            acc += lane.width;
            out.push(if i + 1 == n { -half } else { half - acc });
        }
        out
    }

    /// The lane edge points, left to right: the middle moved by each edge
    /// offset along the profile's left.
    #[must_use]
    pub fn edge_points(&self) -> Vec<Point> {
        let left = self.pose().left();
        let c = self.position();
        self.edge_offsets()
            .into_iter()
            .map(|o| c + left * o)
            .collect()
    }
}
