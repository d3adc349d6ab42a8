//! The geometry of the tangent graph: the guide circles a path turns
//! along, the tangent lines between them (each with the turning direction
//! it leaves and enters with), and how far an arc along a guide circle can
//! turn before it comes within the clearance of an obstacle, all in closed
//! form.
//!
//! A guide circle is
//! - an obstacle circle grown by the clearance, and enlarged to the turning
//!   radius when that is larger (an arc along it then has a radius the unit
//!   can drive, and stays farther than the clearance from the obstacle);
//! - a circle of radius `max(clearance, turning radius)` around each convex
//!   corner of a polygon (the corner rounded: between two corners of an
//!   edge the path runs parallel to the edge);
//! - the start's two turning circles and, for a goal pose, the goal's two
//!   (radius exactly the turning radius).
//!
//! A path in the graph turns along a guide circle in one direction (left,
//! counter-clockwise, or right), leaves it along a line tangent to it and
//! enters the next guide circle tangentially in that circle's direction:
//! every joint is G1 and every arc has a radius of at least the turning
//! radius.

use super::broad_phase::Bounds;
use super::collision::Collider;
use super::obstacles::{twice_area, Obstacles};
use crate::planner::dubins::FULL_TURN_SNAP;
use crate::{Point, Pose, Vec2};
use core::f64::consts::{PI, TAU};

/// Turning left (counter-clockwise) along a guide circle.
pub(crate) const LEFT: f64 = 1.0;
/// Turning right (clockwise).
pub(crate) const RIGHT: f64 = -1.0;

/// What a guide circle rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuideKind {
    /// `obstacles.circles[i]`.
    Circle(usize),
    /// Corner `corner` of `obstacles.polygons[polygon]`.
    Corner {
        /// Which polygon.
        polygon: usize,
        /// Which of its corners.
        corner: usize,
    },
    /// The start's turning circle on its left (`true`) or right.
    Start {
        /// The circle on the left.
        left: bool,
    },
    /// The goal's turning circle on its left (`true`) or right.
    Goal {
        /// The circle on the left.
        left: bool,
    },
}

/// A circle the path may turn along.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Guide {
    /// The circle's centre.
    pub center: Point,
    /// Its radius: the obstacle's grown by the clearance, and at least the turning radius.
    pub radius: f64,
    /// What it rounds.
    pub kind: GuideKind,
}

/// The guide circles of the obstacles at this clearance and turning radius
/// `r`: one per circle, one per convex polygon corner.
pub(crate) fn obstacle_guides(obstacles: &Obstacles, clearance: f64, r: f64) -> Vec<Guide> {
    let mut out = Vec::with_capacity(obstacles.circles.len());
    for (i, c) in obstacles.circles.iter().enumerate() {
        out.push(Guide {
            center: c.center(),
            radius: (c.radius + clearance).max(r),
            kind: GuideKind::Circle(i),
        });
    }
    let corner_radius = clearance.max(r);
    for (p, poly) in obstacles.polygons.iter().enumerate() {
        let n = poly.len();
        let winding = twice_area(poly).signum();
        for j in 0..n {
            let (a, b, c) = (poly[(j + n - 1) % n], poly[j], poly[(j + 1) % n]);
            // Convex when the boundary turns the polygon's own way there.
            if (b - a).cross(c - b) * winding > 0.0 {
                out.push(Guide {
                    center: b,
                    radius: corner_radius,
                    kind: GuideKind::Corner {
                        polygon: p,
                        corner: j,
                    },
                });
            }
        }
    }
    out
}

/// A line tangent to two circles: it leaves the first at `from`, turning
/// the first circle's way up to there, and enters the second at `to`,
/// turning the second circle's way from there. `n` is the unit normal to
/// the left of the line (the line's direction is `n` turned right).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Tangent {
    pub from: Point,
    pub to: Point,
    pub length: f64,
    pub n: Vec2,
}

