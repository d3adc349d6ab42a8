//! A clothoid as circular arcs: a G1 arc spline within a stated distance of
//! it, for what must be drawn or offset with lines and arcs (canvas
//! `arc()`, SVG `A`, concentric lane edges), and the point of a clothoid
//! nearest a given point.
//!
//! The clothoid is cut into pieces of equal length, and each piece is
//! replaced by the *biarc* between its two end poses: two arcs, tangent to
//! each other where they meet, tangent to the clothoid at both ends, with
//! equal tangent lengths. The ends of the pieces are exact points of the
//! clothoid with its exact headings, so the spline is G1 and passes through
//! them. On a piece of length `h` along which the curvature changes by
//! `σh`, the biarc lies within `|σ|h³/48` of the clothoid and its heading
//! within `|σ|h²/8` (the leading terms of the expansion in `h`; the tests
//! check them on random clothoids against dense samples). The number of
//! pieces is chosen from those bounds, with a factor of 2 to spare.
//!
//! # Offsets
//!
//! An offset (a lane edge) offsets each arc concentrically, and the
//! heading's error counts there only squared. Take a point `P` of the
//! spline, `Q` its nearest point on the clothoid (`|P − Q| = e ≤ ε`, along
//! the clothoid's normal at `Q`) and `ψ` the difference of their headings.
//! Their offsets by `d` differ by `e − d(1 − cos ψ)` along that normal and
//! by `|d| sin ψ ≤ |d|ψ =: w` along the tangent. The exact offset runs
//! through the offset of `Q` along that tangent with a curvature of at most
//! `K` (the offset of curvature `κ` has `κ/(1 − κd)`); where `Kw ≤ ½` it
//! advances `w` along the tangent within an arc length of `1.1w` (as
//! `sin x / x ≥ 1 − x²/6`), straying from the tangent by at most
//! `K(1.1w)²/2` there. So the offset of `P` is within
//! `ε + |d|ψ²/2 + 0.605·K·d²ψ²` of the exact offset, and the same argument
//! from the exact offset to the spline's (whose arcs' offsets have
//! curvatures bounded by the same `K`) bounds the other direction. With
//! `ε` three quarters of the tolerance, `ψ ≤ √(tolerance / (2(|d| +
//! 1.21·K·d²)))` keeps the rest within the last quarter, where the linear
//! bound (`|d|ψ`, the offsets of the two points themselves) asks for
//! `ψ ≤ tolerance/(4|d|)`: for a lane edge a few metres out at a
//! millimetre, about a hundred times more, so that the position's bound
//! decides and an edge takes several times fewer arcs. `K` is
//! `κ′/(1 − κ′|d|)` for `κ′` a quarter more than the clothoid's largest
//! curvature, and the arcs built are checked to stay within `κ′` (they lie
//! between the curvatures of the clothoid's ends, up to the spline's own
//! small error); where they do not, or where `κ′|d| ≥ 0.9`, the linear
//! bound is used. Near the clothoid's ends the exact offset is taken on
//! along its end tangents (the spline meets the clothoid's end
//! poses exactly, so `e` and `ψ` vanish there). The tests check both
//! directions at dense stations.
//!
//! # Examples
//! ```
//! use arcline::geom::Clothoid;
//! use arcline::{Pose, Segment};
//! let c = Clothoid::new(Pose::new(0.0, 0.0, 0.0), 10.0, 0.0, 0.2).unwrap();
//! let arcs = c.to_arcs(1e-6).unwrap();
//! let last = arcs.last().unwrap();
//! // The spline ends where the clothoid ends.
//! assert!(last.end().distance(c.end().position()) < 1e-12);
//! assert!(arcs.iter().all(|s| matches!(s, Segment::Arc(_))));
//! ```

use super::{arc_to_point, math, Clothoid, Line, Point, Pose, Segment};
use crate::error::{Error, Reason};
use core::f64::consts::FRAC_PI_8;

/// The most pieces one clothoid is cut into: past this, the tolerance asked
/// for is below what the clothoid's length and curvature allow in f64.
pub const MAX_PIECES: usize = 1 << 16;

/// The tolerance of drawing and SVG, as a fraction of a clothoid's length.
pub const DRAWING_TOLERANCE: f64 = 1e-6;

