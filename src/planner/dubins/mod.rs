//! The six Dubins words (LSL, LSR, RSL, RSR, RLR, LRL): the shortest path
//! from a pose to a pose for a unit that turns no tighter than `radius`.
//!
//! Each word is solved in closed form in world coordinates from the four
//! turning circles (start and goal, left and right). The sines and cosines of
//! the two normalised headings are computed once per query; a CSC word costs
//! one `atan2`, a CCC word one `atan2` and one `acos`, and a CCC word is only
//! solved when a cheap lower bound says it could beat the best CSC word. Only
//! the winner is turned into a [`Path`].
//!
//! Conventions shared with the classic formulation (Shkel & Lumelsky, Walker's
//! `dubins.c`, the `dubins_paths` crate): a CCC word's middle arc is the long
//! one (≥ π), and on equal lengths the earlier word in [`DubinsWord::ALL`] wins.
//!
//! Edges, each named: coincident start and goal give one zero-length arc
//! (length 0, word `"L"`, keeping the heading); a goal on a start turning circle with the matching heading
//! gives a pure arc (its LSL/RSR line and last arc have length 0), never a
//! full loop: sweeps within [`FULL_TURN_SNAP`] of 2π are rounding noise on a
//! zero sweep and are snapped to 0.

use super::error::{check_pose, check_radius, MAX_MAGNITUDE};
use super::trig::{acos_0_1, atan2, sincos_0_2pi_pair};
use crate::error::{Error, Reason};
use crate::geom::{normalize_angle, pose_queries};
use crate::{Arc, Line, Path, Point, Pose, Segment};
use core::f64::consts::{FRAC_PI_2, PI, TAU};

mod frame;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod pairs;

use frame::{wrap, Frame, PSEUDO_MARGIN};
pub use frame::{FULL_TURN_SNAP, NEAR};

/// IEEE square root (exact, the same bits everywhere): the `sqrtsd` /
/// `f64.sqrt` instruction, where `libm::sqrt` on wasm32 is a slow software loop.
#[inline(always)]
fn sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// [`atan2`] for the words solved one at a time. In wasm out of line: the
/// batch kernel takes its angles two at a time (`pairs`), so these calls
/// are the paths' (`solve_word`) and the kernel's rare fallback, which
/// carried 8 inlined copies.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn scalar_atan2(y: f64, x: f64) -> f64 {
    atan2(y, x)
}

/// One of the six Dubins words: the turn of each of the three segments
/// (`L` left, `S` straight, `R` right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DubinsWord {
    /// Left turn, straight, left turn.
    Lsl,
    /// Left turn, straight, right turn.
    Lsr,
    /// Right turn, straight, left turn.
    Rsl,
    /// Right turn, straight, right turn.
    Rsr,
    /// Right turn, left turn, right turn.
    Rlr,
    /// Left turn, right turn, left turn.
    Lrl,
}

impl DubinsWord {
    /// All six, in the order used to break ties (the first shortest wins).
    pub const ALL: [DubinsWord; 6] = [
        DubinsWord::Lsl,
        DubinsWord::Lsr,
        DubinsWord::Rsl,
        DubinsWord::Rsr,
        DubinsWord::Rlr,
        DubinsWord::Lrl,
    ];

    /// `"LSL"`, `"LSR"`, ...
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            DubinsWord::Lsl => "LSL",
            DubinsWord::Lsr => "LSR",
            DubinsWord::Rsl => "RSL",
            DubinsWord::Rsr => "RSR",
            DubinsWord::Rlr => "RLR",
            DubinsWord::Lrl => "LRL",
        }
    }

    /// Whether the word is arc-arc-arc (RLR, LRL).
    #[must_use]
    pub fn is_ccc(self) -> bool {
        matches!(self, DubinsWord::Rlr | DubinsWord::Lrl)
    }
}

impl core::fmt::Display for DubinsWord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `1.0` when `c`, else `0.0`: for branch-free selects in the hot path
/// (random headings would mispredict branches about half the time).
#[inline(always)]
fn select(c: bool) -> f64 {
    f64::from(u8::from(c))
}

/// The magnitude of a turn from `x` (any angle): in `[0, 2π)`, with sweeps
/// within [`FULL_TURN_SNAP`] of a full turn snapped to 0.
///
/// In wasm out of line: the batch kernel turns angles into sweeps two at a
/// time (`pairs`) and calls this only on a rare fallback; the words solved
/// one at a time for paths (`solve_word`) carried 12 inlined copies.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn sweep(x: f64) -> f64 {
    let a = wrap(x);
    // Zeroing also turns −0.0 into +0.0: a zero sweep's sign is its turn
    // direction (see `Arc`), which the caller sets, not the rounding.
    a * select(a < TAU - FULL_TURN_SNAP) + 0.0
}

