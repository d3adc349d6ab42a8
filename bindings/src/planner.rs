//! Bindings of `arcline::planner`: turn-then-go (and its construction for
//! the diagram), the Dubins words, the batch length query.

use crate::error::{from_core, from_core_in, message};
use crate::from_js::{arg, number, optional};
use crate::shape;
use crate::to_js::to_js;
use arcline::planner::shape::TurnSidesShape;
use arcline::planner::{
    cc_dubins_lengths, dubins_candidates, dubins_lengths, dubins_shortest, plan_dubins_cc,
    plan_turn, plan_turn_cc, turn_then_go_cc_sides, turn_then_go_sides, CurvatureOptions,
};
use arcline::Step;
use arcline::{Path, Point, Pose};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `planTurn(start, target, radius, options?)`: turn on the tightest circle
/// until facing the target, then straight; the shorter side. `null` when
/// the target is the start itself. With `options.sharpness`, the turn
/// ramps its curvature (clothoid, arc, clothoid: `plan_turn_cc`), and
/// `null` also when no such turn faces a target very near the start.
#[wasm_bindgen(js_name = planTurn)]
pub fn plan_turn_js(
    start: shape::Pose,
    target: shape::Point,
    radius: shape::Number,
    options: Option<shape::CurvatureOptions>,
) -> Result<shape::PathOrNull, JsError> {
    let start: Pose = arg(start, "start")?;
    let target: Point = arg(target, "target")?;
    let radius = number(&radius, "radius")?;
    let options = options.map_or(JsValue::UNDEFINED, JsValue::from);
    let options: CurvatureOptions = optional(options, "options")?.unwrap_or_default();
    let plan = match options.sharpness {
        Some(sharpness) => {
            plan_turn_cc(start, target, radius, sharpness).map_err(sharpness_in_options)?
        }
        None => plan_turn(start, target, radius).map_err(from_core)?,
    };
    match plan {
        Some(p) => to_js(&p),
        None => Ok(JsValue::NULL.unchecked_into()),
    }
}

/// `planTurnSides(start, target, radius, options?)`: both sides'
/// constructions for drawing, `{ right, left, best }`; each side `{ side,
/// center (P), h, exit, unreachable }`, `exit` `{ exit (Q), exitAngle,
/// theta, phi, d, path }` or null. With `options.sharpness`, also `cc`:
/// the continuous-curvature construction (`turn_then_go_cc_sides`), `{ deltaMin,
/// right, left, best }`, each side `{ side, ccCenter (Ω), ccRadius (r_Ω),
/// mu, innerRadius (r_Ω cos μ), h, exit, unreachable, path }`, `exit`
/// `{ tangentPoint, tangentAngle, exit, exitAngle, exitHeading, phi, beta,
/// delta, d }` or null. Without a sharpness the result is as before (no
/// `cc`): the options extend the call as `planTurn`'s do.
#[wasm_bindgen(js_name = planTurnSides)]
pub fn plan_turn_sides_js(
    start: shape::Pose,
    target: shape::Point,
    radius: shape::Number,
    options: Option<shape::CurvatureOptions>,
) -> Result<shape::TurnSides, JsError> {
    let start: Pose = arg(start, "start")?;
    let target: Point = arg(target, "target")?;
    let radius = number(&radius, "radius")?;
    let options = options.map_or(JsValue::UNDEFINED, JsValue::from);
    let options: CurvatureOptions = optional(options, "options")?.unwrap_or_default();
    let sides = turn_then_go_sides(start, target, radius).map_err(from_core)?;
    let cc = match options.sharpness {
        Some(sharpness) => Some(
            turn_then_go_cc_sides(start, target, radius, sharpness)
                .map_err(sharpness_in_options)?,
        ),
        None => None,
    };
    to_js(&TurnSidesShape::new(&sides, cc.as_ref()))
}

