//! Directional A* on a tile grid (after Pinter, "Toward More Realistic
//! Pathfinding"): a node is a tile's centre with one of 8 headings (the
//! compass directions, `k·π/4`); an edge joins a node to a node of any tile
//! within the edges' reach (`k` tiles along each axis: 1, the 8
//! neighbours, for a turning radius up to half a tile; the least whole
//! number at least `r / tile + ½` above, at most 4; see `grid_curves`) by a
//! Dubins curve (lines and arcs of the turning radius), legal when no
//! blocked tile lies under it. The start is the unit's exact pose, joined
//! to the nodes of its own tile and of the tiles within reach; the goal is
//! the exact point or pose asked for, joined from the nodes of its tile and
//! of the tiles within reach.
//!
//! The reach is what lets the unit turn: between the centres of
//! neighbouring tiles a turn of a radius of a tile or more is a loop round
//! a circle of diameter `2r`, which the blocked tiles nearly always cut, so
//! with edges to the neighbours only the search could not turn among
//! scattered walls at all.
//!
//! Each edge is the shortest of the six Dubins words between its two poses
//! whose curve touches no blocked tile (the closed squares: touching a
//! blocked tile's edge or corner counts, so a curve never squeezes
//! diagonally between two blocked tiles). Between tile centres the same
//! offset apart the curves are the same up to a translation, so each
//! (heading, offset, heading) curve is built once with the tiles it touches
//! (in closed form; kept for the next plan of the same tile size and
//! radius, see `grid_curves`); the edges out of the start and into the
//! goal are checked against the blocked tiles near them.
//!
//! The search is optimal among paths made of these edges: the heuristic,
//! the shortest route over the free tiles to the goal with steps as long
//! as the straight lines between tile centres (`tile_distance`), refined
//! to the Dubins length for a goal pose, is a lower bound; paths through
//! other positions or headings are not considered. It says there is no
//! path only after it has taken every node the start reaches (those the
//! bound proves cut off from the goal left out), and that it stopped when
//! it reached its limit ([`NoPath::SearchLimit`]).

use super::grid_curves::{
    by_length, heading, offsets, reach, tile_range, translate, CurveTable, Piece, MASK_REACH,
};
use super::tile_distance::{Entry, NodeId, TileDistance};
use super::tiles::Grid;
use super::{Goal, NoPath};
use crate::error::Error;
use crate::geom::math::larger;
use crate::planner::error::{check_pose, check_radius};
use crate::{Path, Pose, Segment};
use std::collections::BinaryHeap;

/// The default of [`GridOptions::max_expanded`].
pub const DEFAULT_GRID_EXPANSIONS: usize = 200_000;

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
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
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
    /// The path, or why there is none.
    pub result: Result<Path, NoPath>,
    /// How many nodes (tile and heading) the search expanded.
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
    /// The expanded nodes, in order.
    pub expanded: Vec<Pose>,
}

const START: NodeId = u32::MAX;
const GOAL: NodeId = u32::MAX - 1;

/// What reached a node: by which curve (a word of a curve of the table,
/// or a curve built for the start or the goal, kept in `GridSearch::own`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Via {
    Table { index: u16, word: u8 },
    Own(u32),
}

/// The best path found to a node so far: its length `g`, the node before,
/// the curve between; `h` the heuristic once worked out (NaN before).
#[derive(Clone, Copy, Debug)]
struct Record {
    g: f64,
    from: NodeId,
    via: Via,
    closed: bool,
    h: f64,
}

/// No path to this node yet.
const UNSEEN: Record = Record {
    g: f64::INFINITY,
    from: START,
    via: Via::Own(0),
    closed: false,
    h: f64::NAN,
};

/// The records of the nodes, by id, in pages of [`PAGE`] allocated when
/// first written (a search touches a part of the grid), and the start's and
/// the goal's apart.
struct Records {
    pages: Vec<Option<Box<[Record]>>>,
    start: Record,
    goal: Record,
}

const PAGE: usize = 1 << 12;

impl Records {
    fn new(nodes: usize) -> Records {
        Records {
            pages: vec![None; nodes.div_ceil(PAGE)],
            start: UNSEEN,
            goal: UNSEEN,
        }
    }

    fn get(&self, id: &NodeId) -> Option<&Record> {
        let rec = match *id {
            START => &self.start,
            GOAL => &self.goal,
            id => {
                let page = self.pages.get(id as usize / PAGE)?.as_ref()?;
                &page[id as usize % PAGE]
            }
        };
        (rec.g < f64::INFINITY).then_some(rec)
    }

