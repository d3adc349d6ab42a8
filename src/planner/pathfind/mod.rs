//! Pathfinding for a unit with a minimum turning radius: around circles and
//! simple polygons ([`plan_around`]), and on a tile grid ([`plan_on_grid`],
//! Pinter's directional A*). Every path is lines and arcs only, G1, every
//! arc of radius at least the turning radius; the collision checks are
//! exact (closed-form distances from lines and arcs to disks, segments and
//! squares, [`crate::geom::distance`]).
//!
//! # How [`plan_around`] searches
//!
//! The tangent graph of Red Blob Games' "circular obstacle pathfinding",
//! made for a unit that cannot turn on the spot:
//!
//! 1. Each obstacle circle, grown by the clearance, is a *guide circle*
//!    the path may turn along; when it is smaller than the turning radius it
//!    is enlarged to the turning radius (about the same centre), so that an
//!    arc along it is one the unit can drive. Each convex polygon corner is
//!    rounded to a guide circle of radius `max(clearance, turning radius)`.
//!    The start's two turning circles (and a goal pose's two) are guide
//!    circles of the turning radius.
//! 2. Edges are the lines tangent to two guide circles, each circle with a
//!    turning direction (left or right), and the arcs along a circle
//!    between the tangent points, in its direction: each joint is G1.
//!    Every line and arc is checked against the real obstacles (grown by the
//!    clearance only), not against the guide circles: an enlarged guide
//!    circle is where the path turns, not a wall.
//! 3. A* searches the graph from the start pose (along a start circle)
//!    to the goal (a tangent to the goal point, or along a goal circle to
//!    the goal pose), with the Dubins length ignoring obstacles as the
//!    heuristic near the goal (the straight-line distance farther off, and
//!    for a goal point). The direct Dubins words from start to goal (all
//!    six, CCC included) are candidates too. The graph is built while it is
//!    searched: an arc along a circle is checked when the edge is made (how
//!    far the circle is free, in closed form), a tangent line when its node
//!    is first taken from the queue, each once per plan. A* runs bounded by
//!    a length (5% over the lower bound at the start, raised when nothing
//!    is found below it), which lets it skip, from the distances between
//!    circle centres alone, the tangents that cannot be on a path that
//!    short; the graph built so far is kept from one run to the next. An
//!    arrival on a circle that an earlier one reaches along the circle at
//!    no more cost is not expanded (everything it would offer, the earlier
//!    one did).
//! 4. No path is proven without exploring everything the start reaches:
//!    after 16 expansions the search checks that some last edge can reach
//!    the goal at all (a goal walled in by obstacles ends there,
//!    [`NoPath::GoalEnclosed`]), and when the first bounded run finds
//!    nothing, a search backwards from the goal (without lengths, with
//!    looser checks than the forward ones) looks for the part of the graph
//!    that leads to the goal; closed without the start in it, there is no
//!    path ([`NoPath::Blocked`]). Both are bounded; when they cannot tell,
//!    A* goes on. The search expands at most
//!    [`AroundOptions::max_expanded`] nodes in all and says so when it
//!    stops ([`NoPath::SearchLimit`]).
//! 5. [`plan_around`] keeps its graph for the next plan on the same thread
//!    (not [`plan_around_traced`], which records what it checks): a plan
//!    after a drag (one obstacle moved, or the start, or the goal) reuses
//!    the tangents between the guide circles that did not move and the
//!    verdicts on their lines, checked against the obstacles that moved.
//!    Its path is the one a plan from scratch finds (tests compare them).
//!
//! How fast it plans (a field of 200 circles re-planned while one moves,
//! and the first plan on a field) is measured by `make bench`
//! (BENCHMARKS.md). A field whose goal is walled in is proven so in a few
//! expansions, not by exhausting the search's limit.

