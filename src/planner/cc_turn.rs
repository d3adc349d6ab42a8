//! Turn then go with a steering wheel that turns at a finite rate: the
//! continuous-curvature (CC) turn of Fraichard & Scheuer ("From Reeds and
//! Shepp's to continuous-curvature paths", IEEE T-RO 2004), then the line to
//! the target.
//!
//! A CC turn through a deflection `δ` leaves the start at curvature 0 and
//! comes back to 0: with `κ = 1/radius` and `σ` the sharpness (the most the
//! curvature changes per unit length), and `δ_min = κ²/σ`,
//!
//! * `δ ≥ δ_min`: a clothoid from 0 to `κ` (length `κ/σ`, turning
//!   `δ_min/2`), an arc of radius `1/κ` turning `δ − δ_min`, and a clothoid
//!   from `κ` back to 0 (letters `T L T` or `T R T`);
//! * `δ < δ_min`: two clothoids of sharpness `σ` meeting at the curvature
//!   `√(σδ) < κ` (letters `T T`), the shortest way to turn by `δ` at that
//!   sharpness.
//!
//! Then a line (`S`) to the target: the path is G2 throughout, curvature
//! 0 at both ends, at most `κ` everywhere, changing at most `σ` per unit
//! length. The seed's construction generalises: the turn ends where the
//! line from its end pose passes through the target ahead, the deflection
//! found as the first root of `g(δ) = side · (u(δ) × (target − q(δ)))`
//! (the target's side of the exit line) that the target is ahead of: the
//! deflection is scanned in 512 steps over `[0, 2π + δ_min]` (past
//! `δ_min` the exit pose repeats every 2π), and the root bisected to
//! rounding. For turns with an arc the same exit is also a tangent, as in
//! the seed: every exit line touches one circle about the arc's centre
//! ([`turn_then_go_cc_sides`](super::turn_then_go_cc_sides) draws that
//! construction). As `σ` grows the clothoids shrink to nothing and the path
//! tends to [`plan_turn`](super::plan_turn)'s, the difference in length in
//! proportion to `1/σ`.
//!
//! # Examples
//! ```
//! use arcline::planner::{plan_turn, plan_turn_cc};
//! use arcline::{Point, Pose};
//! let start = Pose::new(0.0, 0.0, 0.0);
//! let target = Point::new(20.0, 30.0);
//! let cc = plan_turn_cc(start, target, 10.0, 0.01).unwrap().unwrap();
//! assert_eq!(cc.word(), "TLTS");
//! let sharp = plan_turn(start, target, 10.0).unwrap().unwrap();
//! // Ramping the curvature makes the turn a little longer.
//! assert!(cc.length() > sharp.length());
//! assert!(cc.end_pose().position().distance(target) < 1e-9);
//! ```

use super::error::{check_point, check_pose, check_radius, MAX_MAGNITUDE};
use crate::error::{Error, Reason};
use crate::geom::{math, Clothoid, Line};
use crate::{Arc, Path, Point, Pose, Segment};
use core::f64::consts::TAU;

/// The options of the turning planners that ramp the curvature
/// (`planTurn` and `planDubins` in JavaScript).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CurvatureOptions {
    /// The most the curvature changes per unit length (1/length²): with
    /// it, turns are clothoid–arc–clothoid, G2, curvature 0 at both ends;
    /// without it, the turns of the first part (arcs).
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub sharpness: Option<f64>,
}

/// The most the clothoid from 0 to `1/radius` may turn (radians): its
/// length is then at most `2·MAX_TURN·radius`, and rounding moves its end
/// by about `1e-16` of that.
pub(super) const MAX_TURN: f64 = 1e6;

/// Steps of the scan for the deflection.
const SCAN_STEPS: usize = 512;

/// Bisection steps of the deflection (more than f64 needs over `[0, 8]`).
const BISECTIONS: usize = 64;

/// The curvature limits of a CC turn.
#[derive(Debug, Clone, Copy)]
pub(super) struct Limits {
    /// The most curvature, `1/radius`.
    pub(super) kappa: f64,
    /// The most change of curvature per unit length.
    pub(super) sigma: f64,
}

impl Limits {
    /// `κ²/σ`: the least deflection with an arc in the middle.
    pub(super) fn delta_min(self) -> f64 {
        self.kappa * self.kappa / self.sigma
    }
}

