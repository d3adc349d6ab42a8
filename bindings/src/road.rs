//! Bindings for `src/road`: `connectProfiles`, `constrainProfile` (the
//! published API), and the helpers the road diagram and tutorials need:
//! `roadConstruction`, `bezierOffsets`, `roadMarkings`, `roadChain` and the
//! `RoadNetwork` class (profiles by id, pieces rebuilt when a profile moves,
//! JSON save/load).

use super::convert;
use super::legacy_to_js::{Obj, ToJs};
use arcline::road::{self, markings::MarkingStyle};
use arcline::road::{
    BezierOffsets, Construction, FilletPoints, Lane, LaneArea, Marking, NetworkPiece,
    NetworkSnapshot,
};
use arcline::{Profile, RoadError, RoadPiece};
use wasm_bindgen::prelude::*;

fn road_error(e: RoadError) -> JsError {
    convert::message_error(&e)
}

/// A profile read from JS and checked (finite numbers, lanes non-empty, widths > 0).
fn profile(value: JsValue, arg: &str) -> Result<Profile, JsError> {
    if value.is_undefined() || value.is_null() {
        return Err(convert::arg_error(arg, "is missing"));
    }
    let p = read::profile(&value, arg)?;
    p.validate(arg).map_err(road_error)?;
    Ok(p)
}

/// Hand-written readers for the road shapes (profiles, lanes, the network
/// JSON). They accept what serde's derived `Deserialize` accepted through
/// `serde-wasm-bindgen` and word their errors like it (`{arg}: missing field
/// `lanes``, `{arg}: unknown variant `car`, ...`), without its code: the
/// generic deserialiser and its float-printing error messages were a large
/// part of the wasm module.
mod read {
    use super::convert::{self, arg_error, get};
    use arcline::road::{Direction, Lane, LaneKind, NetworkSnapshot, PieceEntry, ProfileEntry};
    use arcline::Profile;
    use core::fmt::{self, Display};
    use wasm_bindgen::prelude::*;

