//! The obstacle-aware part of the search's heuristic (Dolgov et al.'s
//! "holonomic with obstacles", as ROS nav2's Hybrid A* uses it): a lower
//! bound on the length the rear axle must still drive to the goal, from a
//! breadth-first search over a grid of square cells from the goal's cell.
//!
//! - **Blocked cells.** The body contains the disc of radius
//!   `ρ = min(rear, length - rear, width / 2)` about the rear axle, so an
//!   axle nearer than `ρ + clearance` to an obstacle (or inside one) is
//!   blocked whatever the heading. A cell is blocked only when its centre
//!   is nearer than that less the cell's half-diagonal: every point of a
//!   blocked cell is then a blocked axle position, so a clear path never
//!   crosses one.
//! - **The bound.** Points every `s` (the cell's side) along a clear path
//!   lie in free cells, each in a cell next to the previous one's (or the
//!   same): a path of length `L` from `p` to the goal takes at least
//!   `steps(p) - 1` such hops (`steps` counting moves to any of the 8
//!   neighbours through free cells), so `L ≥ s · (steps(p) - 1)`. A path
//!   that leaves the grid drives at least from `p` to the grid's edge and,
//!   after its last time outside, from an edge cell to the goal within the
//!   grid (the same bound from that cell); the bound is the smaller of the
//!   two. No free route within the grid and none through its edge: an
//!   infinite bound (the goal is walled off from `p`).
//! - Every cost ([`Costs`](super::Costs)) is at least the length, so the
//!   bound is one on the cost too; the search takes the larger of it and
//!   the obstacle-free Reeds–Shepp (or Dubins) length.

use super::Body;
use crate::geom::distance::point_line;
use crate::planner::pathfind::Obstacles;
use crate::{Line, Point};
use std::collections::VecDeque;

/// The most cells of a grid (the cells grow for a larger scene).
const MAX_CELLS: f64 = 16_384.0;

/// Steps from the goal per cell; `u32::MAX` for a cell the goal cannot be
/// reached from (or a blocked one).
#[derive(Debug, Clone)]
pub(crate) struct Holonomic {
    lo: Point,
    hi: Point,
    side: f64,
    nx: usize,
    ny: usize,
    steps: Vec<u32>,
    /// The least a path drives from the grid's edge to the goal.
    goal_out: f64,
}

impl Holonomic {
    /// The grid over the box `lo..hi` (which holds every obstacle, grown by
    /// a margin) for `body` keeping `clearance`, searched from `goal`.
    /// `None` when the box is degenerate or too large to divide finitely.
    pub(crate) fn new(
        lo: Point,
        hi: Point,
        body: Body,
        clearance: f64,
        obstacles: &Obstacles,
        goal: Point,
    ) -> Option<Holonomic> {
        let (w, h) = (hi.x - lo.x, hi.y - lo.y);
        let rho = body.rear.min(body.length - body.rear).min(body.width / 2.0) + clearance;
        let side = (rho / core::f64::consts::SQRT_2).max((w * h / MAX_CELLS).sqrt());
        if !(side > 0.0 && side.is_finite() && w.is_finite() && h.is_finite()) {
            return None;
        }
        let nx = ((w / side).ceil() as usize).max(1);
        let ny = ((h / side).ceil() as usize).max(1);
        if (nx as f64) * (ny as f64) > 4.0 * MAX_CELLS {
            return None;
        }
        // A centre nearer than this to an obstacle: every point of the cell
        // is (a relative millionth of the side kept for rounding).
        let reach = rho - side * (core::f64::consts::FRAC_1_SQRT_2 + 1e-6);
        let mut blocked = vec![false; nx * ny];
        let center = |i: usize, j: usize| {
            Point::new(
                lo.x + (i as f64 + 0.5) * side,
                lo.y + (j as f64 + 0.5) * side,
            )
        };
        // The cells that may have their centres in the box `a..b`.
        let range = |a: Point, b: Point| {
            let first =
                |v: f64, o: f64, n: usize| (((v - o) / side).floor().max(0.0) as usize).min(n);
            let last =
                |v: f64, o: f64, n: usize| (((v - o) / side).ceil().max(0.0) as usize).min(n);
            (
                first(a.x, lo.x, nx),
                last(b.x, lo.x, nx),
                first(a.y, lo.y, ny),
                last(b.y, lo.y, ny),
            )
        };
        if reach > 0.0 {
            for c in &obstacles.circles {
                let g = c.radius + reach;
                let (i0, i1, j0, j1) =
                    range(Point::new(c.x - g, c.y - g), Point::new(c.x + g, c.y + g));
                for j in j0..j1 {
                    for i in i0..i1 {
                        if center(i, j).distance(c.center()) < g {
                            blocked[j * nx + i] = true;
                        }
                    }
                }
            }
        }
        for poly in &obstacles.polygons {
            let (mut a, mut b) = (poly[0], poly[0]);
            for p in poly {
                a = Point::new(a.x.min(p.x), a.y.min(p.y));
                b = Point::new(b.x.max(p.x), b.y.max(p.y));
            }
            let g = reach.max(0.0);
            let (i0, i1, j0, j1) =
                range(Point::new(a.x - g, a.y - g), Point::new(b.x + g, b.y + g));
            let n = poly.len();
            for j in j0..j1 {
                for i in i0..i1 {
                    let p = center(i, j);
                    let edge = (0..n)
                        .map(|k| point_line(p, &Line::new(poly[k], poly[(k + 1) % n])))
                        .fold(f64::INFINITY, f64::min);
                    // Signed: negative inside.
                    let d = if super::sweep::point_in_polygon(p, poly) {
                        -edge
                    } else {
                        edge
                    };
                    if d < reach {
                        blocked[j * nx + i] = true;
                    }
                }
            }
        }
        let cell = |p: Point| -> Option<usize> {
            let i = ((p.x - lo.x) / side).floor();
            let j = ((p.y - lo.y) / side).floor();
            (i >= 0.0 && j >= 0.0 && i < nx as f64 && j < ny as f64)
                .then(|| j as usize * nx + i as usize)
        };
        let mut steps = vec![u32::MAX; nx * ny];
        let mut queue = VecDeque::new();
        if let Some(k) = cell(goal) {
            steps[k] = 0;
            queue.push_back(k);
        }
        while let Some(k) = queue.pop_front() {
            let (i, j) = (k % nx, k / nx);
            let next = steps[k] + 1;
            for dj in [-1i64, 0, 1] {
                for di in [-1i64, 0, 1] {
                    let (a, b) = (i as i64 + di, j as i64 + dj);
                    if a < 0 || b < 0 || a >= nx as i64 || b >= ny as i64 {
                        continue;
                    }
                    let m = b as usize * nx + a as usize;
                    if !blocked[m] && steps[m] == u32::MAX {
                        steps[m] = next;
                        queue.push_back(m);
                    }
                }
            }
        }
        let hi = Point::new(lo.x + nx as f64 * side, lo.y + ny as f64 * side);
        // After its last time outside, a path drives from the grid's edge
        // to the goal within the grid: at least this.
        let edge = (0..nx)
            .flat_map(|i| [i, (ny - 1) * nx + i])
            .chain((0..ny).flat_map(|j| [j * nx, j * nx + nx - 1]))
            .map(|k| steps[k])
            .min()
            .unwrap_or(u32::MAX);
        let goal_out = if edge == u32::MAX {
            f64::INFINITY
        } else {
            side * (1.0 - 1e-9) * (f64::from(edge) - 1.0).max(0.0)
        };
        Some(Holonomic {
            lo,
            hi,
            side,
            nx,
            ny,
            steps,
            goal_out,
        })
    }

