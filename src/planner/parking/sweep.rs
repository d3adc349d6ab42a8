//! Exact collision of a moving [`Body`] with circles and simple polygons,
//! no sampling.
//!
//! The body, grown by the clearance, is a rounded rectangle: it keeps the
//! clearance from an obstacle when the plain rectangle is farther than the
//! clearance from it. Moving continuously from a pose where they do not
//! overlap, a rectangle and a polygon can only come close through a corner
//! of one approaching an edge of the other, so the least distance over a
//! whole motion is the least, over every (corner, edge) pair, of the
//! distance between the path the corner traces *relative to the other
//! shape* and that edge:
//!
//! - along a line (a translation by `d`), a body corner traces the segment
//!   `K .. K + d` past the fixed polygon, and a polygon corner (or a
//!   circle's centre) traces `P .. P - d` past the body frozen at the start;
//! - along an arc (a rotation by the sweep `φ` about the turning centre
//!   `C`), a body corner traces the arc about `C` through `φ`, and a polygon
//!   corner (or a circle's centre) the arc about `C` through `-φ`, past the
//!   body frozen at the start.
//!
//! Each of these is a closed-form segment–segment or segment–arc distance
//! ([`crate::geom::distance`]). A circle of radius `R` is kept clear when
//! its centre's path stays `R + clearance` from the body's edges. A pose is
//! checked the same way, plus containment (a polygon corner inside the
//! body, a body corner inside a polygon, a circle's centre inside the body).
//!
//! A zero clearance is taken as the checks' tolerance (a billionth of the
//! scene): touching counts as a collision.
//!
//! # Examples
//! ```
//! use arcline::planner::parking::{Body, BodySweep};
//! use arcline::planner::pathfind::Obstacles;
//! use arcline::{Line, Point, Pose, Segment};
//! let mut o = Obstacles::new();
//! o.add_circle(6.0, 1.5, 0.5);
//! let sweep = BodySweep::new(Body::new(4.0, 2.0, 1.0), &o, 0.0, 1.0);
//! let start = Pose::new(0.0, 0.0, 0.0);
//! assert!(sweep.pose_blocked(start).is_none());
//! // Driving 4 ahead, the front-left corner (3, 1) passes (6, 1.5) at 0.5.
//! let go = Segment::Line(Line::new(Point::new(0.0, 0.0), Point::new(4.0, 0.0)));
//! assert!(!sweep.segment_clear(&go, start));
//! let short = Segment::Line(Line::new(Point::new(0.0, 0.0), Point::new(1.0, 0.0)));
//! assert!(sweep.segment_clear(&short, start));
//! ```

use super::Body;
use crate::geom::distance::{line_arc, line_line, point_line, point_line_squared};
use crate::planner::pathfind::{ObstacleId, Obstacles};
use crate::{Arc, Line, Point, Pose, Segment};

/// A polygon with its bounding circle.
#[derive(Debug, Clone)]
struct Polygon {
    corners: Vec<Point>,
    center: Point,
    radius: f64,
}

/// The exact collision checks of one body against one set of obstacles,
/// with one clearance.
#[derive(Debug, Clone)]
pub struct BodySweep {
    body: Body,
    /// The clearance, at least the tolerance.
    reach: f64,
    tol: f64,
    circles: Vec<(Point, f64)>,
    polygons: Vec<Polygon>,
}

impl BodySweep {
    /// The checks of `body` against `obstacles` (already checked), keeping
    /// `clearance`; `scale` is the size of the scene (its largest
    /// coordinate), which sets the tolerance (a billionth of it, at least
    /// of 1).
    #[must_use]
    pub fn new(body: Body, obstacles: &Obstacles, clearance: f64, scale: f64) -> BodySweep {
        let tol = 1e-9 * scale.max(1.0);
        let polygons = obstacles
            .polygons
            .iter()
            .map(|p| {
                let (mut lo, mut hi) = (p[0], p[0]);
                for q in p {
                    lo = Point::new(lo.x.min(q.x), lo.y.min(q.y));
                    hi = Point::new(hi.x.max(q.x), hi.y.max(q.y));
                }
                let center = lo.lerp(hi, 0.5);
                let radius = p.iter().map(|q| q.distance(center)).fold(0.0, f64::max);
                Polygon {
                    corners: p.clone(),
                    center,
                    radius,
                }
            })
            .collect();
        BodySweep {
            body,
            reach: clearance.max(tol),
            tol,
            circles: obstacles
                .circles
                .iter()
                .map(|c| (c.center(), c.radius))
                .collect(),
            polygons,
        }
    }

    /// The tolerance of the checks.
    #[must_use]
    pub fn tol(&self) -> f64 {
        self.tol
    }

    /// The body's corners and edges at `pose`, counter-clockwise (one
    /// sine and cosine for both).
    fn outline(&self, pose: Pose) -> ([Point; 4], [Line; 4]) {
        let k = self.body.corners(pose);
        (k, [0, 1, 2, 3].map(|i| Line::new(k[i], k[(i + 1) % 4])))
    }

