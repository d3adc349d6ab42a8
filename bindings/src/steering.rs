//! Bindings for `src/steering`: the `World` class of DESIGN.md (`addVehicle`,
//! `removeVehicle`, `setBehaviors`, `step`, `vehicle`, `free`), bulk helpers
//! for crowds, and zero-copy typed-array views of the vehicles' state.
//!
//! # Typed-array views
//! `positions()`, `velocities()` and `headings()` return `Float64Array`s that
//! look straight into wasm memory, stride 2 per vehicle in slot order:
//! `[x0, y0, x1, y1, …]`, `[vx0, vy0, …]`, `[cos h0, sin h0, …]` (headings are
//! unit vectors, so drawing needs no trigonometry). `ids()` is a `Uint32Array`
//! view: `ids()[i]` is the id of the vehicle at `positions()[2i]`.
//! A view is valid until the next call that may grow memory or move the
//! buffers: **re-fetch the views after every `step`, `addVehicle(s)`,
//! `removeVehicle` or `setBehaviors*`** (a step swaps the double buffers).
//! Fetching a view copies nothing.

use super::convert::{self, arg_error, Name};
use super::legacy_to_js::{Obj, ToJs};
use arcline::{
    Behavior, BehaviorKind, BehaviorSet, Combine, Obstacle, Point, SteeringError, Vec2, VehicleId,
    VehicleSpec,
};
use js_sys::{Array, Float64Array, Uint32Array};
use std::sync::Arc as Shared;
use wasm_bindgen::prelude::*;

/// `new World(seed?)`: a crowd of steered vehicles. `seed` (a whole number,
/// default 0) seeds the wander generators, so runs repeat.
#[wasm_bindgen]
pub struct World {
    pub(crate) world: arcline::World,
    /// The formations over this world's vehicles (methods in `formation.rs`).
    pub(crate) formations: arcline::WorldFormations,
}

struct VehicleJs {
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    heading: f64,
}

impl ToJs for VehicleJs {
    fn to_js(&self) -> JsValue {
        Obj::new()
            .num("x", self.x)
            .num("y", self.y)
            .num("vx", self.vx)
            .num("vy", self.vy)
            .num("heading", self.heading)
            .build()
    }
}

struct DebugJs {
    desired: Point,
    force: Point,
}

impl ToJs for DebugJs {
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("desired", &self.desired)
            .field("force", &self.force)
            .build()
    }
}

const KINDS: &str =
    "seek, flee, arrive, pursue, evade, wander, separation, alignment, cohesion, avoid, followPath";

fn steering_error(arg: &dyn core::fmt::Display, e: SteeringError) -> JsError {
    match e {
        // Already named after the argument: `id: ...`, `behaviors[1].x: ...`.
        SteeringError::UnknownVehicle(_)
        | SteeringError::OutOfIds
        | SteeringError::Behavior { .. } => convert::message_error(&e),
        _ => convert::message_error(&format_args!("{arg}.{e}")),
    }
}

use convert::get;

/// A number field (finite checks are left to the core unless noted).
fn number(v: &JsValue, name: &Name) -> Result<f64, JsError> {
    convert::any_number(v, name, true)
}

#[inline(never)]
fn opt_number(v: &JsValue, name: &Name) -> Result<Option<f64>, JsError> {
    if v.is_undefined() {
        Ok(None)
    } else {
        number(v, name).map(Some)
    }
}

/// `obj[key]`, named `{name}.{key}`.
fn field(obj: &JsValue, key: &str, name: &Name) -> Result<f64, JsError> {
    number(&get(obj, key), &name.key(key))
}

fn opt_field(obj: &JsValue, key: &str, name: &Name) -> Result<Option<f64>, JsError> {
    opt_number(&get(obj, key), &name.key(key))
}

/// "no vehicle with id {id}".
fn no_vehicle(name: &Name, id: u32) -> JsError {
    name.error(&format_args!("no vehicle with id {id}"))
}

/// A vehicle id: a whole number that names a live vehicle.
#[inline(never)]
fn id_value(v: &JsValue, name: &Name, world: &arcline::World) -> Result<VehicleId, JsError> {
    let n = number(v, name)?;
    if !(n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n < f64::from(u32::MAX)) {
        return Err(name.error(&"must be a vehicle id (a whole number ≥ 0)"));
    }
    let id = VehicleId(n as u32);
    if world.contains(id) {
        Ok(id)
    } else {
        Err(no_vehicle(name, id.0))
    }
}