impl Frame {
    #[inline(always)]
    fn new(start: Pose, goal: Pose, r: f64) -> Frame {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let (h0, hg) = pairs::wrap_pair(start.heading, goal.heading);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let (h0, hg) = (wrap(start.heading), wrap(goal.heading));
        let ((s0, c0), (sg, cg)) = sincos_0_2pi_pair(h0, hg);
        // Left of a heading (c, s) is (-s, c).
        let (lx0, ly0) = (-s0 * r, c0 * r);
        let (lxg, lyg) = (-sg * r, cg * r);
        let dx = goal.x - start.x;
        let dy = goal.y - start.y;
        let tol = NEAR * r;
        let coincident = dx * dx + dy * dy <= tol * tol && normalize_angle(hg - h0).abs() <= NEAR;
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let (delta_left, delta_right, pseudo_delta_left, pseudo_delta_right) =
            pairs::turns(h0, hg, c0, s0, cg, sg);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let (delta_left, delta_right, pseudo_delta_left, pseudo_delta_right) = (
            wrap(hg - h0),
            wrap(h0 - hg),
            // cos and sin of hg − h0.
            pseudo_angle(c0 * cg + s0 * sg, c0 * sg - s0 * cg),
            pseudo_angle(c0 * cg + s0 * sg, s0 * cg - c0 * sg),
        );
        Frame {
            r,
            h0,
            hg,
            ls: Point::new(start.x + lx0, start.y + ly0),
            rs: Point::new(start.x - lx0, start.y - ly0),
            lg: Point::new(goal.x + lxg, goal.y + lyg),
            rg: Point::new(goal.x - lxg, goal.y - lyg),
            coincident,
            c0,
            s0,
            cg,
            sg,
            delta_left,
            delta_right,
            pseudo_delta_left,
            pseudo_delta_right,
        }
    }
}

/// The solved word: the first and last sweeps (radians, ≥ 0), the middle part
/// (a line length for CSC, a sweep for CCC) and the angle that fixes the
/// construction (the line's heading for CSC, the direction from the first
/// centre to the middle circle's centre for CCC).
#[derive(Clone, Copy, Debug)]
struct Solution {
    word: DubinsWord,
    a1: f64,
    mid: f64,
    a3: f64,
    psi: f64,
}

impl Solution {
    #[inline(always)]
    fn length(&self, r: f64) -> f64 {
        if self.word.is_ccc() {
            r * (self.a1 + self.mid + self.a3)
        } else {
            r * (self.a1 + self.a3) + self.mid
        }
    }
}

/// LSL / RSR: outer tangent of two circles turning the same way.
#[inline(always)]
fn same_side(f: &Frame, left: bool) -> Solution {
    let (c1, c3) = if left { (f.ls, f.lg) } else { (f.rs, f.rg) };
    let dx = c3.x - c1.x;
    let dy = c3.y - c1.y;
    let d = sqrt(dx * dx + dy * dy);
    // The same circle: a pure arc (the line and the last arc have length 0).
    let (psi, mid) = if d <= NEAR * f.r {
        (f.hg, 0.0)
    } else {
        (scalar_atan2(dy, dx), d)
    };
    if left {
        Solution {
            word: DubinsWord::Lsl,
            a1: sweep(psi - f.h0),
            mid,
            a3: sweep(f.hg - psi),
            psi,
        }
    } else {
        Solution {
            word: DubinsWord::Rsr,
            a1: sweep(f.h0 - psi),
            mid,
            a3: sweep(psi - f.hg),
            psi,
        }
    }
}

/// LSR / RSL: the vector between the two circles' centres and the length
/// `p = √(d² − 4r²)` of the inner tangent, or `None` when the circles overlap
/// (centres less than `2r` apart).
#[inline(always)]
fn cross_tangent(f: &Frame, left_first: bool) -> Option<(f64, f64, f64)> {
    let (c1, c3) = if left_first {
        (f.ls, f.rg)
    } else {
        (f.rs, f.lg)
    };
    let vx = c3.x - c1.x;
    let vy = c3.y - c1.y;
    let two_r = 2.0 * f.r;
    let p2 = vx * vx + vy * vy - two_r * two_r;
    if p2 < 0.0 {
        return None;
    }
    Some((vx, vy, sqrt(p2)))
}

/// The line's direction of LSR (`left_first`) or RSL, not normalised: its
/// length is `d²`. With `u` the unit direction, `v = p·u ∓ 2r·left(u)`, so
/// `u ∝ p·v ± 2r·left(v)`, and `|p·v ± 2r·left(v)|² = (p² + 4r²)·d² = d⁴`.
#[inline(always)]
fn cross_direction(f: &Frame, left_first: bool, vx: f64, vy: f64, p: f64) -> (f64, f64) {
    let two_r = 2.0 * f.r;
    if left_first {
        (p * vx - two_r * vy, p * vy + two_r * vx)
    } else {
        (p * vx + two_r * vy, p * vy - two_r * vx)
    }
}

