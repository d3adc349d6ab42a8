//! Continuous-curvature Dubins paths: forward from a pose to a pose, the
//! curvature at most `κ = 1/radius`, changing at most `σ` (the sharpness)
//! per unit length, and 0 at both ends (Fraichard & Scheuer, "From Reeds
//! and Shepp's to continuous-curvature paths", IEEE T-RO 2004).
//!
//! A port of the CC00-Dubins state space of hbanzhaf/steering_functions
//! (`src/hc_cc_state_space/cc00_dubins_state_space.cpp`, `hc_cc_circle.cpp`,
//! `hc_cc_state_space.cpp` and `paths.cpp`, Apache-2.0, © 2017 Robert
//! Bosch GmbH; derived from Fraichard's CC Steer, BSD, © 2016 Inria).
//!
//! # The construction
//!
//! A CC turn leaves its start at curvature 0 and ends at curvature 0: a
//! clothoid from 0 to `±κ` (length `κ/σ`, turning `δ_min = κ²/(2σ)`), an
//! arc, and a clothoid back to 0. The turns from a pose all end on its
//! *CC circle*, of radius `R` about a centre `(R sin μ, ±R cos μ)` in the
//! pose's frame, where the clothoid's end meets the arc's circle; a turn
//! ending at a configuration `q` with the deflection `δ` from the start is
//!
//! * `δ = 0`: a line of `2R sin μ` (the configuration ahead on the circle);
//! * `δ ≥ 2δ_min`: clothoid, arc of `δ − 2δ_min`, clothoid;
//! * `0 < δ < 2δ_min`: the peer's *elementary path* (two clothoids of one
//!   sharpness `σ₀ = 4π D₁(δ/2)² / d²`, `d` the chord, meeting at the
//!   curvature `√(σ₀δ)`), when it is shorter than the clothoid, arc of
//!   `2π + δ − 2δ_min` (a loop), clothoid.
//!
//! Between the start's two circles (left, right) and the goal's two, the
//! peer's families: `TST` (a line tangent to both circles, on the inner
//! tangent for circles turning opposite ways, the outer one otherwise) and
//! `TTT` (circles turning the same way at most `4R` apart, through a
//! third circle touching both, on either side). The shortest of all these
//! is the path. The path is G2: it starts at `start`, ends at `goal`
//! (within rounding), and is made of [`Segment::Clothoid`],
//! [`Segment::Arc`] and [`Segment::Line`] segments, letters `T`, `L`/`R`,
//! `S`.
//!
//! # Where this differs from the peer
//!
//! * **Sharpness of the elementary path.** The peer computes `σ₀` from
//!   the chord and never compares it with `σ`. It stays below: over the
//!   deflections where it is used, `σ₀/σ` rises from 0 (at `δ → 0`, where
//!   the chord tends to `2R sin μ`) to 1 (at `δ = 2δ_min`, where the
//!   elementary path becomes the default turn with no arc), and the apex
//!   curvature `√(σ₀δ)` stays below `κ` (the unit test
//!   `the_elementary_path_keeps_the_limits` scans it for clothoids turning
//!   0.05 to 25 radians; none of the peer's paths on 200,000 random
//!   queries broke a limit). Here the elementary path is still taken only
//!   when `σ₀ ≤ σ`, so that rounding near `2δ_min` cannot exceed the limit
//!   (the default turn, equally long there, is taken instead).
//! * **Tolerances.** The peer takes configurations within `10⁻⁴` of each
//!   other as equal, aligned or on a circle (its cases `E`, `S`, `T`,
//!   `TT`) and turns of deflection below `10⁻⁴` as straight lines, ending
//!   up to about `10⁻⁴` away from the goal. Here only an exact alignment is
//!   a line, a turn of deflection below `10⁻¹²` (or within `10⁻¹²` of a
//!   full turn) is the line of `2R sin μ`, and `TT` (the circles exactly
//!   `2R` apart) is the `TST` whose line has length 0.
//!
//! # Examples
//! ```
//! use arcline::planner::{dubins_shortest, plan_dubins_cc};
//! use arcline::Pose;
//! let start = Pose::new(0.0, 0.0, 0.0);
//! let goal = Pose::new(20.0, 10.0, 1.0);
//! let cc = plan_dubins_cc(start, goal, 5.0, 0.05).unwrap();
//! assert!(cc.end_pose().approx_eq(goal, 1e-9));
//! // Ramping the curvature makes the path a little longer.
//! let sharp = dubins_shortest(start, goal, 5.0).unwrap();
//! assert!(cc.length() > sharp.length());
//! assert!(cc.word().starts_with('T'));
//! ```
//!
//! # Errors
//! As [`plan_dubins_cc`]: the first bad argument is named (`start`,
//! `goal`, `radius`, `sharpness`).

