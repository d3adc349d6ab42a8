//! `Arc`: a piece of a circle with a signed sweep (+ = counter-clockwise), driven
//! forwards or in reverse.

use super::{math, Point, Pose};
use crate::error::{Error, Field, Reason};
use core::f64::consts::FRAC_PI_2;

/// A circular arc: centre, radius, the angle of its start point seen from the
/// centre, and the signed angle it sweeps (`+` counter-clockwise, a left turn;
/// `-` clockwise, a right turn). `|sweep|` may exceed 2π.
///
/// The turn direction of a zero sweep is the sign bit of the zero (`-0.0` is a
/// right turn), so a planner's "turn by nothing" keeps its side for offsets.
///
/// `reverse` says how the vehicle drives it: `false` (the default of
/// [`Arc::new`] and [`Arc::from_pose`]) facing the direction of travel;
/// `true` backing up along it, facing the other way. The geometry (centre,
/// angles, the sweep in the direction of travel) is the same either way.
/// Which side the centre lies on *seen from the vehicle* is [`Arc::side`]:
/// a forward left turn and a reversing arc whose centre is on the vehicle's
/// left are both `L`, and the reversing one has a negative sweep (backing up
/// with the centre on the left, the vehicle travels clockwise).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(as = "super::shape::ArcShape")
)]
pub struct Arc {
    /// The centre of the circle.
    pub center: Point,
    /// The radius, positive.
    pub radius: f64,
    /// The angle of the start point seen from the centre, radians.
    pub start_angle: f64,
    /// The signed angle swept: positive counter-clockwise (a left turn), negative clockwise.
    pub sweep: f64,
    /// Driven backwards: the vehicle faces against the direction of travel.
    pub reverse: bool,
}

impl Arc {
    /// An arc, or an error when anything is non-finite or `radius <= 0`.
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `center.x`, `center.y`, `radius`,
    /// `start_angle` or `sweep`; [`Reason::NotPositive`] about `radius`.
    ///
    /// # Examples
    /// ```
    /// use arcline::{Arc, Point};
    /// use core::f64::consts::FRAC_PI_2;
    /// let quarter = Arc::new(Point::new(0.0, 10.0), 10.0, -FRAC_PI_2, FRAC_PI_2).unwrap();
    /// assert!((quarter.length() - 5.0 * core::f64::consts::PI).abs() < 1e-12);
    /// assert!(Arc::new(Point::ORIGIN, 0.0, 0.0, 1.0).is_err());
    /// ```
    pub fn new(center: Point, radius: f64, start_angle: f64, sweep: f64) -> Result<Arc, Error> {
        let arc = Arc {
            center,
            radius,
            start_angle,
            sweep,
            reverse: false,
        };
        arc.check()?;
        Ok(arc)
    }

    /// `Ok` when every number is finite and `radius > 0` (the fields are
    /// public, so an arc built by hand may be neither).
    ///
    /// # Errors
    /// As [`Arc::new`].
    pub fn check(&self) -> Result<(), Error> {
        self.center.check("center")?;
        crate::error::positive(self.radius, "radius")?;
        crate::error::finite(self.start_angle, "start_angle")?;
        crate::error::finite(self.sweep, "sweep")?;
        Ok(())
    }

    /// The arc that starts at `pose`, turns left (`turn = 1`) or right
    /// (`turn = -1`) on a circle of `radius`, and sweeps `|sweep|`.
    #[must_use]
    pub fn from_pose(pose: Pose, radius: f64, turn: f64, sweep_magnitude: f64) -> Arc {
        let side = if turn.is_sign_negative() { -1.0 } else { 1.0 };
        let center = pose.position() + pose.left() * (side * radius);
        let start_angle = pose.heading - side * FRAC_PI_2;
        let sweep = if side < 0.0 {
            -sweep_magnitude.abs()
        } else {
            sweep_magnitude.abs()
        };
        Arc {
            center,
            radius,
            start_angle,
            sweep,
            reverse: false,
        }
    }

