//! `Clothoid`: a curve whose curvature changes linearly with distance (an
//! Euler spiral), the transition between a line and an arc or between two
//! arcs.
//!
//! Its points are the generalized Fresnel integrals of
//! [`fresnel`](super::fresnel), always evaluated from the clothoid's own
//! start (phase `κ′s²/2 + κ₀s + θ₀`), never as the difference of two points
//! on a spiral from zero curvature: that difference loses digits as the
//! curvature change shrinks, and this does not.
//!
//! # Examples
//! ```
//! use arcline::geom::Clothoid;
//! use arcline::Pose;
//! // From straight to a radius of 10 over 5 units of length.
//! let c = Clothoid::new(Pose::new(0.0, 0.0, 0.0), 5.0, 0.0, 0.1).unwrap();
//! assert!((c.sharpness() - 0.02).abs() < 1e-15);
//! assert!((c.heading_at(5.0) - 0.25).abs() < 1e-15);
//! let end = c.end();
//! assert!(end.x > 4.9 && end.y > 0.4 && end.y < 0.42);
//! ```

use super::fresnel::generalized_fresnel_cs;
use super::{math, Point, Pose};
use crate::error::{Error, Field, Reason};
use core::f64::consts::FRAC_PI_2;

/// The largest coordinate, length or curvature a clothoid takes, as the
/// planner's [`MAX_MAGNITUDE`](crate::planner::MAX_MAGNITUDE): products of
/// two of them stay finite.
const LIMIT: f64 = crate::planner::MAX_MAGNITUDE;

/// Headings that are multiples of π/2 a bounding box examines at most;
/// beyond them (a clothoid winding hundreds of times) it is the square of
/// half-side `length` around the start.
const MAX_BOX_CANDIDATES: f64 = 1024.0;

/// A clothoid segment: from `start`, `length` units of travel along which
/// the curvature goes linearly from `curvature_start` to `curvature_end`
/// (signed: `+` turns left).
///
/// With `curvature_start == curvature_end` it is an arc (or a line at zero
/// curvature), and evaluating it loses nothing to that.
///
/// `start`, the curvatures and [`Clothoid::heading_at`] describe the
/// direction of travel; on a clothoid driven in reverse the vehicle faces
/// the other way ([`Clothoid::pose_at`]), as on a reversing [`Arc`](super::Arc).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(as = "super::shape::ClothoidShape")
)]
pub struct Clothoid {
    /// Position and heading at distance 0.
    pub start: Pose,
    /// The length, zero or more.
    pub length: f64,
    /// Curvature at distance 0 (1/radius, `+` to the left).
    pub curvature_start: f64,
    /// Curvature at distance `length`.
    pub curvature_end: f64,
    /// Driven backwards: the vehicle faces against the direction of travel
    /// (the poses and curvatures above are the direction of travel's).
    pub reverse: bool,
}

impl Clothoid {
    /// A clothoid, or an error naming the first field that is not a finite
    /// number of magnitude at most 1e150, or a negative `length`.
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `start.x`, `start.y`, `start.heading`,
    /// `length`, `curvature_start` or `curvature_end`;
    /// [`Reason::TooLarge`] (1e150) about any of them but the heading;
    /// [`Reason::Negative`] about `length`.
    ///
    /// # Examples
    /// ```
    /// use arcline::geom::Clothoid;
    /// use arcline::{Pose, Reason};
    /// let start = Pose::new(0.0, 0.0, 0.0);
    /// assert!(Clothoid::new(start, 3.0, 0.0, 0.5).is_ok());
    /// let e = Clothoid::new(start, -1.0, 0.0, 0.5).unwrap_err();
    /// assert_eq!(e.to_string(), "length: must not be negative");
    /// let e = Clothoid::new(start, 1.0, 0.0, f64::NAN).unwrap_err();
    /// assert_eq!(e.reason(), &Reason::NotFinite);
    /// ```
    pub fn new(
        start: Pose,
        length: f64,
        curvature_start: f64,
        curvature_end: f64,
    ) -> Result<Clothoid, Error> {
        let c = Clothoid {
            start,
            length,
            curvature_start,
            curvature_end,
            reverse: false,
        };
        c.check()?;
        Ok(c)
    }

