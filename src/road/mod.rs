//! Roads made only of lines and circular arcs, joined between cross-section
//! profiles, with lane edges exactly parallel.
//!
//! # Data model
//! A [`Lane`] has a [`LaneKind`] (driving, bike, sidewalk, median, shoulder,
//! parking), a width and a [`Direction`] (forward by default). A [`Profile`] is
//! a cross-section: the pose of its middle (heading = direction of travel)
//! and its lanes, left to right facing the heading. Profiles are the edges of
//! the road graph; the physical [`RoadPiece`]s between them are its nodes. A
//! [`RoadNetwork`] holds profiles and the pieces joining them by id
//! ([`ProfileId`], [`PieceId`]) and saves to and loads from a
//! [`NetworkSnapshot`]; a [`RoadChain`] is a road through a list of profiles.
//!
//! ```
//! use arcline::road::{connect_profiles, Lane, LaneKind, PieceKind, Profile};
//! let lanes = vec![Lane::new(LaneKind::Sidewalk, 2.0), Lane::new(LaneKind::Driving, 3.5), Lane::new(LaneKind::Sidewalk, 2.0)];
//! let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
//! let b = Profile { x: 40.0, y: 40.0, heading: core::f64::consts::FRAC_PI_2, lanes };
//! let piece = connect_profiles(&a, &b).unwrap();
//! assert_eq!(piece.kind, PieceKind::ArcLine); // a quarter circle of radius 40
//! assert_eq!(piece.boundaries.len(), 4);      // one edge more than lanes
//! ```
//!
//! # Joining two profiles
//! Everything is built on the centreline (the profiles' middles `A`, `B`) and
//! each lane edge is the centreline's offset: lines stay parallel and arcs
//! concentric (the two-line fillet applied at every edge point gives the
//! same curves), so every lane keeps its width exactly. An inner edge whose
//! radius would be ≤ 0 is the error [`Reason::LanesWiderThanTurn`].
//!
//! `θ` is the turn from `a`'s heading to `b`'s (in `(-π, π]`); the continuation
//! lines are `A + t·dir(a)` and `B + s·dir(b)`; they meet at `C` with
//! `t = ta`, `s = tb`; `lateral`/`forward` are `B - A` across/along `dir(a)`.
//! Tolerances: parallel means `|sin θ| ≤ 1e-9`, zero offsets are ≤ `1e-9·|AB|`
//! (relative, so a road a micrometre wide is built like one a metre wide).
//! Edges end at the profiles' edge points to about 1e-15 of the largest
//! coordinate or radius involved: a pair just off straight gets arcs of
//! enormous radius, whose points are only that precise. A pair built as
//! parallel (straight, u-turn) whose headings differ within the 1e-9
//! tolerance keeps its edges parallel to the centreline, so they end within
//! `1e-9 · W/2` of `b`'s edge points (`W` the road's width).
//!
//! | case | kind | construction |
//! |------|------|--------------|
//! | parallel, same way, `lateral = 0`, `forward > 0` | `straight` | one line `A → B` |
//! | not parallel, `ta > 0` and `tb < 0` (C ahead of A, behind B), `\|CA\| ≤ \|CB\|` | `arc-line` | arc `A → M`, line `M → B`, `M` on CB with `CM = CA` (a pure arc when equal) |
//! | the same with `\|CA\| > \|CB\|` | `line-arc` | line `A → M`, arc `M → B`, `M` on CA with `CM = CB` |
//! | parallel, opposite ways, `lateral ≠ 0` | `u-turn` | semicircle of diameter `\|lateral\|` then a line back to `B` when `forward ≤ 0`; a line forward then the semicircle when `forward > 0` |
//! | any other pair (parallel and shifted, or `C` behind `A` or ahead of `B`) | `s-curve` | the intermediate profile at the Hermite spline's `P(0.5)` heading along `P'(0.5)`, then a straight or fillet on each half |
//! | same point and heading | error | [`Unsolvable::SamePose`] |
//! | opposite headings on one line (head-on) | error | [`Unsolvable::HeadOn`] |
//! | an s-curve half that is neither a straight nor a fillet | error | [`Unsolvable::SCurveFirstHalf`], [`Unsolvable::SCurveSecondHalf`] |
//! | a fillet or semicircle radius that is not a finite positive number (profiles a few ulps apart) | error | [`Unsolvable::DegenerateTurn`] |
//! | a fillet or semicircle radius ≤ half the road's width | error | [`Reason::LanesWiderThanTurn`] (the centre radius and the half width) |
//!
//! Errors are [`Error`](crate::Error)s about the profile they concern (`b`
//! for a pair that cannot be joined, `b.lanes` for lanes that differ from
//! `a`'s: [`Reason::LanesDiffer`]). Profiles are checked first: finite
//! numbers, coordinates and total width at most [`MAX_MAGNITUDE`] (so no
//! result can overflow), at least one lane, widths > 0.
//!
//! The Hermite tangents are `1.5·|AB|` long (see [`HERMITE_TANGENT_SCALE`]
//! for why). The half-plane rule ([`constrain_profile`]) turns a next
//! profile placed behind the source's cross-section line to the source's
//! heading + π, which leaves only the U-turn there.
//!
//! For diagrams: [`road_construction`] lays a piece's construction bare
//! (`C`, `M`, `O`, the semicircle, the Hermite spline), [`bezier_offsets`]
//! shows why a Bézier centreline is not used (its offsets pinch), and the
//! [`markings`] module fills lanes and marks their edges.
//!
//! [`Reason::LanesWiderThanTurn`]: crate::Reason::LanesWiderThanTurn
//! [`Reason::LanesDiffer`]: crate::Reason::LanesDiffer
//! [`Unsolvable::SamePose`]: crate::Unsolvable::SamePose
//! [`Unsolvable::HeadOn`]: crate::Unsolvable::HeadOn
//! [`Unsolvable::SCurveFirstHalf`]: crate::Unsolvable::SCurveFirstHalf
//! [`Unsolvable::SCurveSecondHalf`]: crate::Unsolvable::SCurveSecondHalf
//! [`Unsolvable::DegenerateTurn`]: crate::Unsolvable::DegenerateTurn

