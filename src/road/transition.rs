//! Turns with transition curves: the road article's "next level". Where the
//! seed's construction puts an arc between two lines, this puts a clothoid
//! of length `L` (curvature 0 to `1/R`), an arc of radius `R` and a clothoid
//! back to 0, symmetric, so that the curvature along the centre line is
//! continuous (G2) and the sideways force ramps instead of jumping.
//!
//! The turn keeps the seed's frame: it leaves the same profile, turns by
//! the same angle, and meets the other leg (the fillet) or the other
//! profile's line (the U-turn) tangentially, so the line that follows is
//! the seed's. Only the radius changes: for a clothoid pair the turn reaches
//! farther along its first leg (its tangent length is `k + (R + p)·tan(δ/2)`
//! with the classic shifts `k ≈ L/2` and `p ≈ L²/24R`), so `R` is solved so
//! that the end pose lies on the other line: the signed distance of the
//! end from it grows with `R`, and a bracketed secant search (Illinois)
//! finds its zero to a few units of rounding, between `L/δ` (no arc left)
//! and the seed's own radius (no transition).
//! When even `R = L/δ` overshoots, the transition is too long for the turn
//! ([`Reason::TransitionTooLong`], with the longest that fits, found the
//! same way).
//!
//! # Examples
//! ```
//! use arcline::road::{connect_profiles_with, ConnectOptions, Lane, LaneKind, Profile};
//! let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
//! let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
//! let b = Profile { x: 40.0, y: 40.0, heading: core::f64::consts::FRAC_PI_2, lanes };
//! let options = ConnectOptions { transition: 10.0, ..ConnectOptions::default() };
//! let piece = connect_profiles_with(&a, &b, &options).unwrap();
//! assert_eq!(piece.centerline.word(), "TLT");
//! ```

use super::construct::{Centreline, LENGTH_TOL};
use super::construction::{Fillet, Semicircle};
use super::PieceKind;
use crate::error::Reason;
use crate::geom::{Arc, Clothoid, Line, Path, Point, Pose, Segment, Vec2};

/// Bisection steps on a transition's length (more than f64 needs on any
/// bracket).
const BISECTIONS: usize = 200;

/// Steps of the radius's search at most: the bracket halves at least
/// every other step (more than f64 needs on any bracket).
const RADIUS_STEPS: usize = 400;

/// The radius's bracket is narrow enough once its width is at most this
/// many units of rounding of the radius.
const RADIUS_ULPS: f64 = 4.0;

/// The pieces of the symmetric turn from `start` to `side` (`1` left,
/// `−1` right) by `delta > 0` on radius `r` with transitions of length
/// `lt`: clothoid, arc (none when it has no sweep), clothoid.
fn spiral_pieces(
    start: Pose,
    side: f64,
    delta: f64,
    r: f64,
    lt: f64,
) -> (Clothoid, Option<Arc>, Clothoid) {
    let k = side / r;
    let c1 = Clothoid {
        start,
        length: lt,
        curvature_start: 0.0,
        curvature_end: k,
        reverse: false,
    };
    let sweep = delta - lt / r;
    let mut at = c1.end();
    let arc = (sweep > 0.0).then(|| Arc::from_pose(at, r, side, sweep));
    if let Some(arc) = arc {
        at = arc.pose_at(arc.length());
    }
    let c2 = Clothoid {
        start: at,
        length: lt,
        curvature_start: k,
        curvature_end: 0.0,
        reverse: false,
    };
    (c1, arc, c2)
}

/// The symmetric turn of [`spiral_pieces`] as segments.
fn spiral_turn(start: Pose, side: f64, delta: f64, r: f64, lt: f64) -> Vec<Segment> {
    let (c1, arc, c2) = spiral_pieces(start, side, delta, r, lt);
    let mut segs = vec![Segment::Clothoid(c1)];
    segs.extend(arc.map(Segment::Arc));
    segs.push(Segment::Clothoid(c2));
    segs
}

/// Where the turn ends.
fn end_of(segs: &[Segment]) -> Point {
    segs.last().map_or(Point::ORIGIN, Segment::end)
}