    /// `Ok` when the fields pass [`Clothoid::new`]'s checks (the fields are
    /// public, so a clothoid built by hand may not).
    ///
    /// # Errors
    /// As [`Clothoid::new`].
    pub fn check(&self) -> Result<(), Error> {
        let too_large = Reason::TooLarge { limit: LIMIT };
        self.start.check("start")?;
        for (v, k) in [(self.start.x, "x"), (self.start.y, "y")] {
            if v.abs() > LIMIT {
                return Err(Error::new(Field::named("start").key(k), too_large));
            }
        }
        crate::error::non_negative(self.length, "length")?;
        for (v, name) in [
            (self.length, "length"),
            (self.curvature_start, "curvature_start"),
            (self.curvature_end, "curvature_end"),
        ] {
            crate::error::finite(v, name)?;
            if v.abs() > LIMIT {
                return Err(Error::at(name, too_large));
            }
        }
        Ok(())
    }

    /// The rate of change of curvature per unit of length,
    /// `(curvature_end − curvature_start) / length`; 0 for a clothoid of
    /// length 0 (and infinite when a finite change of curvature happens
    /// over a length so short that the quotient overflows).
    #[must_use]
    pub fn sharpness(&self) -> f64 {
        if self.length > 0.0 {
            (self.curvature_end - self.curvature_start) / self.length
        } else {
            0.0
        }
    }

    /// `s` limited to `[0, length]`.
    fn clamp(&self, s: f64) -> f64 {
        math::clamp(s, 0.0, self.length)
    }

    /// The fraction `s / length` of a clamped `s` (0 when the length is 0).
    fn fraction(&self, s: f64) -> f64 {
        if self.length > 0.0 {
            s / self.length
        } else {
            0.0
        }
    }

    /// The curvature at distance `s` (clamped to `[0, length]`): exactly
    /// `curvature_start` at 0 and `curvature_end` at `length`.
    #[must_use]
    pub fn curvature_at(&self, s: f64) -> f64 {
        let t = self.fraction(self.clamp(s));
        if t >= 1.0 {
            self.curvature_end
        } else {
            self.curvature_start + (self.curvature_end - self.curvature_start) * t
        }
    }

    /// The heading at distance `s` (clamped to `[0, length]`): the start's
    /// heading plus the turn so far, `s·(κ₀ + κ(s))/2`, not wrapped.
    #[must_use]
    pub fn heading_at(&self, s: f64) -> f64 {
        let s = self.clamp(s);
        self.start.heading + s * (0.5 * (self.curvature_start + self.curvature_at(s)))
    }

    /// Position and the vehicle's heading at distance `s` (clamped to
    /// `[0, length]`): on a clothoid driven in reverse, the vehicle faces
    /// against the direction of travel.
    ///
    /// # Examples
    /// ```
    /// use arcline::geom::Clothoid;
    /// use arcline::Pose;
    /// use core::f64::consts::PI;
    /// // Constant curvature 1: half a unit circle.
    /// let c = Clothoid::new(Pose::new(0.0, 0.0, 0.0), PI, 1.0, 1.0).unwrap();
    /// let p = c.pose_at(PI);
    /// assert!(p.x.abs() < 1e-15 && (p.y - 2.0).abs() < 1e-15);
    /// assert_eq!(c.pose_at(10.0), c.end());
    /// ```
    #[must_use]
    pub fn pose_at(&self, s: f64) -> Pose {
        let p = self.travel_pose_at(s);
        if self.reverse {
            Pose::at(p.position(), p.heading + core::f64::consts::PI)
        } else {
            p
        }
    }

    /// Position and the heading of the direction of travel at distance `s`
    /// (clamped to `[0, length]`): [`Clothoid::pose_at`] for a clothoid
    /// driven forwards.
    #[must_use]
    pub fn travel_pose_at(&self, s: f64) -> Pose {
        let s = self.clamp(s);
        // The heading at u along is θ₀ + b t + a t²/2 with t = u/s in [0, 1].
        let a = (self.curvature_end - self.curvature_start) * s * self.fraction(s);
        let b = self.curvature_start * s;
        let (x, y) = generalized_fresnel_cs(a, b, self.start.heading);
        Pose::new(
            self.start.x + s * x,
            self.start.y + s * y,
            self.heading_at(s),
        )
    }

    /// The pose at the end (distance `length`), the vehicle's heading.
    #[must_use]
    pub fn end(&self) -> Pose {
        self.pose_at(self.length)
    }

    /// The same clothoid driven in reverse (`true`) or forwards (`false`).
    #[must_use]
    pub fn with_reverse(self, reverse: bool) -> Clothoid {
        Clothoid { reverse, ..self }
    }