/// LSR / RSL: inner tangent of two circles turning opposite ways; needs the
/// centres at least `2r` apart.
#[inline(always)]
fn cross_side(f: &Frame, left_first: bool) -> Option<Solution> {
    let (vx, vy, p) = cross_tangent(f, left_first)?;
    Some(cross_solution(f, left_first, vx, vy, p))
}

/// [`cross_side`] from its [`cross_tangent`].
#[inline(always)]
fn cross_solution(f: &Frame, left_first: bool, vx: f64, vy: f64, p: f64) -> Solution {
    let (ux, uy) = cross_direction(f, left_first, vx, vy, p);
    let psi = scalar_atan2(uy, ux);
    if left_first {
        Solution {
            word: DubinsWord::Lsr,
            a1: sweep(psi - f.h0),
            mid: p,
            a3: sweep(psi - f.hg),
            psi,
        }
    } else {
        Solution {
            word: DubinsWord::Rsl,
            a1: sweep(f.h0 - psi),
            mid: p,
            a3: sweep(f.hg - psi),
            psi,
        }
    }
}

/// A lower bound on an angle `θ` in `[0, 2π)` from `m·cos θ` and `m·sin θ`
/// (any scale `m > 0`), with no inverse trigonometry: `θ = k·π/2 + φ` with
/// `φ` in `[0, π/2]` and `φ ≥ sin φ`, where `m·sin φ` is `s`, `−c`, `−s` or
/// `c` by quadrant. Returns `k` and `m·sin φ`. Within about 1e-6 below a full
/// turn it is `(0, 0)`: [`sweep`] may snap such a turn to 0, and the sign of
/// a tiny `s` is rounding.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn angle_lower_bound(c: f64, s: f64, m: f64) -> (f64, f64) {
    if s >= 0.0 {
        if c >= 0.0 {
            (0.0, s)
        } else {
            (1.0, -c)
        }
    } else if c < 0.0 {
        (2.0, -s)
    } else if s > -1e-6 * m {
        (0.0, 0.0)
    } else {
        (3.0, c)
    }
}

/// Whether LSR / RSL certainly does not beat `bound`, from its tangent,
/// without `atan2` or a division: its length is at least the line plus
/// [`angle_lower_bound`] of each arc, whose cosine and sine (times `d²`)
/// come from the line's direction and the two headings.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn cross_exceeds(f: &Frame, left_first: bool, vx: f64, vy: f64, p: f64, bound: f64) -> bool {
    let (ux, uy) = cross_direction(f, left_first, vx, vy, p);
    let d2 = vx * vx + vy * vy;
    // d² times the cosine and sine of ψ − h for a heading (c, s).
    let rel = |c: f64, s: f64| (ux * c + uy * s, uy * c - ux * s);
    let (c1, s1) = rel(f.c0, f.s0);
    let (c3, s3) = rel(f.cg, f.sg);
    // LSR turns ψ − h0 then ψ − hg; RSL the opposite ways.
    let sign = if left_first { 1.0 } else { -1.0 };
    let (k1, m1) = angle_lower_bound(c1, sign * s1, d2);
    let (k3, m3) = angle_lower_bound(c3, sign * s3, d2);
    // p + r·((k1 + k3)·π/2 + (m1 + m3)/d²) > bound, multiplied by d².
    f.r * (m1 + m3) > (bound - p - f.r * (k1 + k3) * FRAC_PI_2) * d2
}

/// The squared distance between the centres of a CCC word's outer circles.
#[inline(always)]
fn ccc_centres(f: &Frame, rlr: bool) -> (f64, f64, f64) {
    let (c1, c3) = if rlr { (f.rs, f.rg) } else { (f.ls, f.lg) };
    let dx = c3.x - c1.x;
    let dy = c3.y - c1.y;
    (dx, dy, dx * dx + dy * dy)
}

/// A lower bound on the total turn (radians) of RLR / LRL from its middle
/// arc `mid` and the total heading change `delta` in `[0, 2π)` in the middle
/// arc's sense (left for RLR), with no `atan2`: the outer arcs turn against
/// the middle one, so `a1 + a3 ≡ mid − delta (mod 2π)` and the turn is at
/// least `mid + wrap(mid − delta)`, exactly that when the outer arcs add up
/// to less than a full turn. Within 1e-6 below a full turn the wrapped part
/// counts as 0 ([`sweep`] may snap an arc to 0, and rounding may land either
/// side of 0).
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn ccc_turns_lower_bound(mid: f64, delta: f64) -> f64 {
    let w = wrap(mid - delta);
    mid + w * select(w < TAU - 1e-6)
}

