//! Bindings of `arcline::road`: `connectProfiles`, `constrainProfile`,
//! `connectJunction` (the published API), and the helpers the road and
//! junction diagrams and tutorials need: `roadConstruction`,
//! `bezierOffsets`, `roadMarkings`, `roadChain`, `profileEdges`,
//! `advanceProfile`, `constrainArm` and the `RoadNetwork` class (profiles
//! by id, pieces and junctions rebuilt when a profile moves, JSON
//! save/load, OpenDRIVE). Every shape is the core's serde description;
//! every error the core's, worded by `crate::error`.

use crate::error::{from_core, from_core_in, message};
use crate::from_js::{arg, finite, optional, whole};
use crate::shape;
use crate::to_js::to_js;
use arcline::road::markings::RoadMarkings;
use arcline::road::shape::ChainPieceShape;
use arcline::road::{
    self, ConnectOptions, JunctionId, JunctionOptions, NetworkJunction, NetworkPiece,
    NetworkSnapshot, PieceId, Profile, ProfileId, RoadChain, RoadNetwork,
};
use arcline::{Error, Reason};
use wasm_bindgen::prelude::*;

/// A profile argument: its shape read, then checked by the core (errors
/// name the argument: `a.lanes[1].width: must be greater than zero`).
fn profile_arg(value: impl Into<JsValue>, name: &str) -> Result<Profile, JsError> {
    let p: Profile = arg(value, name)?;
    p.validate().map_err(|e| from_core_in(name, e))?;
    Ok(p)
}

/// `connectProfiles(a, b, options?)`: the road piece from profile `a` to
/// profile `b` (`straight`, `arc-line`, `line-arc`, `s-curve` or
/// `u-turn`); with `options.transition`, every turn clothoid–arc–clothoid
/// and the lane edges arcs within `options.tolerance` (default 1e-3) of
/// the exact offsets. Throws an `Error` naming the argument for bad
/// profiles, different lanes, lanes wider than the turn, a pair no
/// construction joins, or a transition too long for the turn
/// (`options.transition`, with the longest that fits).
#[wasm_bindgen(js_name = connectProfiles)]
pub fn connect_profiles(
    a: shape::Profile,
    b: shape::Profile,
    options: Option<shape::ConnectOptions>,
) -> Result<shape::RoadPiece, JsError> {
    let (a, b) = (profile_arg(a, "a")?, profile_arg(b, "b")?);
    let options = connect_options(options)?;
    to_js(&road::connect_profiles_with(&a, &b, &options).map_err(in_options)?)
}

/// The options of `connectProfiles` and `RoadNetwork.connect` (defaults
/// when absent).
fn connect_options(options: Option<shape::ConnectOptions>) -> Result<ConnectOptions, JsError> {
    let options = options.map_or(JsValue::UNDEFINED, JsValue::from);
    Ok(optional::<ConnectOptions>(options, "options")?.unwrap_or_default())
}

/// The core's error, a problem of `transition` or `tolerance` named as the
/// caller wrote it (`options.transition`).
fn in_options(e: arcline::Error) -> JsError {
    let own = matches!(
        e.field().steps().first(),
        Some(&arcline::Step::Name("transition" | "tolerance"))
    );
    if own {
        from_core_in("options", e)
    } else {
        from_core(e)
    }
}

/// `constrainProfile(source, next)`: the half-plane rule. `next` unchanged
/// when on or in front of `source`'s cross-section line; otherwise `next`
/// with `heading = source.heading + π`.
#[wasm_bindgen(js_name = constrainProfile)]
pub fn constrain_profile(
    source: shape::Profile,
    next: shape::Profile,
) -> Result<shape::Profile, JsError> {
    let (s, n) = (profile_arg(source, "source")?, profile_arg(next, "next")?);
    to_js(&road::constrain_profile(&s, &n).map_err(from_core)?)
}

/// `profileEdges(profile)`: the `lanes.length + 1` lane edge points of a
/// profile, left to right (its cross-section line, for drawing).
#[wasm_bindgen(js_name = profileEdges)]
pub fn profile_edges(profile: shape::Profile) -> Result<shape::PointList, JsError> {
    to_js(&profile_arg(profile, "profile")?.edge_points())
}

/// `roadConstruction(a, b)`: how `a` and `b` are (or could not be) joined,
/// for drawing: the continuation lines, each fillet's `C`, `M`, `O`, the
/// U-turn's semicircle, the intermediate profile and the Hermite spline
/// (sampled at 65 points, s-curves only). Throws only for bad profiles or
/// different lanes; a pair that cannot be joined has `kind: null` and its
/// `error`.
#[wasm_bindgen(js_name = roadConstruction)]
pub fn road_construction(
    a: shape::Profile,
    b: shape::Profile,
) -> Result<shape::RoadConstruction, JsError> {
    let (a, b) = (profile_arg(a, "a")?, profile_arg(b, "b")?);
    to_js(&road::road_construction(&a, &b, 64).map_err(from_core)?)
}

