//! Junctions between 3 to 6 road profiles ("arms"), made of lines and arcs
//! like every road here.
//!
//! # The arms
//! Each arm is a [`Profile`] at the junction's mouth with its heading
//! pointing *into* the junction: its forward driving lanes enter the
//! junction, its backward driving lanes leave it (right-hand traffic puts
//! them on the arm's left). Arms are ordered counter-clockwise by the
//! direction they come from (heading + π), starting at arm 0
//! ([`Junction::order`]); facing into the junction, an arm's right edge
//! comes before its left edge counter-clockwise, so the kerb after an arm
//! runs from its right edge to the next arm's left edge.
//!
//! # What is built
//! - **Corners** ([`Junction::corners`]): from each arm's right outer edge
//!   point, heading into the junction, to the next arm's left outer edge
//!   point, heading out: the two-line fillet of road pieces (an arc tangent
//!   at the nearer edge point, then a line along the other edge), a line
//!   when the edges are collinear, an S of two fillets when they are
//!   parallel and shifted. [`Junction::kerbs`] are the same between the
//!   carriageway edges (the outer edges of the outermost lanes that are not
//!   sidewalks), so a sidewalk turns the corner between the two.
//! - **Outlines** ([`Junction::boundary`], [`Junction::carriageway`]):
//!   closed, counter-clockwise, across each mouth (left edge to right edge)
//!   then along the corner to the next arm.
//! - **Connections** ([`Junction::connections`]): one lane-centre path per
//!   allowed movement and lane pair. A path starts at the entering lane's
//!   centre on the mouth with the arm's heading and ends at the leaving
//!   lane's centre heading out, built as a road centreline between those
//!   two poses (fillet, line or S-curve), so it is G1 and leaves and joins
//!   its lanes tangentially; where a fillet would turn tighter than the
//!   minimum (its lines meeting near one end, as for a nearly straight
//!   movement into a slightly turned arm), the S-curve through the Hermite
//!   intermediate pose, when its arcs are wider. Every arc is at least the minimum turning
//!   radius ([`DEFAULT_MIN_TURN_RADIUS`], or
//!   [`JunctionOptions::min_turn_radius`]).
//!
//! # Movements and lanes
//! From each arm to each other arm, the turn `τ` from the entering heading
//! to the leaving one names the movement ([`MovementKind`]: right, straight,
//! left, or a U-turn beyond ±135°). Entering lanes are ranked from the kerb
//! (the rightmost forward driving lane first), leaving lanes likewise as
//! the driver leaving sees them (the leftmost backward lane facing in
//! first), `e0, e1, ...` and `x0, x1, ...`:
//!
//! | movement | lanes joined |
//! |----------|--------------|
//! | right | `e0 → x0`: kerb lane to kerb lane |
//! | straight | `e0 → x0, e1 → x1, ...`: each lane keeps its place from the kerb, as many as both arms have |
//! | left | the innermost to the innermost: `e_last → x_last` |
//! | U-turn (only with [`JunctionOptions::u_turns`]) | back to the same arm, or to an arm less than 45° away: innermost to innermost (kerb to kerb for one turning back to the right); a semicircle when the lanes are at least two radii apart, else a "light bulb" of three arcs of the minimum radius; left out where it does not fit |
//!
//! So one entering lane serves every movement, and with more the kerb lane
//! also turns right and the innermost also turns left. Bike lanes,
//! sidewalks and the other kinds get no paths.
//!
//! # When there is no junction
//! Errors name the arm (`arms[2]: ...`) or its lane (`arms[2].lanes[1]`),
//! as a [`Reason::Junction`](crate::Reason::Junction) with its
//! [`JunctionConflict`](crate::error::JunctionConflict):
//!
//! | check | conflict |
//! |-------|----------|
//! | two arms heading the same way | `SameHeading` |
//! | an outer edge point of an arm on or behind another arm's cross-section line (the junction's half-plane rule) | `BehindMouth` |
//! | no line, fillet or S-curve for a corner | `NoCorner` |
//! | an outline that crosses itself (arms too close or too sharp) | `OutlineCrosses` |
//! | an outline that runs clockwise (arms facing away from each other) | `OutlineClockwise` |
//! | a right turn, straight or left turn with no path, or an arc below the minimum radius | `NoPath`, `TooTight` |
//!
//! [`constrain_arm`] keeps a dragged arm in a valid placement: it gives
//! the proposed placement when the junction can be built there, else the
//! valid placement nearest to it on the way from where the arm was.

mod arm;
mod connect;
mod connection;
mod constrain;
mod corner;
mod movement;
mod options;
mod outline;
mod u_turn;

pub use connect::{connect_junction, connect_junction_with, MAX_ARMS, MIN_ARMS};
pub use connection::Connection;
pub use constrain::constrain_arm;
pub use movement::MovementKind;
pub use options::{JunctionOptions, DEFAULT_MIN_TURN_RADIUS};

use crate::geom::Path;
use crate::road::Profile;

/// A junction: its arms as given, their counter-clockwise order, the
/// corners and outlines, and the lane-centre paths through it. As data:
/// `{ arms, order, connections, corners, boundary, kerbs, carriageway }`.
///
/// `corners[k]` and `kerbs[k]` run from arm `order[k]` to arm
/// `order[k + 1]` (the last to `order[0]`).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Junction {
    /// The arms as given: each at the junction's mouth, heading into it.
    pub arms: Vec<Profile>,
    /// The arms' indices counter-clockwise, starting at arm 0.
    pub order: Vec<usize>,
    /// One lane-centre path per allowed movement and lane pair.
    pub connections: Vec<Connection>,
    /// The corners between consecutive arms' outer edges, counter-clockwise.
    pub corners: Vec<Path>,
    /// The closed outline of the junction area (mouths and corners), counter-clockwise.
    pub boundary: Path,
    /// The corners between consecutive arms' carriageway edges (the same as
    /// `corners` where no arm has a sidewalk on the outside).
    pub kerbs: Vec<Path>,
    /// The closed outline of the carriageway (mouths and kerbs), counter-clockwise.
    pub carriageway: Path,
}
