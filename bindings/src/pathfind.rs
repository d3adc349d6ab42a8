//! Bindings of `arcline::planner::pathfind`: paths around circles and
//! polygons (`planAround`, and `planAroundDebug` with what the search
//! looked at, for diagrams), and Pinter's directional A* on a grid
//! (`planOnGrid`, `planOnGridDebug`).

use crate::error::from_core;
use crate::from_js::{arg, number, optional};
use crate::shape;
use crate::to_js::to_js;
use arcline::planner::pathfind::shape::{AroundSearchShape, GridPlanShape, GridSearchShape};
use arcline::planner::pathfind::{
    plan_around, plan_around_traced, plan_on_grid_with, AroundOptions, Goal, Grid, GridOptions,
    GridTrace, Obstacles,
};
use arcline::Pose;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The arguments every `planAround*` reads, in order.
fn around_args(
    start: shape::Pose,
    goal: shape::PointOrPose,
    radius: shape::Number,
    obstacles: shape::Obstacles,
    options: Option<shape::AroundOptions>,
) -> Result<(Pose, Goal, f64, Obstacles, AroundOptions), JsError> {
    let options = options.map_or(JsValue::UNDEFINED, JsValue::from);
    let start: Pose = arg(start, "start")?;
    let goal: Goal = arg(goal, "goal")?;
    let radius = number(&radius, "radius")?;
    let obstacles: Obstacles = arg(obstacles, "obstacles")?;
    let options: AroundOptions = optional(options, "options")?.unwrap_or_default();
    Ok((start, goal, radius, obstacles, options))
}

/// `planAround(start, goal, radius, obstacles, options?)`: the shortest
/// forward path found from the `start` pose to the `goal` (a pose, or a
/// point: any arrival heading) for a unit of turning radius `radius`
/// around `obstacles` (`{ circles?, polygons? }`), every point at least
/// `options.clearance` (default 0) from every obstacle; `null` when there
/// is none (`planAroundDebug` says why).
#[wasm_bindgen(js_name = planAround)]
pub fn plan_around_js(
    start: shape::Pose,
    goal: shape::PointOrPose,
    radius: shape::Number,
    obstacles: shape::Obstacles,
    options: Option<shape::AroundOptions>,
) -> Result<shape::PathOrNull, JsError> {
    let (start, goal, radius, obstacles, options) =
        around_args(start, goal, radius, obstacles, options)?;
    let plan = plan_around(start, goal, radius, &obstacles, &options).map_err(from_core)?;
    match plan.path() {
        Some(p) => to_js(p),
        None => Ok(JsValue::NULL.unchecked_into()),
    }
}

/// `planAroundDebug(start, goal, radius, obstacles, options?)`: as
/// `planAround`, with what the search did: `{ path, noPath, expanded,
/// shortest, guides, edges, expandedPoses }` (`noPath`: `{ kind, message }`
/// or null; the guide circles; the edges checked against the obstacles,
/// each `{ path, clear }`; the poses expanded from).
#[wasm_bindgen(js_name = planAroundDebug)]
pub fn plan_around_debug_js(
    start: shape::Pose,
    goal: shape::PointOrPose,
    radius: shape::Number,
    obstacles: shape::Obstacles,
    options: Option<shape::AroundOptions>,
) -> Result<shape::AroundSearch, JsError> {
    let (start, goal, radius, obstacles, options) =
        around_args(start, goal, radius, obstacles, options)?;
    let (plan, trace) =
        plan_around_traced(start, goal, radius, &obstacles, &options).map_err(from_core)?;
    to_js(&AroundSearchShape::new(&plan, &trace))
}

/// The arguments every `planOnGrid*` reads, in order.
fn grid_args(
    grid: shape::Grid,
    start: shape::Pose,
    goal: shape::PointOrPose,
    radius: shape::Number,
    options: Option<shape::GridOptions>,
) -> Result<(Grid, Pose, Goal, f64, GridOptions), JsError> {
    let options = options.map_or(JsValue::UNDEFINED, JsValue::from);
    let grid: Grid = arg(grid, "grid")?;
    let start: Pose = arg(start, "start")?;
    let goal: Goal = arg(goal, "goal")?;
    let radius = number(&radius, "radius")?;
    let options: GridOptions = optional(options, "options")?.unwrap_or_default();
    Ok((grid, start, goal, radius, options))
}

/// `planOnGrid(grid, start, goal, radius, options?)`: Pinter's directional
/// A* on `grid` (`{ columns, rows, tile, blocked }`, `blocked` a
/// `Uint8Array` row by row, non-zero blocked, tile (0, 0) spanning
/// `[0, tile)²`): `{ path, noPath, expanded }` (`path` null when there is
/// none, `noPath` then says why).
#[wasm_bindgen(js_name = planOnGrid)]
pub fn plan_on_grid_js(
    grid: shape::Grid,
    start: shape::Pose,
    goal: shape::PointOrPose,
    radius: shape::Number,
    options: Option<shape::GridOptions>,
) -> Result<shape::GridPlan, JsError> {
    let (grid, start, goal, radius, options) = grid_args(grid, start, goal, radius, options)?;
    let plan = plan_on_grid_with(&grid, start, goal, radius, &options, None).map_err(from_core)?;
    to_js(&GridPlanShape::from(&plan))
}

/// `planOnGridDebug(grid, start, goal, radius, options?)`: as
/// `planOnGrid`, with the nodes expanded in order (`expandedPoses`: tile
/// centres with their headings, the start pose first).
#[wasm_bindgen(js_name = planOnGridDebug)]
pub fn plan_on_grid_debug_js(
    grid: shape::Grid,
    start: shape::Pose,
    goal: shape::PointOrPose,
    radius: shape::Number,
    options: Option<shape::GridOptions>,
) -> Result<shape::GridSearch, JsError> {
    let (grid, start, goal, radius, options) = grid_args(grid, start, goal, radius, options)?;
    let mut trace = GridTrace::default();
    let plan = plan_on_grid_with(&grid, start, goal, radius, &options, Some(&mut trace))
        .map_err(from_core)?;
    to_js(&GridSearchShape::new(&plan, &trace))
}
