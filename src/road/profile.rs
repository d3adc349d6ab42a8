//! `Profile`: a road's cross-section at one place: the pose of its middle
//! (heading = direction of travel) and its lanes, left to right facing the
//! heading. Profiles are the edges of the road graph; the pieces between
//! them are its nodes.

use super::{Lane, RoadError};
use crate::{Point, Pose};

/// A cross-section: `(x, y)` is the middle of the section, `heading` the
/// direction of travel, `lanes` left to right facing `heading`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Profile {
    pub x: f64,
    pub y: f64,
    pub heading: f64,
    pub lanes: Vec<Lane>,
}

impl Profile {
    /// A profile at `pose` with these lanes, checked.
    ///
    /// # Errors
    /// See [`Profile::validate`] (the profile is named `"profile"`).
    ///
    /// # Examples
    /// ```
    /// use arcline::{Lane, LaneKind, Pose, Profile};
    /// let p = Profile::new(Pose::new(0.0, 0.0, 0.0), vec![Lane::new(LaneKind::Driving, 3.5); 2]).unwrap();
    /// assert_eq!(p.width(), 7.0);
    /// assert!(Profile::new(Pose::new(0.0, 0.0, 0.0), vec![]).is_err());
    /// ```
    pub fn new(pose: Pose, lanes: Vec<Lane>) -> Result<Profile, RoadError> {
        let p = Profile {
            x: pose.x,
            y: pose.y,
            heading: pose.heading,
            lanes,
        };
        p.validate("profile")?;
        Ok(p)
    }

    /// Checks the profile, naming it `name` in the error.
    ///
    /// # Errors
    /// [`RoadError::NonFinite`] for a NaN/infinite `x`, `y` or `heading`,
    /// [`RoadError::EmptyLanes`] for no lanes, [`RoadError::BadLaneWidth`]
    /// for a width ≤ 0 or not finite.
    pub fn validate(&self, name: &str) -> Result<(), RoadError> {
        for (v, field) in [(self.x, "x"), (self.y, "y"), (self.heading, "heading")] {
            if !v.is_finite() {
                return Err(RoadError::NonFinite {
                    profile: name.to_string(),
                    field,
                });
            }
        }
        if self.lanes.is_empty() {
            return Err(RoadError::EmptyLanes {
                profile: name.to_string(),
            });
        }
        for (i, lane) in self.lanes.iter().enumerate() {
            if !(lane.width.is_finite() && lane.width > 0.0) {
                return Err(RoadError::BadLaneWidth {
                    profile: name.to_string(),
                    lane: i,
                    width: lane.width,
                });
            }
        }
        if !self.width().is_finite() {
            return Err(RoadError::NonFinite {
                profile: name.to_string(),
                field: "lanes (total width)",
            });
        }
        Ok(())
    }

    /// Checks that `other` (named `other_name`) has the same lanes as this
    /// profile (named `name`).
    ///
    /// # Errors
    /// [`RoadError::LanesDiffer`] naming `other_name`.
    pub fn check_same_lanes(
        &self,
        name: &str,
        other: &Profile,
        other_name: &str,
    ) -> Result<(), RoadError> {
        let differ = |detail: String| RoadError::LanesDiffer {
            profile: other_name.to_string(),
            other: name.to_string(),
            detail,
        };
        if self.lanes.len() != other.lanes.len() {
            return Err(differ(format!(
                "{} lanes against {}",
                other.lanes.len(),
                self.lanes.len()
            )));
        }
        for (i, (l, o)) in self.lanes.iter().zip(&other.lanes).enumerate() {
            if !l.matches(o) {
                return Err(differ(format!("lane {i} differs")));
            }
        }
        Ok(())
    }

    #[inline]
    pub fn pose(&self) -> Pose {
        Pose::new(self.x, self.y, self.heading)
    }

    #[inline]
    pub fn position(&self) -> Point {
        Point::new(self.x, self.y)
    }

    /// The same lanes at another pose.
    pub fn with_pose(&self, pose: Pose) -> Profile {
        Profile {
            x: pose.x,
            y: pose.y,
            heading: pose.heading,
            lanes: self.lanes.clone(),
        }
    }

    /// The total width of the lanes.
    pub fn width(&self) -> f64 {
        self.lanes.iter().map(|l| l.width).sum()
    }

    /// The signed offsets of the `lanes.len() + 1` lane edges from the middle,
    /// left to right (left is positive): `W/2, W/2 - w0, ..., -W/2`.
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
    pub fn edge_points(&self) -> Vec<Point> {
        let left = self.pose().left();
        let c = self.position();
        self.edge_offsets()
            .into_iter()
            .map(|o| c + left * o)
            .collect()
    }
}
