//! Parking: a car with a body and reverse gear, around circles and simple
//! polygons. [`plan_around`](crate::planner::plan_around) comes here when
//! its options set [`reverse`](crate::planner::AroundOptions::reverse) or a
//! [`body`](crate::planner::AroundOptions::body).
//!
//! - [`Body`]: the rectangle, placed by its rear-axle pose.
//! - [`BodySweep`]: the exact collision of the body (grown by the
//!   clearance) with the obstacles along a line or an arc, no sampling.
//! - [`Costs`]: length, gear changes and backwards driving, one rule for
//!   the whole path.
//! - The search: Hybrid A* with motion primitives of the turning radius and
//!   analytic Reeds–Shepp (or Dubins) expansions to the goal (see
//!   `search.rs` for the lattice and what it promises), from the goal
//!   when that is the tighter end; the path found made cheaper by
//!   shortcuts (`shortcut.rs`) and its joints moved (`polish.rs`).
//! - [`merge`]: the pieces made into a path of few lines and arcs.
//!
//! Its timings (re-planned in wasm while an obstacle is dragged,
//! `bench/js/parking.bench.mjs`) and its lengths against OMPL's RRT*
//! (`make ompl-parking`) are measured by `make bench`, which writes them to
//! `BENCHMARKS.md`.
//!
//! Without a body, the unit is a point (kept `clearance` from every
//! obstacle, as in the forward planner). A goal point (any heading) is
//! reached with whatever heading the expansions arrive with.
//!
//! # What the answer promises
//!
//! - A path: lines and arcs, every arc of the turning radius, G1 except
//!   at its cusps (where [`Segment::is_reverse`](crate::Segment::is_reverse)
//!   flips), from the start pose to the goal (its pose exactly, up to
//!   rounding), the body clear all along; the cheapest the lattice and the
//!   expansions it tries offer, made cheaper by shortcuts (not always the
//!   cheapest of all paths).
//! - [`NoPath::Blocked`] — every cell of the coarse and then the fine
//!   lattice (and the finest, when searched from the goal) the start (or
//!   the goal, searched from there) reaches within the search's region
//!   (the scene's box grown by two turning radii and the body) was
//!   expanded, and no expansion from any of them reached the other end
//!   clear. A passage narrower
//!   than the body is one cause; one that only a finer lattice would thread
//!   is another (the lattice is resolution-complete, not complete).
//!   Also when the obstacle-aware heuristic's grid (`heuristic.rs`) shows
//!   the goal walled off from the start: no free cell links them (an
//!   opening narrower than twice the body's smallest reach from the rear
//!   axle, less a cell, closes a cell; so a gap much narrower than the car
//!   is seen at once, without a search of the whole lattice).
//! - [`NoPath::StartEnclosed`] — no primitive and no expansion leaves the
//!   start clear.
//! - [`NoPath::SearchLimit`] — the search stopped at
//!   [`max_expanded`](crate::planner::AroundOptions::max_expanded).
//! - A start or goal pose whose body overlaps an obstacle (or comes nearer
//!   than the clearance) is an error naming `start` or `goal` and the
//!   obstacle, [`Reason::BodyDoesNotFit`] (without a body, a point inside
//!   or too near an obstacle: [`Reason::InsideObstacle`]). This is the
//!   "gap narrower than the car" answer, decided exactly at the pose asked
//!   for: a parking gap shorter than the car (grown by the clearance) has
//!   no goal pose in it that fits, so every goal pose there is refused this
//!   way. It says nothing about other poses: a goal placed badly in a gap
//!   long enough is refused the same way.
//!
//! # Examples
//! ```
//! use arcline::planner::parking::Body;
//! use arcline::planner::pathfind::{plan_around, AroundOptions, Obstacles};
//! use arcline::Pose;
//! // Turn round in a street 6 wide with a turning radius of 4: a
//! // three-point turn.
//! let mut walls = Obstacles::new();
//! walls.add_rectangle(arcline::Point::new(0.0, -4.0), 40.0, 2.0, 0.0);
//! walls.add_rectangle(arcline::Point::new(0.0, 4.0), 40.0, 2.0, 0.0);
//! let options = AroundOptions {
//!     reverse: true,
//!     body: Some(Body::new(3.0, 1.5, 0.5)),
//!     ..AroundOptions::default()
//! };
//! let start = Pose::new(0.0, -1.0, 0.0);
//! let goal = Pose::new(0.0, 1.0, core::f64::consts::PI);
//! let plan = plan_around(start, goal, 4.0, &walls, &options).unwrap();
//! let path = plan.path().unwrap();
//! assert!(path.cusps().count() >= 1);
//! assert!(path.end_pose().approx_eq(goal, 1e-9));
//! ```
//!
//! # Errors
//! Those of [`plan_around`](crate::planner::plan_around), with the body's
//! ([`Body::check`]) about `options.body`.

mod body;
mod cost;
mod heuristic;
mod polish;
mod search;
mod shortcut;
mod smooth;
mod sweep;

pub use body::Body;
pub use cost::Costs;
pub use smooth::merge;
pub use sweep::BodySweep;

use crate::error::{Error, Reason};
use crate::planner::pathfind::{AroundOptions, Goal, NoPath, Obstacles, PlanAround};
use crate::{Point, Pose};