/// `id_value` for an argument named `id`.
fn id_arg(v: &JsValue, world: &arcline::World) -> Result<VehicleId, JsError> {
    id_value(v, &Name::Arg("id"), world)
}

fn combine(mode: JsValue) -> Result<Combine, JsError> {
    if mode.is_undefined() || mode.is_null() {
        return Ok(Combine::WeightedSum);
    }
    match mode.as_string().as_deref() {
        Some("weighted") => Ok(Combine::WeightedSum),
        Some("priority") => Ok(Combine::Priority),
        _ => Err(arg_error("mode", "must be \"weighted\" or \"priority\"")),
    }
}

fn behavior(v: &JsValue, name: &Name, world: &arcline::World) -> Result<Behavior, JsError> {
    convert::object_at(v, name)?;
    let kind_name = name.key("kind");
    let kind = get(v, "kind");
    if kind.is_undefined() {
        return Err(kind_name.error(&"is missing"));
    }
    let kind = kind
        .as_string()
        .ok_or_else(|| kind_name.error(&"must be a string"))?;
    let weight = opt_field(v, "weight", name)?.unwrap_or(1.0);
    let target = || convert::point_at(&get(v, "target"), &name.key("target"));
    let radius = || field(v, "radius", name);
    let kind = match kind.as_str() {
        "seek" => BehaviorKind::Seek { target: target()? },
        "flee" => BehaviorKind::Flee { target: target()? },
        "arrive" => BehaviorKind::Arrive {
            target: target()?,
            slowing_radius: field(v, "slowingRadius", name)?,
        },
        "pursue" | "evade" => {
            let quarry = id_value(&get(v, "quarry"), &name.key("quarry"), world)?;
            if kind == "pursue" {
                BehaviorKind::Pursue { quarry }
            } else {
                BehaviorKind::Evade { quarry }
            }
        }
        "wander" => BehaviorKind::Wander {
            distance: field(v, "distance", name)?,
            radius: radius()?,
            jitter: field(v, "jitter", name)?,
        },
        "separation" => BehaviorKind::Separation { radius: radius()? },
        "alignment" => BehaviorKind::Alignment { radius: radius()? },
        "cohesion" => BehaviorKind::Cohesion { radius: radius()? },
        "avoid" => {
            let list = get(v, "obstacles");
            let list_name = name.key("obstacles");
            if !Array::is_array(&list) {
                return Err(list_name.error(&"must be an array of { x, y, radius }"));
            }
            let list = Array::from(&list);
            let mut obstacles = Vec::with_capacity(list.length() as usize);
            for (k, o) in list.iter().enumerate() {
                let name = list_name.at(k);
                convert::object_at(&o, &name)?;
                let x = convert::finite_at(field(&o, "x", &name)?, &name.key("x"))?;
                let y = convert::finite_at(field(&o, "y", &name)?, &name.key("y"))?;
                let r = convert::positive_at(field(&o, "radius", &name)?, &name.key("radius"))?;
                obstacles.push(Obstacle {
                    center: Point::new(x, y),
                    radius: r,
                });
            }
            BehaviorKind::Avoid {
                obstacles: Shared::from(obstacles),
                look_ahead: opt_field(v, "lookAhead", name)?,
            }
        }
        "followPath" => BehaviorKind::FollowPath {
            path: Shared::new(convert::path_at(&get(v, "path"), &name.key("path"))?),
            look_ahead: field(v, "lookAhead", name)?,
        },
        other => {
            return Err(kind_name.error(&format_args!(
                "unknown behaviour kind \"{other}\" (expected one of {KINDS})"
            )))
        }
    };
    Ok(Behavior { weight, kind })
}

fn behavior_list(v: &JsValue, world: &arcline::World) -> Result<Vec<Behavior>, JsError> {
    if !Array::is_array(v) {
        return Err(arg_error("behaviors", "must be an array"));
    }
    let list = Array::from(v);
    let name = Name::Arg("behaviors");
    let mut out = Vec::with_capacity(list.length() as usize);
    for (i, b) in list.iter().enumerate() {
        out.push(behavior(&b, &name.at(i), world)?);
    }
    Ok(out)
}

