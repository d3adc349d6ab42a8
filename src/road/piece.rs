//! `RoadPiece`: the physical road between two profiles (a node of the road
//! graph): its kind, its centreline, its lane edges and any intermediate profile.

use super::Profile;
use crate::geom::Path;

/// Which construction joined the two profiles (see the case table in the
/// [module docs](super)). As data: `"straight"`, `"arc-line"`, `"line-arc"`,
/// `"s-curve"`, `"u-turn"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum PieceKind {
    /// Collinear profiles, the same heading, `b` ahead of `a`: one line.
    Straight,
    /// Two-line fillet whose leg at `a` is the shorter (or equal) one: arc, then line.
    ArcLine,
    /// Two-line fillet whose leg at `b` is the shorter one: line, then arc.
    LineArc,
    /// Two fillets through an intermediate profile placed by a Hermite spline.
    SCurve,
    /// Opposite headings: a semicircle and a line (in the order that fits).
    UTurn,
}

impl PieceKind {
    /// The name in data and in the JS API: `"straight"`, `"arc-line"`,
    /// `"line-arc"`, `"s-curve"`, `"u-turn"`.
    ///
    /// # Examples
    /// ```
    /// use arcline::road::PieceKind;
    /// assert_eq!(PieceKind::SCurve.name(), "s-curve");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Straight => "straight",
            PieceKind::ArcLine => "arc-line",
            PieceKind::LineArc => "line-arc",
            PieceKind::SCurve => "s-curve",
            PieceKind::UTurn => "u-turn",
        }
    }
}

/// A built road piece. Every path is made of lines and arcs joined G1; the
/// boundaries are parallel to the centreline (concentric arcs, parallel
/// lines). As data: `{ kind, centerline, boundaries, intermediate }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RoadPiece {
    /// Which construction joined the profiles.
    pub kind: PieceKind,
    /// The path of the profiles' middles, from `a` to `b`.
    pub centerline: Path,
    /// `lanes.len() + 1` lane edges, left to right, each from `a`'s edge point to `b`'s.
    pub boundaries: Vec<Path>,
    /// The profile inserted for an s-curve, else empty.
    pub intermediate: Vec<Profile>,
}
