//! Closed-form distances between points, lines (bounded segments), arcs,
//! disks and axis-aligned boxes: the exact collision checks of the
//! pathfinders.
//!
//! Every function returns the smallest Euclidean distance between the two
//! shapes, `0` when they touch or cross. A disk and a box are solid (a line
//! inside one is at distance 0); a line and an arc are curves. No sampling:
//! each distance is the least of a few candidates that calculus gives in
//! closed form (endpoints against the other shape, the one or two places
//! where an arc's radius is perpendicular to a line, crossings).
//!
//! NaN in gives NaN or a meaningless number out; the callers check their
//! input first.
//!
//! # Examples
//! ```
//! use arcline::geom::distance;
//! use arcline::{Arc, Line, Point};
//! use core::f64::consts::PI;
//! // The upper half of the unit circle, and a line 2 above its top.
//! let arc = Arc::new(Point::ORIGIN, 1.0, 0.0, PI).unwrap();
//! let line = Line::new(Point::new(-5.0, 3.0), Point::new(5.0, 3.0));
//! assert!((distance::line_arc(&line, &arc) - 2.0).abs() < 1e-15);
//! // The lower half is 3 from the line at its ends (−1, 0) and (1, 0).
//! let lower = Arc::new(Point::ORIGIN, 1.0, PI, PI).unwrap();
//! assert!((distance::line_arc(&line, &lower) - 3.0).abs() < 1e-15);
//! ```

pub use super::clothoid_pieces::{as_arcs, CLOTHOID_TOLERANCE};
use super::{math, Arc, Line, Point, Segment, Vec2};
use core::f64::consts::TAU;

/// The point of the segment `a`–`b` nearest `p`, as the fraction `t` in
/// `[0, 1]` along it (`0` for a segment of no length).
#[inline]
#[must_use]
pub fn nearest_on_line(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 > 0.0 {
        math::clamp((p - a).dot(ab) / len2, 0.0, 1.0)
    } else {
        0.0
    }
}

/// The squared distance from `p` to the segment `a`–`b`.
#[inline]
#[must_use]
pub fn point_line_squared(p: Point, a: Point, b: Point) -> f64 {
    let t = nearest_on_line(p, a, b);
    (p - a.lerp(b, t)).length_squared()
}

/// The distance from `p` to the line segment `line`.
///
/// # Examples
/// ```
/// use arcline::geom::distance;
/// use arcline::{Line, Point};
/// let l = Line::new(Point::new(0.0, 0.0), Point::new(4.0, 0.0));
/// assert_eq!(distance::point_line(Point::new(2.0, 3.0), &l), 3.0);
/// assert_eq!(distance::point_line(Point::new(7.0, 4.0), &l), 5.0);
/// ```
#[must_use]
pub fn point_line(p: Point, line: &Line) -> f64 {
    math::sqrt(point_line_squared(p, line.start, line.end))
}

/// Whether the direction `v` from an arc's centre lies within its sweep
/// (ends included). A sweep of a full turn or more holds every direction.
#[must_use]
pub fn arc_spans(arc: &Arc, v: Vec2) -> bool {
    let span = arc.sweep.abs();
    if span >= TAU {
        return true;
    }
    let rel = math::atan2(v.y, v.x) - arc.start_angle;
    // The angle from the start, in the arc's direction, in [0, 2π).
    let mut a = if arc.sweep >= 0.0 { rel } else { -rel };
    a = super::wrap_two_pi(a);
    // Rounding may put an end direction just below a full turn.
    a <= span || a >= TAU - 1e-12
}

/// The distance from `p` to the arc `arc` (the curve, not the sector).
///
/// # Examples
/// ```
/// use arcline::geom::distance;
/// use arcline::{Arc, Point};
/// use core::f64::consts::FRAC_PI_2;
/// // A quarter of the circle of radius 2, from (2, 0) to (0, 2).
/// let a = Arc::new(Point::ORIGIN, 2.0, 0.0, FRAC_PI_2).unwrap();
/// assert!((distance::point_arc(Point::new(3.0, 3.0), &a) - (18f64.sqrt() - 2.0)).abs() < 1e-15);
/// // Beyond the sweep the nearest point is an end: (2, 0) from (3, -1).
/// assert!((distance::point_arc(Point::new(3.0, -1.0), &a) - 2f64.sqrt()).abs() < 1e-15);
/// ```
#[must_use]
pub fn point_arc(p: Point, arc: &Arc) -> f64 {
    let v = p - arc.center;
    let d = v.length();
    if d > 0.0 && arc_spans(arc, v) {
        (d - arc.radius).abs()
    } else if d == 0.0 {
        arc.radius
    } else {
        p.distance(arc.start()).min(p.distance(arc.end()))
    }
}

