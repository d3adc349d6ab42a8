//! A* over the tangent graph, built while it is searched.
//!
//! A node is a tangent line between two guide circles (each with its
//! turning direction), standing for the place where it arrives; its cost
//! is the length of the best path found to there. Expanding a node turns
//! along the circle it arrived on and leaves by every tangent to every
//! other guide circle (and to the goal); the arc is checked when the edge
//! is made (in closed form: how far the circle is free from the arrival
//! point, `free_turn`), the line when the node is taken from the queue
//! (lazily: most lines are never looked at), once per plan, since every
//! path to the node ends with the same line.
//!
//! The graph is kept between the bounded runs of a plan ([`search`]), and
//! from one plan to the next ([`Graph::rebase`]): a tangent is worked out
//! once (its length, the angle it leaves and arrives at, the distance from
//! its end to the goal), a line checked once, a free turn computed once per
//! arrival; a run that comes back to a circle reads them. Turns along a
//! circle are differences of those angles (no trigonometry per edge). An
//! arrival that an earlier one on the same circle reaches along it at no
//! more cost is not expanded ([`Search::dominated`]).
//!
//! The heuristic is the length of the shortest path to the goal ignoring
//! the obstacles: the Dubins length for a goal pose (computed when a node
//! is first taken from the queue, the straight-line distance until then),
//! the straight-line distance for a goal point. Both are lower bounds of
//! every path, so the first path taken from the queue is the shortest of
//! the graph.

use super::collision::Collider;
use super::problem::{cd_of, sign, Cd, Problem, POINT};
use super::queue::Queued;
use super::reach::{self, Reach};
use super::tangent_graph::{
    angle, free_turn, sweep_between, tangent, Guide, GuideKind, NearCache, Sector, LEFT, RIGHT,
};
use super::{Goal, NoPath, SearchTrace, TracedEdge};
use crate::{Arc, Line, Path, Point, Pose, Segment, Vec2};
use core::f64::consts::{FRAC_PI_2, TAU};
use std::collections::BinaryHeap;

/// A node's parent: the node its best path arrived from, or none (for the
/// start nodes, the direct words and a node not reached in this run:
/// [`Parent::ROOT`]). One `u32`, as the node indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parent(u32);

impl Parent {
    /// No parent.
    const ROOT: Parent = Parent(u32::MAX);

    /// Node `id`.
    #[inline]
    fn of(id: u32) -> Parent {
        Parent(id)
    }

    /// The parent node, of one known not to be [`Parent::ROOT`].
    #[inline(always)]
    fn id(self) -> u32 {
        debug_assert!(self != Parent::ROOT);
        self.0
    }
}

/// One entry of a table of the tangents leaving a guide-direction: the
/// tangent's node, or not worked out yet ([`Slot::UNKNOWN`]), or no
/// tangent at all ([`Slot::NO_TANGENT`]: nested or overlapping circles).
/// One `u32`, as the node indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot(u32);

impl Slot {
    /// Not worked out yet.
    const UNKNOWN: Slot = Slot(u32::MAX);
    /// No tangent exists between the two.
    const NO_TANGENT: Slot = Slot(u32::MAX - 1);

    /// Node `id`.
    #[inline]
    fn of(id: u32) -> Slot {
        Slot(id)
    }

    /// The node, if there is one.
    #[inline]
    fn node(self) -> Option<u32> {
        (self != Slot::UNKNOWN && self != Slot::NO_TANGENT).then_some(self.0)
    }

    /// The node, of a slot known to hold one.
    #[inline(always)]
    fn id(self) -> u32 {
        debug_assert!(self != Slot::UNKNOWN && self != Slot::NO_TANGENT);
        self.0
    }
}

/// The obstacle (by its index in the collider) that blocked a line, when
/// known ([`Blocker::NONE`] else). One `u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Blocker(u32);

impl Blocker {
    /// Not known.
    const NONE: Blocker = Blocker(u32::MAX);

    /// Obstacle `b`.
    #[inline]
    fn of(b: u32) -> Blocker {
        Blocker(b)
    }

    /// The raw value: the obstacle's index, or `u32::MAX` (no obstacle's
    /// index) for [`Blocker::NONE`].
    #[inline(always)]
    fn raw(self) -> u32 {
        self.0
    }
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The start pose, on start circle `cd`.
    Start { cd: Cd },
    /// The tangent from `from` to `to` (a guide circle, or [`POINT`]).
    Tangent { from: Cd, to: Cd },
    /// The arc along goal circle `cd` to the goal pose.
    Final { cd: Cd },
    /// A Dubins path straight from the start to the goal pose.
    Direct(usize),
    /// A node of an earlier plan no table leads to any more.
    Dropped,
}

/// Whether a node's line (or direct word) is clear of the obstacles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    Unknown,
    Clear,
    Blocked,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    kind: Kind,
    /// A tangent's unit normal on its left (the line runs along `n`
    /// turned right); for a start node, the same for the start pose (the
    /// direction from the circle's centre is `−s·n` on a circle turning
    /// `s`, at both ends of a tangent).
    n: Vec2,
    /// The angle of `n`: turns along a circle are differences of these
    /// (for a tangent, NaN until it is first within a run's bound).
    theta: f64,
    /// The tangent's length.
    length: f64,
    /// The straight-line distance from where the tangent arrives to the goal.
    rest: f64,
    /// How far the circle it arrives on is free from there (NaN before it
    /// is worked out).
    free: f64,
    /// The heuristic once refined (NaN before).
    h: f64,
    check: Check,
    /// The obstacle that blocks the line, when known.
    blocker: Blocker,
    // The current run's:
    /// The least cost of the entries queued for it.
    best_g: f64,
    parent: Parent,
    closed: bool,
}

