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

use super::{Lane, LaneKind, Profile, RoadPiece};
use crate::{Line, Path, Segment};

/// Width of a painted line.
pub const LINE_WIDTH: f64 = 0.15;
/// Distance between the two lines of a double line (centre to centre).
pub const DOUBLE_GAP: f64 = 0.3;
/// Dash and gap lengths of a dashed line.
pub const DASH: [f64; 2] = [3.0, 6.0];
/// Width of a kerb.
pub const KERB_WIDTH: f64 = 0.3;

/// How a lane edge is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkingStyle {
    Solid,
    Dashed,
    Double,
    Kerb,
}

impl MarkingStyle {
    pub fn name(self) -> &'static str {
        match self {
            MarkingStyle::Solid => "solid",
            MarkingStyle::Dashed => "dashed",
            MarkingStyle::Double => "double",
            MarkingStyle::Kerb => "kerb",
        }
    }
}

/// The marking on lane edge `edge` (0 = the leftmost edge). `paths` are the
/// exact lines to stroke (two for a double line, offsets of the edge), `width`
/// the stroke width, `dash` the dash and gap lengths of a dashed line.
#[derive(Debug, Clone, PartialEq)]
pub struct Marking {
    pub edge: usize,
    pub style: MarkingStyle,
    pub paths: Vec<Path>,
    pub width: f64,
    pub dash: Option<[f64; 2]>,
}

/// The filled area of lane `lane`: its left edge from `a` to `b`, across `b`,
/// its right edge back, across `a`. A closed outline of lines and arcs.
#[derive(Debug, Clone, PartialEq)]
pub struct LaneArea {
    pub lane: usize,
    pub info: Lane,
    pub outline: Path,
}

/// The marking style between `left` and `right` (`None` = the outer side),
/// or `None` for no marking (see the table in the module docs).
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

/// The filled area of every lane of a piece between profiles `a` and `b`.
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
                info: *lane,
                outline,
            });
        }
    }
    out
}
