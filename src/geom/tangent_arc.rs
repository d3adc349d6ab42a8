//! The one circular arc that leaves a pose tangentially and reaches a point.

use super::{wrap_two_pi, Arc, Line, Point, Pose, Segment};
use crate::error::{Error, Reason, Unsolvable};

/// The arc tangent to `pose` at its position that ends at `point`, or the
/// straight line when the point is dead ahead.
///
/// The centre lies on the pose's left normal `n` at signed distance
/// `s = |d|² / (2 n·d)` with `d = point − position` (positive: a left turn).
///
/// # Errors
/// [`Reason::NotFinite`] about `pose.*` or `point.*`;
/// [`Unsolvable::PointIsStart`] or [`Unsolvable::PointStraightBehind`] about `point`; [`Reason::Overflow`] about `point` when the
/// circle's radius would not be finite.
///
/// # Examples
/// ```
/// use arcline::{Pose, Point, Segment};
/// use arcline::geom::{arc_to_point};
/// // East from the origin to (10, 10): a quarter circle of radius 10 about (0, 10).
/// let Segment::Arc(a) = arc_to_point(Pose::new(0.0, 0.0, 0.0), Point::new(10.0, 10.0)).unwrap() else { panic!() };
/// assert!((a.radius - 10.0).abs() < 1e-12 && (a.center.y - 10.0).abs() < 1e-12);
/// assert!((a.sweep - core::f64::consts::FRAC_PI_2).abs() < 1e-12);
/// ```
pub fn arc_to_point(pose: Pose, point: Point) -> Result<Segment, Error> {
    pose.check("pose")?;
    point.check("point")?;
    let start = pose.position();
    let d = point - start;
    let len2 = d.length_squared();
    if len2 == 0.0 {
        return Err(Error::at(
            "point",
            Reason::Unsolvable(Unsolvable::PointIsStart),
        ));
    }
    let n = pose.left();
    let nd = n.dot(d);
    // Relative test: the sideways offset is negligible against the distance.
    if nd.abs() <= 1e-12 * len2.sqrt() {
        return if pose.direction().dot(d) > 0.0 {
            Ok(Segment::Line(Line::new(start, point)))
        } else {
            Err(Error::at(
                "point",
                Reason::Unsolvable(Unsolvable::PointStraightBehind),
            ))
        };
    }
    let s = len2 / (2.0 * nd);
    let center = start + n * s;
    let radius = s.abs();
    // The angles from the centre in the start's own frame (start − centre is
    // −n·s, point − centre is d − n·s), not from the rounded centre: far from
    // the origin (4e4) a target 7.5e-8 away got a start angle 2e-4 rad off,
    // so the arc left the pose at that angle to its heading.
    let a0 = (n * -s).angle();
    let a1 = (d - n * s).angle();
    let sweep = if s > 0.0 {
        wrap_two_pi(a1 - a0)
    } else {
        -wrap_two_pi(a0 - a1)
    };
    Arc::new(center, radius, a0, sweep)
        .map(Segment::Arc)
        .map_err(|_| Error::at("point", Reason::Overflow))
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::PI;

    #[test]
    fn point_to_the_right_turns_right() {
        let Segment::Arc(a) =
            arc_to_point(Pose::new(0.0, 0.0, 0.0), Point::new(5.0, -5.0)).unwrap()
        else {
            panic!("expected an arc")
        };
        assert!((a.radius - 5.0).abs() < 1e-12);
        assert!((a.sweep + PI / 2.0).abs() < 1e-12);
        assert!(a.end().distance(Point::new(5.0, -5.0)) < 1e-12);
    }

    #[test]
    fn point_dead_ahead_is_a_line_and_behind_is_an_error() {
        let pose = Pose::new(1.0, 1.0, PI / 4.0);
        assert!(matches!(
            arc_to_point(pose, Point::new(3.0, 3.0)),
            Ok(Segment::Line(_))
        ));
        assert_eq!(
            arc_to_point(pose, Point::new(0.0, 0.0)),
            Err(Error::at(
                "point",
                Reason::Unsolvable(Unsolvable::PointStraightBehind)
            ))
        );
        assert_eq!(
            arc_to_point(pose, Point::new(1.0, 1.0)),
            Err(Error::at(
                "point",
                Reason::Unsolvable(Unsolvable::PointIsStart)
            ))
        );
    }

    #[test]
    fn point_just_behind_and_beside_needs_almost_a_full_circle() {
        let Segment::Arc(a) =
            arc_to_point(Pose::new(0.0, 0.0, 0.0), Point::new(-1.0, 0.1)).unwrap()
        else {
            panic!("expected an arc")
        };
        assert!(a.sweep > 1.9 * PI && a.sweep < 2.0 * PI);
    }
}
