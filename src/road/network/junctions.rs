//! The junctions of a [`RoadNetwork`]: each joins 3 to 6 of its profiles
//! (the arms, at the junction's mouths, heading into it) and is rebuilt
//! when one of them moves. A profile is an arm of at most one junction.

use super::{take_id, NetworkJunction, RoadNetwork};
use crate::error::{Error, Field, Reason};
use crate::road::junction::{MAX_ARMS, MIN_ARMS};
use crate::road::{connect_junction, Junction, JunctionId, Profile, ProfileId};

impl RoadNetwork {
    /// Where junction `id` is in the table.
    fn junction_at(&self, id: JunctionId) -> Option<usize> {
        self.junctions.binary_search_by_key(&id, |j| j.id).ok()
    }

    /// Makes a junction of the profiles `profile_ids` (3 to 6, each at the
    /// junction's mouth heading into it); returns its id. Its arm indices
    /// are the positions in `profile_ids`.
    ///
    /// Arms that make no junction (see [`connect_junction`]: arms facing
    /// the same way, an arm behind another's mouth...) are kept all the
    /// same, the junction holding the reason in its `built` until an arm
    /// moves, and it is listed by
    /// [`problems`](RoadNetwork::problems); only the list of ids is refused
    /// here.
    ///
    /// # Errors
    /// [`Reason::TooFew`] or [`Reason::TooMany`] about `profile_ids`; about
    /// `profile_ids[k]`: [`Reason::UnknownId`] for an unknown profile,
    /// [`Reason::Duplicate`] for one given twice, [`Reason::AlreadyUsed`]
    /// for an arm of another junction; [`Reason::OutOfIds`] about
    /// `profile_ids` once the junction ids up to
    /// [`MAX_ID`](super::MAX_ID) are used.
    ///
    /// # Examples
    /// ```
    /// use arcline::road::{Direction, Lane, LaneKind, Profile, RoadNetwork};
    /// use core::f64::consts::{FRAC_PI_2, PI};
    /// let lanes = vec![
    ///     Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward),
    ///     Lane::new(LaneKind::Driving, 3.5),
    /// ];
    /// let arm = |out: f64| Profile { x: 12.0 * out.cos(), y: 12.0 * out.sin(), heading: out + PI, lanes: lanes.clone() };
    /// let mut net = RoadNetwork::new();
    /// let ids: Vec<_> = [0.0, FRAC_PI_2, PI].iter().map(|&o| net.add_profile(arm(o)).unwrap()).collect();
    /// let j = net.add_junction(&ids).unwrap();
    /// assert_eq!(net.junction(j).unwrap().built.as_ref().unwrap().connections.len(), 6);
    /// // Moving an arm rebuilds the junction.
    /// let rebuilt = net.set_profile(ids[1], arm(FRAC_PI_2 + 0.1)).unwrap();
    /// assert_eq!(rebuilt.junctions, [j]);
    /// ```
    pub fn add_junction(&mut self, profile_ids: &[ProfileId]) -> Result<JunctionId, Error> {
        self.check_arms(profile_ids, "profile_ids")?;
        let id = JunctionId(take_id(&mut self.next_junction, "profile_ids")?);
        self.insert_junction(id, profile_ids.to_vec());
        Ok(id)
    }

    /// The junction with this id.
    #[must_use]
    pub fn junction(&self, id: JunctionId) -> Option<&NetworkJunction> {
        self.junction_at(id).map(|i| &self.junctions[i])
    }

    /// The live junctions, by ascending id.
    pub fn junctions(&self) -> impl Iterator<Item = &NetworkJunction> {
        self.junctions.iter()
    }

    /// Ids of the live junctions, ascending.
    #[must_use]
    pub fn junction_ids(&self) -> Vec<JunctionId> {
        self.junctions.iter().map(|j| j.id).collect()
    }

    /// The junction profile `id` is an arm of.
    #[must_use]
    pub fn junction_of(&self, id: ProfileId) -> Option<JunctionId> {
        self.node_at(id).and_then(|i| self.profiles[i].junction)
    }

    /// Removes a junction (its arms stay, free to join another).
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `junction` for an unknown junction id.
    pub fn remove_junction(&mut self, junction: JunctionId) -> Result<(), Error> {
        let at = self.junction_at(junction).ok_or_else(|| {
            Error::at(
                "junction",
                Reason::UnknownId {
                    what: "junction",
                    id: u64::from(junction.0),
                },
            )
        })?;
        let j = self.junctions.remove(at);
        for p in j.arms {
            if let Some(i) = self.node_at(p) {
                self.profiles[i].junction = None;
            }
        }
        Ok(())
    }

    /// Checks a list of arms; errors about `name` or `name[k]`.
    pub(super) fn check_arms(&self, ids: &[ProfileId], name: &'static str) -> Result<(), Error> {
        let n = ids.len();
        if n < MIN_ARMS {
            return Err(Error::at(
                name,
                Reason::TooFew {
                    min: MIN_ARMS,
                    got: n,
                },
            ));
        }
        if n > MAX_ARMS {
            return Err(Error::at(
                name,
                Reason::TooMany {
                    max: MAX_ARMS,
                    got: n,
                },
            ));
        }
        for (k, &id) in ids.iter().enumerate() {
            let field = || Field::named(name).index(k);
            let Some(i) = self.node_at(id) else {
                return Err(Error::new(
                    field(),
                    Reason::UnknownId {
                        what: "profile",
                        id: u64::from(id.0),
                    },
                ));
            };
            if let Some(first) = ids[..k].iter().position(|&o| o == id) {
                return Err(Error::new(field(), Reason::Duplicate { first }));
            }
            if let Some(j) = self.profiles[i].junction {
                return Err(Error::new(
                    field(),
                    Reason::AlreadyUsed {
                        by: "junction",
                        id: u64::from(j.0),
                    },
                ));
            }
        }
        Ok(())
    }

    /// Adds junction `id` (above every id in the table) on checked arms.
    pub(super) fn insert_junction(&mut self, id: JunctionId, arms: Vec<ProfileId>) {
        let built = self.build_junction(&arms);
        for &p in &arms {
            if let Some(i) = self.node_at(p) {
                self.profiles[i].junction = Some(id);
            }
        }
        self.junctions.push(NetworkJunction { id, arms, built });
    }

    /// Builds junction `id` again from its arms' current profiles.
    pub(super) fn rebuild_junction(&mut self, id: JunctionId) {
        if let Some(at) = self.junction_at(id) {
            let built = self.build_junction(&self.junctions[at].arms);
            self.junctions[at].built = built;
        }
    }

    fn build_junction(&self, arms: &[ProfileId]) -> Result<Junction, Error> {
        let profiles: Vec<Profile> = arms
            .iter()
            .filter_map(|&p| self.profile(p).cloned())
            .collect();
        connect_junction(&profiles)
    }
}