    /// What a JS value is, in serde's words (no float printing).
    struct Unexpected<'a>(&'a JsValue);

    impl Display for Unexpected<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let v = self.0;
            if v.is_undefined() || v.is_null() {
                f.write_str("unit value")
            } else if let Some(b) = v.as_bool() {
                write!(f, "boolean `{b}`")
            } else if let Some(n) = v.as_f64() {
                if js_sys::Number::is_safe_integer(v) {
                    write!(f, "floating point `{}.0`", n as i64)
                } else {
                    f.write_str("floating point number")
                }
            } else if let Some(s) = v.as_string() {
                write!(f, "string \"{s}\"")
            } else if js_sys::Array::is_array(v) {
                f.write_str("sequence")
            } else {
                f.write_str("map")
            }
        }
    }

    /// `"{arg}: Error: {why}"`, as serde-wasm-bindgen's errors read.
    #[inline(never)]
    fn de_error(arg: &str, why: &dyn Display) -> JsError {
        convert::error(&arg, &format_args!("Error: {why}"))
    }

    #[inline(never)]
    fn invalid(arg: &str, v: &JsValue, expected: &str) -> JsError {
        de_error(
            arg,
            &format_args!("invalid type: {}, expected {expected}", Unexpected(v)),
        )
    }

    #[inline(never)]
    fn missing(arg: &str, key: &str) -> JsError {
        de_error(arg, &format_args!("missing field `{key}`"))
    }

    /// `obj[key]`, `None` when the key is absent (a key present with the
    /// value `undefined` is not absent, as for serde-wasm-bindgen).
    fn field(o: &JsValue, key: &str) -> Option<JsValue> {
        let v = get(o, key);
        if v.is_undefined() && !js_sys::Reflect::has(o, &JsValue::from_str(key)).unwrap_or(false) {
            None
        } else {
            Some(v)
        }
    }

    fn object<'a>(v: &'a JsValue, arg: &str, what: &str) -> Result<&'a JsValue, JsError> {
        if v.is_object() {
            Ok(v)
        } else {
            Err(invalid(arg, v, what))
        }
    }

    fn number(o: &JsValue, key: &str, arg: &str) -> Result<f64, JsError> {
        let v = field(o, key).ok_or_else(|| missing(arg, key))?;
        v.as_f64().ok_or_else(|| invalid(arg, &v, "f64"))
    }

    /// A whole number in `[0, max]` (a JS safe integer), as serde reads
    /// `usize`/`u32` (`default` gives the value of a missing field).
    fn whole(
        o: &JsValue,
        key: &str,
        arg: &str,
        name: &str,
        max: u64,
        default: Option<usize>,
    ) -> Result<usize, JsError> {
        let Some(v) = field(o, key) else {
            return default.ok_or_else(|| missing(arg, key));
        };
        match v.as_f64() {
            Some(n) if js_sys::Number::is_safe_integer(&v) && n >= 0.0 => {
                let n = n as u64;
                if n <= max {
                    Ok(n as usize)
                } else {
                    Err(de_error(
                        arg,
                        &format_args!("invalid value: integer `{n}`, expected {name}"),
                    ))
                }
            }
            _ => Err(invalid(arg, &v, name)),
        }
    }

    /// The items of a JS array (or other iterable object).
    fn sequence(v: &JsValue, arg: &str) -> Result<Vec<JsValue>, JsError> {
        if js_sys::Array::is_array(v) {
            return Ok(js_sys::Array::from(v).iter().collect());
        }
        if v.is_object() {
            if let Ok(Some(it)) = js_sys::try_iter(v) {
                let mut out = Vec::new();
                for item in it {
                    out.push(item.map_err(|_| arg_error(arg, "could not iterate"))?);
                }
                return Ok(out);
            }
        }
        Err(invalid(arg, v, "a sequence"))
    }

    const KINDS: [LaneKind; 6] = [
        LaneKind::Driving,
        LaneKind::Bike,
        LaneKind::Sidewalk,
        LaneKind::Median,
        LaneKind::Shoulder,
        LaneKind::Parking,
    ];

    fn lane_kind(v: &JsValue, arg: &str) -> Result<LaneKind, JsError> {
        let Some(s) = v.as_string() else {
            return Err(invalid(arg, v, "enum LaneKind"));
        };
        KINDS.into_iter().find(|k| k.name() == s).ok_or_else(|| {
            de_error(
                arg,
                &format_args!(
                    "unknown variant `{s}`, expected one of `driving`, `bike`, `sidewalk`, \
                     `median`, `shoulder`, `parking`"
                ),
            )
        })
    }

    fn direction(v: Option<JsValue>, arg: &str) -> Result<Direction, JsError> {
        let Some(v) = v else {
            return Ok(Direction::Forward);
        };
        match v.as_string().as_deref() {
            Some("forward") => Ok(Direction::Forward),
            Some("backward") => Ok(Direction::Backward),
            Some(s) => Err(de_error(
                arg,
                &format_args!("unknown variant `{s}`, expected `forward` or `backward`"),
            )),
            None => Err(invalid(arg, &v, "enum Direction")),
        }
    }

    fn lane(v: &JsValue, arg: &str) -> Result<Lane, JsError> {
        let o = object(v, arg, "struct Lane")?;
        let kind = field(o, "kind").ok_or_else(|| missing(arg, "kind"))?;
        let kind = lane_kind(&kind, arg)?;
        let width = number(o, "width", arg)?;
        let direction = direction(field(o, "direction"), arg)?;
        Ok(Lane::new(kind, width).with_direction(direction))
    }

    fn fields(o: &JsValue, arg: &str) -> Result<Profile, JsError> {
        let x = number(o, "x", arg)?;
        let y = number(o, "y", arg)?;
        let heading = number(o, "heading", arg)?;
        let lanes = field(o, "lanes").ok_or_else(|| missing(arg, "lanes"))?;
        let items = sequence(&lanes, arg)?;
        let mut lanes = Vec::with_capacity(items.len());
        for l in &items {
            lanes.push(lane(l, arg)?);
        }
        Ok(Profile {
            x,
            y,
            heading,
            lanes,
        })
    }

    /// A profile `{ x, y, heading, lanes: [{ kind, width, direction? }] }`
    /// (numbers not yet checked: [`Profile::validate`] does that).
    pub fn profile(v: &JsValue, arg: &str) -> Result<Profile, JsError> {
        fields(object(v, arg, "struct Profile")?, arg)
    }

    /// A list of profiles (errors name `arg`, as serde's did).
    pub fn profiles(v: &JsValue, arg: &str) -> Result<Vec<Profile>, JsError> {
        if v.is_undefined() || v.is_null() {
            return Err(arg_error(arg, "is missing"));
        }
        let items = sequence(v, arg)?;
        let mut out = Vec::with_capacity(items.len());
        for p in &items {
            out.push(profile(p, arg)?);
        }
        Ok(out)
    }

    const U32: u64 = u32::MAX as u64;
    const USIZE: u64 = usize::MAX as u64;

    /// The network file: `{ version, nextProfileId?, nextPieceId?, profiles:
    /// [{ id, ...profile }], pieces: [{ id, a, b }] }`.
    pub fn snapshot(v: &JsValue, arg: &str) -> Result<NetworkSnapshot, JsError> {
        if v.is_undefined() || v.is_null() {
            return Err(arg_error(arg, "is missing"));
        }
        let o = object(v, arg, "struct NetworkSnapshot")?;
        let version = whole(o, "version", arg, "u32", U32, None)? as u32;
        let next_profile_id = whole(o, "nextProfileId", arg, "usize", USIZE, Some(0))?;
        let next_piece_id = whole(o, "nextPieceId", arg, "usize", USIZE, Some(0))?;
        let list = field(o, "profiles").ok_or_else(|| missing(arg, "profiles"))?;
        let items = sequence(&list, arg)?;
        let mut profiles = Vec::with_capacity(items.len());
        for e in &items {
            let e = object(e, arg, "struct ProfileEntry")?;
            profiles.push(ProfileEntry {
                id: whole(e, "id", arg, "usize", USIZE, None)?,
                profile: fields(e, arg)?,
            });
        }
        let list = field(o, "pieces").ok_or_else(|| missing(arg, "pieces"))?;
        let items = sequence(&list, arg)?;
        let mut pieces = Vec::with_capacity(items.len());
        for e in &items {
            let e = object(e, arg, "struct PieceEntry")?;
            pieces.push(PieceEntry {
                id: whole(e, "id", arg, "usize", USIZE, None)?,
                a: whole(e, "a", arg, "usize", USIZE, None)?,
                b: whole(e, "b", arg, "usize", USIZE, None)?,
            });
        }
        Ok(NetworkSnapshot {
            version,
            next_profile_id,
            next_piece_id,
            profiles,
            pieces,
        })
    }
}