/// The segments of the CC turn from `start` to `side` (`1` left, `−1`
/// right) through the deflection `delta ≥ 0`, pushed onto `out`, and its
/// end pose (heading exactly `start.heading + side · delta`).
pub(super) fn turn(
    start: Pose,
    side: f64,
    delta: f64,
    lim: Limits,
    out: Option<&mut Vec<Segment>>,
) -> Pose {
    let (k, s) = (lim.kappa, lim.sigma);
    let mut segs: [Option<Segment>; 3] = [None; 3];
    let end = if delta >= lim.delta_min() {
        let len = k / s;
        let c1 = Clothoid {
            start,
            length: len,
            curvature_start: 0.0,
            curvature_end: side * k,
            reverse: false,
        };
        let p1 = c1.end();
        let arc = Arc::from_pose(p1, 1.0 / k, side, delta - lim.delta_min());
        let p2 = arc.pose_at(arc.length());
        let c2 = Clothoid {
            start: p2,
            length: len,
            curvature_start: side * k,
            curvature_end: 0.0,
            reverse: false,
        };
        segs = [Some(c1.into()), Some(arc.into()), Some(c2.into())];
        c2.end()
    } else {
        let peak = (s * delta).sqrt();
        let len = peak / s;
        let c1 = Clothoid {
            start,
            length: len,
            curvature_start: 0.0,
            curvature_end: side * peak,
            reverse: false,
        };
        let c2 = Clothoid {
            start: c1.end(),
            length: len,
            curvature_start: side * peak,
            curvature_end: 0.0,
            reverse: false,
        };
        segs[0] = Some(c1.into());
        segs[1] = Some(c2.into());
        c2.end()
    };
    if let Some(out) = out {
        out.extend(segs.into_iter().flatten());
    }
    Pose::at(end.position(), start.heading + side * delta)
}

/// `side · (u × (target − q))` for the exit pose of deflection `delta`,
/// and `u · (target − q)` (the target ahead when positive).
fn exit_side(start: Pose, side: f64, delta: f64, lim: Limits, target: Point) -> (f64, f64) {
    let q = turn(start, side, delta, lim, None);
    let d = target - q.position();
    let u = q.direction();
    (side * u.cross(d), u.dot(d))
}

