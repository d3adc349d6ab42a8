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
    // The nearest line, first: an arc whose whole circle is clearly farther
    // than it cannot be the closest segment, and is not measured (no
    // trigonometry for it). The result is the same as measuring every one.
    let mut bound = f64::INFINITY;
    for seg in path.segments() {
        if let Segment::Line(_) = seg {
            let d2 = (closest_on_segment(seg, p).1 - p).length_squared();
            if d2 < bound {
                bound = d2;
            }
        }
    }
    let mut best = f64::INFINITY;
    let mut best_s = 0.0;
    let mut before = 0.0;
    for seg in path.segments() {
        let len = seg.length();
        if let Segment::Arc(a) = seg {
            if clearly_farther(a, p, bound) {
                before += len;
                continue;
            }
        }
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

/// Whether every point of the circle of `a` is farther from `p` than
/// `√bound` by a margin far above rounding (`(|p − c| − r)² > bound ·
/// (1 + 10⁻⁹)`), so that the arc's measured distance is certainly above
/// `bound`.
#[inline]
fn clearly_farther(a: &Arc, p: Point, bound: f64) -> bool {
    // (The hardware square root: `f64::sqrt` is IEEE-exact everywhere.)
    let gap = (p - a.center).length_squared().sqrt() - a.radius;
    gap.is_finite() && gap * gap > bound * (1.0 + 1e-9)
}

/// The point `distance` along `path` (clamped to `[0, length]`, NaN counting
/// as 0): `path.pose_at(distance).position()`, the same bits, without the
/// heading (whose angles path following does not need).
#[must_use]
pub(crate) fn point_along(path: &Path, distance: f64) -> Point {
    let mut remaining = if distance > 0.0 { distance } else { 0.0 };
    for seg in path.segments() {
        let len = seg.length();
        if remaining < len {
            return point_on(seg, remaining);
        }
        remaining -= len;
    }
    end_of(path)
}

/// Where `path` ends: `path.end_pose().position()`, the same bits.
#[must_use]
pub(crate) fn end_of(path: &Path) -> Point {
    path.segments()
        .last()
        .map_or(Point::ORIGIN, |seg| point_on(seg, seg.length()))
}

/// The point `distance` along a segment, as its `pose_at` places it.
fn point_on(seg: &Segment, distance: f64) -> Point {
    match seg {
        Segment::Line(l) => l.point_at(distance),
        Segment::Arc(a) => a.point_at_angle(a.start_angle + a.turn() * distance / a.radius),
        Segment::Clothoid(c) => c.travel_pose_at(distance).position(),
    }
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
            let turn = a.turn();
            let rel = wrap_two_pi((a.angle_of(p) - a.start_angle) * turn);
            let span = a.sweep.abs();
            if (p - a.center).length_squared() > 0.0 && rel <= span {
                let s = rel * a.radius;
                return (s, a.pose_at(s).position());
            }
            // Outside the arc's angle: the nearer end (computed only here).
            let (start, end) = (a.start(), a.end());
            if (p - start).length_squared() <= (p - end).length_squared() {
                (0.0, start)
            } else {
                (a.length(), end)
            }
        }
        Segment::Clothoid(c) => c.nearest(p),
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

    /// The distance every segment measured would give, for comparison.
    fn measuring_every_segment(path: &Path, p: Point) -> f64 {
        let (mut best, mut best_s, mut before) = (f64::INFINITY, 0.0, 0.0);
        for seg in path.segments() {
            let (s, q) = closest_on_segment(seg, p);
            let d2 = (q - p).length_squared();
            if d2 < best {
                (best, best_s) = (d2, before + s);
            }
            before += seg.length();
        }
        crate::geom::math::clamp(best_s, 0.0, path.length())
    }

    #[test]
    fn skipping_far_arcs_gives_the_distance_of_measuring_every_segment() {
        let track = racetrack(Point::new(3.0, -2.0), 40.0, 25.0).unwrap();
        // Arcs before and after lines, a full-turn-ish arc, and a point on a centre.
        let mixed = Path::new(vec![
            Segment::Arc(Arc::new(Point::new(0.0, 10.0), 10.0, -FRAC_PI_2, PI).unwrap()),
            Segment::Line(Line::new(Point::new(0.0, 20.0), Point::new(-30.0, 20.0))),
            Segment::Arc(Arc::new(Point::new(-30.0, 10.0), 10.0, FRAC_PI_2, 1.9 * PI).unwrap()),
        ])
        .unwrap();
        let mut seed = 7u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64 * 200.0 - 100.0
        };
        for path in [&track, &mixed] {
            let mut points: Vec<Point> = (0..20_000).map(|_| Point::new(next(), next())).collect();
            points.extend([
                Point::new(0.0, 10.0),
                Point::new(-30.0, 10.0),
                Point::new(43.0, -2.0),
            ]);
            for p in points {
                let (a, b) = (
                    closest_distance_along(path, p),
                    measuring_every_segment(path, p),
                );
                assert_eq!(a.to_bits(), b.to_bits(), "{p:?}");
            }
        }
    }

    #[test]
    fn points_along_are_the_poses_positions() {
        let track = racetrack(Point::new(3.0, -2.0), 40.0, 25.0).unwrap();
        let len = track.length();
        for k in -5..=1005 {
            let d = len * f64::from(k) / 1000.0;
            assert_eq!(point_along(&track, d), track.pose_at(d).position(), "{d}");
        }
        assert_eq!(
            point_along(&track, f64::NAN),
            track.pose_at(f64::NAN).position()
        );
        assert_eq!(end_of(&track), track.end_pose().position());
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