/// The tangent from circle `a` (radius `ra`, turning `sa`: [`LEFT`] or
/// [`RIGHT`]) to circle `b` (`rb`, `sb`; `rb = 0` for a point): one line
/// for each pair of directions (outer tangents for equal directions, inner
/// ones for opposite), `None` when the circles are placed so that it does
/// not exist (inner tangents of overlapping circles, any tangent of
/// nested ones).
///
/// With `n` the unit normal on the line's left, a left turn has its centre
/// on its left, so the tangent points are `a − sa·ra·n` and `b − sb·rb·n`;
/// the line between them is perpendicular to `n` when
/// `(b − a)·n = sb·rb − sa·ra = k`, which with `d = |b − a|` and
/// `h = √(d² − k²)` (the line's length) gives `n = (k·(b − a) + h·(b −
/// a)⊥) / d²`, the sign of `h` chosen so that the line runs from `a` to
/// `b`.
#[inline]
pub(crate) fn tangent(a: Point, ra: f64, sa: f64, b: Point, rb: f64, sb: f64) -> Option<Tangent> {
    let d = b - a;
    let d2 = d.length_squared();
    let k = sb * rb - sa * ra;
    let h2 = d2 - k * k;
    if h2.is_nan() || h2 <= 0.0 {
        return None;
    }
    let h = h2.sqrt();
    let n = (d * k + d.perp() * h) / d2;
    Some(Tangent {
        from: a - n * (sa * ra),
        to: b - n * (sb * rb),
        length: h,
        n,
    })
}

/// The turn (radians, in `[0, 2π)`) along a circle in direction `s` from
/// the direction `from` to the direction `to` (unit vectors from the
/// centre), with a turn within [`FULL_TURN_SNAP`] of a full one taken as
/// none (rounding around a tangent point).
#[inline]
pub(crate) fn turn(s: f64, from: Vec2, to: Vec2) -> f64 {
    // Unit vectors: never both zero.
    let a = crate::planner::trig::atan2(from.cross(to), from.dot(to)) * s;
    let a = if a < 0.0 { a + TAU } else { a };
    if a >= TAU - FULL_TURN_SNAP {
        0.0
    } else {
        a
    }
}

/// The same turn from normal angles: `to − from` in direction `s`, in
/// `[0, 2π)`, snapped as [`turn`] (angles in `(−π, π]`, as [`angle`] gives).
#[inline]
pub(crate) fn sweep_between(s: f64, from: f64, to: f64) -> f64 {
    let a = (to - from) * s;
    let a = if a < 0.0 { a + TAU } else { a };
    if a >= TAU - FULL_TURN_SNAP {
        0.0
    } else {
        a
    }
}

/// The smallest turn `δ ≥ 0` along the circle (`center`, `radius`) in
/// direction `s` from the direction `from` such that the point there is
/// within `reach` of `p`; `None` when the circle never comes that close.
fn first_within_point(
    center: Point,
    radius: f64,
    from: Vec2,
    s: f64,
    p: Point,
    reach: f64,
) -> Option<f64> {
    let v = p - center;
    let d = v.length();
    // |P(θ) − p|² = ρ² + d² − 2ρd·cos(θ − φ) ≤ reach².
    if d == 0.0 {
        return (radius <= reach).then_some(0.0);
    }
    let q = (radius * radius + d * d - reach * reach) / (2.0 * radius * d);
    if q > 1.0 {
        return None;
    }
    let u = v / d;
    // Already within: the current direction makes an angle of at most
    // acos(q) with u.
    if from.dot(u) >= q || q < -1.0 {
        return Some(0.0);
    }
    let w = libm::acos(q);
    // Entering the cap at φ ∓ s·w: the turn to its near edge.
    let edge = u.rotate(-s * w);
    Some(turn(s, from, edge))
}

/// The same for the segment `a`–`b` (the capsule of `reach` around it):
/// the candidate turns are where the circle meets the capsule's boundary
/// (the circles of `reach` around the ends, the two lines `reach` from the
/// segment), and the first candidate turn at which the point is within
/// reach is the entry.
/// A candidate counts when its point is within `reach + slack` (rounding
/// of the roots; the caller's reach is already less than the clearance by
/// more than the slack).
#[allow(clippy::too_many_arguments)]
fn first_within_segment(
    center: Point,
    radius: f64,
    from: Vec2,
    s: f64,
    a: Point,
    b: Point,
    reach: f64,
    slack: f64,
) -> Option<f64> {
    let at = |dir: Vec2| center + dir * radius;
    let dist2 = |dir: Vec2| crate::geom::distance::point_line_squared(at(dir), a, b);
    let lim = (reach + slack) * (reach + slack);
    if dist2(from) <= lim {
        return Some(0.0);
    }
    let mut best: Option<f64> = None;
    let mut consider = |dir: Vec2| {
        if dist2(dir) <= lim {
            let t = turn(s, from, dir);
            if best.map_or(true, |b| t < b) {
                best = Some(t);
            }
        }
    };
    // The circles of `reach` around the ends.
    for p in [a, b] {
        let v = p - center;
        let d = v.length();
        if d > 0.0 {
            let q = (radius * radius + d * d - reach * reach) / (2.0 * radius * d);
            if (-1.0..=1.0).contains(&q) {
                let w = libm::acos(q);
                let u = v / d;
                consider(u.rotate(w));
                consider(u.rotate(-w));
            }
        }
    }
    // The lines `reach` either side of the segment: (P − a)·n = ±reach.
    if let Some(dir) = (b - a).try_normalize() {
        let n = dir.perp();
        let base = (center - a).dot(n);
        for side in [1.0, -1.0] {
            // ρ·cos(θ − ψ) = side·reach − base, ψ the angle of n.
            let q = (side * reach - base) / radius;
            if (-1.0..=1.0).contains(&q) {
                let w = libm::acos(q);
                consider(n.rotate(w));
                consider(n.rotate(-w));
            }
        }
    }
    best
}