    /// The body's centre at `pose`.
    fn center(&self, pose: Pose) -> Point {
        pose.position() + pose.direction() * self.body.local_center()
    }

    /// The first obstacle the body at `pose` overlaps or comes nearer to
    /// than the clearance, if any.
    #[must_use]
    pub fn pose_blocked(&self, pose: Pose) -> Option<ObstacleId> {
        let (corners, edges) = self.outline(pose);
        let (c0, cr) = (self.center(pose), self.body.circumradius());
        for (i, &(p, r)) in self.circles.iter().enumerate() {
            if far(p, c0, cr + r + self.reach) {
                continue;
            }
            let inside = point_in_rectangle(p, &corners);
            if inside || edges.iter().any(|e| point_line(p, e) < r + self.reach) {
                return Some(ObstacleId::Circle(i));
            }
        }
        for (i, poly) in self.polygons.iter().enumerate() {
            if far(poly.center, c0, cr + poly.radius + self.reach) {
                continue;
            }
            let n = poly.corners.len();
            let hit = poly
                .corners
                .iter()
                .any(|&p| point_in_rectangle(p, &corners))
                || corners.iter().any(|&k| point_in_polygon(k, &poly.corners))
                || (0..n).any(|j| {
                    let e = Line::new(poly.corners[j], poly.corners[(j + 1) % n]);
                    edges.iter().any(|b| line_line(b, &e) < self.reach)
                });
            if hit {
                return Some(ObstacleId::Polygon(i));
            }
        }
        None
    }

    /// Whether the body, driven along `segment` from `start` (its pose at
    /// the segment's start, clear of every obstacle), keeps the clearance
    /// from every obstacle all the way. A clothoid, which the parking
    /// search does not make, has no exact sweep here: it is never called
    /// clear.
    #[must_use]
    pub fn segment_clear(&self, segment: &Segment, start: Pose) -> bool {
        match segment {
            Segment::Line(l) => self.line_clear(l.end - l.start, start),
            Segment::Arc(a) => self.arc_clear(a, start),
            Segment::Clothoid(_) => false,
        }
    }

    /// A translation by `d` from `start`.
    fn line_clear(&self, d: crate::Vec2, start: Pose) -> bool {
        let (corners, edges) = self.outline(start);
        let mid = self.center(start) + d * 0.5;
        let bound = self.body.circumradius() + d.length() * 0.5 + self.reach;
        for &(p, r) in &self.circles {
            if far(p, mid, bound + r) {
                continue;
            }
            let track = Line::new(p, p - d);
            if edges.iter().any(|e| near_lines(e, &track, r + self.reach)) {
                return false;
            }
        }
        for poly in &self.polygons {
            if far(poly.center, mid, bound + poly.radius) {
                continue;
            }
            let n = poly.corners.len();
            for j in 0..n {
                let p = poly.corners[j];
                let e = Line::new(p, poly.corners[(j + 1) % n]);
                let track = Line::new(p, p - d);
                if edges.iter().any(|b| near_lines(b, &track, self.reach)) {
                    return false;
                }
                if corners
                    .iter()
                    .any(|&k| near_lines(&Line::new(k, k + d), &e, self.reach))
                {
                    return false;
                }
            }
        }
        true
    }

