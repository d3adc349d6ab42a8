//! `RoadNetwork`: the road graph of the seed. Profiles (cross-sections) are
//! its edges and the physical pieces joining two profiles are its nodes. It
//! keeps which pieces touch which profile, so moving a profile rebuilds only
//! those, and it saves to and loads from JSON (pieces are rebuilt on load:
//! the profiles are the source of truth).

use super::connect::{build, check_pair};
use super::{Profile, RoadError, RoadPiece};

/// A piece of the network: the ids of the profiles it joins and what was built.
#[derive(Debug, Clone, PartialEq)]
pub struct NetworkPiece {
    pub a: usize,
    pub b: usize,
    pub built: Result<RoadPiece, RoadError>,
}

/// Profiles and pieces by id. Ids are never reused while the network lives
/// (and survive a JSON round trip).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RoadNetwork {
    profiles: Vec<Option<Profile>>,
    pieces: Vec<Option<NetworkPiece>>,
    touching: Vec<Vec<usize>>,
}

/// One profile of a [`NetworkSnapshot`], with its id.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ProfileEntry {
    pub id: usize,
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub profile: Profile,
}

/// One piece of a [`NetworkSnapshot`]: which profiles it joins.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceEntry {
    pub id: usize,
    pub a: usize,
    pub b: usize,
}

/// What a network saves: its profiles and which pieces join them (the
/// pieces' geometry is rebuilt on load). Serialises to the JSON format of
/// [`RoadNetwork::snapshot`]; the wasm bindings hand it to JS's own `JSON`.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NetworkSnapshot {
    pub version: u32,
    /// The ids the next profile and piece will get (so ids stay unused after a load).
    #[cfg_attr(feature = "serde", serde(default, rename = "nextProfileId"))]
    pub next_profile_id: usize,
    #[cfg_attr(feature = "serde", serde(default, rename = "nextPieceId"))]
    pub next_piece_id: usize,
    pub profiles: Vec<ProfileEntry>,
    pub pieces: Vec<PieceEntry>,
}

/// The largest id a file may use (keeps a hostile file from allocating wildly).
pub const MAX_ID: usize = 1 << 24;

fn pname(id: usize) -> String {
    format!("profile {id}")
}

impl RoadNetwork {
    pub fn new() -> RoadNetwork {
        RoadNetwork::default()
    }

    /// Adds a profile; returns its id.
    ///
    /// # Errors
    /// A profile error ([`Profile::validate`]) naming `profile`.
    pub fn add_profile(&mut self, profile: Profile) -> Result<usize, RoadError> {
        profile.validate("profile")?;
        self.profiles.push(Some(profile));
        self.touching.push(Vec::new());
        Ok(self.profiles.len() - 1)
    }

    /// The profile with this id.
    pub fn profile(&self, id: usize) -> Option<&Profile> {
        self.profiles.get(id).and_then(Option::as_ref)
    }

    /// Ids of the live profiles, ascending.
    pub fn profile_ids(&self) -> Vec<usize> {
        (0..self.profiles.len())
            .filter(|&i| self.profile(i).is_some())
            .collect()
    }

    /// The piece with this id.
    pub fn piece(&self, id: usize) -> Option<&NetworkPiece> {
        self.pieces.get(id).and_then(Option::as_ref)
    }

    /// Ids of the live pieces, ascending.
    pub fn piece_ids(&self) -> Vec<usize> {
        (0..self.pieces.len())
            .filter(|&i| self.piece(i).is_some())
            .collect()
    }

    /// Ids of the pieces touching profile `id`.
    pub fn pieces_of(&self, id: usize) -> &[usize] {
        self.touching.get(id).map_or(&[], Vec::as_slice)
    }

    fn build_piece(&self, a: usize, b: usize) -> Result<RoadPiece, RoadError> {
        let (Some(pa), Some(pb)) = (self.profile(a), self.profile(b)) else {
            return Err(RoadError::UnknownId {
                what: "profile",
                id: a,
            });
        };
        let (an, bn) = (pname(a), pname(b));
        check_pair(pa, &an, pb, &bn)?;
        build(pa, pb, &bn).map(|(p, _)| p)
    }

    /// Joins profile `a` to profile `b` with a new piece; returns its id. The
    /// piece may hold an error (lanes differ, no solution) until a profile moves.
    ///
    /// # Errors
    /// [`RoadError::UnknownId`] for an unknown profile id.
    pub fn connect(&mut self, a: usize, b: usize) -> Result<usize, RoadError> {
        for id in [a, b] {
            if self.profile(id).is_none() {
                return Err(RoadError::UnknownId {
                    what: "profile",
                    id,
                });
            }
        }
        let built = self.build_piece(a, b);
        let id = self.pieces.len();
        self.pieces.push(Some(NetworkPiece { a, b, built }));
        for p in [a, b] {
            if let Some(t) = self.touching.get_mut(p) {
                if !t.contains(&id) {
                    t.push(id);
                }
            }
        }
        Ok(id)
    }

    /// Removes a piece.
    ///
    /// # Errors
    /// [`RoadError::UnknownId`] for an unknown piece id.
    pub fn disconnect(&mut self, piece: usize) -> Result<(), RoadError> {
        let p = self
            .pieces
            .get_mut(piece)
            .and_then(Option::take)
            .ok_or(RoadError::UnknownId {
                what: "piece",
                id: piece,
            })?;
        for id in [p.a, p.b] {
            if let Some(t) = self.touching.get_mut(id) {
                t.retain(|&k| k != piece);
            }
        }
        Ok(())
    }