/// `bezierOffsets(a, b)`: the comparison that shows why roads are lines and
/// arcs: a cubic Bézier between the middles (handles `1.5·|AB|/3`) and its
/// lane-edge offsets, sampled at 97 points, and whether they pinch.
#[wasm_bindgen(js_name = bezierOffsets)]
pub fn bezier_offsets(
    a: shape::Profile,
    b: shape::Profile,
) -> Result<shape::BezierOffsets, JsError> {
    let (a, b) = (profile_arg(a, "a")?, profile_arg(b, "b")?);
    to_js(&road::bezier_offsets(&a, &b, 96).map_err(from_core)?)
}

/// `roadMarkings(a, b)`: the piece with its filled lane areas and the
/// markings of its lane edges. Throws as `connectProfiles`.
#[wasm_bindgen(js_name = roadMarkings)]
pub fn road_markings(
    a: shape::Profile,
    b: shape::Profile,
    options: Option<shape::ConnectOptions>,
) -> Result<shape::RoadMarkings, JsError> {
    let (a, b) = (profile_arg(a, "a")?, profile_arg(b, "b")?);
    let options = connect_options(options)?;
    to_js(&road::markings::road_markings_with(&a, &b, &options).map_err(in_options)?)
}

/// `roadChain(profiles)`: a road through a list of profiles, one entry per
/// consecutive pair: `{ piece, error }`, one of them null. Throws for a bad
/// profile (naming `profiles[i]`).
#[wasm_bindgen(js_name = roadChain)]
pub fn road_chain(profiles: shape::ProfileList) -> Result<shape::ChainPieceList, JsError> {
    let list: Vec<Profile> = arg(profiles, "profiles")?;
    let chain = RoadChain::new(list).map_err(from_core)?;
    let out: Vec<ChainPieceShape> = chain.pieces().iter().map(ChainPieceShape::from).collect();
    to_js(&out)
}

/// Junction options: the defaults when `undefined` or `null`.
fn options_arg(value: impl Into<JsValue>) -> Result<JunctionOptions, JsError> {
    Ok(optional::<JunctionOptions>(value, "options")?.unwrap_or_default())
}

/// `connectJunction(arms, options?)`: the junction of 3 to 6 arms, each a
/// profile at the junction's mouth heading into it: `{ arms, order,
/// connections, corners, boundary, kerbs, carriageway }`. Throws an
/// `Error` naming the arm (`arms[2]: ...`) or its lane
/// (`arms[2].lanes[1]: ...`) when they make no junction.
#[wasm_bindgen(js_name = connectJunction)]
pub fn connect_junction(
    arms: shape::ProfileList,
    options: Option<shape::JunctionOptions>,
) -> Result<shape::Junction, JsError> {
    let arms: Vec<Profile> = arg(arms, "arms")?;
    let options = options_arg(options.map_or(JsValue::UNDEFINED, JsValue::from))?;
    to_js(&road::connect_junction_with(&arms, &options).map_err(from_core)?)
}

/// `constrainArm(arms, index, arm, options?)`: the junction's half-plane
/// rule for a dragged arm: `arm` when the junction builds with it in place
/// of `arms[index]`, else the placement nearest to it on the way from
/// `arms[index]` that still builds. Throws when not even `arms[index]`
/// builds (the proposal's error), or for bad arguments.
#[wasm_bindgen(js_name = constrainArm)]
pub fn constrain_arm(
    arms: shape::ProfileList,
    index: shape::Number,
    arm: shape::Profile,
    options: Option<shape::JunctionOptions>,
) -> Result<shape::Profile, JsError> {
    let arms: Vec<Profile> = arg(arms, "arms")?;
    let index = whole(&index, "index")?;
    let arm = profile_arg(arm, "arm")?;
    let options = options_arg(options.map_or(JsValue::UNDEFINED, JsValue::from))?;
    let placed = road::constrain_arm(&arms, index as usize, &arm, &options).map_err(from_core)?;
    to_js(&placed)
}

/// `advanceProfile(profile, distance)`: the same lanes `distance` further
/// along the profile's heading (behind it for a negative distance): where
/// a straight road of that length to the profile starts.
#[wasm_bindgen(js_name = advanceProfile)]
pub fn advance_profile(
    profile: shape::Profile,
    distance: shape::Number,
) -> Result<shape::Profile, JsError> {
    let p = profile_arg(profile, "profile")?;
    let d = finite(&distance, "distance")?;
    to_js(&p.advanced(d).map_err(from_core)?)
}

