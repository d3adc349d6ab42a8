//! A lower bound, for every tile, of the rest of any path of the grid
//! search from the tile's centre to the goal: the grid search's heuristic,
//! which sees the walls (the straight-line distance does not).
//!
//! A path of the grid search moves from tile centre to tile centre of free
//! tiles within an edge's reach of each other (each curve at least as long
//! as the straight line between the centres) and ends with a curve from a
//! tile within reach of the goal's (or the goal's own) to the goal, at
//! least as long as the straight line from that tile's centre. So the
//! shortest path over the free tiles with those steps and step lengths,
//! from the tiles within reach of the goal each starting at its distance
//! to the goal, is a lower bound; it is a distance in a graph whose steps
//! are no longer than the search's, so the bound never drops by more than
//! a step's length (consistent). A step longer than one tile may pass over
//! blocked tiles (the bound does not look under it): it sees walls at
//! least as thick as the reach.
//!
//! Dijkstra works it out from the goal outwards and stops once it is well
//! past the start ([`TileDistance::new`]); every tile it has not finished
//! is at least as far as the last one it finished.

use super::queue::Queued;
use super::tiles::Grid;
use crate::Point;
use core::f64::consts::SQRT_2;
use std::collections::BinaryHeap;

/// A node: tile `(c, r)` and heading index `k` (`k·π/4`), or the start.
pub(super) type NodeId = u32;

/// A queued path to a node (or, for [`TileDistance`], a tile at distance
/// `f`: one heap type for both; the grid search keeps parents in its
/// records).
pub(super) type Entry = Queued<()>;

/// Tiles per page of the tables (allocated when first written: a search
/// touches a part of a large grid).
const PAGE: usize = 1 << 12;

/// A table of `f64` by tile, in pages, NaN where never written.
struct Paged {
    pages: Vec<Option<Box<[f64]>>>,
}

impl Paged {
    fn new(tiles: usize) -> Paged {
        Paged {
            pages: vec![None; tiles.div_ceil(PAGE)],
        }
    }

    #[inline]
    fn get(&self, t: usize) -> f64 {
        match self.pages.get(t / PAGE) {
            Some(Some(page)) => page[t % PAGE],
            _ => f64::NAN,
        }
    }

    #[inline]
    fn set(&mut self, t: usize, v: f64) {
        if let Some(page) = self.pages.get_mut(t / PAGE) {
            page.get_or_insert_with(|| vec![f64::NAN; PAGE].into_boxed_slice())[t % PAGE] = v;
        }
    }
}

/// Whether `d` is less than the distance `old` found before (NaN: none).
#[inline]
fn improves(old: f64, d: f64) -> bool {
    old.is_nan() || d < old
}

/// Tile `t` queued at distance `d` (the grid search's entries: the least
/// `f` first).
fn queued(d: f64, t: usize) -> Entry {
    Entry {
        f: d,
        g: 0.0,
        node: t as u32,
        parent: (),
        refined: false,
    }
}

/// The lower bounds, as far as they are worked out.
pub(crate) struct TileDistance {
    columns: usize,
    /// The finished distances, by tile (NaN: not finished).
    done: Paged,
    /// Every tile not finished is at least this far (infinite when
    /// Dijkstra ran out of tiles: the rest cannot reach the goal).
    floor: f64,
}

/// How far past the start's distance Dijkstra goes on: a path of the
/// search rarely leaves the goal farther than this, and the bound of every
/// tile beyond is still the distance there.
const PAST_START: f64 = 1.5;

