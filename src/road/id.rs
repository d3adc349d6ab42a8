//! `ProfileId`, `PieceId` and `JunctionId`: the ids of a
//! [`RoadNetwork`](super::RoadNetwork)'s profiles, pieces and junctions. As
//! data: whole numbers.

use core::fmt;

/// The id of a profile in a [`RoadNetwork`](super::RoadNetwork): given by
/// [`add_profile`](super::RoadNetwork::add_profile), never reused while the
/// network lives, kept through a save and load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ProfileId(pub u32);

/// The id of a piece in a [`RoadNetwork`](super::RoadNetwork): given by
/// [`connect`](super::RoadNetwork::connect), never reused while the network
/// lives, kept through a save and load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PieceId(pub u32);

impl fmt::Display for ProfileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<u32> for ProfileId {
    fn from(id: u32) -> ProfileId {
        ProfileId(id)
    }
}

impl From<u32> for PieceId {
    fn from(id: u32) -> PieceId {
        PieceId(id)
    }
}

/// The id of a junction in a [`RoadNetwork`](super::RoadNetwork): given by
/// [`add_junction`](super::RoadNetwork::add_junction), never reused while
/// the network lives, kept through a save and load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct JunctionId(pub u32);

impl JunctionId {
    /// Whether this is id 0 (a snapshot leaves a next junction id of 0 out).
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for JunctionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<u32> for JunctionId {
    fn from(id: u32) -> JunctionId {
        JunctionId(id)
    }
}
