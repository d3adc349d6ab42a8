//! `Grid`: the uniform-grid spatial hash used for neighbour queries, built by
//! a counting sort every step (cell start offsets, and the vehicles' previous
//! positions and velocities copied in cell order, `[x, y, vx, vy]` each).
//! Its buffers keep their capacity, so after the first steps building it
//! allocates nothing.
//!
//! Cells are at least the query radius wide, so every neighbour of a vehicle
//! lies in the 3×3 block of cells around its own. (Cells half a radius wide
//! and a 5×5 block cover 6.25 r² instead of 9 r², fewer candidates for the
//! same neighbours, but four times the cells and shorter runs of entries:
//! measured in wasm, the crowd steps faster with the 3×3 block.) The grid
//! covers the bounding box of the vehicles plus an empty cell on every side,
//! so the block around any vehicle's cell is always inside. When the
//! vehicles are spread so thinly that the grid would need more than `4n +
//! 64` cells, the cells grow (queries stay exact, they only see more
//! candidates).

use core::ops::Range;

/// Cells from a vehicle's own to the farthest that may hold a neighbour.
pub(crate) const REACH: usize = 1;

/// The index ranges of a block of cells, one per row (bottom to top), each
/// row's cells left to right.
pub(crate) type Block = [Range<usize>; 2 * REACH + 1];

/// The index ranges of the cells ahead of a cell (see [`Grid::ahead`]): its
/// own row from it on, then each row above.
pub(crate) type Ahead = [Range<usize>; REACH + 1];