/// Plans with a body and/or reverse gear (inputs checked by the caller,
/// `scale` the scene's size); the poses expanded when `trace` is set.
///
/// # Errors
/// [`Reason::BodyDoesNotFit`] (with a body) or [`Reason::InsideObstacle`]
/// (a point) about `start` or `goal` when it is not clear; [`Reason::Internal`] when the path found cannot be built (a bug).
pub(crate) fn plan(
    start: Pose,
    goal: Goal,
    r: f64,
    obstacles: &Obstacles,
    options: &AroundOptions,
    scale: f64,
    trace: bool,
) -> Result<(PlanAround, Vec<Pose>), Error> {
    // Without a body the unit is a point.
    let body = options.body.unwrap_or(Body::new(0.0, 0.0, 0.0));
    let sweep = BodySweep::new(body, obstacles, options.clearance, scale);
    let mut check = vec![(start, "start")];
    if let Goal::Pose(g) = goal {
        check.push((g, "goal"));
    }
    for (p, what) in check {
        if let Some(id) = sweep.pose_blocked(p) {
            let why = if options.body.is_some() {
                Reason::BodyDoesNotFit(id.field())
            } else {
                Reason::InsideObstacle(id.field())
            };
            return Err(Error::at(what, why));
        }
    }
    if let Goal::Point(g) = goal {
        // The point itself must be clear for a unit without a body.
        if options.body.is_none() {
            if let Some(id) = sweep.pose_blocked(Pose::at(g, 0.0)) {
                return Err(Error::at("goal", Reason::InsideObstacle(id.field())));
            }
        }
    }
    // The region: the scene's box grown by two turning radii and the body.
    let margin = 2.0 * r + body.length + body.width + options.clearance;
    let (mut lo, mut hi) = (start.position(), start.position());
    let mut grow = |p: Point, pad: f64| {
        lo = Point::new(lo.x.min(p.x - pad), lo.y.min(p.y - pad));
        hi = Point::new(hi.x.max(p.x + pad), hi.y.max(p.y + pad));
    };
    grow(goal.position(), 0.0);
    for c in &obstacles.circles {
        grow(c.center(), c.radius);
    }
    for p in obstacles.polygons.iter().flatten() {
        grow(*p, 0.0);
    }
    let lo = Point::new(lo.x - margin, lo.y - margin);
    let hi = Point::new(hi.x + margin, hi.y + margin);
    // The heuristic's grid reaches two turning radii beyond the region
    // (an expansion to the goal may leave the region).
    let out = crate::Vec2::new(2.0 * r, 2.0 * r);
    // The lattice grows from the start, and expansions reach the goal;
    // from the goal (and the path found driven the other way round) when
    // no piece of the coarse lattice leaves the goal clear but some leave
    // the start. A goal in a tight spot (a parking gap with little slack)
    // is then the lattice's root, whose short pieces wriggle out of it,
    // and the expansions are asked for the open end, where a word of at
    // most two gear changes does (none of those may fit into the spot).
    let mirror = match goal {
        Goal::Pose(g) if options.reverse => {
            search::leaves(&sweep, g, r) == 0 && search::leaves(&sweep, start, r) > 0
        }
        _ => false,
    };
    let (root, target) = match goal {
        Goal::Pose(g) if mirror => (g, Goal::Pose(start)),
        _ => (start, goal),
    };
    let make_holonomic = || {
        heuristic::Holonomic::new(
            lo - out,
            hi + out,
            body,
            options.clearance,
            obstacles,
            target.position(),
        )
    };
    let holonomic = std::cell::OnceCell::new();
    let mut q = search::Query {
        start: root,
        goal: target,
        r,
        reverse: options.reverse,
        costs: cost::Pricing {
            costs: Costs {
                cusp: options.cusp_cost,
                reverse: options.reverse_cost,
            },
            mirror,
        },
        max_expanded: options.max_expanded,
        sweep: &sweep,
        holonomic: &holonomic,
        make_holonomic: &make_holonomic,
        lo,
        hi,
    };
    // The lattices in turn, coarse to fine, each with the expansions the
    // ones before left: open ground is crossed faster with long pieces,
    // tight manoeuvres need short ones. From a tight goal, a finest one
    // too: pieces of 1.25° (a twentieth of a turning radius), which wriggle
    // out of a spot with a few centimetres to spare.
    let levels: &[f64] = if mirror {
        &[search::COARSE, 1.0, 0.25]
    } else {
        &[search::COARSE, 1.0]
    };
    let (mut expanded, mut poses) = (0, Vec::new());
    let mut result = Err(NoPath::Blocked);
    for &step in levels {
        q.max_expanded = options.max_expanded - expanded;
        let level = search::search(&q, step, trace);
        expanded += level.expanded;
        poses.extend(level.poses);
        result = match level.result? {
            Err(NoPath::SearchLimit { .. }) => Err(NoPath::SearchLimit { expanded }),
            // From the goal, nothing left it; pieces leave the start.
            Err(NoPath::StartEnclosed) if mirror => Err(NoPath::Blocked),
            r => r,
        };
        if result.is_ok() || expanded >= options.max_expanded {
            break;
        }
    }
    Ok((
        PlanAround {
            result,
            expanded,
            shortest: false,
        },
        poses,
    ))
}