use super::cc_turn::{
    cc_center_in_frame, check_sharpness, least_sharpness, sharpness_out_of_range,
};
use super::error::{check_pose, check_radius, MAX_MAGNITUDE};
use crate::error::Error;
#[cfg(doc)]
use crate::error::Reason;
use crate::geom::{
    fresnel::fresnel_cs, math, normalize_angle, pose_queries, wrap_two_pi, Clothoid, Line, Vec2,
};
use crate::{Arc, Path, Point, Pose, Segment};
use core::f64::consts::{FRAC_PI_2, PI, TAU};

/// Deflections this close to 0 (or to a full turn) are no turn at all.
const NO_TURN: f64 = 1e-12;

/// The largest deflection of an elementary path (the peer's existence
/// bound, after Scheuer & Fraichard, IROS 1997).
const ELEMENTARY_MAX: f64 = 4.5948;

/// The curvature limits and the CC circles' shape.
#[derive(Debug, Clone, Copy)]
struct Params {
    kappa: f64,
    sigma: f64,
    /// The CC circle's radius.
    radius: f64,
    /// `μ`, the angle at the CC circle's centre between the start's
    /// normal and the line to the start, with its sine and cosine.
    mu: f64,
    sin_mu: f64,
    cos_mu: f64,
    /// `κ²/(2σ)`: the turn of one clothoid from 0 to `κ`.
    delta_min: f64,
    /// `κ/σ`: that clothoid's length.
    len_min: f64,
}

impl Params {
    /// The error about a sharpness below [`least_sharpness`].
    fn out_of_range(&self) -> Error {
        sharpness_out_of_range(self.kappa)
    }

    fn new(kappa: f64, sigma: f64) -> Params {
        let len_min = kappa / sigma;
        let (xc, yc) = cc_center_in_frame(kappa, sigma);
        let radius = math::hypot(xc, yc);
        let mu = math::atan2(xc.abs(), yc.abs());
        Params {
            kappa,
            sigma,
            radius,
            mu,
            sin_mu: math::sin(mu),
            cos_mu: math::cos(mu),
            delta_min: 0.5 * kappa * (kappa / sigma),
            len_min,
        }
    }
}

/// The point at `(x, y)` in the frame at `origin` turned by the angle
/// whose sine and cosine are `(s, c)`.
fn frame((s, c): (f64, f64), origin: Point, x: f64, y: f64) -> Point {
    Point::new(origin.x + x * c - y * s, origin.y + x * s + y * c)
}

/// The sine and cosine of `theta`.
fn sin_cos(theta: f64) -> (f64, f64) {
    math::sin_cos(theta)
}

/// The sine and cosine of `α + β` from those of `α` and `β`.
fn sum_sin_cos((sa, ca): (f64, f64), (sb, cb): (f64, f64)) -> (f64, f64) {
    (sa * cb + ca * sb, ca * cb - sa * sb)
}

/// `|(x, y)|`: the square root of the sum of squares where neither can
/// overflow nor lose the result to underflow (then within an ulp or so of
/// [`math::hypot`], which scales and splits the squares), else
/// [`math::hypot`].
fn norm(x: f64, y: f64) -> f64 {
    let sq = x * x + y * y;
    if sq > 1e-290 && sq < 1e290 {
        math::sqrt(sq)
    } else {
        math::hypot(x, y)
    }
}

/// The distance between two points, as [`norm`].
fn distance(a: Point, b: Point) -> f64 {
    norm(b.x - a.x, b.y - a.y)
}

/// A CC circle: its centre, its side (`1` left, `−1` right), and whether
/// its turns leave its configuration (`forward`: the start's circles) or
/// arrive at it (the goal's).
#[derive(Debug, Clone, Copy)]
struct Circle {
    center: Point,
    side: f64,
    forward: bool,
    /// The start (or goal) configuration of its turns.
    at: Pose,
}

