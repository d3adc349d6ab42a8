//! Bindings of `arcline::formation`: the formation methods of the JS `World`
//! (docs/api.md: `createFormation`, `joinFormation`, `leaveFormation`,
//! `setFormationTarget`, `formation`), a few extensions for the diagram
//! (`setFormationPattern`, `followFormationPath`, `removeFormation`,
//! `formationOf`), and the free function `minCostAssignment` (the Hungarian
//! method the cost-based slot assignment uses).
//!
//! A second `#[wasm_bindgen] impl World` block: the `World` wrapper (in
//! `steering.rs`) holds a `WorldFormations` next to the core world, and its
//! `step` runs the formations first, so members arrive at their slot
//! targets without any `setBehaviors`.

use crate::error::{from_core, from_core_in, message};
use crate::from_js::path as path_arg;
use crate::from_js::{arg, whole};
use crate::shape;
use crate::steering::{no_vehicle, vehicle_id, World};
use crate::to_js::to_js;
use arcline::formation::shape::FormationStateShape;
use arcline::formation::{FormationId, FormationSpec, FormationTarget, PatternChange};
use arcline::steering::VehicleId;
use arcline::{Error, Reason};
use js_sys::{Float64Array, Uint32Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// "no formation with id …" about argument `formation`.
#[cold]
#[inline(never)]
fn no_formation(id: FormationId) -> JsError {
    from_core(Error::at(
        "formation",
        Reason::UnknownId {
            what: "formation",
            id: u64::from(id.0),
        },
    ))
}

impl World {
    /// The `formation` argument: the id of a formation of this world.
    fn formation_arg(&self, v: &JsValue) -> Result<FormationId, JsError> {
        let id = FormationId(whole(v, "formation")?);
        if self.formations.formations().get(id).is_some() {
            Ok(id)
        } else {
            Err(no_formation(id))
        }
    }

    /// The `vehicle` argument: the id of a live vehicle.
    fn vehicle_arg(&self, v: &JsValue) -> Result<VehicleId, JsError> {
        let id = vehicle_id(v, "vehicle")?;
        if self.world.contains(id) {
            Ok(id)
        } else {
            Err(no_vehicle("vehicle", id))
        }
    }
}

#[wasm_bindgen]
impl World {
    /// `createFormation({ pattern, spacing, assignment?, capacity?, ... })`: a
    /// new empty formation's id. `pattern`: `"line" | "column" | "v" |
    /// "circle" | "box"`; `spacing` > 0; `assignment`: `"sequential"`
    /// (default) or `"cost"` (least total travel); `capacity`: slots (default
    /// per pattern, at least 15). Tuning, all optional: `velocityLead`
    /// (seconds, ≥ 0, default 0.25), `leash` (how far the anchor may lead the
    /// members, in spacings, default 2), `slowingRadius` (members' arrive, in
    /// spacings, default 2), `maxTurnRate` (rad/s, default π/2), `maxSpeed`
    /// and `maxAcceleration` (the anchor's high limits, default 1000 and
    /// 10000). A spacing or tuning so large that a slot or radius would not be
    /// finite is refused.
    #[wasm_bindgen(js_name = createFormation)]
    pub fn create_formation(&mut self, f: shape::FormationSpec) -> Result<u32, JsError> {
        let spec: FormationSpec = arg(f, "f")?;
        self.formations
            .create_with(&spec)
            .map(u32::from)
            .map_err(|e| from_core_in("f", e))
    }

    /// `joinFormation(formation, vehicle)`: `false` when the pattern has no
    /// free slot; joining the same formation again keeps the slot (`true`).
    /// Throws for a vehicle already in another formation.
    #[wasm_bindgen(js_name = joinFormation)]
    pub fn join_formation(
        &mut self,
        formation: shape::Number,
        vehicle: shape::Number,
    ) -> Result<bool, JsError> {
        let f = self.formation_arg(&formation)?;
        let v = self.vehicle_arg(&vehicle)?;
        self.formations.prune(&self.world);
        self.formations
            .join(&mut self.world, f, v)
            .map_err(from_core)
    }

    /// `leaveFormation(vehicle)`: the vehicle gets its own behaviours back;
    /// the others close ranks. Nothing happens for a vehicle in no formation.
    #[wasm_bindgen(js_name = leaveFormation)]
    pub fn leave_formation(&mut self, vehicle: shape::Number) -> Result<(), JsError> {
        let v = self.vehicle_arg(&vehicle)?;
        self.formations.leave(&mut self.world, v);
        Ok(())
    }

    /// `setFormationTarget(formation, target)`: a point, or a pose whose
    /// heading turns the formation. Stops following a path.
    #[wasm_bindgen(js_name = setFormationTarget)]
    pub fn set_formation_target(
        &mut self,
        formation: shape::Number,
        target: shape::PointOrPose,
    ) -> Result<(), JsError> {
        let f = self.formation_arg(&formation)?;
        let t: FormationTarget = arg(target, "target")?;
        match self.formations.formation_mut(f) {
            Some(mut m) => m.set_target(t).map_err(from_core),
            None => Err(no_formation(f)),
        }
    }

    /// `formation(formation)`: `{ anchor, driftOffset, slots: [{ vehicle,
    /// slot, target }], … }` (see docs/api.md; the extra fields are for
    /// drawing: `pattern, spacing, assignment, capacity, centerOfMass,
    /// origin, slotPoses, target, path, travelled, slowingRadius`).
    pub fn formation(
        &mut self,
        formation: shape::Number,
    ) -> Result<shape::FormationState, JsError> {
        let f = self.formation_arg(&formation)?;
        self.formations.prune(&self.world);
        match self.formations.formations().get(f) {
            Some(m) => to_js(&FormationStateShape::from(m)),
            None => Err(no_formation(f)),
        }
    }

    /// `setFormationPattern(formation, { pattern?, spacing?, assignment? })`:
    /// changes the shape, spacing or assignment strategy of a formation
    /// (members keep their membership; slots are laid out again).
    #[wasm_bindgen(js_name = setFormationPattern)]
    pub fn set_formation_pattern(
        &mut self,
        formation: shape::Number,
        p: shape::PatternChange,
    ) -> Result<(), JsError> {
        let f = self.formation_arg(&formation)?;
        let change: PatternChange = arg(p, "p")?;
        match self.formations.formation_mut(f) {
            Some(mut m) => m.change_pattern(&change).map_err(|e| from_core_in("p", e)),
            None => Err(no_formation(f)),
        }
    }

    /// `followFormationPath(formation, path)`: the anchor follows `path`
    /// (e.g. `planDubins(formation(f).anchor, goal, radius)`) from its start,
    /// taking its heading, so the formation turns like a vehicle; at the end
    /// the target is the path's end pose.
    #[wasm_bindgen(js_name = followFormationPath)]
    pub fn follow_formation_path(
        &mut self,
        formation: shape::Number,
        path: shape::PathInput,
    ) -> Result<(), JsError> {
        let f = self.formation_arg(&formation)?;
        let path = path_arg(path, "path")?;
        match self.formations.formation_mut(f) {
            Some(mut m) => {
                m.follow_path(path);
                Ok(())
            }
            None => Err(no_formation(f)),
        }
    }

    /// `removeFormation(formation)`: its members get their own behaviours back.
    #[wasm_bindgen(js_name = removeFormation)]
    pub fn remove_formation(&mut self, formation: shape::Number) -> Result<(), JsError> {
        let f = self.formation_arg(&formation)?;
        self.formations
            .remove(&mut self.world, f)
            .map_err(from_core)
    }

    /// `formationOf(vehicle)`: the id of the vehicle's formation, or `null`.
    #[wasm_bindgen(js_name = formationOf)]
    pub fn formation_of(&self, vehicle: shape::Number) -> Result<shape::NumberOrNull, JsError> {
        let v = self.vehicle_arg(&vehicle)?;
        to_js(&self.formations.formations().formation_of(v).map(|f| f.0))
    }
}

/// The largest number of rows or columns `minCostAssignment` takes
/// (O(rows² · cols)).
const MAX_ASSIGNMENT: usize = arcline::formation::MAX_CAPACITY;

/// `minCostAssignment(cost, rows, cols)`: the assignment of each of `rows`
/// workers to a distinct one of `cols` jobs (rows ≤ cols ≤ 1024)
/// with the least total cost; `cost` is row-major (`cost[r * cols + c]`).
/// Returns the column of each row. The Hungarian method (Kuhn–Munkres with
/// potentials), O(rows² · cols).
#[wasm_bindgen(js_name = minCostAssignment)]
pub fn min_cost_assignment(
    cost: shape::Float64Array,
    rows: shape::Number,
    cols: shape::Number,
) -> Result<Uint32Array, JsError> {
    let max = MAX_ASSIGNMENT as f64;
    let rows = f64::from(whole(&rows, "rows")?);
    if rows > max {
        let why = Reason::OutOfRange { min: 0.0, max };
        return Err(from_core(Error::at("rows", why)));
    }
    let cols = f64::from(whole(&cols, "cols")?);
    if !(cols >= rows && cols <= max) {
        let why = Reason::OutOfRange { min: rows, max };
        return Err(from_core(Error::at("cols", why)));
    }
    let (r, c) = (rows as usize, cols as usize);
    let cost = cost
        .dyn_ref::<Float64Array>()
        .ok_or_else(|| message("cost", "", "must be a Float64Array"))?
        .to_vec();
    if cost.len() != r * c {
        let why = Reason::OutputLength {
            expected: r * c,
            got: cost.len(),
        };
        return Err(from_core(Error::at("cost", why)));
    }
    if let Some(i) = cost.iter().position(|v| !v.is_finite()) {
        let field = arcline::Field::named("cost").index(i);
        return Err(from_core(Error::new(field, Reason::NotFinite)));
    }
    let out = arcline::formation::min_cost_assignment(&cost, r, c)
        .ok_or_else(|| from_core(Error::at("cost", Reason::Overflow)))?;
    let out: Vec<u32> = out.into_iter().map(|j| j as u32).collect();
    Ok(Uint32Array::from(&out[..]))
}
