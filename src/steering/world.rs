//! `World`: every vehicle of a crowd in struct-of-arrays storage, stepped
//! simultaneously (each vehicle reads the previous step's state and writes the
//! next buffers, so the result does not depend on the order of vehicles; when
//! no behaviour reads another vehicle the update is in place, which gives the
//! same result).
//!
//! A step goes over blocks of vehicles ([`super::block`]): the steering sums
//! of each run of vehicles that share a behaviour set, behaviour by
//! behaviour ([`super::kinds`]), then the truncations and the Euler step in
//! passes over the block. Behaviours that read neighbours find their sums
//! gathered beforehand in one pass over the grid ([`super::neighbours`]).
//! Each vehicle names its behaviour set by an index into the world's table of
//! sets ([`super::sets`]), where equal lists are held once. After the
//! forces, the vehicles that avoid each other take the collision-free
//! velocity nearest theirs ([`super::orca`]), and the vehicles at rest with a
//! facing turn towards it ([`super::facing`]).
//!
//! The per-vehicle storage is one list of columns (`Columns`, below), from
//! which [`super::columns`] writes adding, removing and reordering vehicles;
//! the step's loop is written once (`sweep_with`), for where it writes (in
//! place, or the next buffers) and whether it records the debug view.
//!
//! Adding a kind of behaviour: its entry in the list of kinds
//! (`with_behavior_kinds!` in [`super::behavior`], which makes the enum, its
//! checks, the sets' fingerprint and its data shape) and its arm in
//! [`Prev::behavior`] (the steering vector of one vehicle); optionally an
//! arm in [`super::kinds`] runs it two vehicles at a time, and a kind that
//! reads neighbours adds its radius to [`super::query::Query`] and its sum
//! to the pass.

use super::behavior::{Behavior, BehaviorKind, BehaviorSet, Combine};
use super::behaviors;
use super::block::{Block, Stepped, BLOCK};
use super::columns::{columns, Scratch};
use super::facing::{self, Facing};
use super::forces;
use super::grid::Grid;
use super::kinds::{self, Run};
use super::neighbours::{Flock, Sums};
use super::orca::{self, Orca};
use super::query::Query;
use super::rng::{splitmix64, Pcg32};
use super::sets::{BySlot, Entry, Sets};
use super::slot_order::SlotOrder;
use super::vehicle::{
    unknown_vehicle, VehicleDebug, VehicleId, VehicleLimits, VehicleSpec, VehicleState,
};
use crate::error::{Error, Field, Reason};
use crate::geom::{Point, Vec2};
use core::ops::Range;

const NO_SLOT: u32 = u32::MAX;

columns! {
    /// Every vehicle's per-slot values, one vector per quantity (the
    /// struct-of-arrays storage of [`World`]): adding, removing and
    /// reordering vehicles goes through the operations [`columns!`] writes,
    /// so a new per-vehicle quantity is one line here.
    struct Columns / Row {
        ids: VehicleId,
        pos: [f64; 2],
        vel: [f64; 2],
        head: [f64; 2],
        max_speed: f64,
        /// `1 / max_speed` (infinite for 0), for headings at full speed.
        inv_max_speed: f64,
        max_force: f64,
        mass: f64,
        /// `1 / mass` when that is exact (mass a power of two: then
        /// `f * inv == f / mass` bit for bit), else 0: divide.
        inv_mass: f64,
        /// Each vehicle's behaviour set, as an index into the world's sets.
        set_of: u32,
        wander: [f64; 2],
        rng: Pcg32,
        /// What the debug view shows (written only while recording).
        desired: [f64; 2],
        force: [f64; 2],
        /// The body radius (collision avoidance, hiding, containment).
        radius: f64,
    }
}

/// A crowd of vehicles and their behaviours.
///
/// Per step, for each vehicle (with `dt = 1` this is Reynolds' per-frame
/// rule, bit for bit):
/// `force = truncate(Σ weightᵢ · behaviourᵢ, maxForce)`,
/// `velocity = truncate(velocity + force / mass · dt, maxSpeed)`,
/// `position += velocity · dt`; the heading follows the velocity, and a
/// vehicle at rest keeps its heading.
///
/// Vehicles live in slots `0..len()`; removing one moves the last vehicle
/// into its slot, and a step with neighbour behaviours sorts the slots by
/// grid cell (for memory locality), so slots change but ids never do. The bulk views
/// ([`positions`](World::positions), [`velocities`](World::velocities),
/// [`heading_vectors`](World::heading_vectors), [`ids`](World::ids)) are in
/// slot order, which their type ([`SlotOrder`]) says;
/// [`position_of`](World::position_of) and the `*_by_id_into`
/// copies ([`positions_by_id_into`](World::positions_by_id_into)) are by id.
///
/// A step longer than [`World::MAX_STEP`] counts as `MAX_STEP`; a vehicle
/// whose next position would not be finite stays where it is.
///
/// # Examples
/// ```
/// use arcline::steering::{Behavior, VehicleSpec, World};
/// use arcline::Point;
/// let mut w = World::new(1);
/// let id = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
/// w.set_behaviors(id, vec![Behavior::seek(Point::new(10.0, 0.0))]).unwrap();
/// w.step(1.0);
/// assert_eq!(w.vehicle(id).unwrap().position, Point::new(0.5, 0.0));
/// ```
#[derive(Debug, Clone)]
pub struct World {
    seed: u64,
    next_id: u64,
    /// Slot of each id ever issued (`NO_SLOT` once removed).
    slot_of: Vec<u32>,
    /// The per-slot columns.
    cols: Columns,
    // The buffers the next step writes (swapped in after it).
    next_pos: Vec<[f64; 2]>,
    next_vel: Vec<[f64; 2]>,
    next_head: Vec<[f64; 2]>,
    record_debug: bool,
    /// The behaviour sets in use, each held once.
    sets: Sets,
    grid: Grid,
    /// The neighbour sums of the current step, by grid entry.
    sums: Sums,
    steps_since_sort: u32,
    /// Scratch buffers for reordering the slots (kept for their capacity).
    scratch: Scratch,
    /// What the behaviours need (None: recompute).
    neighbourhood: Option<Needs>,
    // Hooks of the rest of the steering family (kept apart from the crowd
    // step's own storage):
    /// The vehicles with a facing at rest, sorted by id.
    facing: Vec<FacingEntry>,
    /// The collision avoidance's buffers.
    orca: Orca,
}

/// A vehicle's [`Facing`] and the heading it has turned to so far.
#[derive(Debug, Clone, Copy)]
struct FacingEntry {
    id: VehicleId,
    goal: Vec2,
    max_turn_rate: f64,
    heading: Vec2,
}

impl Default for World {
    fn default() -> World {
        World::new(0)
    }
}

impl World {
    /// The longest step: [`step`](World::step) counts a longer `dt` as this
    /// one (a million units of time: far beyond any frame or tick, and
    /// short enough that `max_speed · dt` and `max_force / mass · dt` keep
    /// their meaning).
    pub const MAX_STEP: f64 = 1e6;

