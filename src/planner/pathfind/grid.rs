//! Directional A* on a tile grid (Pinter, "Toward More Realistic
//! Pathfinding"): a node is a tile's centre with one of 8 headings (the
//! compass directions, `k·π/4`); an edge joins a node to a node of one of
//! the 8 neighbouring tiles by a Dubins curve (lines and arcs of the
//! turning radius), legal when no blocked tile lies under it. The start is
//! the unit's exact pose and the goal the exact point or pose asked for.
//!
//! Each edge is the shortest of the six Dubins words between its two poses
//! whose curve touches no blocked tile (the closed squares: touching a
//! blocked tile's edge or corner counts, so a curve never squeezes
//! diagonally between two blocked tiles). Between tile centres the curves
//! are the same up to a translation, so each (heading, neighbour, heading)
//! curve is built once per call with the tiles it touches (in closed form:
//! `geom::distance::segment_box`); the edges out of the start and into the
//! goal are checked against the blocked tiles near them.
//!
//! The search is optimal among paths made of these edges (the heuristic,
//! the straight-line distance refined to the Dubins length for a goal
//! pose, is a lower bound); paths through other positions or headings are
//! not considered.

use super::{Goal, NoPath};
use crate::error::{Error, Field, Reason};
use crate::geom::distance::segment_box;
use crate::planner::error::{check_point, check_pose, check_radius, MAX_MAGNITUDE, TOO_LARGE};
use crate::{Arc, Line, Path, Point, Pose, Segment};
use core::cmp::Ordering;
use core::f64::consts::FRAC_PI_4;
use std::collections::{BinaryHeap, HashMap};

/// The most tiles a grid may have.
pub const MAX_TILES: usize = 1 << 22;

/// The default of [`GridOptions::max_expanded`].
pub const DEFAULT_GRID_EXPANSIONS: usize = 200_000;

/// A grid of square tiles: `columns × rows` tiles of side `tile`, tile
/// `(0, 0)` spanning `[0, tile)²` (x right, y up); `blocked` holds one
/// value per tile, row by row from row 0 (`blocked[row·columns + column]`),
/// `0` free and anything else blocked. Outside the grid counts as blocked.
///
/// As data (the `serde` feature): `{ columns, rows, tile, blocked }`, with
/// `blocked` a `Uint8Array` in JavaScript.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Grid {
    pub columns: usize,
    pub rows: usize,
    pub tile: f64,
    #[cfg_attr(feature = "typescript", ts(type = "Uint8Array"))]
    pub blocked: Vec<u8>,
}

/// How long [`plan_on_grid_with`] may search.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct GridOptions {
    /// The most nodes expanded before the search gives up
    /// ([`NoPath::SearchLimit`]).
    #[cfg_attr(feature = "typescript", ts(optional = nullable, as = "Option<f64>"))]
    pub max_expanded: usize,
}

impl Default for GridOptions {
    fn default() -> GridOptions {
        GridOptions {
            max_expanded: DEFAULT_GRID_EXPANSIONS,
        }
    }
}

/// What a grid search found: the path or why there is none, and how many
/// nodes it expanded.
#[derive(Debug, Clone, PartialEq)]
pub struct GridPlan {
    pub result: Result<Path, NoPath>,
    pub expanded: usize,
}

impl GridPlan {
    /// The path, if one was found.
    pub fn path(&self) -> Option<&Path> {
        self.result.as_ref().ok()
    }

    /// Why there is no path, if there is none.
    pub fn no_path(&self) -> Option<NoPath> {
        self.result.as_ref().err().copied()
    }
}

/// The nodes a grid search expanded, in order (each a tile centre with
/// its heading; the start pose first), for diagrams.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GridTrace {
    pub expanded: Vec<Pose>,
}