impl Clothoid {
    /// Lines and arcs, joined G1, within `tolerance` of the clothoid
    /// (distance from every point of one to the other), starting and ending
    /// at its exact end poses, each in the clothoid's gear. A clothoid of
    /// constant curvature comes back as one arc (or one line).
    ///
    /// # Errors
    /// [`Reason::NotPositive`] or [`Reason::NotFinite`] about `tolerance`;
    /// [`Reason::TooMany`] about `tolerance` when it would take more than
    /// [`MAX_PIECES`] arcs.
    pub fn to_arcs(&self, tolerance: f64) -> Result<Vec<Segment>, Error> {
        self.to_arcs_within(tolerance, f64::INFINITY)
    }

    /// As [`Clothoid::to_arcs`], with the heading of the spline also within
    /// `heading_tolerance` radians of the clothoid's at every point (what an
    /// offset at distance `d` needs: its error is the position's plus `|d|`
    /// times the heading's).
    ///
    /// # Errors
    /// As [`Clothoid::to_arcs`], about `tolerance` or `heading_tolerance`.
    pub fn to_arcs_within(
        &self,
        tolerance: f64,
        heading_tolerance: f64,
    ) -> Result<Vec<Segment>, Error> {
        crate::error::positive(tolerance, "tolerance")?;
        // Infinity is allowed here: no bound on the heading.
        if heading_tolerance.is_nan() {
            return Err(Error::at("heading_tolerance", Reason::NotFinite));
        }
        if heading_tolerance <= 0.0 {
            return Err(Error::at("heading_tolerance", Reason::NotPositive));
        }
        let n = self
            .pieces_for(tolerance, heading_tolerance)
            .ok_or_else(|| {
                Error::at(
                    "tolerance",
                    Reason::TooMany {
                        max: MAX_PIECES,
                        got: MAX_PIECES + 1,
                    },
                )
            })?;
        let reverse = self.reverse;
        if self.curvature_start == self.curvature_end || self.length == 0.0 {
            return Ok(vec![constant_piece(self).with_reverse(reverse)]);
        }
        let mut out = Vec::with_capacity(2 * n);
        let h = self.length / n as f64;
        let mut from = self.travel_pose_at(0.0);
        for i in 1..=n {
            let to = if i == n {
                self.travel_pose_at(self.length)
            } else {
                self.travel_pose_at(h * i as f64)
            };
            biarc(from, to, &mut out);
            from = to;
        }
        Ok(out.into_iter().map(|s| s.with_reverse(reverse)).collect())
    }

    /// How many equal pieces keep each biarc within the tolerances, or
    /// `None` past [`MAX_PIECES`].
    fn pieces_for(&self, tolerance: f64, heading_tolerance: f64) -> Option<usize> {
        let sigma = self.sharpness().abs();
        let len = self.length;
        if sigma == 0.0 || len == 0.0 {
            return Some(1);
        }
        // Each piece turns by at most π/8, where the expansions hold well.
        let turn = self.turn_bound();
        let by_turn = turn / FRAC_PI_8;
        // σh³/48 ≤ tol/2 and σh²/8 ≤ heading_tol/2.
        let h_pos = libm::cbrt(24.0 * tolerance / sigma);
        let h_head = libm::sqrt(4.0 * heading_tolerance / sigma);
        let h = if h_head < h_pos { h_head } else { h_pos };
        let by_error = len / h;
        let n = libm::ceil(if by_turn > by_error {
            by_turn
        } else {
            by_error
        });
        if n.is_finite() && n <= MAX_PIECES as f64 {
            Some((n as usize).max(1))
        } else {
            None
        }
    }