/// A road network: profiles (the graph's edges) and the pieces and
/// junctions joining them (its nodes), by id. Moving a profile rebuilds
/// only the pieces touching it and the junction it is an arm of.
#[wasm_bindgen(js_name = RoadNetwork)]
pub struct RoadNetworkJs {
    inner: RoadNetwork,
}

/// An id argument: a whole number from 0 to 2³² − 1 (strings, booleans,
/// null and the like are refused, not coerced).
fn id_arg(value: &JsValue, name: &str) -> Result<u32, JsError> {
    whole(value, name)
}

/// `{field}: no {what} with id {id}`.
#[cold]
fn unknown(field: &'static str, what: &'static str, id: u32) -> JsError {
    from_core(Error::at(
        field,
        Reason::UnknownId {
            what,
            id: u64::from(id),
        },
    ))
}

#[wasm_bindgen(js_class = RoadNetwork)]
impl RoadNetworkJs {
    /// An empty network.
    #[wasm_bindgen(constructor)]
    pub fn new() -> RoadNetworkJs {
        RoadNetworkJs {
            inner: RoadNetwork::new(),
        }
    }

    /// Adds a profile; returns its id.
    #[wasm_bindgen(js_name = addProfile)]
    pub fn add_profile(&mut self, profile: shape::Profile) -> Result<u32, JsError> {
        let p = profile_arg(profile, "profile")?;
        Ok(self.inner.add_profile(p).map_err(from_core)?.0)
    }

    /// Replaces (moves, turns, re-lanes) a profile; returns the ids of the
    /// pieces rebuilt (only those touching it; the junction it is an arm of,
    /// `junctionOf(id)`, is rebuilt too).
    #[wasm_bindgen(js_name = setProfile)]
    pub fn set_profile(
        &mut self,
        id: shape::Number,
        profile: shape::Profile,
    ) -> Result<Vec<u32>, JsError> {
        let id = id_arg(&id, "id")?;
        let p = profile_arg(profile, "profile")?;
        let rebuilt = self
            .inner
            .set_profile(ProfileId(id), p)
            .map_err(from_core)?;
        Ok(rebuilt.pieces.into_iter().map(|k| k.0).collect())
    }

    /// Removes a profile and its pieces; returns the removed piece ids.
    #[wasm_bindgen(js_name = removeProfile)]
    pub fn remove_profile(&mut self, id: shape::Number) -> Result<Vec<u32>, JsError> {
        let id = id_arg(&id, "id")?;
        let removed = self
            .inner
            .remove_profile(ProfileId(id))
            .map_err(from_core)?;
        Ok(removed.into_iter().map(|k| k.0).collect())
    }

    /// The profile with this id.
    pub fn profile(&self, id: shape::Number) -> Result<shape::Profile, JsError> {
        let id = id_arg(&id, "id")?;
        let p = self
            .inner
            .profile(ProfileId(id))
            .ok_or_else(|| unknown("id", "profile", id))?;
        to_js(p)
    }

    /// Ids of the profiles, ascending.
    #[wasm_bindgen(js_name = profileIds)]
    pub fn profile_ids(&self) -> Vec<u32> {
        self.inner.profile_ids().into_iter().map(|k| k.0).collect()
    }

    /// Joins profile `a` to profile `b`; returns the piece id (the piece may
    /// hold an error until a profile moves). `options.transition`: the
    /// length of the clothoids in its turns, kept as the profiles move.
    pub fn connect(
        &mut self,
        a: shape::Number,
        b: shape::Number,
        options: Option<shape::ConnectOptions>,
    ) -> Result<u32, JsError> {
        let (a, b) = (id_arg(&a, "a")?, id_arg(&b, "b")?);
        let options = connect_options(options)?;
        let k = self
            .inner
            .connect_with(ProfileId(a), ProfileId(b), &options)
            .map_err(in_options)?;
        Ok(k.0)
    }

    /// Removes a piece.
    pub fn disconnect(&mut self, piece: shape::Number) -> Result<(), JsError> {
        let k = id_arg(&piece, "piece")?;
        self.inner.disconnect(PieceId(k)).map_err(from_core)
    }

    fn network_piece(&self, id: &JsValue) -> Result<&NetworkPiece, JsError> {
        let k = id_arg(id, "id")?;
        self.inner
            .piece(PieceId(k))
            .ok_or_else(|| unknown("id", "piece", k))
    }

    /// The piece with this id: `{ id, a, b, piece, error }`, `piece` or
    /// `error` null.
    pub fn piece(&self, id: shape::Number) -> Result<shape::NetworkPiece, JsError> {
        to_js(self.network_piece(&id)?)
    }

    /// Every piece, as `piece(id)` gives it, by ascending id.
    pub fn pieces(&self) -> Result<shape::NetworkPieceList, JsError> {
        let out: Vec<&NetworkPiece> = self.inner.pieces().collect();
        to_js(&out)
    }