    fn slot(&mut self, id: NodeId) -> Option<&mut Record> {
        match id {
            START => Some(&mut self.start),
            GOAL => Some(&mut self.goal),
            id => {
                let page = self.pages.get_mut(id as usize / PAGE)?;
                let page = page.get_or_insert_with(|| vec![UNSEEN; PAGE].into_boxed_slice());
                Some(&mut page[id as usize % PAGE])
            }
        }
    }

    fn get_mut(&mut self, id: &NodeId) -> Option<&mut Record> {
        self.slot(*id).filter(|r| r.g < f64::INFINITY)
    }

    fn insert(&mut self, id: NodeId, rec: Record) {
        if let Some(r) = self.slot(id) {
            *r = rec;
        }
    }
}

struct GridSearch<'a> {
    grid: &'a Grid,
    start: Pose,
    goal: Goal,
    goal_tile: (i64, i64),
    r: f64,
    tol: f64,
    /// How many tiles (along each axis) an edge reaches.
    reach: i64,
    /// The curves between neighbouring tiles.
    table: &'a mut CurveTable,
    records: Records,
    /// The grid's blocked tiles (as 0 or 1), with a border of
    /// [`MASK_REACH`] blocked tiles round it.
    padded: Vec<u8>,
    /// The curves out of the start and into the goal.
    own: Vec<Path>,
    heap: BinaryHeap<Entry>,
    /// The heuristic: a lower bound of the rest from each tile's centre.
    to_goal_bound: TileDistance,
    expanded: usize,
    start_escaped: bool,
}

/// Ids fit: at most [`MAX_TILES`] tiles of 8 nodes, below `2^25`.
fn node_id(grid: &Grid, c: i64, r: i64, k: usize) -> NodeId {
    ((r as u32 * grid.columns as u32 + c as u32) << 3) | k as u32
}

fn node_parts(grid: &Grid, id: NodeId) -> (i64, i64, usize) {
    let k = (id & 7) as usize;
    let t = id >> 3;
    (
        (t % grid.columns as u32) as i64,
        (t / grid.columns as u32) as i64,
        k,
    )
}

