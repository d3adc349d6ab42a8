//! `Lane`: one strip of a road's cross-section, a kind, a width and the
//! direction its traffic runs (relative to the profile's heading).

use crate::error::LaneDifference;

/// What a lane is for. The kind decides how the lane is filled and which
/// markings its edges get (see the [`markings`](mod@super::markings) module).
/// As data: `"driving"`, `"bike"`, `"sidewalk"`, `"median"`, `"shoulder"`,
/// `"parking"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum LaneKind {
    /// Cars and other motor traffic.
    Driving,
    /// Bicycles.
    Bike,
    /// People on foot; its edges to other lanes are kerbs.
    Sidewalk,
    /// A strip between carriageways.
    Median,
    /// A strip beside the carriageway.
    Shoulder,
    /// Parked cars.
    Parking,
}

impl LaneKind {
    /// The name used in data and in the JS API (`"driving"`, `"bike"`, ...).
    ///
    /// # Examples
    /// ```
    /// use arcline::road::LaneKind;
    /// assert_eq!(LaneKind::Sidewalk.name(), "sidewalk");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            LaneKind::Driving => "driving",
            LaneKind::Bike => "bike",
            LaneKind::Sidewalk => "sidewalk",
            LaneKind::Median => "median",
            LaneKind::Shoulder => "shoulder",
            LaneKind::Parking => "parking",
        }
    }

    /// Lanes that carry moving traffic (their edges get lane lines).
    #[must_use]
    pub fn carries_traffic(self) -> bool {
        matches!(self, LaneKind::Driving | LaneKind::Bike)
    }
}

/// Which way a lane's traffic runs, relative to the profile's heading.
/// `Forward` is the default and is left out of data, so a lane written
/// `{ kind, width }` is a forward lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Direction {
    /// Along the profile's heading.
    #[default]
    Forward,
    /// Against it.
    Backward,
}

impl Direction {
    /// Whether this is [`Direction::Forward`].
    #[inline]
    #[must_use]
    pub fn is_forward(&self) -> bool {
        *self == Direction::Forward
    }
}

/// One lane: its kind, its width (> 0, in the coordinates' units) and the
/// direction of its traffic. As data: `{ kind, width, direction? }`.
///
/// # Examples
/// ```
/// use arcline::road::{Direction, Lane, LaneKind};
/// let lane = Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward);
/// assert_eq!(lane.width, 3.5);
/// assert!(!lane.direction.is_forward());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Lane {
    /// What the lane is for.
    pub kind: LaneKind,
    /// Its width (> 0).
    pub width: f64,
    /// Which way its traffic runs (forward when left out).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Direction::is_forward")
    )]
    pub direction: Direction,
}

impl Lane {
    /// A forward lane.
    #[inline]
    #[must_use]
    pub const fn new(kind: LaneKind, width: f64) -> Lane {
        Lane {
            kind,
            width,
            direction: Direction::Forward,
        }
    }

    /// The same lane with its traffic running `direction`.
    #[inline]
    #[must_use]
    pub const fn with_direction(self, direction: Direction) -> Lane {
        Lane { direction, ..self }
    }

    /// Whether two lanes are the same for joining: same kind, same direction,
    /// widths equal to a relative 1e-12 (so a profile that went through JSON
    /// still matches).
    #[must_use]
    pub fn matches(&self, o: &Lane) -> bool {
        self.difference(o, 0).is_none()
    }

    /// How `o`, lane `index` of another profile, differs from this lane
    /// (the one it must match): kind first, then direction, then width
    /// (to a relative 1e-12 of this lane's width).
    pub(crate) fn difference(&self, o: &Lane, index: usize) -> Option<LaneDifference> {
        if self.kind != o.kind {
            Some(LaneDifference::Kind { lane: index })
        } else if self.direction != o.direction {
            Some(LaneDifference::Direction { lane: index })
        } else if (self.width - o.width).abs() <= 1e-12 * self.width.abs().max(1.0) {
            None
        } else {
            Some(LaneDifference::Width {
                lane: index,
                expected: self.width,
                got: o.width,
            })
        }
    }
}
