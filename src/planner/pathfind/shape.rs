//! The serialized forms of the pathfinders' inputs and results (the
//! `serde` feature): a goal that is a pose or a point, the reason for no
//! path (its kind and its words), and the results with what the search
//! looked at, for diagrams.

use super::{Goal, GridPlan, GridTrace, Guide, GuideKind, NoPath, PlanAround, SearchTrace};
use crate::{Path, Point, Pose};
use serde::{Deserialize, Serialize};

/// A goal as data: `{ x, y, heading? }`, a pose when it has a heading (a
/// `null` heading is none). Reading one does not check its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoalShape {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position.
    pub y: f64,
    /// The arrival heading, or none for any.
    #[serde(default)]
    pub heading: Option<f64>,
}

impl From<GoalShape> for Goal {
    fn from(g: GoalShape) -> Goal {
        match g.heading {
            Some(heading) => Goal::Pose(Pose::new(g.x, g.y, heading)),
            None => Goal::Point(Point::new(g.x, g.y)),
        }
    }
}

impl<'de> Deserialize<'de> for Goal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Goal, D::Error> {
        GoalShape::deserialize(d).map(Goal::from)
    }
}

/// The kinds of [`NoPath`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum NoPathKind {
    /// The start pose cannot leave: every first edge is blocked.
    StartEnclosed,
    /// No last edge reaches the goal clear of the obstacles.
    GoalEnclosed,
    /// Every route the search could build is blocked.
    Blocked,
    /// The search stopped at its node limit.
    SearchLimit,
}

/// A [`NoPath`] as data: `{ kind, message }`, the message in words for a
/// page to show.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "NoPath"))]
pub struct NoPathShape {
    /// Why, as a name to match on.
    pub kind: NoPathKind,
    /// Why, in words for a page to show.
    pub message: String,
}

impl From<NoPath> for NoPathShape {
    fn from(n: NoPath) -> NoPathShape {
        NoPathShape {
            kind: match n {
                NoPath::StartEnclosed => NoPathKind::StartEnclosed,
                NoPath::GoalEnclosed => NoPathKind::GoalEnclosed,
                NoPath::Blocked => NoPathKind::Blocked,
                NoPath::SearchLimit { .. } => NoPathKind::SearchLimit,
            },
            message: n.to_string(),
        }
    }
}

impl Serialize for NoPath {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        NoPathShape::from(*self).serialize(s)
    }
}

/// What a guide circle rounds, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum GuideOf {
    /// An obstacle circle, grown by the clearance and to the turning radius.
    Circle,
    /// A polygon corner, rounded.
    Corner,
    /// A turning circle of the start pose.
    Start,
    /// A turning circle of the goal pose.
    Goal,
}

/// A [`Guide`] as data: `{ center, radius, of }`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Guide"))]
pub struct GuideShape {
    /// The circle's centre.
    pub center: Point,
    /// Its radius.
    pub radius: f64,
    /// What it rounds.
    pub of: GuideOf,
}

impl From<&Guide> for GuideShape {
    fn from(g: &Guide) -> GuideShape {
        GuideShape {
            center: g.center,
            radius: g.radius,
            of: match g.kind {
                GuideKind::Circle(_) => GuideOf::Circle,
                GuideKind::Corner { .. } => GuideOf::Corner,
                GuideKind::Start { .. } => GuideOf::Start,
                GuideKind::Goal { .. } => GuideOf::Goal,
            },
        }
    }
}

/// An edge the search checked, as data: `{ path, clear }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "SearchEdge"))]
pub struct SearchEdgeShape<'a> {
    /// The edge's curve.
    pub path: &'a Path,
    /// Whether it keeps the clearance from every obstacle.
    pub clear: bool,
}

/// [`PlanAround`] as data: `{ path, noPath, expanded }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "PlanAround"))]
pub struct PlanAroundShape<'a> {
    /// The path found, or `null`.
    pub path: Option<&'a Path>,
    /// Why there is none, or `null` when there is a path.
    pub no_path: Option<NoPathShape>,
    /// How many nodes the search expanded.
    pub expanded: usize,
    /// Whether the path is proven the shortest of the search's graph.
    pub shortest: bool,
}

impl<'a> From<&'a PlanAround> for PlanAroundShape<'a> {
    fn from(p: &'a PlanAround) -> PlanAroundShape<'a> {
        PlanAroundShape {
            path: p.path(),
            no_path: p.no_path().map(NoPathShape::from),
            expanded: p.expanded,
            shortest: p.shortest,
        }
    }
}