/// A queued path to a node, with its parent.
type Entry = Queued<Parent>;

/// What the search ended with.
pub(crate) enum Outcome {
    Found(Path),
    NotFound(NoPath),
    /// The path found could not be built ([`Search::build`]): a bug.
    Failed(crate::Error),
}

/// How one run of the search bounds its queue.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pass {
    /// No path longer than this is looked for: edges whose lower bound
    /// (from the distances between circle centres and to the goal, no
    /// trigonometry) is longer are not offered, entries longer are not
    /// queued.
    pub upper: f64,
    /// The most nodes to expand (in all runs together).
    pub budget: usize,
}

/// The tangent graph as far as a search has built it: what can be kept
/// for the next plan ([`super::kept`]).
pub(crate) struct Graph {
    nodes: Vec<Node>,
    /// For each guide-direction, the node of the tangent to each
    /// guide-direction (and last, to the goal point): [`Slot::UNKNOWN`] before it
    /// is worked out, [`Slot::NO_TANGENT`] when there is none.
    out: Vec<Option<Box<[Slot]>>>,
    /// For each guide-direction, the obstacle that last blocked a line
    /// leaving or reaching it ([`Blocker::NONE`] before): tested first, since the
    /// lines round one circle are often blocked by the same neighbour.
    blockers: Vec<Blocker>,
}

/// What changed since the plan a [`Graph`] was built for.
pub(crate) struct Changes<'c> {
    /// By guide index: whether the guide circle moved (or is new).
    pub guides: &'c [bool],
    /// The obstacles (disks first, then polygons offset by the number of
    /// disks) that moved.
    pub obstacles: &'c [u32],
    /// Whether the goal moved (the distances to it are worked out again).
    pub goal: bool,
}

impl Graph {
    /// An empty graph for this many guide circles.
    pub(crate) fn new(guides: usize) -> Graph {
        Graph {
            nodes: Vec::with_capacity(1024),
            out: vec![None; 2 * guides],
            blockers: vec![Blocker::NONE; 2 * guides + 1],
        }
    }

    /// The graph for the next plan on the same guide circles, `changes`
    /// apart, checked against `collider` (the next plan's obstacles):
    /// every tangent between two guide circles that did not move is kept,
    /// with its line's verdict when the obstacles that moved do not change
    /// it (a clear line checked against each of them where it is now, a
    /// line blocked by one of them checked again when needed); the rest,
    /// and what depends on the start or the goal, is worked out again.
    pub(crate) fn rebase(
        mut self,
        changes: &Changes,
        collider: &Collider,
        guides: &[Guide],
    ) -> Graph {
        let moved = |cd: Cd| cd == POINT || changes.guides[cd.guide()];
        let mut dropped = 0;
        for n in &mut self.nodes {
            let Kind::Tangent { from, to } = n.kind else {
                // The start's, the goal's and the direct words' are made
                // again; so are the tangents of the guides that moved.
                n.kind = Kind::Dropped;
                dropped += 1;
                continue;
            };
            if moved(from) || moved(to) {
                n.kind = Kind::Dropped;
                dropped += 1;
                continue;
            }
            n.free = f64::NAN;
            if changes.goal {
                n.rest = f64::NAN;
                n.h = f64::NAN;
            }
            match n.check {
                // NONE's raw value is no obstacle's index.
                Check::Blocked if changes.obstacles.contains(&n.blocker.raw()) => {
                    n.check = Check::Unknown;
                    n.blocker = Blocker::NONE;
                }
                Check::Clear => {
                    let l = tangent_line(guides, from, to, n.n, Point::ORIGIN);
                    if let Some(&b) = changes
                        .obstacles
                        .iter()
                        .find(|&&b| !collider.line_clear_of(l.start, l.end, b))
                    {
                        n.check = Check::Blocked;
                        n.blocker = Blocker::of(b);
                    }
                }
                _ => {}
            }
        }
        // The slots of the guide-directions that moved, in every table.
        let moved_cds: Vec<usize> = (0..self.out.len())
            .filter(|&cd| moved(Cd::from_index(cd)))
            .collect();
        for (cd, table) in self.out.iter_mut().enumerate() {
            if moved(Cd::from_index(cd)) {
                *table = None;
            } else if let Some(t) = table {
                for &slot in &moved_cds {
                    t[slot] = Slot::UNKNOWN;
                }
                // The goal point's.
                let last = t.len() - 1;
                t[last] = Slot::UNKNOWN;
            }
        }
        if 2 * dropped > self.nodes.len() {
            self.compact();
        }
        self
    }

    /// Removes the dropped nodes (renumbering the rest in the tables).
    fn compact(&mut self) {
        let mut map = vec![u32::MAX; self.nodes.len()];
        let mut kept = Vec::with_capacity(self.nodes.len());
        for (i, n) in self.nodes.iter().enumerate() {
            if !matches!(n.kind, Kind::Dropped) {
                map[i] = kept.len() as u32;
                kept.push(*n);
            }
        }
        for t in self.out.iter_mut().flatten() {
            for id in t.iter_mut() {
                if let Some(node) = id.node() {
                    *id = Slot::of(map[node as usize]);
                }
            }
        }
        self.nodes = kept;
    }
}

/// The line of a tangent from `from` to `to` with normal `n`, its ends
/// worked out from the guides (`goal` for a tangent to the goal point).
fn tangent_line(guides: &[Guide], from: Cd, to: Cd, n: Vec2, goal: Point) -> Line {
    let a = guides[from.guide()];
    let start = a.center - n * (sign(from) * a.radius);
    let end = if to == POINT {
        goal
    } else {
        let b = guides[to.guide()];
        b.center - n * (sign(to) * b.radius)
    };
    Line::new(start, end)
}