/// [`ccc_turns_lower_bound`] knowing only `mid ≥ mid_min` (in `[π, 2π]`):
/// `mid + wrap(mid − delta)` grows with `mid` except for a drop to `delta`
/// at `mid = delta`, so its least value is `delta` when `delta > mid_min`,
/// else `2·mid_min − delta`. Also in lengths (all times `r`), as used with
/// the chord bound `r·(π + 2·acos(d/4r)) ≥ 2πr − πd/4`, acos being concave
/// on `[0, 1]`.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn ccc_turns_lower_bound_from(mid_min: f64, delta: f64) -> f64 {
    if delta > mid_min {
        delta
    } else {
        2.0 * mid_min - delta
    }
}

/// RLR / LRL: three arcs, the middle circle touching both outer ones; needs
/// the outer centres at most `4r` apart. The middle arc is the long one.
#[inline(always)]
fn three_arcs(f: &Frame, rlr: bool) -> Option<Solution> {
    let (dx, dy, d2) = ccc_centres(f, rlr);
    let four_r = 4.0 * f.r;
    if d2 > four_r * four_r {
        return None;
    }
    let d = sqrt(d2);
    Some(three_arcs_with(f, rlr, dx, dy, d, ccc_beta(d, f.r)))
}

/// The angle at an outer centre of the triangle (2r, 2r, d) of a CCC word's
/// circle centres: its middle arc is `π + 2β`. In wasm out of line, as
/// [`scalar_atan2`].
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn ccc_beta(d: f64, r: f64) -> f64 {
    acos_0_1(d / (4.0 * r))
}

/// [`three_arcs`] from the outer centres' offset `(dx, dy)`, distance `d`
/// and [`ccc_beta`].
#[inline(always)]
fn three_arcs_with(f: &Frame, rlr: bool, dx: f64, dy: f64, d: f64, beta: f64) -> Solution {
    let phi = if d <= NEAR * f.r {
        0.0
    } else {
        scalar_atan2(dy, dx)
    };
    let mid = PI + 2.0 * beta;
    if rlr {
        // The middle (left) circle lies to the right of c1 → c3.
        let theta1 = phi - beta;
        let theta2 = phi + PI + beta;
        Solution {
            word: DubinsWord::Rlr,
            a1: sweep(f.h0 + FRAC_PI_2 - theta1),
            mid,
            a3: sweep(theta2 - (f.hg + FRAC_PI_2)),
            psi: theta1,
        }
    } else {
        let theta1 = phi + beta;
        let theta2 = phi + PI - beta;
        Solution {
            word: DubinsWord::Lrl,
            a1: sweep(theta1 - (f.h0 - FRAC_PI_2)),
            mid,
            a3: sweep((f.hg - FRAC_PI_2) - theta2),
            psi: theta1,
        }
    }
}

#[inline(always)]
fn solve(f: &Frame, word: DubinsWord) -> Option<Solution> {
    match word {
        DubinsWord::Lsl => Some(same_side(f, true)),
        DubinsWord::Rsr => Some(same_side(f, false)),
        DubinsWord::Lsr => cross_side(f, true),
        DubinsWord::Rsl => cross_side(f, false),
        DubinsWord::Rlr => three_arcs(f, true),
        DubinsWord::Lrl => three_arcs(f, false),
    }
}

/// A monotone stand-in for an angle in `[0, 2π)` given its cosine and sine:
/// `1 − c` on `[0, π]`, `3 + c` on `(π, 2π)`, in `[0, 4)`. Comparing two of
/// these compares the angles, with no `atan2`.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn pseudo_angle(c: f64, s: f64) -> f64 {
    if s >= 0.0 {
        1.0 - c
    } else {
        3.0 + c
    }
}

/// [`pseudo_angle`] times `d > 0` from `d·cos` and `d·sin`.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn pseudo_angle_scaled(dc: f64, ds: f64, d: f64) -> f64 {
    if ds >= 0.0 {
        d - dc
    } else {
        3.0 * d + dc
    }
}

