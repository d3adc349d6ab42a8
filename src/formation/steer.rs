//! Formations driving the vehicles of a steering [`World`]: the second level
//! of the two-level steering. A vehicle that joins is steered by its
//! formation alone (an arrive at its slot target, set before every step);
//! its own behaviours are kept aside and given back when it leaves.
//! Behaviours given to a member while it is in a formation (by any of the
//! world's setters) are noticed at the next step and become the ones it gets
//! back when it leaves.
//!
//! Two things of a member's own carry over into its formation steering: a
//! member whose own behaviours avoid other vehicles
//! ([`BehaviorKind::AvoidVehicles`]) keeps avoiding them (with the same time
//! horizon) while it takes and holds its slot, and every member faces its
//! slot's orientation when it stops there ([`Facing`], turning at the
//! formation's `max_turn_rate`): a defensive circle faces outward, a line
//! faces its front.

use super::registry::unknown_formation;
use super::sorted_map::SortedMap;
use super::{
    AssignmentStrategy, FormationId, FormationMut, FormationPattern, FormationSpec, Formations,
    MemberState,
};
use crate::error::{Error, Field, Reason};
use crate::steering::{
    unknown_vehicle, Behavior, BehaviorKind, BehaviorSet, Combine, Facing, VehicleId, World,
};

/// The formations of one [`World`] and the behaviours their members had
/// before joining. Every method that changes membership takes the world, so
/// the two stay consistent.
///
/// # Examples
/// ```
/// use arcline::formation::{AssignmentStrategy, FormationPattern, PatternKind, WorldFormations};
/// use arcline::steering::{VehicleSpec, World};
/// let mut world = World::new(0);
/// let mut f = WorldFormations::new();
/// let line = f.create(FormationPattern::new(PatternKind::Line, 2.0).unwrap(), AssignmentStrategy::MinCost);
/// let a = world.add_vehicle(VehicleSpec::new(0.0, 0.0, 5.0, 10.0)).unwrap();
/// let b = world.add_vehicle(VehicleSpec::new(0.0, 9.0, 5.0, 10.0)).unwrap();
/// assert_eq!(f.join(&mut world, line, a), Ok(true));
/// assert_eq!(f.join(&mut world, line, b), Ok(true));
/// for _ in 0..600 {
///     f.before_step(&mut world, 1.0 / 30.0);
///     world.step(1.0 / 30.0);
/// }
/// let (pa, pb) = (world.vehicle(a).unwrap().position, world.vehicle(b).unwrap().position);
/// assert!((pa.distance(pb) - 2.0).abs() < 0.01);
/// ```
#[derive(Debug, Clone, Default)]
pub struct WorldFormations {
    formations: Formations,
    own: SortedMap<VehicleId, BehaviorSet>,
    /// The arrive each member was last given, to notice when someone else
    /// gave it behaviours meanwhile.
    given: SortedMap<VehicleId, BehaviorSet>,
}

impl WorldFormations {
    /// No formations.
    #[must_use]
    pub fn new() -> WorldFormations {
        WorldFormations::default()
    }

    /// The registry (read only: change membership through this type).
    #[must_use]
    pub fn formations(&self) -> &Formations {
        &self.formations
    }

    /// Adds an empty formation and returns its id.
    pub fn create(
        &mut self,
        pattern: FormationPattern,
        strategy: AssignmentStrategy,
    ) -> FormationId {
        self.formations.create(pattern, strategy)
    }

    /// Adds an empty formation made from `spec` and returns its id.
    ///
    /// # Errors
    /// As [`FormationSpec::manager`]: the spec's first bad field.
    pub fn create_with(&mut self, spec: &FormationSpec) -> Result<FormationId, Error> {
        Ok(self.formations.insert(spec.manager()?))
    }

