//! What the Dubins kernel shares below its words and its SIMD pairs: a
//! query's [`Frame`], the angle wrap, and the tolerances.

use crate::geom::wrap_two_pi;
use crate::Point;
use core::f64::consts::TAU;

/// A sweep within this many radians of a full turn is taken as no turn at all
/// (rounding noise around a tangent point, not a loop the geometry asks for).
pub const FULL_TURN_SNAP: f64 = 1e-9;

/// Lengths below `NEAR * radius` are zero: two circle centres this close are
/// the same circle, a start and goal this close (and headings within `NEAR`
/// radians) coincide.
pub const NEAR: f64 = 1e-9;

/// An angle in `[0, 2π)`: for `x` in `[−4π, 4π)` one subtraction of `k·2π`
/// (`k` in −2..=1, picked without branches: random headings would mispredict
/// them), `fmod` otherwise; the same bits as [`wrap_two_pi`], since both
/// round the same exact `x − k·2π` once (`fmod` is exact, and `2·2π` too).
#[inline(always)]
pub(super) fn wrap(x: f64) -> f64 {
    // A sum of integer comparisons, not f64 selects: wasm's f64 `select` is a
    // branch in V8 (slow on random headings); this stays `setcc`s and one
    // `cvtsi2sd`.
    let k = f64::from(i32::from(x >= TAU) - i32::from(x < 0.0) - i32::from(x < -TAU));
    let w = x - k * TAU;
    // Outside the range, or x + 2π rounding up to exactly 2π for x just
    // below 0 (which `wrap_two_pi` turns into 0).
    if (0.0..TAU).contains(&w) {
        w
    } else {
        wrap_two_pi(x)
    }
}

/// How close (in pseudo-angle units) two turns may be before the shortcut in
/// `same_side_length` hands over to the exact construction.
pub(super) const PSEUDO_MARGIN: f64 = 1e-6;

/// Everything a query shares between the six words.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub(super) r: f64,
    /// Headings normalised to `[0, 2π)`.
    pub(super) h0: f64,
    pub(super) hg: f64,
    /// Centres of the start's left/right and the goal's left/right circles.
    pub(super) ls: Point,
    pub(super) rs: Point,
    pub(super) lg: Point,
    pub(super) rg: Point,
    /// Start and goal coincide (within `NEAR`).
    pub(super) coincident: bool,
    /// Cosine and sine of the start and goal headings.
    pub(super) c0: f64,
    pub(super) s0: f64,
    pub(super) cg: f64,
    pub(super) sg: f64,
    /// The total turn to the goal heading, left (CCW) and right (CW), in
    /// `[0, 2π)`, and its pseudo-angle.
    pub(super) delta_left: f64,
    pub(super) delta_right: f64,
    pub(super) pseudo_delta_left: f64,
    pub(super) pseudo_delta_right: f64,
}