    /// A lower bound on the length from `p` to the goal, clear of the
    /// obstacles; infinite when the goal is walled off from `p`.
    pub(crate) fn bound(&self, p: Point) -> f64 {
        let outside = out(p, self.lo, self.hi) + self.goal_out;
        let i = ((p.x - self.lo.x) / self.side).floor();
        let j = ((p.y - self.lo.y) / self.side).floor();
        if !(i >= 0.0 && j >= 0.0 && i < self.nx as f64 && j < self.ny as f64) {
            return 0.0;
        }
        let s = self.steps[j as usize * self.nx + i as usize];
        let inside = if s == u32::MAX {
            f64::INFINITY
        } else {
            // A hair less than the side: rounding in the cells' indices.
            self.side * (1.0 - 1e-9) * (f64::from(s) - 1.0).max(0.0)
        };
        inside.min(outside)
    }
}

/// The distance from `p` (inside the box) to the box's edge.
fn out(p: Point, lo: Point, hi: Point) -> f64 {
    (p.x - lo.x)
        .min(hi.x - p.x)
        .min(p.y - lo.y)
        .min(hi.y - p.y)
        .max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box 9 × 6 of walls 0.6 thick, its top open by a gap `gap` wide.
    fn pocket(gap: f64) -> Obstacles {
        let mut o = Obstacles::new();
        let (w, h, t) = (9.0, 6.0, 0.6);
        o.add_rectangle(Point::new(0.0, -h / 2.0), w + t, t, 0.0);
        o.add_rectangle(Point::new(-w / 2.0, 0.0), t, h + t, 0.0);
        o.add_rectangle(Point::new(w / 2.0, 0.0), t, h + t, 0.0);
        let l = (w - gap) / 2.0;
        o.add_rectangle(Point::new(-w / 2.0 + l / 2.0, h / 2.0), l, t, 0.0);
        o.add_rectangle(Point::new(w / 2.0 - l / 2.0, h / 2.0), l, t, 0.0);
        o
    }

    #[test]
    fn a_pocket_with_a_gap_narrower_than_the_car_is_walled_off() {
        let car = Body::new(4.5, 1.8, 1.0);
        let (lo, hi) = (Point::new(-30.0, -25.0), Point::new(30.0, 30.0));
        let goal = Point::new(0.0, -0.5);
        let shut = Holonomic::new(lo, hi, car, 0.0, &pocket(0.5), goal).unwrap();
        assert_eq!(shut.bound(Point::new(0.0, 8.0)), f64::INFINITY);
        assert!(shut.bound(Point::new(1.0, -1.0)) < 2.0);
        let open = Holonomic::new(lo, hi, car, 0.0, &pocket(3.0), goal).unwrap();
        let b = open.bound(Point::new(0.0, 8.0));
        // At least what the grid can promise, at most the straight line.
        assert!(b > 5.0 && b <= 8.5, "{b}");
    }
}
