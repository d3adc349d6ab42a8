//! The serialized forms of the road results that hold a piece *or* why it
//! could not be built (the `serde` feature): a construction's `kind` or
//! `error`, a chain's and a network's pieces' `piece` or `error`. An error
//! is written as its message (`b: lanes wider than the turn: ...`).

use super::construct::HERMITE_TANGENT_SCALE;
use super::construction::{Construction, Fillet, Semicircle};
use super::{
    Junction, JunctionId, NetworkJunction, NetworkPiece, PieceId, PieceKind, Profile, ProfileId,
    RoadPiece,
};
use crate::error::Error;
use crate::geom::{Line, Point};
use serde::Serialize;

/// A piece or why it could not be built: `{ piece, error }`, one of them
/// null (an item of [`RoadChain::pieces`](super::RoadChain::pieces)).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "ChainPiece"))]
pub struct ChainPieceShape<'a> {
    /// The piece, or null.
    pub piece: Option<&'a RoadPiece>,
    /// Why there is no piece (the error's message), or null.
    pub error: Option<String>,
}

impl<'a> From<&'a Result<RoadPiece, Error>> for ChainPieceShape<'a> {
    fn from(built: &'a Result<RoadPiece, Error>) -> ChainPieceShape<'a> {
        ChainPieceShape {
            piece: built.as_ref().ok(),
            error: built.as_ref().err().map(Error::to_string),
        }
    }
}

/// A [`NetworkPiece`] as data: `{ id, a, b, piece, error, transition }`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "NetworkPiece"))]
pub struct NetworkPieceShape<'a> {
    /// The piece's id.
    pub id: PieceId,
    /// The profile it starts at.
    pub a: ProfileId,
    /// The profile it ends at.
    pub b: ProfileId,
    /// The piece, or null.
    pub piece: Option<&'a RoadPiece>,
    /// Why there is no piece (the error's message), or null.
    pub error: Option<String>,
    /// The length of its transition curves (0: the seed's arcs).
    pub transition: f64,
}

impl Serialize for NetworkPiece {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        NetworkPieceShape {
            id: self.id,
            a: self.a,
            b: self.b,
            piece: self.built.as_ref().ok(),
            error: self.built.as_ref().err().map(Error::to_string),
            transition: self.transition,
        }
        .serialize(s)
    }
}

/// A [`NetworkJunction`] as data: `{ id, arms, junction, error }`.
#[derive(Debug, Serialize)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "NetworkJunction")
)]
pub struct NetworkJunctionShape<'a> {
    /// The junction's id.
    pub id: JunctionId,
    /// Its arms' profile ids.
    pub arms: &'a [ProfileId],
    /// The junction, or null.
    pub junction: Option<&'a Junction>,
    /// Why there is no junction (the error's message), or null.
    pub error: Option<String>,
}

impl Serialize for NetworkJunction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        NetworkJunctionShape {
            id: self.id,
            arms: &self.arms,
            junction: self.built.as_ref().ok(),
            error: self.built.as_ref().err().map(Error::to_string),
        }
        .serialize(s)
    }
}

/// A [`Construction`] as data: `{ kind, error, continuation, fillets,
/// semicircle, intermediate, hermite, tangentScale }`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "RoadConstruction")
)]
pub struct ConstructionShape<'a> {
    /// The kind built, or null.
    pub kind: Option<PieceKind>,
    /// Why nothing was built (the error's message), or null.
    pub error: Option<String>,
    /// `a`'s continuation line and `b`'s.
    pub continuation: &'a [Line; 2],
    /// The fillets tried.
    pub fillets: &'a [Fillet],
    /// A U-turn's semicircle, or null.
    pub semicircle: Option<Semicircle>,
    /// An s-curve's intermediate profile, or null.
    pub intermediate: Option<&'a Profile>,
    /// The Hermite spline, sampled (s-curves only).
    pub hermite: &'a [Point],
    /// The Hermite tangents' length as a multiple of `|AB|`.
    pub tangent_scale: f64,
}

impl Serialize for Construction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ConstructionShape {
            kind: self.result.as_ref().ok().copied(),
            error: self.result.as_ref().err().map(Error::to_string),
            continuation: &self.continuation,
            fillets: &self.fillets,
            semicircle: self.semicircle,
            intermediate: self.intermediate.as_ref(),
            hermite: &self.hermite,
            tangent_scale: HERMITE_TANGENT_SCALE,
        }
        .serialize(s)
    }
}