impl Circle {
    /// The circle of `at`, whose heading has the sine and cosine `turn`.
    fn new(at: Pose, turn: (f64, f64), side: f64, forward: bool, p: &Params) -> Circle {
        let dx = if forward { 1.0 } else { -1.0 } * p.radius * p.sin_mu;
        let dy = side * p.radius * p.cos_mu;
        Circle {
            center: frame(turn, at.position(), dx, dy),
            side,
            forward,
            at,
        }
    }

    fn left(&self) -> bool {
        self.side > 0.0
    }

    /// The deflection of its turn to (or from) `q`, in `[0, 2π)`.
    fn deflection(&self, q: Pose) -> f64 {
        if self.left() == self.forward {
            wrap_two_pi(q.heading - self.at.heading)
        } else {
            wrap_two_pi(self.at.heading - q.heading)
        }
    }

    /// The turn between its configuration and `q` (in the direction of
    /// travel: from `at` to `q` on a forward circle, from `q` to `at` on
    /// the goal's), and its length.
    fn turn(&self, q: Pose, p: &Params) -> (Turn, f64) {
        let delta = self.deflection(q);
        turn_shape(
            self.side,
            delta,
            || distance(self.at.position(), q.position()),
            p,
        )
    }
}

/// The shape of one CC turn.
#[derive(Debug, Clone, Copy)]
enum Turn {
    /// No deflection: the line of this length.
    Straight(f64),
    /// Two clothoids of this sharpness (magnitude) and length each.
    Elementary { side: f64, sigma0: f64, len: f64 },
    /// Clothoid, an arc of this sweep (magnitude), clothoid.
    Default { side: f64, sweep: f64 },
}

/// `D₁(α) = cos α · C(√(2α/π)) + sin α · S(√(2α/π))`.
fn d1(alpha: f64) -> f64 {
    let (c, s) = fresnel_cs(math::sqrt(2.0 * alpha / PI));
    let (sa, ca) = math::sin_cos(alpha);
    ca * c + sa * s
}

/// The shortest CC turn to `side` through `delta ∈ [0, 2π)` over a chord of
/// `chord()` (asked for only where the elementary path may be the
/// shorter), within the limits, and its length (as the peer's
/// `cc_turn_length`, the elementary path only within `σ`).
fn turn_shape(side: f64, delta: f64, chord: impl FnOnce() -> f64, p: &Params) -> (Turn, f64) {
    if !(NO_TURN..=TAU - NO_TURN).contains(&delta) {
        let len = 2.0 * p.radius * p.sin_mu;
        return (Turn::Straight(len), len);
    }
    let two_min = wrap_two_pi(2.0 * p.delta_min);
    let sweep = if delta < two_min {
        TAU + delta - two_min
    } else {
        delta - two_min
    };
    let default = (
        Turn::Default { side, sweep },
        2.0 * p.len_min + sweep / p.kappa,
    );
    if delta < 2.0 * p.delta_min && delta < ELEMENTARY_MAX {
        let chord = chord();
        if chord <= 0.0 {
            return default;
        }
        let d = d1(0.5 * delta);
        let sigma0 = 4.0 * PI * d * d / (chord * chord);
        if sigma0.is_finite() && sigma0 > 0.0 && sigma0 <= p.sigma {
            let len = math::sqrt(delta / sigma0);
            if 2.0 * len < default.1 {
                return (Turn::Elementary { side, sigma0, len }, 2.0 * len);
            }
        }
    }
    default
}

/// The segments of `turn` from `pose`, pushed onto `out`, and the pose
/// where it ends (the heading unwrapped: the start's plus the turn).
fn build_turn(pose: Pose, turn: Turn, p: &Params, out: &mut Vec<Segment>) -> Pose {
    let clothoid = |start: Pose, length: f64, k0: f64, k1: f64| Clothoid {
        start,
        length,
        curvature_start: k0,
        curvature_end: k1,
        reverse: false,
    };
    match turn {
        Turn::Straight(len) => straight(pose, len, out),
        Turn::Elementary { side, sigma0, len } => {
            let peak = side * sigma0 * len;
            let c1 = clothoid(pose, len, 0.0, peak);
            let c2 = clothoid(c1.end(), len, peak, 0.0);
            out.push(c1.into());
            out.push(c2.into());
            Pose::at(
                c2.end().position(),
                pose.heading + side * sigma0 * len * len,
            )
        }
        Turn::Default { side, sweep } => {
            let k = side * p.kappa;
            let c1 = clothoid(pose, p.len_min, 0.0, k);
            out.push(c1.into());
            let mut q = c1.end();
            if sweep > 0.0 {
                let arc = Arc::from_pose(q, 1.0 / p.kappa, side, sweep);
                q = arc.pose_at(arc.length());
                out.push(arc.into());
            }
            let c2 = clothoid(q, p.len_min, k, 0.0);
            out.push(c2.into());
            let turned = 2.0 * p.delta_min + sweep;
            Pose::at(c2.end().position(), pose.heading + side * turned)
        }
    }
}