    /// An empty world whose wander generators derive from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> World {
        World {
            seed,
            next_id: 0,
            slot_of: Vec::new(),
            cols: Columns::default(),
            next_pos: Vec::new(),
            next_vel: Vec::new(),
            next_head: Vec::new(),
            record_debug: false,
            sets: Sets::default(),
            grid: Grid::default(),
            sums: Sums::default(),
            steps_since_sort: u32::MAX,
            scratch: Scratch::default(),
            neighbourhood: Some(Needs::default()),
            facing: Vec::new(),
            orca: Orca::default(),
        }
    }

    /// Number of vehicles.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cols.ids.len()
    }

    /// Whether there is no vehicle.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cols.ids.is_empty()
    }

    /// The slot of a live vehicle: its index in the bulk views.
    #[inline]
    #[must_use]
    pub fn slot(&self, id: VehicleId) -> Option<usize> {
        match self.slot_of.get(id.0 as usize) {
            Some(&s) if s != NO_SLOT => Some(s as usize),
            _ => None,
        }
    }

    /// Whether `id` names a live vehicle.
    #[must_use]
    pub fn contains(&self, id: VehicleId) -> bool {
        self.slot(id).is_some()
    }

    /// The slot of a live vehicle, or an error about `field`.
    fn live(&self, id: VehicleId, field: &'static str) -> Result<usize, Error> {
        self.slot(id)
            .ok_or_else(|| unknown_vehicle(Field::named(field), id))
    }

    /// Adds a vehicle and returns its new id.
    ///
    /// # Errors
    /// The spec's first bad field as `spec.field` (see
    /// [`VehicleSpec::check`]: `spec.x`, `spec.max_speed`, ...), or
    /// [`Reason::OutOfIds`] after 2³² − 1 vehicles.
    pub fn add_vehicle(&mut self, spec: VehicleSpec) -> Result<VehicleId, Error> {
        spec.check().map_err(|e| e.within("spec"))?;
        self.push_vehicle(spec)
    }

    /// Adds a checked vehicle.
    fn push_vehicle(&mut self, spec: VehicleSpec) -> Result<VehicleId, Error> {
        if self.next_id >= u64::from(NO_SLOT) {
            return Err(Error::new(Field::default(), Reason::OutOfIds));
        }
        let id = VehicleId(self.next_id as u32);
        self.next_id += 1;
        self.slot_of.push(self.cols.ids.len() as u32);
        let v = spec.velocity();
        let h = match spec.heading {
            Some(a) => Vec2::from_angle(a),
            None => v.try_normalize().unwrap_or(Vec2::new(1.0, 0.0)),
        };
        self.cols.push(Row {
            ids: id,
            pos: [spec.x, spec.y],
            vel: [v.x, v.y],
            head: [h.x, h.y],
            max_speed: spec.max_speed,
            inv_max_speed: 1.0 / spec.max_speed,
            max_force: spec.max_force,
            mass: spec.mass,
            inv_mass: exact_inverse(spec.mass),
            set_of: 0,
            wander: [0.0, 0.0],
            rng: Pcg32::new(splitmix64(self.seed) ^ u64::from(id.0)),
            desired: [v.x, v.y],
            force: [0.0, 0.0],
            radius: spec.radius,
        });
        self.steps_since_sort = u32::MAX;
        Ok(id)
    }

    /// Adds many vehicles, all checked before any is added; returns their
    /// ids in order.
    ///
    /// # Errors
    /// The first bad spec's field as `specs[k].field` (`specs[3].mass`), or
    /// [`Reason::OutOfIds`] when the ids would run out.
    pub fn add_vehicles(&mut self, specs: &[VehicleSpec]) -> Result<Vec<VehicleId>, Error> {
        for (k, s) in specs.iter().enumerate() {
            s.check().map_err(|e| e.within_index(k).within("specs"))?;
        }
        if self.next_id + specs.len() as u64 > u64::from(NO_SLOT) {
            return Err(Error::new(Field::default(), Reason::OutOfIds));
        }
        specs.iter().map(|&s| self.push_vehicle(s)).collect()
    }

    /// Removes a vehicle; its id is never handed out again. Behaviours that
    /// pursue or evade it stop pushing.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id` for an unknown or removed id.
    pub fn remove_vehicle(&mut self, id: VehicleId) -> Result<(), Error> {
        let slot = self.live(id, "id")?;
        let last = self.cols.ids.len() - 1;
        let removed = self.cols.swap_remove(slot);
        self.sets.release(removed.set_of);
        if let Ok(k) = self.facing.binary_search_by_key(&id, |e| e.id) {
            self.facing.remove(k);
        }
        if slot != last {
            let moved = self.cols.ids[slot];
            self.slot_of[moved.0 as usize] = slot as u32;
        }
        self.slot_of[id.0 as usize] = NO_SLOT;
        self.neighbourhood = None;
        Ok(())
    }

    /// Gives a vehicle these behaviours, added as a weighted sum.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`, or the first bad behaviour's field
    /// as `behaviors[i].field` (a bad number, or a `quarry` that is not a
    /// live vehicle).
    ///
    /// # Examples
    /// ```
    /// use arcline::steering::{Behavior, BehaviorKind, VehicleId, VehicleSpec, World};
    /// let mut w = World::new(0);
    /// let id = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0)).unwrap();
    /// let chase = Behavior::new(BehaviorKind::Pursue { quarry: VehicleId(9) });
    /// let e = w.set_behaviors(id, vec![chase]).unwrap_err();
    /// assert_eq!(e.to_string(), "behaviors[0].quarry: no vehicle with id 9");
    /// ```
    pub fn set_behaviors(&mut self, id: VehicleId, behaviors: Vec<Behavior>) -> Result<(), Error> {
        self.set_behaviors_with(id, behaviors, Combine::WeightedSum)
    }

    /// [`set_behaviors`](World::set_behaviors) with a choice of [`Combine`].
    ///
    /// # Errors
    /// As [`set_behaviors`](World::set_behaviors).
    pub fn set_behaviors_with(
        &mut self,
        id: VehicleId,
        behaviors: Vec<Behavior>,
        combine: Combine,
    ) -> Result<(), Error> {
        let slot = self.live(id, "id")?;
        self.check_behaviors(&behaviors)?;
        let e = self.sets.intern(behaviors, combine, 1);
        self.give(slot, e);
        Ok(())
    }

    /// Slot `slot` now uses set `e` (already counted for it).
    fn give(&mut self, slot: usize, e: u32) {
        if let Some(old) = self.cols.set_of.get_mut(slot) {
            let before = core::mem::replace(old, e);
            self.sets.release(before);
        }
        self.neighbourhood = None;
    }

    /// Every vehicle a behaviour names (a quarry, a leader...) is live, then
    /// every number is good.
    fn check_behaviors(&self, behaviors: &[Behavior]) -> Result<(), Error> {
        for (index, b) in behaviors.iter().enumerate() {
            for (name, other) in b.vehicles().into_iter().flatten() {
                if !self.contains(other) {
                    let field = Field::named("behaviors").index(index).key(name);
                    return Err(unknown_vehicle(field, other));
                }
            }
        }
        for (i, b) in behaviors.iter().enumerate() {
            b.check()
                .map_err(|e| e.within_index(i).within("behaviors"))?;
        }
        Ok(())
    }

    /// Checks a list of behaviours once so it can be shared by many vehicles
    /// ([`set_behavior_set`](World::set_behavior_set),
    /// [`set_all_behaviors`](World::set_all_behaviors)).
    ///
    /// # Errors
    /// The first bad behaviour's field as `behaviors[i].field` (see
    /// [`BehaviorSet::new`]; a `quarry` must be a live vehicle).
    pub fn behavior_set(
        &self,
        behaviors: Vec<Behavior>,
        combine: Combine,
    ) -> Result<BehaviorSet, Error> {
        self.check_behaviors(&behaviors)?;
        Ok(BehaviorSet::checked(behaviors, combine))
    }

    /// Gives a vehicle a checked, possibly shared, behaviour set.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`.
    pub fn set_behavior_set(&mut self, id: VehicleId, set: BehaviorSet) -> Result<(), Error> {
        let slot = self.live(id, "id")?;
        let e = self.sets.share(&set, 1);
        self.give(slot, e);
        Ok(())
    }

    /// Gives each of `ids` the same set; every id is checked before any
    /// vehicle changes.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `ids[k]`, the first that is not a live
    /// vehicle.
    pub fn set_behavior_set_many(
        &mut self,
        ids: &[VehicleId],
        set: &BehaviorSet,
    ) -> Result<(), Error> {
        if let Some(k) = ids.iter().position(|&id| !self.contains(id)) {
            return Err(unknown_vehicle(Field::named("ids").index(k), ids[k]));
        }
        if ids.is_empty() {
            return Ok(());
        }
        let e = self.sets.share(set, ids.len() as u32);
        for &id in ids {
            if let Some(slot) = self.slot(id) {
                self.give(slot, e);
            }
        }
        Ok(())
    }

    /// A vehicle's behaviours.
    #[must_use]
    pub fn behaviors(&self, id: VehicleId) -> Option<&BehaviorSet> {
        self.slot(id)
            .map(|s| &self.sets.get(self.cols.set_of[s]).set)
    }

    /// A vehicle's state, or `None` for an unknown or removed id.
    #[must_use]
    pub fn vehicle(&self, id: VehicleId) -> Option<VehicleState> {
        let s = self.slot(id)?;
        let (p, v, h) = (self.cols.pos[s], self.cols.vel[s], self.cols.head[s]);
        Some(VehicleState {
            id,
            position: Point::new(p[0], p[1]),
            velocity: Vec2::new(v[0], v[1]),
            heading: Vec2::new(h[0], h[1]).angle(),
            limits: VehicleLimits {
                max_speed: self.cols.max_speed[s],
                max_force: self.cols.max_force[s],
                mass: self.cols.mass[s],
            },
            radius: self.cols.radius[s],
        })
    }

    /// Changes a vehicle's body radius.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`; [`Reason::NotFinite`] or
    /// [`Reason::NotPositive`] about `radius`.
    pub fn set_radius(&mut self, id: VehicleId, radius: f64) -> Result<(), Error> {
        let s = self.live(id, "id")?;
        crate::error::positive(radius, "radius")?;
        self.cols.radius[s] = radius;
        Ok(())
    }

    /// Body radii `r0, r1, …` (stride 1) in slot order.
    #[must_use]
    pub fn radii(&self) -> SlotOrder<'_, f64> {
        SlotOrder::new(&self.cols.radius)
    }

    /// Gives a vehicle a direction to turn to when it stops (see
    /// [`Facing`]), or takes it away (`None`). Its heading is kept until
    /// then.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`; a bad facing as `facing.field`
    /// (see [`Facing::check`]).
    pub fn set_facing(&mut self, id: VehicleId, facing: Option<Facing>) -> Result<(), Error> {
        let s = self.live(id, "id")?;
        let at = self.facing.binary_search_by_key(&id, |e| e.id);
        match (facing, at) {
            (None, Ok(k)) => {
                self.facing.remove(k);
            }
            (None, Err(_)) => {}
            (Some(f), at) => {
                f.check().map_err(|e| e.within("facing"))?;
                let goal = Vec2::from_angle(f.heading);
                let h = self.cols.head[s];
                let entry = FacingEntry {
                    id,
                    goal,
                    max_turn_rate: f.max_turn_rate,
                    heading: Vec2::new(h[0], h[1]),
                };
                match at {
                    Ok(k) => {
                        // The same goal keeps the heading turned so far.
                        let e = &mut self.facing[k];
                        (e.goal, e.max_turn_rate) = (goal, f.max_turn_rate);
                    }
                    Err(k) => self.facing.insert(k, entry),
                }
            }
        }
        Ok(())
    }

    /// A vehicle's facing at rest, if it has one.
    #[must_use]
    pub fn facing(&self, id: VehicleId) -> Option<Facing> {
        let k = self.facing.binary_search_by_key(&id, |e| e.id).ok()?;
        let e = &self.facing[k];
        Some(Facing::new(e.goal.angle(), e.max_turn_rate))
    }

    /// Turns the vehicles with a facing that are at rest (speed below
    /// [`facing::REST_SPEED_FRACTION`] of max speed) toward it by at most
    /// their turning rate times `dt`; the others keep the heading of their
    /// velocity (and remember it). Runs after the step's own update.
    fn turn_to_facing(&mut self, dt: f64) {
        for e in &mut self.facing {
            let Some(s) = self.slot_of.get(e.id.0 as usize).map(|&s| s as usize) else {
                continue;
            };
            let (Some(v), Some(h), Some(&ms)) = (
                self.cols.vel.get(s),
                self.cols.head.get_mut(s),
                self.cols.max_speed.get(s),
            ) else {
                continue;
            };
            let rest = ms * facing::REST_SPEED_FRACTION;
            if v[0] * v[0] + v[1] * v[1] < rest * rest {
                e.heading = facing::turn_toward(e.heading, e.goal, e.max_turn_rate * dt);
                *h = [e.heading.x, e.heading.y];
            } else {
                e.heading = Vec2::new(h[0], h[1]);
            }
        }
    }

    /// Moves a vehicle and sets its velocity (for example to teleport it, or
    /// for a controller that steers it directly). The heading follows a
    /// non-zero velocity.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`, or [`Reason::NotFinite`] about
    /// `position.x`, `position.y`, `velocity.x` or `velocity.y`.
    pub fn set_state(
        &mut self,
        id: VehicleId,
        position: Point,
        velocity: Vec2,
    ) -> Result<(), Error> {
        let s = self.live(id, "id")?;
        for (v, field, part) in [
            (position.x, "position", "x"),
            (position.y, "position", "y"),
            (velocity.x, "velocity", "x"),
            (velocity.y, "velocity", "y"),
        ] {
            if !v.is_finite() {
                return Err(Error::new(Field::named(field).key(part), Reason::NotFinite));
            }
        }
        self.cols.pos[s] = [position.x, position.y];
        self.cols.vel[s] = [velocity.x, velocity.y];
        if let Some(h) = velocity.try_normalize() {
            self.cols.head[s] = [h.x, h.y];
        }
        Ok(())
    }

    /// Changes a vehicle's limits and mass (the state is kept).
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`, or the first bad limit as
    /// `limits.field` (see [`VehicleLimits::check`]).
    pub fn set_limits(&mut self, id: VehicleId, limits: VehicleLimits) -> Result<(), Error> {
        let s = self.live(id, "id")?;
        limits.check().map_err(|e| e.within("limits"))?;
        let VehicleLimits {
            max_speed,
            max_force,
            mass,
        } = limits;
        self.cols.max_speed[s] = max_speed;
        self.cols.inv_max_speed[s] = 1.0 / max_speed;
        self.cols.max_force[s] = max_force;
        self.cols.mass[s] = mass;
        self.cols.inv_mass[s] = exact_inverse(mass);
        Ok(())
    }

    /// Turns recording of [`debug`](World::debug) values on or off (off by
    /// default: a crowd does not pay for it).
    pub fn set_record_debug(&mut self, on: bool) {
        self.record_debug = on;
    }

    /// What the last step computed for a vehicle (zero force before the
    /// first step with recording on).
    #[must_use]
    pub fn debug(&self, id: VehicleId) -> Option<VehicleDebug> {
        let s = self.slot(id)?;
        let (d, f) = (self.cols.desired[s], self.cols.force[s]);
        Some(VehicleDebug {
            desired: Vec2::new(d[0], d[1]),
            force: Vec2::new(f[0], f[1]),
        })
    }

    /// The ids of the live vehicles, in slot order (the `i`-th id names
    /// the vehicle at `positions()[2i..2i + 2]`).
    #[must_use]
    pub fn ids(&self) -> SlotOrder<'_, VehicleId> {
        SlotOrder::new(&self.cols.ids)
    }

    /// Gives every vehicle the same checked behaviour set (see
    /// [`behavior_set`](World::behavior_set)).
    pub fn set_all_behaviors(&mut self, set: BehaviorSet) {
        if self.cols.set_of.is_empty() {
            return;
        }
        let e = self.sets.share(&set, self.cols.set_of.len() as u32);
        for s in &mut self.cols.set_of {
            let before = core::mem::replace(s, e);
            self.sets.release(before);
        }
        self.neighbourhood = None;
    }

    /// Positions `x0, y0, x1, y1, …` (stride 2) in **slot order**, which a
    /// step may change (see [`ids`](World::ids) for whose they are; a
    /// renderer that indexes by id reads
    /// [`positions_by_id_into`](World::positions_by_id_into) or
    /// [`position_of`](World::position_of) instead).
    #[must_use]
    pub fn positions(&self) -> SlotOrder<'_, f64> {
        SlotOrder::new(self.cols.pos.as_flattened())
    }

    /// Velocities `vx0, vy0, …` (stride 2) in **slot order** (as
    /// [`positions`](World::positions)).
    #[must_use]
    pub fn velocities(&self) -> SlotOrder<'_, f64> {
        SlotOrder::new(self.cols.vel.as_flattened())
    }

    /// Unit heading *vectors* `cos h0, sin h0, …` (stride 2) in **slot
    /// order** (as [`positions`](World::positions)); the heading as an
    /// angle is [`heading_of`](World::heading_of) and
    /// [`VehicleState::heading`].
    #[must_use]
    pub fn heading_vectors(&self) -> SlotOrder<'_, f64> {
        SlotOrder::new(self.cols.head.as_flattened())
    }

    /// A live vehicle's position (`None` for an unknown or removed id).
    #[must_use]
    pub fn position_of(&self, id: VehicleId) -> Option<Point> {
        let p = self.cols.pos[self.slot(id)?];
        Some(Point::new(p[0], p[1]))
    }

    /// A live vehicle's heading, an angle in radians (as
    /// [`VehicleState::heading`]).
    #[must_use]
    pub fn heading_of(&self, id: VehicleId) -> Option<f64> {
        let h = self.cols.head[self.slot(id)?];
        Some(Vec2::new(h[0], h[1]).angle())
    }

    /// The live vehicles' ids in **id order** (ascending): the order of
    /// the `*_by_id_into` copies. With no vehicle removed, vehicle `k` is
    /// the `k`-th.
    pub fn ids_by_id(&self) -> impl Iterator<Item = VehicleId> + '_ {
        self.slot_of
            .iter()
            .enumerate()
            .filter(|(_, &s)| s != NO_SLOT)
            .map(|(id, _)| VehicleId(id as u32))
    }

    /// Copies the positions `x, y` (stride 2) into `out` (cleared first) in
    /// **id order** (as [`ids_by_id`](World::ids_by_id)): the layout a
    /// renderer indexing by id reads, unchanged by the slot reordering of
    /// a step.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let mut w = World::new(1);
    /// let a = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0)).unwrap();
    /// let b = w.add_vehicle(VehicleSpec::new(5.0, 1.0, 1.0, 1.0)).unwrap();
    /// let mut xy = Vec::new();
    /// w.positions_by_id_into(&mut xy);
    /// assert_eq!(xy, [0.0, 0.0, 5.0, 1.0]);
    /// assert_eq!(w.position_of(b), Some(Point::new(xy[2], xy[3])));
    /// ```
    pub fn positions_by_id_into(&self, out: &mut Vec<f64>) {
        out.clear();
        out.reserve(2 * self.len());
        for &s in self.slot_of.iter().filter(|&&s| s != NO_SLOT) {
            out.extend_from_slice(&self.cols.pos[s as usize]);
        }
    }

    /// Copies the headings, angles in radians, into `out` (cleared first)
    /// in **id order** (as [`positions_by_id_into`](World::positions_by_id_into)).
    pub fn headings_by_id_into(&self, out: &mut Vec<f64>) {
        out.clear();
        out.reserve(self.len());
        for &s in self.slot_of.iter().filter(|&&s| s != NO_SLOT) {
            let h = self.cols.head[s as usize];
            out.push(Vec2::new(h[0], h[1]).angle());
        }
    }

    /// [`positions_by_id_into`](World::positions_by_id_into) as `f32` (a
    /// vertex buffer): `x, y` in **id order**.
    pub fn positions_f32_by_id_into(&self, out: &mut Vec<f32>) {
        out.clear();
        out.reserve(2 * self.len());
        for &s in self.slot_of.iter().filter(|&&s| s != NO_SLOT) {
            let p = self.cols.pos[s as usize];
            out.extend_from_slice(&[p[0] as f32, p[1] as f32]);
        }
    }

    /// What the vehicles' behaviours need of the step.
    fn neighbourhood(&mut self) -> Needs {
        match self.neighbourhood {
            Some(n) => n,
            None => {
                let n = self.sets.live().fold(Needs::default(), |n, s| Needs {
                    radius: n.radius.max(s.radius),
                    simultaneous: n.simultaneous || s.reads_others,
                    query: n.query || !s.query.is_empty(),
                    flock: n.flock || s.query.flocks(),
                    avoids: n.avoids || s.set.inner().avoid_vehicles.is_some(),
                });
                self.neighbourhood = Some(n);
                n
            }
        }
    }

    /// Moves the vehicles into the grid's cell order, so that vehicles near
    /// each other in the plane are near each other in memory and the
    /// neighbour queries of consecutive slots read the same cache lines.
    fn reorder_by_cell(&mut self) {
        self.cols.permute(&self.grid.slot, &mut self.scratch);
        for (slot, &id) in self.cols.ids.iter().enumerate() {
            self.slot_of[id.0 as usize] = slot as u32;
        }
        self.grid.slots_in_cell_order();
    }

    /// Advances every vehicle by `dt` from the previous step's state. `dt`
    /// that is zero, negative or not finite changes nothing; a `dt` beyond
    /// [`World::MAX_STEP`] counts as `MAX_STEP`.
    pub fn step(&mut self, dt: f64) {
        if !(dt > 0.0 && dt.is_finite()) || self.cols.ids.is_empty() {
            return;
        }
        let dt = dt.min(World::MAX_STEP);
        self.advance(dt);
        // Hook: facing at rest.
        self.turn_to_facing(dt);
    }

    /// Reynolds' rule for every vehicle (and the collision avoidance of the
    /// vehicles that avoid each other), `dt` already checked.
    fn advance(&mut self, dt: f64) {
        let n = self.cols.ids.len();
        let needs = self.neighbourhood();
        if needs.radius > 0.0 {
            self.grid
                .build(&self.cols.pos, &self.cols.vel, needs.radius);
            // Vehicles move little per step: re-sorting every few steps keeps
            // the memory order close enough to the cell order.
            if self.steps_since_sort >= 8 {
                self.reorder_by_cell();
                self.steps_since_sort = 0;
            }
            self.steps_since_sort = self.steps_since_sort.saturating_add(1);
        }
        if needs.query {
            let (grid, ids) = (&self.grid, &self.cols.ids);
            self.sums
                .gather(grid, ids, needs.flock, &self.sets, &self.cols.set_of);
        }
        // Every per-slot array cut to exactly n, so indexing by i < n needs no checks.
        let c = Consts {
            max_speed: &self.cols.max_speed[..n],
            inv_max_speed: &self.cols.inv_max_speed[..n],
            max_force: &self.cols.max_force[..n],
            mass: &self.cols.mass[..n],
            inv_mass: &self.cols.inv_mass[..n],
            set_of: &self.cols.set_of[..n],
            sets: &self.sets,
        };
        let (wanders, rngs) = (&mut self.cols.wander[..n], &mut self.cols.rng[..n]);
        let mut prev = Prev {
            pos: &[],
            vel: &[],
            head: &[],
            radius: &self.cols.radius,
            ids: &self.cols.ids,
            slot_of: &self.slot_of,
            grid: &self.grid,
            sums: &self.sums,
            dt,
        };
        let rec = (self.record_debug)
            .then(|| Recorded(&mut self.cols.desired[..n], &mut self.cols.force[..n]));
        if !needs.simultaneous {
            // No behaviour reads another vehicle, so each vehicle's update
            // reads only its own previous state: write it in place (the same
            // bits, and no second set of buffers to stream through).
            let to = InPlace(orca::Next {
                pos: &mut self.cols.pos[..n],
                vel: &mut self.cols.vel[..n],
                head: &mut self.cols.head[..n],
            });
            sweep(&prev, &c, to, rec, wanders, rngs);
            return;
        }
        self.next_pos.resize(n, [0.0; 2]);
        self.next_vel.resize(n, [0.0; 2]);
        self.next_head.resize(n, [0.0; 2]);
        prev.pos = &self.cols.pos[..n];
        prev.vel = &self.cols.vel[..n];
        prev.head = &self.cols.head[..n];
        let to = Buffered {
            prev: (prev.pos, prev.vel, prev.head),
            next: orca::Next {
                pos: &mut self.next_pos[..n],
                vel: &mut self.next_vel[..n],
                head: &mut self.next_head[..n],
            },
        };
        sweep(&prev, &c, to, rec, wanders, rngs);
        // Hook: reciprocal collision avoidance. The forces above gave the
        // preferred velocities (in next_vel); the vehicles that avoid each
        // other now take the collision-free velocity nearest theirs (see
        // `orca`), from the previous step's state.
        if needs.avoids {
            let bodies = orca::Bodies {
                ids: &self.cols.ids,
                pos: prev.pos,
                vel: prev.vel,
                head: prev.head,
                radius: &self.cols.radius,
                max_speed: c.max_speed,
                sets: BySlot {
                    set_of: c.set_of,
                    sets: c.sets,
                },
            };
            let next = orca::Next {
                pos: &mut self.next_pos[..n],
                vel: &mut self.next_vel[..n],
                head: &mut self.next_head[..n],
            };
            self.orca.step(&bodies, next, dt);
        }
        core::mem::swap(&mut self.cols.pos, &mut self.next_pos);
        core::mem::swap(&mut self.cols.vel, &mut self.next_vel);
        core::mem::swap(&mut self.cols.head, &mut self.next_head);
    }
}

