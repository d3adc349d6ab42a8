//! Surfaces and markings of a road piece: each lane's filled area (bounded by
//! its two edges, which are lines and arcs, and the two profiles' sections)
//! and the markings on the lane edges, chosen by the lanes on either side.
//!
//! | left lane \| right lane                      | marking  |
//! |----------------------------------------------|----------|
//! | outer edge of any lane but a sidewalk        | solid    |
//! | sidewalk \| anything that is not a sidewalk  | kerb     |
//! | sidewalk \| sidewalk, outer edge of sidewalk | none     |
//! | driving/bike \| driving/bike, same kind, same direction | dashed |
//! | driving/bike \| driving/bike, opposite directions | double |
//! | median \| median, shoulder \| shoulder, parking \| parking | none |
//! | any other pair (driving \| bike, driving \| parking, median \| driving, ...) | solid |

use super::connect::{connect_profiles, connect_profiles_with, ConnectOptions};
use super::{Direction, Lane, LaneKind, Profile, RoadPiece};
use crate::error::Error;
use crate::geom::{Line, Path, Segment};

/// Width of a painted line.
pub const LINE_WIDTH: f64 = 0.15;
/// Distance between the two lines of a double line (centre to centre).
pub const DOUBLE_GAP: f64 = 0.3;
/// Dash and gap lengths of a dashed line.
pub const DASH: [f64; 2] = [3.0, 6.0];
/// Width of a kerb.
pub const KERB_WIDTH: f64 = 0.3;

/// How a lane edge is marked. As data: `"solid"`, `"dashed"`, `"double"`,
/// `"kerb"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum MarkingStyle {
    /// One solid line.
    Solid,
    /// One dashed line ([`DASH`]).
    Dashed,
    /// Two solid lines [`DOUBLE_GAP`] apart (between opposite directions).
    Double,
    /// A kerb (beside a sidewalk).
    Kerb,
}

impl MarkingStyle {
    /// The name in data and in the JS API (`"solid"`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MarkingStyle::Solid => "solid",
            MarkingStyle::Dashed => "dashed",
            MarkingStyle::Double => "double",
            MarkingStyle::Kerb => "kerb",
        }
    }
}

/// The marking on one lane edge. As data: `{ edge, style, paths, width,
/// dash }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Marking {
    /// Which lane edge (0 = the leftmost edge).
    pub edge: usize,
    /// How it is marked.
    pub style: MarkingStyle,
    /// The exact lines to stroke: the edge, or for a double line its two
    /// offsets.
    pub paths: Vec<Path>,
    /// The stroke width.
    pub width: f64,
    /// The dash and gap lengths of a dashed line (null otherwise).
    pub dash: Option<[f64; 2]>,
}

/// The filled area of lane `lane`: its left edge from `a` to `b`, across `b`,
/// its right edge back, across `a`. A closed outline of lines and arcs. As
/// data: `{ lane, kind, direction, outline }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct LaneArea {
    /// Which lane (0 = the leftmost).
    pub lane: usize,
    /// The lane's kind.
    pub kind: LaneKind,
    /// Which way its traffic runs.
    pub direction: Direction,
    /// The closed outline.
    pub outline: Path,
}

/// A piece with its lane areas and markings. As data: `{ piece, lanes,
/// markings }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RoadMarkings {
    /// The piece.
    pub piece: RoadPiece,
    /// Every lane's filled area, left to right.
    pub lanes: Vec<LaneArea>,
    /// The marked lane edges, left to right.
    pub markings: Vec<Marking>,
}

impl RoadMarkings {
    /// The lane areas and markings of `piece`, built from profile `a` (to
    /// any profile with the same lanes).
    #[must_use]
    pub fn of(piece: RoadPiece, a: &Profile) -> RoadMarkings {
        RoadMarkings {
            lanes: lane_areas(&piece, a),
            markings: markings(&piece, &a.lanes),
            piece,
        }
    }
}

