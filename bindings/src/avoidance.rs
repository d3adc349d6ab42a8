//! The `World` methods of the rest of the steering family (a third
//! `#[wasm_bindgen] impl World` block, beside `steering.rs` and
//! `formation.rs`): body radii (`setRadius`, the `radii()` view), a
//! vehicle's facing at rest (`setFacing`, `facing`), and what each
//! behaviour aims at, for drawing (`aims`).
//!
//! The behaviours themselves (`interpose`, `offsetPursuit`, `hide`,
//! `stayOnPath`, `contain`, `avoidVehicles`) cross as `Behavior` shapes in
//! `setBehaviors` like the others, and a vehicle's `radius` in
//! `addVehicle`.

use crate::error::from_core;
use crate::from_js::{arg, number};
use crate::shape;
use crate::steering::{no_vehicle, vehicle_id, World};
use crate::to_js::to_js;
use arcline::steering::Facing;
use js_sys::Float64Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
impl World {
    /// `setRadius(id, radius)`: the vehicle's body radius (> 0), what
    /// `avoidVehicles` keeps apart and what `hide` and `contain` keep clear.
    #[wasm_bindgen(js_name = setRadius)]
    pub fn set_radius(&mut self, id: shape::Number, radius: shape::Number) -> Result<(), JsError> {
        let id = vehicle_id(&id, "id")?;
        let radius = number(&radius, "radius")?;
        self.world.set_radius(id, radius).map_err(from_core)
    }

    /// View of body radii `[r0, r1, …]` (stride 1, slot order, as
    /// `positions()`). Re-fetch as `positions()`.
    pub fn radii(&self) -> Float64Array {
        // SAFETY: as in `positions` (steering.rs): read by JS before the
        // next call into this module.
        unsafe { Float64Array::view(self.world.radii().as_slice()) }
    }

    /// `setFacing(id, facing)`: `{ heading, maxTurnRate }`, the direction
    /// the vehicle turns to when it stops (below 1/32 of its max speed),
    /// at most `maxTurnRate` radians per unit of time; `null` takes it
    /// away. While it moves its heading follows its velocity. (Members of a
    /// formation are given their slot's orientation by the formation.)
    #[wasm_bindgen(js_name = setFacing)]
    pub fn set_facing(
        &mut self,
        id: shape::Number,
        facing: shape::FacingOrNull,
    ) -> Result<(), JsError> {
        let id = vehicle_id(&id, "id")?;
        if !self.world.contains(id) {
            return Err(no_vehicle("id", id));
        }
        let facing: Option<Facing> = if facing.is_null() || facing.is_undefined() {
            None
        } else {
            Some(arg(facing, "facing")?)
        };
        // The core names the facing's fields under `facing`.
        self.world.set_facing(id, facing).map_err(from_core)
    }

    /// `facing(id)`: the vehicle's `{ heading, maxTurnRate }`, or `null`.
    pub fn facing(&self, id: shape::Number) -> Result<shape::FacingOrNull, JsError> {
        let id = vehicle_id(&id, "id")?;
        if !self.world.contains(id) {
            return Err(no_vehicle("id", id));
        }
        match self.world.facing(id) {
            Some(f) => to_js(&f),
            None => Ok(JsValue::NULL.unchecked_into()),
        }
    }

    /// `aims(id)`: one `{ target, predicted }` per behaviour of the vehicle,
    /// in order, from the current state: the point each steers toward (the
    /// midpoint of interpose, the hiding spot, the place in the leader's
    /// frame, seek's target, ...) and the position stay on path and contain
    /// predict, each a point or `null`. For drawing.
    pub fn aims(&self, id: shape::Number) -> Result<shape::BehaviorAimList, JsError> {
        let id = vehicle_id(&id, "id")?;
        match self.world.aims(id) {
            Some(a) => to_js(&a),
            None => Err(no_vehicle("id", id)),
        }
    }
}