    /// The arc driven in reverse from `pose` (the vehicle's position and
    /// heading) with its centre on the vehicle's left (`side = 1`, an `L`)
    /// or right (`side = -1`, an `R`), until the vehicle's heading has
    /// changed by `|sweep_magnitude|`. Backing up, an `L` travels clockwise:
    /// its sweep is negative.
    ///
    /// # Examples
    /// ```
    /// use arcline::{Arc, Pose};
    /// use core::f64::consts::FRAC_PI_2;
    /// // Backing a quarter turn with the centre (0, 1) on the left.
    /// let a = Arc::reversing_from_pose(Pose::new(0.0, 0.0, 0.0), 1.0, 1.0, FRAC_PI_2);
    /// assert!(a.sweep < 0.0 && a.reverse && a.side() == 1.0);
    /// assert!(a.pose_at(a.length()).approx_eq(Pose::new(-1.0, 1.0, -FRAC_PI_2), 1e-12));
    /// ```
    #[must_use]
    pub fn reversing_from_pose(pose: Pose, radius: f64, side: f64, sweep_magnitude: f64) -> Arc {
        let travel = Arc::from_pose(pose, radius, side, sweep_magnitude);
        Arc {
            sweep: -travel.sweep,
            reverse: true,
            ..travel
        }
    }

    /// The same arc driven in reverse (`true`) or forwards (`false`).
    #[inline]
    #[must_use]
    pub const fn with_reverse(self, reverse: bool) -> Arc {
        Arc { reverse, ..self }
    }

