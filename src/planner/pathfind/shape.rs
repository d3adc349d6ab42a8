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
    pub x: f64,
    pub y: f64,
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
    StartEnclosed,
    GoalEnclosed,
    Blocked,
    SearchLimit,
}

/// A [`NoPath`] as data: `{ kind, message }`, the message in words for a
/// page to show.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "NoPath"))]
pub struct NoPathShape {
    pub kind: NoPathKind,
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
    Circle,
    Corner,
    Start,
    Goal,
}

/// A [`Guide`] as data: `{ center, radius, of }`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Guide"))]
pub struct GuideShape {
    pub center: Point,
    pub radius: f64,
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
    pub path: &'a Path,
    pub clear: bool,
}

/// [`PlanAround`] as data: `{ path, noPath, expanded }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "PlanAround"))]
pub struct PlanAroundShape<'a> {
    pub path: Option<&'a Path>,
    pub no_path: Option<NoPathShape>,
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
    pub path: Option<&'a Path>,
    pub no_path: Option<NoPathShape>,
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
    pub path: Option<&'a Path>,
    pub no_path: Option<NoPathShape>,
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
    pub path: Option<&'a Path>,
    pub no_path: Option<NoPathShape>,
    pub expanded: usize,
    /// The nodes expanded, in order (the start pose first).
    pub expanded_poses: &'a [Pose],
}

impl<'a> GridSearchShape<'a> {
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