/// Whether the segments `a`–`b` and `c`–`d` cross or touch (exact signs of
/// the orientation products; collinear overlaps count).
#[must_use]
pub fn lines_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let o = |p: Point, q: Point, r: Point| (q - p).cross(r - p);
    let (d1, d2) = (o(c, d, a), o(c, d, b));
    let (d3, d4) = (o(a, b, c), o(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: Point, q: Point, r: Point| {
        r.x >= p.x.min(q.x) && r.x <= p.x.max(q.x) && r.y >= p.y.min(q.y) && r.y <= p.y.max(q.y)
    };
    (d1 == 0.0 && on(c, d, a))
        || (d2 == 0.0 && on(c, d, b))
        || (d3 == 0.0 && on(a, b, c))
        || (d4 == 0.0 && on(a, b, d))
}

/// The distance between two line segments: `0` when they meet, else the
/// least distance from an endpoint of one to the other.
///
/// # Examples
/// ```
/// use arcline::geom::distance;
/// use arcline::{Line, Point};
/// let a = Line::new(Point::new(0.0, 0.0), Point::new(4.0, 0.0));
/// let b = Line::new(Point::new(2.0, 1.0), Point::new(6.0, 5.0));
/// assert_eq!(distance::line_line(&a, &b), 1.0);
/// let c = Line::new(Point::new(2.0, -1.0), Point::new(2.0, 1.0));
/// assert_eq!(distance::line_line(&a, &c), 0.0);
/// ```
#[must_use]
pub fn line_line(a: &Line, b: &Line) -> f64 {
    if lines_meet(a.start, a.end, b.start, b.end) {
        return 0.0;
    }
    let d2 = point_line_squared(a.start, b.start, b.end)
        .min(point_line_squared(a.end, b.start, b.end))
        .min(point_line_squared(b.start, a.start, a.end))
        .min(point_line_squared(b.end, a.start, a.end));
    math::sqrt(d2)
}

/// Whether the segment `line` crosses or touches the arc's curve: the
/// roots `t` in `[0, 1]` of `|a + t·(b − a) − centre|² = r²` whose
/// direction from the centre lies in the sweep.
fn line_meets_arc(line: &Line, arc: &Arc) -> bool {
    let (a, b) = (line.start, line.end);
    let ab = b - a;
    let ac = a - arc.center;
    let qa = ab.length_squared();
    if qa == 0.0 {
        return false;
    }
    let qb = 2.0 * ab.dot(ac);
    let qc = ac.length_squared() - arc.radius * arc.radius;
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return false;
    }
    let s = math::sqrt(disc);
    // The two roots without cancellation.
    let q = -0.5 * (qb + if qb >= 0.0 { s } else { -s });
    let roots = [q / qa, if q != 0.0 { qc / q } else { q / qa }];
    roots
        .iter()
        .any(|&t| (0.0..=1.0).contains(&t) && arc_spans(arc, (a + ab * t) - arc.center))
}

/// The distance between a line segment and an arc: `0` when they cross,
/// else the least of the endpoints of each against the other and of the
/// points where the arc's radius is perpendicular to the line (at most
/// two, where the distance has its interior extremes).
#[must_use]
pub fn line_arc(line: &Line, arc: &Arc) -> f64 {
    if line_meets_arc(line, arc) {
        return 0.0;
    }
    let mut best = point_arc(line.start, arc)
        .min(point_arc(line.end, arc))
        .min(point_line(arc.start(), line))
        .min(point_line(arc.end(), line));
    let ab = line.end - line.start;
    if let Some(u) = ab.try_normalize() {
        let n = u.perp();
        for sign in [1.0, -1.0] {
            let dir = n * sign;
            if !arc_spans(arc, dir) {
                continue;
            }
            let p = arc.center + dir * arc.radius;
            let t = (p - line.start).dot(u);
            if (0.0..=ab.length()).contains(&t) {
                best = best.min((p - line.start).dot(n).abs());
            }
        }
    }
    best
}