    /// `+1` for travel counter-clockwise (a left turn when driven forwards),
    /// `-1` for clockwise: the sign of the sweep.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> f64 {
        if self.sweep.is_sign_negative() {
            -1.0
        } else {
            1.0
        }
    }

    /// `+1` when the centre lies on the vehicle's left (an `L`), `-1` on its
    /// right: [`Arc::turn`] driven forwards, its opposite in reverse.
    #[inline]
    #[must_use]
    pub fn side(&self) -> f64 {
        if self.reverse {
            -self.turn()
        } else {
            self.turn()
        }
    }

    /// The arc length, `radius × |sweep|`.
    #[inline]
    #[must_use]
    pub fn length(&self) -> f64 {
        self.radius * self.sweep.abs()
    }

    /// The angle of the end point seen from the centre, `start_angle + sweep`.
    #[inline]
    #[must_use]
    pub fn end_angle(&self) -> f64 {
        self.start_angle + self.sweep
    }

    /// The point of the circle at `angle` (radians, seen from the centre).
    #[inline]
    #[must_use]
    pub fn point_at_angle(&self, angle: f64) -> Point {
        self.center.polar(self.radius, angle)
    }

    /// The start point.
    #[inline]
    #[must_use]
    pub fn start(&self) -> Point {
        self.point_at_angle(self.start_angle)
    }

    /// The end point.
    #[inline]
    #[must_use]
    pub fn end(&self) -> Point {
        self.point_at_angle(self.end_angle())
    }

    /// Position and the vehicle's heading `distance` along the arc (not
    /// clamped): `theta = start ± distance / r`, heading
    /// `theta ± 90°` (the sign of [`Arc::side`]: on a reversing arc the
    /// vehicle faces against the direction of travel).
    #[inline]
    #[must_use]
    pub fn pose_at(&self, distance: f64) -> Pose {
        let turn = self.turn();
        let theta = self.start_angle + turn * distance / self.radius;
        Pose::at(self.point_at_angle(theta), theta + self.side() * FRAC_PI_2)
    }

    /// The concentric arc `d` to the vehicle's left (negative: to its right;
    /// driven forwards, the left of the direction of travel). An `L` arc's
    /// centre is on the vehicle's left, so its radius shrinks.
    ///
    /// # Errors
    /// [`Reason::OffsetCollapsesArc`] (segment 0) about `distance` when the
    /// radius would be ≤ 0 (or not finite).
    pub fn offset(&self, distance: f64) -> Result<Arc, Error> {
        let radius = self.radius - self.side() * distance;
        if radius > 0.0 && radius.is_finite() {
            Ok(Arc { radius, ..*self })
        } else {
            Err(Error::new(
                Field::named("distance"),
                Reason::OffsetCollapsesArc { segment: 0, radius },
            ))
        }
    }

    /// Whether the direction `angle` (from the centre) lies within the sweep,
    /// with an angular tolerance of `tol` radians.
    #[must_use]
    pub fn contains_angle(&self, angle: f64, tol: f64) -> bool {
        let (lo, span) = if self.sweep >= 0.0 {
            (self.start_angle, self.sweep)
        } else {
            (self.end_angle(), -self.sweep)
        };
        if span >= core::f64::consts::TAU {
            return true;
        }
        let rel = super::wrap_two_pi(angle - lo);
        rel <= span + tol || rel >= core::f64::consts::TAU - tol
    }

    /// The arc walked the other way, in the same gear (the vehicle faces the
    /// other way too).
    #[inline]
    #[must_use]
    pub fn reversed(&self) -> Arc {
        Arc {
            start_angle: self.end_angle(),
            sweep: -self.sweep,
            ..*self
        }
    }

    /// The angle of `p` seen from the centre.
    #[inline]
    #[must_use]
    pub fn angle_of(&self, p: Point) -> f64 {
        math::atan2(p.y - self.center.y, p.x - self.center.x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::PI;

    #[test]
    fn quarter_turn_left_from_origin_heading_east() {
        let a = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 10.0, 1.0, FRAC_PI_2);
        assert!((a.center.y - 10.0).abs() < 1e-12 && a.center.x.abs() < 1e-12);
        let end = a.pose_at(a.length());
        assert!(end.approx_eq(Pose::new(10.0, 10.0, FRAC_PI_2), 1e-12));
    }

    #[test]
    fn right_turn_offsets_grow_on_the_left() {
        let a = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 5.0, -1.0, PI);
        assert_eq!(a.offset(1.0).unwrap().radius, 6.0);
        assert_eq!(a.offset(-1.0).unwrap().radius, 4.0);
        assert!(a.offset(-5.0).is_err());
    }

    #[test]
    fn zero_sweep_keeps_its_side() {
        let a = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 5.0, -1.0, 0.0);
        assert_eq!(a.turn(), -1.0);
        assert_eq!(a.offset(2.0).unwrap().radius, 7.0);
    }

    #[test]
    fn a_reversing_left_arc_sweeps_clockwise_and_the_vehicle_faces_back() {
        // Centre (0, 2) on the vehicle's left; backing up from the origin
        // facing east, the vehicle travels clockwise round the centre.
        let a = Arc::reversing_from_pose(Pose::new(0.0, 0.0, 0.0), 2.0, 1.0, PI);
        assert_eq!((a.center.x, a.center.y), (0.0, 2.0));
        assert_eq!(a.sweep, -PI);
        assert_eq!((a.turn(), a.side()), (-1.0, 1.0));
        // Half way: at (-2, 2) facing south (centre east, on its left).
        let mid = a.pose_at(a.length() / 2.0);
        assert!(
            mid.approx_eq(Pose::new(-2.0, 2.0, -FRAC_PI_2), 1e-12),
            "{mid:?}"
        );
        let end = a.pose_at(a.length());
        assert!(end.approx_eq(Pose::new(0.0, 4.0, -PI), 1e-12), "{end:?}");
        // The vehicle's left is the centre's side: a left offset shrinks it.
        assert_eq!(a.offset(0.5).unwrap().radius, 1.5);
    }

    #[test]
    fn contains_angle_handles_wrap() {
        let a = Arc::new(Point::ORIGIN, 1.0, 3.0, 1.0).unwrap(); // 3 .. 4 rad
        assert!(a.contains_angle(-2.5, 0.0)); // -2.5 ≡ 3.78
        assert!(!a.contains_angle(0.0, 0.0));
        let cw = Arc::new(Point::ORIGIN, 1.0, 0.5, -1.0).unwrap(); // -0.5 .. 0.5
        assert!(cw.contains_angle(0.0, 0.0));
        assert!(!cw.contains_angle(PI, 0.0));
    }
}
