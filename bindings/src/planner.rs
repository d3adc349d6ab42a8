//! Bindings for `src/planner`: turn-then-go (and its construction for the
//! diagram), the Dubins words, the batch length query, motion over time.

use super::convert::{self, arg_error, path_to_js, to_js};
use super::to_js::{Obj, ToJs};
use arcline::{
    dubins_candidates, dubins_lengths, dubins_shortest, plan_turn, pose_at_time,
    turn_then_go_sides, Path, PlanError, TurnSide,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A core error as a JS `Error` naming the argument.
fn plan_error(e: PlanError) -> JsError {
    match e {
        PlanError::NonFinite(what) => arg_error(what, "must be a finite number"),
        PlanError::NonPositiveRadius => arg_error("radius", "must be greater than zero"),
        PlanError::TooLarge(what) => arg_error(what, "must be at most 1e150 in magnitude"),
        PlanError::QueriesNotMultipleOfSix(n) => convert::error(
            &"queries",
            &format_args!("length {n} is not a multiple of 6 (x0, y0, h0, x1, y1, h1 per query)"),
        ),
        PlanError::NegativeSpeed => arg_error("speed", "must be zero or more"),
        PlanError::TargetAtStart => convert::error(&"target", &e),
        PlanError::OutputLength { .. } => convert::error(&"internal", &e),
    }
}

/// A JS number argument: a string, `undefined` or an object is an error (no
/// silent `"3"` → 3), so is NaN or ±Infinity.
fn number(v: &JsValue, arg: &str) -> Result<f64, JsError> {
    let name = &convert::Name::Arg(arg);
    convert::finite_at(convert::any_number(v, name, false)?, name)
}

fn radius_arg(v: &JsValue) -> Result<f64, JsError> {
    convert::positive(number(v, "radius")?, "radius")
}

/// `planTurn(start, target, radius)`: the seed's turn then go, the shorter
/// side; `null` when the target is the start itself.
#[wasm_bindgen(js_name = planTurn)]
pub fn plan_turn_js(
    start: JsValue,
    target: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
) -> Result<JsValue, JsError> {
    let start = convert::pose(start, "start")?;
    let target = convert::point(target, "target")?;
    let radius = radius_arg(&radius)?;
    match plan_turn(start, target, radius) {
        Ok(p) => path_to_js(&p),
        Err(PlanError::TargetAtStart) => Ok(JsValue::NULL),
        Err(e) => Err(plan_error(e)),
    }
}

/// One side of the turn-then-go for drawing: `{ side, center (P), radius,
/// h, reachable, reason, exit (Q), exitAngle, theta, phi, d, length, path }`
/// (the last seven null when unreachable, `reason` null when reachable).
struct SideJs<'a> {
    s: &'a TurnSide,
    radius: f64,
}

impl ToJs for SideJs<'_> {
    fn to_js(&self) -> JsValue {
        let s = self.s;
        let o = Obj::new()
            .str("side", s.side.as_str())
            .field("center", &s.center)
            .num("radius", self.radius)
            .num("h", s.h);
        match &s.exit {
            Ok(e) => o
                .field("reachable", &true)
                .set("reason", &JsValue::NULL)
                .field("exit", &e.exit)
                .num("exitAngle", e.exit_angle)
                .num("theta", e.theta)
                .num("phi", e.phi)
                .num("d", e.d)
                .num("length", e.path.length())
                .field("path", &e.path),
            Err(u) => {
                let mut o = o.field("reachable", &false).str("reason", u.as_str());
                for k in ["exit", "exitAngle", "theta", "phi", "d", "length", "path"] {
                    o = o.set(k, &JsValue::NULL);
                }
                o
            }
        }
        .build()
    }
}

struct SidesJs<'a> {
    right: SideJs<'a>,
    left: SideJs<'a>,
    best: Option<&'static str>,
}

impl ToJs for SidesJs<'_> {
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("right", &self.right)
            .field("left", &self.left)
            .field("best", &self.best)
            .build()
    }
}