impl<'a> GridSearch<'a> {
    /// A search on `grid` from `start` to `goal` (both checked) at radius
    /// `r`, tolerance `tol` and edges reaching `reach` tiles, with the
    /// curves of `table`; not run.
    fn new(
        grid: &'a Grid,
        table: &'a mut CurveTable,
        start: Pose,
        goal: Goal,
        r: f64,
        tol: f64,
        reach: i64,
    ) -> GridSearch<'a> {
        let goal_point = goal.position();
        GridSearch {
            grid,
            start,
            goal,
            goal_tile: grid.tile_of(goal_point),
            r,
            tol,
            reach,
            table,
            records: Records::new(grid.columns * grid.rows * 8),
            padded: padded(grid),
            own: Vec::new(),
            heap: BinaryHeap::new(),
            to_goal_bound: TileDistance::new(
                grid,
                goal_point,
                grid.tile_of(goal_point),
                grid.tile_of(start.position()),
                reach,
            ),
            expanded: 0,
            start_escaped: false,
        }
    }

    fn pose(&self, id: NodeId) -> Pose {
        if id == START {
            return self.start;
        }
        let (c, r, k) = node_parts(self.grid, id);
        Pose::at(self.grid.center(c, r), heading(k))
    }

    /// The mask of the blocked tiles (or outside) round tile `(c, r)`,
    /// read from the padded copy of the grid.
    fn around(&self, c: i64, r: i64) -> u128 {
        let w = self.grid.columns + 2 * MASK_REACH as usize;
        let m = self.table.mask_reach();
        // The mask's block starts `m` tiles before (c, r), which is at
        // `MASK_REACH` in the padded copy.
        let skip = (MASK_REACH - m) as usize;
        let side = 2 * m as usize + 1;
        let mut mask = 0;
        let mut bit = 0;
        for dr in 0..side {
            let row = (r as usize + skip + dr) * w + c as usize + skip;
            for dc in 0..side {
                mask |= u128::from(self.padded[row + dc]) << bit;
                bit += 1;
            }
        }
        mask
    }

    /// Whether a path (in world coordinates) touches no blocked tile.
    fn path_free(&self, path: &Path) -> bool {
        let (w, h) = (self.grid.width(), self.grid.height());
        for s in path.segments() {
            let piece = Piece::new(*s);
            // Outside the grid is blocked.
            let b = piece.bounds;
            if !(b.min.x > 0.0 && b.min.y > 0.0 && b.max.x < w && b.max.y < h) {
                return false;
            }
            let Some((c0, r0, c1, r1)) = tile_range(&self.grid.shape(), &b, 2.0 * self.tol) else {
                return false;
            };
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if !self.grid.blocked_at(c, r) {
                        continue;
                    }
                    let (lo, hi) = self.grid.square(c, r);
                    if piece.touches(lo, hi, self.tol) {
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
        by_length(&mut list, |c| c.1.length());
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
                by_length(&mut list, Path::length);
                list.into_iter().find(|p| self.path_free(p))
            }
        }
    }

    /// The heuristic refined when a node is first taken from the queue:
    /// for a goal pose, the Dubins length to it when more than the tile
    /// bound.
    fn heuristic(&self, id: NodeId) -> f64 {
        let bound = self.lower_bound(id);
        match self.goal {
            Goal::Point(_) => bound,
            Goal::Pose(g) => larger(
                super::tangent_graph::dubins_distance(self.pose(id), g, self.r),
                bound,
            ),
        }
    }

    /// The lower bound of the rest from node `id` (at a tile centre):
    /// round the walls ([`TileDistance`]).
    fn lower_bound(&self, id: NodeId) -> f64 {
        let (c, r, _) = node_parts(self.grid, id);
        self.to_goal_bound.at(c, r)
    }

    /// Keeps a curve made for the start or the goal.
    fn own(&mut self, path: Path) -> Via {
        self.own.push(path);
        Via::Own((self.own.len() - 1) as u32)
    }

    /// A path of length `g` to node `id` from node `from`.
    fn offer(&mut self, id: NodeId, g: f64, from: NodeId, via: Via) {
        let h = if id == GOAL {
            0.0
        } else {
            self.lower_bound(id)
        };
        if h == f64::INFINITY {
            // Walled off from the goal.
            return;
        }
        self.push(id, g, h, from, via);
    }

    /// A path of length `g` to node `id` from node `from`, `h` the
    /// heuristic there.
    #[inline]
    fn push(&mut self, id: NodeId, g: f64, h: f64, from: NodeId, via: Via) {
        let Some(rec) = self.records.slot(id) else {
            return;
        };
        if rec.closed || g >= rec.g {
            return;
        }
        rec.g = g;
        rec.from = from;
        rec.via = via;
        self.heap.push(Entry {
            f: g + h,
            g,
            node: id,
            parent: (),
            refined: false,
        });
    }

    /// Whether tile `(c, r)` is the goal's tile or within an edge's reach
    /// of it.
    fn near_goal(&self, c: i64, r: i64) -> bool {
        (c - self.goal_tile.0).abs() <= self.reach && (r - self.goal_tile.1).abs() <= self.reach
    }

    fn expand(&mut self, id: NodeId, g: f64, trace: &mut Option<&mut GridTrace>) {
        let pose = self.pose(id);
        if let Some(t) = trace.as_deref_mut() {
            t.expanded.push(pose);
        }
        let (c, r) = self.grid.tile_of(pose.position());
        if self.near_goal(c, r) {
            if let Some(path) = self.to_goal(pose) {
                let len = path.length();
                let via = self.own(path);
                self.offer(GOAL, g + len, id, via);
            }
        }
        if id == START {
            // From the exact start pose to the 8 headings of its own tile and
            // of every tile within an edge's reach.
            for (dc, dr) in [(0, 0)].into_iter().chain(offsets(self.reach)) {
                let (nc, nr) = (c + dc, r + dr);
                if self.grid.blocked_at(nc, nr) {
                    continue;
                }
                for k in 0..8 {
                    let to = Pose::at(self.grid.center(nc, nr), heading(k));
                    if let Some(path) = self.own_curve(pose, to) {
                        let to_id = node_id(self.grid, nc, nr, k);
                        let len = path.length();
                        let via = self.own(path);
                        self.start_escaped = true;
                        self.offer(to_id, g + len, id, via);
                    }
                }
            }
            return;
        }
        let (_, _, k0) = node_parts(self.grid, id);
        let around = self.around(c, r);
        for dir in 0..self.table.offsets().len() {
            let (dc, dr) = self.table.offsets()[dir];
            let (nc, nr) = (c + dc, r + dr);
            if self.grid.blocked_at(nc, nr) {
                continue;
            }
            let h = self.to_goal_bound.at(nc, nr);
            if h == f64::INFINITY {
                // Walled off from the goal.
                continue;
            }
            for k1 in 0..8 {
                let index = self.table.index(k0, dir, k1);
                if let Some((word, len)) = self.table.legal_word(self.grid, index, c, r, around) {
                    let via = Via::Table {
                        index: index as u16,
                        word: word as u8,
                    };
                    self.push(node_id(self.grid, nc, nr, k1), g + len, h, id, via);
                }
            }
        }
    }

    /// The search: the path or why there is none.
    ///
    /// # Errors
    /// [`Reason::Internal`] when the path found cannot be built
    /// ([`GridSearch::build`]).
    fn run(
        &mut self,
        max_expanded: usize,
        mut trace: Option<&mut GridTrace>,
    ) -> Result<Result<Path, NoPath>, Error> {
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
            parent: (),
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
                return self.build().map(Ok);
            }
            if self.expanded >= max_expanded {
                return Ok(Err(NoPath::SearchLimit {
                    expanded: self.expanded,
                }));
            }
            self.expanded += 1;
            self.expand(e.node, e.g, &mut trace);
        }
        if !self.start_escaped {
            return Ok(Err(NoPath::StartEnclosed));
        }
        // Can anything reach the goal at all?
        let (gc, gr) = self.goal_tile;
        for dr in -self.reach..=self.reach {
            for dc in -self.reach..=self.reach {
                if self.grid.blocked_at(gc + dc, gr + dr) {
                    continue;
                }
                for k in 0..8 {
                    let from = Pose::at(self.grid.center(gc + dc, gr + dr), heading(k));
                    if self.to_goal(from).is_some() {
                        return Ok(Err(NoPath::Blocked));
                    }
                }
            }
        }
        Ok(Err(NoPath::GoalEnclosed))
    }

    /// The path to the goal, from the records.
    ///
    /// # Errors
    /// [`Reason::Internal`] when the records do not lead back from the goal
    /// to the start by curves the search kept, or the path is empty though
    /// the goal is not at the start (never, for a search that reached the
    /// goal).
    fn build(&self) -> Result<Path, Error> {
        let broken = || Error::internal("the grid search's records do not lead back to the start");
        let mut pieces: Vec<Segment> = Vec::new();
        let mut at = GOAL;
        while at != START {
            let rec = self.records.get(&at).ok_or_else(broken)?;
            match rec.via {
                Via::Own(i) => {
                    let p = self.own.get(i as usize).ok_or_else(broken)?;
                    pieces.extend(p.segments().iter().rev().copied());
                }
                Via::Table { index, word } => {
                    let from = self.pose(rec.from).position();
                    let path = self
                        .table
                        .path(usize::from(index), usize::from(word))
                        .ok_or_else(broken)?;
                    pieces.extend(
                        path.segments()
                            .iter()
                            .rev()
                            .map(|s| translate(s, from.x, from.y)),
                    );
                }
            }
            at = rec.from;
        }
        pieces.reverse();
        // The zero-length arcs and lines of the Dubins words go (a start at
        // the goal keeps the start's zero-length arc).
        let tol = self.tol;
        let kept: Vec<Segment> = pieces
            .iter()
            .copied()
            .filter(|s| s.length() > tol)
            .collect();
        if kept.is_empty() {
            if self.start.position().distance(self.goal.position()) > tol {
                return Err(Error::internal(
                    "the grid search's path to a goal away from the start is empty",
                ));
            }
            return crate::planner::dubins::coincident_path(self.start, self.r);
        }
        Path::new(kept).map_err(|_| Error::internal("the grid search's path is not valid"))
    }
}