    /// The clothoid walked the other way, in the same gear: from the end,
    /// facing back, with the curvatures swapped and negated (a left turn
    /// walked backwards is a right turn).
    #[must_use]
    pub fn reversed(&self) -> Clothoid {
        let end = self.travel_pose_at(self.length);
        Clothoid {
            start: Pose::at(end.position(), end.heading + core::f64::consts::PI),
            length: self.length,
            // 0 − κ, not −κ: a zero curvature stays +0.
            curvature_start: 0.0 - self.curvature_end,
            curvature_end: 0.0 - self.curvature_start,
            reverse: self.reverse,
        }
    }

    /// The smallest axis-aligned box holding the clothoid, as its lower-left
    /// and upper-right corners.
    ///
    /// The extremes of x and y lie at the ends or where the heading is a
    /// multiple of π/2: for each such multiple in the range of the heading
    /// the quadratic `θ(s) = kπ/2` gives the distances, so the box is exact
    /// to the rounding of those roots (an error of second order, as the
    /// curve is parallel to the box's side there). A clothoid that would
    /// need more than 1024 such points (hundreds of windings) gets the
    /// square of half-side `length` around its start, which holds it too.
    ///
    /// # Examples
    /// ```
    /// use arcline::geom::Clothoid;
    /// use arcline::Pose;
    /// use core::f64::consts::PI;
    /// // A full unit circle, as a clothoid of constant curvature.
    /// let c = Clothoid::new(Pose::new(0.0, -1.0, 0.0), 2.0 * PI, 1.0, 1.0).unwrap();
    /// let (lo, hi) = c.bounding_box();
    /// assert!((lo.x + 1.0).abs() < 1e-15 && (lo.y + 1.0).abs() < 1e-15);
    /// assert!((hi.x - 1.0).abs() < 1e-15 && (hi.y - 1.0).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn bounding_box(&self) -> (Point, Point) {
        let first = self.start.position();
        let (mut lo, mut hi) = (first, first);
        let mut add = |p: Pose| {
            lo = Point::new(math::smaller(lo.x, p.x), math::smaller(lo.y, p.y));
            hi = Point::new(math::larger(hi.x, p.x), math::larger(hi.y, p.y));
        };
        add(self.end());
        let len = self.length;
        if len <= 0.0 {
            return (lo, hi);
        }
        // θ(t) = θ₀ + B t + (A/2) t² over t = s/length in [0, 1].
        let (big_b, big_a) = (
            self.curvature_start * len,
            (self.curvature_end - self.curvature_start) * len,
        );
        let theta0 = self.start.heading;
        let theta1 = theta0 + big_b + 0.5 * big_a;
        let (mut tmin, mut tmax) = (math::smaller(theta0, theta1), math::larger(theta0, theta1));
        let vertex = if big_a != 0.0 { -big_b / big_a } else { -1.0 };
        if vertex > 0.0 && vertex < 1.0 {
            let tv = theta0 + 0.5 * big_b * vertex;
            tmin = math::smaller(tmin, tv);
            tmax = math::larger(tmax, tv);
            add(self.pose_at(vertex * len));
        }
        let kmin = libm::ceil(tmin / FRAC_PI_2);
        let kmax = libm::floor(tmax / FRAC_PI_2);
        // A NaN count (a heading range beyond f64) is not "few" either.
        let few = kmax - kmin < MAX_BOX_CANDIDATES;
        if !few {
            let (x, y) = (self.start.x, self.start.y);
            return (Point::new(x - len, y - len), Point::new(x + len, y + len));
        }
        let mut k = kmin;
        while k <= kmax {
            // (A/2) t² + B t + d = 0 with d = θ₀ − kπ/2.
            let d = theta0 - k * FRAC_PI_2;
            let mut roots = [f64::NAN; 2];
            if big_a == 0.0 {
                if big_b != 0.0 {
                    roots[0] = -d / big_b;
                }
            } else {
                let disc = big_b * big_b - 2.0 * big_a * d;
                if disc >= 0.0 {
                    let sq = math::sqrt(disc);
                    let q = -0.5 * (big_b + if big_b < 0.0 { -sq } else { sq });
                    if q != 0.0 {
                        roots = [q / (0.5 * big_a), d / q];
                    } else {
                        roots[0] = 0.0;
                    }
                }
            }
            for t in roots {
                if t > 0.0 && t < 1.0 {
                    add(self.pose_at(t * len));
                }
            }
            k += 1.0;
        }
        (lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::{PI, TAU};

    fn start() -> Pose {
        Pose::new(1.5, -2.0, 0.3)
    }

    #[test]
    fn constant_curvature_is_the_arc_of_its_closed_form() {
        for (k, len) in [
            (1.0, 1.0),
            (-0.37, 4.0),
            (1e-9, 3.0),
            (250.0, 0.2),
            (3.0, 100.0),
        ] {
            let c = Clothoid::new(start(), len, k, k).unwrap();
            for i in 0..=8 {
                let s = len * f64::from(i) / 8.0;
                // The chord: length 2 sin(ks/2)/k, direction θ₀ + ks/2.
                let chord = 2.0 * libm::sin(0.5 * k * s) / k;
                let x = 1.5 + chord * libm::cos(0.3 + 0.5 * k * s);
                let y = -2.0 + chord * libm::sin(0.3 + 0.5 * k * s);
                let p = c.pose_at(s);
                let tol = 2e-15 * (1.0 + s);
                assert!((p.x - x).abs() < tol, "k {k} s {s}: x {} vs {x}", p.x);
                assert!((p.y - y).abs() < tol, "k {k} s {s}: y {} vs {y}", p.y);
                assert_eq!(p.heading, 0.3 + k * s);
            }
        }
    }

    #[test]
    fn zero_curvature_is_a_straight_line() {
        let c = Clothoid::new(start(), 7.0, 0.0, 0.0).unwrap();
        let e = c.end();
        assert_eq!(e.x, 1.5 + 7.0 * libm::cos(0.3));
        assert_eq!(e.y, -2.0 + 7.0 * libm::sin(0.3));
        assert_eq!(e.heading, 0.3);
    }

    #[test]
    fn the_end_pose_is_continuous_as_the_end_curvature_meets_the_start_curvature() {
        // As the curvature difference dk shrinks from 1e-6 to 1e-15, then to
        // exactly 0, the end moves linearly in dk onto the arc's end, with
        // no noise above the rounding of the coordinates.
        for (k0, len) in [
            (0.0, 10.0),
            (0.5, 3.0),
            (-2.0, 1.5),
            (40.0, 0.9),
            (1e3, 2.0),
        ] {
            let arc = Clothoid::new(start(), len, k0, k0).unwrap().end();
            let end = |dk: f64| Clothoid::new(start(), len, k0, k0 + dk).unwrap().end();
            let slope = end(1e-6).position().distance(arc.position()) / 1e-6;
            for e in 6..=15 {
                let dk = 10f64.powi(-e);
                let p = end(dk);
                let dist = p.position().distance(arc.position());
                let noise = 2e-15 * (1.0 + len + start().position().distance(Point::ORIGIN));
                assert!(
                    (dist - slope * dk).abs() <= 1e-4 * slope * dk + noise,
                    "k0 {k0} dk {dk:e}: moved {dist:e}, expected {:e}",
                    slope * dk
                );
                let dh = p.heading - arc.heading;
                assert!((dh - 0.5 * dk * len).abs() <= 4e-16 * (1.0 + arc.heading.abs()));
            }
        }
    }

    #[test]
    fn pose_clamps_the_distance_and_starts_at_start() {
        let c = Clothoid::new(start(), 2.0, 0.1, -0.4).unwrap();
        assert_eq!(c.pose_at(-1.0), start());
        assert_eq!(c.pose_at(0.0), start());
        assert_eq!(c.pose_at(9.0), c.end());
        assert_eq!(c.curvature_at(2.0), -0.4);
        assert_eq!(c.curvature_at(0.0), 0.1);
        assert!((c.curvature_at(1.0) + 0.15).abs() < 1e-16);
        assert!((c.sharpness() + 0.25).abs() < 1e-16);
        let zero = Clothoid::new(start(), 0.0, 1.0, 2.0).unwrap();
        assert_eq!(zero.end(), start());
        assert_eq!(zero.sharpness(), 0.0);
    }

    #[test]
    fn checks_name_the_field() {
        let e = |c: Result<Clothoid, Error>| c.unwrap_err().to_string();
        let p = start();
        assert_eq!(
            e(Clothoid::new(Pose::new(f64::NAN, 0.0, 0.0), 1.0, 0.0, 0.0)),
            "start.x: must be a finite number"
        );
        assert_eq!(
            e(Clothoid::new(Pose::new(0.0, 2e150, 0.0), 1.0, 0.0, 0.0)),
            "start.y: must be at most 1e150 in magnitude"
        );
        assert_eq!(
            e(Clothoid::new(
                Pose::new(0.0, 0.0, f64::INFINITY),
                1.0,
                0.0,
                0.0
            )),
            "start.heading: must be a finite number"
        );
        assert_eq!(
            e(Clothoid::new(p, -0.5, 0.0, 0.0)),
            "length: must not be negative"
        );
        assert_eq!(
            e(Clothoid::new(p, f64::NAN, 0.0, 0.0)),
            "length: must be a finite number"
        );
        assert_eq!(
            e(Clothoid::new(p, 1e151, 0.0, 0.0)),
            "length: must be at most 1e150 in magnitude"
        );
        assert_eq!(
            e(Clothoid::new(p, 1.0, f64::NEG_INFINITY, 0.0)),
            "curvature_start: must be a finite number"
        );
        assert_eq!(
            e(Clothoid::new(p, 1.0, 0.0, -1e151)),
            "curvature_end: must be at most 1e150 in magnitude"
        );
    }

    #[test]
    fn extreme_inputs_give_finite_poses() {
        let big = 1e150;
        for (x, len, k0, k1) in [
            (big, big, big, -big),
            (-big, big, 0.0, big),
            (0.0, 1e-300, big, -big),
            (0.0, big, 1e-300, 0.0),
            (0.0, 5e-324, 1.0, 2.0),
        ] {
            let c = Clothoid::new(Pose::new(x, -x, 1e6), len, k0, k1).unwrap();
            for s in [0.0, 0.25 * len, len] {
                assert!(c.pose_at(s).is_finite(), "{c:?} at {s}");
            }
            let (lo, hi) = c.bounding_box();
            assert!(lo.is_finite() && hi.is_finite() && lo.x <= hi.x && lo.y <= hi.y);
        }
    }

    /// The box holds 2,000 sampled points of the curve, and every side of it
    /// is touched (to 1e-12) by the finest sampling near its extreme.
    #[test]
    fn the_bounding_box_holds_the_curve_and_is_tight() {
        let cases = [
            Clothoid::new(start(), 10.0, -1.0, 2.0).unwrap(),
            Clothoid::new(start(), 3.0, 0.0, 5.0).unwrap(),
            Clothoid::new(Pose::new(0.0, 0.0, 0.0), TAU, 1.0, 1.0).unwrap(),
            Clothoid::new(Pose::new(0.0, 0.0, PI / 2.0), 4.0, 0.0, 0.0).unwrap(),
            Clothoid::new(start(), 20.0, 3.0, -3.0).unwrap(),
        ];
        for c in cases {
            let (lo, hi) = c.bounding_box();
            let n = 20_000;
            let (mut slo, mut shi) = (
                Point::new(f64::MAX, f64::MAX),
                Point::new(f64::MIN, f64::MIN),
            );
            for i in 0..=n {
                let p = c.pose_at(c.length * f64::from(i) / f64::from(n));
                assert!(
                    p.x >= lo.x - 1e-12 && p.x <= hi.x + 1e-12,
                    "{c:?}: {p:?} outside"
                );
                assert!(
                    p.y >= lo.y - 1e-12 && p.y <= hi.y + 1e-12,
                    "{c:?}: {p:?} outside"
                );
                slo = Point::new(slo.x.min(p.x), slo.y.min(p.y));
                shi = Point::new(shi.x.max(p.x), shi.y.max(p.y));
            }
            // Sampled at spacing h the extremes are missed by O(κ h²).
            let h = c.length / f64::from(n);
            let tol = 3.0 * h * h * c.curvature_start.abs().max(c.curvature_end.abs()) + 1e-12;
            for (a, b) in [(lo.x, slo.x), (lo.y, slo.y), (hi.x, shi.x), (hi.y, shi.y)] {
                assert!((a - b).abs() <= tol, "{c:?}: box {a} vs sampled {b}");
            }
        }
    }

    #[test]
    fn a_clothoid_of_many_windings_gets_a_box_that_holds_it() {
        let c = Clothoid::new(start(), 1000.0, 0.0, 100.0).unwrap();
        let (lo, hi) = c.bounding_box();
        for i in 0..=1000 {
            let p = c.pose_at(f64::from(i));
            assert!(p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y);
        }
    }
}