/// The line of `len` ahead of `pose`, pushed onto `out`, and its end.
fn straight(pose: Pose, len: f64, out: &mut Vec<Segment>) -> Pose {
    let end = pose.position() + pose.direction() * len;
    out.push(Line::new(pose.position(), end).into());
    Pose::at(end, pose.heading)
}

/// One candidate: up to three pieces (turns and a line) and its length.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    pieces: [Option<Turn>; 3],
    length: f64,
}

/// `T S T` between the start's circle `c1` and the goal's `c2` (the inner
/// tangent for opposite sides, the outer for the same side), as the
/// peer's `TiST_path` and `TeST_path`; `None` also when its line alone is
/// no shorter than `best` (it cannot win then).
fn tst(c1: &Circle, c2: &Circle, between: &Between, best: f64, p: &Params) -> Option<Candidate> {
    let (dx, dy) = (p.radius * p.sin_mu, p.radius * p.cos_mu);
    let s = c1.side;
    let Between { dist, angle, dir } = *between;
    let (q1, q2, theta) = if c1.side != c2.side {
        if dist < 2.0 * p.radius {
            return None;
        }
        let sin_alpha = math::clamp(2.0 * p.radius * p.cos_mu / dist, -1.0, 1.0);
        let theta = angle + s * sin_alpha.asin();
        let cos_alpha = math::sqrt((1.0 - sin_alpha) * (1.0 + sin_alpha));
        let turn = sum_sin_cos(dir, (s * sin_alpha, cos_alpha));
        (
            frame(turn, c1.center, dx, -s * dy),
            frame(turn, c2.center, -dx, s * dy),
            theta,
        )
    } else {
        if dist < 2.0 * p.radius * p.sin_mu {
            return None;
        }
        (
            frame(dir, c1.center, dx, -s * dy),
            frame(dir, c2.center, -dx, -s * dy),
            angle,
        )
    };
    let line = distance(q1, q2);
    // NaN as well as a line too long: no candidate.
    let may_win = line < best;
    if !may_win {
        return None;
    }
    let (t1, l1) = c1.turn(Pose::at(q1, theta), p);
    let (t3, l3) = c2.turn(Pose::at(q2, theta), p);
    Some(Candidate {
        pieces: [Some(t1), Some(Turn::Straight(line)), Some(t3)],
        length: l1 + line + l3,
    })
}

/// The line between two circles' centres: its length, its direction's
/// angle and that angle's sine and cosine.
#[derive(Debug, Clone, Copy)]
struct Between {
    dist: f64,
    angle: f64,
    dir: (f64, f64),
}

impl Between {
    fn new(from: Point, to: Point) -> Between {
        let (vx, vy) = (to.x - from.x, to.y - from.y);
        let dist = norm(vx, vy);
        let angle = math::atan2(vy, vx);
        let dir = if dist > 0.0 && dist.is_finite() {
            (vy / dist, vx / dist)
        } else {
            sin_cos(angle)
        };
        Between { dist, angle, dir }
    }
}

/// The configuration where the forward circle `a` touches the circle `b`
/// (centres `2R` apart), as the peer's `TT_tangent_circles`, and the sine
/// and cosine of its heading.
fn touching(a_center: Point, a_side: f64, b_center: Point, p: &Params) -> (Pose, (f64, f64)) {
    let mid = Point::new(
        0.5 * (a_center.x + b_center.x),
        0.5 * (a_center.y + b_center.y),
    );
    let line = Between::new(a_center, b_center);
    // The heading is the line's turned by ±(π/2 − μ).
    let turn = sum_sin_cos(line.dir, (a_side * p.cos_mu, p.sin_mu));
    (
        Pose::at(mid, line.angle + a_side * (FRAC_PI_2 - p.mu)),
        turn,
    )
}