fn vehicle_spec(v: &JsValue) -> Result<VehicleSpec, JsError> {
    let arg = &Name::Arg("v");
    convert::object_at(v, arg)?;
    Ok(VehicleSpec {
        position: Point::new(field(v, "x", arg)?, field(v, "y", arg)?),
        velocity: Vec2::new(
            opt_field(v, "vx", arg)?.unwrap_or(0.0),
            opt_field(v, "vy", arg)?.unwrap_or(0.0),
        ),
        max_speed: field(v, "maxSpeed", arg)?,
        max_force: field(v, "maxForce", arg)?,
        mass: opt_field(v, "mass", arg)?.unwrap_or(1.0),
        heading: opt_field(v, "heading", arg)?,
    })
}

/// One behaviour set for many vehicles (`setBehaviorsMany`, `setAllBehaviors`).
#[inline(never)]
fn shared_set(
    world: &arcline::World,
    behaviors: &JsValue,
    mode: JsValue,
) -> Result<Shared<BehaviorSet>, JsError> {
    let list = behavior_list(behaviors, world)?;
    world
        .behavior_set(list, combine(mode)?)
        .map_err(|e| steering_error(&"behaviors", e))
}

#[wasm_bindgen]
impl World {
    #[wasm_bindgen(constructor)]
    pub fn new(seed: Option<JsValue>) -> Result<World, JsError> {
        let seed = match opt_number(&seed.unwrap_or(JsValue::UNDEFINED), &Name::Arg("seed"))? {
            None => 0,
            Some(s)
                if s.is_finite()
                    && s >= 0.0
                    && s.fract() == 0.0
                    && s <= 9.007_199_254_740_991e15 =>
            {
                s as u64
            }
            Some(_) => return Err(arg_error("seed", "must be a whole number ≥ 0")),
        };
        Ok(World {
            world: arcline::World::new(seed),
            formations: arcline::WorldFormations::new(),
        })
    }

    /// `addVehicle({ x, y, vx?, vy?, maxSpeed, maxForce, mass?, heading? })`: the new id.
    #[wasm_bindgen(js_name = addVehicle)]
    pub fn add_vehicle(&mut self, v: JsValue) -> Result<u32, JsError> {
        let spec = vehicle_spec(&v)?;
        self.world
            .add_vehicle(spec)
            .map(|id| id.0)
            .map_err(|e| steering_error(&"v", e))
    }

    /// `addVehicles(data)`: many vehicles from a `Float64Array` of 7 numbers
    /// each, `x, y, vx, vy, maxSpeed, maxForce, mass`; returns their ids.
    /// All are checked before any is added.
    #[wasm_bindgen(js_name = addVehicles)]
    pub fn add_vehicles(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float64Array")] data: JsValue,
    ) -> Result<Uint32Array, JsError> {
        // Checked before use: a method of Float64Array called on anything else
        // would throw through the Rust frames and leave the World borrowed.
        if !data.is_instance_of::<Float64Array>() {
            return Err(arg_error("data", "must be a Float64Array"));
        }
        let data = Float64Array::from(data).to_vec();
        if data.len() % 7 != 0 {
            return Err(arg_error("data", "length must be a multiple of 7"));
        }
        let specs: Vec<VehicleSpec> = data
            .chunks_exact(7)
            .map(|c| VehicleSpec {
                velocity: Vec2::new(c[2], c[3]),
                mass: c[6],
                ..VehicleSpec::new(c[0], c[1], c[4], c[5])
            })
            .collect();
        for (k, s) in specs.iter().enumerate() {
            s.check()
                .map_err(|e| steering_error(&Name::Arg("data").at(k), e))?;
        }
        let mut ids = Vec::with_capacity(specs.len());
        for s in specs {
            ids.push(
                self.world
                    .add_vehicle(s)
                    .map_err(|e| steering_error(&"data", e))?
                    .0,
            );
        }
        Ok(Uint32Array::from(&ids[..]))
    }

