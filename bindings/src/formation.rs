//! Bindings for `src/formation`: the formation methods of the JS `World`
//! (DESIGN.md: `createFormation`, `joinFormation`, `leaveFormation`,
//! `setFormationTarget`, `formation`), plus a few extensions for the diagram
//! (`setFormationPattern`, `followFormationPath`, `removeFormation`,
//! `formationOf`), and the free function `minCostAssignment` (the Hungarian
//! method the cost-based slot assignment uses).
//!
//! A second `#[wasm_bindgen] impl World` block: the `World` wrapper (in
//! `steering.rs`) holds a [`WorldFormations`](arcline::WorldFormations) next to
//! the core world, and its `step` runs the formations first, so members
//! arrive at their slot targets without any `setBehaviors`.

use super::convert::{self, arg_error, to_js, Name};
use super::legacy_to_js::{Obj, ToJs};
use super::steering::World;
use arcline::{
    AssignmentStrategy, FormationError, FormationId, FormationManager, FormationPattern,
    FormationTarget, PatternKind, SlotTarget, VehicleId,
};
use js_sys::{Float64Array, Uint32Array};
use wasm_bindgen::prelude::*;

use convert::{get, number, object};

fn string(v: &JsValue, arg: &str) -> Result<String, JsError> {
    if v.is_undefined() || v.is_null() {
        return Err(arg_error(arg, "is missing"));
    }
    v.as_string()
        .ok_or_else(|| arg_error(arg, "must be a string"))
}

/// An id named after what it is (`formation`, `vehicle`).
#[inline(never)]
fn whole(v: &JsValue, arg: &str) -> Result<u32, JsError> {
    let n = number(v, arg)?;
    if n >= 0.0 && n.fract() == 0.0 && n < f64::from(u32::MAX) {
        Ok(n as u32)
    } else {
        Err(convert::error(
            &arg,
            &format_args!("must be a {arg} id (a whole number ≥ 0)"),
        ))
    }
}

fn formation_error(arg: &str, e: FormationError) -> JsError {
    convert::error(&arg, &e)
}

/// `formation: no formation with id {id}`.
#[inline(never)]
fn unknown_formation(id: FormationId) -> JsError {
    formation_error("formation", FormationError::UnknownFormation(id))
}

fn pattern_kind(v: &JsValue, arg: &str) -> Result<PatternKind, JsError> {
    string(v, arg)?
        .parse::<PatternKind>()
        .map_err(|e| formation_error(arg, e))
}

fn spacing(v: &JsValue, arg: &str) -> Result<f64, JsError> {
    convert::positive(number(v, arg)?, arg)
}

fn strategy(v: &JsValue, arg: &str) -> Result<AssignmentStrategy, JsError> {
    string(v, arg)?
        .parse::<AssignmentStrategy>()
        .map_err(|_| arg_error(arg, "must be \"sequential\" or \"cost\""))
}

fn capacity(v: &JsValue, arg: &str) -> Result<usize, JsError> {
    let n = number(v, arg)?;
    if n >= 1.0 && n.fract() == 0.0 && n <= arcline::MAX_CAPACITY as f64 {
        Ok(n as usize)
    } else {
        Err(convert::error(
            &arg,
            &format_args!("must be a whole number from 1 to {}", arcline::MAX_CAPACITY),
        ))
    }
}

/// The optional tuning fields of `createFormation`'s argument.
fn params(f: &JsValue) -> Result<arcline::FormationParams, JsError> {
    let mut p = arcline::FormationParams::default();
    let fields: [(&str, &mut f64, bool); 6] = [
        ("velocityLead", &mut p.velocity_lead, true),
        ("leash", &mut p.leash, false),
        ("slowingRadius", &mut p.slowing_radius, false),
        ("maxTurnRate", &mut p.max_turn_rate, false),
        ("maxSpeed", &mut p.max_speed, false),
        ("maxAcceleration", &mut p.max_acceleration, false),
    ];
    for (name, slot, zero_ok) in fields {
        param(f, name, slot, zero_ok)?;
    }
    Ok(p)
}

/// `f[name]` into `slot` when present: a finite number ≥ 0 (> 0 unless
/// `zero_ok`). Out of line, so the six fields' loop stays six calls.
#[inline(never)]
fn param(f: &JsValue, name: &str, slot: &mut f64, zero_ok: bool) -> Result<(), JsError> {
    let v = get(f, name);
    if v.is_undefined() {
        return Ok(());
    }
    let arg = Name::Key(&Name::Arg("f"), name);
    let n = convert::number_at(&v, &arg)?;
    if n < 0.0 || (n == 0.0 && !zero_ok) {
        let why = if zero_ok {
            "must not be negative"
        } else {
            "must be greater than zero"
        };
        return Err(arg.error(&why));
    }
    *slot = n;
    Ok(())
}