/// Where a step writes each vehicle's next state, and what it reads as the
/// previous one.
trait Target {
    /// The previous state of slots `r`.
    fn read(&self, r: Range<usize>) -> BlockState<'_>;
    /// The next state of slots `first..first + out.len()` (into
    /// [`write_next`]'s columns).
    fn write(&mut self, first: usize, out: &[Stepped]);
}

/// Writes the stepped block `out` into slots `first..first + out.len()` of
/// the columns `next`.
#[inline(always)]
fn write_next(next: &mut orca::Next<'_>, first: usize, out: &[Stepped]) {
    for (j, o) in out.iter().enumerate() {
        let i = first + j;
        (next.pos[i], next.vel[i], next.head[i]) = (o.pos, o.vel, o.head);
    }
}

/// In place: the state a vehicle reads is the one it overwrites (only when
/// no behaviour reads another vehicle).
struct InPlace<'a>(orca::Next<'a>);

impl Target for InPlace<'_> {
    #[inline(always)]
    fn read(&self, r: Range<usize>) -> BlockState<'_> {
        let n = &self.0;
        (&n.pos[r.clone()], &n.vel[r.clone()], &n.head[r])
    }

    #[inline(always)]
    fn write(&mut self, first: usize, out: &[Stepped]) {
        write_next(&mut self.0, first, out);
    }
}