/// An id: a JS number that is a whole number in `[0, 2^32)` (strings,
/// booleans, null and the like are rejected, not coerced).
fn id(value: &JsValue, arg: &str) -> Result<usize, JsError> {
    let v = convert::any_number(value, &convert::Name::Arg(arg), true)?;
    if v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v < 4_294_967_296.0 {
        Ok(v as usize)
    } else {
        Err(convert::arg_error(arg, "must be a whole number >= 0"))
    }
}

/// A road piece as JS sees it: `{ kind, centerline, boundaries, intermediate }`.
struct PieceJs<'a>(&'a RoadPiece);

/// `connectProfiles(a, b)`: the road piece from profile `a` to profile `b`
/// (`straight`, `arc-line`, `line-arc`, `s-curve` or `u-turn`). Throws an
/// `Error` naming the argument for bad profiles, different lanes, lanes
/// wider than the turn, or a pair no construction joins.
#[wasm_bindgen(js_name = connectProfiles)]
pub fn connect_profiles(a: JsValue, b: JsValue) -> Result<JsValue, JsError> {
    let (a, b) = (profile(a, "a")?, profile(b, "b")?);
    let piece = road::connect_profiles(&a, &b).map_err(road_error)?;
    convert::to_js(&PieceJs(&piece))
}