    /// `removeVehicle(id)`; the id is never used again.
    #[wasm_bindgen(js_name = removeVehicle)]
    pub fn remove_vehicle(&mut self, id: JsValue) -> Result<(), JsError> {
        let id = id_arg(&id, &self.world)?;
        self.world
            .remove_vehicle(id)
            .map_err(|e| steering_error(&"id", e))
    }

    /// `setBehaviors(id, behaviors, mode?)`: `mode` is `"weighted"` (default,
    /// the published rule) or `"priority"` (in order until `maxForce` is used).
    #[wasm_bindgen(js_name = setBehaviors)]
    pub fn set_behaviors(
        &mut self,
        id: JsValue,
        behaviors: JsValue,
        mode: Option<JsValue>,
    ) -> Result<(), JsError> {
        let mode = mode.unwrap_or(JsValue::UNDEFINED);
        let id = id_arg(&id, &self.world)?;
        let list = behavior_list(&behaviors, &self.world)?;
        let combine = combine(mode)?;
        self.world
            .set_behaviors_with(id, list, combine)
            .map_err(|e| steering_error(&"behaviors", e))
    }

    /// `setBehaviorsMany(ids, behaviors, mode?)`: one shared list for many
    /// vehicles (`ids`: an array or `Uint32Array`). All ids are checked first.
    #[wasm_bindgen(js_name = setBehaviorsMany)]
    pub fn set_behaviors_many(
        &mut self,
        ids: JsValue,
        behaviors: JsValue,
        mode: Option<JsValue>,
    ) -> Result<(), JsError> {
        let mode = mode.unwrap_or(JsValue::UNDEFINED);
        let ids: Vec<VehicleId> = if ids.is_instance_of::<Uint32Array>() {
            let raw = Uint32Array::from(ids).to_vec();
            let mut out = Vec::with_capacity(raw.len());
            for (k, id) in raw.into_iter().enumerate() {
                if !self.world.contains(VehicleId(id)) {
                    return Err(no_vehicle(&Name::Arg("ids").at(k), id));
                }
                out.push(VehicleId(id));
            }
            out
        } else if Array::is_array(&ids) {
            let mut out = Vec::new();
            for (k, id) in Array::from(&ids).iter().enumerate() {
                out.push(id_value(&id, &Name::Arg("ids").at(k), &self.world)?);
            }
            out
        } else {
            return Err(arg_error(
                "ids",
                "must be an array or a Uint32Array of vehicle ids",
            ));
        };
        let set = shared_set(&self.world, &behaviors, mode)?;
        for id in ids {
            self.world
                .set_behavior_set(id, set.clone())
                .map_err(|e| steering_error(&"ids", e))?;
        }
        Ok(())
    }

    /// `setAllBehaviors(behaviors, mode?)`: the same list for every vehicle.
    #[wasm_bindgen(js_name = setAllBehaviors)]
    pub fn set_all_behaviors(
        &mut self,
        behaviors: JsValue,
        mode: Option<JsValue>,
    ) -> Result<(), JsError> {
        let mode = mode.unwrap_or(JsValue::UNDEFINED);
        let set = shared_set(&self.world, &behaviors, mode)?;
        self.world.set_all_behaviors(set);
        Ok(())
    }

    /// `step(dt)`: every vehicle moves from the previous step's state;
    /// `dt = 1` is the seed's per-frame rule, `dt = 0` changes nothing.
    pub fn step(&mut self, dt: JsValue) -> Result<(), JsError> {
        let dt = convert::finite(number(&dt, &Name::Arg("dt"))?, "dt")?;
        if dt < 0.0 {
            return Err(arg_error("dt", "must not be negative"));
        }
        // Formations first: they steer their members (arrive at the slots).
        self.formations.before_step(&mut self.world, dt);
        self.world.step(dt);
        Ok(())
    }

    /// `vehicle(id)`: `{ x, y, vx, vy, heading }`.
    pub fn vehicle(&self, id: JsValue) -> Result<JsValue, JsError> {
        let id = id_arg(&id, &self.world)?;
        let v = self
            .world
            .vehicle(id)
            .ok_or_else(|| no_vehicle(&Name::Arg("id"), id.0))?;
        convert::to_js(&VehicleJs {
            x: v.position.x,
            y: v.position.y,
            vx: v.velocity.x,
            vy: v.velocity.y,
            heading: v.heading,
        })
    }