//! # What is optimal and what is not
//!
//! - The path is the shortest path *of the graph* (and of the direct
//!   Dubins words): the heuristic never overestimates and every bound is a
//!   true lower bound, so the first path A* completes is the shortest it
//!   could build ([`PlanAround::shortest`]). The search's limit only ever
//!   turns a path into [`NoPath::SearchLimit`], never into a longer path.
//!   Tests check this against a brute force that builds the whole graph
//!   (edges checked by sampling) and runs Dijkstra on it.
//! - It is not the shortest of all curvature-bounded paths. A shortest
//!   path may touch an obstacle with an arc of the turning radius whose
//!   centre is not the obstacle's (around an obstacle smaller than the
//!   turning radius it curves on a circle of the turning radius *through*
//!   the clearance, not around the obstacle's centre); the graph only turns
//!   on the guide circles, so around small obstacles its path swings wider
//!   than needed.
//! - The enlargement also means a path hugging an enlarged circle may come
//!   nearer another obstacle than a tighter path would, so a narrow passage
//!   next to a small obstacle may be found only through other tangents, or
//!   not at all; the lines themselves go through any gap the real
//!   obstacles leave.
//! - The path leaves the start by a turn on a start circle then a tangent
//!   (and arrives at a goal pose by a tangent then a turn on a goal circle):
//!   other ways out (an S-turn, a CCC start near an obstacle) are found only
//!   as whole direct Dubins words.
//! - A goal point is reached by a tangent line; it is never reached by an
//!   arc (a goal inside an enlarged circle can be reached only by lines
//!   from other circles or from the start's turning circles).
//!
//! For the grid planner see [`plan_on_grid_with`].

mod broad_phase;
mod collision;
mod grid;
mod grid_curves;
mod kept;
mod no_path;
mod obstacles;
mod problem;
mod query;
mod queue;
mod reach;
mod search;
#[cfg(feature = "serde")]
pub mod shape;
mod tangent_graph;
mod tile_distance;
mod tiles;

pub use collision::ObstacleId;
pub use grid::{
    plan_on_grid, plan_on_grid_with, GridOptions, GridPlan, GridTrace, DEFAULT_GRID_EXPANSIONS,
};
pub use no_path::NoPath;
pub use obstacles::{Circle, Obstacles, MAX_OBSTACLES, MAX_POLYGON_CORNERS};
pub use query::{AroundOptions, Goal, PlanAround, SearchTrace, TracedEdge, DEFAULT_EXPANSIONS};
pub use tangent_graph::{Guide, GuideKind};
pub use tiles::{Grid, MAX_TILES};

use crate::error::{Error, Field, Reason};
use crate::planner::error::{check_pose, check_radius, MAX_MAGNITUDE, TOO_LARGE};

use crate::{Path, Pose};
use collision::Collider;
use core::cell::Cell;
use problem::Problem;
use search::Outcome;

impl GridPlan {
    /// The path, or why there is none (as [`PlanAround::into_path`]).
    ///
    /// # Errors
    /// The [`NoPath`] of a search that found no path.
    pub fn into_path(self) -> Result<Path, NoPath> {
        self.result
    }
}

/// The shortest forward path found from `start` to `goal` for a unit of
/// turning radius `radius` around `obstacles`, every point at least
/// `options.clearance` from every obstacle (see the module's docs for how
/// it searches and what is optimal).
///
/// The result's path is lines and arcs, G1, every arc of radius at least
/// `radius`; it starts at `start` with its heading and ends at the goal
/// (with its heading for a pose). A start equal to a goal pose gives one
/// zero-length arc.
///
/// The tangent graph the plan built is kept, on this thread (by its
/// [`AroundPlanner`]), until the next plan (a few megabytes at most for a
/// few hundred obstacles): a plan that differs from the last by a few moved
/// obstacles (or a moved start or goal) reuses what they do not touch, with
/// the same result.
///
/// With [`AroundOptions::reverse`] or [`AroundOptions::body`] set, the plan
/// is the parking search's instead ([`crate::planner::parking`]: Hybrid A*
/// with exact body checks, cusps allowed with `reverse`, the path of least
/// [`Costs`](crate::planner::parking::Costs) it finds); everything above
/// about the tangent graph then does not apply.
///
/// # Errors
/// [`Reason::NotFinite`] or [`Reason::OutOfRange`] about
/// `options.cuspCost` (below 0) or `options.reverseCost` (below 1); the
/// body's errors about `options.body.*` ([`Body::check`](crate::planner::parking::Body::check));
/// [`Reason::NotFinite`] or [`Reason::TooLarge`] about `start.*`,
/// `goal.*`; the radius errors of the planner; [`Reason::OutOfRange`]
/// about `radius` below the checks' tolerance, a billionth of the scene's
/// size (its largest coordinate, radius or clearance, and at least 1): a
/// turning circle that small cannot be told from its centre;
/// [`Reason::NotFinite`], [`Reason::Negative`] or [`Reason::TooLarge`]
/// about `options.clearance`;
/// the obstacles' errors ([`Obstacles::check`]);
/// [`Reason::InsideObstacle`] about `start` or `goal` when it is inside an
/// obstacle or nearer to one than the clearance (naming the obstacle); with
/// a body, when the body at that pose overlaps an obstacle or comes nearer
/// than the clearance (a parking gap shorter than the car);
/// [`Reason::Internal`] when the path found cannot be built (a bug).
///
/// # Examples
/// ```
/// use arcline::planner::pathfind::{plan_around, AroundOptions, Circle, Obstacles};
/// use arcline::{Point, Pose};
/// // A circle of radius 2 between the start and the goal point.
/// let obstacles = Obstacles::circles(vec![Circle::new(10.0, 0.0, 2.0)]);
/// let start = Pose::new(0.0, 0.0, 0.0);
/// let plan = plan_around(start, Point::new(20.0, 0.0), 1.0, &obstacles, &AroundOptions::default()).unwrap();
/// let path = plan.path().unwrap();
/// assert!(path.length() > 20.0);
/// assert!(path.is_g1(1e-9));
/// ```
pub fn plan_around(
    start: Pose,
    goal: impl Into<Goal>,
    radius: f64,
    obstacles: &Obstacles,
    options: &AroundOptions,
) -> Result<PlanAround, Error> {
    let goal = goal.into();
    THIS_THREAD.with(|kept| {
        let mut planner = kept.take();
        let plan = planner.plan(start, goal, radius, obstacles, options);
        kept.set(planner);
        plan
    })
}