/// `constrainProfile(source, next)`: the half-plane rule. `next` unchanged
/// when on or in front of `source`'s cross-section line; otherwise `next`
/// with `heading = source.heading + π`.
#[wasm_bindgen(js_name = constrainProfile)]
pub fn constrain_profile(source: JsValue, next: JsValue) -> Result<JsValue, JsError> {
    let (s, n) = (profile(source, "source")?, profile(next, "next")?);
    let out = road::constrain_profile(&s, &n).map_err(road_error)?;
    convert::to_js(&out)
}

/// `profileEdges(profile)`: the `lanes.length + 1` lane edge points of a
/// profile, left to right (its cross-section line, for drawing).
#[wasm_bindgen(js_name = profileEdges)]
pub fn profile_edges(profile: JsValue) -> Result<JsValue, JsError> {
    let p = self::profile(profile, "profile")?;
    convert::to_js(&p.edge_points())
}

/// `roadConstruction(a, b)`: how `a` and `b` are (or could not be) joined,
/// for drawing the seed's figures: `{ kind, error, continuation: [a's line,
/// b's line] ({start, end}), fillets: [{ a, b, c, m, o, radius, kind }],
/// semicircle: { center, radius } | null, intermediate: Profile | null,
/// hermite: Point[] (the spline sampled at 65 points, s-curves only),
/// tangentScale }`. Throws only for bad profiles or different lanes.
#[wasm_bindgen(js_name = roadConstruction)]
pub fn road_construction(a: JsValue, b: JsValue) -> Result<JsValue, JsError> {
    let (a, b) = (profile(a, "a")?, profile(b, "b")?);
    let c = road::road_construction(&a, &b, 64).map_err(road_error)?;
    convert::to_js(&c)
}

/// `bezierOffsets(a, b)`: the comparison the seed argues against, a cubic
/// Bézier between the middles (handles `1.5·|AB|/3`) and its lane-edge
/// offsets, sampled at 97 points: `{ control, centerline, edges, pinched }`.
#[wasm_bindgen(js_name = bezierOffsets)]
pub fn bezier_offsets(a: JsValue, b: JsValue) -> Result<JsValue, JsError> {
    let (a, b) = (profile(a, "a")?, profile(b, "b")?);
    a.check_same_lanes("a", &b, "b").map_err(road_error)?;
    convert::to_js(&road::bezier_offsets(&a, &b, 96))
}

struct SurfaceJs<'a> {
    piece: &'a RoadPiece,
    lanes: Vec<LaneArea>,
    markings: Vec<Marking>,
}

fn surface<'a>(piece: &'a RoadPiece, a: &Profile) -> SurfaceJs<'a> {
    SurfaceJs {
        piece,
        lanes: road::lane_areas(piece, a),
        markings: road::markings(piece, &a.lanes),
    }
}

/// `roadMarkings(a, b)`: the piece with its filled lane areas and markings:
/// `{ piece, lanes: [{ lane, kind, direction, outline: Path }], markings:
/// [{ edge, style: "solid"|"dashed"|"double"|"kerb", paths: Path[], width,
/// dash: [dash, gap] | null }] }`. Throws as `connectProfiles`.
#[wasm_bindgen(js_name = roadMarkings)]
pub fn road_markings(a: JsValue, b: JsValue) -> Result<JsValue, JsError> {
    let (a, b) = (profile(a, "a")?, profile(b, "b")?);
    let piece = road::connect_profiles(&a, &b).map_err(road_error)?;
    convert::to_js(&surface(&piece, &a))
}

/// A piece or why it could not be built: `{ piece, error }`, one of them null.
struct ChainPieceJs<'a>(&'a Result<RoadPiece, RoadError>);

/// `roadChain(profiles)`: a road through a list of profiles, one entry per
/// consecutive pair: `{ piece: RoadPiece | null, error: string | null }`.
/// Throws for a bad profile (naming `profiles[i]`).
#[wasm_bindgen(js_name = roadChain)]
pub fn road_chain(profiles: JsValue) -> Result<JsValue, JsError> {
    let list = read::profiles(&profiles, "profiles")?;
    let chain = road::RoadChain::new(list).map_err(road_error)?;
    let out: Vec<ChainPieceJs> = chain.pieces().iter().map(ChainPieceJs).collect();
    convert::to_js(&out)
}

