//! A uniform grid of cells over the obstacles' boxes, so that a line or an
//! arc is checked only against the obstacles whose boxes share a cell with
//! it (the exact checks then decide).
//!
//! Each obstacle is listed in every cell its box (grown by a small margin
//! against rounding) overlaps; a line visits the cells it passes through
//! (a digital differential analyser, cell by cell), an arc the cells of its
//! box. An obstacle listed in several cells is visited once per query.

use crate::geom::math::{larger, smaller};
use crate::{Arc, Point, Vec2};
use core::cell::Cell;

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Bounds {
    pub min: Point,
    pub max: Point,
}

impl Bounds {
    pub(crate) fn of_points(points: impl Iterator<Item = Point>) -> Bounds {
        let mut b = Bounds {
            min: Point::new(f64::INFINITY, f64::INFINITY),
            max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        };
        for p in points {
            b.min.x = smaller(b.min.x, p.x);
            b.min.y = smaller(b.min.y, p.y);
            b.max.x = larger(b.max.x, p.x);
            b.max.y = larger(b.max.y, p.y);
        }
        b
    }

    pub(crate) fn grown(self, d: f64) -> Bounds {
        Bounds {
            min: Point::new(self.min.x - d, self.min.y - d),
            max: Point::new(self.max.x + d, self.max.y + d),
        }
    }

    #[inline]
    pub(crate) fn overlaps(&self, o: &Bounds) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }

    /// The box of an arc: its ends and the axis extremes its sweep passes.
    pub(crate) fn of_arc(a: &Arc) -> Bounds {
        let axes = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]
            .into_iter()
            .map(|(x, y)| Vec2::new(x, y))
            .filter(|&dir| crate::geom::distance::arc_spans(a, dir))
            .map(|dir| a.center + dir * a.radius);
        Bounds::of_points([a.start(), a.end()].into_iter().chain(axes))
    }
}

/// Below this many obstacles every query checks them all.
pub(crate) const MIN_ITEMS: usize = 16;

/// The most cells.
const MAX_CELLS: usize = 1 << 16;

#[derive(Debug, Clone)]
pub(crate) struct CellGrid {
    origin: Point,
    cell: f64,
    cols: usize,
    rows: usize,
    /// `items[start[k]..start[k + 1]]` are the obstacles of cell `k`
    /// (row by row).
    start: Vec<u32>,
    items: Vec<u32>,
    /// The query that last visited each obstacle.
    stamps: Vec<Cell<u32>>,
    query: Cell<u32>,
}