/// The length of LSL / RSR without trigonometry: with `a1` the first sweep
/// and `Δ` the total heading change (both in the turn's sense, in `[0, 2π)`),
/// the last sweep is `Δ − a1` when `a1 ≤ Δ`, else `Δ − a1 + 2π`, so the arcs
/// add up to `Δ` or `Δ + 2π`; which one is a comparison of pseudo-angles. Near
/// a tie, a wrap or the snapping zone, the exact [`same_side`] decides.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn same_side_length(f: &Frame, left: bool) -> f64 {
    let r = f.r;
    let (c1, c3) = if left { (f.ls, f.lg) } else { (f.rs, f.rg) };
    let dx = c3.x - c1.x;
    let dy = c3.y - c1.y;
    let d2 = dx * dx + dy * dy;
    let tol = NEAR * r;
    if d2 > tol * tol {
        let d = sqrt(d2);
        // d·cos and d·sin of the line's heading relative to the start
        // heading, and d times its pseudo-angle: every comparison below is
        // scaled by d > 0 rather than divided by it.
        let dc = f.c0 * dx + f.s0 * dy;
        let ds = f.c0 * dy - f.s0 * dx;
        let (dp1, pd, delta) = if left {
            (
                pseudo_angle_scaled(dc, ds, d),
                f.pseudo_delta_left,
                f.delta_left,
            )
        } else {
            (
                pseudo_angle_scaled(dc, -ds, d),
                f.pseudo_delta_right,
                f.delta_right,
            )
        };
        let m = PSEUDO_MARGIN * d;
        let dpd = pd * d;
        if dp1 > m
            && dp1 < 4.0 * d - m
            && pd > PSEUDO_MARGIN
            && pd < 4.0 - PSEUDO_MARGIN
            && (dp1 - dpd).abs() > m
        {
            let turns = delta + TAU * select(dp1 > dpd);
            return r * turns + d;
        }
    }
    same_side(f, left).length(r)
}