/// The 8 neighbouring tiles, by the compass direction of heading `k·π/4`.
const NEIGHBOURS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Grid {
    /// `Ok` when the grid is well formed.
    ///
    /// # Errors
    /// About `grid.columns`, `grid.rows`: [`Reason::NotPositive`]; about
    /// `grid`: [`Reason::TooMany`] tiles (beyond [`MAX_TILES`]); about
    /// `grid.tile`: [`Reason::NotFinite`], [`Reason::NotPositive`],
    /// [`Reason::TooLarge`] (the grid's side beyond
    /// [`MAX_MAGNITUDE`](crate::planner::MAX_MAGNITUDE)); about
    /// `grid.blocked`: [`Reason::WrongLength`].
    pub fn check(&self) -> Result<(), Error> {
        let at = |k| Field::named("grid").key(k);
        if self.columns == 0 {
            return Err(Error::new(at("columns"), Reason::NotPositive));
        }
        if self.rows == 0 {
            return Err(Error::new(at("rows"), Reason::NotPositive));
        }
        let tiles = self.columns.saturating_mul(self.rows);
        if tiles > MAX_TILES {
            return Err(Error::new(
                Field::named("grid"),
                Reason::TooMany {
                    max: MAX_TILES,
                    got: tiles,
                },
            ));
        }
        if !self.tile.is_finite() {
            return Err(Error::new(at("tile"), Reason::NotFinite));
        }
        if self.tile <= 0.0 {
            return Err(Error::new(at("tile"), Reason::NotPositive));
        }
        if self.tile * self.columns.max(self.rows) as f64 > MAX_MAGNITUDE {
            return Err(Error::new(at("tile"), TOO_LARGE));
        }
        if self.blocked.len() != tiles {
            return Err(Error::new(
                at("blocked"),
                Reason::WrongLength {
                    expected: tiles,
                    got: self.blocked.len(),
                },
            ));
        }
        Ok(())
    }

    fn width(&self) -> f64 {
        self.columns as f64 * self.tile
    }

    fn height(&self) -> f64 {
        self.rows as f64 * self.tile
    }

    /// Whether tile `(c, r)` is blocked or outside the grid.
    #[inline]
    fn blocked_at(&self, c: i64, r: i64) -> bool {
        c < 0
            || r < 0
            || c >= self.columns as i64
            || r >= self.rows as i64
            || self.blocked[r as usize * self.columns + c as usize] != 0
    }

    /// The tile holding `p` (inside the grid).
    fn tile_of(&self, p: Point) -> (i64, i64) {
        let c = ((p.x / self.tile).floor() as i64).clamp(0, self.columns as i64 - 1);
        let r = ((p.y / self.tile).floor() as i64).clamp(0, self.rows as i64 - 1);
        (c, r)
    }

    fn center(&self, c: i64, r: i64) -> Point {
        Point::new((c as f64 + 0.5) * self.tile, (r as f64 + 0.5) * self.tile)
    }

    /// The closed square of tile `(c, r)`.
    fn square(&self, c: i64, r: i64) -> (Point, Point) {
        let t = self.tile;
        (
            Point::new(c as f64 * t, r as f64 * t),
            Point::new((c + 1) as f64 * t, (r + 1) as f64 * t),
        )
    }

    /// Checks `p` (inside the grid, not on a blocked tile) as argument `what`.
    fn check_position(&self, p: Point, what: &'static str) -> Result<(), Error> {
        for (v, k, max) in [(p.x, "x", self.width()), (p.y, "y", self.height())] {
            if !(0.0..max).contains(&v) {
                return Err(Error::new(
                    Field::named(what).key(k),
                    Reason::OutOfRange { min: 0.0, max },
                ));
            }
        }
        let (c, r) = self.tile_of(p);
        if self.blocked_at(c, r) {
            let k = r as usize * self.columns + c as usize;
            return Err(Error::at(
                what,
                Reason::InsideObstacle(Field::named("grid").key("blocked").index(k)),
            ));
        }
        Ok(())
    }
}

