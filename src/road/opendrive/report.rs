//! [`OpenDrive`]: the XML [`RoadNetwork::to_open_drive`](crate::road::RoadNetwork::to_open_drive)
//! writes, and what it left out of it ([`LeftOut`]).

use crate::error::Error;
use crate::road::{JunctionId, PieceId};
use core::fmt;

/// An OpenDRIVE export: the file's text, and every piece, junction and
/// junction movement of the network that is not in it, with the reason.
/// Nothing is left out silently: an export with `left_out` empty holds
/// every piece as a road and every movement of every junction as a
/// connecting road with its `<connection>`.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenDrive {
    /// The OpenDRIVE 1.8 XML.
    pub xml: String,
    /// What the network holds that the XML does not, pieces first, then
    /// junctions and their movements, by ascending id.
    pub left_out: Vec<LeftOut>,
}

impl OpenDrive {
    /// Whether the XML holds everything the network holds.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.left_out.is_empty()
    }
}

/// Something an [`OpenDrive`] export left out, and why.
#[derive(Debug, Clone, PartialEq)]
pub enum LeftOut {
    /// A piece that is not built (no `<road>`).
    Piece {
        /// The piece.
        id: PieceId,
        /// Why it is not built.
        error: Error,
    },
    /// A junction that is not built (no `<junction>`).
    Junction {
        /// The junction.
        id: JunctionId,
        /// Why it is not built.
        error: Error,
    },
    /// A movement of a built junction written with no connecting road and
    /// no `<connection>`: one of its arms has no road to link to (an arm's
    /// road is the one built piece touching it).
    Movement {
        /// The junction.
        junction: JunctionId,
        /// The movement's index among the junction's connections.
        connection: usize,
        /// The arm it comes from.
        from: usize,
        /// The arm it goes to.
        to: usize,
        /// The arm (`from` or `to`) without a road.
        arm: usize,
        /// How many built pieces touch that arm (0, or more than the one
        /// a movement can link to).
        roads: usize,
    },
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftOut::Piece { id, error } => write!(f, "piece {id} is not built: {error}"),
            LeftOut::Junction { id, error } => write!(f, "junction {id} is not built: {error}"),
            LeftOut::Movement {
                junction,
                connection,
                from,
                to,
                arm,
                roads,
            } => write!(
                f,
                "movement {connection} of junction {junction} (arms[{from}] to arms[{to}]): arms[{arm}] has {roads} built roads, not exactly one to link to"
            ),
        }
    }
}