/// Double buffered: every vehicle reads the previous step's state and
/// writes the next buffers.
struct Buffered<'a> {
    prev: BlockState<'a>,
    next: orca::Next<'a>,
}

impl Target for Buffered<'_> {
    #[inline(always)]
    fn read(&self, r: Range<usize>) -> BlockState<'_> {
        let (pos, vel, head) = self.prev;
        (&pos[r.clone()], &vel[r.clone()], &head[r])
    }

    #[inline(always)]
    fn write(&mut self, first: usize, out: &[Stepped]) {
        write_next(&mut self.next, first, out);
    }
}

/// The debug view's columns (each vehicle's desired velocity and force),
/// the whole crowd's, recorded vehicle by vehicle ([`Prev::recorded_block`]).
struct Recorded<'a>(&'a mut [[f64; 2]], &'a mut [[f64; 2]]);

/// One step of every vehicle from `to`'s previous state into `to`,
/// recording the debug view into `rec` if given.
#[inline(always)]
fn sweep<T: Target>(
    prev: &Prev<'_>,
    c: &Consts<'_>,
    to: T,
    rec: Option<Recorded<'_>>,
    wanders: &mut [[f64; 2]],
    rngs: &mut [Pcg32],
) {
    match rec {
        Some(Recorded(desired, force)) => sweep_with(to, wanders, rngs, |v, _, out| {
            prev.recorded_block(c, v, desired, force, out);
        }),
        None => sweep_with(to, wanders, rngs, |v, b, out| {
            prev.block(c, v, b, out);
        }),
    }
}