pub(crate) struct Search<'a> {
    p: &'a Problem<'a>,
    graph: Graph,
    /// The nodes of the start pose on its two circles, and of the direct
    /// words, in order.
    starts: [Slot; 2],
    direct_nodes: Vec<u32>,
    /// The nodes of the last arcs along the goal's left and right circles.
    finals: [Slot; 2],
    heap: BinaryHeap<Entry>,
    /// For each guide-direction, the arrivals the current run expanded on
    /// it ([`Search::dominated`]).
    expanded_on: Vec<Vec<Arrival>>,
    near: NearCache,
    directs: Vec<Path>,
    /// Whether the current run left anything out for being longer than the
    /// bound (when not, a run that found nothing has looked at
    /// everything), and the least lower bound of what was.
    pub pruned: bool,
    pub least_pruned: f64,
    /// Nodes expanded, in all runs.
    pub expanded: usize,
    start_escaped: bool,
    /// Why there is no path, when proven before the graph was explored.
    pub proven: Option<NoPath>,
    trace: Option<&'a mut SearchTrace>,
    pass: Pass,
    /// For each obstacle guide, its centre, its radius, `|centre − goal| −
    /// radius` (a lower bound of the rest of any path from a tangent to
    /// it) and `|centre − goal|²` (in one array, read in order by every
    /// expansion).
    beyond: Vec<Beyond>,
}

