//! Roads made only of lines and circular arcs (seed 004).
//!
//! # Data model
//! A [`Lane`] has a [`LaneKind`] (driving, bike, sidewalk, median, shoulder,
//! parking), a width and a [`Direction`] (forward by default). A [`Profile`] is
//! a cross-section: the pose of its middle (heading = direction of travel)
//! and its lanes, left to right facing the heading. Profiles are the edges of
//! the road graph; the physical [`RoadPiece`]s between them are its nodes. A
//! [`RoadNetwork`] holds profiles and the pieces joining them and saves to and
//! loads from JSON; a [`RoadChain`] is a road through a list of profiles.
//!
//! # Joining two profiles
//! Everything is built on the centreline (the profiles' middles `A`, `B`) and
//! each lane edge is the centreline's offset: lines stay parallel and arcs
//! concentric (the seed's construction applied at every edge point gives the
//! same curves), so every lane keeps its width exactly. An inner edge whose
//! radius would be ≤ 0 is the error "lanes wider than the turn".
//!
//! `θ` is the turn from `a`'s heading to `b`'s (in `(-π, π]`); the continuation
//! lines are `A + t·dir(a)` and `B + s·dir(b)`; they meet at `C` with
//! `t = ta`, `s = tb`; `lateral`/`forward` are `B - A` across/along `dir(a)`.
//! Tolerances: parallel means `|sin θ| ≤ 1e-9`, zero offsets are ≤ `1e-9·max(1, |AB|)`.
//! Edges end at the profiles' edge points to about 1e-15 of the largest
//! coordinate or radius involved: a pair just off straight gets arcs of
//! enormous radius, whose points are only that precise.
//!
//! | case | kind | construction |
//! |------|------|--------------|
//! | parallel, same way, `lateral = 0`, `forward > 0` | `straight` | one line `A → B` |
//! | not parallel, `ta > 0` and `tb < 0` (C ahead of A, behind B), `\|CA\| ≤ \|CB\|` | `arc-line` | arc `A → M`, line `M → B`, `M` on CB with `CM = CA` (a pure arc when equal) |
//! | the same with `\|CA\| > \|CB\|` | `line-arc` | line `A → M`, arc `M → B`, `M` on CA with `CM = CB` |
//! | parallel, opposite ways, `lateral ≠ 0` | `u-turn` | semicircle of diameter `\|lateral\|` then a line back to `B` when `forward ≤ 0`; a line forward then the semicircle when `forward > 0` |
//! | any other pair (parallel and shifted, or `C` behind `A` or ahead of `B`) | `s-curve` | the intermediate profile at the Hermite spline's `P(0.5)` heading along `P'(0.5)`, then a straight or fillet on each half |
//! | same point and heading; opposite headings on one line (head-on); an s-curve half that is not a straight or fillet | error | [`RoadError::NoSolution`] naming the case |
//! | a fillet/semicircle radius ≤ half the road's width | error | [`RoadError::LanesWiderThanTurn`] |
//!
//! The Hermite tangents are `1.5·|AB|` long (the top of the seed's 1.0–1.5
//! range; see [`HERMITE_TANGENT_SCALE`] for why). The half-plane rule
//! ([`constrain_profile`]) turns a next profile placed behind the source's
//! cross-section line to the source's heading + π, which leaves only the
//! U-turn there.

mod bezier;
mod chain;
mod connect;
mod constrain;
mod construct;
mod construction;
mod error;
mod lane;
pub mod markings;
mod network;
mod piece;
mod profile;

pub use bezier::{bezier_offsets, BezierOffsets};
pub use chain::RoadChain;
pub use connect::{centreline, check_pair, connect_named, connect_profiles, Trace};
pub use constrain::constrain_profile;
pub use construct::{
    classify, Case, Centreline, FilletPoints, Hermite, HERMITE_TANGENT_SCALE, LENGTH_TOL,
    PARALLEL_TOL,
};
pub use construction::{road_construction, Construction};
pub use error::RoadError;
pub use lane::{Direction, Lane, LaneKind};
pub use markings::{lane_areas, markings, LaneArea, Marking, MarkingStyle};
pub use network::{NetworkPiece, NetworkSnapshot, PieceEntry, ProfileEntry, RoadNetwork};
pub use piece::{PieceKind, RoadPiece};
pub use profile::Profile;