/// The distance between two segments of a path. Arc to arc is the least
/// of the endpoints against the other arc and of the points on the line
/// through both centres, `0` when they cross. A clothoid is measured
/// through its arcs ([`as_arcs`]), so within 1e-9 of its length.
#[must_use]
pub fn segment_segment(a: &Segment, b: &Segment) -> f64 {
    match (a, b) {
        (Segment::Line(l), Segment::Line(m)) => line_line(l, m),
        (Segment::Line(l), Segment::Arc(c)) | (Segment::Arc(c), Segment::Line(l)) => line_arc(l, c),
        (Segment::Arc(p), Segment::Arc(q)) => arc_arc(p, q),
        (Segment::Clothoid(c), other) | (other, Segment::Clothoid(c)) => as_arcs(c)
            .iter()
            .map(|piece| segment_segment(piece, other))
            .fold(f64::INFINITY, f64::min),
    }
}

/// The distance between two arcs: `0` when they cross, else the least of
/// the ends of each against the other and of the pairs of points on the
/// line through both centres (where both radii are along the line joining
/// the points: the interior extremes).
#[must_use]
pub fn arc_arc(p: &Arc, q: &Arc) -> f64 {
    if !super::arc_arc(p, q).is_empty() {
        return 0.0;
    }
    let mut best = point_arc(p.start(), q)
        .min(point_arc(p.end(), q))
        .min(point_arc(q.start(), p))
        .min(point_arc(q.end(), p));
    if let Some(u) = (q.center - p.center).try_normalize() {
        for sp in [1.0, -1.0] {
            if !arc_spans(p, u * sp) {
                continue;
            }
            let a = p.center + u * (sp * p.radius);
            for sq in [1.0, -1.0] {
                if arc_spans(q, u * sq) {
                    best = best.min(a.distance(q.center + u * (sq * q.radius)));
                }
            }
        }
    }
    best
}

/// The distance from a segment to the point `p`.
#[must_use]
pub fn segment_point(s: &Segment, p: Point) -> f64 {
    match s {
        Segment::Line(l) => point_line(p, l),
        Segment::Arc(a) => point_arc(p, a),
        Segment::Clothoid(c) => c.nearest(p).1.distance(p),
    }
}

/// The distance from a segment to the solid disk of `radius` around
/// `center` (`0` when the segment enters it).
///
/// # Examples
/// ```
/// use arcline::geom::distance;
/// use arcline::{Line, Point, Segment};
/// let s = Segment::Line(Line::new(Point::new(-5.0, 3.0), Point::new(5.0, 3.0)));
/// assert_eq!(distance::segment_disk(&s, Point::ORIGIN, 1.0), 2.0);
/// assert_eq!(distance::segment_disk(&s, Point::ORIGIN, 4.0), 0.0);
/// ```
#[must_use]
pub fn segment_disk(s: &Segment, center: Point, radius: f64) -> f64 {
    (segment_point(s, center) - radius).max(0.0)
}

/// The distance from a segment to the solid axis-aligned box
/// `[min.x, max.x] × [min.y, max.y]`: `0` when the segment enters or
/// touches it (an end inside, or a crossing of an edge), else the least
/// distance to its four edges.
///
/// # Examples
/// ```
/// use arcline::geom::distance;
/// use arcline::{Arc, Point, Segment};
/// use core::f64::consts::PI;
/// // The unit square and a half circle of radius 3 around it: 2 away at the top.
/// let (lo, hi) = (Point::new(-1.0, -1.0), Point::new(1.0, 1.0));
/// let top = Segment::Arc(Arc::new(Point::ORIGIN, 3.0, 0.0, PI).unwrap());
/// assert!((distance::segment_box(&top, lo, hi) - (3.0 - 2f64.sqrt())).abs() < 1e-15);
/// ```
#[must_use]
pub fn segment_box(s: &Segment, min: Point, max: Point) -> f64 {
    let inside = |p: Point| p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
    if inside(s.start()) || inside(s.end()) {
        return 0.0;
    }
    let corners = [min, Point::new(max.x, min.y), max, Point::new(min.x, max.y)];
    let mut best = f64::INFINITY;
    for i in 0..4 {
        let edge = Segment::Line(Line::new(corners[i], corners[(i + 1) % 4]));
        best = best.min(segment_segment(s, &edge));
        if best == 0.0 {
            break;
        }
    }
    best
}