/// A road network: profiles (the graph's edges) and the pieces joining them
/// (its nodes), by id. Moving a profile rebuilds only the pieces touching it.
#[wasm_bindgen(js_name = RoadNetwork)]
pub struct RoadNetworkJs {
    inner: road::RoadNetwork,
}

struct NetworkPieceJs<'a> {
    id: usize,
    piece: &'a NetworkPiece,
}

#[wasm_bindgen(js_class = RoadNetwork)]
impl RoadNetworkJs {
    #[wasm_bindgen(constructor)]
    pub fn new() -> RoadNetworkJs {
        RoadNetworkJs {
            inner: road::RoadNetwork::new(),
        }
    }

    /// Adds a profile; returns its id.
    #[wasm_bindgen(js_name = addProfile)]
    pub fn add_profile(&mut self, profile: JsValue) -> Result<u32, JsError> {
        let p = self::profile(profile, "profile")?;
        let id = self.inner.add_profile(p).map_err(road_error)?;
        Ok(id as u32)
    }

    /// Replaces (moves, turns, re-lanes) a profile; returns the ids of the
    /// pieces rebuilt (only those touching it).
    #[wasm_bindgen(js_name = setProfile)]
    pub fn set_profile(&mut self, id: JsValue, profile: JsValue) -> Result<Vec<u32>, JsError> {
        let id = self::id(&id, "id")?;
        let p = self::profile(profile, "profile")?;
        let touched = self.inner.set_profile(id, p).map_err(road_error)?;
        Ok(touched.into_iter().map(|k| k as u32).collect())
    }

    /// Removes a profile and its pieces; returns the removed piece ids.
    #[wasm_bindgen(js_name = removeProfile)]
    pub fn remove_profile(&mut self, id: JsValue) -> Result<Vec<u32>, JsError> {
        let id = self::id(&id, "id")?;
        let removed = self.inner.remove_profile(id).map_err(road_error)?;
        Ok(removed.into_iter().map(|k| k as u32).collect())
    }

    /// The profile with this id.
    pub fn profile(&self, id: JsValue) -> Result<JsValue, JsError> {
        let id = self::id(&id, "id")?;
        let p = self
            .inner
            .profile(id)
            .ok_or_else(|| road_error(RoadError::UnknownId { what: "id", id }))?;
        convert::to_js(p)
    }

    /// Ids of the profiles.
    #[wasm_bindgen(js_name = profileIds)]
    pub fn profile_ids(&self) -> Vec<u32> {
        self.inner
            .profile_ids()
            .into_iter()
            .map(|k| k as u32)
            .collect()
    }

    /// Joins profile `a` to profile `b`; returns the piece id (the piece may
    /// hold an error until a profile moves).
    pub fn connect(&mut self, a: JsValue, b: JsValue) -> Result<u32, JsError> {
        let (a, b) = (id(&a, "a")?, id(&b, "b")?);
        let k = self.inner.connect(a, b).map_err(|e| match e {
            RoadError::UnknownId { id, .. } => convert::error(
                if id == a { &"a" } else { &"b" },
                &format_args!("unknown profile id {id}"),
            ),
            other => road_error(other),
        })?;
        Ok(k as u32)
    }

    /// Removes a piece.
    pub fn disconnect(&mut self, piece: JsValue) -> Result<(), JsError> {
        let k = id(&piece, "piece")?;
        self.inner.disconnect(k).map_err(road_error)
    }

    /// `{ id, a, b, piece: RoadPiece | null, error: string | null }`.
    pub fn piece(&self, id: JsValue) -> Result<JsValue, JsError> {
        let k = self::id(&id, "id")?;
        let p = self
            .inner
            .piece(k)
            .ok_or_else(|| road_error(RoadError::UnknownId { what: "id", id: k }))?;
        convert::to_js(&NetworkPieceJs { id: k, piece: p })
    }