    /// The lane areas and markings of a piece (as `roadMarkings`); throws
    /// when the piece could not be built, saying why.
    pub fn markings(&self, id: shape::Number) -> Result<shape::RoadMarkings, JsError> {
        let p = self.network_piece(&id)?;
        let piece = p
            .built
            .as_ref()
            .map_err(|e| message("id", "", &format!("piece {} has no road ({e})", p.id)))?;
        let a = self
            .inner
            .profile(p.a)
            .ok_or_else(|| unknown("id", "profile", p.a.0))?;
        to_js(&RoadMarkings::of(piece.clone(), a))
    }

    /// Makes a junction of 3 to 6 profiles (each at the junction's mouth,
    /// heading into it); returns its id. The junction may hold an error
    /// (see `junction`) until an arm moves; its arm indices are the
    /// positions in `profileIds`.
    #[wasm_bindgen(js_name = addJunction)]
    pub fn add_junction(
        &mut self,
        #[wasm_bindgen(js_name = "profileIds")] profile_ids: shape::NumberList,
    ) -> Result<u32, JsError> {
        let ids: Vec<ProfileId> = arg(profile_ids, "profileIds")?;
        Ok(self.inner.add_junction(&ids).map_err(from_core)?.0)
    }

    fn network_junction(&self, id: &JsValue) -> Result<&NetworkJunction, JsError> {
        let k = id_arg(id, "id")?;
        self.inner
            .junction(JunctionId(k))
            .ok_or_else(|| unknown("id", "junction", k))
    }

    /// The junction with this id; throws when its arms make no junction,
    /// saying why.
    pub fn junction(&self, id: shape::Number) -> Result<shape::Junction, JsError> {
        let j = self.network_junction(&id)?;
        let built = j
            .built
            .as_ref()
            .map_err(|e| message("id", "", &format!("junction {} has no layout ({e})", j.id)))?;
        to_js(built)
    }

    /// The id of the junction a profile is an arm of, or null.
    #[wasm_bindgen(js_name = junctionOf)]
    pub fn junction_of(&self, id: shape::Number) -> Result<shape::NumberOrNull, JsError> {
        let id = id_arg(&id, "id")?;
        if self.inner.profile(ProfileId(id)).is_none() {
            return Err(unknown("id", "profile", id));
        }
        to_js(&self.inner.junction_of(ProfileId(id)).map(|j| j.0))
    }

    /// Removes a junction (its arms stay).
    #[wasm_bindgen(js_name = removeJunction)]
    pub fn remove_junction(&mut self, junction: shape::Number) -> Result<(), JsError> {
        let k = id_arg(&junction, "junction")?;
        self.inner.remove_junction(JunctionId(k)).map_err(from_core)
    }

    /// The network as OpenDRIVE 1.8 XML: one road per built piece (its
    /// centreline exactly, as line and arc records; constant-width lanes),
    /// road links, and each built junction as connecting roads with
    /// `<connection>` and `<laneLink>` elements. Pieces and junctions that
    /// are not built (their `error`), and junction movements whose arms
    /// have no road, are not in the file: `openDriveOmissions()` lists them.
    #[wasm_bindgen(js_name = toOpenDrive)]
    pub fn to_open_drive(&self) -> String {
        self.inner.to_open_drive().xml
    }

    /// `openDriveOmissions()`: what `toOpenDrive()` leaves out, in words,
    /// one entry each (a piece or junction that is not built, a junction
    /// movement whose arm has no road); empty when the file holds every
    /// piece and every movement of every junction.
    #[wasm_bindgen(js_name = openDriveOmissions)]
    pub fn open_drive_omissions(&self) -> Vec<String> {
        self.inner
            .to_open_drive()
            .left_out
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The network as a JSON string (profiles, which pieces join them,
    /// which are the arms of junctions).
    /// The text is written by JS's own `JSON` (no JSON code in the module).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<String, JsError> {
        let value = to_js(&self.inner.snapshot())?;
        js_sys::JSON::stringify(&value)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("internal: could not write the network"))
    }

    /// A network from `toJSON`'s string; ids kept, pieces and junctions rebuilt.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(json: shape::Text) -> Result<RoadNetworkJs, JsError> {
        // A `&str` parameter would let wasm-bindgen's glue copy a non-string
        // (a number, an object) as a string of undefined length: a trap.
        let json = json
            .as_string()
            .ok_or_else(|| message("json", "", "must be a string"))?;
        let value =
            js_sys::JSON::parse(&json).map_err(|_| message("json", "", "is not valid JSON"))?;
        let snapshot: NetworkSnapshot = arg(value, "json")?;
        let inner = RoadNetwork::from_snapshot(snapshot).map_err(|e| from_core_in("json", e))?;
        Ok(RoadNetworkJs { inner })
    }
}

impl Default for RoadNetworkJs {
    fn default() -> Self {
        RoadNetworkJs::new()
    }
}