mod bezier;
mod chain;
mod connect;
mod constrain;
mod construct;
mod construction;
mod id;
pub mod junction;
mod lane;
pub mod markings;
mod name;
mod network;
pub mod opendrive;
mod piece;
mod profile;
#[cfg(feature = "serde")]
pub mod shape;
mod transition;

pub use crate::error::LaneDifference;
pub use bezier::{bezier_offsets, BezierBend, BezierOffsets};
pub use chain::RoadChain;
pub use connect::{connect_profiles, connect_profiles_with, ConnectOptions};
pub use constrain::constrain_profile;
pub use construct::HERMITE_TANGENT_SCALE;
pub use construction::{road_construction, Construction, Fillet, Semicircle, MAX_SAMPLES};
pub use id::{JunctionId, PieceId, ProfileId};
pub use junction::{
    connect_junction, connect_junction_with, constrain_arm, Connection, Junction, JunctionOptions,
    MovementKind, DEFAULT_MIN_TURN_RADIUS,
};
pub use lane::{Direction, Lane, LaneKind};
pub use markings::{road_markings, RoadMarkings};
pub use network::{
    JunctionEntry, NetworkJunction, NetworkPiece, NetworkSnapshot, PieceEntry, Problem,
    ProfileEntry, Rebuilt, RoadNetwork, MAX_ID, SNAPSHOT_VERSION,
};
pub use opendrive::{LeftOut, OpenDrive};
pub use piece::{PieceKind, RoadPiece};
pub use profile::{Profile, MAX_MAGNITUDE};