/// `planTurnSides(start, target, radius)`: both sides' constructions for
/// drawing: `{ right, left, best }`, each side `{ side, center (P), radius, h,
/// reachable, reason, exit (Q), exitAngle, theta, phi, d, length, path }` (the last seven
/// null when unreachable); `best` is `"right"`, `"left"` or null.
#[wasm_bindgen(js_name = planTurnSides)]
pub fn plan_turn_sides_js(
    start: JsValue,
    target: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
) -> Result<JsValue, JsError> {
    let start = convert::pose(start, "start")?;
    let target = convert::point(target, "target")?;
    let radius = radius_arg(&radius)?;
    let sides = turn_then_go_sides(start, target, radius).map_err(plan_error)?;
    to_js(&SidesJs {
        right: SideJs {
            s: &sides.right,
            radius,
        },
        left: SideJs {
            s: &sides.left,
            radius,
        },
        best: sides.best().map(|s| s.side.as_str()),
    })
}

/// `planDubins(start, goal, radius)`: the shortest of the six words.
#[wasm_bindgen(js_name = planDubins)]
pub fn plan_dubins_js(
    start: JsValue,
    goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
) -> Result<JsValue, JsError> {
    let start = convert::pose(start, "start")?;
    let goal = convert::pose(goal, "goal")?;
    let radius = radius_arg(&radius)?;
    let p = dubins_shortest(start, goal, radius).map_err(plan_error)?;
    path_to_js(&p)
}

/// `dubinsCandidates(start, goal, radius)`: every feasible word as a path,
/// in the order LSL, LSR, RSL, RSR, RLR, LRL.
#[wasm_bindgen(js_name = dubinsCandidates)]
pub fn dubins_candidates_js(
    start: JsValue,
    goal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
) -> Result<JsValue, JsError> {
    let start = convert::pose(start, "start")?;
    let goal = convert::pose(goal, "goal")?;
    let radius = radius_arg(&radius)?;
    let c = dubins_candidates(start, goal, radius).map_err(plan_error)?;
    let paths: Vec<Path> = c.into_iter().map(|(_, p)| p).collect();
    to_js(&paths)
}

/// `dubinsLengths(queries, radius)`: `queries` is a `Float64Array` of
/// `x0, y0, h0, x1, y1, h1` per query; returns a `Float64Array` of the
/// shortest lengths (0 for a coincident start and goal).
#[wasm_bindgen(js_name = dubinsLengths)]
pub fn dubins_lengths_js(
    #[wasm_bindgen(unchecked_param_type = "Float64Array")] queries: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
) -> Result<Vec<f64>, JsError> {
    let radius = radius_arg(&radius)?;
    let arr = queries
        .dyn_ref::<js_sys::Float64Array>()
        .ok_or_else(|| arg_error("queries", "must be a Float64Array"))?;
    let q = arr.to_vec();
    if q.len() % 6 != 0 {
        return Err(plan_error(PlanError::QueriesNotMultipleOfSix(q.len())));
    }
    let mut out = vec![0.0; q.len() / 6];
    // The core checks every value as it goes; only when it fails are the
    // queries scanned again, to name the first bad value.
    if let Err(e) = dubins_lengths(&q, radius, &mut out) {
        if let Some(i) = q.iter().position(|v| !v.is_finite()) {
            return Err(convert::error(
                &"queries",
                &format_args!("value {i} (query {}) must be a finite number", i / 6),
            ));
        }
        if let Some(i) = q
            .iter()
            .enumerate()
            .position(|(i, v)| i % 3 != 2 && v.abs() > arcline::MAX_MAGNITUDE)
        {
            return Err(convert::error(
                &"queries",
                &format_args!(
                    "value {i} (query {}) must be at most 1e150 in magnitude",
                    i / 6
                ),
            ));
        }
        return Err(plan_error(e));
    }
    Ok(out)
}

/// `poseAtTime(path, speed, time)`: listing 2, the pose `speed × time` along
/// the path, clamped to both ends.
#[wasm_bindgen(js_name = poseAtTime)]
pub fn pose_at_time_js(
    path: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] speed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] time: JsValue,
) -> Result<JsValue, JsError> {
    let path = convert::path(path, "path")?;
    let speed = number(&speed, "speed")?;
    if speed < 0.0 {
        return Err(plan_error(PlanError::NegativeSpeed));
    }
    let time = number(&time, "time")?;
    to_js(&pose_at_time(&path, speed, time))
}