    /// A rotation about `arc.center` by `arc.sweep` from `start`.
    fn arc_clear(&self, arc: &Arc, start: Pose) -> bool {
        let (c, phi) = (arc.center, arc.sweep);
        let (corners, edges) = self.outline(start);
        let b0 = self.center(start);
        let mid = c + (b0 - c).rotate(phi * 0.5);
        let bound = self.body.circumradius() + b0.distance(c) * phi.abs() * 0.5 + self.reach;
        // The path of `p` rotated about the centre by `sweep`: an arc, or
        // the point itself when it is the centre.
        let track = |p: Point, sweep: f64| -> Option<Arc> {
            let rho = (p - c).length();
            (rho > self.tol * 1e-3).then(|| Arc {
                center: c,
                radius: rho,
                start_angle: crate::geom::math::atan2(p.y - c.y, p.x - c.x),
                sweep,
                reverse: false,
            })
        };
        // The distances from the centre to an edge, least and most: a
        // point turning about the centre at radius `rho` comes within `need`
        // of the edge only when `rho` is within `need` of that range (a
        // cheap reject before the exact distance; `tol` keeps it safe).
        let range = |e: &Line| -> (f64, f64) {
            let lo = point_line_squared(c, e.start, e.end).sqrt();
            let hi = (e.start - c).length().max((e.end - c).length());
            (lo, hi)
        };
        let too_near = |e: &Line, span: (f64, f64), p: Point, sweep: f64, need: f64| -> bool {
            let rho = (p - c).length();
            if rho > span.1 + need + self.tol || rho < span.0 - need - self.tol {
                return false;
            }
            let d = match track(p, sweep) {
                Some(a) => line_arc(e, &a),
                None => point_line(p, e),
            };
            d < need
        };
        let body_spans = [0, 1, 2, 3].map(|i| range(&edges[i]));
        // The body sweeps the annulus about the centre between its least
        // and greatest distance from it: an obstacle whose bounding circle
        // stays off that annulus (by the clearance) is clear.
        let rho_in = if point_in_rectangle(c, &corners) {
            0.0
        } else {
            body_spans.iter().map(|s| s.0).fold(f64::INFINITY, f64::min)
        };
        let rho_out = body_spans.iter().map(|s| s.1).fold(0.0, f64::max);
        let off_annulus = |p: Point, r: f64| {
            let d = (p - c).length();
            let need = r + self.reach + self.tol;
            d > rho_out + need || d < rho_in - need
        };
        let body_hit =
            |p: Point, need: f64| (0..4).any(|i| too_near(&edges[i], body_spans[i], p, -phi, need));
        for &(p, r) in &self.circles {
            if far(p, mid, bound + r) || off_annulus(p, r) {
                continue;
            }
            if body_hit(p, r + self.reach) {
                return false;
            }
        }
        for poly in &self.polygons {
            if far(poly.center, mid, bound + poly.radius) || off_annulus(poly.center, poly.radius) {
                continue;
            }
            let n = poly.corners.len();
            for j in 0..n {
                let p = poly.corners[j];
                let e = Line::new(p, poly.corners[(j + 1) % n]);
                if body_hit(p, self.reach) {
                    return false;
                }
                let span = range(&e);
                if corners
                    .iter()
                    .any(|&k| too_near(&e, span, k, phi, self.reach))
                {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether `a` and `b` are at least `d` apart (squared, no square root;
/// a hair conservative: only a clear "far" skips the exact checks).
fn far(a: Point, b: Point, d: f64) -> bool {
    (a - b).length_squared() >= d * d * (1.0 + 1e-12)
}

/// Whether two segments come nearer than `need`: their boxes first (a
/// cheap reject), then the exact distance.
fn near_lines(a: &Line, b: &Line, need: f64) -> bool {
    let apart =
        |p: f64, q: f64, r: f64, s: f64| p.max(q) + need < r.min(s) || r.max(s) + need < p.min(q);
    if apart(a.start.x, a.end.x, b.start.x, b.end.x)
        || apart(a.start.y, a.end.y, b.start.y, b.end.y)
    {
        return false;
    }
    line_line(a, b) < need
}

/// Whether `p` is strictly inside the rectangle of these corners
/// (counter-clockwise).
fn point_in_rectangle(p: Point, k: &[Point; 4]) -> bool {
    (0..4).all(|i| {
        let (a, b) = (k[i], k[(i + 1) % 4]);
        (b - a).cross(p - a) > 0.0
    })
}

/// Whether `p` is inside the simple polygon (crossing number).
pub(super) fn point_in_polygon(p: Point, poly: &[Point]) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::FRAC_PI_2;

    fn car() -> Body {
        Body::new(4.0, 2.0, 1.0)
    }

    #[test]
    fn a_quarter_turn_sweeps_the_front_corner_past_a_post_it_clears_by_a_hair() {
        // Turning left about (0, 5) from the origin heading east, the front
        // right corner (3, -1) is sqrt(9 + 36) from the centre.
        let reach = 45f64.sqrt();
        let arc = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 5.0, 1.0, FRAC_PI_2);
        // A post on the corner's circle, 45 degrees on: hit; just outside: clear.
        let at = |rho: f64| Point::new(0.0, 5.0) + crate::Vec2::from_angle(-0.3) * rho;
        for (rho, clear) in [(reach, false), (reach + 0.2, true), (reach - 0.2, false)] {
            let mut o = Obstacles::new();
            let p = at(rho);
            o.add_circle(p.x, p.y, 0.1);
            let s = BodySweep::new(car(), &o, 0.0, 10.0);
            assert_eq!(
                s.segment_clear(&Segment::Arc(arc), Pose::new(0.0, 0.0, 0.0)),
                clear,
                "rho {rho}"
            );
        }
    }

    #[test]
    fn a_polygon_corner_inside_the_body_blocks_the_pose() {
        let mut o = Obstacles::new();
        o.add_polygon(vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.5),
            Point::new(10.0, -0.5),
        ]);
        let s = BodySweep::new(car(), &o, 0.0, 10.0);
        assert_eq!(
            s.pose_blocked(Pose::new(1.0, 0.0, 0.0)),
            Some(ObstacleId::Polygon(0))
        );
        // A body wholly inside a big polygon.
        let mut big = Obstacles::new();
        big.add_rectangle(Point::ORIGIN, 100.0, 100.0, 0.0);
        let s = BodySweep::new(car(), &big, 0.0, 100.0);
        assert!(s.pose_blocked(Pose::new(0.0, 0.0, 0.3)).is_some());
        assert!(s.pose_blocked(Pose::new(60.0, 0.0, 0.3)).is_none());
    }
}
