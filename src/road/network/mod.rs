//! `RoadNetwork`: the road graph. Profiles (cross-sections) are its edges
//! and the physical pieces and junctions joining them are its nodes. It
//! keeps which pieces and which junction touch which profile, so moving a
//! profile rebuilds only those, and it saves to and loads from a
//! [`NetworkSnapshot`] (pieces and junctions are rebuilt on load: the
//! profiles are the source of truth). [`RoadNetwork::to_open_drive`]
//! writes it as OpenDRIVE.
//!
//! A piece or a junction that cannot be built is kept with the reason in
//! its `built`, and listed by [`RoadNetwork::problems`] (see [`Problem`]).

mod junctions;
mod problems;

pub use problems::Problem;

use super::connect::{build_with, check_pair, ConnectOptions};
use super::name::Name;
use super::{Junction, JunctionId, Lane, PieceId, Profile, ProfileId, RoadPiece};
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
    /// The length of its transition curves (0: the seed's arcs).
    pub transition: f64,
}

/// A junction of the network: its id, the ids of its arms (in the order
/// the junction's arm indices refer to), and what was built. As data: `{
/// id, arms, junction, error }` (`junction` or `error` null). Errors name
/// the arms by their index (`arms[2]: ...`).
#[derive(Debug, Clone, PartialEq)]
pub struct NetworkJunction {
    /// The junction's id.
    pub id: JunctionId,
    /// Its arms' profile ids.
    pub arms: Vec<ProfileId>,
    /// The junction, or why its arms cannot form one (until one moves).
    pub built: Result<Junction, Error>,
}

/// One junction of a [`NetworkSnapshot`]: which
/// profiles are its arms. As data: `{ id, arms }`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct JunctionEntry {
    /// The junction's id.
    pub id: JunctionId,
    /// Its arms' profile ids.
    pub arms: Vec<ProfileId>,
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
/// assert_eq!(net.set_profile(b, moved).unwrap().pieces, [p]);
/// assert_eq!(net.piece(p).unwrap().built.as_ref().unwrap().kind, PieceKind::LineArc);
/// // A save and load keeps the ids and rebuilds the pieces.
/// assert_eq!(RoadNetwork::from_snapshot(net.snapshot()).unwrap(), net);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RoadNetwork {
    /// The live profiles by ascending id (found by binary search; only the
    /// live ones are stored, so a file with an id of 2^24 holds one entry,
    /// not a table that long), each with the pieces touching it.
    profiles: Vec<Node>,
    /// The live pieces by ascending id.
    pieces: Vec<NetworkPiece>,
    /// The live junctions by ascending id.
    junctions: Vec<NetworkJunction>,
    /// The ids the next profile, piece and junction get.
    next_profile: u32,
    next_piece: u32,
    next_junction: u32,
}

/// A profile of the network, the pieces touching it and the junction it is
/// an arm of.
#[derive(Debug, Clone, PartialEq)]
struct Node {
    id: ProfileId,
    profile: Profile,
    touching: Vec<PieceId>,
    junction: Option<JunctionId>,
}

/// What moving a profile rebuilt: the pieces touching it and the junction
/// it is an arm of.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rebuilt {
    /// The pieces rebuilt, as listed for the profile.
    pub pieces: Vec<PieceId>,
    /// The junction rebuilt (none, or the one the profile is an arm of).
    pub junctions: Vec<JunctionId>,
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
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PieceEntry {
    /// The piece's id.
    pub id: PieceId,
    /// The profile it starts at.
    pub a: ProfileId,
    /// The profile it ends at.
    pub b: ProfileId,
    /// The length of its transition curves; left out when 0 (the seed's
    /// arcs), so files without transitions read and write as before.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "no_transition")
    )]
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub transition: f64,
}

/// Whether a piece has no transition curves (what its entry leaves out).
#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn no_transition(t: &f64) -> bool {
    *t == 0.0
}

/// What a network saves: its profiles, which pieces join them and which
/// are the arms of junctions (the geometry is rebuilt on load). As data
/// (the network's file format): `{ version, nextProfileId, nextPieceId,
/// nextJunctionId, profiles: [{ id, x, y, heading, lanes }], pieces: [{ id,
/// a, b }], junctions: [{ id, arms }] }`; the next ids and `junctions` may
/// be left out. A network without junctions is written as version 1
/// (without `nextJunctionId` and `junctions`, as before junctions
/// existed), one with them as version 2, so a build that predates
/// junctions refuses the file rather than losing them.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct NetworkSnapshot {
    /// The file format's version: 1 (no junctions) or 2.
    pub version: u32,
    /// The id the next profile will get (so ids stay unused after a load).
    #[cfg_attr(feature = "serde", serde(default))]
    pub next_profile_id: ProfileId,
    /// The id the next piece will get.
    #[cfg_attr(feature = "serde", serde(default))]
    pub next_piece_id: PieceId,
    /// The live profiles, by ascending id (a file with them in another
    /// order is refused).
    pub profiles: Vec<ProfileEntry>,
    /// The live pieces, by ascending id.
    pub pieces: Vec<PieceEntry>,
    /// The id the next junction will get.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "JunctionId::is_zero")
    )]
    pub next_junction_id: JunctionId,
    /// The live junctions, by ascending id.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub junctions: Vec<JunctionEntry>,
}