/// The shortest word and its length. LSL and RSR cost no trigonometry
/// ([`same_side_length`]) and go first; LSR and RSL cost one `atan2` each,
/// paid only when their lower bound ([`cross_exceeds`], with a relative slack of 1e-9
/// for rounding) is not already above the best so far; RLR and LRL are solved
/// (one `acos`, one `atan2`) only when feasible and when a lower bound (the
/// long middle arc alone: `r·(π + 2·acos(d/4r)) ≥ 2πr − πd/4`, acos being
/// concave on `[0, 1]`) is below the best so far. Ties go to the earlier word
/// of [`DubinsWord::ALL`], as if all six were solved in that order.
#[inline(always)]
fn shortest(f: &Frame) -> (DubinsWord, f64) {
    let r = f.r;
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let centres = pairs::Centres::new(f);
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let (lsl, rsr) = pairs::same_side_lengths(f, &centres);
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    let (lsl, rsr) = (
        lsl.unwrap_or_else(|| same_side(f, true).length(r)),
        rsr.unwrap_or_else(|| same_side(f, false).length(r)),
    );
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    let (lsl, rsr) = (same_side_length(f, true), same_side_length(f, false));
    let mut best = if rsr < lsl {
        (DubinsWord::Rsr, rsr)
    } else {
        (DubinsWord::Lsl, lsl)
    };
    // With wasm's vectors both cross words are filtered against the bound
    // of LSL and RSR at once: a looser bound for RSL than after LSR, which
    // only lets through words that the exact comparison turns down.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        let (lsr, rsl) = pairs::cross_lengths(f, &centres, best.1 + 1e-9 * (best.1 + r));
        for (word, l) in [(DubinsWord::Lsr, lsr), (DubinsWord::Rsl, rsl)] {
            let Some(l) = l else {
                continue;
            };
            // LSR and RSL come before RSR in `ALL`, after LSL and each other.
            if l < best.1 || (l == best.1 && best.0 == DubinsWord::Rsr) {
                best = (word, l);
            }
        }
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    for (left_first, word) in [(true, DubinsWord::Lsr), (false, DubinsWord::Rsl)] {
        let Some((vx, vy, p)) = cross_tangent(f, left_first) else {
            continue;
        };
        let bound = best.1 + 1e-9 * (best.1 + r);
        if p > bound || cross_exceeds(f, left_first, vx, vy, p, bound) {
            continue;
        }
        let l = cross_solution(f, left_first, vx, vy, p).length(r);
        // LSR and RSL come before RSR in `ALL`, after LSL and each other.
        if l < best.1 || (l == best.1 && best.0 == DubinsWord::Rsr) {
            best = (word, l);
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        // Both against the bound after the CSC words (looser for LRL than
        // after RLR; the exact comparison turns down what it lets through).
        let (rlr, lrl) = pairs::ccc_lengths(f, &centres, best.1 + 1e-8 * (best.1 + r));
        for (word, l) in [(DubinsWord::Rlr, rlr), (DubinsWord::Lrl, lrl)] {
            let Some(l) = l else {
                continue;
            };
            if l < best.1 {
                best = (word, l);
            }
        }
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        let four_r = 4.0 * r;
        for (rlr, word) in [(true, DubinsWord::Rlr), (false, DubinsWord::Lrl)] {
            let (_, _, d2) = ccc_centres(f, rlr);
            if d2 > four_r * four_r {
                continue;
            }
            // First with a lower bound on the middle arc (no `acos`), then with
            // the middle arc itself.
            let d = sqrt(d2);
            let bound = best.1 + 1e-8 * (best.1 + r);
            let delta = if rlr { f.delta_left } else { f.delta_right };
            if ccc_turns_lower_bound_from(TAU * r - PI * d * 0.25, r * delta) > bound {
                continue;
            }
            let beta = ccc_beta(d, r);
            if r * ccc_turns_lower_bound(PI + 2.0 * beta, delta) > bound {
                continue;
            }
            let (dx, dy, _) = ccc_centres(f, rlr);
            let l = three_arcs_with(f, rlr, dx, dy, d, beta).length(r);
            if l < best.1 {
                best = (word, l);
            }
        }
    }
    best
}

/// All six solved exactly, the first shortest kept: the reference [`shortest`]
/// must agree with.
#[cfg(test)]
fn shortest_full(f: &Frame) -> (Solution, f64) {
    let mut best: Option<(Solution, f64)> = None;
    for w in DubinsWord::ALL {
        if let Some(s) = solve(f, w) {
            let l = s.length(f.r);
            if best.map_or(true, |(_, bl)| l < bl) {
                best = Some((s, l));
            }
        }
    }
    best.unwrap()
}

/// The zero-length path of a coincident start and goal: one zero-length left
/// arc (word `"L"`), which, unlike a zero-length line, keeps the heading, so
/// `pose_at(0)` is the start pose.
///
/// # Errors
/// [`Reason::Internal`](crate::Reason::Internal) when the arc is not a
/// valid segment (a start or radius that is not finite: never for checked
/// input).
pub(crate) fn coincident_path(start: Pose, r: f64) -> Result<Path, Error> {
    Path::new(vec![Segment::Arc(Arc::from_pose(start, r, 1.0, 0.0))])
        .map_err(|_| Error::internal("the zero-length arc of a start at its goal is not valid"))
}

/// Builds the segments of a solved word, starting exactly at `start` and
/// ending exactly (to rounding) at `goal`: the last arc is laid backwards from
/// the goal's angle on its circle, and the middle piece joins the two arcs.
fn build(f: &Frame, s: &Solution) -> Result<Path, Error> {
    let r = f.r;
    let (first_left, ccc) = match s.word {
        DubinsWord::Lsl | DubinsWord::Lsr | DubinsWord::Lrl => (true, s.word.is_ccc()),
        _ => (false, s.word.is_ccc()),
    };
    let last_left = matches!(s.word, DubinsWord::Lsl | DubinsWord::Rsl | DubinsWord::Lrl);
    let (c1, theta_s) = if first_left {
        (f.ls, f.h0 - FRAC_PI_2)
    } else {
        (f.rs, f.h0 + FRAC_PI_2)
    };
    let (c3, theta_g) = if last_left {
        (f.lg, f.hg - FRAC_PI_2)
    } else {
        (f.rg, f.hg + FRAC_PI_2)
    };
    let signed = |left: bool, a: f64| if left { a } else { -a };
    let arc1 = Arc::new(c1, r, theta_s, signed(first_left, s.a1));
    let arc3 = Arc::new(
        c3,
        r,
        theta_g - signed(last_left, s.a3),
        signed(last_left, s.a3),
    );
    let (arc1, arc3) = match (arc1, arc3) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Err(Error::at("start", Reason::Overflow)),
    };
    let middle = if ccc {
        // The middle circle's centre, 2r from c1 towards psi; its arc starts
        // where it touches the first circle (facing c1) and turns the other way.
        let m = c1.polar(2.0 * r, s.psi);
        let mid_left = !first_left;
        let a = Arc::new(m, r, s.psi + PI, signed(mid_left, s.mid))
            .map_err(|_| Error::at("start", Reason::Overflow))?;
        Segment::Arc(a)
    } else {
        Segment::Line(Line::new(arc1.end(), arc3.start()))
    };
    Path::new(vec![Segment::Arc(arc1), middle, Segment::Arc(arc3)])
        .map_err(|_| Error::at("start", Reason::Overflow))
}

