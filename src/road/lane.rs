//! `Lane`: one strip of a road's cross-section, a kind, a width and the
//! direction its traffic runs (relative to the profile's heading).

/// What a lane is for. The kind decides how the lane is filled and which
/// markings its edges get (see the [`markings`](mod@super::markings) module).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LaneKind {
    Driving,
    Bike,
    Sidewalk,
    Median,
    Shoulder,
    Parking,
}

impl LaneKind {
    /// The name used in JSON and in the JS API (`"driving"`, `"bike"`, ...).
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
    pub fn carries_traffic(self) -> bool {
        matches!(self, LaneKind::Driving | LaneKind::Bike)
    }
}

/// Which way a lane's traffic runs, relative to the profile's heading.
/// `Forward` is the default and is left out of JSON, so a published-shape
/// `Lane` (`{ kind, width }`) is a forward lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Direction {
    #[default]
    Forward,
    Backward,
}

impl Direction {
    #[inline]
    pub fn is_forward(&self) -> bool {
        *self == Direction::Forward
    }
}

/// One lane: its kind, its width (> 0, in the coordinates' units) and the
/// direction of its traffic.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Lane {
    pub kind: LaneKind,
    pub width: f64,
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Direction::is_forward")
    )]
    pub direction: Direction,
}

impl Lane {
    /// A forward lane.
    #[inline]
    pub const fn new(kind: LaneKind, width: f64) -> Lane {
        Lane {
            kind,
            width,
            direction: Direction::Forward,
        }
    }

    /// The same lane with its traffic running `direction`.
    #[inline]
    pub const fn with_direction(self, direction: Direction) -> Lane {
        Lane { direction, ..self }
    }

    /// Whether two lanes are the same for joining: same kind, same direction,
    /// widths equal to a relative 1e-12 (so a profile that went through JSON
    /// still matches).
    pub fn matches(&self, o: &Lane) -> bool {
        self.kind == o.kind
            && self.direction == o.direction
            && (self.width - o.width).abs() <= 1e-12 * self.width.abs().max(1.0)
    }
}