/// The piece from `a` to `b` with its lane areas and markings.
///
/// # Errors
/// As [`connect_profiles`].
///
/// # Examples
/// ```
/// use arcline::road::markings::{road_markings, MarkingStyle};
/// use arcline::road::{Direction, Lane, LaneKind, Profile};
/// let lanes = vec![
///     Lane::new(LaneKind::Driving, 3.0).with_direction(Direction::Backward),
///     Lane::new(LaneKind::Driving, 3.0),
/// ];
/// let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
/// let b = Profile { x: 50.0, y: 0.0, heading: 0.0, lanes };
/// let m = road_markings(&a, &b).unwrap();
/// let styles: Vec<MarkingStyle> = m.markings.iter().map(|k| k.style).collect();
/// assert_eq!(styles, [MarkingStyle::Solid, MarkingStyle::Double, MarkingStyle::Solid]);
/// ```
pub fn road_markings(a: &Profile, b: &Profile) -> Result<RoadMarkings, Error> {
    Ok(RoadMarkings::of(connect_profiles(a, b)?, a))
}

/// [`road_markings`] of the piece [`connect_profiles_with`] builds (with
/// transition curves).
///
/// # Errors
/// As [`connect_profiles_with`].
pub fn road_markings_with(
    a: &Profile,
    b: &Profile,
    options: &ConnectOptions,
) -> Result<RoadMarkings, Error> {
    Ok(RoadMarkings::of(connect_profiles_with(a, b, options)?, a))
}

/// The marking style between `left` and `right` (`None` = the outer side),
/// or `None` for no marking (see the table in the module docs).
#[must_use]
pub fn edge_style(left: Option<&Lane>, right: Option<&Lane>) -> Option<MarkingStyle> {
    use LaneKind::*;
    match (left, right) {
        (None, None) => None,
        (Some(l), None) | (None, Some(l)) => (l.kind != Sidewalk).then_some(MarkingStyle::Solid),
        (Some(l), Some(r)) => {
            if (l.kind == Sidewalk) != (r.kind == Sidewalk) {
                return Some(MarkingStyle::Kerb);
            }
            if l.kind.carries_traffic() && r.kind.carries_traffic() {
                if l.direction != r.direction {
                    return Some(MarkingStyle::Double);
                }
                if l.kind == r.kind {
                    return Some(MarkingStyle::Dashed);
                }
                return Some(MarkingStyle::Solid);
            }
            if l.kind == r.kind {
                return None;
            }
            Some(MarkingStyle::Solid)
        }
    }
}

/// The markings of a piece whose profiles have `lanes`.
#[must_use]
pub fn markings(piece: &RoadPiece, lanes: &[Lane]) -> Vec<Marking> {
    let mut out = Vec::new();
    for (edge, boundary) in piece.boundaries.iter().enumerate() {
        let left = edge.checked_sub(1).and_then(|i| lanes.get(i));
        let right = lanes.get(edge);
        let Some(style) = edge_style(left, right) else {
            continue;
        };
        let (paths, width, dash) = match style {
            MarkingStyle::Solid => (vec![boundary.clone()], LINE_WIDTH, None),
            MarkingStyle::Dashed => (vec![boundary.clone()], LINE_WIDTH, Some(DASH)),
            MarkingStyle::Kerb => (vec![boundary.clone()], KERB_WIDTH, None),
            MarkingStyle::Double => {
                let h = DOUBLE_GAP / 2.0;
                let both: Vec<Path> = [h, -h]
                    .iter()
                    .filter_map(|&d| boundary.offset(d).ok())
                    .collect();
                let paths = if both.len() == 2 {
                    both
                } else {
                    vec![boundary.clone()]
                };
                (paths, LINE_WIDTH, None)
            }
        };
        out.push(Marking {
            edge,
            style,
            paths,
            width,
            dash,
        });
    }
    out
}

/// The filled area of every lane of a piece from profile `a`.
#[must_use]
pub fn lane_areas(piece: &RoadPiece, a: &Profile) -> Vec<LaneArea> {
    let mut out = Vec::with_capacity(a.lanes.len());
    for (i, lane) in a.lanes.iter().enumerate() {
        let (Some(left), Some(right)) = (piece.boundaries.get(i), piece.boundaries.get(i + 1))
        else {
            continue;
        };
        let mut segs: Vec<Segment> = left.segments().to_vec();
        segs.push(Segment::Line(Line::new(
            left.end_pose().position(),
            right.end_pose().position(),
        )));
        segs.extend(right.reversed().into_segments());
        segs.push(Segment::Line(Line::new(
            right.start_pose().position(),
            left.start_pose().position(),
        )));
        if let Ok(outline) = Path::new(segs) {
            out.push(LaneArea {
                lane: i,
                kind: lane.kind,
                direction: lane.direction,
                outline,
            });
        }
    }
    out
}
