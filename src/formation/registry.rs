//! Many formations and who is in which: what a world holds to run formations
//! over its vehicles. A member belongs to at most one formation.

use super::sorted_map::SortedMap;
use super::{AssignmentStrategy, FormationManager, FormationPattern, MemberState};
use crate::error::{Error, Field, Reason};
use crate::geom::{Point, Vec2};
use crate::steering::VehicleId;
use core::fmt;

/// Identifies a formation in a [`Formations`] registry (from 1, never
/// reused). As data (the `serde` feature) a plain number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(as = "u32"))]
pub struct FormationId(pub u32);

impl fmt::Display for FormationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<u32> for FormationId {
    fn from(id: u32) -> FormationId {
        FormationId(id)
    }
}

impl From<FormationId> for u32 {
    fn from(id: FormationId) -> u32 {
        id.0
    }
}

/// "no formation with id …" about `field`.
#[cold]
#[inline(never)]
pub(crate) fn unknown_formation(field: &'static str, id: FormationId) -> Error {
    Error::new(
        Field::named(field),
        Reason::UnknownId {
            what: "formation",
            id: u64::from(id.0),
        },
    )
}

/// A registry of formations (ids from 1, never reused) and of membership.
/// Iteration is in id order, so a world that steps it is deterministic.
#[derive(Debug, Clone, Default)]
pub struct Formations {
    formations: SortedMap<FormationId, FormationManager>,
    member_of: SortedMap<VehicleId, FormationId>,
    next_id: u32,
    scratch: Vec<MemberState>,
    gone: Vec<VehicleId>,
}

impl Formations {
    /// No formations.
    #[must_use]
    pub fn new() -> Formations {
        Formations::default()
    }

    /// Adds an empty formation and returns its id.
    pub fn create(
        &mut self,
        pattern: FormationPattern,
        strategy: AssignmentStrategy,
    ) -> FormationId {
        self.insert(FormationManager::new(pattern, strategy))
    }

    /// Adds a formation built by hand (its members must not be in another
    /// formation of this registry; any that are stay where they were).
    pub fn insert(&mut self, mut formation: FormationManager) -> FormationId {
        self.next_id = self.next_id.wrapping_add(1).max(1);
        let id = FormationId(self.next_id);
        let clash: Vec<VehicleId> = formation
            .members()
            .filter(|m| self.member_of.contains_key(m))
            .collect();
        for m in clash {
            formation.remove_member(m);
        }
        for m in formation.members() {
            self.member_of.insert(m, id);
        }
        self.formations.insert(id, formation);
        id
    }

    /// Removes a formation; its members are free again. Returns them.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`.
    pub fn remove(&mut self, id: FormationId) -> Result<Vec<VehicleId>, Error> {
        let f = self
            .formations
            .remove(&id)
            .ok_or_else(|| unknown_formation("id", id))?;
        let members: Vec<VehicleId> = f.members().collect();
        for m in &members {
            self.member_of.remove(m);
        }
        Ok(members)
    }

    /// One formation.
    #[must_use]
    pub fn get(&self, id: FormationId) -> Option<&FormationManager> {
        self.formations.get(&id)
    }

