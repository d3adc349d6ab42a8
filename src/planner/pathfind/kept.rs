//! The tangent graph of the last plan around obstacles, kept (by an
//! [`AroundPlanner`](super::AroundPlanner)) for the next one: a diagram plans again on every move of a
//! dragged obstacle, and the tangents between the circles that did not
//! move are the same, their lines mostly blocked or clear as before.
//!
//! The next plan keeps the graph when the turning radius, the clearance,
//! the tolerance, the number of obstacles (and of each polygon's corners)
//! and the guide circles' kinds are the same, and at most [`MOST_MOVED`]
//! obstacles moved; it drops every tangent to or from a guide circle that
//! moved (the start's and goal's included) and checks the kept lines
//! against the obstacles that moved ([`Graph::rebase`]). The plan is the
//! same as without the kept graph: the same tangents, worked out by the
//! same arithmetic from the same numbers, and the same verdicts on their
//! lines (a line clear before is clear now unless an obstacle that moved
//! blocks it where it is now; one blocked by an obstacle that did not move
//! still is).

use super::collision::Collider;
use super::obstacles::Circle;
use super::search::{Changes, Graph};
use super::tangent_graph::Guide;
use super::Goal;
use crate::Point;

/// The most obstacles that may have moved for the graph to be kept (with
/// more, a new graph costs about as much).
const MOST_MOVED: usize = 8;

/// What a graph was built for.
pub(crate) struct Inputs {
    pub r: f64,
    pub clearance: f64,
    pub tol: f64,
    pub goal: Goal,
    pub guides: Vec<Guide>,
    pub circles: Vec<Circle>,
    pub polygons: Vec<Vec<Point>>,
}

/// The last untraced plan's graph and what it was built for, if any.
#[derive(Default)]
pub(crate) struct Kept(Option<(Inputs, Graph)>);

impl Kept {
    /// Nothing kept.
    pub(crate) const fn new() -> Kept {
        Kept(None)
    }

    /// The graph for a plan of `now`, checked against `collider` (`now`'s
    /// obstacles): the last plan's, rebased, when it can be kept; a new one
    /// otherwise. Nothing is kept after it.
    pub(crate) fn take(&mut self, now: &Inputs, collider: &Collider) -> Graph {
        match self.0.take() {
            Some((before, graph)) => rebased(before, graph, now, collider),
            None => Graph::new(now.guides.len()),
        }
    }

    /// Keeps `graph`, built for `now`, for the next plan.
    pub(crate) fn keep(&mut self, now: Inputs, graph: Graph) {
        self.0 = Some((now, graph));
    }
}

fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

fn same_point(a: Point, b: Point) -> bool {
    same(a.x, b.x) && same(a.y, b.y)
}

fn same_goal(a: Goal, b: Goal) -> bool {
    match (a, b) {
        (Goal::Pose(p), Goal::Pose(q)) => {
            same(p.x, q.x) && same(p.y, q.y) && same(p.heading, q.heading)
        }
        (Goal::Point(p), Goal::Point(q)) => same_point(p, q),
        _ => false,
    }
}

/// `graph`, built for `before`, rebased for a plan of `now` (checked
/// against `collider`, `now`'s obstacles) when it can be kept; a new one
/// otherwise.
fn rebased(before: Inputs, graph: Graph, now: &Inputs, collider: &Collider) -> Graph {
    let fresh = || Graph::new(now.guides.len());
    let comparable = same(before.r, now.r)
        && same(before.clearance, now.clearance)
        && same(before.tol, now.tol)
        && before.guides.len() == now.guides.len()
        && before.circles.len() == now.circles.len()
        && before.polygons.len() == now.polygons.len()
        && before
            .polygons
            .iter()
            .zip(&now.polygons)
            .all(|(a, b)| a.len() == b.len())
        && before
            .guides
            .iter()
            .zip(&now.guides)
            .all(|(a, b)| a.kind == b.kind);
    if !comparable {
        return fresh();
    }
    let mut moved: Vec<u32> = Vec::new();
    for (i, (a, b)) in before.circles.iter().zip(&now.circles).enumerate() {
        if !(same(a.x, b.x) && same(a.y, b.y) && same(a.radius, b.radius)) {
            moved.push(i as u32);
        }
    }
    let disks = now.circles.len() as u32;
    for (j, (a, b)) in before.polygons.iter().zip(&now.polygons).enumerate() {
        if !a.iter().zip(b).all(|(p, q)| same_point(*p, *q)) {
            moved.push(disks + j as u32);
        }
    }
    if moved.len() > MOST_MOVED {
        return fresh();
    }
    let guides: Vec<bool> = before
        .guides
        .iter()
        .zip(&now.guides)
        .map(|(a, b)| !(same_point(a.center, b.center) && same(a.radius, b.radius)))
        .collect();
    let changes = Changes {
        guides: &guides,
        obstacles: &moved,
        goal: !same_goal(before.goal, now.goal),
    };
    graph.rebase(&changes, collider, &now.guides)
}
