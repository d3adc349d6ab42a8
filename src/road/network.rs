//! `RoadNetwork`: the road graph. Profiles (cross-sections) are its edges
//! and the physical pieces joining two profiles are its nodes. It keeps
//! which pieces touch which profile, so moving a profile rebuilds only
//! those, and it saves to and loads from a [`NetworkSnapshot`] (pieces are
//! rebuilt on load: the profiles are the source of truth).

use super::connect::{build, check_pair};
use super::name::Name;
use super::{Lane, PieceId, Profile, ProfileId, RoadPiece};
use crate::error::{Error, Field, Reason};

/// A piece of the network: its id, the ids of the profiles it joins, and
/// what was built. As data: `{ id, a, b, piece, error }` (`piece` or
/// `error` null). Errors name the piece's ends `a` and `b`
/// (`b: lanes wider than the turn: ...`).
#[derive(Debug, Clone, PartialEq)]
pub struct NetworkPiece {
    /// The piece's id.
    pub id: PieceId,
    /// The profile it starts at.
    pub a: ProfileId,
    /// The profile it ends at.
    pub b: ProfileId,
    /// The piece, or why the two profiles cannot be joined (until one moves).
    pub built: Result<RoadPiece, Error>,
}

/// Profiles and pieces by id. Ids are never reused while the network lives
/// (and survive a save and load).
///
/// # Examples
/// ```
/// use arcline::road::{Lane, LaneKind, PieceKind, Profile, RoadNetwork};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
/// let mut net = RoadNetwork::new();
/// let a = net.add_profile(Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() }).unwrap();
/// let b = net.add_profile(Profile { x: 30.0, y: 30.0, heading: core::f64::consts::FRAC_PI_2, lanes: lanes.clone() }).unwrap();
/// let p = net.connect(a, b).unwrap();
/// assert_eq!(net.piece(p).unwrap().built.as_ref().unwrap().kind, PieceKind::ArcLine);
/// // Moving b rebuilds the one piece touching it.
/// let moved = Profile { x: 40.0, y: 30.0, heading: core::f64::consts::FRAC_PI_2, lanes };
/// assert_eq!(net.set_profile(b, moved).unwrap(), [p]);
/// assert_eq!(net.piece(p).unwrap().built.as_ref().unwrap().kind, PieceKind::LineArc);
/// // A save and load keeps the ids and rebuilds the pieces.
/// assert_eq!(RoadNetwork::from_snapshot(net.snapshot()).unwrap(), net);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RoadNetwork {
    profiles: Vec<Option<Profile>>,
    pieces: Vec<Option<NetworkPiece>>,
    touching: Vec<Vec<PieceId>>,
}

/// One profile of a [`NetworkSnapshot`], with its id. As data:
/// `{ id, x, y, heading, lanes }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ProfileEntry {
    /// The profile's id.
    pub id: ProfileId,
    /// The x of the middle of the section.
    pub x: f64,
    /// The y of the middle of the section.
    pub y: f64,
    /// The direction of travel.
    pub heading: f64,
    /// The lanes, left to right facing `heading`.
    pub lanes: Vec<Lane>,
}

impl ProfileEntry {
    /// The profile (unchecked).
    #[must_use]
    pub fn into_profile(self) -> Profile {
        Profile {
            x: self.x,
            y: self.y,
            heading: self.heading,
            lanes: self.lanes,
        }
    }
}

/// One piece of a [`NetworkSnapshot`]: which profiles it joins. As data:
/// `{ id, a, b }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PieceEntry {
    /// The piece's id.
    pub id: PieceId,
    /// The profile it starts at.
    pub a: ProfileId,
    /// The profile it ends at.
    pub b: ProfileId,
}

/// What a network saves: its profiles and which pieces join them (the
/// pieces' geometry is rebuilt on load). As data (the network's file
/// format): `{ version: 1, nextProfileId, nextPieceId, profiles: [{ id, x,
/// y, heading, lanes }], pieces: [{ id, a, b }] }`; the next ids may be
/// left out.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct NetworkSnapshot {
    /// The file format's version: 1.
    pub version: u32,
    /// The id the next profile will get (so ids stay unused after a load).
    #[cfg_attr(feature = "serde", serde(default))]
    pub next_profile_id: ProfileId,
    /// The id the next piece will get.
    #[cfg_attr(feature = "serde", serde(default))]
    pub next_piece_id: PieceId,
    /// The live profiles, by ascending id.
    pub profiles: Vec<ProfileEntry>,
    /// The live pieces, by ascending id.
    pub pieces: Vec<PieceEntry>,
}

/// The largest id a snapshot may use (keeps a hostile file from allocating
/// wildly).
pub const MAX_ID: u32 = 1 << 24;

/// The id the next item of a table of `len` gets.
fn next_id(len: usize) -> Result<u32, Error> {
    u32::try_from(len).map_err(|_| Error::new(Field::default(), Reason::OutOfIds))
}

fn unknown_profile(field: &'static str, id: ProfileId) -> Error {
    Error::at(
        field,
        Reason::UnknownId {
            what: "profile",
            id: u64::from(id.0),
        },
    )
}

