//! Exact clearance checks of lines and arcs against the obstacles, in
//! closed form (no sampling): a piece is clear when every point of it is
//! at least the clearance from every obstacle, within a tolerance of
//! rounding (`tol`, scaled to the scene) so that a path that hugs an
//! obstacle at exactly the clearance counts as clear.
//!
//! A circle obstacle is checked as the disk of radius `radius + clearance`;
//! a polygon as its edges (each at least the clearance away) and its
//! inside (a piece that crosses no edge is inside when one of its points
//! is).

use super::broad_phase::{Bounds, CellGrid};
use super::obstacles::{Circle, Obstacles};
use crate::error::Field;
use crate::geom::distance::{line_arc, line_line, point_line_squared};
use crate::{Arc, Line, Point, Segment};

/// Which obstacle, by its index in [`Obstacles`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ObstacleId {
    /// `obstacles.circles[i]`.
    Circle(usize),
    /// `obstacles.polygons[i]`.
    Polygon(usize),
}

impl ObstacleId {
    /// `obstacles.circles[i]` or `obstacles.polygons[i]`.
    pub fn field(self) -> Field {
        match self {
            ObstacleId::Circle(i) => Field::named("obstacles").key("circles").index(i),
            ObstacleId::Polygon(i) => Field::named("obstacles").key("polygons").index(i),
        }
    }
}

/// A circle obstacle grown by the clearance.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Disk {
    pub center: Point,
    /// `radius + clearance`.
    pub reach: f64,
    bounds: Bounds,
}

/// A polygon obstacle: its corners in `Collider::corners`, its box grown
/// by the clearance.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Polygon {
    pub start: usize,
    pub end: usize,
    bounds: Bounds,
}

/// The obstacles as the checks see them.
#[derive(Debug, Clone)]
pub(crate) struct Collider {
    pub disks: Vec<Disk>,
    pub polygons: Vec<Polygon>,
    pub corners: Vec<Point>,
    pub clearance: f64,
    /// How much closer than the clearance a piece may come and still be
    /// clear (rounding: 1e-9 of the scene's size).
    pub tol: f64,
    /// The cells of the obstacles' boxes (disks first, then polygons), for
    /// many obstacles.
    grid: Option<CellGrid>,
}

impl Collider {
    /// The checks for `obstacles` (already checked) at `clearance`; `scale`
    /// is the size of the scene (the largest coordinate or radius), which
    /// sets the tolerance.
    pub(crate) fn new(obstacles: &Obstacles, clearance: f64, scale: f64) -> Collider {
        let tol = 1e-9 * scale.max(1.0);
        let disks: Vec<Disk> = obstacles
            .circles
            .iter()
            .map(|c: &Circle| {
                let reach = c.radius + clearance;
                Disk {
                    center: c.center(),
                    reach,
                    bounds: Bounds::of_points([c.center()].into_iter()).grown(reach),
                }
            })
            .collect();
        let mut corners = Vec::new();
        let mut polygons = Vec::new();
        for poly in &obstacles.polygons {
            let start = corners.len();
            corners.extend_from_slice(poly);
            polygons.push(Polygon {
                start,
                end: corners.len(),
                bounds: Bounds::of_points(poly.iter().copied()).grown(clearance),
            });
        }
        let boxes: Vec<Bounds> = disks
            .iter()
            .map(|d: &Disk| d.bounds)
            .chain(polygons.iter().map(|p| p.bounds))
            .collect();
        Collider {
            disks,
            polygons,
            corners,
            clearance,
            tol,
            grid: CellGrid::new(&boxes),
        }
    }

    /// The corners of polygon `i`.
    pub(crate) fn polygon(&self, i: usize) -> &[Point] {
        let p = &self.polygons[i];
        &self.corners[p.start..p.end]
    }