/// The two `T T T` candidates between same-side circles at most `4R`
/// apart, as the peer's `TTT_path` (which keeps the shorter).
fn ttt(c1: &Circle, c2: &Circle, between: &Between, p: &Params) -> [Option<Candidate>; 2] {
    if c1.side != c2.side || between.dist > 4.0 * p.radius {
        return [None, None];
    }
    let r2 = 2.0 * p.radius;
    let half = 0.5 * between.dist;
    let dy = math::sqrt((r2 * r2 - half * half).max(0.0));
    [dy, -dy].map(|dy| {
        let mid_center = frame(between.dir, c1.center, half, dy);
        let (qa, turn_a) = touching(c1.center, c1.side, mid_center, p);
        let (qb, _) = touching(mid_center, -c1.side, c2.center, p);
        let middle = Circle::new(qa, turn_a, -c1.side, true, p);
        let (t1, l1) = c1.turn(qa, p);
        let (t2, l2) = middle.turn(qb, p);
        let (t3, l3) = c2.turn(qb, p);
        Some(Candidate {
            pieces: [Some(t1), Some(t2), Some(t3)],
            length: l1 + l2 + l3,
        })
    })
}

/// Whether `goal` is straight ahead of `start` with its heading: then the
/// path is one line.
fn aligned(start: Pose, goal: Pose) -> bool {
    let d: Vec2 = goal.position() - start.position();
    let u = start.direction();
    normalize_angle(goal.heading - start.heading).abs() <= 1e-15
        && u.cross(d).abs() <= 1e-15 * d.length()
        && u.dot(d) >= 0.0
}

/// The shortest continuous-curvature Dubins path from `start` to `goal`:
/// forwards only, the curvature at most `1/radius` and changing at most
/// `sharpness` per unit length, 0 at both ends, G2 throughout (see the
/// module's description). A goal at the start (same position and heading)
/// gives one clothoid of length 0.
///
/// # Errors
/// [`Reason::NotFinite`](crate::Reason::NotFinite) about `start.*`,
/// `goal.*`, `radius` or `sharpness`;
/// [`Reason::NotPositive`](crate::Reason::NotPositive) about `radius` or
/// `sharpness`; [`Reason::TooLarge`](crate::Reason::TooLarge) about the
/// coordinates, the radius and the sharpness (1e150);
/// [`Reason::OutOfRange`] about `sharpness` when it is so small that the
/// clothoid from 0 to `κ = 1/radius` would turn more than 1e6 radians or
/// be longer than 1e150 (`sharpness < max(κ²/2e6, κ/1e150)`).
pub fn plan_dubins_cc(start: Pose, goal: Pose, radius: f64, sharpness: f64) -> Result<Path, Error> {
    let start = check_pose(start, "start")?;
    let goal = check_pose(goal, "goal")?;
    let p = checked_params(radius, sharpness)?;
    let best = match shortest(start, goal, &p) {
        Some(Shortest::Here) => {
            return Path::single(Clothoid {
                start,
                length: 0.0,
                curvature_start: 0.0,
                curvature_end: 0.0,
                reverse: false,
            })
        }
        Some(Shortest::Straight) => {
            return Path::single(Line::new(start.position(), goal.position()))
        }
        Some(Shortest::Turns(best)) => best,
        None => return Err(p.out_of_range()),
    };
    let mut segs = Vec::with_capacity(7);
    let mut pose = start;
    for turn in best.pieces.into_iter().flatten() {
        pose = build_turn(pose, turn, &p, &mut segs);
    }
    segs.retain(|s| s.length() > 0.0);
    Path::new(segs)
}

