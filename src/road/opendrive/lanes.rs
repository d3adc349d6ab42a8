//! A profile's lanes in OpenDRIVE terms: where the lane reference line is
//! (which lane edge, so which lanes are left and right of it), each lane's
//! id, type, direction and road mark, and the `<lanes>` element of a road
//! with constant-width lanes.

use super::xml::{Value, Xml};
use crate::road::markings::{edge_style, MarkingStyle};
use crate::road::{Direction, Lane, LaneKind, Profile};

/// Where a profile's lanes sit about OpenDRIVE's lane reference line: lanes
/// `0..split` are on its left (ids `split` down to 1, counted outwards
/// from 1), lanes `split..` on its right (ids -1, -2, ...).
///
/// Right-hand traffic: a right lane is driven along the road, a left one
/// against it. The reference line is the lane edge that leaves the fewest
/// traffic lanes (driving, bike) on the wrong side (forward ones on the
/// left, backward ones on the right), of those the one nearest the
/// profile's middle, then the leftmost; a lane still on the wrong side is
/// written `direction="reversed"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LaneLayout {
    pub(crate) split: usize,
}

fn carries_traffic(l: &Lane) -> bool {
    l.kind.carries_traffic()
}

impl LaneLayout {
    /// The layout of `profile`'s lanes.
    pub(crate) fn of(profile: &Profile) -> LaneLayout {
        let offsets = profile.edge_offsets();
        // With the reference line at edge k, the traffic lanes on the wrong
        // side are the forward ones before k and the backward ones from k.
        let mut wrong = profile
            .lanes
            .iter()
            .filter(|l| carries_traffic(l) && !l.direction.is_forward())
            .count();
        let (mut split, mut best) = (0, (wrong, offsets[0].abs()));
        for (k, lane) in profile.lanes.iter().enumerate() {
            if carries_traffic(lane) {
                if lane.direction.is_forward() {
                    wrong += 1;
                } else {
                    wrong -= 1;
                }
            }
            let here = (wrong, offsets[k + 1].abs());
            if here.0 < best.0 || (here.0 == best.0 && here.1 < best.1) {
                (split, best) = (k + 1, here);
            }
        }
        LaneLayout { split }
    }

    /// The OpenDRIVE id of lane `lane`.
    pub(crate) fn id(self, lane: usize) -> i64 {
        if lane < self.split {
            (self.split - lane) as i64
        } else {
            -((lane - self.split + 1) as i64)
        }
    }

    /// Whether lane `lane` carries traffic against its side's direction.
    fn reversed(self, lane: &Lane, index: usize) -> bool {
        carries_traffic(lane) && (index < self.split) == (lane.direction == Direction::Forward)
    }
}

/// OpenDRIVE's lane type for a kind.
fn lane_type(kind: LaneKind) -> &'static str {
    match kind {
        LaneKind::Driving => "driving",
        LaneKind::Bike => "biking",
        LaneKind::Sidewalk => "sidewalk",
        LaneKind::Median => "median",
        LaneKind::Shoulder => "shoulder",
        LaneKind::Parking => "parking",
    }
}

/// The `<roadMark>` of lane edge `edge` (marked as the road diagram marks it).
fn road_mark(x: &mut Xml, lanes: &[Lane], edge: usize) {
    let left = edge.checked_sub(1).and_then(|i| lanes.get(i));
    let (kind, color, width) = match edge_style(left, lanes.get(edge)) {
        None => ("none", "standard", 0.0),
        Some(MarkingStyle::Solid) => ("solid", "white", 0.15),
        Some(MarkingStyle::Dashed) => ("broken", "white", 0.15),
        Some(MarkingStyle::Double) => ("solid solid", "yellow", 0.15),
        Some(MarkingStyle::Kerb) => ("curb", "standard", 0.3),
    };
    x.empty(
        "roadMark",
        &[
            ("sOffset", Value::Int(0)),
            ("type", Value::Text(kind)),
            ("color", Value::Text(color)),
            ("width", Value::Real(width)),
        ],
    );
}

/// A `<width>` of `a + b·s`.
pub(crate) fn width(x: &mut Xml, a: f64, b: f64) {
    x.empty(
        "width",
        &[
            ("sOffset", Value::Int(0)),
            ("a", Value::Real(a)),
            ("b", Value::Real(b)),
            ("c", Value::Int(0)),
            ("d", Value::Int(0)),
        ],
    );
}

