//! Closed-form O(1) intersections of lines, circles and arcs, and of
//! clothoids through their arcs.
//!
//! Tangent contacts count as one point; parallel or coincident lines and
//! coincident circles report no point (they meet everywhere or nowhere).

use super::{math, Arc, Line, Point, Pose, Segment, EPSILON};

/// The intersection points: up to two for lines and arcs (without
/// allocating), any number where a clothoid is involved.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Intersections {
    points: [Point; 2],
    len: usize,
    more: Vec<Point>,
}

impl Intersections {
    /// No intersection.
    pub const NONE: Intersections = Intersections {
        points: [Point::ORIGIN; 2],
        len: 0,
        more: Vec::new(),
    };

    fn push(&mut self, p: Point) {
        if !self.more.is_empty() {
            self.more.push(p);
        } else if self.len < 2 {
            self.points[self.len] = p;
            self.len += 1;
        } else {
            self.more = self.points.to_vec();
            self.more.push(p);
        }
    }

    fn filtered(self, keep: impl Fn(Point) -> bool) -> Intersections {
        let mut out = Intersections::NONE;
        for &p in self.as_slice() {
            if keep(p) {
                out.push(p);
            }
        }
        out
    }

    /// The points found.
    #[must_use]
    pub fn as_slice(&self) -> &[Point] {
        if self.more.is_empty() {
            &self.points[..self.len]
        } else {
            &self.more
        }
    }

    /// How many points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The points found.
    pub fn iter(&self) -> impl Iterator<Item = &Point> {
        self.as_slice().iter()
    }
}

/// Where the lines through two poses (in their heading directions) cross:
/// the point and the signed distances along each pose's heading to it.
/// `None` when the headings are parallel.
///
/// # Examples
/// ```
/// use arcline::{Pose};
/// use arcline::geom::{ray_ray};
/// use core::f64::consts::FRAC_PI_2;
/// let (c, ta, tb) = ray_ray(Pose::new(0.0, 0.0, 0.0), Pose::new(10.0, 10.0, FRAC_PI_2)).unwrap();
/// assert!((c.x - 10.0).abs() < 1e-12 && c.y.abs() < 1e-12);
/// assert!((ta - 10.0).abs() < 1e-12 && (tb + 10.0).abs() < 1e-12);
/// ```
#[must_use]
pub fn ray_ray(a: Pose, b: Pose) -> Option<(Point, f64, f64)> {
    let (da, db) = (a.direction(), b.direction());
    let denom = da.cross(db);
    if denom.abs() < 1e-12 {
        return None;
    }
    let w = b.position() - a.position();
    let ta = w.cross(db) / denom;
    let tb = w.cross(da) / denom;
    Some((a.position() + da * ta, ta, tb))
}

/// Where two bounded lines cross (endpoints included, with a tolerance of
/// [`EPSILON`] in length units). Parallel lines give no point.
#[must_use]
pub fn line_line(a: &Line, b: &Line) -> Intersections {
    let (ra, rb) = (a.end - a.start, b.end - b.start);
    let denom = ra.cross(rb);
    let mut out = Intersections::NONE;
    if denom.abs() < 1e-300 {
        return out;
    }
    let w = b.start - a.start;
    let t = w.cross(rb) / denom;
    let u = w.cross(ra) / denom;
    let (ta, tb) = (
        EPSILON / a.length().max(EPSILON),
        EPSILON / b.length().max(EPSILON),
    );
    if (-ta..=1.0 + ta).contains(&t) && (-tb..=1.0 + tb).contains(&u) {
        out.push(a.start + ra * t);
    }
    out
}

/// Where the infinite line through `line` meets the circle (`center`, `radius`).
#[must_use]
pub fn line_circle(line: &Line, center: Point, radius: f64) -> Intersections {
    let mut out = Intersections::NONE;
    let Some(d) = line.direction() else {
        return out;
    };
    // Foot of the perpendicular from the centre, then ± half-chord.
    let along = (center - line.start).dot(d);
    let foot = line.start + d * along;
    let dist2 = (center - foot).length_squared();
    let r2 = radius * radius;
    if dist2 > r2 * (1.0 + 1e-12) + 1e-24 {
        return out;
    }
    let half = math::sqrt((r2 - dist2).max(0.0));
    if half <= EPSILON * 1e-3 {
        out.push(foot);
    } else {
        out.push(foot - d * half);
        out.push(foot + d * half);
    }
    out
}

/// Where two full circles meet. Concentric circles give no point.
#[must_use]
pub fn circle_circle(c0: Point, r0: f64, c1: Point, r1: f64) -> Intersections {
    let mut out = Intersections::NONE;
    let v = c1 - c0;
    let d = v.length();
    if d < 1e-300 || d > r0 + r1 + EPSILON || d < (r0 - r1).abs() - EPSILON {
        return out;
    }
    // The chord's distance from c0 along c0 → c1; |a| ≤ r0 for circles that
    // meet, and beyond it only within the tolerance above (tangency). Nearly
    // concentric circles whose radii differ by less than EPSILON pass that
    // test with a tiny d, and r0² − r1² over 2d sent the "tangent point" to
    // 2.4e6 for radii of 1e-4: clamped, it is the point of circle 0 facing c1.
    let a = crate::geom::math::clamp((r0 * r0 - r1 * r1 + d * d) / (2.0 * d), -r0, r0);
    let h = math::sqrt((r0 * r0 - a * a).max(0.0));
    let u = v / d;
    let mid = c0 + u * a;
    if h <= EPSILON * 1e-3 {
        out.push(mid);
    } else {
        out.push(mid + u.perp() * h);
        out.push(mid - u.perp() * h);
    }
    out
}