    /// Whether `p` is inside polygon `i` (even-odd rule).
    pub(crate) fn inside(&self, i: usize, p: Point) -> bool {
        let poly = self.polygon(i);
        let n = poly.len();
        let mut inside = false;
        for j in 0..n {
            let (a, b) = (poly[j], poly[(j + 1) % n]);
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x > p.x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// The first obstacle that `p` is inside of or closer to than the
    /// clearance (by more than the tolerance).
    pub(crate) fn point_blocked_by(&self, p: Point) -> Option<ObstacleId> {
        for (i, d) in self.disks.iter().enumerate() {
            let r = d.reach - self.tol;
            if r > 0.0 && (p - d.center).length_squared() < r * r {
                return Some(ObstacleId::Circle(i));
            }
        }
        let c = self.clearance - self.tol;
        for i in 0..self.polygons.len() {
            if self.inside(i, p) {
                return Some(ObstacleId::Polygon(i));
            }
            if c > 0.0 {
                let poly = self.polygon(i);
                let n = poly.len();
                for j in 0..n {
                    if point_line_squared(p, poly[j], poly[(j + 1) % n]) < c * c {
                        return Some(ObstacleId::Polygon(i));
                    }
                }
            }
        }
        None
    }

    /// Whether the line from `a` to `b` keeps the clearance from disk `i`.
    #[inline]
    pub(crate) fn line_clear_of_disk(&self, a: Point, b: Point, i: usize) -> bool {
        let d = &self.disks[i];
        let r = d.reach - self.tol;
        r <= 0.0 || point_line_squared(d.center, a, b) >= r * r
    }

    /// Whether the line from `a` to `b` keeps the clearance from polygon `i`.
    pub(crate) fn line_clear_of_polygon(&self, a: Point, b: Point, i: usize) -> bool {
        let line = Line::new(a, b);
        let c = self.clearance - self.tol;
        let poly = self.polygon(i);
        let n = poly.len();
        for j in 0..n {
            let edge = Line::new(poly[j], poly[(j + 1) % n]);
            let d = line_line(&line, &edge);
            if d == 0.0 || d < c {
                return false;
            }
        }
        !self.inside(i, a)
    }

    /// Whether the line from `a` to `b` keeps the clearance from every
    /// obstacle.
    pub(crate) fn line_clear(&self, a: Point, b: Point) -> bool {
        self.line_blocker(a, b).is_none()
    }

    /// Whether the line from `a` to `b` keeps the clearance from obstacle
    /// `i` (disks first, then polygons offset by the number of disks).
    #[inline]
    pub(crate) fn line_clear_of(&self, a: Point, b: Point, i: u32) -> bool {
        let disks = self.disks.len() as u32;
        if i < disks {
            self.line_clear_of_disk(a, b, i as usize)
        } else {
            self.line_clear_of_polygon(a, b, (i - disks) as usize)
        }
    }

    /// An obstacle (as in [`Collider::line_clear_of`]) the line from `a` to
    /// `b` comes nearer than the clearance, if any: the first met.
    pub(crate) fn line_blocker(&self, a: Point, b: Point) -> Option<u32> {
        let mut blocker = None;
        if let Some(grid) = &self.grid {
            grid.visit_line(a, b, |i| {
                let clear = self.line_clear_of(a, b, i);
                if !clear {
                    blocker = Some(i);
                }
                clear
            });
            return blocker;
        }
        let bounds = Bounds::of_points([a, b].into_iter());
        let disks = self.disks.len() as u32;
        for (i, d) in self.disks.iter().enumerate() {
            if d.bounds.overlaps(&bounds) && !self.line_clear_of_disk(a, b, i) {
                return Some(i as u32);
            }
        }
        for (i, p) in self.polygons.iter().enumerate() {
            if p.bounds.overlaps(&bounds) && !self.line_clear_of_polygon(a, b, i) {
                return Some(disks + i as u32);
            }
        }
        None
    }

    /// Whether `arc` keeps the clearance from disk `i`: the distance from
    /// the disk's centre to the arc is at least its reach.
    #[inline]
    pub(crate) fn arc_clear_of_disk(&self, arc: &Arc, i: usize) -> bool {
        let d = &self.disks[i];
        let r = d.reach - self.tol;
        r <= 0.0 || crate::geom::distance::point_arc(d.center, arc) >= r
    }

    /// Whether `arc` keeps the clearance from polygon `i`.
    pub(crate) fn arc_clear_of_polygon(&self, arc: &Arc, i: usize) -> bool {
        let c = self.clearance - self.tol;
        let poly = self.polygon(i);
        let n = poly.len();
        for j in 0..n {
            let edge = Line::new(poly[j], poly[(j + 1) % n]);
            let d = line_arc(&edge, arc);
            if d == 0.0 || d < c {
                return false;
            }
        }
        !self.inside(i, arc.start())
    }

    /// Whether `arc` keeps the clearance from every obstacle.
    pub(crate) fn arc_clear(&self, arc: &Arc) -> bool {
        let bounds = Bounds::of_arc(arc);
        if let Some(grid) = &self.grid {
            let disks = self.disks.len() as u32;
            return grid.visit_box(&bounds, |i| {
                if i < disks {
                    self.arc_clear_of_disk(arc, i as usize)
                } else {
                    let p = (i - disks) as usize;
                    !self.polygon_near(p, &bounds) || self.arc_clear_of_polygon(arc, p)
                }
            });
        }
        for (i, d) in self.disks.iter().enumerate() {
            if d.bounds.overlaps(&bounds) && !self.arc_clear_of_disk(arc, i) {
                return false;
            }
        }
        for (i, p) in self.polygons.iter().enumerate() {
            if p.bounds.overlaps(&bounds) && !self.arc_clear_of_polygon(arc, i) {
                return false;
            }
        }
        true
    }

    /// Whether a segment keeps the clearance from every obstacle (a
    /// clothoid, which the planners do not make, through its arcs).
    pub(crate) fn segment_clear(&self, s: &Segment) -> bool {
        match s {
            Segment::Line(l) => self.line_clear(l.start, l.end),
            Segment::Arc(a) => self.arc_clear(a),
            Segment::Clothoid(c) => crate::geom::distance::as_arcs(c)
                .iter()
                .all(|piece| self.segment_clear(piece)),
        }
    }

    /// Calls `f` on every obstacle (disks first, then polygons offset by
    /// the number of disks) whose box may overlap `b`: those of the cells
    /// `b` overlaps, or all of them when there are few.
    pub(crate) fn visit_box(&self, b: &Bounds, mut f: impl FnMut(u32)) {
        match &self.grid {
            Some(grid) => {
                grid.visit_box(b, |i| {
                    f(i);
                    true
                });
            }
            None => {
                for i in 0..(self.disks.len() + self.polygons.len()) as u32 {
                    f(i);
                }
            }
        }
    }

    /// Whether polygon `i`'s box, grown by the clearance, overlaps `b`.
    pub(crate) fn polygon_near(&self, i: usize, b: &Bounds) -> bool {
        self.polygons[i].bounds.overlaps(b)
    }

    /// Bounds of a circle of `radius` around `center`.
    pub(crate) fn circle_bounds(center: Point, radius: f64) -> Bounds {
        Bounds::of_points([center].into_iter()).grown(radius)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::PI;

    fn scene() -> Collider {
        let o = Obstacles {
            circles: vec![Circle::new(0.0, 0.0, 1.0)],
            polygons: vec![vec![
                Point::new(10.0, 0.0),
                Point::new(12.0, 0.0),
                Point::new(12.0, 2.0),
                Point::new(10.0, 2.0),
            ]],
        };
        Collider::new(&o, 0.5, 12.0)
    }

    #[test]
    fn a_tangent_at_exactly_the_clearance_is_clear() {
        let c = scene();
        // y = 1.5 is exactly 1 + 0.5 from the circle's centre.
        assert!(c.line_clear(Point::new(-5.0, 1.5), Point::new(5.0, 1.5)));
        assert!(!c.line_clear(Point::new(-5.0, 1.49), Point::new(5.0, 1.49)));
        // 0.5 above the square's top edge, and a hair below that.
        assert!(c.line_clear(Point::new(9.0, 2.5), Point::new(13.0, 2.5)));
        assert!(!c.line_clear(Point::new(9.0, 2.49), Point::new(13.0, 2.49)));
    }

    #[test]
    fn a_line_inside_a_polygon_is_blocked() {
        let c = scene();
        assert!(!c.line_clear(Point::new(10.5, 0.5), Point::new(11.5, 1.5)));
        assert_eq!(
            c.point_blocked_by(Point::new(11.0, 1.0)),
            Some(ObstacleId::Polygon(0))
        );
        assert_eq!(c.point_blocked_by(Point::new(5.0, 1.0)), None);
    }

    #[test]
    fn an_arc_round_the_circle_at_the_clearance_is_clear() {
        let c = scene();
        let hug = Arc::new(Point::ORIGIN, 1.5, 0.0, PI).unwrap();
        assert!(c.arc_clear(&hug));
        let tight = Arc::new(Point::ORIGIN, 1.4, 0.0, PI).unwrap();
        assert!(!c.arc_clear(&tight));
        // An arc whose middle dips towards the square's corner (10, 2).
        // Its lowest point is (10, 5 − radius): 0.6 from the corner, then 0.4.
        let dip = Arc::new(Point::new(10.0, 5.0), 2.4, -PI / 2.0 - 0.3, 0.6).unwrap();
        assert!(c.arc_clear(&dip));
        let deeper = Arc::new(Point::new(10.0, 5.0), 2.6, -PI / 2.0 - 0.3, 0.6).unwrap();
        assert!(!c.arc_clear(&deeper));
    }
}