/// [`PlanAround`] with its [`SearchTrace`], as data: `{ path, noPath,
/// expanded, shortest, guides, edges, expandedPoses }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "AroundSearch"))]
pub struct AroundSearchShape<'a> {
    /// The path found, or `null`.
    pub path: Option<&'a Path>,
    /// Why there is none, or `null` when there is a path.
    pub no_path: Option<NoPathShape>,
    /// How many nodes the search expanded.
    pub expanded: usize,
    /// Whether the path is proven the shortest of the search's graph.
    pub shortest: bool,
    /// The guide circles.
    pub guides: Vec<GuideShape>,
    /// The edges the search checked against the obstacles, in order.
    pub edges: Vec<SearchEdgeShape<'a>>,
    /// The poses it expanded from, in order.
    pub expanded_poses: &'a [Pose],
}

impl<'a> AroundSearchShape<'a> {
    /// The plan and the trace of one search, as one shape.
    pub fn new(plan: &'a PlanAround, trace: &'a SearchTrace) -> AroundSearchShape<'a> {
        AroundSearchShape {
            path: plan.path(),
            no_path: plan.no_path().map(NoPathShape::from),
            expanded: plan.expanded,
            shortest: plan.shortest,
            guides: trace.guides.iter().map(GuideShape::from).collect(),
            edges: trace
                .edges
                .iter()
                .map(|e| SearchEdgeShape {
                    path: &e.path,
                    clear: e.clear,
                })
                .collect(),
            expanded_poses: &trace.expanded,
        }
    }
}

/// [`GridPlan`] as data: `{ path, noPath, expanded }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "GridPlan"))]
pub struct GridPlanShape<'a> {
    /// The path found, or `null`.
    pub path: Option<&'a Path>,
    /// Why there is none, or `null` when there is a path.
    pub no_path: Option<NoPathShape>,
    /// How many nodes (tile and heading) the search expanded.
    pub expanded: usize,
}

impl<'a> From<&'a GridPlan> for GridPlanShape<'a> {
    fn from(p: &'a GridPlan) -> GridPlanShape<'a> {
        GridPlanShape {
            path: p.path(),
            no_path: p.result.as_ref().err().map(|n| NoPathShape::from(*n)),
            expanded: p.expanded,
        }
    }
}

/// [`GridPlan`] with its [`GridTrace`], as data: `{ path, noPath, expanded,
/// expandedPoses }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "GridSearch"))]
pub struct GridSearchShape<'a> {
    /// The path found, or `null`.
    pub path: Option<&'a Path>,
    /// Why there is none, or `null` when there is a path.
    pub no_path: Option<NoPathShape>,
    /// How many nodes (tile and heading) the search expanded.
    pub expanded: usize,
    /// The nodes expanded, in order (the start pose first).
    pub expanded_poses: &'a [Pose],
}

impl<'a> GridSearchShape<'a> {
    /// The plan and the trace of one grid search, as one shape.
    pub fn new(plan: &'a GridPlan, trace: &'a GridTrace) -> GridSearchShape<'a> {
        GridSearchShape {
            path: plan.path(),
            no_path: plan.result.as_ref().err().map(|n| NoPathShape::from(*n)),
            expanded: plan.expanded,
            expanded_poses: &trace.expanded,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_goal_with_a_heading_is_a_pose() {
        let g: Goal = serde_json::from_str(r#"{"x":1,"y":2,"heading":0.5}"#).unwrap();
        assert_eq!(g, Goal::Pose(Pose::new(1.0, 2.0, 0.5)));
        let g: Goal = serde_json::from_str(r#"{"x":1,"y":2}"#).unwrap();
        assert_eq!(g, Goal::Point(Point::new(1.0, 2.0)));
        let g: Goal = serde_json::from_str(r#"{"x":1,"y":2,"heading":null}"#).unwrap();
        assert_eq!(g, Goal::Point(Point::new(1.0, 2.0)));
    }

    #[test]
    fn no_path_is_written_with_its_words() {
        let v = serde_json::to_value(NoPath::SearchLimit { expanded: 7 }).unwrap();
        assert_eq!(v["kind"], "searchLimit");
        assert_eq!(
            v["message"],
            "the search gave up after expanding 7 nodes (its limit)"
        );
    }
}
