//! The serialized forms of the turn-then-go construction (the `serde`
//! feature): a side's exit or the reason it has none side by side, both
//! sides with the shorter one named.

use super::turn::{Side, TurnExit, TurnSide, TurnSides, Unreachable};
use crate::Point;
use serde::Serialize;

/// A [`TurnSide`] as data: `{ side, center, h, exit, unreachable }`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "TurnSide"))]
pub struct TurnSideShape<'a> {
    /// Which way this side turns.
    pub side: Side,
    /// `P`, the turning circle's centre.
    pub center: Point,
    /// `h = |target − P|`.
    pub h: f64,
    /// `Q`, the angles and the path; null when unreachable.
    pub exit: Option<&'a TurnExit>,
    /// Why there is no exit; null when reachable.
    pub unreachable: Option<Unreachable>,
}

/// [`TurnSides`] as data: `{ right, left, best }`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "TurnSides"))]
pub struct TurnSidesShape<'a> {
    /// The clockwise turn.
    pub right: TurnSideShape<'a>,
    /// The counter-clockwise turn.
    pub left: TurnSideShape<'a>,
    /// The shorter reachable side, or null when neither reaches.
    pub best: Option<Side>,
}

impl<'a> From<&'a TurnSide> for TurnSideShape<'a> {
    fn from(s: &'a TurnSide) -> TurnSideShape<'a> {
        TurnSideShape {
            side: s.side,
            center: s.center,
            h: s.h,
            exit: s.exit.as_ref().ok(),
            unreachable: s.exit.as_ref().err().copied(),
        }
    }
}

impl Serialize for TurnSide {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TurnSideShape::from(self).serialize(s)
    }
}

impl Serialize for TurnSides {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TurnSidesShape {
            right: (&self.right).into(),
            left: (&self.left).into(),
            best: self.best().map(|b| b.side),
        }
        .serialize(s)
    }
}
