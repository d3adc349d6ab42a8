//! Bindings of the Reeds–Shepp planner (`arcline::planner::reeds_shepp_*`):
//! the shortest path with reversing allowed, and the batch length query.

use crate::error::{from_core, message};
use crate::from_js::{arg, number};
use crate::shape;
use crate::to_js::to_js;
use arcline::planner::{reeds_shepp_lengths, reeds_shepp_shortest};
use arcline::Pose;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `planReedsShepp(start, goal, radius)`: the shortest of the 48
/// Reeds–Shepp words; segments driven backwards have `reverse: true`.
#[wasm_bindgen(js_name = planReedsShepp)]
pub fn plan_reeds_shepp_js(
    start: shape::Pose,
    goal: shape::Pose,
    radius: shape::Number,
) -> Result<shape::Path, JsError> {
    let start: Pose = arg(start, "start")?;
    let goal: Pose = arg(goal, "goal")?;
    let radius = number(&radius, "radius")?;
    to_js(&reeds_shepp_shortest(start, goal, radius).map_err(from_core)?)
}

/// `reedsSheppLengths(queries, radius)`: `queries` is a `Float64Array` of
/// `x0, y0, h0, x1, y1, h1` per query; returns a `Float64Array` of the
/// shortest Reeds–Shepp lengths (0 for the same start and goal).
#[wasm_bindgen(js_name = reedsSheppLengths)]
pub fn reeds_shepp_lengths_js(
    queries: shape::Float64Array,
    radius: shape::Number,
) -> Result<Vec<f64>, JsError> {
    let radius = number(&radius, "radius")?;
    let q = queries
        .dyn_ref::<js_sys::Float64Array>()
        .ok_or_else(|| message("queries", "", "must be a Float64Array"))?
        .to_vec();
    let mut out = vec![0.0; q.len() / 6];
    reeds_shepp_lengths(&q, radius, &mut out).map_err(from_core)?;
    Ok(out)
}