impl RoadNetwork {
    /// An empty network.
    #[must_use]
    pub fn new() -> RoadNetwork {
        RoadNetwork::default()
    }

    /// Adds a profile; returns its id.
    ///
    /// # Errors
    /// A profile error ([`Profile::validate`]) about `profile`;
    /// [`Reason::OutOfIds`] after 2³² profiles.
    pub fn add_profile(&mut self, profile: Profile) -> Result<ProfileId, Error> {
        profile
            .validate()
            .map_err(|e| Name::Arg("profile").wrap(e))?;
        let id = ProfileId(next_id(self.profiles.len())?);
        self.profiles.push(Some(profile));
        self.touching.push(Vec::new());
        Ok(id)
    }

    /// The profile with this id.
    #[must_use]
    pub fn profile(&self, id: ProfileId) -> Option<&Profile> {
        self.profiles.get(id.index()).and_then(Option::as_ref)
    }

    /// Ids of the live profiles, ascending.
    #[must_use]
    pub fn profile_ids(&self) -> Vec<ProfileId> {
        let live = self.profiles.iter().map(Option::is_some);
        (0u32..)
            .zip(live)
            .filter(|p| p.1)
            .map(|p| ProfileId(p.0))
            .collect()
    }

    /// The piece with this id.
    #[must_use]
    pub fn piece(&self, id: PieceId) -> Option<&NetworkPiece> {
        self.pieces.get(id.index()).and_then(Option::as_ref)
    }

    /// The live pieces, by ascending id.
    pub fn pieces(&self) -> impl Iterator<Item = &NetworkPiece> {
        self.pieces.iter().flatten()
    }

    /// Ids of the live pieces, ascending.
    #[must_use]
    pub fn piece_ids(&self) -> Vec<PieceId> {
        self.pieces().map(|p| p.id).collect()
    }

    /// Ids of the pieces touching profile `id`.
    #[must_use]
    pub fn pieces_of(&self, id: ProfileId) -> &[PieceId] {
        self.touching.get(id.index()).map_or(&[], Vec::as_slice)
    }

    /// The piece from profile `a` to profile `b` (both there); errors name
    /// the piece's ends `a` and `b`.
    fn build_piece(&self, a: ProfileId, b: ProfileId) -> Result<RoadPiece, Error> {
        let (Some(pa), Some(pb)) = (self.profile(a), self.profile(b)) else {
            return Err(unknown_profile("a", a));
        };
        let (an, bn) = (Name::Arg("a"), Name::Arg("b"));
        check_pair(pa, an, pb, bn)?;
        build(pa, pb, bn).map(|(p, _)| p)
    }