/// A point or a pose (a `heading` field makes it a pose).
fn target(v: JsValue, arg: &str) -> Result<FormationTarget, JsError> {
    object(&v, arg)?;
    if get(&v, "heading").is_undefined() {
        Ok(FormationTarget::Point(convert::point(v, arg)?))
    } else {
        Ok(FormationTarget::Pose(convert::pose(v, arg)?))
    }
}

impl ToJs for SlotTarget {
    /// `{ vehicle, slot, target }`.
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("vehicle", &self.member)
            .field("slot", &self.slot)
            .field("target", &self.target)
            .build()
    }
}

impl ToJs for FormationTarget {
    /// A point target as `{ x, y }`, a pose target as `{ x, y, heading }`.
    fn to_js(&self) -> JsValue {
        match self {
            FormationTarget::Point(p) => p.to_js(),
            FormationTarget::Pose(p) => p.to_js(),
        }
    }
}

/// `formation(f)`: `{ anchor, driftOffset, slots }` (DESIGN.md), then the
/// extensions for the diagram: `pattern, spacing, assignment, capacity,
/// centerOfMass` (null before any member is known), `origin` (where the
/// pattern's own origin is: anchor − rotate(driftOffset, heading)),
/// `slotPoses` (every occupied slot by slot number), `target` (null: none),
/// `path` (the path the anchor follows, null: none), `travelled` (how far
/// along it), `slowingRadius`.
struct FormationJs<'a>(&'a FormationManager);

impl ToJs for FormationJs<'_> {
    fn to_js(&self) -> JsValue {
        let f = self.0;
        let (path, travelled) = match f.followed_path() {
            Some((p, s)) => (Some(p), s),
            None => (None, 0.0),
        };
        let pattern = f.pattern();
        Obj::new()
            .field("anchor", &f.anchor())
            .field("driftOffset", &f.drift_offset())
            .field("slots", f.slot_targets())
            .str("pattern", pattern.kind().name())
            .num("spacing", pattern.spacing())
            .str("assignment", f.strategy().name())
            .field("capacity", &pattern.capacity())
            .field("centerOfMass", &f.center_of_mass().map(|c| c.0))
            .field("origin", &f.pattern_origin())
            .field("slotPoses", &f.slot_poses())
            .field("target", &f.target())
            .set("path", &path.map_or(JsValue::NULL, |p| p.to_js()))
            .num("travelled", travelled)
            .num(
                "slowingRadius",
                f.params().slowing_radius * pattern.spacing(),
            )
            .build()
    }
}

impl World {
    fn formation_id(&self, v: &JsValue) -> Result<FormationId, JsError> {
        let id = whole(v, "formation")?;
        if self.formations.formations().get(id).is_some() {
            Ok(id)
        } else {
            Err(unknown_formation(id))
        }
    }

    fn vehicle_id(&self, v: &JsValue) -> Result<VehicleId, JsError> {
        let id = VehicleId(whole(v, "vehicle")?);
        if self.world.contains(id) {
            Ok(id)
        } else {
            Err(formation_error(
                "vehicle",
                FormationError::UnknownMember(id.0),
            ))
        }
    }
}

#[wasm_bindgen]
impl World {
    /// `createFormation({ pattern, spacing, assignment?, capacity?, ... })`: a
    /// new empty formation's id. `pattern`: `"line" | "column" | "v" |
    /// "circle" | "box"`; `spacing` > 0; `assignment`: `"sequential"`
    /// (default, the seed's) or `"cost"` (least total travel); `capacity`:
    /// slots (default per pattern, at least 15). Tuning, all optional:
    /// `velocityLead` (k_offset, seconds, ≥ 0, default 0.25), `leash` (how far
    /// the anchor may lead the members, in spacings, default 2),
    /// `slowingRadius` (members' arrive, in spacings, default 2),
    /// `maxTurnRate` (rad/s, default π/2), `maxSpeed` and `maxAcceleration`
    /// (the anchor's high limits, default 1000 and 10000).
    #[wasm_bindgen(js_name = createFormation)]
    pub fn create_formation(&mut self, f: JsValue) -> Result<u32, JsError> {
        object(&f, "f")?;
        let kind = pattern_kind(&get(&f, "pattern"), "f.pattern")?;
        let spacing = spacing(&get(&f, "spacing"), "f.spacing")?;
        let assignment = get(&f, "assignment");
        let strategy = if assignment.is_undefined() {
            AssignmentStrategy::Sequential
        } else {
            strategy(&assignment, "f.assignment")?
        };
        let mut pattern =
            FormationPattern::new(kind, spacing).map_err(|e| formation_error("f.spacing", e))?;
        let cap = get(&f, "capacity");
        if !cap.is_undefined() {
            pattern = pattern
                .with_capacity(capacity(&cap, "f.capacity")?)
                .map_err(|e| formation_error("f.capacity", e))?;
        }
        let params = params(&f)?;
        let id = self.formations.create(pattern, strategy);
        if let Some(mut m) = self.formations.formation_mut(id) {
            m.set_params(params).map_err(|e| formation_error("f", e))?;
        }
        Ok(id)
    }