    /// Targets, pattern, strategy and parameters of one formation.
    pub fn formation_mut(&mut self, id: FormationId) -> Option<FormationMut<'_>> {
        self.formations.get_mut(id)
    }

    /// Puts a vehicle into a formation: `Ok(false)` when the pattern has no
    /// free slot; `Ok(true)` when it joined, or was already in this one
    /// (it keeps its slot). The slot targets are refreshed at once.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `formation`, or about `vehicle` for a
    /// vehicle not in the world; [`Reason::AlreadyInFormation`] about
    /// `vehicle`.
    pub fn join(
        &mut self,
        world: &mut World,
        formation: FormationId,
        vehicle: VehicleId,
    ) -> Result<bool, Error> {
        if self.formations.get(formation).is_none() {
            return Err(unknown_formation("formation", formation));
        }
        let own = world
            .behaviors(vehicle)
            .cloned()
            .ok_or_else(|| unknown_vehicle(Field::named("vehicle"), vehicle))?;
        if let Some(other) = self.formations.formation_of(vehicle) {
            if other != formation {
                return Err(Error::at(
                    "vehicle",
                    Reason::AlreadyInFormation {
                        formation: u64::from(other.0),
                    },
                ));
            }
        }
        let joined = self.formations.join(formation, vehicle)?;
        if joined && !self.own.contains_key(&vehicle) {
            self.own.insert(vehicle, own);
        }
        if joined {
            self.refresh(world, formation);
        }
        Ok(joined)
    }

    /// Takes a vehicle out of its formation and gives it back its own
    /// behaviours; the others close ranks. Returns the formation it left
    /// (`None` if it was in none).
    pub fn leave(&mut self, world: &mut World, vehicle: VehicleId) -> Option<FormationId> {
        let left = self.formations.leave(vehicle)?;
        self.adopt_changes(world, vehicle);
        self.given.remove(&vehicle);
        let _ = world.set_facing(vehicle, None);
        if let Some(own) = self.own.remove(&vehicle) {
            // The vehicle may be gone from the world: nothing to give back then.
            let _ = world.set_behavior_set(vehicle, own);
        }
        self.refresh(world, left);
        Some(left)
    }

    /// Removes a formation; its members get their own behaviours back.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `formation`.
    pub fn remove(&mut self, world: &mut World, formation: FormationId) -> Result<(), Error> {
        let members = self
            .formations
            .remove(formation)
            .map_err(|_| unknown_formation("formation", formation))?;
        for m in members {
            self.adopt_changes(world, m);
            self.given.remove(&m);
            let _ = world.set_facing(m, None);
            if let Some(own) = self.own.remove(&m) {
                let _ = world.set_behavior_set(m, own);
            }
        }
        Ok(())
    }

    /// Gives a vehicle behaviours: at once if it is in no formation, else
    /// kept for when it leaves (the formation steers it meanwhile).
    ///
    /// # Errors
    /// As [`World::set_behaviors`].
    pub fn set_behaviors(
        &mut self,
        world: &mut World,
        vehicle: VehicleId,
        behaviors: Vec<Behavior>,
    ) -> Result<(), Error> {
        if self.formations.formation_of(vehicle).is_none() {
            return world.set_behaviors(vehicle, behaviors);
        }
        let set = world.behavior_set(behaviors, Combine::WeightedSum)?;
        self.own.insert(vehicle, set);
        Ok(())
    }

    /// Forgets members that are no longer in the world (the others close
    /// ranks at once); the anchors do not move.
    pub fn prune(&mut self, world: &World) {
        let gone: Vec<VehicleId> = self
            .formations
            .iter()
            .flat_map(|(_, f)| f.members())
            .filter(|&m| !world.contains(m))
            .collect();
        for m in gone {
            self.formations.leave(m);
            self.own.remove(&m);
            self.given.remove(&m);
        }
    }

    /// Runs every formation for a step of `dt` from the world's current
    /// state and sets each member's steering to arrive at its slot target
    /// (slowing radius: the formation's `slowing_radius` × spacing), with
    /// the collision avoidance of its own behaviours if they have one, and
    /// its facing at rest to the slot's orientation. Call it right before
    /// [`World::step`] with the same `dt` (longer than [`World::MAX_STEP`]
    /// counts as `MAX_STEP`, as there).
    pub fn before_step(&mut self, world: &mut World, dt: f64) {
        let dt = dt.min(World::MAX_STEP);
        self.formations
            .update(|id| world.vehicle(id).map(|v| (v.position, v.velocity)), dt);
        for id in self.formations.last_gone() {
            self.own.remove(id);
            self.given.remove(id);
        }
        for (_, f) in self.formations.iter() {
            // (A product of two tiny numbers may underflow to zero.)
            let slowing = f.slowing_radius().max(f64::MIN_POSITIVE);
            let turn_rate = f.params().max_turn_rate;
            for t in f.slot_targets() {
                adopt(world, &mut self.own, &self.given, t.vehicle);
                let arrive = Behavior::new(BehaviorKind::Arrive {
                    target: t.target.position(),
                    slowing_radius: slowing,
                });
                let mut list = vec![arrive];
                if let Some(avoid) = self.own.get(&t.vehicle).and_then(own_avoidance) {
                    list.push(avoid);
                }
                // Slot targets are finite (the manager falls back to the
                // anchor), the slowing radius positive and finite, and the
                // avoidance was checked with the member's own behaviours.
                let set = BehaviorSet::checked(list, Combine::WeightedSum);
                if world.set_behavior_set(t.vehicle, set.clone()).is_ok() {
                    self.given.insert(t.vehicle, set);
                }
                // The slot's heading is finite and the turning rate positive.
                let _ = world.set_facing(t.vehicle, Some(Facing::new(t.target.heading, turn_rate)));
            }
        }
    }

    /// If a member's behaviours are no longer the arrive this type gave it,
    /// someone set new ones: keep those for when it leaves.
    fn adopt_changes(&mut self, world: &World, member: VehicleId) {
        adopt(world, &mut self.own, &self.given, member);
    }

    /// The behaviours a member will get back when it leaves.
    #[must_use]
    pub fn own_behaviors(&self, member: VehicleId) -> Option<&BehaviorSet> {
        self.own.get(&member)
    }

    /// Refreshes one formation's slot targets from the world (dt = 0).
    fn refresh(&mut self, world: &mut World, formation: FormationId) {
        let states: Vec<MemberState> = match self.formations.get(formation) {
            Some(f) => f
                .members()
                .filter_map(|id| {
                    world.vehicle(id).map(|v| MemberState {
                        id,
                        position: v.position,
                        velocity: v.velocity,
                    })
                })
                .collect(),
            None => return,
        };
        if let Some(mut f) = self.formations.get_mut(formation) {
            f.update(&states, 0.0);
        }
    }
}

/// The collision avoidance among vehicles of a member's own behaviours, if
/// they have one (the largest horizon; pushing apart if any asks for it).
fn own_avoidance(own: &BehaviorSet) -> Option<Behavior> {
    let (time_horizon, push_apart) = own.inner().avoid_vehicles?;
    Some(Behavior::new(BehaviorKind::AvoidVehicles {
        time_horizon,
        push_apart,
    }))
}

fn adopt(
    world: &World,
    own: &mut SortedMap<VehicleId, BehaviorSet>,
    given: &SortedMap<VehicleId, BehaviorSet>,
    member: VehicleId,
) {
    if let (Some(now), Some(ours)) = (world.behaviors(member), given.get(&member)) {
        if !now.same_as(ours) {
            own.insert(member, now.clone());
        }
    }
}
