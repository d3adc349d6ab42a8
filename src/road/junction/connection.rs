//! `Connection`: one lane-centre path through a junction, from a driving
//! lane of one arm to a driving lane of another.

use super::MovementKind;
use crate::geom::Path;

/// A path through a junction: it leaves lane `from_lane` of arm `from`
/// (indices among the arms as given, and among that arm's lanes) at the
/// lane's centre on the mouth with the arm's heading, and ends at the
/// centre of lane `to_lane` of arm `to` heading out of the junction. Lines
/// and arcs, G1, every arc at least the minimum turning radius. As data:
/// `{ from, fromLane, to, toLane, kind, path }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Connection {
    /// The arm it enters from.
    pub from: usize,
    /// The entering (forward driving) lane of that arm.
    pub from_lane: usize,
    /// The arm it leaves by.
    pub to: usize,
    /// The leaving (backward driving) lane of that arm.
    pub to_lane: usize,
    /// Which way it turns.
    pub kind: MovementKind,
    /// The lane-centre path.
    pub path: Path,
}