impl<'a> Search<'a> {
    /// The search of `p` on `graph` (new, or rebased from the last plan).
    pub(crate) fn new(
        p: &'a Problem<'a>,
        trace: Option<&'a mut SearchTrace>,
        graph: Graph,
    ) -> Search<'a> {
        let goal = p.goal_point();
        let beyond = p.guides[..p.obstacle_guides]
            .iter()
            .map(|g| Beyond {
                center: g.center,
                radius: g.radius,
                rest: (g.center - goal).length() - g.radius,
                to_goal2: (g.center - goal).length_squared(),
            })
            .collect();
        let mut s = Search {
            p,
            graph,
            starts: [Slot::UNKNOWN; 2],
            direct_nodes: Vec::new(),
            finals: [Slot::UNKNOWN; 2],
            heap: BinaryHeap::with_capacity(4096),
            expanded_on: vec![Vec::new(); 2 * p.guides.len()],
            near: NearCache::new(p.guides.len()),
            directs: Vec::new(),
            pruned: false,
            least_pruned: f64::INFINITY,
            expanded: 0,
            start_escaped: false,
            proven: None,
            trace,
            pass: Pass {
                upper: f64::INFINITY,
                budget: p.max_expanded,
            },
            beyond,
        };
        s.make_start_nodes();
        s
    }

    /// The graph, for the next plan.
    pub(crate) fn into_graph(self) -> Graph {
        self.graph
    }

    /// Something with this lower bound was left out (over the bound).
    #[inline]
    fn prune(&mut self, bound: f64) {
        self.pruned = true;
        if bound < self.least_pruned {
            self.least_pruned = bound;
        }
    }

    fn add_node(&mut self, kind: Kind) -> u32 {
        self.graph.nodes.push(Node {
            kind,
            n: Vec2::new(0.0, 1.0),
            theta: 0.0,
            length: 0.0,
            rest: 0.0,
            free: f64::NAN,
            h: f64::NAN,
            check: Check::Unknown,
            blocker: Blocker::NONE,
            best_g: f64::INFINITY,
            parent: Parent::ROOT,
            closed: false,
        });
        (self.graph.nodes.len() - 1) as u32
    }

    /// Queues a path of length `g` to `node`; `h` is its heuristic, refined
    /// already when `refined`.
    fn push(&mut self, node: u32, g: f64, h: f64, parent: Parent, refined: bool) {
        let n = &mut self.graph.nodes[node as usize];
        if n.closed || g >= n.best_g {
            return;
        }
        if g + h > self.pass.upper {
            self.prune(g + h);
            return;
        }
        n.best_g = g;
        self.heap.push(Entry {
            f: g + h,
            g,
            node,
            parent,
            refined,
        });
    }

    /// The tangent of a node, its ends worked out again from its normal.
    fn line(&self, from: Cd, to: Cd, n: Vec2) -> Line {
        tangent_line(&self.p.guides, from, to, n, self.p.goal_point())
    }

    /// Where a node stands on a guide circle: the guide-direction, the
    /// direction from its centre and the angle of the normal there.
    fn standing(&self, node: u32) -> Option<(Cd, Vec2, f64)> {
        let n = &self.graph.nodes[node as usize];
        match n.kind {
            Kind::Start { cd } | Kind::Tangent { to: cd, .. } if cd != POINT => {
                Some((cd, n.n * -sign(cd), n.theta))
            }
            _ => None,
        }
    }

    /// The pose on guide-direction `cd` at direction `dir` from its centre.
    fn pose_on(&self, cd: Cd, dir: Vec2) -> Pose {
        let g = self.p.guides[cd.guide()];
        Pose::at(g.center + dir * g.radius, angle(dir) + sign(cd) * FRAC_PI_2)
    }

    /// The arc along guide-direction `cd` from direction `from` (normal
    /// angle `theta_from`) to the normal angle `theta_to`.
    fn arc(&self, cd: Cd, from: Vec2, theta_from: f64, theta_to: f64) -> Arc {
        let g = self.p.guides[cd.guide()];
        let s = sign(cd);
        Arc {
            center: g.center,
            radius: g.radius,
            start_angle: angle(from),
            sweep: s * sweep_between(s, theta_from, theta_to),
            reverse: false,
        }
    }

    /// The arc along goal circle `cd` from direction `from` (normal angle
    /// `theta_from`) to the goal pose.
    fn final_arc(&self, cd: Cd, from: Vec2, theta_from: f64) -> Arc {
        let g = self.p.guides[cd.guide()];
        let end = (self.p.goal_point() - g.center) / g.radius;
        self.arc(cd, from, theta_from, Problem::normal_angle(cd, end))
    }

    fn record(&mut self, node: u32, parent: Parent, clear: bool) {
        if self.trace.is_none() {
            return;
        }
        let mut segments = Vec::new();
        let n = self.graph.nodes[node as usize];
        if let Kind::Tangent { from, to } = n.kind {
            if let Some((_, dir, theta)) = (parent != Parent::ROOT)
                .then(|| self.standing(parent.id()))
                .flatten()
            {
                segments.push(Segment::Arc(self.arc(from, dir, theta, n.theta)));
            }
            segments.push(Segment::Line(self.line(from, to, n.n)));
        } else if let Kind::Direct(i) = n.kind {
            segments.extend_from_slice(self.directs[i].segments());
        }
        if let (Some(tr), Ok(path)) = (self.trace.as_deref_mut(), Path::new(segments)) {
            tr.edges.push(TracedEdge { path, clear });
        }
    }

    /// The heuristic of a node on a guide circle near a goal pose: the
    /// Dubins length from there (cached).
    fn refined_h(&mut self, node: u32) -> f64 {
        let n = self.graph.nodes[node as usize];
        if !n.h.is_nan() {
            return n.h;
        }
        let h = match (self.standing(node), self.p.goal) {
            (Some((cd, dir, _)), Goal::Pose(g)) => {
                super::tangent_graph::dubins_distance(self.pose_on(cd, dir), g, self.p.r)
                    .max(n.rest)
            }
            _ => n.rest,
        };
        self.graph.nodes[node as usize].h = h;
        h
    }

    /// Whether a node's heuristic is refined to the Dubins length when it
    /// is first taken from the queue: a tangent to a circle near a goal
    /// pose.
    fn refines(&self, node: &Node) -> bool {
        matches!(self.p.goal, Goal::Pose(_))
            && matches!(node.kind, Kind::Tangent { to, .. } if to != POINT)
            && node.rest < 8.0 * self.p.r
    }

    /// Whether a node's line (or direct word) is clear, checked once.
    fn checked(&mut self, node: u32, parent: Parent) -> bool {
        let n = self.graph.nodes[node as usize];
        if n.check != Check::Unknown {
            return n.check == Check::Clear;
        }
        let clear = match n.kind {
            Kind::Tangent { from, to } => match self.line_blocked_by(from, to, n.n) {
                Some(b) => {
                    self.graph.nodes[node as usize].blocker = Blocker::of(b);
                    false
                }
                None => true,
            },
            Kind::Direct(i) => self.directs[i]
                .segments()
                .iter()
                .all(|s| self.p.collider.segment_clear(s)),
            Kind::Start { .. } | Kind::Final { .. } => true,
            Kind::Dropped => false,
        };
        if matches!(n.kind, Kind::Tangent { .. } | Kind::Direct(_)) {
            self.record(node, parent, clear);
        }
        self.graph.nodes[node as usize].check = if clear { Check::Clear } else { Check::Blocked };
        clear
    }

    /// The obstacle the tangent from `from` to `to` (normal `n`) comes
    /// too near, if any: those that last blocked a line at either end
    /// first, then all.
    fn line_blocked_by(&mut self, from: Cd, to: Cd, n: Vec2) -> Option<u32> {
        let l = self.line(from, to, n);
        let c = self.p.collider;
        let ends = [from.index(), to.index().min(self.graph.blockers.len() - 1)];
        for k in ends {
            let b = self.graph.blockers[k];
            if b != Blocker::NONE && !c.line_clear_of(l.start, l.end, b.raw()) {
                return Some(b.raw());
            }
        }
        let b = c.line_blocker(l.start, l.end)?;
        for k in ends {
            self.graph.blockers[k] = Blocker::of(b);
        }
        Some(b)
    }

    /// One run of A* bounded by `pass`, on the graph as far as it is built.
    pub(crate) fn run(&mut self, pass: Pass) -> Outcome {
        self.pass = pass;
        self.pruned = false;
        self.least_pruned = f64::INFINITY;
        self.heap.clear();
        for n in &mut self.graph.nodes {
            n.best_g = f64::INFINITY;
            n.parent = Parent::ROOT;
            n.closed = false;
        }
        for list in &mut self.expanded_on {
            list.clear();
        }
        self.seed();
        while let Some(e) = self.heap.pop() {
            let node = self.graph.nodes[e.node as usize];
            if node.closed || node.check == Check::Blocked || e.g > node.best_g {
                continue;
            }
            // The heuristic refined on first sight: re-queue when it says more.
            if !e.refined && self.refines(&node) {
                let h = self.refined_h(e.node);
                let f = e.g + h;
                if f > self.pass.upper {
                    self.prune(f);
                    continue;
                }
                if f > e.f {
                    self.heap.push(Entry {
                        f,
                        refined: true,
                        ..e
                    });
                    continue;
                }
            }
            if !self.checked(e.node, e.parent) {
                continue;
            }
            let n = &mut self.graph.nodes[e.node as usize];
            n.closed = true;
            n.parent = e.parent;
            if e.parent != Parent::ROOT
                && matches!(
                    self.graph.nodes[e.parent.id() as usize].kind,
                    Kind::Start { .. }
                )
            {
                self.start_escaped = true;
            }
            match node.kind {
                Kind::Direct(_) | Kind::Final { .. } | Kind::Tangent { to: POINT, .. } => {
                    return match self.build(e.node) {
                        Ok(path) => Outcome::Found(path),
                        Err(e) => Outcome::Failed(e),
                    };
                }
                Kind::Tangent { to, .. } if self.is_goal_guide(to) => {
                    self.finish_on_goal_circle(e.node, e.g, to);
                }
                Kind::Start { .. } | Kind::Tangent { .. } => {
                    if self.dominated(e.node, e.g) {
                        continue;
                    }
                    if self.expanded >= self.pass.budget {
                        return Outcome::NotFound(NoPath::SearchLimit {
                            expanded: self.expanded,
                        });
                    }
                    self.expanded += 1;
                    if self.expanded == APPROACH_PROBE && !self.goal_may_be_reached() {
                        self.proven = Some(NoPath::GoalEnclosed);
                        return Outcome::NotFound(NoPath::GoalEnclosed);
                    }
                    self.expand(e.node, e.g);
                }
                // Never queued (no table leads to it).
                Kind::Dropped => {}
            }
        }
        Outcome::NotFound(self.why_not())
    }

    /// Whether anything may reach the goal: a direct word clear, or a last
    /// edge into the goal clear from somewhere (looked at once, when the
    /// search has gone on long enough for a walled-in goal to be worth
    /// ruling out: A* alone would explore everything the start reaches
    /// before it gave up).
    fn goal_may_be_reached(&mut self) -> bool {
        for i in 0..self.directs.len() {
            let id = self.direct_nodes[i];
            if self.checked(id, Parent::ROOT) {
                return true;
            }
        }
        reach::goal_approachable(self.p, &mut self.near)
    }

    fn is_goal_guide(&self, cd: Cd) -> bool {
        matches!(self.p.guides[cd.guide()].kind, GuideKind::Goal { .. })
    }

    /// The start nodes and the direct Dubins words, made once.
    fn make_start_nodes(&mut self) {
        let s = self.p.start;
        for left in [true, false] {
            let gi = self.p.start_guide(left);
            let g = self.p.guides[gi];
            let cd = cd_of(gi, if left { LEFT } else { RIGHT });
            let dir = (s.position() - g.center) / g.radius;
            let node = self.add_node(Kind::Start { cd });
            self.starts[usize::from(!left)] = Slot::of(node);
            let n = &mut self.graph.nodes[node as usize];
            n.n = dir * -sign(cd);
            n.theta = angle(n.n);
            n.check = Check::Clear;
        }
        if let Goal::Pose(goal) = self.p.goal {
            if let Ok(words) = crate::planner::dubins_candidates(s, goal, self.p.r) {
                for (_, path) in words {
                    self.directs.push(path);
                    let id = self.add_node(Kind::Direct(self.directs.len() - 1));
                    self.direct_nodes.push(id);
                }
            }
        }
    }

    /// Queues the start nodes and the direct words.
    fn seed(&mut self) {
        for id in self.starts {
            self.push(id.id(), 0.0, 0.0, Parent::ROOT, true);
        }
        for (i, path) in self.directs.iter().enumerate() {
            let len = path.length();
            let id = self.direct_nodes[i];
            let n = &mut self.graph.nodes[id as usize];
            if n.check == Check::Blocked || len > self.pass.upper {
                if len > self.pass.upper {
                    self.pruned = true;
                    self.least_pruned = self.least_pruned.min(len);
                }
                continue;
            }
            n.best_g = len;
            self.heap.push(Entry {
                f: len,
                g: len,
                node: id,
                parent: Parent::ROOT,
                refined: true,
            });
        }
    }

    /// How far the circle a node stands on is free from there (cached).
    fn free(&mut self, node: u32, cd: Cd, dir: Vec2) -> f64 {
        let f = self.graph.nodes[node as usize].free;
        if !f.is_nan() {
            return f;
        }
        let gi = cd.guide();
        let guide = self.p.guides[gi];
        let near = self.near.get(self.p.collider, &self.p.guides, gi);
        let free = free_turn(
            self.p.collider,
            near,
            guide.center,
            guide.radius,
            dir,
            sign(cd),
            0.0,
        );
        self.graph.nodes[node as usize].free = free;
        free
    }

    /// Whether an earlier expansion on the same guide-direction made every
    /// edge this node would, each at no more cost: it arrived before this
    /// one (in the direction of turning), with the arc from there to here
    /// within its free turn, and its cost plus that arc is no more than
    /// this node's. Its edges then start with that arc. When not, the
    /// node is noted for the next.
    fn dominated(&mut self, node: u32, g: f64) -> bool {
        let Some((cd, dir, theta)) = self.standing(node) else {
            return false;
        };
        let free = self.free(node, cd, dir);
        let s = sign(cd);
        let radius = self.p.guides[cd.guide()].radius;
        let list = &mut self.expanded_on[cd.index()];
        let covered = list.iter().any(|a| {
            let sweep = sweep_between(s, a.theta, theta);
            // A whole free circle reaches every departure; otherwise both
            // turns end at the same contact (equal up to rounding).
            (a.free >= TAU - COVER || (sweep <= a.free && sweep + free <= a.free + COVER))
                && a.g + radius * sweep <= g
        });
        if !covered {
            list.push(Arrival { theta, g, free });
        }
        covered
    }

    /// Every edge out of a node standing on a guide circle.
    fn expand(&mut self, node: u32, g: f64) {
        let Some((cd, dir, theta)) = self.standing(node) else {
            return;
        };
        if let Some(tr) = self.trace.as_deref_mut() {
            let guide = self.p.guides[cd.guide()];
            tr.expanded.push(Pose::at(
                guide.center + dir * guide.radius,
                angle(dir) + sign(cd) * FRAC_PI_2,
            ));
        }
        let gi = cd.guide();
        let guide = self.p.guides[gi];
        let free = self.free(node, cd, dir);
        let n_in = self.graph.nodes[node as usize].n;
        let from = Leaving {
            cd,
            guide,
            s: sign(cd),
            theta,
            free,
            sector: Sector::new(n_in, sign(cd), free),
            g,
            parent: Parent::of(node),
        };
        let slots = 2 * self.p.guides.len() + 1;
        let mut table = self.graph.out[cd.index()]
            .take()
            .unwrap_or_else(|| vec![Slot::UNKNOWN; slots].into_boxed_slice());
        let s = from.s;
        for m in 0..self.p.obstacle_guides {
            if m == gi {
                continue;
            }
            // A tangent to m of length h leaves at least |Cm − goal| − ρm
            // to go: within the bound only when h is at most `room`; h² =
            // |Ck − Cm|² − k², k the difference of the signed radii (no
            // square root).
            let b = self.beyond[m];
            let (center, radius) = (b.center, b.radius);
            let room = self.pass.upper - g - b.rest;
            if room < 0.0 {
                self.pruned = true;
                continue;
            }
            let d2 = (center - guide.center).length_squared();
            for s2 in [LEFT, RIGHT] {
                let k = s2 * radius - s * guide.radius;
                if d2 - k * k > room * room {
                    // Over the bound (by how much is not worked out: a
                    // square root per circle; the next bound grows by its
                    // factor).
                    self.pruned = true;
                    continue;
                }
                let to = cd_of(m, s2);
                self.offer(&from, &mut table, to.index(), to, &b);
            }
        }
        match self.p.goal {
            Goal::Pose(_) => {
                for left in [true, false] {
                    let gg = self.p.goal_guide(left);
                    let other = self.p.guides[gg];
                    let to = cd_of(gg, if left { LEFT } else { RIGHT });
                    let b = Beyond::of(other.center, other.radius, self.p.goal_point());
                    self.offer(&from, &mut table, to.index(), to, &b);
                }
            }
            Goal::Point(p) => {
                let b = Beyond::of(p, 0.0, p);
                self.offer(&from, &mut table, slots - 1, POINT, &b);
            }
        }
        self.graph.out[cd.index()] = Some(table);
    }

    /// Offers the edge from `from` along the tangent to `to` (the circle
    /// `b`; the tangent's node is in `table[slot]`, made on first use).
    #[inline]
    fn offer(&mut self, from: &Leaving, table: &mut [Slot], slot: usize, to: Cd, b: &Beyond) {
        let mut entry = table[slot];
        if entry == Slot::UNKNOWN {
            entry = self.make_tangent(from, to, b.center, b.radius);
            table[slot] = entry;
        }
        if entry == Slot::NO_TANGENT {
            return;
        }
        let id = entry.id();
        let n = &self.graph.nodes[id as usize];
        if n.closed || n.check == Check::Blocked {
            return;
        }
        let upper = self.pass.upper;
        let reached = from.g + n.length;
        // No shorter than the line: not better than what the node has, or
        // over the bound, with no need to turn.
        if reached >= n.best_g {
            return;
        }
        let mut rest = n.rest;
        if rest.is_nan() {
            // rest² = |c − goal|² − 2·s2·ρ·(c − goal)·n + ρ² for the point
            // c − s2·ρ·n where the tangent arrives: compared with the room
            // left before its square root is taken.
            let room = upper - reached;
            let s2 = if to == POINT { LEFT } else { sign(to) };
            let away = b.center - self.p.goal_point();
            let rest2 = b.to_goal2 - 2.0 * s2 * b.radius * away.dot(n.n) + b.radius * b.radius;
            if room < 0.0 || rest2 > room * room {
                self.pruned = true;
                return;
            }
            rest = rest2.max(0.0).sqrt();
            self.graph.nodes[id as usize].rest = rest;
        } else if reached + rest > upper {
            self.prune(reached + rest);
            return;
        }
        if !from.sector.may_hold(self.graph.nodes[id as usize].n) {
            return;
        }
        let mut theta = self.graph.nodes[id as usize].theta;
        if theta.is_nan() {
            theta = angle(self.graph.nodes[id as usize].n);
            self.graph.nodes[id as usize].theta = theta;
        }
        let sweep = sweep_between(from.s, from.theta, theta);
        if sweep > from.free {
            return;
        }
        let n = &self.graph.nodes[id as usize];
        let cost = reached + from.guide.radius * sweep;
        let (h, refined) = if n.h.is_nan() {
            (rest, false)
        } else {
            (n.h, true)
        };
        self.push(id, cost, h, from.parent, refined);
    }

    /// The node of the tangent from `from` to `to`, or [`Slot::NO_TANGENT`].
    fn make_tangent(&mut self, from: &Leaving, to: Cd, center: Point, radius: f64) -> Slot {
        let s2 = if to == POINT { LEFT } else { sign(to) };
        let Some(t) = tangent(
            from.guide.center,
            from.guide.radius,
            from.s,
            center,
            radius,
            s2,
        ) else {
            return Slot::NO_TANGENT;
        };
        let id = self.add_node(Kind::Tangent { from: from.cd, to });
        let n = &mut self.graph.nodes[id as usize];
        n.n = t.n;
        // Worked out when the tangent is first within the bound.
        n.theta = f64::NAN;
        n.length = t.length;
        // Worked out when first needed ([`Search::offer`]).
        n.rest = f64::NAN;
        Slot::of(id)
    }

    /// A tangent arrived on goal circle `cd`: the arc from there to the goal
    /// pose, when clear, is the last edge.
    fn finish_on_goal_circle(&mut self, node: u32, g: f64, cd: Cd) {
        let Some((_, dir, theta)) = self.standing(node) else {
            return;
        };
        let arc = self.final_arc(cd, dir, theta);
        if !self.p.collider.arc_clear(&arc) {
            return;
        }
        let side = cd.side();
        if self.finals[side] == Slot::UNKNOWN {
            self.finals[side] = Slot::of(self.add_node(Kind::Final { cd }));
            self.graph.nodes[self.finals[side].id() as usize].check = Check::Clear;
        }
        self.push(
            self.finals[side].id(),
            g + arc.length(),
            0.0,
            Parent::of(node),
            true,
        );
    }

    /// The path to a terminal node, from the start.
    ///
    /// # Errors
    /// [`Reason::Internal`](crate::Reason::Internal) when the nodes do not
    /// lead back to the start, or the path is empty though the goal is not
    /// at the start, or is not valid (never, for a terminal the search
    /// reached).
    fn build(&self, terminal: u32) -> Result<Path, crate::Error> {
        let mut rev: Vec<Segment> = Vec::new();
        let mut at = terminal;
        loop {
            let n = self.graph.nodes[at as usize];
            match n.kind {
                Kind::Direct(i) => return Ok(self.directs[i].clone()),
                Kind::Start { .. } => break,
                Kind::Final { cd } => {
                    if let Some((_, arrive, theta)) = self.standing(n.parent.id()) {
                        rev.push(Segment::Arc(self.final_arc(cd, arrive, theta)));
                    }
                }
                Kind::Tangent { from, to } => {
                    rev.push(Segment::Line(self.line(from, to, n.n)));
                    if let Some((_, arrive, theta)) = self.standing(n.parent.id()) {
                        rev.push(Segment::Arc(self.arc(from, arrive, theta, n.theta)));
                    }
                }
                Kind::Dropped => {
                    return Err(crate::Error::internal(
                        "the path found leads through a node of an earlier plan",
                    ))
                }
            }
            if n.parent == Parent::ROOT {
                break;
            }
            at = n.parent.id();
        }
        rev.reverse();
        let tol = self.p.collider.tol;
        let kept: Vec<Segment> = rev.iter().copied().filter(|s| s.length() > tol).collect();
        // A path of nothing is a goal point at the start: the start's
        // zero-length arc.
        if kept.is_empty() {
            if self.p.start.position().distance(self.p.goal_point()) > tol {
                return Err(crate::Error::internal(
                    "the path found to a goal away from the start is empty",
                ));
            }
            return crate::planner::dubins::coincident_path(self.p.start, self.p.r);
        }
        // Every number here is finite (checked input, bounded magnitudes).
        Path::new(kept).map_err(|_| crate::Error::internal("the path found is not valid"))
    }

    /// Why the search found nothing, after it explored everything.
    fn why_not(&mut self) -> NoPath {
        if !self.start_escaped {
            return NoPath::StartEnclosed;
        }
        if !reach::goal_approachable(self.p, &mut self.near) {
            return NoPath::GoalEnclosed;
        }
        NoPath::Blocked
    }

    /// Whether any edge leaves the start clear (found by a run, or checked
    /// here: a tangent out of a start circle within its free turn).
    pub(crate) fn start_escapes(&mut self) -> bool {
        self.start_escaped || reach::start_escapes(self.p, &mut self.near)
    }

    pub(crate) fn near_cache(&mut self) -> &mut NearCache {
        &mut self.near
    }
}