/// How far an arc along guide circle (`center`, `radius`) can turn in
/// direction `s` from the direction `from` before it comes within the
/// clearance of one of the obstacles `near` (indices: disks first, then
/// polygons offset by the number of disks), with the clearance less by
/// `loosen` (0, or more for a turn at least as long): `0` when it starts
/// too close (or inside a polygon), [`TAU`] when it can go all the way
/// round. Out of line: one copy for every caller.
#[inline(never)]
pub(crate) fn free_turn(
    collider: &Collider,
    near: &[u32],
    center: Point,
    radius: f64,
    from: Vec2,
    s: f64,
    loosen: f64,
) -> f64 {
    let mut free = TAU;
    let disks = collider.disks.len() as u32;
    let edge_reach = (collider.clearance - collider.tol - loosen).max(0.0);
    let slack = 0.5 * collider.tol;
    for &i in near {
        let t = if i < disks {
            let d = &collider.disks[i as usize];
            let reach = d.reach - collider.tol - loosen;
            if reach <= 0.0 {
                continue;
            }
            first_within_point(center, radius, from, s, d.center, reach)
        } else {
            let p = (i - disks) as usize;
            if collider.inside(p, center + from * radius) {
                Some(0.0)
            } else {
                let poly = collider.polygon(p);
                let n = poly.len();
                (0..n)
                    .filter_map(|j| {
                        let (a, b) = (poly[j], poly[(j + 1) % n]);
                        first_within_segment(center, radius, from, s, a, b, edge_reach, slack)
                    })
                    .reduce(f64::min)
            }
        };
        if let Some(t) = t {
            free = crate::geom::math::smaller(free, t);
            if free == 0.0 {
                break;
            }
        }
    }
    free
}

/// The directions a turn of at most `free` reaches from `dir` in direction
/// `s`: a cheap test (two cross products) that passes every direction
/// within the turn, so that the exact turn (an arctangent) is computed only
/// for those.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sector {
    dir: Vec2,
    end: Vec2,
    s: f64,
    free: f64,
}

impl Sector {
    pub(crate) fn new(dir: Vec2, s: f64, free: f64) -> Sector {
        Sector {
            dir,
            end: dir.rotate(s * free),
            s,
            free,
        }
    }

    /// The turn of `free` from `dir` to `end` (unit vectors: `end` is `dir`
    /// turned by `s·free`, worked out elsewhere, e.g. from an arc's ends).
    pub(crate) fn between(dir: Vec2, end: Vec2, s: f64, free: f64) -> Sector {
        Sector { dir, end, s, free }
    }

    /// `false` only when `v` is beyond the turn (with a margin for rounding).
    #[inline]
    pub(crate) fn may_hold(&self, v: Vec2) -> bool {
        const MARGIN: f64 = 1e-9;
        if self.free >= TAU - MARGIN {
            return true;
        }
        let (a, b) = (self.s * self.dir.cross(v), self.s * v.cross(self.end));
        if self.free <= PI {
            // Within both ends' half-planes, and not opposite them (the
            // directions of a turn of at most π lean towards its middle).
            a >= -MARGIN && b >= -MARGIN && (self.dir + self.end).dot(v) >= -MARGIN
        } else {
            // Not strictly inside the other part (less than half a turn).
            !(self.s * self.end.cross(v) > MARGIN && self.s * v.cross(self.dir) > MARGIN)
        }
    }
}