fn on_line(line: &Line, p: Point) -> bool {
    let len = line.length();
    let t = (p - line.start).dot(line.end - line.start) / (len * len).max(1e-300);
    let tol = EPSILON / len.max(EPSILON);
    (-tol..=1.0 + tol).contains(&t)
}

fn on_arc(arc: &Arc, p: Point) -> bool {
    arc.contains_angle(arc.angle_of(p), EPSILON / arc.radius)
}

/// Where a bounded line meets an arc.
#[must_use]
pub fn line_arc(line: &Line, arc: &Arc) -> Intersections {
    line_circle(line, arc.center, arc.radius).filtered(|p| on_line(line, p) && on_arc(arc, p))
}

/// Where two arcs meet.
#[must_use]
pub fn arc_arc(a: &Arc, b: &Arc) -> Intersections {
    circle_circle(a.center, a.radius, b.center, b.radius).filtered(|p| on_arc(a, p) && on_arc(b, p))
}

/// Where two segments meet, whichever kinds they are. A clothoid meets
/// through its arcs ([`distance::as_arcs`](super::distance::as_arcs)): its
/// points are within 1e-9 of its length of the true ones, and a crossing
/// at a joint of two arcs may be reported by both (1e-12 apart).
#[must_use]
pub fn segment_segment(a: &Segment, b: &Segment) -> Intersections {
    match (a, b) {
        (Segment::Line(l), Segment::Line(m)) => line_line(l, m),
        (Segment::Line(l), Segment::Arc(c)) | (Segment::Arc(c), Segment::Line(l)) => line_arc(l, c),
        (Segment::Arc(c), Segment::Arc(d)) => arc_arc(c, d),
        (Segment::Clothoid(c), other) | (other, Segment::Clothoid(c)) => {
            let mut out = Intersections::NONE;
            for piece in super::clothoid_pieces::as_arcs(c) {
                for &p in segment_segment(&piece, other).as_slice() {
                    out.push(p);
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::PI;

    #[test]
    fn crossing_diagonals_meet_in_the_middle() {
        let a = Line::new(Point::new(0.0, 0.0), Point::new(2.0, 2.0));
        let b = Line::new(Point::new(0.0, 2.0), Point::new(2.0, 0.0));
        assert_eq!(line_line(&a, &b).as_slice(), &[Point::new(1.0, 1.0)]);
    }

    #[test]
    fn parallel_lines_do_not_meet() {
        let a = Line::new(Point::new(0.0, 0.0), Point::new(2.0, 0.0));
        let b = Line::new(Point::new(0.0, 1.0), Point::new(2.0, 1.0));
        assert!(line_line(&a, &b).is_empty());
        assert!(ray_ray(Pose::new(0.0, 0.0, 0.0), Pose::new(0.0, 1.0, PI)).is_none());
    }

    #[test]
    fn horizontal_line_through_unit_circle() {
        let l = Line::new(Point::new(-2.0, 0.0), Point::new(2.0, 0.0));
        let hits = line_circle(&l, Point::ORIGIN, 1.0);
        assert_eq!(
            hits.as_slice(),
            &[Point::new(-1.0, 0.0), Point::new(1.0, 0.0)]
        );
        // The upper half circle from angle 0 to π contains both ends.
        let upper = Arc::new(Point::ORIGIN, 1.0, 0.0, PI).unwrap();
        assert_eq!(line_arc(&l, &upper).len(), 2);
        // A short line reaching only the right side.
        let short = Line::new(Point::new(0.5, 0.0), Point::new(2.0, 0.0));
        assert_eq!(line_arc(&short, &upper).as_slice(), &[Point::new(1.0, 0.0)]);
    }

    #[test]
    fn tangent_line_touches_once() {
        let l = Line::new(Point::new(-2.0, 1.0), Point::new(2.0, 1.0));
        assert_eq!(
            line_circle(&l, Point::ORIGIN, 1.0).as_slice(),
            &[Point::new(0.0, 1.0)]
        );
    }

    #[test]
    fn unit_circles_one_apart() {
        let hits = circle_circle(Point::ORIGIN, 1.0, Point::new(1.0, 0.0), 1.0);
        let h = 3f64.sqrt() / 2.0;
        assert_eq!(hits.len(), 2);
        assert!((hits.as_slice()[0].x - 0.5).abs() < 1e-15);
        assert!((hits.as_slice()[0].y.abs() - h).abs() < 1e-15);
        // Upper arcs only: one point.
        let a = Arc::new(Point::ORIGIN, 1.0, 0.0, PI).unwrap();
        let b = Arc::new(Point::new(1.0, 0.0), 1.0, 0.0, PI).unwrap();
        assert_eq!(arc_arc(&a, &b).len(), 1);
        assert!(circle_circle(Point::ORIGIN, 1.0, Point::ORIGIN, 2.0).is_empty());
    }
}