/// How far (in tiles) outside its tile a curve's box reaches: the range of
/// tiles to look at.
fn tile_range(grid: &Grid, s: &Segment) -> (i64, i64, i64, i64) {
    let (lo, hi) = match s {
        Segment::Line(l) => (
            Point::new(l.start.x.min(l.end.x), l.start.y.min(l.end.y)),
            Point::new(l.start.x.max(l.end.x), l.start.y.max(l.end.y)),
        ),
        Segment::Arc(a) => {
            let r = a.radius;
            (
                Point::new(a.center.x - r, a.center.y - r),
                Point::new(a.center.x + r, a.center.y + r),
            )
        }
    };
    let t = grid.tile;
    (
        (lo.x / t).floor() as i64 - 1,
        (lo.y / t).floor() as i64 - 1,
        (hi.x / t).floor() as i64 + 1,
        (hi.y / t).floor() as i64 + 1,
    )
}

/// Whether segment `s` touches the closed square `lo`–`hi` (within
/// `tol`), with a quick rejection for arcs whose circle misses the square.
fn touches(s: &Segment, lo: Point, hi: Point, tol: f64) -> bool {
    if let Segment::Arc(a) = s {
        let c = a.center;
        let near = Point::new(c.x.clamp(lo.x, hi.x), c.y.clamp(lo.y, hi.y));
        let dmin = near.distance(c);
        let fx = (c.x - lo.x).abs().max((c.x - hi.x).abs());
        let fy = (c.y - lo.y).abs().max((c.y - hi.y).abs());
        let dmax = (fx * fx + fy * fy).sqrt();
        if a.radius < dmin - tol || a.radius > dmax + tol {
            return false;
        }
    }
    segment_box(s, lo, hi) <= tol
}

/// A Dubins curve between two tile centres `(dx, dy)` tiles apart (the
/// first at the origin), and the tiles it touches, relative to the first.
#[derive(Debug, Clone)]
struct Curve {
    path: Path,
    length: f64,
    footprint: Option<Vec<(i64, i64)>>,
}

/// The tiles (relative to the origin's) a path from the origin's tile
/// centre touches.
fn footprint(grid: &Grid, path: &Path, tol: f64) -> Vec<(i64, i64)> {
    let half = grid.tile * 0.5;
    let mut out: Vec<(i64, i64)> = Vec::new();
    for s in path.segments() {
        // In a frame where the origin's tile spans [0, tile)².
        let shifted = translate(s, half, half);
        let (c0, r0, c1, r1) = tile_range(grid, &shifted);
        for r in r0..=r1 {
            for c in c0..=c1 {
                if out.contains(&(c, r)) {
                    continue;
                }
                let (lo, hi) = grid.square(c, r);
                if touches(&shifted, lo, hi, tol) {
                    out.push((c, r));
                }
            }
        }
    }
    out
}

fn translate(s: &Segment, dx: f64, dy: f64) -> Segment {
    let m = |p: Point| Point::new(p.x + dx, p.y + dy);
    match s {
        Segment::Line(l) => Segment::Line(Line::new(m(l.start), m(l.end))),
        Segment::Arc(a) => Segment::Arc(Arc {
            center: m(a.center),
            ..*a
        }),
    }
}

/// A node: tile `(c, r)` and heading index `k` (`k·π/4`), or the start.
type NodeId = u64;
const START: NodeId = u64::MAX;
const GOAL: NodeId = u64::MAX - 1;

#[derive(Clone, Copy)]
struct Entry {
    f: f64,
    g: f64,
    node: NodeId,
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
    fn cmp(&self, o: &Entry) -> Ordering {
        o.f.total_cmp(&self.f).then(self.g.total_cmp(&o.g))
    }
}

/// What reached a node: from which node, by which curve (a curve of the
/// table, or one built for the start or the goal).
#[derive(Clone)]
enum Via {
    Table { index: usize, word: usize },
    Own(Path),
}

struct Record {
    g: f64,
    from: NodeId,
    via: Via,
    closed: bool,
    h: f64,
}