/// The obstacles (as in [`free_turn`]) that some point of the circle
/// (`center`, `radius`) may come within the clearance of.
pub(crate) fn near_circle(collider: &Collider, center: Point, radius: f64) -> Vec<u32> {
    let mut out = Vec::new();
    let b: Bounds = Collider::circle_bounds(center, radius + collider.tol);
    let disks = collider.disks.len() as u32;
    collider.visit_box(&b, |i| {
        let near = if i < disks {
            let d = &collider.disks[i as usize];
            let dist2 = (d.center - center).length_squared();
            let reach = d.reach + collider.tol;
            // Touching needs |dist − ρ| < reach: dist < ρ + reach, and dist >
            // ρ − reach when that is positive (squares, no square root).
            let (outer, inner) = (radius + reach, radius - reach);
            dist2 < outer * outer && (inner <= 0.0 || dist2 > inner * inner)
        } else {
            collider.polygon_near((i - disks) as usize, &b)
        };
        if near {
            out.push(i);
        }
    });
    out
}

/// The obstacles near each guide circle ([`near_circle`]), worked out
/// when first asked for.
pub(crate) struct NearCache {
    lists: Vec<Option<Vec<u32>>>,
}

impl NearCache {
    pub(crate) fn new(guides: usize) -> NearCache {
        NearCache {
            lists: vec![None; guides],
        }
    }

    /// The obstacles near `guides[i]`.
    pub(crate) fn get(&mut self, collider: &Collider, guides: &[Guide], i: usize) -> &[u32] {
        let list = &mut self.lists[i];
        if list.is_none() {
            *list = Some(near_circle(collider, guides[i].center, guides[i].radius));
        }
        list.as_deref().unwrap_or(&[])
    }
}

/// The length of the shortest Dubins path from `a` to `b` (the heuristic
/// of the searches), through the batch query: in wasm it shares the one
/// copy of the solver with `dubins_lengths` (the single query inlines a
/// second copy). The straight-line distance should the query be refused
/// (it is not: the poses are checked and bounded).
pub(crate) fn dubins_distance(a: Pose, b: Pose, r: f64) -> f64 {
    let q = [a.x, a.y, a.heading, b.x, b.y, b.heading];
    let mut out = [0.0];
    match crate::planner::dubins_lengths(&q, r, &mut out) {
        Ok(()) => out[0],
        Err(_) => a.position().distance(b.position()),
    }
}

