//! `RoadPiece`: the physical road between two profiles (a node of the road
//! graph): its kind, its centreline, its lane edges and any intermediate profile.

use super::Profile;
use crate::Path;

/// Which construction joined the two profiles (see the table in the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// The name in the JS API: `"straight"`, `"arc-line"`, `"line-arc"`, `"s-curve"`, `"u-turn"`.
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
/// boundaries are parallel to the centreline (concentric arcs, parallel lines).
#[derive(Debug, Clone, PartialEq)]
pub struct RoadPiece {
    pub kind: PieceKind,
    /// The path of the profiles' middles, from `a` to `b`.
    pub centerline: Path,
    /// `lanes.len() + 1` lane edges, left to right, each from `a`'s edge point to `b`'s.
    pub boundaries: Vec<Path>,
    /// The profile inserted for an s-curve, else empty.
    pub intermediate: Vec<Profile>,
}