thread_local! {
    /// [`plan_around`]'s planner on this thread.
    static THIS_THREAD: Cell<AroundPlanner> = const { Cell::new(AroundPlanner::new()) };
}

/// A planner around obstacles that keeps the tangent graph of its last plan
/// for the next one (a few megabytes at most for a few hundred obstacles):
/// a plan that differs from the last by a few moved obstacles (or a moved
/// start or goal) reuses what they do not touch, with the same result as a
/// new planner's. [`plan_around`] is this with one planner per thread.
///
/// # Examples
/// ```
/// use arcline::planner::pathfind::{AroundOptions, AroundPlanner, Circle, Obstacles};
/// use arcline::{Point, Pose};
/// let mut planner = AroundPlanner::new();
/// let start = Pose::new(0.0, 0.0, 0.0);
/// let mut rocks = Obstacles::circles(vec![Circle::new(10.0, 0.0, 2.0)]);
/// let first = planner.plan(start, Point::new(20.0, 0.0), 1.0, &rocks, &AroundOptions::default()).unwrap();
/// rocks.circles[0].y = 0.5; // dragged a little: the next plan reuses the graph
/// let second = planner.plan(start, Point::new(20.0, 0.0), 1.0, &rocks, &AroundOptions::default()).unwrap();
/// let fresh = AroundPlanner::new().plan(start, Point::new(20.0, 0.0), 1.0, &rocks, &AroundOptions::default()).unwrap();
/// assert!(first.path().is_some());
/// assert_eq!(second, fresh);
/// ```
#[derive(Default)]
pub struct AroundPlanner {
    kept: kept::Kept,
}

impl AroundPlanner {
    /// A planner with nothing kept.
    #[must_use]
    pub const fn new() -> AroundPlanner {
        AroundPlanner {
            kept: kept::Kept::new(),
        }
    }

    /// As [`plan_around`], keeping the tangent graph for this planner's
    /// next plan.
    ///
    /// # Errors
    /// As [`plan_around`].
    pub fn plan(
        &mut self,
        start: Pose,
        goal: impl Into<Goal>,
        radius: f64,
        obstacles: &Obstacles,
        options: &AroundOptions,
    ) -> Result<PlanAround, Error> {
        plan(
            start,
            goal.into(),
            radius,
            obstacles,
            options,
            Search::Kept(&mut self.kept),
        )
    }
}

impl core::fmt::Debug for AroundPlanner {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AroundPlanner").finish_non_exhaustive()
    }
}

