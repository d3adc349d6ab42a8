//! Where a point is along a [`Path`]: the distance along it of the path's
//! closest point, for path following.

use crate::error::{Error, Field, Reason};
use crate::geom::{wrap_two_pi, Arc, Line, Path, Point, Segment};
use core::f64::consts::{FRAC_PI_2, PI};

/// The distance along `path` (in `[0, length]`) of the point of the path
/// closest to `p`. Ties go to the earlier segment.
///
/// # Examples
/// ```
/// use arcline::steering::closest_distance_along;
/// use arcline::{Line, Path, Point};
/// let p = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0))).unwrap();
/// assert_eq!(closest_distance_along(&p, Point::new(3.0, 5.0)), 3.0);
/// assert_eq!(closest_distance_along(&p, Point::new(-3.0, 5.0)), 0.0);
/// ```
#[must_use]
pub fn closest_distance_along(path: &Path, p: Point) -> f64 {
    let mut best = f64::INFINITY;
    let mut best_s = 0.0;
    let mut before = 0.0;
    for seg in path.segments() {
        let len = seg.length();
        let (s, q) = closest_on_segment(seg, p);
        let d2 = (q - p).length_squared();
        if d2 < best {
            best = d2;
            best_s = before + s;
        }
        before += len;
    }
    crate::geom::math::clamp(best_s, 0.0, path.length().max(0.0))
}

/// A closed racetrack for path following: two straights `2 · half_length`
/// long joined by half circles of `radius`, around `center`, driven
/// counter-clockwise from the middle of the bottom straight.
///
/// # Errors
/// [`Reason::NotFinite`] about `center.x`, `center.y`, `half_length` or
/// `radius`; [`Reason::Negative`] about `half_length`;
/// [`Reason::NotPositive`] about `radius`; [`Reason::Overflow`] about
/// `half_length` or `radius` (whichever is larger) when the track's length or
/// a point of it would not be finite.
///
/// # Examples
/// ```
/// use arcline::steering::racetrack;
/// use arcline::Point;
/// let p = racetrack(Point::new(0.0, 0.0), 10.0, 5.0).unwrap();
/// assert_eq!(p.word(), "SLSLS");
/// assert!((p.length() - (40.0 + 10.0 * core::f64::consts::PI)).abs() < 1e-12);
/// let e = racetrack(Point::new(0.0, 0.0), 1e308, 5.0).unwrap_err();
/// assert_eq!(e.to_string(), "half_length: is so large that the result would not be finite");
/// ```
pub fn racetrack(center: Point, half_length: f64, radius: f64) -> Result<Path, Error> {
    for (v, part) in [(center.x, "x"), (center.y, "y")] {
        if !v.is_finite() {
            return Err(Error::new(
                Field::named("center").key(part),
                Reason::NotFinite,
            ));
        }
    }
    crate::error::non_negative(half_length, "half_length")?;
    crate::error::positive(radius, "radius")?;
    let (cx, cy, h, r) = (center.x, center.y, half_length, radius);
    let overflow = || {
        let field = if h >= r { "half_length" } else { "radius" };
        Error::at(field, Reason::Overflow)
    };
    // The whole length, and every point the track reaches (x within cx ± (h + r)).
    let reach = [
        4.0 * h + 2.0 * PI * r,
        cx - h - r,
        cx + h + r,
        cy - r,
        cy + r,
    ];
    if !reach.iter().all(|v| v.is_finite()) {
        return Err(overflow());
    }
    let segments = vec![
        Segment::Line(Line::new(
            Point::new(cx, cy - r),
            Point::new(cx + h, cy - r),
        )),
        Segment::Arc(Arc::new(Point::new(cx + h, cy), r, -FRAC_PI_2, PI)?),
        Segment::Line(Line::new(
            Point::new(cx + h, cy + r),
            Point::new(cx - h, cy + r),
        )),
        Segment::Arc(Arc::new(Point::new(cx - h, cy), r, FRAC_PI_2, PI)?),
        Segment::Line(Line::new(
            Point::new(cx - h, cy - r),
            Point::new(cx, cy - r),
        )),
    ];
    Path::new(segments).map_err(|_| overflow())
}

/// Distance along `seg` of its closest point to `p`, and that point.
fn closest_on_segment(seg: &Segment, p: Point) -> (f64, Point) {
    match seg {
        Segment::Line(l) => {
            let len = l.length();
            match l.direction() {
                Some(d) => {
                    let s = crate::geom::math::clamp((p - l.start).dot(d), 0.0, len);
                    (s, l.start + d * s)
                }
                None => (0.0, l.start),
            }
        }
        Segment::Arc(a) => {
            let len = a.length();
            let start = a.start();
            let end = a.end();
            let turn = a.turn();
            let rel = wrap_two_pi((a.angle_of(p) - a.start_angle) * turn);
            let span = a.sweep.abs();
            if (p - a.center).length_squared() > 0.0 && rel <= span {
                let s = rel * a.radius;
                (s, a.pose_at(s).position())
            } else if (p - start).length_squared() <= (p - end).length_squared() {
                (0.0, start)
            } else {
                (len, end)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::{FRAC_PI_2, PI};

    #[test]
    fn point_outside_a_left_quarter_circle_projects_onto_it() {
        // Quarter circle around the origin, radius 10, from angle 0 to 90°.
        let a = Arc::new(Point::ORIGIN, 10.0, 0.0, FRAC_PI_2).unwrap();
        let p = Path::single(a).unwrap();
        let s = closest_distance_along(&p, Point::new(20.0, 20.0));
        assert!((s - 10.0 * PI / 4.0).abs() < 1e-12);
    }

    #[test]
    fn right_turn_is_measured_from_its_own_start() {
        let a = Arc::new(Point::ORIGIN, 10.0, FRAC_PI_2, -FRAC_PI_2).unwrap();
        let p = Path::single(a).unwrap();
        let s = closest_distance_along(&p, Point::new(0.0, 30.0));
        assert!(s.abs() < 1e-12);
        let s = closest_distance_along(&p, Point::new(5.0, 0.1));
        assert!((s - a.length()).abs() < 0.02 * a.length());
    }

    #[test]
    fn second_segment_adds_the_first_length() {
        let p = Path::new(vec![
            Segment::Line(Line::new(Point::new(0.0, 0.0), Point::new(5.0, 0.0))),
            Segment::Line(Line::new(Point::new(5.0, 0.0), Point::new(5.0, 5.0))),
        ])
        .unwrap();
        assert_eq!(closest_distance_along(&p, Point::new(7.0, 2.0)), 7.0);
    }
}
