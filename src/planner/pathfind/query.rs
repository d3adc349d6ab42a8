//! What the planners around obstacles are asked and answer: the goal, the
//! options, the plan and the trace, below the searches that read and write
//! them (and the parking search, which [`super::plan_around`] hands some
//! plans to).

use super::no_path::NoPath;
use super::tangent_graph::Guide;
use crate::error::Error;
use crate::planner::error::{check_point, check_pose};
use crate::planner::parking::Body;
use crate::{Path, Point, Pose};

/// Where to go: a pose (that heading on arrival) or a point (any heading).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Goal {
    /// Arrive at this position with this heading.
    Pose(Pose),
    /// Arrive at this position, any heading.
    Point(Point),
}

impl Goal {
    /// Checks the goal: a pose as [`check_pose`], a point as
    /// [`check_point`], errors about `goal`.
    ///
    /// # Errors
    /// A coordinate or heading that is not finite, or too large.
    pub(crate) fn check(&self) -> Result<(), Error> {
        match *self {
            Goal::Pose(p) => check_pose(p, "goal").map(drop),
            Goal::Point(p) => check_point(p, "goal").map(drop),
        }
    }

    /// The position to reach.
    pub fn position(&self) -> Point {
        match self {
            Goal::Pose(p) => p.position(),
            Goal::Point(p) => *p,
        }
    }
}

impl From<Pose> for Goal {
    fn from(p: Pose) -> Goal {
        Goal::Pose(p)
    }
}

impl From<Point> for Goal {
    fn from(p: Point) -> Goal {
        Goal::Point(p)
    }
}

/// The default of [`AroundOptions::max_expanded`].
pub const DEFAULT_EXPANSIONS: usize = 4096;

/// The options of [`plan_around`](super::plan_around).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct AroundOptions {
    /// The least distance from every point of the path to every obstacle
    /// (default 0).
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub clearance: f64,
    /// The most nodes the search expands before it gives up (default
    /// [`DEFAULT_EXPANSIONS`]).
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub max_expanded: usize,
    /// Whether the unit may drive backwards (default `false`): the path
    /// may then have Reeds–Shepp pieces, segments with `reverse: true` and
    /// cusps. With this or a [`body`](AroundOptions::body) the plan is the
    /// parking search's ([`crate::planner::parking`]); without either, the
    /// forward tangent-graph search's, as before.
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<bool>"))]
    pub reverse: bool,
    /// The car's body (default none: a point): the whole rectangle keeps
    /// the clearance from every obstacle along the path, checked exactly.
    /// A goal point (any heading) is reached with whatever heading the
    /// search arrives with.
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub body: Option<Body>,
    /// What a gear change costs, in units of length (finite, ≥ 0; default
    /// 0; `cuspCost` as data). The parking search minimises length + this
    /// per gear change + (the reverse cost − 1) × the length driven
    /// backwards, over the whole path (its analytic expansions included).
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub cusp_cost: f64,
    /// What a unit of length driven backwards costs (finite, ≥ 1: less
    /// would make backing up cheaper than its length, which the search's
    /// lower bounds do not allow; default 1; `reverseCost` as data).
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub reverse_cost: f64,
}

impl Default for AroundOptions {
    fn default() -> AroundOptions {
        AroundOptions {
            clearance: 0.0,
            max_expanded: DEFAULT_EXPANSIONS,
            reverse: false,
            body: None,
            cusp_cost: 0.0,
            reverse_cost: 1.0,
        }
    }
}

impl AroundOptions {
    /// The defaults with this clearance.
    pub fn clearance(clearance: f64) -> AroundOptions {
        AroundOptions {
            clearance,
            ..AroundOptions::default()
        }
    }
}

/// What [`plan_around`](super::plan_around) found.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanAround {
    /// The path, or why there is none.
    pub result: Result<Path, NoPath>,
    /// How many nodes the search expanded.
    pub expanded: usize,
    /// Whether the path is proven the shortest of the graph (`false` when
    /// there is no path).
    pub shortest: bool,
}

impl PlanAround {
    /// The path, if one was found.
    pub fn path(&self) -> Option<&Path> {
        self.result.as_ref().ok()
    }

    /// Why there is no path, if there is none.
    pub fn no_path(&self) -> Option<NoPath> {
        self.result.as_ref().err().copied()
    }

    /// The path, or why there is none; `?` turns a [`NoPath`] into an
    /// [`Error`](crate::Error).
    ///
    /// # Errors
    /// The [`NoPath`] of a plan that found no path.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// fn drive() -> Result<Path, arcline::Error> {
    ///     let rocks = Obstacles::circles(vec![Circle::new(10.0, 0.0, 2.0)]);
    ///     let plan = plan_around(Pose::new(0.0, 0.0, 0.0), Point::new(20.0, 0.0), 1.0, &rocks, &AroundOptions::default())?;
    ///     Ok(plan.into_path()?)
    /// }
    /// assert!(drive().unwrap().length() > 20.0);
    /// ```
    pub fn into_path(self) -> Result<Path, NoPath> {
        self.result
    }
}

/// An edge the search checked against the obstacles: the arc it turns and
/// the tangent it leaves by (or a whole direct Dubins word), and whether it
/// was clear.
#[derive(Debug, Clone, PartialEq)]
pub struct TracedEdge {
    /// The edge's curve.
    pub path: Path,
    /// Whether it keeps the clearance from every obstacle.
    pub clear: bool,
}

/// What the search looked at, for diagrams: the guide circles, the edges
/// it checked (in order), the poses it expanded from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SearchTrace {
    /// The guide circles the search turned along.
    pub guides: Vec<Guide>,
    /// The edges checked, in order.
    pub edges: Vec<TracedEdge>,
    /// The poses expanded from, in order.
    pub expanded: Vec<Pose>,
}