    /// `setLimits(id, { maxSpeed, maxForce, mass? })`: new limits, same state.
    #[wasm_bindgen(js_name = setLimits)]
    pub fn set_limits(&mut self, id: JsValue, limits: JsValue) -> Result<(), JsError> {
        let id = id_arg(&id, &self.world)?;
        let arg = &Name::Arg("limits");
        convert::object_at(&limits, arg)?;
        let max_speed = field(&limits, "maxSpeed", arg)?;
        let max_force = field(&limits, "maxForce", arg)?;
        let mass = opt_field(&limits, "mass", arg)?.unwrap_or(1.0);
        self.world
            .set_limits(id, max_speed, max_force, mass)
            .map_err(|e| steering_error(arg, e))
    }

    /// `setDebug(on)`: record what `debug(id)` reports (off by default).
    #[wasm_bindgen(js_name = setDebug)]
    pub fn set_debug(&mut self, on: bool) {
        self.world.set_record_debug(on);
    }

    /// `debug(id)`: `{ desired: {x, y}, force: {x, y} }` from the last step
    /// (recorded only after `setDebug(true)`): the velocity the behaviours
    /// asked for (seek alone: the seed's desired velocity) and the steering
    /// force applied (truncated to `maxForce`, before division by mass).
    pub fn debug(&self, id: JsValue) -> Result<JsValue, JsError> {
        let id = id_arg(&id, &self.world)?;
        let d = self
            .world
            .debug(id)
            .ok_or_else(|| no_vehicle(&Name::Arg("id"), id.0))?;
        convert::to_js(&DebugJs {
            desired: Point::new(d.desired.x, d.desired.y),
            force: Point::new(d.force.x, d.force.y),
        })
    }

    /// Number of vehicles.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.world.len() as u32
    }

    /// View of positions `[x0, y0, x1, y1, …]` (stride 2, slot order).
    /// Re-fetch after `step`/`add*`/`remove*`/`setBehaviors*`.
    pub fn positions(&self) -> Float64Array {
        // SAFETY: the view is only read by JS before the next call into this
        // module (documented above); no Rust code runs while it is alive.
        unsafe { Float64Array::view(self.world.positions()) }
    }

    /// View of velocities `[vx0, vy0, …]` (stride 2, slot order). Re-fetch as `positions()`.
    pub fn velocities(&self) -> Float64Array {
        // SAFETY: as in `positions`.
        unsafe { Float64Array::view(self.world.velocities()) }
    }

    /// View of unit heading vectors `[cos h0, sin h0, …]` (stride 2, slot
    /// order). Re-fetch as `positions()`.
    pub fn headings(&self) -> Float64Array {
        // SAFETY: as in `positions`.
        unsafe { Float64Array::view(self.world.headings()) }
    }

    /// View of the ids in slot order. Re-fetch as `positions()`.
    pub fn ids(&self) -> Uint32Array {
        // SAFETY: as in `positions`.
        unsafe { Uint32Array::view(self.world.raw_ids()) }
    }
}

/// `racetrack(center, halfLength, radius)`: a closed path of two straights and
/// two half circles around `center` (counter-clockwise from the middle of
/// the bottom straight), for `followPath` demos.
#[wasm_bindgen(js_name = racetrack)]
pub fn racetrack(
    center: JsValue,
    half_length: JsValue,
    radius: JsValue,
) -> Result<JsValue, JsError> {
    let center = convert::point(center, "center")?;
    let half_length = convert::finite(
        number(&half_length, &Name::Arg("halfLength"))?,
        "halfLength",
    )?;
    if half_length < 0.0 {
        return Err(arg_error("halfLength", "must not be negative"));
    }
    let radius = convert::positive(number(&radius, &Name::Arg("radius"))?, "radius")?;
    // Two straights of 2·halfLength and a whole circle must have a finite length.
    if !(core::f64::consts::TAU * radius).is_finite() {
        return Err(arg_error(
            "radius",
            "is too large: the track's length must be finite",
        ));
    }
    let path = arcline::racetrack(center, half_length, radius).ok_or_else(|| {
        arg_error(
            "halfLength",
            "is too large: the track's length must be finite",
        )
    })?;
    convert::path_to_js(&path)
}