/// One step of every vehicle, block by block: read from `to`, stepped by
/// `step` (the block's [`Slots`], its scratch, the output), written back to
/// `to` (one copy of the loop for each target and step, monomorphised).
#[inline(always)]
fn sweep_with<T: Target>(
    mut to: T,
    wanders: &mut [[f64; 2]],
    rngs: &mut [Pcg32],
    mut step: impl FnMut(Slots<'_>, &mut Block, &mut [Stepped; BLOCK]),
) {
    let n = wanders.len();
    let mut block = Block::new();
    let mut out = [Stepped::default(); BLOCK];
    let mut start = 0;
    while start < n {
        let r = start..n.min(start + BLOCK);
        let (w, g) = (&mut wanders[r.clone()], &mut rngs[r.clone()]);
        let slots = Slots {
            first: r.start,
            own: to.read(r.clone()),
            wander: w,
            rng: g,
        };
        step(slots, &mut block, &mut out);
        to.write(r.start, &out[..r.len()]);
        start = r.end;
    }
}

/// What the vehicles' behaviours need of a step.
#[derive(Debug, Clone, Copy, Default)]
struct Needs {
    /// The largest neighbour radius (0: no spatial grid).
    radius: f64,
    /// Some behaviour reads other vehicles' state: the update must read the
    /// previous step's state only (no update in place).
    simultaneous: bool,
    /// Some vehicle reads neighbour sums.
    query: bool,
    /// Some vehicle reads alignment or cohesion sums.
    flock: bool,
    /// Some vehicle avoids the others (the collision avoidance runs).
    avoids: bool,
}

/// The per-slot constants of a step (each exactly as long as the crowd).
struct Consts<'a> {
    max_speed: &'a [f64],
    inv_max_speed: &'a [f64],
    max_force: &'a [f64],
    mass: &'a [f64],
    inv_mass: &'a [f64],
    set_of: &'a [u32],
    sets: &'a Sets,
}