/// Whether a segment meets the closed axis-aligned box `[min.x, max.x] ×
/// [min.y, max.y]` (inside it, or touching its boundary): a cheaper exact
/// test than `segment_box(..) == 0`. A line is clipped to the box (Liang
/// and Barsky); an arc meets it when an end is inside or its circle
/// crosses an edge at a point the arc spans; a clothoid when one of its
/// arcs ([`as_arcs`]) does.
///
/// # Examples
/// ```
/// use arcline::geom::distance;
/// use arcline::{Arc, Point, Segment};
/// use core::f64::consts::PI;
/// let (lo, hi) = (Point::new(-1.0, -1.0), Point::new(1.0, 1.0));
/// // The upper half of the circle of radius 1.2 crosses the sides x = ±1 at
/// // y = √0.44; the one of radius 1.5 passes outside the corners (±1, 1).
/// let through = Segment::Arc(Arc::new(Point::ORIGIN, 1.2, 0.0, PI).unwrap());
/// assert!(distance::segment_meets_box(&through, lo, hi));
/// let wider = Segment::Arc(Arc::new(Point::ORIGIN, 1.5, 0.0, PI).unwrap());
/// assert!(!distance::segment_meets_box(&wider, lo, hi));
/// ```
#[must_use]
pub fn segment_meets_box(s: &Segment, min: Point, max: Point) -> bool {
    let inside = |p: Point| p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
    match s {
        Segment::Line(l) => {
            let (a, d) = (l.start, l.end - l.start);
            let (mut t0, mut t1) = (0.0f64, 1.0f64);
            for (p, q) in [
                (-d.x, a.x - min.x),
                (d.x, max.x - a.x),
                (-d.y, a.y - min.y),
                (d.y, max.y - a.y),
            ] {
                if p == 0.0 {
                    if q < 0.0 {
                        return false;
                    }
                } else {
                    let t = q / p;
                    if p < 0.0 {
                        if t > t0 {
                            t0 = t;
                        }
                    } else if t < t1 {
                        t1 = t;
                    }
                }
            }
            t0 <= t1
        }
        Segment::Arc(a) => {
            if inside(a.start()) || inside(a.end()) {
                return true;
            }
            let c = a.center;
            let r2 = a.radius * a.radius;
            // The circle against the lines x = min.x, max.x and y = min.y, max.y.
            for x in [min.x, max.x] {
                let dx = x - c.x;
                let h2 = r2 - dx * dx;
                if h2 >= 0.0 {
                    let h = math::sqrt(h2);
                    for dy in [-h, h] {
                        let y = c.y + dy;
                        if y >= min.y && y <= max.y && arc_spans(a, Vec2::new(dx, dy)) {
                            return true;
                        }
                    }
                }
            }
            for y in [min.y, max.y] {
                let dy = y - c.y;
                let h2 = r2 - dy * dy;
                if h2 >= 0.0 {
                    let h = math::sqrt(h2);
                    for dx in [-h, h] {
                        let x = c.x + dx;
                        if x >= min.x && x <= max.x && arc_spans(a, Vec2::new(dx, dy)) {
                            return true;
                        }
                    }
                }
            }
            false
        }
        Segment::Clothoid(c) => as_arcs(c).iter().any(|a| segment_meets_box(a, min, max)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::{FRAC_PI_2, PI};

    #[test]
    fn a_line_crossing_an_arc_is_at_distance_zero() {
        let arc = Arc::new(Point::ORIGIN, 1.0, 0.0, PI).unwrap();
        let l = Line::new(Point::new(0.0, 0.0), Point::new(0.0, 5.0));
        assert_eq!(line_arc(&l, &arc), 0.0);
        // A line below the arc ending at (0, −0.5): nearest are the arc's
        // ends (±1, 0), √1.25 away.
        let below = Line::new(Point::new(0.0, -5.0), Point::new(0.0, -0.5));
        assert!((line_arc(&below, &arc) - (1.25f64).sqrt()).abs() < 1e-15);
    }

    #[test]
    fn the_interior_extreme_of_an_arc_is_found() {
        // Arc from angle −π/4 to π/4 of radius 2; vertical line at x = 3
        // from y = −10 to 10: nearest is (2, 0), distance 1.
        let arc = Arc::new(Point::ORIGIN, 2.0, -PI / 4.0, FRAC_PI_2).unwrap();
        let l = Line::new(Point::new(3.0, -10.0), Point::new(3.0, 10.0));
        assert!((line_arc(&l, &arc) - 1.0).abs() < 1e-15);
        // The same ends joined the long way round excludes (2, 0): its ends
        // (√2, ±√2) are nearest.
        let long = Arc::new(Point::ORIGIN, 2.0, -PI / 4.0, -(TAU - FRAC_PI_2)).unwrap();
        let want = 3.0 - 2f64.sqrt();
        assert!((line_arc(&l, &long) - want).abs() < 1e-15);
    }

    #[test]
    fn arcs_apart_and_crossing() {
        let a = Arc::new(Point::ORIGIN, 1.0, -FRAC_PI_2, PI).unwrap(); // right half
        let b = Arc::new(Point::new(5.0, 0.0), 1.0, FRAC_PI_2, PI).unwrap(); // left half
        assert!((arc_arc(&a, &b) - 3.0).abs() < 1e-15);
        let c = Arc::new(Point::new(1.0, 0.0), 1.0, 0.0, TAU).unwrap();
        assert_eq!(arc_arc(&a, &c), 0.0);
    }

    #[test]
    fn point_at_the_centre_is_a_radius_away() {
        let a = Arc::new(Point::ORIGIN, 3.0, 0.0, 1.0).unwrap();
        assert_eq!(point_arc(Point::ORIGIN, &a), 3.0);
    }

    #[test]
    fn meeting_a_box_agrees_with_the_distance_to_it() {
        // Random lines and arcs against the unit box: meets ⇔ distance 0
        // (away from the boundary cases, where rounding decides).
        let mut rng = crate::test_rng::Xorshift::new(0x1234_5678_9abc_def0);
        let mut next = move || rng.unit() * 6.0 - 3.0;
        let (lo, hi) = (Point::new(0.0, 0.0), Point::new(1.0, 1.0));
        let mut met = 0;
        for i in 0..20_000 {
            let seg = if i % 2 == 0 {
                Segment::Line(Line::new(
                    Point::new(next(), next()),
                    Point::new(next(), next()),
                ))
            } else {
                Segment::Arc(
                    Arc::new(
                        Point::new(next(), next()),
                        next().abs() + 0.01,
                        next(),
                        2.0 * next(),
                    )
                    .unwrap(),
                )
            };
            let d = segment_box(&seg, lo, hi);
            if d > 1e-9 {
                assert!(!segment_meets_box(&seg, lo, hi), "{seg:?}");
            } else if d == 0.0 {
                assert!(segment_meets_box(&seg, lo, hi), "{seg:?}");
                met += 1;
            }
        }
        assert!(met > 1000);
    }

    #[test]
    fn a_box_around_a_line_or_crossed_by_it() {
        let (lo, hi) = (Point::new(0.0, 0.0), Point::new(1.0, 1.0));
        let through = Segment::Line(Line::new(Point::new(-1.0, 0.5), Point::new(2.0, 0.5)));
        assert_eq!(segment_box(&through, lo, hi), 0.0);
        // Touching the corner (1, 1) counts.
        let corner = Segment::Line(Line::new(Point::new(0.0, 2.0), Point::new(2.0, 0.0)));
        assert_eq!(segment_box(&corner, lo, hi), 0.0);
        let apart = Segment::Line(Line::new(Point::new(2.0, -3.0), Point::new(2.0, 3.0)));
        assert_eq!(segment_box(&apart, lo, hi), 1.0);
    }
}