    /// Every piece, as [`RoadNetworkJs::piece`] gives it.
    pub fn pieces(&self) -> Result<JsValue, JsError> {
        let out: Vec<NetworkPieceJs> = self
            .inner
            .piece_ids()
            .into_iter()
            .filter_map(|k| {
                self.inner
                    .piece(k)
                    .map(|p| NetworkPieceJs { id: k, piece: p })
            })
            .collect();
        convert::to_js(&out)
    }

    /// The lane areas and markings of a piece (as `roadMarkings`); throws
    /// the piece's error when it could not be built.
    pub fn markings(&self, id: JsValue) -> Result<JsValue, JsError> {
        let k = self::id(&id, "id")?;
        let p = self
            .inner
            .piece(k)
            .ok_or_else(|| road_error(RoadError::UnknownId { what: "id", id: k }))?;
        let piece = p.built.as_ref().map_err(|e| road_error(e.clone()))?;
        let a = self.inner.profile(p.a).ok_or_else(|| {
            road_error(RoadError::UnknownId {
                what: "id",
                id: p.a,
            })
        })?;
        convert::to_js(&surface(piece, a))
    }

    /// The network as a JSON string (profiles and which pieces join them).
    /// The text is written by JS's own `JSON` (no JSON code in the module).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<String, JsError> {
        let value = convert::to_js(&self.inner.snapshot())?;
        js_sys::JSON::stringify(&value)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("internal: could not write the network"))
    }

    /// A network from `toJSON`'s string; ids kept, pieces rebuilt.
    #[wasm_bindgen(js_name = fromJSON)]
    pub fn from_json(json: JsValue) -> Result<RoadNetworkJs, JsError> {
        // A `&str` parameter would let wasm-bindgen's glue copy a non-string
        // (a number, an object) as a string of undefined length: a trap.
        let json = json
            .as_string()
            .ok_or_else(|| convert::arg_error("json", "must be a string"))?;
        let value = js_sys::JSON::parse(&json)
            .map_err(|_| convert::arg_error("json", "is not valid JSON"))?;
        let snapshot = read::snapshot(&value, "json")?;
        let inner = road::RoadNetwork::from_snapshot(snapshot).map_err(road_error)?;
        Ok(RoadNetworkJs { inner })
    }
}

impl Default for RoadNetworkJs {
    fn default() -> Self {
        RoadNetworkJs::new()
    }
}

impl ToJs for Lane {
    /// `{ kind, width }`, with `direction: "backward"` only for backward
    /// lanes (forward is the default, as in the JSON files).
    fn to_js(&self) -> JsValue {
        let o = Obj::new()
            .str("kind", self.kind.name())
            .num("width", self.width);
        if self.direction.is_forward() {
            o.build()
        } else {
            o.str("direction", "backward").build()
        }
    }
}

/// A profile's fields after `o`'s (the network file puts `id` first).
fn profile_fields(o: Obj, p: &Profile) -> JsValue {
    o.num("x", p.x)
        .num("y", p.y)
        .num("heading", p.heading)
        .field("lanes", &p.lanes)
        .build()
}

impl ToJs for Profile {
    /// `{ x, y, heading, lanes }`.
    fn to_js(&self) -> JsValue {
        profile_fields(Obj::new(), self)
    }
}

impl ToJs for NetworkSnapshot {
    /// The network file: `{ version, nextProfileId, nextPieceId, profiles:
    /// [{ id, x, y, heading, lanes }], pieces: [{ id, a, b }] }`.
    fn to_js(&self) -> JsValue {
        let profiles: Vec<JsValue> = self
            .profiles
            .iter()
            .map(|e| profile_fields(Obj::new().field("id", &e.id), &e.profile))
            .collect();
        let pieces: Vec<JsValue> = self
            .pieces
            .iter()
            .map(|e| {
                Obj::new()
                    .field("id", &e.id)
                    .field("a", &e.a)
                    .field("b", &e.b)
                    .build()
            })
            .collect();
        Obj::new()
            .field("version", &self.version)
            .field("nextProfileId", &self.next_profile_id)
            .field("nextPieceId", &self.next_piece_id)
            .field("profiles", &profiles)
            .field("pieces", &pieces)
            .build()
    }
}