/// The smallest and largest coordinates of `pos`: `[min_x, min_y, max_x,
/// max_y]` (±∞ the wrong way round for none; NaN coordinates left out).
/// Written with comparisons, not `f64::min`/`max`: wasm has no instruction
/// for their NaN rule and calls them as functions.
#[inline]
pub(crate) fn extent(pos: &[[f64; 2]]) -> [f64; 4] {
    let (mut min_x, mut min_y) = (f64::INFINITY, f64::INFINITY);
    let (mut max_x, mut max_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for p in pos {
        if p[0] < min_x {
            min_x = p[0];
        }
        if p[0] > max_x {
            max_x = p[0];
        }
        if p[1] < min_y {
            min_y = p[1];
        }
        if p[1] > max_y {
            max_y = p[1];
        }
    }
    [min_x, min_y, max_x, max_y]
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Grid {
    min_x: f64,
    min_y: f64,
    inv_cell: f64,
    width: usize,
    height: usize,
    /// `start[c]..start[c + 1]` are the entries of cell `c` (length cells + 1).
    start: Vec<u32>,
    /// The entry of each world slot (its cell while the grid is built).
    entry_of: Vec<u32>,
    /// Position and velocity `[x, y, vx, vy]` of each entry, in cell order
    /// (what the neighbour passes read).
    pub e: Vec<[f64; 4]>,
    /// The world slot of each entry, same order.
    pub slot: Vec<u32>,
}

impl Grid {
    /// Rebuilds the grid over `pos`/`vel` (x, y per slot) for neighbours
    /// within `radius`.
    #[inline(never)]
    pub fn build(&mut self, pos: &[[f64; 2]], vel: &[[f64; 2]], radius: f64) {
        let n = pos.len();
        let [mut min_x, mut min_y, max_x, max_y] = extent(pos);
        let (span_x, span_y) = (max_x - min_x, max_y - min_y);
        let cap = 4 * n + 64;
        let mut cell = if radius.is_finite() && radius > 0.0 {
            radius / REACH as f64
        } else {
            1.0
        };
        let edge = 2 * REACH + 1;
        let (mut width, mut height) = (edge, edge);
        if span_x.is_finite() && span_y.is_finite() {
            for _ in 0..2100 {
                // `as` saturates, so huge spans give huge counts (and grow the cell).
                width = ((span_x / cell) as usize).saturating_add(edge);
                height = ((span_y / cell) as usize).saturating_add(edge);
                if width.saturating_mul(height) <= cap {
                    break;
                }
                cell *= 2.0;
            }
            if width.saturating_mul(height) > cap {
                (width, height) = (edge, edge);
            }
        } else {
            // Positions so large they overflowed: one cell holds everyone.
            min_x = 0.0;
            min_y = 0.0;
            cell = f64::INFINITY;
        }
        self.min_x = min_x;
        self.min_y = min_y;
        self.inv_cell = 1.0 / cell;
        self.width = width;
        self.height = height;

        let cells = width * height;
        // Reserve for the largest grid this n allows, so a crowd that spreads
        // out does not reallocate step after step.
        self.start
            .reserve((cap + 1).saturating_sub(self.start.len()));
        self.start.clear();
        self.start.resize(cells + 1, 0);
        self.entry_of.clear();
        for p in pos {
            let c = self.cell_index(p[0], p[1]);
            self.entry_of.push(c as u32);
            if let Some(s) = self.start.get_mut(c + 1) {
                *s += 1;
            }
        }
        for c in 0..cells {
            let before = self.start[c];
            self.start[c + 1] += before;
        }
        // (Every entry is written below: no need to clear.)
        self.e.resize(n, [0.0; 4]);
        self.slot.resize(n, 0);
        // Scatter: `start[c]` is used as the cursor of cell c, then restored.
        for (slot, (e, (p, v))) in self
            .entry_of
            .iter_mut()
            .zip(pos.iter().zip(vel))
            .enumerate()
        {
            let c = *e as usize;
            let at = self.start[c] as usize;
            if let (Some(e), Some(s)) = (self.e.get_mut(at), self.slot.get_mut(at)) {
                (*e, *s) = ([p[0], p[1], v[0], v[1]], slot as u32);
            }
            *e = at as u32;
            self.start[c] += 1;
        }
        // Each cursor now sits at the start of the next cell: shift back.
        for c in (1..=cells).rev() {
            self.start[c] = self.start[c - 1];
        }
        self.start[0] = 0;
    }

    /// After the world moved its slots into the grid's order: entry `k` is
    /// slot `k`.
    pub fn slots_in_cell_order(&mut self) {
        for (k, (s, e)) in self.slot.iter_mut().zip(&mut self.entry_of).enumerate() {
            (*s, *e) = (k as u32, k as u32);
        }
    }

    /// The entry of a world slot.
    #[inline]
    pub fn entry(&self, slot: usize) -> usize {
        self.entry_of.get(slot).copied().unwrap_or(0) as usize
    }

    /// The block of the entry `k` (empty ranges for no entry).
    #[inline]
    pub fn block_of_entry(&self, k: usize) -> Block {
        match self.e.get(k) {
            Some(e) => self.block(e[0], e[1]),
            None => Default::default(),
        }
    }

    /// The rows of cells that may hold entries.
    #[inline]
    pub fn rows(&self) -> Range<usize> {
        REACH..self.height.saturating_sub(REACH)
    }

    /// The columns of cells that may hold entries.
    #[inline]
    pub fn columns(&self) -> Range<usize> {
        REACH..self.width.saturating_sub(REACH)
    }

    /// The cell in row `cy`, column `cx`.
    #[inline]
    pub fn cell_at(&self, cx: usize, cy: usize) -> usize {
        cy * self.width + cx
    }

    /// The entries of cell `c`.
    #[inline]
    pub fn cell(&self, c: usize) -> Range<usize> {
        let a = self.start.get(c).copied().unwrap_or(0) as usize;
        let b = self.start.get(c + 1).copied().unwrap_or(0) as usize;
        a..b.max(a)
    }

    /// The cell of a point, clamped into the inner cells.
    #[inline]
    fn cell_xy(&self, x: f64, y: f64) -> (usize, usize) {
        let cx = (((x - self.min_x) * self.inv_cell) as usize).saturating_add(REACH);
        let cy = (((y - self.min_y) * self.inv_cell) as usize).saturating_add(REACH);
        let (w, h) = (
            self.width.max(2 * REACH + 1),
            self.height.max(2 * REACH + 1),
        );
        (
            cx.clamp(REACH, w - 1 - REACH),
            cy.clamp(REACH, h - 1 - REACH),
        )
    }

    #[inline]
    fn cell_index(&self, x: f64, y: f64) -> usize {
        let (cx, cy) = self.cell_xy(x, y);
        cy * self.width + cx
    }

    /// The block of cells that holds every entry within the query radius of
    /// `(x, y)`.
    #[inline]
    pub fn block(&self, x: f64, y: f64) -> Block {
        let (cx, cy) = self.cell_xy(x, y);
        self.span(cy, cx, cx)
    }

    /// The entries a vehicle of the inner cell `(cx, cy)` meets ahead of
    /// it in the grid's order: its row of the block from this cell on, and
    /// the rows of the block above (each pair of neighbours is in one of
    /// these for the earlier of the two).
    #[inline]
    pub fn ahead(&self, cy: usize, cx: usize) -> Ahead {
        let w = self.width;
        let at = |c: usize| self.start.get(c).copied().unwrap_or(0) as usize;
        let row = |r: usize, from: usize| {
            let (a, b) = (at(r * w + from), at(r * w + cx + REACH + 1));
            a..b.max(a)
        };
        core::array::from_fn(|k| {
            if k == 0 {
                row(cy, cx)
            } else {
                row(cy + k, cx.saturating_sub(REACH))
            }
        })
    }

    /// The block around the inner cells of row `cy` from column `first` to
    /// `last`: every entry within the query radius of an entry of theirs.
    #[inline]
    pub fn span(&self, cy: usize, first: usize, last: usize) -> Block {
        let w = self.width;
        let row = |r: usize| {
            let from = self.start.get(r * w + first - REACH).copied().unwrap_or(0) as usize;
            let to = self
                .start
                .get(r * w + last + REACH + 1)
                .copied()
                .unwrap_or(0) as usize;
            from..to.max(from)
        };
        core::array::from_fn(|k| row(cy + k - REACH))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(pos: &[[f64; 2]], x: f64, y: f64, r: f64) -> Vec<u32> {
        let mut v: Vec<u32> = pos
            .iter()
            .enumerate()
            .filter(|(_, p)| (p[0] - x).powi(2) + (p[1] - y).powi(2) < r * r)
            .map(|(i, _)| i as u32)
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn block_holds_every_neighbour_within_the_radius() {
        let mut rng = crate::test_rng::Xorshift::new(12345);
        let mut next = || rng.next_u64();
        let pos: Vec<[f64; 2]> = (0..500)
            .map(|_| {
                [
                    (next() % 1000) as f64 * 0.1 - 50.0,
                    (next() % 1000) as f64 * 0.07,
                ]
            })
            .collect();
        let vel = vec![[0.0; 2]; pos.len()];
        let mut g = Grid::default();
        for r in [0.5, 3.0, 40.0] {
            g.build(&pos, &vel, r);
            for (i, p) in pos.iter().enumerate() {
                let k = g.entry(i);
                assert_eq!((g.e[k][0], g.e[k][1], g.slot[k]), (p[0], p[1], i as u32));
                let blocks = [g.block(p[0], p[1])];
                let mut found: Vec<u32> = blocks
                    .into_iter()
                    .flatten()
                    .flatten()
                    .filter(|&k| (g.e[k][0] - p[0]).powi(2) + (g.e[k][1] - p[1]).powi(2) < r * r)
                    .map(|k| g.slot[k])
                    .collect();
                found.sort_unstable();
                assert_eq!(found, brute(&pos, p[0], p[1], r));
            }
            // Every entry lies in exactly one inner cell, whose block is its own.
            let mut seen = 0;
            for cy in g.rows() {
                for cx in g.columns() {
                    for k in g.cell(g.cell_at(cx, cy)) {
                        assert_eq!(g.span(cy, cx, cx), g.block(g.e[k][0], g.e[k][1]));
                        seen += 1;
                    }
                }
            }
            assert_eq!(seen, pos.len());
        }
    }

    #[test]
    fn one_far_outlier_grows_the_cells_instead_of_the_grid() {
        let pos = [[0.0, 0.0], [1.0, 0.0], [1e12, -1e12]];
        let mut g = Grid::default();
        g.build(&pos, &[[0.0; 2]; 3], 1.0);
        assert!(g.width * g.height <= 4 * 3 + 64);
        let near: usize = g.block(0.0, 0.0).into_iter().map(|r| r.len()).sum();
        assert!(near >= 2);
    }
}
