//! A* over the tangent graph, built while it is searched.
//!
//! A node is a tangent line between two guide circles (each with its
//! turning direction), standing for the place where it arrives; its cost
//! is the length of the best path found to there. Expanding a node turns
//! along the circle it arrived on and leaves by every tangent to every
//! other guide circle (and to the goal); the arc is checked when the edge
//! is made (in closed form: how far the circle is free from the arrival
//! point, `free_turn`), the line when the node is taken from the queue
//! (lazily: most lines are never looked at), once per node, since every
//! path to the node ends with the same line.
//!
//! The heuristic is the length of the shortest path to the goal ignoring
//! the obstacles: the Dubins length for a goal pose (computed when a node
//! is first taken from the queue, the straight-line distance until then),
//! the straight-line distance for a goal point. Both are lower bounds of
//! every path, so the first path taken from the queue is the shortest of
//! the graph.

use super::collision::Collider;
use super::tangent_graph::{
    angle, free_turn, near_circle, tangent, turn, Guide, GuideKind, Sector, Tangent, LEFT, RIGHT,
};
use super::{Goal, NoPath, SearchTrace, TracedEdge};
use crate::{Arc, Line, Path, Point, Pose, Segment, Vec2};
use core::cmp::Ordering;
use core::f64::consts::FRAC_PI_2;
use std::collections::BinaryHeap;

/// A guide circle with a turning direction: `2·guide + (1 if right)`.
type Cd = u32;

/// The `to` of a tangent that ends at the goal point.
const POINT: Cd = u32::MAX;
/// The parent of the start nodes.
const ROOT: u32 = u32::MAX;

#[inline]
fn sign(cd: Cd) -> f64 {
    if cd & 1 == 0 {
        LEFT
    } else {
        RIGHT
    }
}

#[inline]
fn cd_of(guide: usize, s: f64) -> Cd {
    (guide as u32) * 2 + u32::from(s < 0.0)
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// The start pose, on start circle `cd`, in the direction `dir` from
    /// its centre.
    Start { cd: Cd, dir: Vec2 },
    /// The tangent from `from` to `to` (a guide circle, or [`POINT`]),
    /// worked out again when needed ([`Search::line`]) rather than kept.
    Tangent { from: Cd, to: Cd },
    /// The arc along goal circle `cd` to the goal pose.
    Final { cd: Cd },
    /// A Dubins path straight from the start to the goal pose.
    Direct(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    Closed,
    Blocked,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    kind: Kind,
    /// The least cost of the entries queued for it.
    best_g: f64,
    parent: u32,
    state: State,
    /// The heuristic once computed (NaN before).
    h: f64,
}

/// A queued path to a node: `f = g + h`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    f: f64,
    g: f64,
    node: u32,
    parent: u32,
    refined: bool,
}

impl PartialEq for Entry {
    fn eq(&self, o: &Entry) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Entry) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Entry {
    /// The smallest `f` first (the heap is a max-heap), then the largest `g`
    /// (plain comparisons: costs are never NaN).
    fn cmp(&self, o: &Entry) -> Ordering {
        if self.f < o.f {
            Ordering::Greater
        } else if self.f > o.f {
            Ordering::Less
        } else if self.g > o.g {
            Ordering::Greater
        } else if self.g < o.g {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }
}

/// No node yet (in a table of the nodes leaving a guide-direction).
const NONE: u32 = u32::MAX;

/// What the search ended with.
pub(crate) enum Outcome {
    Found(Path),
    NotFound(NoPath),
}

/// How one pass of the search bounds its queue.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pass {
    /// No path longer than this is looked for: edges whose lower bound
    /// (from the distances between circle centres and to the goal, no
    /// trigonometry) is longer are not made, entries longer are not queued.
    pub upper: f64,
    /// The most nodes to expand.
    pub budget: usize,
}

/// The search's inputs, checked.
pub(crate) struct Problem<'a> {
    pub start: Pose,
    pub goal: Goal,
    pub r: f64,
    pub collider: &'a Collider,
    /// Obstacle guides, then the start's left and right circles, then
    /// (for a goal pose) the goal's.
    pub guides: Vec<Guide>,
    pub obstacle_guides: usize,
    pub max_expanded: usize,
}

