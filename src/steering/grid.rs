//! `Grid`: the uniform-grid spatial hash used for neighbour queries, built by
//! a counting sort every step (cell start offsets + an index array sorted by
//! cell). Its buffers keep their capacity, so after the first steps building
//! it allocates nothing.
//!
//! The grid covers the bounding box of the vehicles plus one empty cell on
//! every side, so the 3×3 block around any vehicle's cell is always inside.
//! Cells are at least the query radius wide; when the vehicles are spread so
//! thinly that the grid would need more than `4n + 64` cells, the cells grow
//! (queries stay exact, they only see more candidates).

#[derive(Debug, Clone, Default)]
pub(crate) struct Grid {
    min_x: f64,
    min_y: f64,
    inv_cell: f64,
    width: usize,
    height: usize,
    /// `start[c]..start[c + 1]` are the entries of cell `c` (length cells + 1).
    start: Vec<u32>,
    /// The cell of each slot, from the counting pass.
    cell_of: Vec<u32>,
    /// Positions sorted by cell (what the hot loop reads: 16 bytes each).
    pub xy: Vec<[f64; 2]>,
    /// Velocities, same order.
    pub vel: Vec<[f64; 2]>,
    /// The world slot of each entry, same order.
    pub slot: Vec<u32>,
}

impl Grid {
    /// Rebuilds the grid over `pos`/`vel` (interleaved x, y per slot) with
    /// cells at least `radius` wide.
    pub fn build(&mut self, pos: &[f64], vel: &[f64], radius: f64) {
        let n = pos.len() / 2;
        let (mut min_x, mut min_y) = (f64::INFINITY, f64::INFINITY);
        let (mut max_x, mut max_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for p in pos.chunks_exact(2) {
            min_x = min_x.min(p[0]);
            max_x = max_x.max(p[0]);
            min_y = min_y.min(p[1]);
            max_y = max_y.max(p[1]);
        }
        let (span_x, span_y) = (max_x - min_x, max_y - min_y);
        let cap = 4 * n + 64;
        let mut cell = if radius.is_finite() && radius > 0.0 {
            radius
        } else {
            1.0
        };
        let (mut width, mut height) = (3usize, 3usize);
        if span_x.is_finite() && span_y.is_finite() {
            for _ in 0..2100 {
                // `as` saturates, so huge spans give huge counts (and grow the cell).
                width = ((span_x / cell) as usize).saturating_add(3);
                height = ((span_y / cell) as usize).saturating_add(3);
                if width.saturating_mul(height) <= cap {
                    break;
                }
                cell *= 2.0;
            }
            if width.saturating_mul(height) > cap {
                (width, height) = (3, 3);
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
        self.cell_of.clear();
        for p in pos.chunks_exact(2) {
            let c = self.cell_index(p[0], p[1]);
            self.cell_of.push(c as u32);
            if let Some(s) = self.start.get_mut(c + 1) {
                *s += 1;
            }
        }
        for c in 0..cells {
            let before = self.start[c];
            self.start[c + 1] += before;
        }
        self.xy.clear();
        self.xy.resize(n, [0.0; 2]);
        self.vel.clear();
        self.vel.resize(n, [0.0; 2]);
        self.slot.clear();
        self.slot.resize(n, 0);
        // Scatter: `start[c]` is used as the cursor of cell c, then restored.
        for (slot, (&c, (p, v))) in self
            .cell_of
            .iter()
            .zip(pos.chunks_exact(2).zip(vel.chunks_exact(2)))
            .enumerate()
        {
            let c = c as usize;
            let at = self.start[c] as usize;
            if let (Some(xy), Some(ve), Some(s)) = (
                self.xy.get_mut(at),
                self.vel.get_mut(at),
                self.slot.get_mut(at),
            ) {
                *xy = [p[0], p[1]];
                *ve = [v[0], v[1]];
                *s = slot as u32;
            }
            self.start[c] += 1;
        }
        // Each cursor now sits at the start of the next cell: shift back.
        for c in (1..=cells).rev() {
            self.start[c] = self.start[c - 1];
        }
        self.start[0] = 0;
    }

    /// The cell of a point, clamped into the inner cells.
    #[inline]
    fn cell_xy(&self, x: f64, y: f64) -> (usize, usize) {
        let cx = (((x - self.min_x) * self.inv_cell) as usize).saturating_add(1);
        let cy = (((y - self.min_y) * self.inv_cell) as usize).saturating_add(1);
        (cx.clamp(1, self.width - 2), cy.clamp(1, self.height - 2))
    }

    #[inline]
    fn cell_index(&self, x: f64, y: f64) -> usize {
        let (cx, cy) = self.cell_xy(x, y);
        cy * self.width + cx
    }

    /// The three index ranges (one per row of the 3×3 block around the cell
    /// of `(x, y)`) that hold every entry within one cell of it.
    #[inline]
    pub fn block(&self, x: f64, y: f64) -> [core::ops::Range<usize>; 3] {
        let (cx, cy) = self.cell_xy(x, y);
        let row = |r: usize| {
            let first = r * self.width + cx - 1;
            let a = self.start.get(first).copied().unwrap_or(0) as usize;
            let b = self.start.get(first + 3).copied().unwrap_or(0) as usize;
            a..b.max(a)
        };
        [row(cy - 1), row(cy), row(cy + 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(pos: &[f64], x: f64, y: f64, r: f64) -> Vec<u32> {
        let mut v: Vec<u32> = pos
            .chunks_exact(2)
            .enumerate()
            .filter(|(_, p)| (p[0] - x).powi(2) + (p[1] - y).powi(2) < r * r)
            .map(|(i, _)| i as u32)
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn block_holds_every_neighbour_within_the_radius() {
        let mut s = 12345u64;
        let mut pos = Vec::new();
        for _ in 0..500 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            pos.push((s % 1000) as f64 * 0.1 - 50.0);
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            pos.push((s % 1000) as f64 * 0.07);
        }
        let vel = vec![0.0; pos.len()];
        let mut g = Grid::default();
        for r in [0.5, 3.0, 40.0] {
            g.build(&pos, &vel, r);
            for p in pos.chunks_exact(2) {
                let mut found: Vec<u32> = g
                    .block(p[0], p[1])
                    .into_iter()
                    .flatten()
                    .filter(|&k| (g.xy[k][0] - p[0]).powi(2) + (g.xy[k][1] - p[1]).powi(2) < r * r)
                    .map(|k| g.slot[k])
                    .collect();
                found.sort_unstable();
                assert_eq!(found, brute(&pos, p[0], p[1], r));
            }
        }
    }

    #[test]
    fn one_far_outlier_grows_the_cells_instead_of_the_grid() {
        let pos = [0.0, 0.0, 1.0, 0.0, 1e12, -1e12];
        let mut g = Grid::default();
        g.build(&pos, &[0.0; 6], 1.0);
        assert!(g.width * g.height <= 4 * 3 + 64);
        let near: usize = g.block(0.0, 0.0).into_iter().map(|r| r.len()).sum();
        assert!(near >= 2);
    }
}
