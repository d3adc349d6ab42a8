//! What a [`RoadNetwork`] keeps but cannot build: [`Problem`]s, listed by
//! [`RoadNetwork::problems`].
//!
//! The network's model: a placement that names live profiles is always
//! kept ([`connect`](RoadNetwork::connect) and
//! [`add_junction`](RoadNetwork::add_junction) return its id), because an
//! editor moves profiles through places where a piece or a junction cannot
//! be built and back; what was built, or why not, is in the piece's or the
//! junction's `built`. `problems()` gathers every one that is not built, so
//! nothing is lost silently: a game checks it after loading or editing a
//! network, and [`to_open_drive`](RoadNetwork::to_open_drive) reports the
//! same pieces and junctions (and the junction movements it could not
//! link) as left out of the file.

use super::RoadNetwork;
use crate::error::Error;
use crate::road::{JunctionId, PieceId};
use core::fmt;

/// A piece or a junction of a [`RoadNetwork`] that is kept but not built,
/// and why (the error its `built` holds).
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// A piece whose two profiles no road joins (`connect(a, a)`, lanes
    /// that differ, a head-on pair...).
    Piece {
        /// The piece.
        id: PieceId,
        /// Why it is not built, about its ends `a` and `b`.
        error: Error,
    },
    /// A junction whose arms make no junction (arms facing the same way,
    /// an arm behind another's mouth...).
    Junction {
        /// The junction.
        id: JunctionId,
        /// Why it is not built, about its arms `arms[k]`.
        error: Error,
    },
}

impl Problem {
    /// Why the piece or junction is not built.
    #[must_use]
    pub fn error(&self) -> &Error {
        match self {
            Problem::Piece { error, .. } | Problem::Junction { error, .. } => error,
        }
    }
}

impl fmt::Display for Problem {
    /// `piece 3: b: ...` or `junction 0: arms[1]: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Piece { id, error } => write!(f, "piece {id}: {error}"),
            Problem::Junction { id, error } => write!(f, "junction {id}: {error}"),
        }
    }
}

impl RoadNetwork {
    /// Every piece and junction the network keeps but could not build, by
    /// ascending id (pieces first); empty when everything is built.
    ///
    /// # Examples
    /// ```
    /// use arcline::road::{Lane, LaneKind, Problem, Profile, RoadNetwork};
    /// let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
    /// let mut net = RoadNetwork::new();
    /// let a = net.add_profile(Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() }).unwrap();
    /// let b = net.add_profile(Profile { x: 30.0, y: 0.0, heading: 0.0, lanes }).unwrap();
    /// net.connect(a, b).unwrap();
    /// assert!(net.problems().is_empty());
    /// // A piece from a profile to itself is kept, and listed.
    /// let p = net.connect(a, a).unwrap();
    /// let problems = net.problems();
    /// assert!(matches!(problems[..], [Problem::Piece { id, .. }] if id == p));
    /// assert!(problems[0].to_string().contains("there is nothing to join"));
    /// ```
    #[must_use]
    pub fn problems(&self) -> Vec<Problem> {
        let pieces = self.pieces().filter_map(|p| {
            p.built.as_ref().err().map(|e| Problem::Piece {
                id: p.id,
                error: e.clone(),
            })
        });
        let junctions = self.junctions().filter_map(|j| {
            j.built.as_ref().err().map(|e| Problem::Junction {
                id: j.id,
                error: e.clone(),
            })
        });
        pieces.chain(junctions).collect()
    }
}