/// The node an expansion leaves from: its guide-direction and circle, the
/// direction of turning, the normal angle where it stands, how far the
/// circle is free from there, its cost.
struct Leaving {
    cd: Cd,
    guide: Guide,
    s: f64,
    theta: f64,
    free: f64,
    /// The normals the free turn reaches (cross products: a cheap test
    /// before the exact turn).
    sector: Sector,
    g: f64,
    parent: Parent,
}

/// A circle a tangent may go to, with what bounds the rest from there:
/// `|center − goal| − radius` and `|center − goal|²`.
#[derive(Clone, Copy, Debug)]
struct Beyond {
    center: Point,
    radius: f64,
    rest: f64,
    to_goal2: f64,
}

impl Beyond {
    fn of(center: Point, radius: f64, goal: Point) -> Beyond {
        Beyond {
            center,
            radius,
            rest: (center - goal).length() - radius,
            to_goal2: (center - goal).length_squared(),
        }
    }
}

/// The rounding allowed when one free turn holds another (radians).
const COVER: f64 = 1e-9;

/// An expanded arrival on a guide circle: its normal angle, its cost and
/// its free turn.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    theta: f64,
    g: f64,
    free: f64,
}

/// After this many expansions the search rules out a walled-in goal
/// ([`Search::goal_may_be_reached`]); most plans end sooner.
const APPROACH_PROBE: usize = 16;