/// Where [`spiral_turn`] ends, without building its segments.
fn spiral_turn_end(start: Pose, side: f64, delta: f64, r: f64, lt: f64) -> Point {
    spiral_pieces(start, side, delta, r, lt).2.end().position()
}

/// The signed distance of the turn's end from the line through `q` along
/// `d`, positive on the side the turn comes from (so it grows with `r`
/// once the end passes the line).
fn past(start: Pose, side: f64, delta: f64, r: f64, lt: f64, q: Point, d: Vec2) -> f64 {
    -side * d.cross(spiral_turn_end(start, side, delta, r, lt) - q)
}

/// The radius in `[lo, hi]` whose turn ends on the line, when the end
/// crosses it in that range (`past` at `lo` ≤ 0 ≤ at `hi`): the upper end
/// of a bracket at most [`RADIUS_ULPS`] units of rounding wide, or a
/// radius where `past` is exactly 0.
///
/// The Illinois variant of the secant method on the bracket: the secant
/// through its ends, and where one end stays twice in a row its value
/// halved, so that both ends close in (superlinearly, where bisection
/// only halves the bracket a step); a bisection wherever the secant's point
/// falls outside the bracket or the bracket has not halved in two steps.
fn solve_radius(
    start: Pose,
    side: f64,
    delta: f64,
    lt: f64,
    (q, d): (Point, Vec2),
    (mut lo, mut hi): (f64, f64),
) -> Option<f64> {
    let f = |r: f64| past(start, side, delta, r, lt, q, d);
    if !(lo > 0.0 && hi >= lo) {
        return None;
    }
    let (mut f_lo, mut f_hi) = (f(lo), f(hi));
    if f_lo > 0.0 || f_hi < 0.0 {
        return None;
    }
    // Which end moved last (−1 low, 1 high, 0 neither), and the width two
    // steps ago.
    let (mut last, mut width_before) = (0i8, f64::INFINITY);
    for step in 0..RADIUS_STEPS {
        let width = hi - lo;
        if width <= RADIUS_ULPS * f64::EPSILON * hi || f_hi == 0.0 {
            break;
        }
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let secant = hi - f_hi * (width / (f_hi - f_lo));
        let stalled = step % 2 == 0 && width > 0.5 * width_before;
        if step % 2 == 0 {
            width_before = width;
        }
        let x = if !stalled && secant > lo && secant < hi {
            secant
        } else {
            mid
        };
        let fx = f(x);
        if fx == 0.0 {
            return Some(x);
        }
        if fx > 0.0 {
            hi = x;
            f_hi = fx;
            if last == 1 {
                f_lo *= 0.5;
            }
            last = 1;
        } else {
            lo = x;
            f_lo = fx;
            if last == -1 {
                f_hi *= 0.5;
            }
            last = -1;
        }
    }
    Some(hi)
}