/// Batch lengths of [`plan_dubins_cc`]'s paths (no path is built, nothing
/// is allocated): `queries` holds `x0, y0, h0, x1, y1, h1` per query, `out`
/// receives one length per query (0 for a goal at the start).
///
/// # Errors
/// As [`plan_dubins_cc`] about `radius` and `sharpness`;
/// [`Reason::NotAMultiple`] of 6 about `queries`, [`Reason::OutputLength`]
/// about `out`; [`Reason::NotFinite`] or [`Reason::TooLarge`] (beyond
/// 1e150, the headings only when not finite) about `queries[i]`, the first
/// bad value (the output is then unspecified).
///
/// # Examples
/// ```
/// use arcline::planner::{cc_dubins_lengths, plan_dubins_cc};
/// use arcline::Pose;
/// let q = [0.0, 0.0, 0.0, 20.0, 10.0, 1.0, 5.0, 5.0, 2.0, 5.0, 5.0, 2.0];
/// let mut out = [0.0; 2];
/// cc_dubins_lengths(&q, 5.0, 0.05, &mut out).unwrap();
/// let path = plan_dubins_cc(Pose::new(0.0, 0.0, 0.0), Pose::new(20.0, 10.0, 1.0), 5.0, 0.05);
/// assert!((out[0] - path.unwrap().length()).abs() < 1e-12);
/// assert_eq!(out[1], 0.0);
/// ```
pub fn cc_dubins_lengths(
    queries: &[f64],
    radius: f64,
    sharpness: f64,
    out: &mut [f64],
) -> Result<(), Error> {
    let p = checked_params(radius, sharpness)?;
    pose_queries::count(queries, out.len(), 1)?;
    for (k, (q, o)) in queries.chunks_exact(6).zip(out.iter_mut()).enumerate() {
        pose_queries::check_query(q, k, MAX_MAGNITUDE)?;
        let (start, goal) = (Pose::new(q[0], q[1], q[2]), Pose::new(q[3], q[4], q[5]));
        *o = match shortest(start, goal, &p) {
            Some(Shortest::Here) => 0.0,
            Some(Shortest::Straight) => start.position().distance(goal.position()),
            Some(Shortest::Turns(best)) => best.length,
            None => return Err(p.out_of_range()),
        };
    }
    Ok(())
}

/// The limits, checked, and the CC circles' shape.
fn checked_params(radius: f64, sharpness: f64) -> Result<Params, Error> {
    let r = check_radius(radius)?;
    let sigma = check_sharpness(sharpness)?;
    let kappa = 1.0 / r;
    if sigma < least_sharpness(kappa) {
        return Err(sharpness_out_of_range(kappa));
    }
    Ok(Params::new(kappa, sigma))
}

/// What the shortest path is.
#[derive(Debug, Clone, Copy)]
enum Shortest {
    /// The goal is the start: no motion.
    Here,
    /// The goal is straight ahead with the start's heading: one line.
    Straight,
    /// Turns (and a line).
    Turns(Candidate),
}