/// The newest file format [`RoadNetwork::from_snapshot`] reads.
pub const SNAPSHOT_VERSION: u32 = 2;

/// The largest id of a profile, a piece or a junction (in a network and in
/// a snapshot: everything a network saves loads again).
pub const MAX_ID: u32 = 1 << 24;

/// `*next`, which is then counted on; [`Reason::OutOfIds`] about `field`
/// (the argument that asked for an id) once every id up to [`MAX_ID`] has
/// been given.
fn take_id(next: &mut u32, field: &'static str) -> Result<u32, Error> {
    let id = *next;
    if id > MAX_ID {
        return Err(Error::at(field, Reason::OutOfIds));
    }
    *next = id + 1;
    Ok(id)
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

    /// Where profile `id` is in the table.
    fn node_at(&self, id: ProfileId) -> Option<usize> {
        self.profiles.binary_search_by_key(&id, |n| n.id).ok()
    }

    /// Where piece `id` is in the table.
    fn piece_at(&self, id: PieceId) -> Option<usize> {
        self.pieces.binary_search_by_key(&id, |p| p.id).ok()
    }

    /// Adds a profile; returns its id.
    ///
    /// # Errors
    /// A profile error ([`Profile::validate`]) about `profile`;
    /// [`Reason::OutOfIds`] about `profile` once the ids up to [`MAX_ID`]
    /// are used.
    pub fn add_profile(&mut self, profile: Profile) -> Result<ProfileId, Error> {
        profile
            .validate()
            .map_err(|e| Name::Arg("profile").wrap(e))?;
        let id = ProfileId(take_id(&mut self.next_profile, "profile")?);
        // Ids only grow: the table stays sorted.
        self.profiles.push(Node {
            id,
            profile,
            touching: Vec::new(),
            junction: None,
        });
        Ok(id)
    }

    /// The profile with this id.
    #[must_use]
    pub fn profile(&self, id: ProfileId) -> Option<&Profile> {
        self.node_at(id).map(|i| &self.profiles[i].profile)
    }

    /// Ids of the live profiles, ascending.
    #[must_use]
    pub fn profile_ids(&self) -> Vec<ProfileId> {
        self.profiles.iter().map(|n| n.id).collect()
    }

    /// The piece with this id.
    #[must_use]
    pub fn piece(&self, id: PieceId) -> Option<&NetworkPiece> {
        self.piece_at(id).map(|i| &self.pieces[i])
    }

    /// The live pieces, by ascending id.
    pub fn pieces(&self) -> impl Iterator<Item = &NetworkPiece> {
        self.pieces.iter()
    }

    /// Ids of the live pieces, ascending.
    #[must_use]
    pub fn piece_ids(&self) -> Vec<PieceId> {
        self.pieces.iter().map(|p| p.id).collect()
    }

    /// Ids of the pieces touching profile `id`.
    #[must_use]
    pub fn pieces_of(&self, id: ProfileId) -> &[PieceId] {
        self.node_at(id)
            .map_or(&[], |i| self.profiles[i].touching.as_slice())
    }

    /// The piece from profile `a` to profile `b` (both there); errors name
    /// the piece's ends `a` and `b`.
    fn build_piece(&self, a: ProfileId, b: ProfileId, transition: f64) -> Result<RoadPiece, Error> {
        let (Some(pa), Some(pb)) = (self.profile(a), self.profile(b)) else {
            return Err(unknown_profile("a", a));
        };
        let (an, bn) = (Name::Arg("a"), Name::Arg("b"));
        check_pair(pa, an, pb, bn)?;
        let options = ConnectOptions {
            transition,
            ..ConnectOptions::default()
        };
        build_with(pa, pb, bn, &options).map(|(p, _)| p)
    }

    /// Records piece `id` as touching its two profiles.
    fn attach(&mut self, id: PieceId, a: ProfileId, b: ProfileId) {
        for p in [a, b] {
            if let Some(i) = self.node_at(p) {
                let t = &mut self.profiles[i].touching;
                if !t.contains(&id) {
                    t.push(id);
                }
            }
        }
    }

    /// Joins profile `a` to profile `b` with a new piece; returns its id.
    ///
    /// A piece that cannot be built (lanes differ, no road joins the two
    /// poses, `a` equal to `b`) is kept all the same, holding the reason in
    /// its `built` until a profile moves, and is listed by
    /// [`problems`](RoadNetwork::problems); only ids are refused here.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `a` or `b` for an unknown profile id;
    /// [`Reason::OutOfIds`] (about `a`) once the piece ids up to
    /// [`MAX_ID`] are used.
    pub fn connect(&mut self, a: ProfileId, b: ProfileId) -> Result<PieceId, Error> {
        self.connect_with(a, b, &ConnectOptions::default())
    }

    /// [`RoadNetwork::connect`] with transition curves `options.transition`
    /// long in every turn of the piece, kept when a profile moves (and in
    /// the saved file). The lane edges are within `options.tolerance` of
    /// the exact offsets only as the default 1e-3 (a network keeps no
    /// tolerance of its own).
    ///
    /// # Errors
    /// As [`RoadNetwork::connect`], and as [`ConnectOptions::check`]
    /// about `transition` (a transition too long for the turn is the
    /// piece's error, like any other, until a profile moves).
    pub fn connect_with(
        &mut self,
        a: ProfileId,
        b: ProfileId,
        options: &ConnectOptions,
    ) -> Result<PieceId, Error> {
        options.check()?;
        for (id, field) in [(a, "a"), (b, "b")] {
            if self.profile(id).is_none() {
                return Err(unknown_profile(field, id));
            }
        }
        let id = PieceId(take_id(&mut self.next_piece, "a")?);
        let transition = options.transition;
        let built = self.build_piece(a, b, transition);
        self.pieces.push(NetworkPiece {
            id,
            a,
            b,
            built,
            transition,
        });
        self.attach(id, a, b);
        Ok(id)
    }

    /// Removes a piece.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `piece` for an unknown piece id.
    pub fn disconnect(&mut self, piece: PieceId) -> Result<(), Error> {
        let at = self.piece_at(piece).ok_or_else(|| {
            Error::at(
                "piece",
                Reason::UnknownId {
                    what: "piece",
                    id: u64::from(piece.0),
                },
            )
        })?;
        let p = self.pieces.remove(at);
        for id in [p.a, p.b] {
            if let Some(i) = self.node_at(id) {
                self.profiles[i].touching.retain(|&k| k != piece);
            }
        }
        Ok(())
    }

    /// Replaces profile `id` (moved, turned, re-laned) and rebuilds only the
    /// pieces touching it and the junction it is an arm of; returns their ids.
    ///
    /// # Errors
    /// A profile error about `profile`, or [`Reason::UnknownId`] about `id`.
    pub fn set_profile(&mut self, id: ProfileId, profile: Profile) -> Result<Rebuilt, Error> {
        profile
            .validate()
            .map_err(|e| Name::Arg("profile").wrap(e))?;
        let i = self.node_at(id).ok_or_else(|| unknown_profile("id", id))?;
        let node = &mut self.profiles[i];
        node.profile = profile;
        let touched = node.touching.clone();
        let junction = node.junction;
        for &k in &touched {
            let Some(at) = self.piece_at(k) else {
                continue;
            };
            let (a, b) = (self.pieces[at].a, self.pieces[at].b);
            self.pieces[at].built = self.build_piece(a, b, self.pieces[at].transition);
        }
        if let Some(j) = junction {
            self.rebuild_junction(j);
        }
        Ok(Rebuilt {
            pieces: touched,
            junctions: junction.into_iter().collect(),
        })
    }

    /// Removes a profile, the pieces touching it and the junction it is an
    /// arm of; returns the removed piece ids.
    ///
    /// # Errors
    /// [`Reason::UnknownId`] about `id`.
    pub fn remove_profile(&mut self, id: ProfileId) -> Result<Vec<PieceId>, Error> {
        let i = self.node_at(id).ok_or_else(|| unknown_profile("id", id))?;
        let touched = self.profiles[i].touching.clone();
        for &k in &touched {
            self.disconnect(k)?;
        }
        if let Some(j) = self.profiles[i].junction {
            self.remove_junction(j)?;
        }
        self.profiles.remove(i);
        Ok(touched)
    }

    /// What the network saves (see [`NetworkSnapshot`] for the format).
    /// Pieces and junctions are not stored: they are rebuilt on load.
    #[must_use]
    pub fn snapshot(&self) -> NetworkSnapshot {
        let junctions: Vec<JunctionEntry> = self
            .junctions
            .iter()
            .map(|j| JunctionEntry {
                id: j.id,
                arms: j.arms.clone(),
            })
            .collect();
        let version = if junctions.is_empty() && self.next_junction == 0 {
            1
        } else {
            SNAPSHOT_VERSION
        };
        NetworkSnapshot {
            version,
            next_junction_id: JunctionId(self.next_junction),
            junctions,
            next_profile_id: ProfileId(self.next_profile),
            next_piece_id: PieceId(self.next_piece),
            profiles: self
                .profiles
                .iter()
                .map(|n| ProfileEntry {
                    id: n.id,
                    x: n.profile.x,
                    y: n.profile.y,
                    heading: n.profile.heading,
                    lanes: n.profile.lanes.clone(),
                })
                .collect(),
            pieces: self
                .pieces()
                .map(|p| PieceEntry {
                    id: p.id,
                    a: p.a,
                    b: p.b,
                    transition: p.transition,
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
    /// than 1 and 2; a profile error about `profiles[i]`; [`Reason::TooLarge`]
    /// for an id beyond [`MAX_ID`] (or a next id beyond `MAX_ID + 1`);
    /// [`Reason::NotAscending`] about `profiles[i].id` (or `pieces[i].id`)
    /// for ids out of order or used twice; [`Reason::UnknownId`] about
    /// `pieces[i].a` (or `.b`) for a piece naming a profile that is not in
    /// the file; for a junction, the errors of [`RoadNetwork::add_junction`]
    /// about `junctions[i].arms[k]` (or `junctions[i].arms`) and
    /// [`Reason::NotAscending`] about `junctions[i].id`.
    pub fn from_snapshot(file: NetworkSnapshot) -> Result<RoadNetwork, Error> {
        if !(1..=SNAPSHOT_VERSION).contains(&file.version) {
            return Err(Error::at(
                "version",
                Reason::UnsupportedVersion {
                    supported: SNAPSHOT_VERSION,
                },
            ));
        }
        let too_large = Reason::TooLarge {
            limit: f64::from(MAX_ID),
        };
        let at =
            |list: &'static str, i: usize, key: &'static str| Field::named(list).index(i).key(key);
        let mut net = RoadNetwork::new();
        let not_ascending = |list, i| Error::new(at(list, i, "id"), Reason::NotAscending);
        for (i, entry) in file.profiles.into_iter().enumerate() {
            let id = entry.id;
            let profile = entry.into_profile();
            profile
                .validate()
                .map_err(|e| Name::Item("profiles", i).wrap(e))?;
            if id.0 > MAX_ID {
                return Err(Error::new(at("profiles", i, "id"), too_large.clone()));
            }
            if id.0 < net.next_profile {
                return Err(not_ascending("profiles", i));
            }
            // Ascending: the table stays sorted.
            net.profiles.push(Node {
                id,
                profile,
                touching: Vec::new(),
                junction: None,
            });
            net.next_profile = id.0 + 1;
        }
        for (i, entry) in file.pieces.into_iter().enumerate() {
            if entry.id.0 > MAX_ID {
                return Err(Error::new(at("pieces", i, "id"), too_large.clone()));
            }
            if entry.id.0 < net.next_piece {
                return Err(not_ascending("pieces", i));
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
            let options = ConnectOptions {
                transition: entry.transition,
                ..ConnectOptions::default()
            };
            options
                .check()
                .map_err(|e| Error::new(at("pieces", i, "transition"), e.reason().clone()))?;
            let built = net.build_piece(entry.a, entry.b, entry.transition);
            net.pieces.push(NetworkPiece {
                id: entry.id,
                a: entry.a,
                b: entry.b,
                built,
                transition: entry.transition,
            });
            net.attach(entry.id, entry.a, entry.b);
            net.next_piece = entry.id.0 + 1;
        }
        for (i, entry) in file.junctions.into_iter().enumerate() {
            if entry.id.0 > MAX_ID {
                return Err(Error::new(at("junctions", i, "id"), too_large.clone()));
            }
            if entry.id.0 < net.next_junction {
                return Err(not_ascending("junctions", i));
            }
            net.check_arms(&entry.arms, "arms")
                .map_err(|e| e.within_index(i).within("junctions"))?;
            net.insert_junction(entry.id, entry.arms);
            net.next_junction = entry.id.0 + 1;
        }
        for (next, field) in [
            (file.next_profile_id.0, "next_profile_id"),
            (file.next_piece_id.0, "next_piece_id"),
            (file.next_junction_id.0, "next_junction_id"),
        ] {
            if next > MAX_ID + 1 {
                return Err(Error::at(
                    field,
                    Reason::TooLarge {
                        limit: f64::from(MAX_ID + 1),
                    },
                ));
            }
        }
        net.next_profile = net.next_profile.max(file.next_profile_id.0);
        net.next_piece = net.next_piece.max(file.next_piece_id.0);
        net.next_junction = net.next_junction.max(file.next_junction_id.0);
        Ok(net)
    }
}