/// The angle of a unit vector, in `(−π, π]` (the planner's `atan2`: the
/// same bits natively and in wasm, without `libm`'s general cases).
#[inline]
pub(crate) fn angle(v: Vec2) -> f64 {
    let a = crate::planner::trig::atan2(v.y, v.x);
    if a <= -PI {
        a + TAU
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planner::pathfind::obstacles::Circle;
    use core::f64::consts::FRAC_PI_2;

    /// How far the guide circle of radius 5 at the origin is free from
    /// angle 0 turning `s`, among the obstacles `near` of `c`.
    fn from_east(c: &Collider, near: &[u32], s: f64) -> f64 {
        free_turn(c, near, Point::ORIGIN, 5.0, Vec2::new(1.0, 0.0), s, 0.0)
    }

    #[test]
    fn outer_and_inner_tangents_of_equal_circles() {
        // Circles of radius 1 at (0, 0) and (10, 0).
        let (a, b) = (Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        // Left to left: the line below, from (0, −1) to (10, −1).
        let t = tangent(a, 1.0, LEFT, b, 1.0, LEFT).unwrap();
        assert!(t.from.distance(Point::new(0.0, -1.0)) < 1e-15);
        assert!(t.to.distance(Point::new(10.0, -1.0)) < 1e-15);
        assert!((t.length - 10.0).abs() < 1e-15);
        // Left to right crosses between them: length √(100 − 4).
        let t = tangent(a, 1.0, LEFT, b, 1.0, RIGHT).unwrap();
        assert!((t.length - 96f64.sqrt()).abs() < 1e-13);
        assert!(t.from.y < 0.0 && t.to.y > 0.0);
        // Overlapping circles have no inner tangent.
        assert!(tangent(a, 6.0, LEFT, b, 6.0, RIGHT).is_none());
    }

    #[test]
    fn a_tangent_to_a_point() {
        // From the unit circle turning left to the point (0, −5): the line
        // leaves where the radius is perpendicular to it, √24 long, on the
        // circle's left half (turning counter-clockwise, heading down-right).
        let t = tangent(Point::ORIGIN, 1.0, LEFT, Point::new(0.0, -5.0), 0.0, LEFT).unwrap();
        assert!((t.length - 24f64.sqrt()).abs() < 1e-14);
        assert!(((t.from - Point::ORIGIN).length() - 1.0).abs() < 1e-15);
        assert!(t.from.x < 0.0);
        assert!((t.to - t.from).dot(t.from - Point::ORIGIN).abs() < 1e-14);
    }

    #[test]
    fn a_sector_holds_every_direction_within_its_turn() {
        for (s, free) in [
            (LEFT, 0.0),
            (RIGHT, 0.0),
            (LEFT, 0.3),
            (RIGHT, 0.3),
            (LEFT, 2.5),
            (RIGHT, 4.0),
            (LEFT, 6.0),
        ] {
            let dir = Vec2::from_angle(1.0);
            let sector = Sector::new(dir, s, free);
            for k in 0..3600 {
                let v = Vec2::from_angle(k as f64 * TAU / 3600.0);
                if turn(s, dir, v) <= free {
                    assert!(sector.may_hold(v), "{s} {free} {k}");
                }
                if turn(s, dir, v) > free + 1e-6 && turn(s, dir, v) < TAU - 1e-6 {
                    assert!(!sector.may_hold(v), "{s} {free} {k} beyond");
                }
            }
        }
    }

    #[test]
    fn turns_are_measured_in_the_direction_of_travel() {
        let (e, n) = (Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0));
        assert!((turn(LEFT, e, n) - FRAC_PI_2).abs() < 1e-15);
        assert!((turn(RIGHT, e, n) - 3.0 * FRAC_PI_2).abs() < 1e-15);
        assert_eq!(turn(LEFT, e, e), 0.0);
    }

    #[test]
    fn the_free_turn_stops_where_the_clearance_is_reached() {
        // Guide circle of radius 5 at the origin; a disk of radius 1 at
        // (0, 5) with clearance 0: from angle 0 turning left, the arc meets
        // the disk where |P − (0, 5)| = 1: cos(θ − π/2) = (25 + 25 − 1)/50.
        let o = Obstacles::circles(vec![Circle::new(0.0, 5.0, 1.0)]);
        let c = Collider::new(&o, 0.0, 10.0);
        let near = near_circle(&c, Point::ORIGIN, 5.0);
        assert_eq!(near, vec![0]);
        let free = from_east(&c, &near, LEFT);
        let want = FRAC_PI_2 - (49.0f64 / 50.0).acos();
        assert!((free - want).abs() < 1e-8, "{free} vs {want}");
        // Turning right it goes three quarters round first.
        let free = from_east(&c, &near, RIGHT);
        assert!((free - (3.0 * FRAC_PI_2 - (49.0f64 / 50.0).acos())).abs() < 1e-8);
    }

    #[test]
    fn the_free_turn_against_a_polygon_edge() {
        // The square [−1, 1] × [6, 8] and the guide circle of radius 5 at the
        // origin, which comes within 1 of it (at (0, 5)). At clearance 0.5 the
        // whole circle is clear.
        let sq = vec![
            Point::new(-1.0, 6.0),
            Point::new(1.0, 6.0),
            Point::new(1.0, 8.0),
            Point::new(-1.0, 8.0),
        ];
        let o = Obstacles {
            circles: vec![],
            polygons: vec![sq.clone()],
        };
        let c = Collider::new(&o, 0.5, 10.0);
        let near = near_circle(&c, Point::ORIGIN, 5.0);
        let free = from_east(&c, &near, LEFT);
        assert_eq!(free, TAU);
        // At clearance 1.5, turning left from (5, 0), the arc first comes
        // within 1.5 of the corner (1, 6) (it reaches y = 4.5, the band under
        // the bottom edge, only at x ≈ 2.18, beside the edge).
        let c = Collider::new(&o, 1.5, 10.0);
        let free = from_east(&c, &near_circle(&c, Point::ORIGIN, 5.0), LEFT);
        let corner = Point::new(1.0, 6.0);
        let p = Point::ORIGIN + Vec2::from_angle(free) * 5.0;
        assert!(
            (p.distance(corner) - 1.5).abs() < 2e-8,
            "{}",
            p.distance(corner)
        );
        // And no earlier point of the arc is that close.
        for k in 0..1000 {
            let q = Point::ORIGIN + Vec2::from_angle(free * k as f64 / 1000.0) * 5.0;
            let d = crate::geom::distance::point_line(
                q,
                &crate::Line::new(corner, Point::new(-1.0, 6.0)),
            );
            assert!(d >= 1.5 - 1e-9);
        }
    }
}