/// The shortest path from `start` to `goal`, `None` when no family gives
/// one (only for circles of non-finite numbers).
fn shortest(start: Pose, goal: Pose, p: &Params) -> Option<Shortest> {
    if start.position() == goal.position()
        && normalize_angle(goal.heading - start.heading).abs() <= 1e-15
    {
        return Some(Shortest::Here);
    }
    if aligned(start, goal) {
        return Some(Shortest::Straight);
    }
    let (ts, tg) = (sin_cos(start.heading), sin_cos(goal.heading));
    let starts = [1.0, -1.0].map(|s| Circle::new(start, ts, s, true, p));
    let goals = [1.0, -1.0].map(|s| Circle::new(goal, tg, s, false, p));
    let mut best: Option<Candidate> = None;
    for c1 in &starts {
        for c2 in &goals {
            let between = Between::new(c1.center, c2.center);
            let [a, b] = ttt(c1, c2, &between, p);
            let bound = best.map_or(f64::INFINITY, |b| b.length);
            for cand in [tst(c1, c2, &between, bound, p), a, b]
                .into_iter()
                .flatten()
            {
                if cand.length.is_finite() && best.map_or(true, |b| cand.length < b.length) {
                    best = Some(cand);
                }
            }
        }
    }
    // Two same-side circles are either far enough apart for `TeST` or
    // near enough for `TTT`, so there is always a candidate when the
    // numbers are finite.
    best.map(Shortest::Turns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Xorshift;

    #[test]
    fn the_cc_circle_holds_the_end_of_every_default_turn() {
        let p = Params::new(0.5, 0.3);
        let start = Pose::new(1.0, -2.0, 0.7);
        for side in [1.0, -1.0] {
            let c = Circle::new(start, sin_cos(start.heading), side, true, &p);
            for sweep in [0.0, 0.3, 2.0, 5.0] {
                let mut segs = Vec::new();
                let end = build_turn(start, Turn::Default { side, sweep }, &p, &mut segs);
                assert!((end.position().distance(c.center) - p.radius).abs() < 1e-12);
                // The end configuration is at −μ to the circle's tangent.
                let radial = end.position() - c.center;
                let tangent = math::atan2(radial.y, radial.x) + side * FRAC_PI_2;
                let mu = math::atan2(p.sin_mu, p.cos_mu);
                let off = crate::geom::normalize_angle(end.heading - (tangent - side * mu));
                assert!(off.abs() < 1e-12, "{off}");
            }
        }
    }

    #[test]
    fn elementary_turns_end_on_the_circle() {
        let p = Params::new(1.0, 1.0);
        let start = Pose::new(0.0, 0.0, 0.0);
        let c = Circle::new(start, sin_cos(start.heading), 1.0, true, &p);
        let mut found = 0;
        for i in 1..100 {
            let delta = 2.0 * p.delta_min * f64::from(i) / 100.0;
            // The configuration at deflection δ on the circle.
            let (dx, dy) = (p.radius * p.sin_mu, p.radius * p.cos_mu);
            let q = frame(sin_cos(delta), c.center, dx, -dy);
            let (turn, len) = c.turn(Pose::at(q, delta), &p);
            if let Turn::Elementary { sigma0, .. } = turn {
                found += 1;
                assert!(sigma0 <= p.sigma);
                let mut segs = Vec::new();
                let end = build_turn(start, turn, &p, &mut segs);
                assert!(end.position().distance(q) < 1e-12, "{delta}");
                let sum: f64 = segs.iter().map(Segment::length).sum();
                assert!((sum - len).abs() < 1e-12);
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn random_paths_end_at_the_goal() {
        let mut rng = Xorshift::new(35);
        let mut u = |lo: f64, hi: f64| lo + (hi - lo) * rng.unit();
        for _ in 0..500 {
            let start = Pose::new(u(-20.0, 20.0), u(-20.0, 20.0), u(-4.0, 4.0));
            let goal = Pose::new(u(-20.0, 20.0), u(-20.0, 20.0), u(-4.0, 4.0));
            let r = u(0.5, 5.0);
            let sigma = u(0.05, 5.0) / (r * r);
            let path = plan_dubins_cc(start, goal, r, sigma).unwrap();
            assert!(path.end_pose().approx_eq(goal, 1e-9), "{path:?}");
            assert!(path.is_g1(1e-9));
        }
    }

    /// The peer's elementary path is as sharp as the limit only where it
    /// becomes the default turn (`δ = 2δ_min`): below, `σ₀ < σ` and the
    /// apex curvature `√(σ₀δ) < κ` (a scan of `δ` over the range where it
    /// is used, for clothoids turning from 0.05 to 25 radians).
    #[test]
    fn the_elementary_path_keeps_the_limits() {
        for ratio in [0.02, 0.1, 0.5, 1.0, 3.0, 10.0] {
            let (k, s) = (0.7, 0.49 * ratio);
            let p = Params::new(k, s);
            let start = Pose::new(3.0, 1.0, 2.0);
            for side in [1.0, -1.0] {
                let c = Circle::new(start, sin_cos(start.heading), side, true, &p);
                let (dx, dy) = (p.radius * p.sin_mu, side * p.radius * p.cos_mu);
                let top = (2.0 * p.delta_min).min(ELEMENTARY_MAX);
                for i in 1..2000 {
                    let delta = top * f64::from(i) / 2000.0;
                    let q = frame(sin_cos(start.heading + side * delta), c.center, dx, -dy);
                    let chord = q.distance(start.position());
                    let d = d1(0.5 * delta);
                    let sigma0 = 4.0 * PI * d * d / (chord * chord);
                    assert!(sigma0 < s, "ratio {ratio}, delta {delta}: {sigma0} > {s}");
                    assert!((sigma0 * delta).sqrt() < k);
                    let (turn, _) = c.turn(Pose::at(q, start.heading + side * delta), &p);
                    if 2.0 * p.delta_min < ELEMENTARY_MAX {
                        assert!(matches!(turn, Turn::Elementary { .. }), "{delta}: {turn:?}");
                    }
                }
            }
        }
    }
}