struct GridSearch<'a> {
    grid: &'a Grid,
    start: Pose,
    goal: Goal,
    goal_tile: (i64, i64),
    r: f64,
    tol: f64,
    /// The curves by (heading, neighbour, heading), each word sorted by
    /// length; built when first needed.
    curves: Vec<Option<Vec<Curve>>>,
    records: HashMap<NodeId, Record>,
    heap: BinaryHeap<Entry>,
    expanded: usize,
    start_escaped: bool,
}

fn node_id(grid: &Grid, c: i64, r: i64, k: usize) -> NodeId {
    ((r as u64 * grid.columns as u64 + c as u64) << 3) | k as u64
}

fn node_parts(grid: &Grid, id: NodeId) -> (i64, i64, usize) {
    let k = (id & 7) as usize;
    let t = id >> 3;
    (
        (t % grid.columns as u64) as i64,
        (t / grid.columns as u64) as i64,
        k,
    )
}

fn heading(k: usize) -> f64 {
    k as f64 * FRAC_PI_4
}

impl<'a> GridSearch<'a> {
    fn pose(&self, id: NodeId) -> Pose {
        if id == START {
            return self.start;
        }
        let (c, r, k) = node_parts(self.grid, id);
        Pose::at(self.grid.center(c, r), heading(k))
    }