    /// The parallel curve `d` to the vehicle's left as lines and arcs,
    /// within `tolerance` of the exact offset: the arcs of
    /// [`Clothoid::to_arcs_within`], each offset concentrically, with three
    /// quarters of the tolerance in position (all of it at `d = 0`) and a
    /// heading tolerance that keeps the offset within the rest (the
    /// heading's error counts there only squared, as the module's docs
    /// derive). The offset of a clothoid is not a clothoid, which is why
    /// it comes as arcs.
    ///
    /// # Errors
    /// As [`Clothoid::to_arcs`];
    /// [`Reason::OffsetCollapsesArc`] about `distance` when an arc's radius
    /// would be ≤ 0 (the offset passes the centre of curvature).
    pub fn offset_arcs(&self, d: f64, tolerance: f64) -> Result<Vec<Segment>, Error> {
        crate::error::finite(d, "distance")?;
        let heading = self.pose_at(0.0).heading;
        let offset = |arcs: Vec<Segment>| arcs.iter().map(|a| a.offset(d, heading)).collect();
        if d == 0.0 {
            return offset(self.to_arcs(tolerance)?);
        }
        let position = POSITION_SHARE * tolerance;
        let budget = tolerance - position;
        let kappa =
            CURVATURE_MARGIN * math::larger(self.curvature_start.abs(), self.curvature_end.abs());
        if let Some(heading_tolerance) = quadratic_heading_tolerance(kappa, d, budget) {
            let arcs = self.to_arcs_within(position, heading_tolerance)?;
            // The bound assumed the arcs' curvatures within `kappa`.
            if arcs.iter().all(|a| segment_curvature(a).abs() <= kappa) {
                return offset(arcs);
            }
        }
        offset(self.to_arcs_within(position, budget / d.abs())?)
    }

    /// At least the total turn `∫|κ| ds`.
    fn turn_bound(&self) -> f64 {
        let (a, b) = (self.curvature_start, self.curvature_end);
        if (a >= 0.0) == (b >= 0.0) {
            0.5 * (a.abs() + b.abs()) * self.length
        } else {
            // Through zero curvature: two triangles.
            let t = a.abs() / (a.abs() + b.abs());
            0.5 * (a.abs() * t + b.abs() * (1.0 - t)) * self.length
        }
    }

    /// The distance along the clothoid of its point nearest `p`, and that
    /// point. The candidates come from the arcs of
    /// [`Clothoid::to_arcs`] (within 1e-3 of the length), each refined by
    /// Newton's method on the clothoid itself, so the point is the
    /// clothoid's to rounding; when two distant parts of the clothoid are
    /// within that tolerance of the same distance from `p`, the one chosen
    /// may be the farther by at most twice it.
    #[must_use]
    pub fn nearest(&self, p: Point) -> (f64, Point) {
        let start = self.travel_pose_at(0.0).position();
        let len = self.length;
        if len == 0.0 {
            return (0.0, start);
        }
        let arcs = self
            .to_arcs(1e-3 * len)
            .unwrap_or_else(|_| vec![constant_piece(self)]);
        let mut best = (0.0, start);
        let mut best_d2 = (start - p).length_squared();
        let mut before = 0.0;
        for seg in &arcs {
            let s0 = before + seg_nearest(seg, p);
            before += seg.length();
            let s = self.refine(p, s0);
            let q = self.travel_pose_at(s).position();
            let d2 = (q - p).length_squared();
            if d2 < best_d2 {
                best_d2 = d2;
                best = (s, q);
            }
        }
        let end = self.travel_pose_at(len).position();
        if (end - p).length_squared() < best_d2 {
            best = (len, end);
        }
        best
    }

    /// Newton's method on `(P(s) − p)·T(s) = 0` from `s`, kept within
    /// `[0, length]`; a step that does not bring the point nearer stops it.
    fn refine(&self, p: Point, mut s: f64) -> f64 {
        let mut d2 = (self.travel_pose_at(s).position() - p).length_squared();
        for _ in 0..8 {
            let pose = self.travel_pose_at(s);
            let r = pose.position() - p;
            let g = r.dot(pose.direction());
            let dg = 1.0 + self.curvature_at(s) * r.dot(pose.left());
            if dg.is_nan() || dg <= 0.0 {
                break;
            }
            let next = super::math::clamp(s - g / dg, 0.0, self.length);
            let nd2 = (self.travel_pose_at(next).position() - p).length_squared();
            if nd2.is_nan() || nd2 >= d2 {
                break;
            }
            s = next;
            d2 = nd2;
        }
        s
    }
}

/// The share of an offset's tolerance that [`Clothoid::offset_arcs`] gives
/// the spline's position (the rest bounds the heading's effect).
const POSITION_SHARE: f64 = 0.75;

/// How far beyond the clothoid's largest curvature the arcs' curvatures
/// are taken to reach in the offset's bound (checked on the arcs built).
const CURVATURE_MARGIN: f64 = 1.25;