/// A `<laneOffset>` of `a + b·s`.
pub(crate) fn lane_offset(x: &mut Xml, a: f64, b: f64) {
    x.empty(
        "laneOffset",
        &[
            ("s", Value::Int(0)),
            ("a", Value::Real(a)),
            ("b", Value::Real(b)),
            ("c", Value::Int(0)),
            ("d", Value::Int(0)),
        ],
    );
}

/// A lane's `<link>`: its predecessor's and successor's lane ids, each if any.
pub(crate) fn lane_link(x: &mut Xml, predecessor: Option<i64>, successor: Option<i64>) {
    if predecessor.is_none() && successor.is_none() {
        return;
    }
    x.start("link", &[]);
    if let Some(id) = predecessor {
        x.empty("predecessor", &[("id", Value::Int(id))]);
    }
    if let Some(id) = successor {
        x.empty("successor", &[("id", Value::Int(id))]);
    }
    x.end();
}

/// The `<lanes>` of a road whose cross-section is `profile` all along:
/// the lane offset of the reference line, one lane section of
/// constant-width lanes; lanes are linked to the same lanes of the road
/// before (`linked.0`) and after (`linked.1`) when there is one.
pub(crate) fn lanes(x: &mut Xml, profile: &Profile, linked: (bool, bool)) {
    let layout = LaneLayout::of(profile);
    let offsets = profile.edge_offsets();
    x.start("lanes", &[]);
    let offset = offsets[layout.split];
    if offset != 0.0 {
        lane_offset(x, offset, 0.0);
    }
    x.start("laneSection", &[("s", Value::Int(0))]);
    let n = profile.lanes.len();
    let side = |x: &mut Xml, name: &'static str, range: core::ops::Range<usize>| {
        if range.is_empty() {
            return;
        }
        x.start(name, &[]);
        for i in range {
            let lane = &profile.lanes[i];
            let id = layout.id(i);
            let mut attrs = vec![
                ("id", Value::Int(id)),
                ("type", Value::Text(lane_type(lane.kind))),
                ("level", Value::Text("false")),
            ];
            if layout.reversed(lane, i) {
                attrs.push(("direction", Value::Text("reversed")));
            }
            x.start("lane", &attrs);
            lane_link(x, linked.0.then_some(id), linked.1.then_some(id));
            width(x, lane.width, 0.0);
            // A left lane's outer border is its left edge; a right lane's its right edge.
            road_mark(x, &profile.lanes, if id > 0 { i } else { i + 1 });
            x.end();
        }
        x.end();
    };
    side(x, "left", 0..layout.split);
    x.start("center", &[]);
    x.start(
        "lane",
        &[
            ("id", Value::Int(0)),
            ("type", Value::Text("none")),
            ("level", Value::Text("false")),
        ],
    );
    road_mark(x, &profile.lanes, layout.split);
    x.end();
    x.end();
    side(x, "right", layout.split..n);
    x.end();
    x.end();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::road::{Direction, Lane, LaneKind};

    fn profile(lanes: Vec<Lane>) -> Profile {
        Profile {
            x: 0.0,
            y: 0.0,
            heading: 0.0,
            lanes,
        }
    }

    #[test]
    fn the_reference_line_is_between_the_directions_nearest_the_middle() {
        let back = Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward);
        let fwd = Lane::new(LaneKind::Driving, 3.5);
        let walk = Lane::new(LaneKind::Sidewalk, 2.0);
        // sidewalk | back | back | fwd | sidewalk: after the second backward lane.
        let p = profile(vec![walk, back, back, fwd, walk]);
        let l = LaneLayout::of(&p);
        assert_eq!(l.split, 3);
        assert_eq!(
            (0..5).map(|i| l.id(i)).collect::<Vec<_>>(),
            [3, 2, 1, -1, -2]
        );
        // All forward: every lane on the right, the reference line on the
        // left edge (a lane offset of half the width).
        let p = profile(vec![fwd, fwd, fwd]);
        let l = LaneLayout::of(&p);
        assert_eq!(l.split, 0);
        // Sidewalks only: the edge nearest the middle; of two as near, the leftmost.
        let p = profile(vec![walk, walk]);
        assert_eq!(LaneLayout::of(&p).split, 1);
        let p = profile(vec![walk, walk, walk]);
        assert_eq!(LaneLayout::of(&p).split, 1);
    }
}