pub(crate) struct Search<'a> {
    p: &'a Problem<'a>,
    nodes: Vec<Node>,
    /// For each guide-direction, the node of the tangent to each
    /// guide-direction (and last, to the goal point), made when it is
    /// first expanded.
    out: Vec<Option<Box<[u32]>>>,
    /// The nodes of the last arcs along the goal's left and right circles.
    finals: [u32; 2],
    heap: BinaryHeap<Entry>,
    near: Vec<Option<Vec<u32>>>,
    directs: Vec<Path>,
    /// Whether anything was left out for being longer than the bound (when
    /// not, a search that found nothing has looked at everything), and the
    /// least lower bound of what was.
    pub pruned: bool,
    pub least_pruned: f64,
    pub expanded: usize,
    start_escaped: bool,
    trace: Option<&'a mut SearchTrace>,
    pass: Pass,
    /// For each obstacle guide, its centre and `|centre − goal| −
    /// 2·radius`: with the distance between two centres, a lower bound of
    /// the rest of any path that takes a tangent to it (in one array, read
    /// in order by every expansion).
    beyond: Vec<(Point, f64)>,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        p: &'a Problem<'a>,
        trace: Option<&'a mut SearchTrace>,
        pass: Pass,
    ) -> Search<'a> {
        let goal = p.goal.position();
        let beyond = p.guides[..p.obstacle_guides]
            .iter()
            .map(|g| (g.center, (g.center - goal).length() - 2.0 * g.radius))
            .collect();
        Search {
            p,
            nodes: Vec::with_capacity(1024),
            out: vec![None; 2 * p.guides.len()],
            finals: [NONE; 2],
            heap: BinaryHeap::with_capacity(4096),
            near: vec![None; p.guides.len()],
            directs: Vec::new(),
            pruned: false,
            least_pruned: f64::INFINITY,
            expanded: 0,
            start_escaped: false,
            trace,
            pass,
            beyond,
        }
    }

    fn goal_point(&self) -> Point {
        match self.p.goal {
            Goal::Pose(g) => g.position(),
            Goal::Point(g) => g,
        }
    }

    fn start_guide(&self, left: bool) -> usize {
        self.p.obstacle_guides + usize::from(!left)
    }

    fn goal_guide(&self, left: bool) -> usize {
        self.p.obstacle_guides + 2 + usize::from(!left)
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
        self.nodes.push(Node {
            kind,
            best_g: f64::INFINITY,
            parent: ROOT,
            state: State::Open,
            h: f64::NAN,
        });
        (self.nodes.len() - 1) as u32
    }

    fn push(&mut self, node: u32, g: f64, h: f64, parent: u32) {
        let n = &mut self.nodes[node as usize];
        if n.state != State::Open || g >= n.best_g {
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
            refined: false,
        });
    }

    /// The obstacles near guide `i` (cached).
    fn near(&mut self, i: usize) -> &[u32] {
        if self.near[i].is_none() {
            let g = self.p.guides[i];
            self.near[i] = Some(near_circle(self.p.collider, g.center, g.radius));
        }
        self.near[i].as_deref().unwrap_or(&[])
    }

    /// The tangent from guide-direction `from` to `to` (a guide circle or
    /// the goal point): the same numbers every time (it existed when the
    /// node was made; a degenerate line of no length should it not).
    fn line(&self, from: Cd, to: Cd) -> Tangent {
        let a = self.p.guides[(from >> 1) as usize];
        let made = if to == POINT {
            tangent(a.center, a.radius, sign(from), self.goal_point(), 0.0, LEFT)
        } else {
            let b = self.p.guides[(to >> 1) as usize];
            tangent(a.center, a.radius, sign(from), b.center, b.radius, sign(to))
        };
        made.unwrap_or(Tangent {
            from: a.center,
            to: a.center,
            length: 0.0,
            n: Vec2::new(0.0, 1.0),
        })
    }

    /// Where a node stands: the guide-direction and the direction from its
    /// centre (for a node on a guide circle).
    fn standing(&self, node: u32) -> Option<(Cd, Vec2)> {
        match self.nodes[node as usize].kind {
            Kind::Start { cd, dir } => Some((cd, dir)),
            Kind::Tangent { from, to } if to != POINT => {
                Some((to, self.line(from, to).n * -sign(to)))
            }
            _ => None,
        }
    }

    /// The pose on guide-direction `cd` at direction `dir` from its centre.
    fn pose_on(&self, cd: Cd, dir: Vec2) -> Pose {
        let g = self.p.guides[(cd >> 1) as usize];
        Pose::at(g.center + dir * g.radius, angle(dir) + sign(cd) * FRAC_PI_2)
    }

    /// The arc along guide-direction `cd` from direction `from` to `to`.
    fn arc(&self, cd: Cd, from: Vec2, to: Vec2) -> Arc {
        let g = self.p.guides[(cd >> 1) as usize];
        let s = sign(cd);
        Arc {
            center: g.center,
            radius: g.radius,
            start_angle: angle(from),
            sweep: s * turn(s, from, to),
            reverse: false,
        }
    }

    /// The lower bound of the rest of the path from a node (the heuristic).
    fn heuristic(&self, node: u32) -> f64 {
        let Some((cd, dir)) = self.standing(node) else {
            return 0.0;
        };
        let pose = self.pose_on(cd, dir);
        match self.p.goal {
            Goal::Point(g) => pose.position().distance(g),
            Goal::Pose(g) => super::tangent_graph::dubins_distance(pose, g, self.p.r),
        }
    }

    fn record(&mut self, node: u32, parent: u32, clear: bool) {
        if self.trace.is_none() {
            return;
        }
        let mut segments = Vec::new();
        if let Kind::Tangent { from, to } = self.nodes[node as usize].kind {
            let t = self.line(from, to);
            if let Some((_, dir)) = self.standing(parent) {
                segments.push(Segment::Arc(self.arc(from, dir, t.n * -sign(from))));
            }
            segments.push(Segment::Line(Line::new(t.from, t.to)));
        } else if let Kind::Direct(i) = self.nodes[node as usize].kind {
            segments.extend_from_slice(self.directs[i].segments());
        }
        if let (Some(tr), Ok(path)) = (self.trace.as_deref_mut(), Path::new(segments)) {
            tr.edges.push(TracedEdge { path, clear });
        }
    }

    /// The search, to the end.
    pub(crate) fn run(&mut self) -> Outcome {
        self.seed();
        while let Some(e) = self.heap.pop() {
            let node = self.nodes[e.node as usize];
            if node.state != State::Open || e.g > node.best_g {
                continue;
            }
            // The heuristic refined on first sight: re-queue when it says more.
            if !e.refined
                && matches!(node.kind, Kind::Tangent { from, to } if to != POINT && (self.line(from, to).to - self.goal_point()).length() < 8.0 * self.p.r)
            {
                let h = if node.h.is_nan() {
                    let h = self.heuristic(e.node);
                    self.nodes[e.node as usize].h = h;
                    h
                } else {
                    node.h
                };
                if e.g + h > self.pass.upper {
                    self.prune(e.g + h);
                    continue;
                }
                let f = e.g + h;
                if f > e.f {
                    self.heap.push(Entry {
                        f,
                        refined: true,
                        ..e
                    });
                    continue;
                }
            }
            let clear = match node.kind {
                Kind::Tangent { from, to } => {
                    let t = self.line(from, to);
                    self.p.collider.line_clear(t.from, t.to)
                }
                Kind::Direct(i) => self.directs[i]
                    .segments()
                    .iter()
                    .all(|s| self.p.collider.segment_clear(s)),
                Kind::Start { .. } | Kind::Final { .. } => true,
            };
            if !matches!(node.kind, Kind::Start { .. } | Kind::Final { .. }) {
                self.record(e.node, e.parent, clear);
            }
            let n = &mut self.nodes[e.node as usize];
            if !clear {
                n.state = State::Blocked;
                continue;
            }
            n.state = State::Closed;
            n.parent = e.parent;
            if e.parent != ROOT && matches!(self.nodes[e.parent as usize].kind, Kind::Start { .. })
            {
                self.start_escaped = true;
            }
            match node.kind {
                Kind::Direct(_) | Kind::Final { .. } => return Outcome::Found(self.build(e.node)),
                Kind::Tangent { to: POINT, .. } => return Outcome::Found(self.build(e.node)),
                Kind::Tangent { from, to } if self.is_goal_guide(to) => {
                    self.finish_on_goal_circle(e.node, e.g, to, self.line(from, to));
                }
                Kind::Start { .. } | Kind::Tangent { .. } => {
                    if self.expanded >= self.pass.budget {
                        return Outcome::NotFound(NoPath::SearchLimit {
                            expanded: self.expanded,
                        });
                    }
                    self.expanded += 1;
                    self.expand(e.node, e.g);
                }
            }
        }
        Outcome::NotFound(self.why_not())
    }

    fn is_goal_guide(&self, cd: Cd) -> bool {
        matches!(
            self.p.guides[(cd >> 1) as usize].kind,
            GuideKind::Goal { .. }
        )
    }

    /// The start nodes and the direct Dubins words.
    fn seed(&mut self) {
        let s = self.p.start;
        for left in [true, false] {
            let gi = self.start_guide(left);
            let g = self.p.guides[gi];
            let cd = cd_of(gi, if left { LEFT } else { RIGHT });
            let dir = (s.position() - g.center) / g.radius;
            let node = self.add_node(Kind::Start { cd, dir });
            self.push(node, 0.0, 0.0, ROOT);
        }
        if let Goal::Pose(goal) = self.p.goal {
            if let Ok(words) = crate::planner::dubins_candidates(s, goal, self.p.r) {
                for (_, path) in words {
                    let len = path.length();
                    self.directs.push(path);
                    let node = self.add_node(Kind::Direct(self.directs.len() - 1));
                    self.push(node, len, 0.0, ROOT);
                }
            }
        }
    }

    /// Every edge out of a node standing on a guide circle.
    fn expand(&mut self, node: u32, g: f64) {
        let Some((cd, dir)) = self.standing(node) else {
            return;
        };
        if let Some(tr) = self.trace.as_deref_mut() {
            let guide = self.p.guides[(cd >> 1) as usize];
            tr.expanded.push(Pose::at(
                guide.center + dir * guide.radius,
                angle(dir) + sign(cd) * FRAC_PI_2,
            ));
        }
        let gi = (cd >> 1) as usize;
        let guide = self.p.guides[gi];
        let s = sign(cd);
        let near = self.near(gi).to_vec();
        let free = free_turn(self.p.collider, &near, guide.center, guide.radius, dir, s);
        let sector = Sector::new(dir, s, free);
        let goal_point = self.goal_point();
        let upper = self.pass.upper;
        let slots = 2 * self.p.guides.len() + 1;
        let mut table = self.out[cd as usize]
            .take()
            .unwrap_or_else(|| vec![NONE; slots].into_boxed_slice());
        let offer =
            |this: &mut Search, table: &mut [u32], to: Cd, center: Point, radius: f64, s2: f64| {
                let Some(t) = tangent(guide.center, guide.radius, s, center, radius, s2) else {
                    return;
                };
                // No shorter than the line: over the bound, no need to turn.
                let bound = g + t.length + (t.to - goal_point).length();
                if bound > upper {
                    this.prune(bound);
                    return;
                }
                let depart = t.n * -s;
                if !sector.may_hold(depart) {
                    return;
                }
                let sweep = turn(s, dir, depart);
                if sweep > free {
                    return;
                }
                let cost = g + guide.radius * sweep + t.length;
                let slot = if to == POINT { slots - 1 } else { to as usize };
                let id = if table[slot] == NONE {
                    let id = this.add_node(Kind::Tangent { from: cd, to });
                    table[slot] = id;
                    id
                } else {
                    table[slot]
                };
                this.push(id, cost, (t.to - goal_point).length(), node);
            };
        let slack = upper - g + guide.radius;
        for m in 0..self.p.obstacle_guides {
            if m == gi {
                continue;
            }
            // Any tangent to m is at least |Ck − Cm| − ρk − ρm long, and
            // leaves at least |Cm − goal| − ρm to go.
            let (center, beyond) = self.beyond[m];
            let reach = slack - beyond;
            if reach < 0.0 || (center - guide.center).length_squared() > reach * reach {
                // Over the bound (by how much is not worked out: a square
                // root per circle; the next bound grows by its factor).
                self.pruned = true;
                continue;
            }
            let other = self.p.guides[m];
            offer(
                self,
                &mut table,
                cd_of(m, LEFT),
                other.center,
                other.radius,
                LEFT,
            );
            offer(
                self,
                &mut table,
                cd_of(m, RIGHT),
                other.center,
                other.radius,
                RIGHT,
            );
        }
        match self.p.goal {
            Goal::Pose(_) => {
                for left in [true, false] {
                    let gg = self.goal_guide(left);
                    let other = self.p.guides[gg];
                    let s2 = if left { LEFT } else { RIGHT };
                    offer(
                        self,
                        &mut table,
                        cd_of(gg, s2),
                        other.center,
                        other.radius,
                        s2,
                    );
                }
            }
            Goal::Point(p) => offer(self, &mut table, POINT, p, 0.0, LEFT),
        }
        self.out[cd as usize] = Some(table);
    }

    /// A tangent arrived on goal circle `cd`: the arc from there to the goal
    /// pose, when clear, is the last edge.
    fn finish_on_goal_circle(&mut self, node: u32, g: f64, cd: Cd, t: Tangent) {
        let Goal::Pose(goal) = self.p.goal else {
            return;
        };
        let guide = self.p.guides[(cd >> 1) as usize];
        let arrive = t.n * -sign(cd);
        let end = (goal.position() - guide.center) / guide.radius;
        let arc = self.arc(cd, arrive, end);
        if !self.p.collider.arc_clear(&arc) {
            return;
        }
        let side = (cd & 1) as usize;
        if self.finals[side] == NONE {
            self.finals[side] = self.add_node(Kind::Final { cd });
        }
        self.push(self.finals[side], g + arc.length(), 0.0, node);
    }

    /// The path to a terminal node, from the start.
    fn build(&self, terminal: u32) -> Path {
        let mut rev: Vec<Segment> = Vec::new();
        let mut at = terminal;
        loop {
            let n = self.nodes[at as usize];
            match n.kind {
                Kind::Direct(i) => return self.directs[i].clone(),
                Kind::Start { .. } => break,
                Kind::Final { cd } => {
                    if let (Some((_, arrive)), Goal::Pose(goal)) =
                        (self.standing(n.parent), self.p.goal)
                    {
                        let g = self.p.guides[(cd >> 1) as usize];
                        let end = (goal.position() - g.center) / g.radius;
                        rev.push(Segment::Arc(self.arc(cd, arrive, end)));
                    }
                }
                Kind::Tangent { from, to } => {
                    let t = self.line(from, to);
                    rev.push(Segment::Line(Line::new(t.from, t.to)));
                    if let Some((_, arrive)) = self.standing(n.parent) {
                        rev.push(Segment::Arc(self.arc(from, arrive, t.n * -sign(from))));
                    }
                }
            }
            if n.parent == ROOT {
                break;
            }
            at = n.parent;
        }
        rev.reverse();
        let tol = self.p.collider.tol;
        let kept: Vec<Segment> = rev.iter().copied().filter(|s| s.length() > tol).collect();
        // Every number here is finite (checked input, bounded magnitudes);
        // a path of nothing is the start's zero-length arc.
        let fallback = || crate::planner::dubins::coincident_path(self.p.start, self.p.r);
        if kept.is_empty() {
            return fallback();
        }
        Path::new(kept).unwrap_or_else(|_| fallback())
    }

    /// Why the search found nothing, after it explored everything.
    fn why_not(&mut self) -> NoPath {
        if !self.start_escaped {
            return NoPath::StartEnclosed;
        }
        if !self.goal_approachable() {
            return NoPath::GoalEnclosed;
        }
        NoPath::Blocked
    }

    /// Whether any last edge of the graph reaches the goal clear of the
    /// obstacles, wherever it comes from.
    fn goal_approachable(&self) -> bool {
        let c = self.p.collider;
        let sources =
            (0..self.p.obstacle_guides).chain([self.start_guide(true), self.start_guide(false)]);
        for m in sources {
            let gm = self.p.guides[m];
            let dirs: &[f64] = match gm.kind {
                GuideKind::Start { left: true } => &[LEFT],
                GuideKind::Start { left: false } => &[RIGHT],
                _ => &[LEFT, RIGHT],
            };
            for &s in dirs {
                match self.p.goal {
                    Goal::Point(p) => {
                        if let Some(t) = tangent(gm.center, gm.radius, s, p, 0.0, LEFT) {
                            if c.line_clear(t.from, t.to) {
                                return true;
                            }
                        }
                    }
                    Goal::Pose(goal) => {
                        for left in [true, false] {
                            let gg = self.goal_guide(left);
                            let target = self.p.guides[gg];
                            let s2 = if left { LEFT } else { RIGHT };
                            let Some(t) =
                                tangent(gm.center, gm.radius, s, target.center, target.radius, s2)
                            else {
                                continue;
                            };
                            if !c.line_clear(t.from, t.to) {
                                continue;
                            }
                            let end = (goal.position() - target.center) / target.radius;
                            let arc = self.arc(cd_of(gg, s2), t.n * -s2, end);
                            if c.arc_clear(&arc) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }
}

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
/// [`BOUNDED_RUNS`] runs, no bound). Every node of a path no longer than `U` has `f ≤ U`, so a run
/// whose bound is at least the graph's shortest path finds that path, and
/// the first run that finds a path finds the shortest; meanwhile each run
/// leaves out, without trigonometry, every edge whose lower bound is over
/// `U` (most of them: the work A* alone spends offering every tangent of
/// every circle). A run that left nothing out and found nothing has looked
/// at everything: there is no path.
pub(crate) fn search<'a>(p: &'a Problem<'a>, mut trace: Option<&'a mut SearchTrace>) -> Searched {
    let lower = match p.goal {
        Goal::Pose(g) => super::tangent_graph::dubins_distance(p.start, g, p.r),
        Goal::Point(g) => p.start.position().distance(g),
    };
    // A scale below which a bound means nothing (a goal at the start).
    let mut upper = lower.max(p.r * 1e-3) * GROWTH;
    let mut spent = 0;
    let mut runs = 0;
    loop {
        let mut s = Search::new(
            p,
            trace.as_deref_mut(),
            Pass {
                upper,
                budget: p.max_expanded - spent,
            },
        );
        let outcome = s.run();
        spent += s.expanded;
        match outcome {
            Outcome::Found(path) => {
                return Searched {
                    outcome: Outcome::Found(path),
                    expanded: spent,
                    shortest: true,
                }
            }
            Outcome::NotFound(NoPath::SearchLimit { .. }) => {
                return Searched {
                    outcome: Outcome::NotFound(NoPath::SearchLimit { expanded: spent }),
                    expanded: spent,
                    shortest: false,
                }
            }
            not_found if !s.pruned || !upper.is_finite() => {
                return Searched {
                    outcome: not_found,
                    expanded: spent,
                    shortest: false,
                }
            }
            Outcome::NotFound(_) => {
                runs += 1;
                let factor = 1.0 + (GROWTH - 1.0) * f64::from(1u32 << runs.min(20));
                upper = if runs >= BOUNDED_RUNS {
                    f64::INFINITY
                } else {
                    (upper * factor).max(s.least_pruned)
                };
            }
        }
    }
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
    fn entries_come_out_smallest_f_first_then_deepest() {
        let mut h = BinaryHeap::new();
        for (f, g) in [(3.0, 1.0), (1.0, 0.5), (1.0, 0.9), (2.0, 2.0)] {
            h.push(Entry {
                f,
                g,
                node: 0,
                parent: ROOT,
                refined: false,
            });
        }
        let order: Vec<(f64, f64)> = std::iter::from_fn(|| h.pop().map(|e| (e.f, e.g))).collect();
        assert_eq!(order, vec![(1.0, 0.9), (1.0, 0.5), (2.0, 2.0), (3.0, 1.0)]);
    }
}