impl TileDistance {
    /// The bounds towards `goal` (in tile `goal_tile`) of `grid` for edges
    /// reaching `reach` tiles along each axis, worked out until past
    /// `start_tile`'s by [`PAST_START`] times its distance and two tiles (or
    /// for every tile that can reach the goal).
    pub(crate) fn new(
        grid: &Grid,
        goal: Point,
        goal_tile: (i64, i64),
        start_tile: (i64, i64),
        reach: i64,
    ) -> TileDistance {
        let (columns, rows) = (grid.columns, grid.rows);
        let tiles = columns * rows;
        let mut best = Paged::new(tiles);
        let mut out = TileDistance {
            columns,
            done: Paged::new(tiles),
            floor: 0.0,
        };
        let mut heap = BinaryHeap::new();
        let index = |c: i64, r: i64| r as usize * columns + c as usize;
        for dr in -reach..=reach {
            for dc in -reach..=reach {
                let (c, r) = (goal_tile.0 + dc, goal_tile.1 + dr);
                if grid.blocked_at(c, r) {
                    continue;
                }
                let d = (grid.center(c, r) - goal).length();
                let t = index(c, r);
                if improves(best.get(t), d) {
                    best.set(t, d);
                    heap.push(queued(d, t));
                }
            }
        }
        let start = index(start_tile.0, start_tile.1);
        let mut stop = f64::INFINITY;
        let mut steps = vec![
            (1, 0, 1.0),
            (-1, 0, 1.0),
            (0, 1, 1.0),
            (0, -1, 1.0),
            (1, 1, SQRT_2),
            (-1, 1, SQRT_2),
            (1, -1, SQRT_2),
            (-1, -1, SQRT_2),
        ];
        for dr in -reach..=reach {
            for dc in -reach..=reach {
                if dc.abs().max(dr.abs()) > 1 {
                    steps.push((dc, dr, ((dc * dc + dr * dr) as f64).sqrt()));
                }
            }
        }
        while let Some(q) = heap.pop() {
            let (t, qd) = (q.node as usize, q.f);
            if !out.done.get(t).is_nan() || qd > best.get(t) {
                continue;
            }
            if qd > stop {
                out.floor = qd;
                return out;
            }
            out.done.set(t, qd);
            if t == start {
                stop = qd * PAST_START + 2.0 * grid.tile;
            }
            let (c, r) = ((t % columns) as i64, (t / columns) as i64);
            for &(dc, dr, w) in &steps {
                let (nc, nr) = (c + dc, r + dr);
                if nc < 0 || nr < 0 || nc >= columns as i64 || nr >= rows as i64 {
                    continue;
                }
                if grid.blocked_at(nc, nr) {
                    continue;
                }
                let n = index(nc, nr);
                let d = qd + w * grid.tile;
                if out.done.get(n).is_nan() && improves(best.get(n), d) {
                    best.set(n, d);
                    heap.push(queued(d, n));
                }
            }
        }
        out.floor = f64::INFINITY;
        out
    }

    /// The lower bound from the centre of tile `(c, r)` (inside the grid).
    #[inline]
    pub(crate) fn at(&self, c: i64, r: i64) -> f64 {
        let d = self.done.get(r as usize * self.columns + c as usize);
        if d.is_nan() {
            self.floor
        } else {
            d
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_goes_round_a_wall() {
        // 5 × 3 unit tiles, a wall at column 2 on rows 0 and 1, the goal at
        // the centre of (4, 0). The goal's neighbours start at their own
        // distance ((3, 1): √2); then (2, 2) is √2 more, (1, 1) and (0, 0)
        // √2 more each: 4√2 from (0, 0), where the straight line is 4.
        let mut blocked = vec![0u8; 15];
        blocked[2] = 1;
        blocked[5 + 2] = 1;
        let g = Grid {
            columns: 5,
            rows: 3,
            tile: 1.0,
            blocked,
        };
        let goal = Point::new(4.5, 0.5);
        let d = TileDistance::new(&g, goal, (4, 0), (0, 0), 1);
        assert!((d.at(3, 1) - SQRT_2).abs() < 1e-12);
        assert!((d.at(2, 2) - 2.0 * SQRT_2).abs() < 1e-12);
        assert!((d.at(0, 0) - 4.0 * SQRT_2).abs() < 1e-12);
        // Never below the straight line.
        for r in 0..3 {
            for c in 0..5 {
                if g.blocked[r * 5 + c] == 0 {
                    let straight = (g.center(c as i64, r as i64) - goal).length();
                    assert!(d.at(c as i64, r as i64) >= straight - 1e-12);
                }
            }
        }
    }

    #[test]
    fn tiles_walled_off_from_the_goal_are_infinitely_far() {
        // A full wall at column 2 of 5 × 2.
        let mut blocked = vec![0u8; 10];
        blocked[2] = 1;
        blocked[7] = 1;
        let g = Grid {
            columns: 5,
            rows: 2,
            tile: 1.0,
            blocked,
        };
        let d = TileDistance::new(&g, Point::new(4.5, 0.5), (4, 0), (0, 0), 1);
        assert_eq!(d.at(0, 0), f64::INFINITY);
        assert!(d.at(3, 1).is_finite());
    }
}