/// `grid.blocked` as 0 or 1 with a border of [`MASK_REACH`] blocked tiles.
fn padded(grid: &Grid) -> Vec<u8> {
    let m = MASK_REACH as usize;
    let w = grid.columns + 2 * m;
    let mut out = vec![1u8; w * (grid.rows + 2 * m)];
    for r in 0..grid.rows {
        for c in 0..grid.columns {
            out[(r + m) * w + c + m] = u8::from(grid.blocked[r * grid.columns + c] != 0);
        }
    }
    out
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
/// The curves between tiles within an edge's reach (up to 3072 words for
/// the 8 neighbours, 30,720 at the widest reach, each with the tiles it
/// touches) are kept, on this thread, for the next plan with the same tile
/// size, radius and grid size: a plan after a wall is painted reads them
/// instead of building them again.
///
/// # Errors
/// The grid's errors ([`Grid::check`]); [`Reason::NotFinite`] or
/// [`Reason::TooLarge`] about `start.*`, `goal.*`; [`Reason::OutOfRange`]
/// about `start.x`… for a position outside the grid;
/// [`Reason::InsideObstacle`] about `start` or `goal` on a blocked tile
/// (naming `grid.blocked[k]`); the radius errors of the planner;
/// [`Reason::Internal`] when the path found cannot be built (a bug).
///
/// [`Reason::NotFinite`]: crate::Reason::NotFinite
/// [`Reason::TooLarge`]: crate::Reason::TooLarge
/// [`Reason::OutOfRange`]: crate::Reason::OutOfRange
/// [`Reason::InsideObstacle`]: crate::Reason::InsideObstacle
/// [`Reason::Internal`]: crate::Reason::Internal
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
    goal.check()?;
    let r = check_radius(radius)?;
    grid.check_position(start.position(), "start")?;
    grid.check_position(goal.position(), "goal")?;
    let scale = grid.width().max(grid.height()).max(r);
    let tol = 1e-9 * scale.max(1.0);
    let mut table = CurveTable::take(grid, r, tol);
    let reach = reach(r, grid.tile);
    let mut search = GridSearch::new(grid, &mut table, start, goal, r, tol, reach);
    let result = search.run(options.max_expanded, trace);
    let expanded = search.expanded;
    table.keep();
    Ok(GridPlan {
        result: result?,
        expanded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Reason};

    fn open(columns: usize, rows: usize) -> Grid {
        Grid {
            columns,
            rows,
            tile: 1.0,
            blocked: vec![0; columns * rows],
        }
    }

    /// A search on `grid` from `start` to `goal` at radius 0.5, not run.
    fn search_on<'a>(
        grid: &'a Grid,
        table: &'a mut CurveTable,
        start: Pose,
        goal: Goal,
    ) -> GridSearch<'a> {
        GridSearch::new(grid, table, start, goal, 0.5, 1e-9, 1)
    }

    /// A closed record at cost `g`, reached from `from` by `via`.
    fn closed_at(g: f64, from: NodeId, via: Via) -> Record {
        Record {
            g,
            from,
            via,
            closed: true,
            h: 0.0,
        }
    }

    /// The zero-length path of a radius of 0.5 at `start`.
    fn coincident(start: Pose) -> Path {
        crate::planner::dubins::coincident_path(start, 0.5).unwrap()
    }

    #[test]
    fn records_that_do_not_lead_back_to_the_start_are_an_internal_error() {
        let g = open(4, 1);
        let mut table = CurveTable::take(&g, 0.5, 1e-9);
        let start = Pose::new(0.5, 0.5, 0.0);
        let mut s = search_on(&g, &mut table, start, Goal::Point(Point::new(3.5, 0.5)));
        // The goal reached by a curve the search never kept.
        s.records.insert(GOAL, closed_at(3.0, START, Via::Own(7)));
        let e = s.build().unwrap_err();
        assert!(matches!(e.reason(), Reason::Internal { .. }), "{e}");
        // Reached from a node with no record.
        s.records
            .insert(GOAL, closed_at(3.0, node_id(&g, 2, 0, 0), Via::Own(0)));
        let e = s.build().unwrap_err();
        assert!(matches!(e.reason(), Reason::Internal { .. }), "{e}");
        // An empty path to a goal away from the start.
        s.own.push(coincident(start));
        s.records.insert(GOAL, closed_at(0.0, START, Via::Own(0)));
        let e = s.build().unwrap_err();
        assert!(matches!(e.reason(), Reason::Internal { .. }), "{e}");
        // The same with the goal at the start: the start's zero-length arc.
        let mut table = CurveTable::take(&g, 0.5, 1e-9);
        let mut s = search_on(&g, &mut table, start, Goal::Point(start.position()));
        s.own.push(coincident(start));
        s.records.insert(GOAL, closed_at(0.0, START, Via::Own(0)));
        assert_eq!(s.build().unwrap().length(), 0.0);
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
