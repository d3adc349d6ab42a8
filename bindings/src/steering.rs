//! Bindings of `arcline::steering`: the `World` class of the JS API (docs/api.md)
//! (`addVehicle`, `removeVehicle`, `setBehaviors`, `step`, `vehicle`,
//! `free`), bulk helpers for crowds, zero-copy typed-array views of the
//! vehicles' state, `racetrack`, and `seekStep` (one seek step opened up
//! for a figure).
//!
//! # Typed-array views
//! `positions()`, `velocities()` and `headings()` (the core's
//! `heading_vectors()`) return `Float64Array`s that
//! look straight into wasm memory, stride 2 per vehicle in slot order:
//! `[x0, y0, x1, y1, …]`, `[vx0, vy0, …]`, `[cos h0, sin h0, …]` (headings are
//! unit vectors, so drawing needs no trigonometry). `ids()` is a `Uint32Array`
//! view: `ids()[i]` is the id of the vehicle at `positions()[2i]`.
//! A view is valid until the next call that may grow memory or move the
//! buffers: **re-fetch the views after every `step`, `addVehicle(s)`,
//! `removeVehicle` or `setBehaviors*`** (a step swaps the double buffers).
//! Fetching a view copies nothing.

use crate::error::{from_core, from_core_in, message};
use crate::from_js::{arg, number, optional, whole};
use crate::shape;
use crate::to_js::to_js;
use arcline::steering::shape::BehaviorShape;
use arcline::steering::{Behavior, BehaviorSet, Combine, VehicleId, VehicleLimits, VehicleSpec};
use arcline::{Error, Field, Point, Reason};
use js_sys::{Float64Array, Uint32Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `new World(seed?)`: a crowd of steered vehicles. `seed` (a whole number,
/// default 0) seeds the wander generators, so runs repeat.
#[wasm_bindgen]
pub struct World {
    pub(crate) world: arcline::steering::World,
    /// The formations over this world's vehicles (methods in `formation.rs`).
    pub(crate) formations: arcline::formation::WorldFormations,
}

/// A vehicle id argument (a whole number; whether it is live is the core's
/// to say).
#[inline(never)]
pub(crate) fn vehicle_id(value: &JsValue, name: &str) -> Result<VehicleId, JsError> {
    whole(value, name).map(VehicleId)
}

/// "no vehicle with id …" about argument `name`.
#[cold]
#[inline(never)]
pub(crate) fn no_vehicle(name: &'static str, id: VehicleId) -> JsError {
    from_core(Error::at(
        name,
        Reason::UnknownId {
            what: "vehicle",
            id: u64::from(id.0),
        },
    ))
}

/// The behaviours of argument `behaviors`, their paths checked (their
/// numbers are checked by the core where they are used).
#[inline(never)]
fn behaviors_arg(value: impl Into<JsValue>) -> Result<Vec<Behavior>, JsError> {
    let shapes: Vec<BehaviorShape> = arg(value, "behaviors")?;
    let mut out = Vec::with_capacity(shapes.len());
    for (i, s) in shapes.into_iter().enumerate() {
        out.push(Behavior::try_from(s).map_err(|e| from_core_in("behaviors", e.within_index(i)))?);
    }
    Ok(out)
}

/// The optional `mode` argument (default `"weighted"`).
fn mode_arg(mode: impl Into<JsValue>) -> Result<Combine, JsError> {
    Ok(optional::<Combine>(mode, "mode")?.unwrap_or_default())
}

/// One checked behaviour set for many vehicles (`setBehaviorsMany`,
/// `setAllBehaviors`).
#[inline(never)]
fn shared_set(
    world: &arcline::steering::World,
    behaviors: shape::BehaviorList,
    mode: JsValue,
) -> Result<BehaviorSet, JsError> {
    let list = behaviors_arg(behaviors)?;
    let combine = mode_arg(mode)?;
    world.behavior_set(list, combine).map_err(from_core)
}

#[wasm_bindgen]
impl World {
    #[wasm_bindgen(constructor)]
    pub fn new(seed: Option<shape::Number>) -> Result<World, JsError> {
        let seed = seed.map_or(JsValue::UNDEFINED, JsValue::from);
        let seed = if seed.is_undefined() || seed.is_null() {
            0
        } else {
            let s = number(&seed, "seed")?;
            if !(s >= 0.0 && s.fract() == 0.0 && s <= 9_007_199_254_740_991.0) {
                return Err(message(
                    "seed",
                    "",
                    "must be a whole number from 0 to 2^53 - 1",
                ));
            }
            s as u64
        };
        Ok(World {
            world: arcline::steering::World::new(seed),
            formations: arcline::formation::WorldFormations::new(),
        })
    }

    /// `addVehicle({ x, y, vx?, vy?, maxSpeed, maxForce, mass?, heading?, radius? })`:
    /// the new id (`radius`: the body radius, default 0.5).
    #[wasm_bindgen(js_name = addVehicle)]
    pub fn add_vehicle(&mut self, v: shape::VehicleSpec) -> Result<u32, JsError> {
        let spec: VehicleSpec = arg(v, "v")?;
        self.world
            .add_vehicle(spec)
            .map(|id| id.0)
            .map_err(|e| from_core(e.rename_root("v")))
    }

    /// `addVehicles(data)`: many vehicles from a `Float64Array` of 7 numbers
    /// each, `x, y, vx, vy, maxSpeed, maxForce, mass`; returns their ids.
    /// All are checked before any is added.
    #[wasm_bindgen(js_name = addVehicles)]
    pub fn add_vehicles(&mut self, data: shape::Float64Array) -> Result<Uint32Array, JsError> {
        // Checked before use: a method of Float64Array called on anything else
        // would throw through the Rust frames and leave the World borrowed.
        let data = data
            .dyn_ref::<Float64Array>()
            .ok_or_else(|| message("data", "", "must be a Float64Array"))?
            .to_vec();
        if data.len() % 7 != 0 {
            let why = Reason::NotAMultiple {
                of: 7,
                got: data.len(),
            };
            return Err(from_core_in("data", Error::new(Field::default(), why)));
        }
        let specs: Vec<VehicleSpec> = data
            .chunks_exact(7)
            .map(|c| VehicleSpec {
                vx: c[2],
                vy: c[3],
                mass: c[6],
                ..VehicleSpec::new(c[0], c[1], c[4], c[5])
            })
            .collect();
        let ids = self
            .world
            .add_vehicles(&specs)
            .map_err(|e| from_core(e.rename_root("data")))?;
        let ids: Vec<u32> = ids.into_iter().map(u32::from).collect();
        Ok(Uint32Array::from(&ids[..]))
    }

    /// `removeVehicle(id)`; the id is never used again.
    #[wasm_bindgen(js_name = removeVehicle)]
    pub fn remove_vehicle(&mut self, id: shape::Number) -> Result<(), JsError> {
        let id = vehicle_id(&id, "id")?;
        self.world.remove_vehicle(id).map_err(from_core)
    }

    /// `setBehaviors(id, behaviors, mode?)`: `mode` is `"weighted"` (default,
    /// the published rule) or `"priority"` (in order until `maxForce` is used).
    #[wasm_bindgen(js_name = setBehaviors)]
    pub fn set_behaviors(
        &mut self,
        id: shape::Number,
        behaviors: shape::BehaviorList,
        mode: Option<shape::Combine>,
    ) -> Result<(), JsError> {
        let id = vehicle_id(&id, "id")?;
        if !self.world.contains(id) {
            return Err(no_vehicle("id", id));
        }
        let list = behaviors_arg(behaviors)?;
        let combine = mode_arg(mode.map_or(JsValue::UNDEFINED, JsValue::from))?;
        self.world
            .set_behaviors_with(id, list, combine)
            .map_err(from_core)
    }

    /// `setBehaviorsMany(ids, behaviors, mode?)`: one shared list for many
    /// vehicles (`ids`: an array or `Uint32Array`). All ids are checked first.
    #[wasm_bindgen(js_name = setBehaviorsMany)]
    pub fn set_behaviors_many(
        &mut self,
        ids: shape::Ids,
        behaviors: shape::BehaviorList,
        mode: Option<shape::Combine>,
    ) -> Result<(), JsError> {
        // A typed array crosses in one copy; a plain array as a shape.
        let ids: Vec<VehicleId> = match ids.dyn_ref::<Uint32Array>() {
            Some(a) => a.to_vec().into_iter().map(VehicleId).collect(),
            None => arg(ids, "ids")?,
        };
        let set = shared_set(
            &self.world,
            behaviors,
            mode.map_or(JsValue::UNDEFINED, JsValue::from),
        )?;
        self.world
            .set_behavior_set_many(&ids, &set)
            .map_err(from_core)
    }

    /// `setAllBehaviors(behaviors, mode?)`: the same list for every vehicle.
    #[wasm_bindgen(js_name = setAllBehaviors)]
    pub fn set_all_behaviors(
        &mut self,
        behaviors: shape::BehaviorList,
        mode: Option<shape::Combine>,
    ) -> Result<(), JsError> {
        let set = shared_set(
            &self.world,
            behaviors,
            mode.map_or(JsValue::UNDEFINED, JsValue::from),
        )?;
        self.world.set_all_behaviors(set);
        Ok(())
    }

    /// `step(dt)`: every vehicle moves from the previous step's state;
    /// `dt = 1` is Reynolds' per-frame rule, `dt = 0` changes nothing, and a
    /// `dt` beyond 1e6 counts as 1e6.
    pub fn step(&mut self, dt: shape::Number) -> Result<(), JsError> {
        let dt = number(&dt, "dt")?;
        if !dt.is_finite() {
            return Err(from_core(Error::at("dt", Reason::NotFinite)));
        }
        if dt < 0.0 {
            return Err(from_core(Error::at("dt", Reason::Negative)));
        }
        // Formations first: they steer their members (arrive at the slots).
        self.formations.before_step(&mut self.world, dt);
        self.world.step(dt);
        Ok(())
    }

    /// `vehicle(id)`: `{ x, y, vx, vy, heading }`.
    pub fn vehicle(&self, id: shape::Number) -> Result<shape::VehicleState, JsError> {
        let id = vehicle_id(&id, "id")?;
        let v = self.world.vehicle(id).ok_or_else(|| no_vehicle("id", id))?;
        to_js(&v)
    }

    /// `setLimits(id, { maxSpeed, maxForce, mass? })`: new limits, same state.
    #[wasm_bindgen(js_name = setLimits)]
    pub fn set_limits(
        &mut self,
        id: shape::Number,
        limits: shape::VehicleLimits,
    ) -> Result<(), JsError> {
        let id = vehicle_id(&id, "id")?;
        let limits: VehicleLimits = arg(limits, "limits")?;
        self.world.set_limits(id, limits).map_err(from_core)
    }

    /// `setDebug(on)`: record what `debug(id)` reports (off by default).
    #[wasm_bindgen(js_name = setDebug)]
    pub fn set_debug(&mut self, on: bool) {
        self.world.set_record_debug(on);
    }

    /// `debug(id)`: `{ desired: {x, y}, force: {x, y} }` from the last step
    /// (recorded only after `setDebug(true)`): the velocity the behaviours
    /// asked for (seek alone: Reynolds' desired velocity) and the steering
    /// force applied (truncated to `maxForce`, before division by mass).
    pub fn debug(&self, id: shape::Number) -> Result<shape::VehicleDebug, JsError> {
        let id = vehicle_id(&id, "id")?;
        let d = self.world.debug(id).ok_or_else(|| no_vehicle("id", id))?;
        to_js(&d)
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
        unsafe { Float64Array::view(self.world.positions().as_slice()) }
    }

    /// View of velocities `[vx0, vy0, …]` (stride 2, slot order). Re-fetch as `positions()`.
    pub fn velocities(&self) -> Float64Array {
        // SAFETY: as in `positions`.
        unsafe { Float64Array::view(self.world.velocities().as_slice()) }
    }

    /// View of unit heading vectors `[cos h0, sin h0, …]` (stride 2, slot
    /// order). Re-fetch as `positions()`.
    pub fn headings(&self) -> Float64Array {
        // SAFETY: as in `positions`.
        unsafe { Float64Array::view(self.world.heading_vectors().as_slice()) }
    }

    /// View of the ids in slot order. Re-fetch as `positions()`.
    pub fn ids(&self) -> Uint32Array {
        let ids = self.world.ids().as_slice();
        // SAFETY: `VehicleId` is `repr(transparent)` over `u32`, so the slice
        // is `ids.len()` valid `u32`s; the view is then read as in `positions`.
        unsafe {
            let raw = core::slice::from_raw_parts(ids.as_ptr().cast::<u32>(), ids.len());
            Uint32Array::view(raw)
        }
    }
}

/// `racetrack(center, halfLength, radius)`: a closed path of two straights and
/// two half circles around `center` (counter-clockwise from the middle of
/// the bottom straight), for `followPath` demos.
#[wasm_bindgen(js_name = racetrack)]
pub fn racetrack(
    center: shape::Point,
    #[wasm_bindgen(js_name = "halfLength")] half_length: shape::Number,
    radius: shape::Number,
) -> Result<shape::Path, JsError> {
    let center: Point = arg(center, "center")?;
    let half_length = number(&half_length, "halfLength")?;
    let radius = number(&radius, "radius")?;
    let path = arcline::steering::racetrack(center, half_length, radius).map_err(from_core)?;
    to_js(&path)
}

/// `seekStep(vehicle, target, dt)`: one step of Reynolds' seek laid bare for
/// a figure: `{ desired, velocity, steering, force, acceleration,
/// nextVelocity, nextPosition, desiredSpeed, speed, steeringLength,
/// forceLength }`; the next position is where a `World` step puts the
/// vehicle. Throws for a bad vehicle (`vehicle.mass: …`), target or `dt`.
#[wasm_bindgen(js_name = seekStep)]
pub fn seek_step(
    vehicle: shape::VehicleSpec,
    target: shape::Point,
    dt: shape::Number,
) -> Result<shape::SeekStep, JsError> {
    let vehicle: VehicleSpec = arg(vehicle, "vehicle")?;
    let target: Point = arg(target, "target")?;
    let dt = number(&dt, "dt")?;
    to_js(&arcline::steering::seek_step(&vehicle, target, dt).map_err(from_core)?)
}
