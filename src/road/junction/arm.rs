//! One arm as a junction sees it: the pose of its mouth (the profile), its
//! lane edges and lane centres there, which driving lanes enter the
//! junction and which leave it, ranked from the kerb, and the edges of its
//! carriageway.

use crate::geom::{normalize_angle, Point, Pose, Vec2};
use crate::road::{Direction, LaneKind, Profile};
use core::f64::consts::PI;

/// An arm's mouth and lanes, computed once per junction.
#[derive(Debug, Clone)]
pub(crate) struct Arm {
    /// The arm's index among the arms as given.
    pub(crate) index: usize,
    /// The mouth's middle, heading into the junction (a heading beyond ±8
    /// reduced to `(-π, π]`, as road pieces do).
    pub(crate) pose: Pose,
    /// The unit vector of the heading and the one to its left.
    pub(crate) dir: Vec2,
    pub(crate) left: Vec2,
    /// The signed offsets of the lane edges, left to right.
    pub(crate) offsets: Vec<f64>,
    /// Forward driving lanes (they enter the junction), the rightmost first.
    pub(crate) entering: Vec<usize>,
    /// Backward driving lanes (they leave it), the rightmost first as the
    /// driver leaving sees them (the lowest index first).
    pub(crate) leaving: Vec<usize>,
    /// The edges that bound the carriageway: the outer edges of the
    /// outermost lanes that are not sidewalks (the outer edges of the whole
    /// profile when every lane is a sidewalk).
    pub(crate) kerb_edges: (usize, usize),
}

impl Arm {
    /// The arm of `profile` (checked), the `index`-th as given.
    pub(crate) fn new(index: usize, profile: &Profile) -> Arm {
        let heading = if profile.heading.abs() <= 8.0 {
            profile.heading
        } else {
            normalize_angle(profile.heading)
        };
        let pose = Pose::new(profile.x, profile.y, heading);
        let dir = pose.direction();
        let driving = |d: Direction| {
            profile
                .lanes
                .iter()
                .enumerate()
                .filter(move |(_, l)| l.kind == LaneKind::Driving && l.direction == d)
                .map(|(i, _)| i)
        };
        let mut entering: Vec<usize> = driving(Direction::Forward).collect();
        entering.reverse();
        let leaving: Vec<usize> = driving(Direction::Backward).collect();
        let not_sidewalk = |l: &&crate::road::Lane| l.kind != LaneKind::Sidewalk;
        let n = profile.lanes.len();
        let first = profile.lanes.iter().position(|l| not_sidewalk(&l));
        let last = profile.lanes.iter().rposition(|l| not_sidewalk(&l));
        let kerb_edges = match (first, last) {
            (Some(f), Some(l)) => (f, l + 1),
            _ => (0, n),
        };
        Arm {
            index,
            pose,
            dir,
            left: dir.perp(),
            offsets: profile.edge_offsets(),
            entering,
            leaving,
            kerb_edges,
        }
    }

    /// The point of lane edge `edge` on the mouth.
    pub(crate) fn edge_point(&self, edge: usize) -> Point {
        self.pose.position() + self.left * self.offsets[edge]
    }

    /// The middle of lane `lane` on the mouth.
    pub(crate) fn lane_centre(&self, lane: usize) -> Point {
        let o = (self.offsets[lane] + self.offsets[lane + 1]) * 0.5;
        self.pose.position() + self.left * o
    }

    /// The pose a vehicle in lane `lane` enters the junction with.
    pub(crate) fn entering_pose(&self, lane: usize) -> Pose {
        Pose::at(self.lane_centre(lane), self.pose.heading)
    }

    /// The pose a vehicle leaves the junction with along lane `lane`.
    pub(crate) fn leaving_pose(&self, lane: usize) -> Pose {
        Pose::at(self.lane_centre(lane), self.pose.heading + PI)
    }

    /// The outermost edge on the arm's left (facing into the junction) and
    /// on its right, of the whole profile (`kerb = false`) or of the
    /// carriageway.
    pub(crate) fn sides(&self, kerb: bool) -> (usize, usize) {
        if kerb {
            self.kerb_edges
        } else {
            (0, self.offsets.len() - 1)
        }
    }
}