/// The shortest Dubins path from `start` to `goal` (position and heading) for
/// a unit turning no tighter than `radius`: three segments (zero-length ones
/// included, so `word()` is always one of the six words), or one zero-length
/// arc (word `"L"`) when start and goal coincide.
///
/// # Errors
/// [`Reason::NotFinite`] about `start.*`, `goal.*` or `radius`;
/// [`Reason::NotPositive`] about `radius`; [`Reason::TooLarge`] for a
/// coordinate or radius beyond [`MAX_MAGNITUDE`](super::MAX_MAGNITUDE).
///
/// # Examples
/// ```
/// use arcline::{Pose};
/// use arcline::planner::{dubins_shortest};
/// use core::f64::consts::FRAC_PI_2;
/// // A quarter turn left onto the goal: a pure arc.
/// let p = dubins_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(1.0, 1.0, FRAC_PI_2), 1.0).unwrap();
/// assert!((p.length() - FRAC_PI_2).abs() < 1e-12);
/// assert_eq!(p.word(), "LSL");
/// ```
pub fn dubins_shortest(start: Pose, goal: Pose, radius: f64) -> Result<Path, Error> {
    let start = check_pose(start, "start")?;
    let goal = check_pose(goal, "goal")?;
    let r = check_radius(radius)?;
    let f = frame(start, goal, r);
    if f.coincident {
        return coincident_path(start, r);
    }
    build(&f, &shortest_solution(start, goal, &f))
}

/// [`Frame::new`] out of line, for the entry points that build paths (the
/// batch kernel keeps its inlined copy): one copy in the wasm module
/// instead of one per export.
#[inline(never)]
fn frame(start: Pose, goal: Pose, r: f64) -> Frame {
    Frame::new(start, goal, r)
}

/// The shortest word from `start` to `goal` (whose frame is `f`), solved,
/// out of line (as [`frame`]).
///
/// In wasm the word comes from the batch kernel ([`lengths_kernel`]) run
/// on this one query: the module then holds one copy of [`shortest`]
/// instead of two, and the batch loop keeps it inlined.
#[inline(never)]
fn shortest_solution(start: Pose, goal: Pose, f: &Frame) -> Solution {
    #[cfg(target_arch = "wasm32")]
    let word = {
        let (s, g) = (start, goal);
        let query = [s.x, s.y, s.heading, g.x, g.y, g.heading];
        lengths_kernel(&query, f.r, &mut [0.0]).ok().flatten()
    };
    #[cfg(not(target_arch = "wasm32"))]
    let word = {
        let _ = (start, goal);
        Some(shortest(f).0)
    };
    // `shortest` only names feasible words; LSL is always feasible (and
    // the kernel passes a query `dubins_shortest` has checked).
    word.and_then(|w| solve_word(f, w))
        .unwrap_or_else(|| same_side(f, true))
}

/// One word solved, out of line (as [`frame`]).
#[inline(never)]
fn solve_word(f: &Frame, word: DubinsWord) -> Option<Solution> {
    solve(f, word)
}

/// The length and word of the shortest Dubins path (no path is built); `0`
/// and `None` for a coincident start and goal.
///
/// # Errors
/// As [`dubins_shortest`].
pub fn dubins_length(
    start: Pose,
    goal: Pose,
    radius: f64,
) -> Result<(f64, Option<DubinsWord>), Error> {
    let (r, m) = (radius, MAX_MAGNITUDE);
    let (s, g) = (start, goal);
    if !(pose_queries::query_ok([s.x, s.y, s.heading, g.x, g.y, g.heading], m)
        & (r > 0.0)
        & (r <= m))
    {
        check_pose(start, "start")?;
        check_pose(goal, "goal")?;
        check_radius(radius)?;
    }
    Ok(checked_length(start, goal, r))
}

/// The shortest length and word of a checked query (0 and `None` when start
/// and goal coincide). Natively never inlined: [`dubins_length`] and
/// [`dubins_lengths`] then run the very same machine code wherever they are
/// called from (inlined copies differed in speed from code layout alone).
/// In wasm, where the call costs more than the layout, inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
#[cfg_attr(target_arch = "wasm32", inline(always))]
fn checked_length(start: Pose, goal: Pose, r: f64) -> (f64, Option<DubinsWord>) {
    let f = Frame::new(start, goal, r);
    if f.coincident {
        return (0.0, None);
    }
    let (word, len) = shortest(&f);
    (len, Some(word))
}

/// Every feasible word as a path, in the order of [`DubinsWord::ALL`]:
/// LSL and RSR always, LSR and RSL when the circle centres are at least `2r`
/// apart, RLR and LRL when at most `4r` apart.
///
/// # Errors
/// As [`dubins_shortest`].
pub fn dubins_candidates(
    start: Pose,
    goal: Pose,
    radius: f64,
) -> Result<Vec<(DubinsWord, Path)>, Error> {
    let start = check_pose(start, "start")?;
    let goal = check_pose(goal, "goal")?;
    let r = check_radius(radius)?;
    let f = frame(start, goal, r);
    let mut out = Vec::with_capacity(6);
    for w in DubinsWord::ALL {
        if let Some(s) = solve_word(&f, w) {
            out.push((w, build(&f, &s)?));
        }
    }
    Ok(out)
}