impl ToJs for PieceJs<'_> {
    fn to_js(&self) -> JsValue {
        let p = self.0;
        Obj::new()
            .str("kind", p.kind.name())
            .field("centerline", &p.centerline)
            .field("boundaries", &p.boundaries)
            .field("intermediate", &p.intermediate)
            .build()
    }
}

impl ToJs for FilletPoints {
    /// `{ a, b, c, m, o, radius, kind }`.
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("a", &self.a)
            .field("b", &self.b)
            .field("c", &self.c)
            .field("m", &self.m)
            .field("o", &self.o)
            .num("radius", self.radius)
            .str("kind", self.kind.name())
            .build()
    }
}

impl ToJs for Construction {
    /// `{ kind, error, continuation, fillets, semicircle, intermediate,
    /// hermite, tangentScale }` (`kind` or `error` null).
    fn to_js(&self) -> JsValue {
        let o = match &self.result {
            Ok(k) => Obj::new()
                .str("kind", k.name())
                .set("error", &JsValue::NULL),
            Err(e) => Obj::new()
                .set("kind", &JsValue::NULL)
                .string("error", &e.to_string()),
        };
        let semicircle = match self.trace.semicircle {
            Some((center, radius)) => Obj::new()
                .field("center", &center)
                .num("radius", radius)
                .build(),
            None => JsValue::NULL,
        };
        o.field("continuation", &self.continuation)
            .field("fillets", &self.trace.fillets)
            .set("semicircle", &semicircle)
            .field("intermediate", &self.intermediate)
            .field("hermite", &self.hermite_samples)
            .num("tangentScale", road::HERMITE_TANGENT_SCALE)
            .build()
    }
}

impl ToJs for BezierOffsets {
    /// `{ control, centerline, edges, pinched }`.
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("control", &self.control)
            .field("centerline", &self.centerline)
            .field("edges", &self.edges)
            .field("pinched", &self.pinched)
            .build()
    }
}

impl ToJs for LaneArea {
    /// `{ lane, kind, direction, outline }`.
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("lane", &self.lane)
            .str("kind", self.info.kind.name())
            .str(
                "direction",
                if self.info.direction.is_forward() {
                    "forward"
                } else {
                    "backward"
                },
            )
            .field("outline", &self.outline)
            .build()
    }
}

impl ToJs for Marking {
    /// `{ edge, style, paths, width, dash }` (`dash` null unless dashed).
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("edge", &self.edge)
            .str("style", self.style.name())
            .field("paths", &self.paths)
            .num("width", self.width)
            .field(
                "dash",
                &self.dash.filter(|_| self.style == MarkingStyle::Dashed),
            )
            .build()
    }
}

impl ToJs for SurfaceJs<'_> {
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("piece", &PieceJs(self.piece))
            .field("lanes", &self.lanes)
            .field("markings", &self.markings)
            .build()
    }
}

/// `{ piece, error }` (or, after `o`'s fields, the network's `{ id, a, b,
/// piece, error }`).
fn built_fields(o: Obj, built: &Result<RoadPiece, RoadError>) -> JsValue {
    match built {
        Ok(p) => o.field("piece", &PieceJs(p)).set("error", &JsValue::NULL),
        Err(e) => o
            .set("piece", &JsValue::NULL)
            .string("error", &e.to_string()),
    }
    .build()
}

impl ToJs for ChainPieceJs<'_> {
    fn to_js(&self) -> JsValue {
        built_fields(Obj::new(), self.0)
    }
}

impl ToJs for NetworkPieceJs<'_> {
    fn to_js(&self) -> JsValue {
        let o = Obj::new()
            .field("id", &self.id)
            .field("a", &self.piece.a)
            .field("b", &self.piece.b);
        built_fields(o, &self.piece.built)
    }
}