    /// Replaces profile `id` (moved, turned, re-laned) and rebuilds only the
    /// pieces touching it; returns their ids.
    ///
    /// # Errors
    /// [`RoadError::UnknownId`], or a profile error naming `profile`.
    pub fn set_profile(&mut self, id: usize, profile: Profile) -> Result<Vec<usize>, RoadError> {
        profile.validate("profile")?;
        let slot =
            self.profiles
                .get_mut(id)
                .filter(|p| p.is_some())
                .ok_or(RoadError::UnknownId {
                    what: "profile",
                    id,
                })?;
        *slot = Some(profile);
        let touched = self.pieces_of(id).to_vec();
        for &k in &touched {
            let Some((a, b)) = self.piece(k).map(|p| (p.a, p.b)) else {
                continue;
            };
            let built = self.build_piece(a, b);
            if let Some(Some(p)) = self.pieces.get_mut(k) {
                p.built = built;
            }
        }
        Ok(touched)
    }

    /// Removes a profile and the pieces touching it; returns the removed piece ids.
    ///
    /// # Errors
    /// [`RoadError::UnknownId`].
    pub fn remove_profile(&mut self, id: usize) -> Result<Vec<usize>, RoadError> {
        if self.profile(id).is_none() {
            return Err(RoadError::UnknownId {
                what: "profile",
                id,
            });
        }
        let touched = self.pieces_of(id).to_vec();
        for &k in &touched {
            self.disconnect(k)?;
        }
        if let Some(slot) = self.profiles.get_mut(id) {
            *slot = None;
        }
        Ok(touched)
    }

    /// What the network saves: `{ version: 1, nextProfileId, nextPieceId,
    /// profiles: [{ id, x, y, heading, lanes }], pieces: [{ id, a, b }] }` with
    /// the `serde` feature. Pieces are not stored: they are rebuilt on load.
    pub fn snapshot(&self) -> NetworkSnapshot {
        NetworkSnapshot {
            version: 1,
            next_profile_id: self.profiles.len(),
            next_piece_id: self.pieces.len(),
            profiles: self
                .profile_ids()
                .into_iter()
                .filter_map(|id| {
                    self.profile(id).map(|p| ProfileEntry {
                        id,
                        profile: p.clone(),
                    })
                })
                .collect(),
            pieces: self
                .piece_ids()
                .into_iter()
                .filter_map(|id| self.piece(id).map(|p| PieceEntry { id, a: p.a, b: p.b }))
                .collect(),
        }
    }

    /// A network from a [`NetworkSnapshot`] (what [`RoadNetwork::snapshot`] gives), ids kept, pieces rebuilt.
    ///
    /// # Errors
    /// [`RoadError::BadJson`] for a bad version, duplicate or too large ids,
    /// or a piece naming a missing profile; profile errors naming `profiles[i]`.
    pub fn from_snapshot(file: NetworkSnapshot) -> Result<RoadNetwork, RoadError> {
        if file.version != 1 {
            return Err(RoadError::BadJson(format!(
                "unsupported version {}",
                file.version
            )));
        }
        let mut net = RoadNetwork::new();
        for (i, entry) in file.profiles.into_iter().enumerate() {
            entry.profile.validate(&format!("profiles[{i}]"))?;
            if entry.id > MAX_ID {
                return Err(RoadError::BadJson(format!(
                    "profile id {} is too large",
                    entry.id
                )));
            }
            if net.profiles.len() <= entry.id {
                net.profiles.resize_with(entry.id + 1, || None);
                net.touching.resize_with(entry.id + 1, Vec::new);
            }
            let slot = &mut net.profiles[entry.id];
            if slot.is_some() {
                return Err(RoadError::BadJson(format!(
                    "profile id {} appears twice",
                    entry.id
                )));
            }
            *slot = Some(entry.profile);
        }
        for entry in file.pieces {
            if entry.id > MAX_ID {
                return Err(RoadError::BadJson(format!(
                    "piece id {} is too large",
                    entry.id
                )));
            }
            for id in [entry.a, entry.b] {
                if net.profile(id).is_none() {
                    return Err(RoadError::BadJson(format!(
                        "piece {} names profile {id}, which is not in the file",
                        entry.id
                    )));
                }
            }
            if net.pieces.len() <= entry.id {
                net.pieces.resize_with(entry.id + 1, || None);
            }
            if net.pieces[entry.id].is_some() {
                return Err(RoadError::BadJson(format!(
                    "piece id {} appears twice",
                    entry.id
                )));
            }
            let built = net.build_piece(entry.a, entry.b);
            net.pieces[entry.id] = Some(NetworkPiece {
                a: entry.a,
                b: entry.b,
                built,
            });
            for p in [entry.a, entry.b] {
                if let Some(t) = net.touching.get_mut(p) {
                    if !t.contains(&entry.id) {
                        t.push(entry.id);
                    }
                }
            }
        }
        if file.next_profile_id > MAX_ID || file.next_piece_id > MAX_ID {
            return Err(RoadError::BadJson(String::from("next ids are too large")));
        }
        if net.profiles.len() < file.next_profile_id {
            net.profiles.resize_with(file.next_profile_id, || None);
            net.touching.resize_with(file.next_profile_id, Vec::new);
        }
        if net.pieces.len() < file.next_piece_id {
            net.pieces.resize_with(file.next_piece_id, || None);
        }
        Ok(net)
    }
}