impl CellGrid {
    /// A grid over these boxes (one per obstacle, by index), or `None` when
    /// there are too few to be worth it.
    pub(crate) fn new(boxes: &[Bounds]) -> Option<CellGrid> {
        if boxes.len() < MIN_ITEMS {
            return None;
        }
        let mut all = boxes[0];
        let mut size = 0.0;
        for b in boxes {
            all.min.x = all.min.x.min(b.min.x);
            all.min.y = all.min.y.min(b.min.y);
            all.max.x = all.max.x.max(b.max.x);
            all.max.y = all.max.y.max(b.max.y);
            size += (b.max.x - b.min.x).max(b.max.y - b.min.y);
        }
        let (w, h) = (all.max.x - all.min.x, all.max.y - all.min.y);
        let area = (w * h).max(f64::MIN_POSITIVE);
        // About one obstacle per cell, cells no smaller than the average
        // obstacle, and not too many of them.
        let mean = size / boxes.len() as f64;
        let mut cell = (area / boxes.len() as f64).sqrt().max(mean);
        cell = cell.max((area / MAX_CELLS as f64).sqrt());
        if cell.is_nan() || cell <= 0.0 || !cell.is_finite() {
            return None;
        }
        let cols = ((w / cell).floor() as usize + 1).min(MAX_CELLS);
        let rows = ((h / cell).floor() as usize + 1).min(MAX_CELLS / cols.max(1));
        if cols * rows > MAX_CELLS || rows == 0 {
            return None;
        }
        let margin = 1e-9 * cell + 1e-9 * w.max(h);
        let grid0 = CellGrid {
            origin: all.min,
            cell,
            cols,
            rows,
            start: Vec::new(),
            items: Vec::new(),
            stamps: Vec::new(),
            query: Cell::new(0),
        };
        // Count, then fill (compressed rows).
        let mut counts = vec![0u32; cols * rows + 1];
        let ranges: Vec<(usize, usize, usize, usize)> = boxes
            .iter()
            .map(|b| grid0.cell_range(&b.grown(margin)))
            .collect();
        for &(c0, r0, c1, r1) in &ranges {
            for r in r0..=r1 {
                for c in c0..=c1 {
                    counts[r * cols + c + 1] += 1;
                }
            }
        }
        for k in 1..counts.len() {
            counts[k] += counts[k - 1];
        }
        let mut fill = counts.clone();
        let mut items = vec![0u32; counts[cols * rows] as usize];
        for (i, &(c0, r0, c1, r1)) in ranges.iter().enumerate() {
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let k = r * cols + c;
                    items[fill[k] as usize] = i as u32;
                    fill[k] += 1;
                }
            }
        }
        Some(CellGrid {
            start: counts,
            items,
            stamps: vec![Cell::new(0); boxes.len()],
            ..grid0
        })
    }

    /// The cells (inclusive column and row ranges) a box overlaps, clamped
    /// to the grid.
    fn cell_range(&self, b: &Bounds) -> (usize, usize, usize, usize) {
        let f = |v: f64, o: f64, n: usize| (larger((v - o) / self.cell, 0.0) as usize).min(n - 1);
        (
            f(b.min.x, self.origin.x, self.cols),
            f(b.min.y, self.origin.y, self.rows),
            f(b.max.x, self.origin.x, self.cols),
            f(b.max.y, self.origin.y, self.rows),
        )
    }

    /// A new query: obstacles not yet visited by it.
    fn begin(&self) -> u32 {
        let q = self.query.get().wrapping_add(1);
        if q == 0 {
            for s in &self.stamps {
                s.set(0);
            }
            self.query.set(1);
            return 1;
        }
        self.query.set(q);
        q
    }

    /// Calls `f` on each obstacle of cell `k` not yet seen in query `q`;
    /// `false` as soon as `f` says so.
    fn visit_cell(&self, k: usize, q: u32, f: &mut impl FnMut(u32) -> bool) -> bool {
        for &i in &self.items[self.start[k] as usize..self.start[k + 1] as usize] {
            let s = &self.stamps[i as usize];
            if s.get() != q {
                s.set(q);
                if !f(i) {
                    return false;
                }
            }
        }
        true
    }

    /// Calls `f` on every obstacle whose cells the box `b` overlaps; stops
    /// and returns `false` when `f` does.
    pub(crate) fn visit_box(&self, b: &Bounds, mut f: impl FnMut(u32) -> bool) -> bool {
        let ext = self.extent();
        if b.max.x < ext.min.x || b.min.x > ext.max.x || b.max.y < ext.min.y || b.min.y > ext.max.y
        {
            return true;
        }
        let q = self.begin();
        let (c0, r0, c1, r1) = self.cell_range(b);
        for r in r0..=r1 {
            for c in c0..=c1 {
                if !self.visit_cell(r * self.cols + c, q, &mut f) {
                    return false;
                }
            }
        }
        true
    }

    fn extent(&self) -> Bounds {
        Bounds {
            min: self.origin,
            max: Point::new(
                self.origin.x + self.cols as f64 * self.cell,
                self.origin.y + self.rows as f64 * self.cell,
            ),
        }
    }

    /// Calls `f` on every obstacle listed in a cell the line from `a` to
    /// `b` passes through; stops and returns `false` when `f` does.
    pub(crate) fn visit_line(&self, a: Point, b: Point, mut f: impl FnMut(u32) -> bool) -> bool {
        let ext = self.extent();
        // Clip the line to the grid (Liang–Barsky).
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for (p, q) in [
            (-dx, a.x - ext.min.x),
            (dx, ext.max.x - a.x),
            (-dy, a.y - ext.min.y),
            (dy, ext.max.y - a.y),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return true;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = larger(t0, t);
                } else {
                    t1 = smaller(t1, t);
                }
            }
        }
        if t0 > t1 {
            return true;
        }
        let q = self.begin();
        // In cell units from the origin.
        let (x0, y0) = (
            (a.x + t0 * dx - self.origin.x) / self.cell,
            (a.y + t0 * dy - self.origin.y) / self.cell,
        );
        let (x1, y1) = (
            (a.x + t1 * dx - self.origin.x) / self.cell,
            (a.y + t1 * dy - self.origin.y) / self.cell,
        );
        let clampc = |v: f64, n: usize| (larger(v, 0.0) as usize).min(n - 1);
        let (mut c, mut r) = (clampc(x0, self.cols), clampc(y0, self.rows));
        let (ec, er) = (clampc(x1, self.cols), clampc(y1, self.rows));
        let (sx, sy) = (x1 - x0, y1 - y0);
        let step_c: isize = if sx > 0.0 { 1 } else { -1 };
        let step_r: isize = if sy > 0.0 { 1 } else { -1 };
        let inf = f64::INFINITY;
        let delta_c = if sx != 0.0 { 1.0 / sx.abs() } else { inf };
        let delta_r = if sy != 0.0 { 1.0 / sy.abs() } else { inf };
        let next_c = if sx > 0.0 {
            c as f64 + 1.0 - x0
        } else {
            x0 - c as f64
        };
        let next_r = if sy > 0.0 {
            r as f64 + 1.0 - y0
        } else {
            y0 - r as f64
        };
        let mut t_c = if sx != 0.0 { next_c * delta_c } else { inf };
        let mut t_r = if sy != 0.0 { next_r * delta_r } else { inf };
        for _ in 0..self.cols + self.rows + 2 {
            if !self.visit_cell(r * self.cols + c, q, &mut f) {
                return false;
            }
            if c == ec && r == er {
                break;
            }
            if t_c < t_r {
                let n = c as isize + step_c;
                if n < 0 || n >= self.cols as isize {
                    break;
                }
                c = n as usize;
                t_c += delta_c;
            } else {
                let n = r as isize + step_r;
                if n < 0 || n >= self.rows as isize {
                    break;
                }
                r = n as usize;
                t_r += delta_r;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes() -> Vec<Bounds> {
        (0..100)
            .map(|i| {
                let (x, y) = ((i % 10) as f64 * 3.0, (i / 10) as f64 * 3.0);
                Bounds {
                    min: Point::new(x, y),
                    max: Point::new(x + 1.0, y + 1.0),
                }
            })
            .collect()
    }

    #[test]
    fn a_line_visits_exactly_the_boxes_it_may_meet() {
        let b = boxes();
        let g = CellGrid::new(&b).unwrap();
        // A diagonal from (0.5, 0.5) to (27.5, 27.5) passes every box on the
        // diagonal; it must visit them (more is allowed, fewer is not).
        let mut seen = Vec::new();
        assert!(
            g.visit_line(Point::new(0.5, 0.5), Point::new(27.5, 27.5), |i| {
                seen.push(i);
                true
            })
        );
        for k in 0..10 {
            assert!(seen.contains(&(k * 11)), "box {} not visited", k * 11);
        }
        // Each at most once.
        let mut sorted = seen.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), seen.len());
        // A line far outside visits nothing.
        assert!(
            g.visit_line(Point::new(-10.0, 50.0), Point::new(50.0, 60.0), |_| panic!(
                "visited"
            ))
        );
    }

    #[test]
    fn stopping_early_is_reported() {
        let g = CellGrid::new(&boxes()).unwrap();
        assert!(!g.visit_line(Point::new(0.5, 0.5), Point::new(27.5, 0.5), |i| i != 3));
        assert!(!g.visit_box(
            &Bounds {
                min: Point::new(0.0, 0.0),
                max: Point::new(30.0, 30.0)
            },
            |i| i != 55
        ));
    }
}