/// The longest transition for which a turn from `start` by `delta` still
/// ends on the line without passing it at the least radius `L/δ`: found
/// by bisection on `L` in `[0, upper]`.
fn longest(start: Pose, side: f64, delta: f64, line: (Point, Vec2), upper: f64) -> f64 {
    let fits = |lt: f64| past(start, side, delta, lt / delta, lt, line.0, line.1) <= 0.0;
    let (mut lo, mut hi) = (0.0, upper);
    if fits(hi) {
        return hi;
    }
    for _ in 0..BISECTIONS {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The segments walked the other way (the turn built backwards from the
/// far profile, to end exactly there).
fn reversed(segs: Vec<Segment>) -> Vec<Segment> {
    segs.iter().rev().map(Segment::reversed).collect()
}

/// The seed's fillet (`seed`, a line and an arc or an arc and a line) with
/// its arc replaced by a turn with transitions of length `lt`: from `a`
/// when the arc came first (it ends on `b`'s line), else backwards from
/// `b` (it ends on `a`'s line); the rest of the leg is a line.
///
/// # Errors
/// [`Reason::TransitionTooLong`] when no radius fits.
pub(crate) fn fillet(seed: &Centreline, lt: f64) -> Result<Centreline, Reason> {
    let f = seed.fillets[0];
    let (a, b) = (f.a, f.b);
    let delta = crate::geom::normalize_angle(b.heading - a.heading);
    let side = if delta < 0.0 { -1.0 } else { 1.0 };
    let delta = delta.abs();
    let arc_first = f.kind == PieceKind::ArcLine;
    let (start, side_built, line) = if arc_first {
        (a, side, (b.position(), b.direction()))
    } else {
        let back = Pose::at(b.position(), b.heading + core::f64::consts::PI);
        (back, -side, (a.position(), -a.direction()))
    };
    let lo = lt / delta;
    let r = solve_radius(start, side_built, delta, lt, line, (lo, f.radius)).ok_or(
        Reason::TransitionTooLong {
            max: longest(start, side_built, delta, line, lt),
        },
    )?;
    let turn = spiral_turn(start, side_built, delta, r, lt);
    let min_len = LENGTH_TOL * a.position().distance(b.position());
    let mut segs = Vec::with_capacity(4);
    let m;
    if arc_first {
        m = end_of(&turn);
        segs.extend(turn);
        push_line(&mut segs, m, b.position(), min_len);
    } else {
        m = end_of(&turn);
        push_line(&mut segs, a.position(), m, min_len);
        segs.extend(reversed(turn));
    }
    finish(seed, segs, r, Some(m))
}

/// The seed's U-turn (a semicircle of radius `lateral/2` and a line) with
/// the semicircle replaced by a half turn with transitions: its radius is
/// solved so that it ends on `b`'s line.
///
/// # Errors
/// [`Reason::TransitionTooLong`] when no radius fits.
pub(crate) fn u_turn(
    seed: &Centreline,
    a: Pose,
    b: Pose,
    forward: f64,
    lt: f64,
) -> Result<Centreline, Reason> {
    let semi = seed
        .semicircle
        .ok_or(Reason::TransitionTooLong { max: 0.0 })?;
    let side = if a.left().dot(b.position() - a.position()) < 0.0 {
        -1.0
    } else {
        1.0
    };
    let delta = core::f64::consts::PI;
    let da = a.direction();
    let start = if forward <= 0.0 {
        a
    } else {
        Pose::at(a.position() + da * forward, a.heading)
    };
    let line = (b.position(), b.direction());
    let r = solve_radius(start, side, delta, lt, line, (lt / delta, semi.radius)).ok_or(
        Reason::TransitionTooLong {
            max: longest(start, side, delta, line, lt),
        },
    )?;
    let min_len = LENGTH_TOL * a.position().distance(b.position());
    let turn = spiral_turn(start, side, delta, r, lt);
    let mut segs = Vec::with_capacity(4);
    if forward <= 0.0 {
        let end = end_of(&turn);
        segs.extend(turn);
        push_line(&mut segs, end, b.position(), min_len);
    } else {
        push_line(&mut segs, a.position(), start.position(), min_len);
        segs.extend(turn);
    }
    let mut c = finish(seed, segs, r, None)?;
    c.semicircle = Some(Semicircle {
        center: semi.center,
        radius: semi.radius,
    });
    Ok(c)
}

fn push_line(segs: &mut Vec<Segment>, from: Point, to: Point, min_len: f64) {
    if from.distance(to) > min_len {
        segs.push(Segment::Line(Line::new(from, to)));
    }
}

/// The centreline of these segments, its least radius `r`, the seed's
/// fillet kept with the turn's own `M` (where the line meets the turn).
fn finish(
    seed: &Centreline,
    segs: Vec<Segment>,
    r: f64,
    m: Option<Point>,
) -> Result<Centreline, Reason> {
    let path = Path::new(segs).map_err(|_| Reason::Overflow)?;
    let fillets = seed
        .fillets
        .iter()
        .map(|f| Fillet {
            m: m.unwrap_or(f.m),
            radius: r,
            ..*f
        })
        .collect();
    Ok(Centreline {
        kind: seed.kind,
        path,
        min_radius: r,
        fillets,
        semicircle: seed.semicircle,
    })
}