impl Consts<'_> {
    #[inline(always)]
    fn params(&self, i: usize) -> Params<'_> {
        Params {
            max_speed: self.max_speed[i],
            inv_max_speed: self.inv_max_speed[i],
            max_force: self.max_force[i],
            mass: &self.mass[i],
            inv_mass: self.inv_mass[i],
        }
    }

    /// Vehicle `i` (previous state `own`) as its step sees it.
    #[inline(always)]
    fn stepping<'a>(
        &'a self,
        i: usize,
        own: Own<'a>,
        wander: &'a mut [f64; 2],
        rng: &'a mut Pcg32,
    ) -> Stepping<'a> {
        Stepping {
            i,
            own,
            k: self.params(i),
            wander,
            rng,
        }
    }

    #[inline(always)]
    fn entry(&self, i: usize) -> &Entry {
        self.sets.get(self.set_of[i])
    }
}

/// One vehicle's own previous state. The heading is read only by the
/// behaviours that need it (a crowd step is bound by memory traffic).
#[derive(Clone, Copy)]
struct Own<'a> {
    pos: Point,
    vel: Vec2,
    head: &'a [f64; 2],
}

impl<'a> Own<'a> {
    #[inline]
    fn new(p: [f64; 2], v: [f64; 2], head: &'a [f64; 2]) -> Own<'a> {
        Own {
            pos: Point::new(p[0], p[1]),
            vel: Vec2::new(v[0], v[1]),
            head,
        }
    }

    #[inline]
    fn heading(&self) -> Vec2 {
        Vec2::new(self.head[0], self.head[1])
    }
}

/// One vehicle as its step sees it: its slot, previous state and
/// constants, and the wander state and generator its behaviours advance
/// (what every per-vehicle function of the step reads, gathered once).
struct Stepping<'a> {
    i: usize,
    own: Own<'a>,
    k: Params<'a>,
    wander: &'a mut [f64; 2],
    rng: &'a mut Pcg32,
}

impl Stepping<'_> {
    /// The same vehicle, lent to one behaviour of its list.
    #[inline(always)]
    fn reborrow(&mut self) -> Stepping<'_> {
        Stepping {
            i: self.i,
            own: self.own,
            k: self.k,
            wander: self.wander,
            rng: self.rng,
        }
    }
}

/// One vehicle's constants (the mass is read only when it must divide).
#[derive(Clone, Copy)]
struct Params<'a> {
    max_speed: f64,
    inv_max_speed: f64,
    max_force: f64,
    mass: &'a f64,
    inv_mass: f64,
}

/// One vehicle's next state, and what the debug view shows.
struct Advanced {
    pos: [f64; 2],
    vel: [f64; 2],
    head: [f64; 2],
    desired: [f64; 2],
    force: [f64; 2],
}

/// `v` with components beyond `±f64::MAX` clamped to it: the debug view's
/// desired velocity is a sum of two finite vectors, which near `f64::MAX`
/// may not be finite.
fn clamp_finite(v: [f64; 2]) -> [f64; 2] {
    [
        v[0].clamp(-f64::MAX, f64::MAX),
        v[1].clamp(-f64::MAX, f64::MAX),
    ]
}

/// `1 / mass` when multiplying by it is exactly dividing by `mass` (a
/// normal power of two), else 0.
fn exact_inverse(mass: f64) -> f64 {
    const MANTISSA: u64 = (1 << 52) - 1;
    let inv = 1.0 / mass;
    if mass.is_normal() && inv.is_normal() && mass.to_bits() & MANTISSA == 0 {
        inv
    } else {
        0.0
    }
}

/// The velocity `truncate(raw, maxSpeed)` and its heading where the plain
/// arithmetic fails: `|raw|²` overflows (a force of 1e300 over a mass of
/// 1e-300: `raw · 0` was NaN and froze the vehicle) or underflows (speeds
/// below 1e-154), or `maxSpeed / |raw|` is subnormal (1e-300 / 1.8e17: the
/// speed came out above max speed). Lengths from `hypot`.
#[cold]
#[inline(never)]
fn extreme_velocity(raw: Vec2, max_speed: f64, head: &[f64; 2]) -> (Vec2, [f64; 2]) {
    let v = forces::truncate_scaled(raw, max_speed);
    let len = crate::geom::math::hypot(v.x, v.y);
    // At rest (below a billionth of max speed) the heading stays, as in
    // the ordinary path.
    if len > 1e-9 * max_speed && len > 0.0 && len.is_finite() {
        let h = v / len;
        if h.is_finite() {
            return (v, [h.x, h.y]);
        }
    }
    (v, *head)
}

/// Reynolds' `truncate(raw, maxSpeed)` and its heading for the numbers the
/// ordinary path of [`Prev::advance`] leaves out (a max speed of zero or
/// below 1e-140, a length at rest, huge, infinite or NaN).
#[cold]
#[inline(never)]
fn velocity_slow(
    raw: Vec2,
    len: f64,
    max_speed: f64,
    inv_max_speed: f64,
    head: &[f64; 2],
) -> (Vec2, [f64; 2]) {
    let shrink = max_speed / len;
    if shrink < 1.0 {
        if shrink >= f64::MIN_POSITIVE {
            let v = raw * shrink;
            let h = if max_speed > 0.0 {
                let h = v * inv_max_speed;
                [h.x, h.y]
            } else {
                *head
            };
            (v, h)
        } else {
            // |raw|² overflowed (shrink 0), the shrink is subnormal, or
            // max speed is 0: see `extreme_velocity`.
            extreme_velocity(raw, max_speed, head)
        }
    } else if len > 1e-9 * max_speed && len.is_finite() {
        let inv = 1.0 / len;
        (raw, [raw.x * inv, raw.y * inv])
    } else if max_speed < 1e-140 && raw != Vec2::ZERO {
        // |raw|² underflowed against a tiny max speed.
        extreme_velocity(raw, max_speed, head)
    } else {
        // At rest (below a billionth of max speed) the heading stays.
        (raw, *head)
    }
}

/// The vehicles of a block as its step reads them: slots `first..`, their
/// previous state, and their wander and random state (all as long as each
/// other).
struct Slots<'a> {
    first: usize,
    own: BlockState<'a>,
    wander: &'a mut [[f64; 2]],
    rng: &'a mut [Pcg32],
}

/// A block's previous positions, velocities and headings (as long as each other).
type BlockState<'a> = (&'a [[f64; 2]], &'a [[f64; 2]], &'a [[f64; 2]]);

