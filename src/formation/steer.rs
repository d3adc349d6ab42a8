//! Formations driving the vehicles of a steering [`World`]: the second level
//! of the two-level steering. A vehicle that joins is steered by its
//! formation alone (an arrive at its slot target, set before every step);
//! its own behaviours are kept aside and given back when it leaves.
//! Behaviours given to a member while it is in a formation (by any of the
//! world's setters) are noticed at the next step and become the ones it gets
//! back when it leaves.

use super::sorted_map::SortedMap;
use super::{
    AssignmentStrategy, FormationError, FormationId, FormationMut, FormationPattern, Formations,
    MemberId,
};
use crate::{Behavior, BehaviorKind, BehaviorSet, Combine, SteeringError, VehicleId, World};
use std::sync::Arc as Shared;

/// The formations of one [`World`] and the behaviours their members had
/// before joining. Every method that changes membership takes the world, so
/// the two stay consistent.
///
/// # Examples
/// ```
/// use arcline::*;
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
    own: SortedMap<MemberId, Shared<BehaviorSet>>,
    /// The arrive each member was last given, to notice when someone else
    /// gave it behaviours meanwhile.
    given: SortedMap<MemberId, Shared<BehaviorSet>>,
}

impl WorldFormations {
    pub fn new() -> WorldFormations {
        WorldFormations::default()
    }

    /// The registry (read only: change membership through this type).
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

    /// Targets, pattern, strategy and parameters of one formation.
    pub fn formation_mut(&mut self, id: FormationId) -> Option<FormationMut<'_>> {
        self.formations.get_mut(id)
    }

    /// Puts a vehicle into a formation: `Ok(false)` when the pattern has no
    /// free slot; `Ok(true)` when it joined, or was already in this one
    /// (it keeps its slot). The slot targets are refreshed at once.
    ///
    /// # Errors
    /// [`FormationError::UnknownFormation`], [`FormationError::UnknownMember`]
    /// for a vehicle not in the world, [`FormationError::AlreadyInFormation`].
    pub fn join(
        &mut self,
        world: &mut World,
        formation: FormationId,
        vehicle: VehicleId,
    ) -> Result<bool, FormationError> {
        if self.formations.get(formation).is_none() {
            return Err(FormationError::UnknownFormation(formation));
        }
        let own = world
            .behaviors(vehicle)
            .cloned()
            .ok_or(FormationError::UnknownMember(vehicle.0))?;
        let joined = self.formations.join(formation, vehicle.0)?;
        if joined && !self.own.contains_key(&vehicle.0) {
            self.own.insert(vehicle.0, Shared::new(own));
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
        let left = self.formations.leave(vehicle.0)?;
        self.adopt_changes(world, vehicle.0);
        self.given.remove(&vehicle.0);
        if let Some(own) = self.own.remove(&vehicle.0) {
            // The vehicle may be gone from the world: nothing to give back then.
            let _ = world.set_behavior_set(vehicle, own);
        }
        self.refresh(world, left);
        Some(left)
    }

    /// Removes a formation; its members get their own behaviours back.
    ///
    /// # Errors
    /// [`FormationError::UnknownFormation`].
    pub fn remove(
        &mut self,
        world: &mut World,
        formation: FormationId,
    ) -> Result<(), FormationError> {
        for m in self.formations.remove(formation)? {
            self.adopt_changes(world, m);
            self.given.remove(&m);
            if let Some(own) = self.own.remove(&m) {
                let _ = world.set_behavior_set(VehicleId(m), own);
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
    ) -> Result<(), SteeringError> {
        if self.formations.formation_of(vehicle.0).is_none() {
            return world.set_behaviors(vehicle, behaviors);
        }
        let set = world.behavior_set(behaviors, Combine::WeightedSum)?;
        self.own.insert(vehicle.0, set);
        Ok(())
    }

    /// Forgets members that are no longer in the world (the others close
    /// ranks at once); the anchors do not move.
    pub fn prune(&mut self, world: &World) {
        let gone: Vec<MemberId> = self
            .formations
            .iter()
            .flat_map(|(_, f)| f.members())
            .filter(|&m| !world.contains(VehicleId(m)))
            .collect();
        for m in gone {
            self.formations.leave(m);
            self.own.remove(&m);
            self.given.remove(&m);
        }
    }

    /// Runs every formation for a step of `dt` from the world's current
    /// state and sets each member's steering to arrive at its slot target
    /// (slowing radius: the formation's `slowing_radius` × spacing). Call it
    /// right before [`World::step`] with the same `dt`.
    pub fn before_step(&mut self, world: &mut World, dt: f64) {
        self.formations.update(
            |id| {
                world
                    .vehicle(VehicleId(id))
                    .map(|v| (v.position, v.velocity))
            },
            dt,
        );
        for id in self.formations.last_gone() {
            self.own.remove(id);
            self.given.remove(id);
        }
        for (_, f) in self.formations.iter() {
            let slowing = f.params().slowing_radius * f.pattern().spacing();
            for t in f.slot_targets() {
                adopt(world, &mut self.own, &self.given, t.member);
                let arrive = Behavior::new(BehaviorKind::Arrive {
                    target: t.target.position(),
                    slowing_radius: slowing,
                });
                if let Ok(set) = BehaviorSet::new(vec![arrive], Combine::WeightedSum) {
                    let set = Shared::new(set);
                    if world
                        .set_behavior_set(VehicleId(t.member), set.clone())
                        .is_ok()
                    {
                        self.given.insert(t.member, set);
                    }
                }
            }
        }
    }

    /// If a member's behaviours are no longer the arrive this type gave it,
    /// someone set new ones: keep those for when it leaves.
    fn adopt_changes(&mut self, world: &World, member: MemberId) {
        adopt(world, &mut self.own, &self.given, member);
    }

    /// The behaviours a member will get back when it leaves.
    pub fn own_behaviors(&self, member: VehicleId) -> Option<&BehaviorSet> {
        self.own.get(&member.0).map(|s| &**s)
    }

    /// Refreshes one formation's slot targets from the world (dt = 0).
    fn refresh(&mut self, world: &mut World, formation: FormationId) {
        let states: Vec<super::MemberState> = match self.formations.get(formation) {
            Some(f) => f
                .members()
                .filter_map(|id| {
                    world.vehicle(VehicleId(id)).map(|v| super::MemberState {
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

fn adopt(
    world: &World,
    own: &mut SortedMap<MemberId, Shared<BehaviorSet>>,
    given: &SortedMap<MemberId, Shared<BehaviorSet>>,
    member: MemberId,
) {
    if let (Some(now), Some(ours)) = (world.behaviors(VehicleId(member)), given.get(&member)) {
        if !core::ptr::eq(now, &**ours) {
            own.insert(member, Shared::new(now.clone()));
        }
    }
}