/// The first bound: this much over the lower bound at the start.
const GROWTH: f64 = 1.05;
/// After this many runs that found nothing, A* runs unbounded.
const BOUNDED_RUNS: usize = 6;

/// What the search found: the outcome, the nodes expanded in all, and
/// whether the path is proven the shortest of the graph.
pub(crate) struct Searched {
    pub outcome: Outcome,
    pub expanded: usize,
    pub shortest: bool,
}

/// A* bounded by a length `U`, from `U` = 5% over the lower bound at the
/// start (the Dubins length ignoring obstacles, or the straight-line
/// distance to a goal point), raised each time a run finds nothing below it
/// (by 5%, 10%, 20%, ... and at least to the least bound it left out; after
/// [`BOUNDED_RUNS`] runs, no bound). Every node of a path no longer than
/// `U` has `f ≤ U`, so a run whose bound is at least the graph's shortest
/// path finds that path, and the first run that finds a path finds the
/// shortest; meanwhile each run leaves out, without trigonometry, every
/// edge whose lower bound is over `U` (most of them: the work A* alone
/// spends offering every tangent of every circle). A run that left nothing
/// out and found nothing has looked at everything: there is no path.
///
/// When the first run finds nothing, a search backwards from the goal
/// ([`reach::backwards`]) looks for a proof that nothing can reach it:
/// the goal walled in (every way into it blocked), or the part of the
/// graph that leads to it closed and without the start. It is bounded; when
/// it gives up, the runs go on.
pub(crate) fn search<'a>(
    p: &'a Problem<'a>,
    trace: Option<&'a mut SearchTrace>,
    graph: Graph,
) -> (Searched, Graph) {
    let lower = match p.goal {
        Goal::Pose(g) => super::tangent_graph::dubins_distance(p.start, g, p.r),
        Goal::Point(g) => p.start.position().distance(g),
    };
    // A scale below which a bound means nothing (a goal at the start).
    let mut upper = lower.max(p.r * 1e-3) * GROWTH;
    let mut runs = 0;
    let mut s = Search::new(p, trace, graph);
    let searched = loop {
        let outcome = s.run(Pass {
            upper,
            budget: p.max_expanded,
        });
        match outcome {
            Outcome::Found(path) => {
                break Searched {
                    outcome: Outcome::Found(path),
                    expanded: s.expanded,
                    shortest: true,
                }
            }
            Outcome::Failed(e) => {
                break Searched {
                    outcome: Outcome::Failed(e),
                    expanded: s.expanded,
                    shortest: false,
                }
            }
            Outcome::NotFound(NoPath::SearchLimit { .. }) => {
                break Searched {
                    outcome: Outcome::NotFound(NoPath::SearchLimit {
                        expanded: s.expanded,
                    }),
                    expanded: s.expanded,
                    shortest: false,
                }
            }
            not_found if s.proven.is_some() || !s.pruned || !upper.is_finite() => {
                break Searched {
                    outcome: not_found,
                    expanded: s.expanded,
                    shortest: false,
                }
            }
            Outcome::NotFound(_) => {
                if runs == 0 {
                    match reach::backwards(p, s.near_cache(), reach::BUDGET) {
                        Reach::Closed { approach } => {
                            let why = if !s.start_escapes() {
                                NoPath::StartEnclosed
                            } else if approach {
                                NoPath::Blocked
                            } else {
                                NoPath::GoalEnclosed
                            };
                            break Searched {
                                outcome: Outcome::NotFound(why),
                                expanded: s.expanded,
                                shortest: false,
                            };
                        }
                        Reach::Start | Reach::GaveUp => {}
                    }
                }
                runs += 1;
                let factor = 1.0 + (GROWTH - 1.0) * f64::from(1u32 << runs.min(20));
                // At least to the least bound left out, when one was
                // worked out (most are left out by their squares alone).
                upper = if runs >= BOUNDED_RUNS {
                    f64::INFINITY
                } else if s.least_pruned.is_finite() {
                    (upper * factor).max(s.least_pruned)
                } else {
                    upper * factor
                };
            }
        }
    };
    (searched, s.into_graph())
}