/// `planDubins(start, goal, radius, options?)`: the shortest of the six
/// words. With `options.sharpness`, the continuous-curvature Dubins path
/// (clothoid–arc–clothoid turns and lines, G2, curvature 0 at both ends:
/// `plan_dubins_cc`).
#[wasm_bindgen(js_name = planDubins)]
pub fn plan_dubins_js(
    start: shape::Pose,
    goal: shape::Pose,
    radius: shape::Number,
    options: Option<shape::CurvatureOptions>,
) -> Result<shape::Path, JsError> {
    let start: Pose = arg(start, "start")?;
    let goal: Pose = arg(goal, "goal")?;
    let radius = number(&radius, "radius")?;
    let options = options.map_or(JsValue::UNDEFINED, JsValue::from);
    let options: CurvatureOptions = optional(options, "options")?.unwrap_or_default();
    let path = match options.sharpness {
        Some(sharpness) => {
            plan_dubins_cc(start, goal, radius, sharpness).map_err(sharpness_in_options)?
        }
        None => dubins_shortest(start, goal, radius).map_err(from_core)?,
    };
    to_js(&path)
}

/// `dubinsCandidates(start, goal, radius)`: every feasible word as a path,
/// in the order LSL, LSR, RSL, RSR, RLR, LRL.
#[wasm_bindgen(js_name = dubinsCandidates)]
pub fn dubins_candidates_js(
    start: shape::Pose,
    goal: shape::Pose,
    radius: shape::Number,
) -> Result<shape::PathList, JsError> {
    let start: Pose = arg(start, "start")?;
    let goal: Pose = arg(goal, "goal")?;
    let radius = number(&radius, "radius")?;
    let c = dubins_candidates(start, goal, radius).map_err(from_core)?;
    let paths: Vec<Path> = c.into_iter().map(|(_, p)| p).collect();
    to_js(&paths)
}

/// `dubinsLengths(queries, radius)`: `queries` is a `Float64Array` of
/// `x0, y0, h0, x1, y1, h1` per query; returns a `Float64Array` of the
/// shortest lengths (0 for a coincident start and goal).
#[wasm_bindgen(js_name = dubinsLengths)]
pub fn dubins_lengths_js(
    queries: shape::Float64Array,
    radius: shape::Number,
) -> Result<Vec<f64>, JsError> {
    let radius = number(&radius, "radius")?;
    let q = queries
        .dyn_ref::<js_sys::Float64Array>()
        .ok_or_else(|| message("queries", "", "must be a Float64Array"))?
        .to_vec();
    let mut out = vec![0.0; q.len() / 6];
    dubins_lengths(&q, radius, &mut out).map_err(from_core)?;
    Ok(out)
}

/// `ccDubinsLengths(queries, radius, sharpness)`: `queries` is a
/// `Float64Array` of `x0, y0, h0, x1, y1, h1` per query; returns a
/// `Float64Array` of the continuous-curvature Dubins lengths (as
/// `planDubins(start, goal, radius, { sharpness })`; 0 for a goal at the
/// start).
#[wasm_bindgen(js_name = ccDubinsLengths)]
pub fn cc_dubins_lengths_js(
    queries: shape::Float64Array,
    radius: shape::Number,
    sharpness: shape::Number,
) -> Result<Vec<f64>, JsError> {
    let radius = number(&radius, "radius")?;
    let sharpness = number(&sharpness, "sharpness")?;
    let q = queries
        .dyn_ref::<js_sys::Float64Array>()
        .ok_or_else(|| message("queries", "", "must be a Float64Array"))?
        .to_vec();
    let mut out = vec![0.0; q.len() / 6];
    cc_dubins_lengths(&q, radius, sharpness, &mut out).map_err(from_core)?;
    Ok(out)
}

/// The core's error, with a problem of `sharpness` named as the
/// caller wrote it, `options.sharpness`.
fn sharpness_in_options(e: arcline::Error) -> JsError {
    if e.field().steps().first() == Some(&Step::Name("sharpness")) {
        from_core_in("options", e)
    } else {
        from_core(e)
    }
}