    fn curves(&mut self, k0: usize, dir: usize, k1: usize) -> usize {
        let index = (k0 * 8 + dir) * 8 + k1;
        if self.curves[index].is_none() {
            let (dx, dy) = NEIGHBOURS[dir];
            let t = self.grid.tile;
            let goal = Pose::new(dx as f64 * t, dy as f64 * t, heading(k1));
            let mut list: Vec<Curve> =
                crate::planner::dubins_candidates(Pose::new(0.0, 0.0, heading(k0)), goal, self.r)
                    .map(|c| {
                        c.into_iter()
                            .map(|(_, path)| Curve {
                                length: path.length(),
                                path,
                                footprint: None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
            list.sort_by(|a, b| a.length.total_cmp(&b.length));
            self.curves[index] = Some(list);
        }
        index
    }

    /// The shortest legal word of curve `index` from tile `(c, r)`.
    fn legal_word(&mut self, index: usize, c: i64, r: i64) -> Option<usize> {
        let (grid, tol) = (self.grid, self.tol);
        let list = self.curves[index].as_mut()?;
        for (w, curve) in list.iter_mut().enumerate() {
            let fp = curve
                .footprint
                .get_or_insert_with(|| footprint(grid, &curve.path, tol));
            if fp.iter().all(|&(dc, dr)| !grid.blocked_at(c + dc, r + dr)) {
                return Some(w);
            }
        }
        None
    }

    /// Whether a path (in world coordinates) touches no blocked tile.
    fn path_free(&self, path: &Path) -> bool {
        for s in path.segments() {
            let (c0, r0, c1, r1) = tile_range(self.grid, s);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if !self.grid.blocked_at(c, r) {
                        continue;
                    }
                    let (lo, hi) = self.grid.square(c, r);
                    if touches(s, lo, hi, self.tol) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The shortest legal Dubins curve from `from` to the pose `to`.
    fn own_curve(&self, from: Pose, to: Pose) -> Option<Path> {
        let mut list = crate::planner::dubins_candidates(from, to, self.r).ok()?;
        list.sort_by(|a, b| a.1.length().total_cmp(&b.1.length()));
        list.into_iter().map(|(_, p)| p).find(|p| self.path_free(p))
    }

    /// The shortest legal last curve from `from` to the goal.
    fn to_goal(&self, from: Pose) -> Option<Path> {
        match self.goal {
            Goal::Pose(g) => self.own_curve(from, g),
            Goal::Point(p) => {
                if from.position().distance(p) <= self.tol {
                    return crate::planner::dubins_shortest(from, from, self.r).ok();
                }
                let sides = crate::planner::turn_then_go_sides(from, p, self.r).ok()?;
                let mut list: Vec<Path> = [sides.right, sides.left]
                    .into_iter()
                    .filter_map(|s| s.exit.ok().map(|e| e.path))
                    .collect();
                list.sort_by(|a, b| a.length().total_cmp(&b.length()));
                list.into_iter().find(|p| self.path_free(p))
            }
        }
    }

    fn heuristic(&self, id: NodeId) -> f64 {
        let p = self.pose(id);
        match self.goal {
            Goal::Point(g) => p.position().distance(g),
            Goal::Pose(g) => crate::planner::dubins_length(p, g, self.r)
                .map(|(l, _)| l)
                .unwrap_or_else(|_| p.position().distance(g.position())),
        }
    }

    fn lower_bound(&self, id: NodeId) -> f64 {
        let g = match self.goal {
            Goal::Point(g) => g,
            Goal::Pose(g) => g.position(),
        };
        self.pose(id).position().distance(g)
    }

    fn offer(&mut self, id: NodeId, g: f64, from: NodeId, via: Via) {
        match self.records.get_mut(&id) {
            Some(rec) if rec.closed || g >= rec.g => return,
            Some(rec) => {
                rec.g = g;
                rec.from = from;
                rec.via = via;
            }
            None => {
                self.records.insert(
                    id,
                    Record {
                        g,
                        from,
                        via,
                        closed: false,
                        h: f64::NAN,
                    },
                );
            }
        }
        let h = if id == GOAL {
            0.0
        } else {
            self.lower_bound(id)
        };
        self.heap.push(Entry {
            f: g + h,
            g,
            node: id,
            refined: false,
        });
    }

    /// Whether tile `(c, r)` is the goal's tile or one of its neighbours.
    fn near_goal(&self, c: i64, r: i64) -> bool {
        (c - self.goal_tile.0).abs() <= 1 && (r - self.goal_tile.1).abs() <= 1
    }

    fn expand(&mut self, id: NodeId, g: f64, trace: &mut Option<&mut GridTrace>) {
        let pose = self.pose(id);
        if let Some(t) = trace.as_deref_mut() {
            t.expanded.push(pose);
        }
        let (c, r) = self.grid.tile_of(pose.position());
        if self.near_goal(c, r) {
            if let Some(path) = self.to_goal(pose) {
                self.offer(GOAL, g + path.length(), id, Via::Own(path));
            }
        }
        if id == START {
            // From the exact start pose to the 8 headings of its own tile and
            // of the 8 neighbours.
            for (dc, dr) in [(0, 0)].into_iter().chain(NEIGHBOURS) {
                let (nc, nr) = (c + dc, r + dr);
                if self.grid.blocked_at(nc, nr) {
                    continue;
                }
                for k in 0..8 {
                    let to = Pose::at(self.grid.center(nc, nr), heading(k));
                    if let Some(path) = self.own_curve(pose, to) {
                        let to_id = node_id(self.grid, nc, nr, k);
                        self.offer(to_id, g + path.length(), id, Via::Own(path));
                    }
                }
            }
            return;
        }
        let (_, _, k0) = node_parts(self.grid, id);
        for (dir, &(dc, dr)) in NEIGHBOURS.iter().enumerate() {
            let (nc, nr) = (c + dc, r + dr);
            if self.grid.blocked_at(nc, nr) {
                continue;
            }
            for k1 in 0..8 {
                let to_id = node_id(self.grid, nc, nr, k1);
                if self.records.get(&to_id).is_some_and(|rec| rec.closed) {
                    continue;
                }
                let index = self.curves(k0, dir, k1);
                if let Some(word) = self.legal_word(index, c, r) {
                    let len = self.curves[index]
                        .as_ref()
                        .map_or(f64::INFINITY, |l| l[word].length);
                    self.offer(to_id, g + len, id, Via::Table { index, word });
                }
            }
        }
    }

    fn run(
        &mut self,
        max_expanded: usize,
        mut trace: Option<&mut GridTrace>,
    ) -> Result<Path, NoPath> {
        self.records.insert(
            START,
            Record {
                g: 0.0,
                from: START,
                via: Via::Table { index: 0, word: 0 },
                closed: false,
                h: 0.0,
            },
        );
        self.heap.push(Entry {
            f: 0.0,
            g: 0.0,
            node: START,
            refined: true,
        });
        while let Some(e) = self.heap.pop() {
            let Some(rec) = self.records.get(&e.node) else {
                continue;
            };
            if rec.closed || e.g > rec.g {
                continue;
            }
            if !e.refined && e.node != GOAL && matches!(self.goal, Goal::Pose(_)) {
                let h = if rec.h.is_nan() {
                    self.heuristic(e.node)
                } else {
                    rec.h
                };
                if let Some(rec) = self.records.get_mut(&e.node) {
                    rec.h = h;
                }
                if e.g + h > e.f {
                    self.heap.push(Entry {
                        f: e.g + h,
                        refined: true,
                        ..e
                    });
                    continue;
                }
            }
            if let Some(rec) = self.records.get_mut(&e.node) {
                rec.closed = true;
                if rec.from == START && e.node != START {
                    self.start_escaped = true;
                }
            }
            if e.node == GOAL {
                return Ok(self.build());
            }
            if self.expanded >= max_expanded {
                return Err(NoPath::SearchLimit {
                    expanded: self.expanded,
                });
            }
            self.expanded += 1;
            self.expand(e.node, e.g, &mut trace);
        }
        if !self.start_escaped {
            return Err(NoPath::StartEnclosed);
        }
        // Can anything reach the goal at all?
        let (gc, gr) = self.goal_tile;
        for dr in -1..=1 {
            for dc in -1..=1 {
                if self.grid.blocked_at(gc + dc, gr + dr) {
                    continue;
                }
                for k in 0..8 {
                    let from = Pose::at(self.grid.center(gc + dc, gr + dr), heading(k));
                    if self.to_goal(from).is_some() {
                        return Err(NoPath::Blocked);
                    }
                }
            }
        }
        Err(NoPath::GoalEnclosed)
    }

    fn build(&self) -> Path {
        let mut pieces: Vec<Segment> = Vec::new();
        let mut at = GOAL;
        while at != START {
            let Some(rec) = self.records.get(&at) else {
                break;
            };
            match &rec.via {
                Via::Own(p) => pieces.extend(p.segments().iter().rev().copied()),
                Via::Table { index, word } => {
                    let from = self.pose(rec.from).position();
                    if let Some(curve) = self.curves[*index].as_ref().and_then(|l| l.get(*word)) {
                        pieces.extend(
                            curve
                                .path
                                .segments()
                                .iter()
                                .rev()
                                .map(|s| translate(s, from.x, from.y)),
                        );
                    }
                }
            }
            at = rec.from;
        }
        pieces.reverse();
        Path::new(pieces).unwrap_or_else(|_| unreachable_path())
    }
}

fn unreachable_path() -> Path {
    crate::planner::dubins::coincident_path(Pose::new(0.0, 0.0, 0.0), 1.0)
}

/// [`plan_on_grid_with`] with the default options and no trace.
///
/// # Errors
/// As [`plan_on_grid_with`].
///
/// # Examples
/// ```
/// use arcline::planner::pathfind::{plan_on_grid, Grid};
/// use arcline::{Point, Pose};
/// // A 5 × 1 corridor of unit tiles: straight along it from tile 0 to tile 4.
/// let grid = Grid { columns: 5, rows: 1, tile: 1.0, blocked: vec![0; 5] };
/// let plan = plan_on_grid(&grid, Pose::new(0.5, 0.5, 0.0), Point::new(4.5, 0.5), 0.4).unwrap();
/// assert!((plan.path().unwrap().length() - 4.0).abs() < 1e-9);
/// ```
pub fn plan_on_grid(
    grid: &Grid,
    start: Pose,
    goal: impl Into<Goal>,
    radius: f64,
) -> Result<GridPlan, Error> {
    plan_on_grid_with(grid, start, goal, radius, &GridOptions::default(), None)
}

/// Pinter's directional A* on `grid` from the `start` pose to the `goal`
/// (a point: any arrival heading; a pose: that heading) for a unit of
/// turning radius `radius`.
///
/// The result is the path (lines and arcs of radius `radius`, G1, touching
/// no blocked tile) or why there is none ([`NoPath`]), and the number of
/// nodes expanded. The search stops after `options.max_expanded` nodes.
/// When `trace` is given it receives the expanded nodes.
///
/// # Errors
/// The grid's errors ([`Grid::check`]); [`Reason::NotFinite`] or
/// [`Reason::TooLarge`] about `start.*`, `goal.*`; [`Reason::OutOfRange`]
/// about `start.x`… for a position outside the grid;
/// [`Reason::InsideObstacle`] about `start` or `goal` on a blocked tile
/// (naming `grid.blocked[k]`); the radius errors of the planner.
pub fn plan_on_grid_with(
    grid: &Grid,
    start: Pose,
    goal: impl Into<Goal>,
    radius: f64,
    options: &GridOptions,
    trace: Option<&mut GridTrace>,
) -> Result<GridPlan, Error> {
    grid.check()?;
    let start = check_pose(start, "start")?;
    let goal = goal.into();
    match goal {
        Goal::Pose(p) => {
            check_pose(p, "goal")?;
        }
        Goal::Point(p) => {
            check_point(p, "goal")?;
        }
    }
    let r = check_radius(radius)?;
    grid.check_position(start.position(), "start")?;
    let goal_point = match goal {
        Goal::Pose(p) => p.position(),
        Goal::Point(p) => p,
    };
    grid.check_position(goal_point, "goal")?;
    let scale = grid.width().max(grid.height()).max(r);
    let mut search = GridSearch {
        grid,
        start,
        goal,
        goal_tile: grid.tile_of(goal_point),
        r,
        tol: 1e-9 * scale.max(1.0),
        curves: vec![None; 512],
        records: HashMap::new(),
        heap: BinaryHeap::new(),
        expanded: 0,
        start_escaped: false,
    };
    let result = search.run(options.max_expanded, trace);
    Ok(GridPlan {
        result,
        expanded: search.expanded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(columns: usize, rows: usize) -> Grid {
        Grid {
            columns,
            rows,
            tile: 1.0,
            blocked: vec![0; columns * rows],
        }
    }

    #[test]
    fn a_curve_touching_a_tile_corner_touches_the_tile() {
        let g = open(3, 3);
        // The diagonal from the centre of (0, 0) to the centre of (1, 1)
        // passes the corner (1, 1) shared with tiles (1, 0) and (0, 1).
        let p = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(1.0, 1.0))).unwrap();
        let mut fp = footprint(&g, &p, 1e-9);
        fp.sort();
        assert_eq!(fp, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    }

    #[test]
    fn bad_grids_are_named() {
        let mut g = open(4, 4);
        g.blocked.pop();
        let e = plan_on_grid(&g, Pose::new(0.5, 0.5, 0.0), Point::new(3.5, 3.5), 1.0).unwrap_err();
        assert_eq!(e.to_string(), "grid.blocked: must hold 16 values, got 15");
        let mut g = open(4, 4);
        g.blocked[5] = 1;
        let e = plan_on_grid(&g, Pose::new(1.5, 1.5, 0.0), Point::new(3.5, 3.5), 1.0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "start: is inside or too close to grid.blocked[5]"
        );
        let e = plan_on_grid(
            &open(4, 4),
            Pose::new(0.5, 0.5, 0.0),
            Point::new(4.5, 3.5),
            1.0,
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "goal.x: must be from 0 to 4");
    }
}