/// Where a plan's tangent graph comes from and goes.
enum Search<'a> {
    /// A planner's: its last graph rebased, and kept after.
    Kept(&'a mut kept::Kept),
    /// A new one, recording every line it checks here (the planner's kept
    /// graph left alone).
    Traced(&'a mut SearchTrace),
}

/// [`plan_around`], and what the search looked at ([`SearchTrace`]).
///
/// # Errors
/// As [`plan_around`].
pub fn plan_around_traced(
    start: Pose,
    goal: impl Into<Goal>,
    radius: f64,
    obstacles: &Obstacles,
    options: &AroundOptions,
) -> Result<(PlanAround, SearchTrace), Error> {
    let mut trace = SearchTrace::default();
    let plan = plan(
        start,
        goal.into(),
        radius,
        obstacles,
        options,
        Search::Traced(&mut trace),
    )?;
    Ok((plan, trace))
}

fn plan(
    start: Pose,
    goal: Goal,
    radius: f64,
    obstacles: &Obstacles,
    options: &AroundOptions,
    search: Search<'_>,
) -> Result<PlanAround, Error> {
    let (mut kept, trace) = match search {
        Search::Kept(k) => (Some(k), None),
        Search::Traced(t) => (None, Some(t)),
    };
    let start = check_pose(start, "start")?;
    goal.check()?;
    let r = check_radius(radius)?;
    let clearance = options.clearance;
    let field = || Field::named("options").key("clearance");
    if !clearance.is_finite() {
        return Err(Error::new(field(), Reason::NotFinite));
    }
    if clearance < 0.0 {
        return Err(Error::new(field(), Reason::Negative));
    }
    if clearance > MAX_MAGNITUDE {
        return Err(Error::new(field(), TOO_LARGE));
    }
    for (v, k, min) in [
        (options.cusp_cost, "cuspCost", 0.0),
        (options.reverse_cost, "reverseCost", 1.0),
    ] {
        let field = || Field::named("options").key(k);
        if !v.is_finite() {
            return Err(Error::new(field(), Reason::NotFinite));
        }
        if !(min..=MAX_MAGNITUDE).contains(&v) {
            return Err(Error::new(
                field(),
                Reason::OutOfRange {
                    min,
                    max: MAX_MAGNITUDE,
                },
            ));
        }
    }
    if let Some(b) = options.body {
        b.check(|| Field::named("options").key("body"))?;
    }
    obstacles.check()?;
    let mut scale = scene_scale(start, goal, r, clearance, obstacles);
    if options.reverse || options.body.is_some() {
        if let Some(b) = options.body {
            scale = scale.max(b.length);
        }
        if r < 1e-9 * scale.max(1.0) {
            return Err(Error::at(
                "radius",
                Reason::OutOfRange {
                    min: 1e-9 * scale.max(1.0),
                    max: MAX_MAGNITUDE,
                },
            ));
        }
        let (plan, poses) = crate::planner::parking::plan(
            start,
            goal,
            r,
            obstacles,
            options,
            scale,
            trace.is_some(),
        )?;
        if let Some(t) = trace {
            t.expanded = poses;
        }
        return Ok(plan);
    }
    let collider = Collider::new(obstacles, clearance, scale);
    // A turning circle smaller than the checks' tolerance cannot be told
    // from its centre (for a radius far below the coordinates the centre
    // rounds to the pose itself and the direction from it is lost).
    if r < collider.tol {
        return Err(Error::at(
            "radius",
            Reason::OutOfRange {
                min: collider.tol,
                max: MAX_MAGNITUDE,
            },
        ));
    }
    for (p, what) in [(start.position(), "start"), (goal.position(), "goal")] {
        if let Some(id) = collider.point_blocked_by(p) {
            return Err(Error::at(what, Reason::InsideObstacle(id.field())));
        }
    }
    let mut guides = tangent_graph::obstacle_guides(obstacles, clearance, r);
    let obstacle_guides = guides.len();
    for (pose, start_side) in [(start, true)].into_iter().chain(match goal {
        Goal::Pose(g) => Some((g, false)),
        Goal::Point(_) => None,
    }) {
        for left in [true, false] {
            guides.push(Guide {
                center: search::turning_circle(pose, r, left),
                radius: r,
                kind: if start_side {
                    GuideKind::Start { left }
                } else {
                    GuideKind::Goal { left }
                },
            });
        }
    }
    let problem = Problem {
        start,
        goal,
        r,
        collider: &collider,
        guides,
        obstacle_guides,
        max_expanded: options.max_expanded,
    };
    let mut traced = trace;
    if let Some(t) = traced.as_deref_mut() {
        t.guides = problem.guides.clone();
    }
    // A traced plan records every line it checks: it builds its own graph
    // (and leaves the kept one alone).
    let inputs = traced.is_none().then(|| kept::Inputs {
        r,
        clearance,
        tol: collider.tol,
        goal,
        guides: problem.guides.clone(),
        circles: obstacles.circles.clone(),
        polygons: obstacles.polygons.clone(),
    });
    let graph = match (&inputs, kept.as_deref_mut()) {
        (Some(now), Some(kept)) => kept.take(now, &collider),
        _ => search::Graph::new(problem.guides.len()),
    };
    let (searched, graph) = search::search(&problem, traced, graph);
    if let (Some(now), Some(kept)) = (inputs, kept) {
        kept.keep(now, graph);
    }
    Ok(PlanAround {
        result: match searched.outcome {
            Outcome::Found(p) => Ok(p),
            Outcome::NotFound(why) => Err(why),
            Outcome::Failed(e) => return Err(e),
        },
        expanded: searched.expanded,
        shortest: searched.shortest,
    })
}

/// The size of the scene: the largest magnitude of any coordinate, radius
/// or clearance (it scales the tolerance of the checks).
fn scene_scale(start: Pose, goal: Goal, r: f64, clearance: f64, obstacles: &Obstacles) -> f64 {
    let g = goal.position();
    let mut m = start
        .x
        .abs()
        .max(start.y.abs())
        .max(g.x.abs())
        .max(g.y.abs());
    m = m.max(r).max(clearance);
    for c in &obstacles.circles {
        m = m.max(c.x.abs()).max(c.y.abs()).max(c.radius);
    }
    for p in obstacles.polygons.iter().flatten() {
        m = m.max(p.x.abs()).max(p.y.abs());
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    /// Every number in `v`'s debug form is finite.
    fn all_finite(v: &impl core::fmt::Debug) -> bool {
        let d = format!("{v:?}");
        !d.contains("NaN") && !d.contains("inf")
    }

    #[test]
    fn a_radius_below_the_tolerance_is_refused_and_every_other_plan_is_finite() {
        // A circle and a triangle between the start and the goal, the whole
        // scene scaled by `scale`; radii from the smallest double up.
        let scene = |scale: f64| {
            let o = Obstacles {
                circles: vec![Circle::new(4.0 * scale, 0.0, scale)],
                polygons: vec![vec![
                    Point::new(5.0 * scale, -4.0 * scale),
                    Point::new(7.0 * scale, -4.0 * scale),
                    Point::new(6.0 * scale, -2.0 * scale),
                ]],
            };
            let s = Pose::new(scale, 2.0 * scale, 0.5);
            let g = Point::new(8.0 * scale, -3.0 * scale);
            (o, s, [Goal::Point(g), Goal::Pose(Pose::new(g.x, g.y, 1.0))])
        };
        let radii = [
            5e-324, 1e-300, 1e-150, 1e-20, 1e-12, 1e-9, 1e-6, 1.0, 1e20, 1e100, 1e150,
        ];
        let mut planned = 0;
        for scale in [1e-6, 1.0, 1e20, 1e100] {
            let (o, s, goals) = scene(scale);
            // The tolerance: a billionth of the scene (at least of 1), whose
            // largest number is the goal's x (8·scale) or the radius.
            for r in radii {
                let least = 1e-9 * (8.0 * scale).max(r).max(0.25 * scale).max(1.0);
                for g in goals {
                    let plan =
                        plan_around_traced(s, g, r, &o, &AroundOptions::clearance(0.25 * scale));
                    if r < least {
                        let e = plan.unwrap_err();
                        assert_eq!(e.to_string().split(':').next(), Some("radius"), "{e}");
                        assert_eq!(
                            *e.reason(),
                            Reason::OutOfRange {
                                min: least,
                                max: MAX_MAGNITUDE
                            }
                        );
                    } else {
                        let plan = plan.unwrap();
                        assert!(all_finite(&plan), "scale {scale:e}, radius {r:e}: {plan:?}");
                        planned += 1;
                    }
                }
            }
        }
        // Radius 1e-6 and up at scale 1, and each scene at radii from its size.
        assert!(planned >= 20, "{planned}");
    }
}