/// The start's (or goal's) turning circle on the left or right of `pose`.
pub(crate) fn turning_circle(pose: Pose, r: f64, left: bool) -> Point {
    let side = if left { 1.0 } else { -1.0 };
    pose.position() + pose.left() * (side * r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_that_cannot_be_built_is_an_internal_error() {
        use super::super::Obstacles;
        let obstacles = Obstacles::circles(Vec::new());
        let collider = Collider::new(&obstacles, 0.0, 10.0);
        let start = Pose::new(0.0, 0.0, 0.0);
        let r = 1.0;
        let guides: Vec<Guide> = [true, false]
            .into_iter()
            .map(|left| Guide {
                center: turning_circle(start, r, left),
                radius: r,
                kind: GuideKind::Start { left },
            })
            .collect();
        let problem = |goal: Goal| Problem {
            start,
            goal,
            r,
            collider: &collider,
            guides: guides.clone(),
            obstacle_guides: 0,
            max_expanded: 100,
        };
        let internal = |e: crate::Error| matches!(e.reason(), crate::Reason::Internal { .. });
        let away = problem(Goal::Point(Point::new(5.0, 0.0)));
        let mut s = Search::new(&away, None, Graph::new(2));
        // Nothing from the start to a goal away from it.
        assert!(internal(s.build(s.starts[0].node().unwrap()).unwrap_err()));
        // A tangent to the goal from a node of an earlier plan.
        let dropped = s.add_node(Kind::Dropped);
        let to_goal = s.add_node(Kind::Tangent {
            from: cd_of(away.start_guide(true), LEFT),
            to: POINT,
        });
        s.graph.nodes[to_goal as usize].parent = Parent::of(dropped);
        assert!(internal(s.build(to_goal).unwrap_err()));
        // A goal point at the start: the start's zero-length arc.
        let here = problem(Goal::Point(start.position()));
        let s = Search::new(&here, None, Graph::new(2));
        assert_eq!(s.build(s.starts[0].node().unwrap()).unwrap().length(), 0.0);
    }

    #[test]
    fn entries_come_out_smallest_f_first_then_deepest() {
        let mut h = BinaryHeap::new();
        for (f, g) in [(3.0, 1.0), (1.0, 0.5), (1.0, 0.9), (2.0, 2.0)] {
            h.push(Entry {
                f,
                g,
                node: 0,
                parent: Parent::ROOT,
                refined: false,
            });
        }
        let order: Vec<(f64, f64)> = std::iter::from_fn(|| h.pop().map(|e| (e.f, e.g))).collect();
        assert_eq!(order, vec![(1.0, 0.9), (1.0, 0.5), (2.0, 2.0), (3.0, 1.0)]);
    }
}
