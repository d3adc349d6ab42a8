//! `RoadError`: why two profiles cannot be joined, or why a profile is bad.
//! Every message starts with the name of the argument it is about.

use crate::geom::Decimal;
use core::fmt;

/// Why a road piece could not be built. `profile` names the argument
/// (`"a"`, `"b"`, `"source"`, `"next"`, `"profiles[3]"`...).
#[derive(Debug, Clone, PartialEq)]
pub enum RoadError {
    /// A coordinate or the heading is NaN or infinite.
    NonFinite {
        profile: String,
        field: &'static str,
    },
    /// The profile has no lanes.
    EmptyLanes { profile: String },
    /// A lane's width is ≤ 0 or not finite.
    BadLaneWidth {
        profile: String,
        lane: usize,
        width: f64,
    },
    /// The two profiles do not have the same lanes (count, kinds, widths, directions).
    LanesDiffer {
        profile: String,
        other: String,
        detail: String,
    },
    /// The turn is tighter than half the road's width: the inner lane edge
    /// would get a radius ≤ 0. `case` names the construction.
    LanesWiderThanTurn {
        profile: String,
        case: &'static str,
        centre_radius: f64,
        half_width: f64,
    },
    /// No piece of the documented kinds joins the pair; `case` says why.
    NoSolution { profile: String, case: &'static str },
    /// An id or index that is not (or no longer) there.
    UnknownId { what: &'static str, id: usize },
    /// A network file that could not be read.
    BadJson(String),
}

impl fmt::Display for RoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoadError::NonFinite { profile, field } => {
                write!(f, "{profile}.{field}: must be a finite number")
            }
            RoadError::EmptyLanes { profile } => {
                write!(f, "{profile}.lanes: must not be empty")
            }
            RoadError::BadLaneWidth {
                profile,
                lane,
                width,
            } => write!(
                f,
                "{profile}.lanes[{lane}].width: must be a finite number greater than zero (got {})",
                Decimal(*width)
            ),
            RoadError::LanesDiffer {
                profile,
                other,
                detail,
            } => write!(
                f,
                "{profile}.lanes: must be the same lanes as {other}.lanes (kinds, widths and directions): {detail}"
            ),
            RoadError::LanesWiderThanTurn {
                profile,
                case,
                centre_radius,
                half_width,
            } => write!(
                f,
                "{profile}: lanes wider than the turn: the {case} has a centre radius of {} but the road is {} wide on each side, so the inner lane edge would get a radius <= 0",
                Decimal(*centre_radius),
                Decimal(*half_width)
            ),
            RoadError::NoSolution { profile, case } => {
                write!(f, "{profile}: no road of lines and arcs joins these profiles: {case}")
            }
            RoadError::UnknownId { what, id } => write!(f, "{what}: unknown id {id}"),
            RoadError::BadJson(why) => write!(f, "json: {why}"),
        }
    }
}

impl std::error::Error for RoadError {}