/// The heading tolerance of an arc spline, all of whose arcs have
/// curvatures within `kappa`, for its offset by `d ≠ 0` to stay within
/// `budget` of the exact offset beyond the spline's own distance from the
/// clothoid: the quadratic bound of the module's docs ("Offsets"), when
/// it exists (`kappa·|d| < 0.9`) and is larger than the linear one.
fn quadratic_heading_tolerance(kappa: f64, d: f64, budget: f64) -> Option<f64> {
    let ad = d.abs();
    // NaN as well as too near the pole: no quadratic bound.
    let away_from_pole = kappa * ad < 0.9;
    if !away_from_pole {
        return None;
    }
    // The offsets' curvatures: κ/(1 − κd) at most.
    let k = kappa / (1.0 - kappa * ad);
    let quadratic = math::smaller(
        libm::sqrt(2.0 * budget / (ad + 1.21 * k * ad * ad)),
        0.5 / (k * ad),
    );
    (quadratic > budget / ad).then_some(quadratic)
}

/// The curvature of a line or an arc (signed as it turns).
fn segment_curvature(seg: &Segment) -> f64 {
    match seg {
        Segment::Arc(a) => a.turn() / a.radius,
        _ => 0.0,
    }
}

/// A clothoid of constant curvature as the one line or arc it is.
fn constant_piece(c: &Clothoid) -> Segment {
    let from = c.travel_pose_at(0.0);
    let to = c.travel_pose_at(c.length);
    if c.curvature_start == 0.0 || c.length == 0.0 {
        return Segment::Line(Line::new(from.position(), to.position()));
    }
    let r = 1.0 / c.curvature_start;
    let center = from.position() + from.left() * r;
    let start_angle = (from.position() - center).angle();
    Segment::Arc(super::Arc {
        center,
        radius: r.abs(),
        start_angle,
        sweep: c.curvature_start * c.length,
        reverse: false,
    })
}

/// The distance along a line or arc of its point nearest `p`.
fn seg_nearest(seg: &Segment, p: Point) -> f64 {
    match seg {
        Segment::Line(l) => match l.direction() {
            Some(d) => super::math::clamp((p - l.start).dot(d), 0.0, l.length()),
            None => 0.0,
        },
        Segment::Arc(a) => {
            let rel = super::wrap_two_pi((a.angle_of(p) - a.start_angle) * a.turn());
            let span = a.sweep.abs();
            if rel <= span {
                rel * a.radius
            } else if super::wrap_two_pi(rel - span) < super::wrap_two_pi(-rel) {
                a.length()
            } else {
                0.0
            }
        }
        Segment::Clothoid(c) => c.nearest(p).0,
    }
}