/// Batch shortest lengths for sampling-based planners: `queries` holds
/// `x0, y0, h0, x1, y1, h1` per query, `out` receives one length per query.
/// Nothing is allocated.
///
/// # Errors
/// [`Reason::NotAMultiple`] of 6 about `queries`, [`Reason::OutputLength`]
/// about `out`, radius errors, and [`Reason::NotFinite`] or
/// [`Reason::TooLarge`] (beyond [`MAX_MAGNITUDE`](super::MAX_MAGNITUDE))
/// about `queries[i]`, the first bad value (the output is then unspecified).
pub fn dubins_lengths(queries: &[f64], radius: f64, out: &mut [f64]) -> Result<(), Error> {
    let r = check_radius(radius)?;
    pose_queries::count(queries, out.len(), 1)?;
    lengths_kernel(queries, r, out).map(|_| ())
}

/// The loop of [`dubins_lengths`] (`r` checked, `out` one per query), which
/// also returns the last query's word (`None` for a coincident start and
/// goal): natively inlined (the word is then dead code), in wasm out of
/// line, one copy shared with [`shortest_solution`], called once per batch.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn lengths_kernel(queries: &[f64], r: f64, out: &mut [f64]) -> Result<Option<DubinsWord>, Error> {
    let mut word = None;
    for (k, (q, o)) in queries.chunks_exact(6).zip(out.iter_mut()).enumerate() {
        if let [x0, y0, h0, x1, y1, h1] = *q {
            // One well-predicted test for the usual all-good query (`&`, not
            // `&&`; NaN fails every comparison), the named error otherwise.
            if !pose_queries::query_ok([x0, y0, h0, x1, y1, h1], MAX_MAGNITUDE) {
                return Err(pose_queries::query_error(q, k, MAX_MAGNITUDE));
            }
            (*o, word) = checked_length(Pose::new(x0, y0, h0), Pose::new(x1, y1, h1), r);
        }
    }
    Ok(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_length_arc_that_is_not_valid_is_an_internal_error() {
        let e = coincident_path(Pose::new(0.0, 0.0, 0.0), f64::NAN).unwrap_err();
        assert!(matches!(e.reason(), crate::Reason::Internal { .. }), "{e}");
        assert!(coincident_path(Pose::new(1.0, 2.0, 3.0), 0.5).is_ok());
    }

    #[test]
    fn wrap_is_in_range() {
        for x in [-20.0, -TAU, -1e-18, 0.0, 1.0, TAU, 3.0 * TAU + 0.5, 1e6] {
            let w = wrap(x);
            assert!((0.0..TAU).contains(&w), "{x} -> {w}");
        }
        assert_eq!(sweep(-1e-15), 0.0);
    }

    #[test]
    fn shortcut_shortest_equals_solving_all_six() {
        let mut rng = crate::test_rng::Xorshift::new(0xDEAD_BEEF_1234_5678);
        let mut next = move || rng.unit();
        for i in 0..100_000 {
            let r = 0.1 + next() * 3.0;
            let span = if i % 2 == 0 { 4.5 * r } else { 30.0 };
            let start = Pose::new(next() * 10.0, next() * 10.0, (next() - 0.5) * 20.0);
            // Some goals exactly on a start circle, some with equal headings.
            let goal = Pose::new(
                start.x + (next() - 0.5) * span,
                start.y + (next() - 0.5) * span,
                if i % 7 == 0 {
                    start.heading
                } else {
                    (next() - 0.5) * 20.0
                },
            );
            let f = Frame::new(start, goal, r);
            let (a, la) = shortest(&f);
            let (b, lb) = shortest_full(&f);
            assert!((la - lb).abs() <= 1e-12 * lb.max(r), "query {i}: {la} {lb}");
            // The same word unless another is as short (to rounding).
            if a != b.word {
                let other = solve(&f, a).unwrap().length(r);
                assert!(
                    (other - lb).abs() <= 1e-12 * lb.max(r),
                    "query {i}: {a} vs {}",
                    b.word
                );
            }
        }
    }

    #[test]
    fn each_word_ends_at_the_goal() {
        let start = Pose::new(0.3, -0.2, 0.4);
        let goal = Pose::new(1.5, 0.7, -2.0);
        for (w, p) in dubins_candidates(start, goal, 0.8).unwrap() {
            assert!(
                p.end_pose().approx_eq(goal, 1e-9),
                "{w}: {:?}",
                p.end_pose()
            );
            assert!(p.is_g1(1e-9), "{w}");
            assert_eq!(p.word(), w.as_str());
        }
    }
}