    /// Joins profile `a` to profile `b` with a new piece; returns its id. The
    /// piece may hold an error (lanes differ, no solution) until a profile moves.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `a` or `b` for an unknown profile id;
    /// [`Reason::OutOfIds`] after 2³² pieces.
    pub fn connect(&mut self, a: ProfileId, b: ProfileId) -> Result<PieceId, Error> {
        for (id, field) in [(a, "a"), (b, "b")] {
            if self.profile(id).is_none() {
                return Err(unknown_profile(field, id));
            }
        }
        let id = PieceId(next_id(self.pieces.len())?);
        let built = self.build_piece(a, b);
        self.pieces.push(Some(NetworkPiece { id, a, b, built }));
        for p in [a, b] {
            if let Some(t) = self.touching.get_mut(p.index()) {
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
    /// [`Reason::UnknownId`] about `piece` for an unknown piece id.
    pub fn disconnect(&mut self, piece: PieceId) -> Result<(), Error> {
        let p = self
            .pieces
            .get_mut(piece.index())
            .and_then(Option::take)
            .ok_or_else(|| {
                Error::at(
                    "piece",
                    Reason::UnknownId {
                        what: "piece",
                        id: u64::from(piece.0),
                    },
                )
            })?;
        for id in [p.a, p.b] {
            if let Some(t) = self.touching.get_mut(id.index()) {
                t.retain(|&k| k != piece);
            }
        }
        Ok(())
    }

    /// Replaces profile `id` (moved, turned, re-laned) and rebuilds only the
    /// pieces touching it; returns their ids.
    ///
    /// # Errors
    /// A profile error about `profile`, or [`Reason::UnknownId`] about `id`.
    pub fn set_profile(&mut self, id: ProfileId, profile: Profile) -> Result<Vec<PieceId>, Error> {
        profile
            .validate()
            .map_err(|e| Name::Arg("profile").wrap(e))?;
        let slot = self
            .profiles
            .get_mut(id.index())
            .filter(|p| p.is_some())
            .ok_or_else(|| unknown_profile("id", id))?;
        *slot = Some(profile);
        let touched = self.pieces_of(id).to_vec();
        for &k in &touched {
            let Some((a, b)) = self.piece(k).map(|p| (p.a, p.b)) else {
                continue;
            };
            let built = self.build_piece(a, b);
            if let Some(Some(p)) = self.pieces.get_mut(k.index()) {
                p.built = built;
            }
        }
        Ok(touched)
    }

    /// Removes a profile and the pieces touching it; returns the removed piece ids.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`.
    pub fn remove_profile(&mut self, id: ProfileId) -> Result<Vec<PieceId>, Error> {
        if self.profile(id).is_none() {
            return Err(unknown_profile("id", id));
        }
        let touched = self.pieces_of(id).to_vec();
        for &k in &touched {
            self.disconnect(k)?;
        }
        if let Some(slot) = self.profiles.get_mut(id.index()) {
            *slot = None;
        }
        Ok(touched)
    }

    /// What the network saves (see [`NetworkSnapshot`] for the format).
    /// Pieces are not stored: they are rebuilt on load.
    #[must_use]
    pub fn snapshot(&self) -> NetworkSnapshot {
        let profiles = (0u32..)
            .zip(&self.profiles)
            .filter_map(|(id, p)| {
                p.as_ref().map(|p| ProfileEntry {
                    id: ProfileId(id),
                    x: p.x,
                    y: p.y,
                    heading: p.heading,
                    lanes: p.lanes.clone(),
                })
            })
            .collect();
        NetworkSnapshot {
            version: 1,
            next_profile_id: ProfileId(self.profiles.len() as u32),
            next_piece_id: PieceId(self.pieces.len() as u32),
            profiles,
            pieces: self
                .pieces()
                .map(|p| PieceEntry {
                    id: p.id,
                    a: p.a,
                    b: p.b,
                })
                .collect(),
        }
    }

    /// A network from a [`NetworkSnapshot`] (what [`RoadNetwork::snapshot`]
    /// gives), ids kept, pieces rebuilt. Fields in errors are the
    /// snapshot's (`profiles[2].lanes`, `pieces[0].a`).
    ///
    /// # Errors
    /// [`Reason::UnsupportedVersion`] about `version` for a version other
    /// than 1; a profile error about `profiles[i]`; [`Reason::TooLarge`]
    /// for an id (or a next id) beyond [`MAX_ID`]; [`Reason::Duplicate`]
    /// for an id used twice; [`Reason::UnknownId`] about `pieces[i].a` (or
    /// `.b`) for a piece naming a profile that is not in the file.
    pub fn from_snapshot(file: NetworkSnapshot) -> Result<RoadNetwork, Error> {
        if file.version != 1 {
            return Err(Error::at(
                "version",
                Reason::UnsupportedVersion { supported: 1 },
            ));
        }
        let too_large = Reason::TooLarge {
            limit: f64::from(MAX_ID),
        };
        let at =
            |list: &'static str, i: usize, key: &'static str| Field::named(list).index(i).key(key);
        let mut net = RoadNetwork::new();
        for (i, entry) in file.profiles.into_iter().enumerate() {
            let id = entry.id;
            let profile = entry.into_profile();
            profile
                .validate()
                .map_err(|e| Name::Item("profiles", i).wrap(e))?;
            if id.0 > MAX_ID {
                return Err(Error::new(at("profiles", i, "id"), too_large.clone()));
            }
            if net.profiles.len() <= id.index() {
                net.profiles.resize_with(id.index() + 1, || None);
                net.touching.resize_with(id.index() + 1, Vec::new);
            }
            let slot = &mut net.profiles[id.index()];
            if slot.is_some() {
                return Err(Error::new(at("profiles", i, "id"), Reason::Duplicate));
            }
            *slot = Some(profile);
        }
        for (i, entry) in file.pieces.into_iter().enumerate() {
            if entry.id.0 > MAX_ID {
                return Err(Error::new(at("pieces", i, "id"), too_large.clone()));
            }
            for (id, end) in [(entry.a, "a"), (entry.b, "b")] {
                if net.profile(id).is_none() {
                    return Err(Error::new(
                        at("pieces", i, end),
                        Reason::UnknownId {
                            what: "profile",
                            id: u64::from(id.0),
                        },
                    ));
                }
            }
            let k = entry.id.index();
            if net.pieces.len() <= k {
                net.pieces.resize_with(k + 1, || None);
            }
            if net.pieces[k].is_some() {
                return Err(Error::new(at("pieces", i, "id"), Reason::Duplicate));
            }
            let built = net.build_piece(entry.a, entry.b);
            net.pieces[k] = Some(NetworkPiece {
                id: entry.id,
                a: entry.a,
                b: entry.b,
                built,
            });
            for p in [entry.a, entry.b] {
                if let Some(t) = net.touching.get_mut(p.index()) {
                    if !t.contains(&entry.id) {
                        t.push(entry.id);
                    }
                }
            }
        }
        for (next, field) in [
            (file.next_profile_id.0, "next_profile_id"),
            (file.next_piece_id.0, "next_piece_id"),
        ] {
            if next > MAX_ID {
                return Err(Error::at(field, too_large.clone()));
            }
        }
        let (next_profile, next_piece) = (file.next_profile_id.index(), file.next_piece_id.index());
        if net.profiles.len() < next_profile {
            net.profiles.resize_with(next_profile, || None);
            net.touching.resize_with(next_profile, Vec::new);
        }
        if net.pieces.len() < next_piece {
            net.pieces.resize_with(next_piece, || None);
        }
        Ok(net)
    }
}