/// The biarc from `from` to `to` (equal tangent lengths), pushed as two
/// segments (lines where a part is straight). The joint is computed once
/// and both arcs are built towards it, the second from `to` backwards, so
/// each ends exactly where it must.
fn biarc(from: Pose, to: Pose, out: &mut Vec<Segment>) {
    let (t0, t1) = (from.direction(), to.direction());
    let v = to.position() - from.position();
    let t = t0 + t1;
    let vt = v.dot(t);
    let one_minus_c = 1.0 - t0.dot(t1);
    let vv = v.length_squared();
    // 2(1−c)d² + 2(v·t)d − v·v = 0, in the form without cancellation.
    let d = vv / (vt + libm::sqrt(vt * vt + 2.0 * one_minus_c * vv));
    let joint = (from.position() + t0 * d).lerp(to.position() - t1 * d, 0.5);
    let first = arc_to_point(from, joint)
        .unwrap_or_else(|_| Segment::Line(Line::new(from.position(), joint)));
    let back = Pose::at(to.position(), to.heading + core::f64::consts::PI);
    let second = arc_to_point(back, joint)
        .map(|s| s.reversed())
        .unwrap_or_else(|_| Segment::Line(Line::new(joint, to.position())));
    out.push(first);
    out.push(second);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Xorshift;

    trait Range {
        fn range(&mut self, lo: f64, hi: f64) -> f64;
    }

    impl Range for Xorshift {
        fn range(&mut self, lo: f64, hi: f64) -> f64 {
            lo + (hi - lo) * self.unit()
        }
    }

    /// The farthest any of `m` samples of the clothoid lies from the spline
    /// and the largest heading difference there.
    fn deviation(c: &Clothoid, arcs: &[Segment], m: usize) -> (f64, f64) {
        let mut worst = (0.0f64, 0.0f64);
        for i in 0..=m {
            let s = c.length * i as f64 / m as f64;
            let q = c.travel_pose_at(s);
            let (mut best, mut head) = (f64::INFINITY, 0.0);
            let mut before = 0.0;
            for seg in arcs {
                let u = seg_nearest(seg, q.position());
                let on = seg.pose_at(u, 0.0);
                let d = on.position().distance(q.position());
                if d < best {
                    best = d;
                    head = crate::geom::normalize_angle(on.heading - q.heading).abs();
                }
                before += seg.length();
            }
            let _ = before;
            worst = (worst.0.max(best), worst.1.max(head));
        }
        worst
    }

    #[test]
    fn the_spline_is_g1_ends_exactly_and_stays_within_the_tolerance() {
        let mut rng = Xorshift::new(7);
        for _ in 0..200 {
            let len = rng.range(0.1, 50.0);
            let k0 = rng.range(-1.0, 1.0);
            let k1 = rng.range(-1.0, 1.0);
            let start = Pose::new(
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
                rng.range(-3.0, 3.0),
            );
            let c = Clothoid::new(start, len, k0, k1).unwrap();
            let tol = 1e-6 * len;
            let arcs = c.to_arcs(tol).unwrap();
            let path = crate::Path::new(arcs.clone()).unwrap();
            assert!(path.is_g1(1e-9), "{c:?}");
            assert!(path.start_pose().approx_eq(c.pose_at(0.0), 1e-12));
            let end = c.end();
            assert!(path.end_pose().position().distance(end.position()) < 1e-9 * (1.0 + len));
            let (dev, _) = deviation(&c, &arcs, 2000);
            assert!(dev <= tol, "{c:?}: {dev:e} > {tol:e}");
        }
    }

    #[test]
    fn the_heading_bound_holds() {
        let mut rng = Xorshift::new(11);
        for _ in 0..100 {
            let len = rng.range(0.5, 20.0);
            let c = Clothoid::new(
                Pose::new(0.0, 0.0, 0.4),
                len,
                rng.range(-2.0, 2.0),
                rng.range(-2.0, 2.0),
            )
            .unwrap();
            let arcs = c.to_arcs_within(1.0, 1e-5).unwrap();
            let (_, head) = deviation(&c, &arcs, 2000);
            // At the samples the spline's nearest point is within O(h³) of
            // the clothoid's, so its heading matches to the bound plus that.
            assert!(head <= 1e-5 * 1.01, "{c:?}: {head:e}");
        }
    }

    /// The offsets of random clothoids (lane edges: curvatures up to 1/5,
    /// offsets up to 8 on either side), both ways at dense stations: each
    /// exact offset point is within the tolerance of the offset arcs, and
    /// each point of the offset arcs is at `d` from the clothoid within it
    /// (distances from a clothoid are along its normals, so a point's
    /// distance from the exact offset is its distance from the clothoid
    /// less `|d|`, where its nearest point is inside the clothoid).
    #[test]
    fn offsets_stay_within_the_tolerance_both_ways() {
        let mut rng = Xorshift::new(23);
        let (mut worst, mut arcs_now, mut arcs_linear) = (0.0f64, 0, 0);
        for _ in 0..30 {
            let len = rng.range(1.0, 40.0);
            let (k0, k1) = (rng.range(-0.2, 0.2), rng.range(-0.2, 0.2));
            let c = Clothoid::new(Pose::new(1.0, -2.0, rng.range(-3.0, 3.0)), len, k0, k1).unwrap();
            let d = rng.range(-8.0, 8.0);
            let kmax = k0.abs().max(k1.abs());
            if kmax * d.abs() > 0.8 {
                continue;
            }
            for tol in [1e-3, 1e-5] {
                let Ok(edge) = c.offset_arcs(d, tol) else {
                    continue;
                };
                arcs_now += edge.len();
                arcs_linear += c
                    .to_arcs_within(0.5 * tol, 0.5 * tol / d.abs())
                    .unwrap()
                    .len();
                let m: u32 = 1000;
                for i in 0..=m {
                    let q = c.travel_pose_at(len * f64::from(i) / f64::from(m));
                    let exact = q.position() + q.direction().perp() * d;
                    // The arcs are in order along the clothoid, of equal
                    // pieces: the nearest is among a few around station i's.
                    let at = i as usize * edge.len() / m as usize;
                    let miss = edge[at.saturating_sub(4)..(at + 5).min(edge.len())]
                        .iter()
                        .map(|seg| {
                            seg.pose_at(seg_nearest(seg, exact), 0.0)
                                .position()
                                .distance(exact)
                        })
                        .fold(f64::INFINITY, f64::min);
                    worst = worst.max(miss / tol);
                    assert!(
                        miss <= tol,
                        "{c:?} d {d} tol {tol}: {miss:e} at station {i}"
                    );
                }
                for seg in &edge {
                    for j in 0..=20 {
                        let p = seg
                            .pose_at(seg.length() * f64::from(j) / 20.0, 0.0)
                            .position();
                        let (s, on) = c.nearest(p);
                        if s <= 0.0 || s >= len {
                            continue;
                        }
                        let gap = (on.distance(p) - d.abs()).abs();
                        worst = worst.max(gap / tol);
                        assert!(gap <= tol, "{c:?} d {d} tol {tol}: {gap:e} off at {p:?}");
                    }
                }
            }
        }
        // The check can see errors (the worst is a few per cent of the
        // tolerance: the position's bound has a factor 2 to spare), and the
        // bound takes no more arcs than the linear heading bound.
        assert!(worst > 0.01 && worst <= 1.0, "{worst}");
        assert!(arcs_now < arcs_linear, "{arcs_now} vs {arcs_linear}");
        // A road's transition (8 m to a radius of 30 m) and its outer lane
        // edge 5.5 m out, at a millimetre: a few times fewer arcs.
        let c = Clothoid::new(Pose::new(0.0, 0.0, 0.0), 8.0, 0.0, 1.0 / 30.0).unwrap();
        let now = c.offset_arcs(5.5, 1e-3).unwrap().len();
        let linear = c.to_arcs_within(5e-4, 5e-4 / 5.5).unwrap().len();
        assert!(3 * now <= linear, "{now} vs {linear}");
    }

    #[test]
    fn constant_curvature_is_one_arc_or_line() {
        let c = Clothoid::new(Pose::new(1.0, 2.0, 0.5), 3.0, 0.25, 0.25).unwrap();
        let arcs = c.to_arcs(1e-9).unwrap();
        assert_eq!(arcs.len(), 1);
        let Segment::Arc(a) = arcs[0] else { panic!() };
        assert!((a.radius - 4.0).abs() < 1e-15);
        assert!(a.end().distance(c.end().position()) < 1e-14);
        let line = Clothoid::new(Pose::new(1.0, 2.0, 0.5), 3.0, 0.0, 0.0).unwrap();
        assert!(matches!(
            line.to_arcs(1e-9).unwrap()[..],
            [Segment::Line(_)]
        ));
    }

    #[test]
    fn tolerances_are_checked() {
        let c = Clothoid::new(Pose::new(0.0, 0.0, 0.0), 3.0, 0.0, 1.0).unwrap();
        assert_eq!(
            c.to_arcs(0.0).unwrap_err().to_string(),
            "tolerance: must be greater than zero"
        );
        assert!(c.to_arcs(f64::NAN).is_err());
        assert!(c.to_arcs_within(1e-3, f64::NAN).is_err());
        let long = Clothoid::new(Pose::new(0.0, 0.0, 0.0), 1e6, 0.0, 1e3).unwrap();
        assert!(long.to_arcs(1e-12).is_err());
    }

    #[test]
    fn the_nearest_point_is_the_one_dense_sampling_finds() {
        let mut rng = Xorshift::new(3);
        for _ in 0..30 {
            let len = rng.range(0.5, 30.0);
            let c = Clothoid::new(
                Pose::new(0.0, 0.0, 0.0),
                len,
                rng.range(-0.5, 0.5),
                rng.range(-0.5, 0.5),
            )
            .unwrap();
            let p = Point::new(rng.range(-20.0, 30.0), rng.range(-20.0, 20.0));
            let (s, q) = c.nearest(p);
            assert!(q.distance(c.travel_pose_at(s).position()) < 1e-12);
            let m = 20_000;
            let mut brute = f64::INFINITY;
            for i in 0..=m {
                let d = c
                    .travel_pose_at(len * i as f64 / m as f64)
                    .position()
                    .distance(p);
                brute = brute.min(d);
            }
            let d = q.distance(p);
            assert!(d <= brute + 1e-12, "{c:?} {p:?}: {d} vs {brute}");
            // Sampled at spacing h, the true minimum is below the samples' by O(h²).
            let h = len / m as f64;
            assert!(d >= brute - h * h - 1e-12);
        }
    }
}