    /// `joinFormation(formation, vehicle)`: `false` when the pattern has no
    /// free slot; joining the same formation again keeps the slot (`true`).
    /// Throws for a vehicle already in another formation.
    #[wasm_bindgen(js_name = joinFormation)]
    pub fn join_formation(
        &mut self,
        formation: JsValue,
        vehicle: JsValue,
    ) -> Result<bool, JsError> {
        let f = self.formation_id(&formation)?;
        let v = self.vehicle_id(&vehicle)?;
        self.formations.prune(&self.world);
        self.formations
            .join(&mut self.world, f, v)
            .map_err(|e| match e {
                FormationError::UnknownFormation(_) => formation_error("formation", e),
                _ => formation_error("vehicle", e),
            })
    }

    /// `leaveFormation(vehicle)`: the vehicle gets its own behaviours back;
    /// the others close ranks. Nothing happens for a vehicle in no formation.
    #[wasm_bindgen(js_name = leaveFormation)]
    pub fn leave_formation(&mut self, vehicle: JsValue) -> Result<(), JsError> {
        let v = self.vehicle_id(&vehicle)?;
        self.formations.leave(&mut self.world, v);
        Ok(())
    }

    /// `setFormationTarget(formation, target)`: a point, or a pose whose
    /// heading turns the formation. Stops following a path.
    #[wasm_bindgen(js_name = setFormationTarget)]
    pub fn set_formation_target(&mut self, formation: JsValue, t: JsValue) -> Result<(), JsError> {
        let f = self.formation_id(&formation)?;
        let t = target(t, "target")?;
        match self.formations.formation_mut(f) {
            Some(mut m) => m.set_target(t).map_err(|e| formation_error("target", e)),
            None => Err(unknown_formation(f)),
        }
    }

    /// `formation(formation)`: `{ anchor, driftOffset, slots: [{ vehicle,
    /// slot, target }], … }` (see DESIGN.md; the extra fields are for
    /// drawing: `pattern, spacing, assignment, capacity, centerOfMass,
    /// origin, slotPoses, target, path, travelled, slowingRadius`).
    pub fn formation(&mut self, formation: JsValue) -> Result<JsValue, JsError> {
        let f = self.formation_id(&formation)?;
        self.formations.prune(&self.world);
        match self.formations.formations().get(f) {
            Some(m) => to_js(&FormationJs(m)),
            None => Err(unknown_formation(f)),
        }
    }

    /// `setFormationPattern(formation, { pattern?, spacing?, assignment? })`:
    /// changes the shape, spacing or assignment strategy of a formation
    /// (members keep their membership; slots are laid out again).
    #[wasm_bindgen(js_name = setFormationPattern)]
    pub fn set_formation_pattern(&mut self, formation: JsValue, p: JsValue) -> Result<(), JsError> {
        let f = self.formation_id(&formation)?;
        object(&p, "p")?;
        let Some(current) = self.formations.formations().get(f).map(|m| *m.pattern()) else {
            return Err(unknown_formation(f));
        };
        let (kind_v, spacing_v, assign_v) = (
            get(&p, "pattern"),
            get(&p, "spacing"),
            get(&p, "assignment"),
        );
        let kind = if kind_v.is_undefined() {
            current.kind()
        } else {
            pattern_kind(&kind_v, "p.pattern")?
        };
        let spacing = if spacing_v.is_undefined() {
            current.spacing()
        } else {
            spacing(&spacing_v, "p.spacing")?
        };
        let strat = if assign_v.is_undefined() {
            None
        } else {
            Some(strategy(&assign_v, "p.assignment")?)
        };
        let mut pattern =
            FormationPattern::new(kind, spacing).map_err(|e| formation_error("p.spacing", e))?;
        if kind == current.kind() {
            pattern = pattern
                .with_capacity(current.capacity())
                .map_err(|e| formation_error("p", e))?;
        }
        let Some(mut m) = self.formations.formation_mut(f) else {
            return Err(unknown_formation(f));
        };
        m.set_pattern(pattern)
            .map_err(|e| formation_error("p.pattern", e))?;
        if let Some(s) = strat {
            m.set_strategy(s);
        }
        Ok(())
    }