/// The previous step's state, read by every vehicle of the current step.
struct Prev<'a> {
    /// Everyone's previous positions, velocities and headings.
    pos: &'a [[f64; 2]],
    vel: &'a [[f64; 2]],
    head: &'a [[f64; 2]],
    /// Body radii.
    radius: &'a [f64],
    ids: &'a [VehicleId],
    slot_of: &'a [u32],
    grid: &'a Grid,
    /// The neighbour sums, by grid entry.
    sums: &'a Sums,
    dt: f64,
}

impl Prev<'_> {
    /// Steps the vehicles of a block `v` (at most [`BLOCK`]) into `out`: the steering sums of each run of
    /// vehicles that share a set, then the truncations and the Euler step in
    /// passes over the block, and the vehicles whose numbers leave the
    /// ordinary range one by one (the same bits as [`Prev::advance`]).
    #[inline(always)]
    fn block(&self, c: &Consts<'_>, v: Slots<'_>, b: &mut Block, out: &mut [Stepped; BLOCK]) {
        let Slots {
            first,
            own,
            wander,
            rng,
        } = v;
        self.block_of(c, first, own, wander, rng, b, out);
    }

    /// [`Prev::block`], the block's slots as separate arguments: out of
    /// line, the block's hot loops keep its slices in registers (behind a
    /// pointer to [`Slots`] the wasm build read them back from memory and
    /// the crowd step was slower; BENCHMARKS.md, "Build settings").
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn block_of(
        &self,
        c: &Consts<'_>,
        first: usize,
        own: BlockState<'_>,
        wander: &mut [[f64; 2]],
        rng: &mut [Pcg32],
        b: &mut Block,
        out: &mut [Stepped; BLOCK],
    ) {
        let (pos, vel, head) = own;
        let n = pos.len().min(vel.len()).min(head.len()).min(BLOCK);
        let mut j = 0;
        while j < n {
            let e = c.set_of[first + j];
            let end = (j + 1..n).find(|&x| c.set_of[first + x] != e).unwrap_or(n);
            let entry = c.sets.get(e);
            let r = j..end;
            if entry.set.combine() == Combine::WeightedSum {
                let run = Run {
                    pos: &pos[r.clone()],
                    vel: &vel[r.clone()],
                    max_speed: &c.max_speed[first + j..first + end],
                    sep: |x: usize| {
                        self.sums
                            .sep
                            .get(first + j + x)
                            .copied()
                            .unwrap_or_default()
                    },
                    flock: |x: usize| {
                        self.sums
                            .flock
                            .get(first + j + x)
                            .copied()
                            .unwrap_or_default()
                    },
                };
                let (w, g) = (&mut wander[r.clone()], &mut rng[r.clone()]);
                kinds::weighted(&run, entry, b.sums(r.clone()), |x, kind| {
                    let i = first + j + x;
                    let v = c.stepping(
                        i,
                        Own::new(pos[j + x], vel[j + x], &head[j + x]),
                        &mut w[x],
                        &mut g[x],
                    );
                    self.behavior(v, &entry.query, kind)
                });
                b.accept(r);
            } else {
                for x in r {
                    let i = first + x;
                    let v = c.stepping(
                        i,
                        Own::new(pos[x], vel[x], &head[x]),
                        &mut wander[x],
                        &mut rng[x],
                    );
                    let sum = self.combined(v, entry);
                    b.put(x, [sum.x, sum.y]);
                }
            }
            j = end;
        }
        let r = first..first + n;
        b.raw(
            &vel[..n],
            &c.max_force[r.clone()],
            &c.inv_mass[r.clone()],
            &c.mass[r],
            self.dt,
        );
        for (j, o) in out.iter_mut().enumerate().take(n) {
            let k = c.params(first + j);
            *o = match b.finish(j, pos[j], k.max_speed, k.inv_max_speed, self.dt) {
                Some(s) => s,
                None => {
                    let a = self.integrate(Own::new(pos[j], vel[j], &head[j]), k, b.sum(j));
                    Stepped {
                        pos: a.pos,
                        vel: a.vel,
                        head: a.head,
                    }
                }
            };
        }
    }

    /// Steps the vehicles of a block as [`Prev::block`] does, but vehicle by
    /// vehicle ([`Prev::advance`]), recording each one's desired velocity
    /// and force into the whole crowd's columns `desired` and `force`. Out
    /// of line: the debug view's path stays out of the step's hot loops.
    #[inline(never)]
    fn recorded_block(
        &self,
        c: &Consts<'_>,
        v: Slots<'_>,
        desired: &mut [[f64; 2]],
        force: &mut [[f64; 2]],
        out: &mut [Stepped; BLOCK],
    ) {
        let (pos, vel, head) = v.own;
        for (j, o) in out.iter_mut().enumerate().take(pos.len()) {
            let i = v.first + j;
            let own = Own::new(pos[j], vel[j], &head[j]);
            let one = c.stepping(i, own, &mut v.wander[j], &mut v.rng[j]);
            let a = self.advance(one, c.entry(i));
            if let (Some(d), Some(f)) = (desired.get_mut(i), force.get_mut(i)) {
                (*d, *f) = (clamp_finite(a.desired), a.force);
            }
            *o = Stepped {
                pos: a.pos,
                vel: a.vel,
                head: a.head,
            };
        }
    }

    /// Reynolds' rule for one vehicle: `force = truncate(Σ wᵢ·bᵢ, maxForce)`,
    /// `velocity = truncate(velocity + force / mass · dt, maxSpeed)`,
    /// `position += velocity · dt`; the heading follows the velocity.
    #[inline(always)]
    fn advance(&self, v: Stepping<'_>, e: &Entry) -> Advanced {
        let (own, k) = (v.own, v.k);
        let sum = self.sum(v, e);
        self.integrate(own, k, sum)
    }

    /// The steering sum `Σ wᵢ·bᵢ` of vehicle `i` (before the truncation to
    /// `max_force`).
    #[inline(always)]
    fn sum(&self, v: Stepping<'_>, e: &Entry) -> Vec2 {
        match e.single_seek {
            Some((target, weight)) => {
                forces::seek(v.own.pos, v.own.vel, v.k.max_speed, target) * weight
            }
            None => self.combined(v, e),
        }
    }

    /// The rest of Reynolds' rule from the steering sum: the truncations and
    /// the Euler step.
    #[inline(always)]
    fn integrate(&self, own: Own<'_>, k: Params<'_>, sum: Vec2) -> Advanced {
        let dt = self.dt;
        let (pos, vel, max_speed) = (own.pos, own.vel, k.max_speed);
        let force = forces::truncate(sum, k.max_force);
        let accel = if k.inv_mass != 0.0 {
            force * k.inv_mass
        } else {
            force / *k.mass
        };
        // Reynolds' truncate(velocity + force / mass, maxSpeed), keeping
        // the length it computes so the heading needs no second sqrt.
        let raw = vel + accel * dt;
        let len = forces::length(raw);
        let (mut new_vel, mut heading) =
            if max_speed > 1e-140 && len < 1e150 && len > 1e-9 * max_speed {
                // Ordinary numbers. Reynolds' shrink `maxSpeed / len` is
                // below 1 exactly when `maxSpeed < len` (for positive normal
                // numbers the quotient of a smaller by a larger is at most
                // 1 − 2⁻⁵³), so one division gives either the shrink or the
                // `1 / len` of the heading below full speed (not both).
                let full = max_speed < len;
                let q = (if full { max_speed } else { 1.0 }) / len;
                // At full speed |new_vel| = maxSpeed: the heading is a product.
                let v = if full { raw * q } else { raw };
                let h = if full { v * k.inv_max_speed } else { raw * q };
                (v, [h.x, h.y])
            } else {
                velocity_slow(raw, len, max_speed, k.inv_max_speed, own.head)
            };
        let mut new_pos = pos + new_vel * dt;
        if !(new_vel.is_finite() && new_pos.is_finite()) {
            // Only reachable near f64::MAX: stay put rather than go NaN.
            new_vel = Vec2::ZERO;
            new_pos = pos;
        }
        if !(heading[0].is_finite() && heading[1].is_finite()) {
            heading = *own.head;
        }
        let d = if sum.is_finite() {
            vel + sum
        } else {
            vel + force
        };
        Advanced {
            pos: [new_pos.x, new_pos.y],
            vel: [new_vel.x, new_vel.y],
            head: heading,
            desired: [d.x, d.y],
            force: [force.x, force.y],
        }
    }

    #[inline]
    fn point(&self, i: usize) -> Point {
        self.pos
            .get(i)
            .map_or(Point::ORIGIN, |p| Point::new(p[0], p[1]))
    }

    #[inline]
    fn velocity(&self, i: usize) -> Vec2 {
        self.vel
            .get(i)
            .map_or(Vec2::ZERO, |v| Vec2::new(v[0], v[1]))
    }

    #[inline]
    fn quarry(&self, id: VehicleId) -> Option<usize> {
        match self.slot_of.get(id.0 as usize) {
            Some(&s) if s != NO_SLOT => Some(s as usize),
            _ => None,
        }
    }

    /// The behaviours of vehicle `i` combined as its set says (before the
    /// final truncation to `max_force`).
    #[inline(always)]
    fn combined(&self, mut v: Stepping<'_>, e: &Entry) -> Vec2 {
        let max_force = v.k.max_force;
        let mut acc = Vec2::ZERO;
        let (set, q) = (e.set.inner(), &e.query);
        match set.combine {
            Combine::WeightedSum => {
                for b in &set.behaviors {
                    acc += self.behavior(v.reborrow(), q, &b.kind) * b.weight;
                }
            }
            Combine::Priority => {
                let mut left = max_force;
                for b in &set.behaviors {
                    let f = self.behavior(v.reborrow(), q, &b.kind) * b.weight;
                    let m = forces::length(f);
                    if m <= left {
                        acc += f;
                        left -= m;
                    } else {
                        if let Some(u) = forces::try_unit(f) {
                            acc += u * left;
                        }
                        break;
                    }
                }
            }
        }
        // Infinities keep their direction (truncate handles them); only NaN
        // (opposite infinities) has none.
        if acc.x.is_nan() || acc.y.is_nan() {
            Vec2::ZERO
        } else {
            acc
        }
    }

    /// One behaviour's steering vector for vehicle `i` (whose neighbour
    /// sums were gathered for `q`).
    #[inline]
    fn behavior(&self, v: Stepping<'_>, q: &Query, kind: &BehaviorKind) -> Vec2 {
        let Stepping {
            i,
            own,
            k,
            wander,
            rng,
        } = v;
        let (pos, vel, ms) = (own.pos, own.vel, k.max_speed);
        match kind {
            BehaviorKind::Seek { target } => forces::seek(pos, vel, ms, *target),
            BehaviorKind::Flee { target } => forces::flee(pos, vel, ms, *target),
            BehaviorKind::Arrive {
                target,
                slowing_radius,
            } => forces::arrive(pos, vel, ms, *target, *slowing_radius, self.dt),
            BehaviorKind::Pursue { quarry } | BehaviorKind::Evade { quarry } => {
                let Some(q) = self.quarry(*quarry).filter(|&q| q != i) else {
                    return Vec2::ZERO;
                };
                let at = forces::predict(pos, ms, self.point(q), self.velocity(q));
                if matches!(kind, BehaviorKind::Pursue { .. }) {
                    forces::seek(pos, vel, ms, at)
                } else {
                    forces::flee(pos, vel, ms, at)
                }
            }
            BehaviorKind::Wander {
                distance,
                radius,
                jitter,
            } => {
                let (r1, r2) = (rng.next_signed(), rng.next_signed());
                forces::wander(
                    vel,
                    own.heading(),
                    ms,
                    wander,
                    *distance,
                    *radius,
                    *jitter * self.dt,
                    r1,
                    r2,
                )
            }
            BehaviorKind::Separation { radius } => {
                let s = if *radius == q.sep {
                    self.sums.sep.get(i).copied().unwrap_or_default()
                } else {
                    Sums::separation(self.grid, self.ids, self.grid.entry(i), *radius)
                };
                Vec2::new(s[0], s[1]) * ms
            }
            BehaviorKind::Alignment { radius } => {
                let f = self.flock(i, *radius, q.ali);
                if f.ali_n > 0.0 {
                    Vec2::new(f.ali[0], f.ali[1]) / f.ali_n - vel
                } else {
                    Vec2::ZERO
                }
            }
            BehaviorKind::Cohesion { radius } => {
                let f = self.flock(i, *radius, q.coh);
                if f.coh_n > 0.0 {
                    let centre = Vec2::new(f.coh[0], f.coh[1]) / f.coh_n;
                    forces::seek(pos, vel, ms, pos + centre)
                } else {
                    Vec2::ZERO
                }
            }
            BehaviorKind::Avoid {
                obstacles,
                look_ahead,
            } => {
                let l = look_ahead.unwrap_or(10.0 * ms).max(f64::MIN_POSITIVE);
                forces::avoid(pos, vel, own.heading(), ms, obstacles, l)
            }
            BehaviorKind::FollowPath { path, look_ahead } => {
                forces::follow_path(pos, vel, ms, path, *look_ahead, self.dt)
            }
            // Hook: acts on the velocity after the forces (see `orca`).
            BehaviorKind::AvoidVehicles { .. } => Vec2::ZERO,
            // Hook: the rest of the family (see `behaviors`).
            BehaviorKind::Interpose { .. }
            | BehaviorKind::OffsetPursuit { .. }
            | BehaviorKind::Hide { .. }
            | BehaviorKind::StayOnPath { .. }
            | BehaviorKind::Contain { .. } => self.family(i, own, k, kind),
        }
    }

    /// One of the family's steering vectors for vehicle `i`.
    #[inline(never)]
    fn family(&self, i: usize, own: Own<'_>, k: Params<'_>, kind: &BehaviorKind) -> Vec2 {
        let me = behaviors::Me {
            id: self.ids.get(i).copied().unwrap_or_default(),
            pos: own.pos,
            vel: own.vel,
            max_speed: k.max_speed,
            max_force: k.max_force,
            mass: *k.mass,
            radius: self
                .radius
                .get(i)
                .copied()
                .unwrap_or(VehicleSpec::DEFAULT_RADIUS),
            dt: self.dt,
        };
        let others = behaviors::Others {
            pos: self.pos,
            vel: self.vel,
            head: self.head,
            slot_of: self.slot_of,
        };
        behaviors::steer(kind, &me, &others)
    }

    /// Alignment's and cohesion's sums around vehicle `i` within `radius`
    /// (gathered when it is the query's `asked`).
    #[inline]
    fn flock(&self, i: usize, radius: f64, asked: f64) -> Flock {
        match self.sums.flock.get(i) {
            Some(f) if radius == asked => *f,
            _ => Sums::flock(self.grid, self.ids, self.grid.entry(i), radius),
        }
    }
}
