//! The serialized forms of the turn-then-go construction (the `serde`
//! feature): a side's exit or the reason it has none side by side, both
//! sides with the shorter one named; with a sharpness, the CC construction
//! beside them (`cc`).

use super::cc_turn_sides::{CcTurnExit, CcTurnSide, CcTurnSides, CcUnreachable};
use super::turn::{Side, TurnExit, TurnSide, TurnSides, Unreachable};
use crate::{Path, Point};
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
    /// With a sharpness: the continuous-curvature construction (absent
    /// without one).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub cc: Option<CcTurnSidesShape<'a>>,
}

impl<'a> TurnSidesShape<'a> {
    /// Both sides of the seed's construction, and the CC one when given.
    #[must_use]
    pub fn new(sides: &'a TurnSides, cc: Option<&'a CcTurnSides>) -> TurnSidesShape<'a> {
        TurnSidesShape {
            right: (&sides.right).into(),
            left: (&sides.left).into(),
            best: sides.best().map(|b| b.side),
            cc: cc.map(CcTurnSidesShape::from),
        }
    }
}

/// A [`CcTurnSide`] as data: `{ side, ccCenter, ccRadius, mu, innerRadius,
/// h, exit, unreachable, path }`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "CcTurnSide"))]
pub struct CcTurnSideShape<'a> {
    /// Which way this side turns.
    pub side: Side,
    /// `Ω`, the centre of the turn's arc and of the CC circle.
    pub cc_center: Point,
    /// `r_Ω`, the CC circle's radius.
    pub cc_radius: f64,
    /// `μ`, between the heading and the CC circle's tangent at the exit.
    pub mu: f64,
    /// `r_Ω cos μ`, the circle every exit line touches.
    pub inner_radius: f64,
    /// `h = |target − Ω|`.
    pub h: f64,
    /// The tangent point, the exit, the angles, `δ`, `d`; null when the
    /// construction does not hold.
    pub exit: Option<&'a CcTurnExit>,
    /// Why the construction does not hold; null when it does.
    pub unreachable: Option<CcUnreachable>,
    /// The side's path as `planTurn` with the sharpness builds it; null
    /// when no turn to this side faces the target.
    pub path: Option<&'a Path>,
}

/// [`CcTurnSides`] as data: `{ deltaMin, right, left, best }`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "CcTurnSides"))]
pub struct CcTurnSidesShape<'a> {
    /// `δ_min = κ²/σ`, the least deflection of a turn with an arc.
    pub delta_min: f64,
    /// The clockwise turn.
    pub right: CcTurnSideShape<'a>,
    /// The counter-clockwise turn.
    pub left: CcTurnSideShape<'a>,
    /// The side `planTurn` with the sharpness takes, or null.
    pub best: Option<Side>,
}

impl<'a> From<&'a CcTurnSide> for CcTurnSideShape<'a> {
    fn from(s: &'a CcTurnSide) -> CcTurnSideShape<'a> {
        CcTurnSideShape {
            side: s.side,
            cc_center: s.cc_center,
            cc_radius: s.cc_radius,
            mu: s.mu,
            inner_radius: s.inner_radius,
            h: s.h,
            exit: s.exit.as_ref().ok(),
            unreachable: s.exit.as_ref().err().copied(),
            path: s.path.as_ref(),
        }
    }
}

impl<'a> From<&'a CcTurnSides> for CcTurnSidesShape<'a> {
    fn from(s: &'a CcTurnSides) -> CcTurnSidesShape<'a> {
        CcTurnSidesShape {
            delta_min: s.delta_min,
            right: (&s.right).into(),
            left: (&s.left).into(),
            best: s.best().map(|b| b.side),
        }
    }
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
        TurnSidesShape::new(self, None).serialize(s)
    }
}

impl Serialize for CcTurnSides {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CcTurnSidesShape::from(self).serialize(s)
    }
}