    /// `followFormationPath(formation, path)`: the anchor follows `path`
    /// (e.g. `planDubins(formation(f).anchor, goal, radius)`) from its start,
    /// taking its heading, so the formation turns like a vehicle; at the end
    /// the target is the path's end pose.
    #[wasm_bindgen(js_name = followFormationPath)]
    pub fn follow_formation_path(
        &mut self,
        formation: JsValue,
        path: JsValue,
    ) -> Result<(), JsError> {
        let f = self.formation_id(&formation)?;
        let path = convert::path(path, "path")?;
        match self.formations.formation_mut(f) {
            Some(mut m) => {
                m.follow_path(path);
                Ok(())
            }
            None => Err(unknown_formation(f)),
        }
    }

    /// `removeFormation(formation)`: its members get their own behaviours back.
    #[wasm_bindgen(js_name = removeFormation)]
    pub fn remove_formation(&mut self, formation: JsValue) -> Result<(), JsError> {
        let f = self.formation_id(&formation)?;
        self.formations
            .remove(&mut self.world, f)
            .map_err(|e| formation_error("formation", e))
    }

    /// `formationOf(vehicle)`: the id of the vehicle's formation, or `null`.
    #[wasm_bindgen(js_name = formationOf)]
    pub fn formation_of(&self, vehicle: JsValue) -> Result<JsValue, JsError> {
        let v = self.vehicle_id(&vehicle)?;
        Ok(match self.formations.formations().formation_of(v.0) {
            Some(f) => JsValue::from(f),
            None => JsValue::NULL,
        })
    }
}

/// The largest number of rows `minCostAssignment` takes (O(rows² · cols)).
const MAX_ASSIGNMENT_ROWS: usize = 1024;

/// `minCostAssignment(cost, rows, cols)`: the assignment of each of `rows`
/// workers to a distinct one of `cols` jobs (rows ≤ cols ≤ 1024)
/// with the least total cost; `cost` is row-major (`cost[r * cols + c]`).
/// Returns the column of each row. The Hungarian method (Kuhn–Munkres with
/// potentials), O(rows² · cols).
#[wasm_bindgen(js_name = minCostAssignment)]
pub fn min_cost_assignment(
    cost: JsValue,
    rows: JsValue,
    cols: JsValue,
) -> Result<Uint32Array, JsError> {
    let rows_n = number(&rows, "rows")?;
    let cols_n = number(&cols, "cols")?;
    if !(rows_n >= 0.0 && rows_n.fract() == 0.0 && rows_n <= MAX_ASSIGNMENT_ROWS as f64) {
        return Err(convert::error(
            &"rows",
            &format_args!("must be a whole number from 0 to {MAX_ASSIGNMENT_ROWS}"),
        ));
    }
    if !(cols_n >= rows_n && cols_n.fract() == 0.0 && cols_n <= arcline::MAX_CAPACITY as f64) {
        return Err(convert::error(
            &"cols",
            &format_args!(
                "must be a whole number from rows to {}",
                arcline::MAX_CAPACITY
            ),
        ));
    }
    let (r, c) = (rows_n as usize, cols_n as usize);
    if !cost.is_instance_of::<Float64Array>() {
        return Err(arg_error("cost", "must be a Float64Array"));
    }
    let cost = Float64Array::from(cost).to_vec();
    if cost.len() != r * c {
        return Err(convert::error(
            &"cost",
            &format_args!(
                "must hold rows × cols = {} numbers, not {}",
                r * c,
                cost.len()
            ),
        ));
    }
    if let Some(i) = cost.iter().position(|v| !v.is_finite()) {
        return Err(Name::Arg("cost").at(i).error(&"must be a finite number"));
    }
    let out = arcline::min_cost_assignment(&cost, r, c)
        .ok_or_else(|| arg_error("cost", "has no assignment (overflow)"))?;
    let out: Vec<u32> = out.into_iter().map(|j| j as u32).collect();
    Ok(Uint32Array::from(&out[..]))
}