/// The deflection of the turn to `side` after which the target is dead
/// ahead, or `None` when no turn to that side faces it.
pub(super) fn deflection(start: Pose, side: f64, lim: Limits, target: Point) -> Option<f64> {
    let top = TAU + lim.delta_min();
    let at = |i: usize| top * i as f64 / SCAN_STEPS as f64;
    let (g0, ahead0) = exit_side(start, side, 0.0, lim, target);
    if g0 == 0.0 && ahead0 > 0.0 {
        return Some(0.0);
    }
    let mut prev = g0;
    for i in 1..=SCAN_STEPS {
        let (g, ahead) = exit_side(start, side, at(i), lim, target);
        // A descending crossing faces the target; an ascending one turns
        // the back to it.
        if prev >= 0.0 && g <= 0.0 {
            let (mut lo, mut hi) = (at(i - 1), at(i));
            for _ in 0..BISECTIONS {
                let mid = 0.5 * (lo + hi);
                if mid <= lo || mid >= hi {
                    break;
                }
                if exit_side(start, side, mid, lim, target).0 > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let (_, ahead_root) = exit_side(start, side, hi, lim, target);
            if ahead_root > 0.0 || ahead > 0.0 {
                return Some(hi);
            }
        }
        prev = g;
    }
    None
}

/// The CC turn to `side` and the line to the target, or `None` when no
/// turn to that side faces the target.
fn side_path(start: Pose, side: f64, lim: Limits, target: Point) -> Result<Option<Path>, Error> {
    let Some(delta) = deflection(start, side, lim, target) else {
        return Ok(None);
    };
    side_path_at(start, side, delta, lim, target).map(Some)
}

/// The CC turn to `side` through `delta`, then the line from its end to
/// the target.
pub(super) fn side_path_at(
    start: Pose,
    side: f64,
    delta: f64,
    lim: Limits,
    target: Point,
) -> Result<Path, Error> {
    let mut segs = Vec::with_capacity(4);
    let q = turn(start, side, delta, lim, Some(&mut segs));
    segs.push(Line::new(q.position(), target).into());
    Path::new(segs)
}

/// Turn then go with continuous curvature: the shorter of the left and
/// right CC turns followed by the line to `target`, curvature at most
/// `1/radius` and changing at most `sharpness` per unit length, 0 at both
/// ends (see the module's description). `None` when neither side reaches
/// the target (a target so near the start that every turn's exit line
/// passes beside it).
///
/// # Errors
/// [`Reason::NotFinite`] about `start.*`, `target.*`, `radius` or
/// `sharpness`; [`Reason::NotPositive`] about `radius` or `sharpness`;
/// [`Reason::TooLarge`] about the coordinates and the radius (1e150) and
/// about `sharpness` (1e150).
pub fn plan_turn_cc(
    start: Pose,
    target: Point,
    radius: f64,
    sharpness: f64,
) -> Result<Option<Path>, Error> {
    let start = check_pose(start, "start")?;
    let target = check_point(target, "target")?;
    let r = check_radius(radius)?;
    let sigma = check_sharpness(sharpness)?;
    let lim = Limits {
        kappa: 1.0 / r,
        sigma,
    };
    let right = side_path(start, -1.0, lim, target)?;
    let left = side_path(start, 1.0, lim, target)?;
    Ok(match (right, left) {
        (Some(r), Some(l)) => Some(if l.length() < r.length() { l } else { r }),
        (r, l) => r.or(l),
    })
}

/// `sharpness` when it is a finite number in `(0, 1e150]`.
///
/// # Errors
/// As [`plan_turn_cc`] about `sharpness`.
pub(crate) fn check_sharpness(sharpness: f64) -> Result<f64, Error> {
    crate::error::positive(sharpness, "sharpness")?;
    let limit = MAX_MAGNITUDE;
    if sharpness > limit {
        return Err(Error::at("sharpness", Reason::TooLarge { limit }));
    }
    Ok(sharpness)
}

/// The least sharpness for the curvature `k`: the clothoid from 0 to `k`
/// turns `k²/(2σ)` over `k/σ`, at most [`MAX_TURN`] radians (beyond, its
/// end is lost to rounding) and 1e150 units.
pub(super) fn least_sharpness(k: f64) -> f64 {
    (0.5 * k * k / MAX_TURN).max(k / MAX_MAGNITUDE)
}

/// The error about a sharpness below [`least_sharpness`].
pub(super) fn sharpness_out_of_range(k: f64) -> Error {
    Error::at(
        "sharpness",
        Reason::OutOfRange {
            min: least_sharpness(k),
            max: MAX_MAGNITUDE,
        },
    )
}

/// `Ω` in the frame of a left turn's start (x ahead, y left): the centre
/// of the arc after the clothoid of length `κ/σ` from curvature 0 to `κ`.
pub(super) fn cc_center_in_frame(kappa: f64, sigma: f64) -> (f64, f64) {
    let end = Clothoid {
        start: Pose::new(0.0, 0.0, 0.0),
        length: kappa / sigma,
        curvature_start: 0.0,
        curvature_end: kappa,
        reverse: false,
    }
    .end();
    let (s, c) = (math::sin(end.heading), math::cos(end.heading));
    (end.x - s / kappa, end.y + c / kappa)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::plan_turn;
    use crate::test_rng::Xorshift;

    fn curvature_at(seg: &Segment, s: f64) -> f64 {
        match seg {
            Segment::Line(_) => 0.0,
            Segment::Arc(a) => a.turn() / a.radius,
            Segment::Clothoid(c) => c.curvature_at(s),
        }
    }

    /// G2, curvature and sharpness within their limits, 0 at both ends, the
    /// end on the target with the line's heading.
    fn check(path: &Path, start: Pose, target: Point, r: f64, sigma: f64) {
        let segs = path.segments();
        assert!(path.start_pose().approx_eq(start, 1e-12));
        assert!(path.is_g1(1e-9), "{path:?}");
        let mut k_prev = 0.0;
        for seg in segs {
            let k0 = curvature_at(seg, 0.0);
            assert!(
                (k0 - k_prev).abs() <= 1e-9,
                "curvature jumps {k_prev} -> {k0}"
            );
            k_prev = curvature_at(seg, seg.length());
            for t in [0.0, 0.5, 1.0] {
                assert!(curvature_at(seg, t * seg.length()).abs() <= 1.0 / r * (1.0 + 1e-12));
            }
            if let Segment::Clothoid(c) = seg {
                assert!(c.sharpness().abs() <= sigma * (1.0 + 1e-9), "{c:?}");
            }
        }
        assert_eq!(k_prev, 0.0);
        assert!(path.end_pose().position().distance(target) < 1e-9);
        let Segment::Line(l) = segs.last().unwrap() else {
            panic!("ends with a line")
        };
        // The line leaves the turn along its heading: its end is dead ahead.
        let q = segs[segs.len() - 2].pose_at(segs[segs.len() - 2].length(), 0.0);
        let d = l.end - l.start;
        assert!(q.direction().cross(d).abs() <= 1e-9 * (1.0 + d.length()));
        assert!(q.direction().dot(d) >= -1e-12);
    }

    #[test]
    fn random_turns_are_g2_within_their_limits_and_reach_the_target() {
        let mut rng = Xorshift::new(5);
        let mut u = |lo: f64, hi: f64| lo + (hi - lo) * rng.unit();
        for _ in 0..300 {
            let start = Pose::new(u(-10.0, 10.0), u(-10.0, 10.0), u(-3.0, 3.0));
            let target = Point::new(u(-60.0, 60.0), u(-60.0, 60.0));
            let r = u(1.0, 15.0);
            let sigma = u(0.2, 5.0) / (r * r);
            if let Some(p) = plan_turn_cc(start, target, r, sigma).unwrap() {
                check(&p, start, target, r, sigma);
            }
        }
    }

    /// The shortest by a plain search: every root of `g` on a dense scan
    /// of both sides (sign changes in 5,000 steps, each bisected), the ones
    /// with the target ahead, their lengths; ours is the least of them.
    #[test]
    fn no_turn_of_a_dense_scan_is_shorter() {
        let mut rng = Xorshift::new(9);
        let mut u = |lo: f64, hi: f64| lo + (hi - lo) * rng.unit();
        for _ in 0..25 {
            let start = Pose::new(0.0, 0.0, u(-3.0, 3.0));
            let target = Point::new(u(-40.0, 40.0), u(-40.0, 40.0));
            let (r, sigma) = (5.0, u(0.005, 0.5));
            let lim = Limits {
                kappa: 1.0 / r,
                sigma,
            };
            let ours = plan_turn_cc(start, target, r, sigma).unwrap();
            let mut best = f64::INFINITY;
            for side in [-1.0, 1.0] {
                let g = |delta: f64| {
                    let q = turn(start, side, delta, lim, None);
                    q.direction().cross(target - q.position())
                };
                let n = 5_000;
                let top = TAU + lim.delta_min();
                for i in 0..n {
                    let (mut lo, mut hi) =
                        (top * i as f64 / n as f64, top * (i + 1) as f64 / n as f64);
                    if (g(lo) > 0.0) == (g(hi) > 0.0) {
                        continue;
                    }
                    for _ in 0..60 {
                        let mid = 0.5 * (lo + hi);
                        if (g(mid) > 0.0) == (g(lo) > 0.0) {
                            lo = mid;
                        } else {
                            hi = mid;
                        }
                    }
                    let mut segs = Vec::new();
                    let q = turn(start, side, hi, lim, Some(&mut segs));
                    let d = target - q.position();
                    if q.direction().dot(d) > 0.0 {
                        let len = segs.iter().map(Segment::length).sum::<f64>() + d.length();
                        best = best.min(len);
                    }
                }
            }
            match ours {
                Some(p) => assert!(p.length() <= best + 1e-9, "{} vs {best}", p.length()),
                None => assert!(best.is_infinite(), "the scan found {best}"),
            }
        }
    }

    #[test]
    fn as_sharpness_grows_the_path_tends_to_the_sharp_turn() {
        let start = Pose::new(0.0, 0.0, 0.0);
        let target = Point::new(20.0, 30.0);
        let r = 10.0;
        let sharp = plan_turn(start, target, r).unwrap().unwrap().length();
        let mut prev = f64::INFINITY;
        for e in 0..=6 {
            let sigma = 10f64.powi(e) / (r * r);
            let cc = plan_turn_cc(start, target, r, sigma)
                .unwrap()
                .unwrap()
                .length();
            let diff = cc - sharp;
            assert!(diff > 0.0 && diff < prev / 5.0, "sigma {sigma}: {diff}");
            // In proportion to 1/σ: diff · σ settles.
            if e >= 2 {
                assert!((diff * sigma - prev * sigma / 10.0).abs() < 0.05 * diff * sigma);
            }
            prev = diff;
        }
        assert!(prev < 1e-4 * sharp);
    }

    #[test]
    fn straight_ahead_is_no_turn_and_bad_input_is_named() {
        let p = plan_turn_cc(Pose::new(0.0, 0.0, 0.0), Point::new(7.0, 0.0), 2.0, 1.0)
            .unwrap()
            .unwrap();
        assert!((p.length() - 7.0).abs() < 1e-12);
        let e = |r: Result<Option<Path>, Error>| r.unwrap_err().to_string();
        let s = Pose::new(0.0, 0.0, 0.0);
        let t = Point::new(5.0, 5.0);
        assert_eq!(
            e(plan_turn_cc(s, t, 1.0, 0.0)),
            "sharpness: must be greater than zero"
        );
        assert_eq!(
            e(plan_turn_cc(s, t, 1.0, f64::NAN)),
            "sharpness: must be a finite number"
        );
        assert_eq!(
            e(plan_turn_cc(s, t, -1.0, 1.0)),
            "radius: must be greater than zero"
        );
        assert!(e(plan_turn_cc(s, t, 1.0, 1e151)).starts_with("sharpness"));
        // The target at the start: no turn faces it.
        assert_eq!(
            plan_turn_cc(s, Point::new(0.0, 0.0), 1.0, 1.0).unwrap(),
            None
        );
    }
}