    /// Mutable access, e.g. to set a target or change the pattern. (Adding
    /// and removing members goes through [`join`](Self::join) and
    /// [`leave`](Self::leave) so the registry stays consistent.)
    pub fn get_mut(&mut self, id: FormationId) -> Option<FormationMut<'_>> {
        self.formations.get_mut(&id).map(FormationMut)
    }

    /// Every formation, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (FormationId, &FormationManager)> {
        self.formations.iter().map(|(&k, v)| (k, v))
    }

    /// How many formations there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.formations.len()
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.formations.is_empty()
    }

    /// The formation a member is in.
    #[must_use]
    pub fn formation_of(&self, member: VehicleId) -> Option<FormationId> {
        self.member_of.get(&member).copied()
    }

    /// Puts `member` into formation `id`: `Ok(false)` when the pattern has no
    /// free slot, `Ok(true)` when it joined or was already in this formation
    /// (it keeps its slot).
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`; [`Reason::AlreadyInFormation`]
    /// about `member` when it is in another formation.
    pub fn join(&mut self, id: FormationId, member: VehicleId) -> Result<bool, Error> {
        if let Some(&other) = self.member_of.get(&member) {
            if other != id {
                return Err(Error::at(
                    "member",
                    Reason::AlreadyInFormation {
                        formation: u64::from(other.0),
                    },
                ));
            }
        }
        let f = self
            .formations
            .get_mut(&id)
            .ok_or_else(|| unknown_formation("id", id))?;
        let joined = f.add_member(member);
        if joined {
            self.member_of.insert(member, id);
        }
        Ok(joined)
    }

    /// Takes `member` out of its formation (the others close ranks). Returns
    /// the formation it left, `None` if it was in none.
    pub fn leave(&mut self, member: VehicleId) -> Option<FormationId> {
        let id = self.member_of.remove(&member)?;
        if let Some(f) = self.formations.get_mut(&id) {
            f.remove_member(member);
        }
        Some(id)
    }

    /// Updates every formation by `dt`, asking `lookup` for each member's
    /// position and velocity. A member that `lookup` no longer knows (a unit
    /// killed, a vehicle removed) leaves its formation.
    pub fn update(&mut self, mut lookup: impl FnMut(VehicleId) -> Option<(Point, Vec2)>, dt: f64) {
        let mut scratch = core::mem::take(&mut self.scratch);
        let mut gone = core::mem::take(&mut self.gone);
        gone.clear();
        for f in self.formations.values_mut() {
            scratch.clear();
            for id in f.members() {
                match lookup(id) {
                    Some((position, velocity)) => scratch.push(MemberState {
                        id,
                        position,
                        velocity,
                    }),
                    None => gone.push(id),
                }
            }
            for &id in gone.iter() {
                f.remove_member(id);
            }
            f.update(&scratch, dt);
        }
        for id in gone.iter() {
            self.member_of.remove(id);
        }
        self.scratch = scratch;
        self.gone = gone;
    }

    /// The members that left during the last [`update`](Self::update)
    /// because `lookup` no longer knew them.
    #[must_use]
    pub fn last_gone(&self) -> &[VehicleId] {
        &self.gone
    }
}

/// Mutable access to one formation that cannot change its membership (the
/// registry keeps track of that).
#[derive(Debug)]
pub struct FormationMut<'a>(&'a mut FormationManager);

impl core::ops::Deref for FormationMut<'_> {
    type Target = FormationManager;
    fn deref(&self) -> &FormationManager {
        self.0
    }
}

impl FormationMut<'_> {
    /// See [`FormationManager::set_target`].
    ///
    /// # Errors
    /// As there.
    pub fn set_target(&mut self, t: super::FormationTarget) -> Result<(), Error> {
        self.0.set_target(t)
    }

    /// See [`FormationManager::clear_target`].
    pub fn clear_target(&mut self) {
        self.0.clear_target()
    }

    /// See [`FormationManager::follow_path`].
    pub fn follow_path(&mut self, path: crate::geom::Path) {
        self.0.follow_path(path)
    }

    /// See [`FormationManager::set_pattern`].
    ///
    /// # Errors
    /// As there.
    pub fn set_pattern(&mut self, p: FormationPattern) -> Result<(), Error> {
        self.0.set_pattern(p)
    }

    /// See [`FormationManager::change_pattern`].
    ///
    /// # Errors
    /// As there.
    pub fn change_pattern(&mut self, change: &super::PatternChange) -> Result<(), Error> {
        self.0.change_pattern(change)
    }

    /// See [`FormationManager::set_strategy`].
    pub fn set_strategy(&mut self, s: AssignmentStrategy) {
        self.0.set_strategy(s)
    }

    /// See [`FormationManager::set_params`].
    ///
    /// # Errors
    /// As there.
    pub fn set_params(&mut self, p: super::FormationParams) -> Result<(), Error> {
        self.0.set_params(p)
    }

    /// See [`FormationManager::set_anchor`].
    ///
    /// # Errors
    /// As there.
    pub fn set_anchor(&mut self, p: crate::geom::Pose) -> Result<(), Error> {
        self.0.set_anchor(p)
    }

    /// See [`FormationManager::update`] (e.g. `dt = 0` to refresh after a join).
    pub fn update(&mut self, states: &[MemberState], dt: f64) {
        self.0.update(states, dt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::PatternKind;

    fn line() -> FormationPattern {
        FormationPattern::new(PatternKind::Line, 1.0).unwrap()
    }

    const V: fn(u32) -> VehicleId = VehicleId;

    #[test]
    fn a_member_is_in_at_most_one_formation() {
        let mut r = Formations::new();
        let a = r.create(line(), AssignmentStrategy::Sequential);
        let b = r.create(line(), AssignmentStrategy::Sequential);
        assert_eq!(r.join(a, V(5)), Ok(true));
        assert_eq!(r.join(a, V(5)), Ok(true));
        assert_eq!(r.get(a).unwrap().len(), 1);
        let e = r.join(b, V(5)).unwrap_err();
        assert_eq!(e.reason(), &Reason::AlreadyInFormation { formation: 1 });
        assert_eq!(
            e.to_string(),
            "member: is already in formation 1 (leave it first)"
        );
        let e = r.join(FormationId(99), V(6)).unwrap_err();
        assert_eq!(e.to_string(), "id: no formation with id 99");
        assert_eq!(r.leave(V(5)), Some(a));
        assert_eq!(r.leave(V(5)), None);
        assert_eq!(r.join(b, V(5)), Ok(true));
        assert_eq!(r.remove(b), Ok(vec![V(5)]));
        assert_eq!(r.formation_of(V(5)), None);
    }

    #[test]
    fn a_full_pattern_refuses() {
        let mut r = Formations::new();
        let a = r.create(
            line().with_capacity(2).unwrap(),
            AssignmentStrategy::Sequential,
        );
        assert_eq!(r.join(a, V(1)), Ok(true));
        assert_eq!(r.join(a, V(2)), Ok(true));
        assert_eq!(r.join(a, V(3)), Ok(false));
        assert_eq!(r.formation_of(V(3)), None);
    }

    #[test]
    fn members_the_world_forgot_leave() {
        let mut r = Formations::new();
        let a = r.create(line(), AssignmentStrategy::Sequential);
        for m in 1..=3 {
            r.join(a, V(m)).unwrap();
        }
        r.update(
            |id| (id != V(2)).then(|| (Point::new(f64::from(id.0), 0.0), Vec2::ZERO)),
            0.1,
        );
        assert_eq!(r.formation_of(V(2)), None);
        assert_eq!(
            r.get(a).unwrap().members().collect::<Vec<_>>(),
            vec![V(1), V(3)]
        );
        assert_eq!(r.get(a).unwrap().slot_of(V(3)), Some(1));
    }
}
