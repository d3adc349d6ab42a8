//! The neighbour query of collision avoidance: a uniform grid over every
//! vehicle's previous position, rebuilt each step by a counting sort (its
//! buffers keep their capacity), and a search for the
//! [`MAX_NEIGHBOURS`] nearest within a range, ring by ring of cells outward
//! from the vehicle's own, stopping once no unvisited cell can hold anything
//! nearer than the farthest kept.
//!
//! The neighbours come back sorted by distance, ties by id, so the set and
//! its order depend on the vehicles alone, not on where they are stored.

/// How many neighbours each vehicle avoids: the nearest, as RVO2's
/// `maxNeighbors` (10 in its examples).
pub const MAX_NEIGHBOURS: usize = 10;

/// What the lines of the neighbours need, stored in cell order beside the
/// positions.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Info {
    /// The velocity of the previous step.
    pub vel: [f64; 2],
    /// The velocity of this step, for a neighbour that does not avoid (the
    /// forces' result).
    pub next_vel: [f64; 2],
    pub radius: f64,
    pub id: u32,
    /// The neighbour avoids too (it takes half of the avoidance).
    pub avoids: bool,
    /// The neighbour is pushed apart from overlaps too (it takes half).
    pub pushes: bool,
}

/// The grid.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cells {
    min_x: f64,
    min_y: f64,
    cell: f64,
    inv_cell: f64,
    width: usize,
    height: usize,
    /// `start[c]..start[c + 1]` are the entries of cell `c`.
    start: Vec<u32>,
    cell_of: Vec<u32>,
    /// The entry of each slot.
    pub entry_of: Vec<u32>,
    /// The slot of each entry.
    pub slot: Vec<u32>,
    /// Positions in cell order (what the search reads).
    pub xy: Vec<[f64; 2]>,
    /// The rest of each entry, same order.
    pub info: Vec<Info>,
    /// The id of each entry (what the search reads beside the positions).
    ids: Vec<u32>,
}

/// One neighbour found: its squared distance, id and entry (index into
/// [`Cells::xy`] / [`Cells::info`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Found {
    pub d2: f64,
    pub id: u32,
    pub entry: u32,
}

/// The nearest neighbours found, sorted by `(d², id)`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Near {
    pub len: usize,
    pub found: [Found; MAX_NEIGHBOURS],
}

impl Near {
    /// The neighbours found, nearest first.
    #[inline]
    pub fn list(&self) -> &[Found] {
        &self.found[..self.len]
    }

    /// Keeps `(d2, id)` if it is among the nearest so far.
    #[inline]
    fn offer(&mut self, d2: f64, id: u32, entry: u32) {
        let full = self.len == MAX_NEIGHBOURS;
        if full {
            let w = self.found[MAX_NEIGHBOURS - 1];
            if !(d2 < w.d2 || (d2 == w.d2 && id < w.id)) {
                return;
            }
        }
        let mut k = if full { MAX_NEIGHBOURS - 1 } else { self.len };
        while k > 0 {
            let prev = self.found[k - 1];
            if prev.d2 > d2 || (prev.d2 == d2 && prev.id > id) {
                self.found[k] = prev;
                k -= 1;
            } else {
                break;
            }
        }
        self.found[k] = Found { d2, id, entry };
        if !full {
            self.len += 1;
        }
    }

    /// Whether a vehicle at squared distance `d2` with id `id` is among
    /// these neighbours, found within the squared range `range2`.
    #[inline]
    pub fn holds(&self, d2: f64, id: u32, range2: f64) -> bool {
        if d2.is_nan() || d2 >= range2 {
            return false;
        }
        if self.len < MAX_NEIGHBOURS {
            return true;
        }
        let w = self.found[MAX_NEIGHBOURS - 1];
        d2 < w.d2 || (d2 == w.d2 && id <= w.id)
    }

    /// The squared distance nothing beyond can enter (ties included).
    #[inline]
    fn bound(&self, range2: f64) -> f64 {
        if self.len == MAX_NEIGHBOURS {
            self.found[MAX_NEIGHBOURS - 1].d2
        } else {
            range2
        }
    }
}

impl Cells {
    /// Rebuilds the grid over `pos` (slot order; `info(slot)` gives the rest
    /// of each entry) with cells `cell(span_x, span_y)` wide (wider when the
    /// vehicles are spread so thinly that the grid would need more than
    /// `4n + 64` cells).
    pub fn build(
        &mut self,
        pos: &[[f64; 2]],
        cell: impl Fn(f64, f64) -> f64,
        info: impl Fn(usize) -> Info,
    ) {
        let n = pos.len();
        let (mut min_x, mut min_y) = (f64::INFINITY, f64::INFINITY);
        let (mut max_x, mut max_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for p in pos {
            min_x = min_x.min(p[0]);
            max_x = max_x.max(p[0]);
            min_y = min_y.min(p[1]);
            max_y = max_y.max(p[1]);
        }
        let (span_x, span_y) = (max_x - min_x, max_y - min_y);
        let cap = 4 * n + 64;
        let cell = cell(span_x, span_y);
        let mut cell = if cell.is_finite() && cell > 0.0 {
            cell
        } else {
            1.0
        };
        let (mut width, mut height) = (1usize, 1usize);
        if span_x.is_finite() && span_y.is_finite() {
            for _ in 0..2100 {
                // `as` saturates: huge spans give huge counts (and grow the cell).
                width = ((span_x / cell) as usize).saturating_add(1);
                height = ((span_y / cell) as usize).saturating_add(1);
                if width.saturating_mul(height) <= cap {
                    break;
                }
                cell *= 2.0;
            }
            if width.saturating_mul(height) > cap {
                (width, height) = (1, 1);
                cell = f64::INFINITY;
            }
        } else {
            // Positions so far apart their span overflows: one cell.
            (min_x, min_y) = (0.0, 0.0);
            cell = f64::INFINITY;
        }
        self.min_x = min_x;
        self.min_y = min_y;
        self.cell = cell;
        self.inv_cell = 1.0 / cell;
        self.width = width;
        self.height = height;
        let cells = width * height;
        self.start.clear();
        self.start.resize(cells + 1, 0);
        self.cell_of.clear();
        for p in pos {
            let c = self.cell_index(p[0], p[1]);
            self.cell_of.push(c as u32);
            self.start[c + 1] += 1;
        }
        for c in 0..cells {
            self.start[c + 1] += self.start[c];
        }
        self.xy.clear();
        self.xy.resize(n, [0.0; 2]);
        self.info.clear();
        self.info.resize(n, Info::default());
        self.ids.clear();
        self.ids.resize(n, 0);
        self.slot.clear();
        self.slot.resize(n, 0);
        self.entry_of.clear();
        self.entry_of.resize(n, 0);
        for (slot, (&c, p)) in self.cell_of.iter().zip(pos).enumerate() {
            let c = c as usize;
            let at = self.start[c] as usize;
            self.xy[at] = *p;
            self.info[at] = info(slot);
            self.ids[at] = self.info[at].id;
            self.slot[at] = slot as u32;
            self.entry_of[slot] = at as u32;
            self.start[c] += 1;
        }
        for c in (1..=cells).rev() {
            self.start[c] = self.start[c - 1];
        }
        self.start[0] = 0;
    }

    #[inline]
    fn cell_xy(&self, x: f64, y: f64) -> (usize, usize) {
        let cx = ((x - self.min_x) * self.inv_cell) as usize;
        let cy = ((y - self.min_y) * self.inv_cell) as usize;
        (cx.min(self.width - 1), cy.min(self.height - 1))
    }

    #[inline]
    fn cell_index(&self, x: f64, y: f64) -> usize {
        let (cx, cy) = self.cell_xy(x, y);
        cy * self.width + cx
    }

    /// The [`MAX_NEIGHBOURS`] nearest entries to entry `me`'s position
    /// closer than `sqrt(range2)`, other than `me`.
    ///
    /// The 3×3 block of cells around its own first, then ring by ring
    /// outward while a ring may hold something nearer than the farthest
    /// kept (the cells are sized so that the block mostly suffices).
    pub fn nearest(&self, me: usize, range2: f64, out: &mut Near) {
        out.len = 0;
        let [x, y] = self.xy[me];
        let (cx, cy) = self.cell_xy(x, y);
        let (w, h) = (self.width as isize, self.height as isize);
        let (cx, cy) = (cx as isize, cy as isize);
        // Distances from the point to the sides of its own cell.
        let x0 = self.min_x + cx as f64 * self.cell;
        let y0 = self.min_y + cy as f64 * self.cell;
        let edge = (x - x0)
            .min(x0 + self.cell - x)
            .min(y - y0)
            .min(y0 + self.cell - y)
            .max(0.0);
        // Its own row first: the nearest tend to be there, and found early
        // they keep the later ones from entering (and from shifting them).
        let (x_lo, x_hi) = ((cx - 1).max(0), (cx + 1).min(w - 1));
        self.scan(cy, x_lo, x_hi, x, y, me, range2, out);
        for row in [cy - 1, cy + 1] {
            if row >= 0 && row < h {
                self.scan(row, x_lo, x_hi, x, y, me, range2, out);
            }
        }
        for ring in 2..=w.max(h) {
            // Nothing in this ring or beyond is nearer than this.
            let lb = (ring - 1) as f64 * self.cell + edge;
            if lb * lb > out.bound(range2) {
                break;
            }
            let (y_lo, y_hi) = ((cy - ring).max(0), (cy + ring).min(h - 1));
            let (x_lo, x_hi) = ((cx - ring).max(0), (cx + ring).min(w - 1));
            for row in y_lo..=y_hi {
                if row == cy - ring || row == cy + ring {
                    self.scan(row, x_lo, x_hi, x, y, me, range2, out);
                } else {
                    if cx - ring >= 0 {
                        self.scan(row, cx - ring, cx - ring, x, y, me, range2, out);
                    }
                    if cx + ring < w {
                        self.scan(row, cx + ring, cx + ring, x, y, me, range2, out);
                    }
                }
            }
        }
    }

    /// Offers the entries of cells `x_lo..=x_hi` of `row` (all but `me`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn scan(
        &self,
        row: isize,
        x_lo: isize,
        x_hi: isize,
        x: f64,
        y: f64,
        me: usize,
        range2: f64,
        out: &mut Near,
    ) {
        let first = row as usize * self.width;
        let a = self.start[first + x_lo as usize] as usize;
        let b = self.start[first + x_hi as usize + 1] as usize;
        let mut bound = out.bound(range2);
        for (k, p) in self.xy[a..b].iter().enumerate() {
            let (dx, dy) = (p[0] - x, p[1] - y);
            let d2 = dx * dx + dy * dy;
            // (`bound` is at most `range2`, and equal to it only until full.)
            if d2 <= bound && d2 < range2 {
                let e = a + k;
                if e != me {
                    out.offer(d2, self.ids[e], e as u32);
                    bound = out.bound(range2);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_are_those_a_brute_force_search_finds() {
        let mut s = 99u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 53) as f64
        };
        let pos: Vec<[f64; 2]> = (0..700)
            .map(|k| {
                if k % 3 == 0 {
                    // Repeated coordinates: ties broken by id.
                    [(k % 20) as f64, 4.0]
                } else {
                    [next() * 60.0 - 30.0, next() * 25.0]
                }
            })
            .collect();
        let mut cells = Cells::default();
        for cell in [0.3, 2.0, 9.0, 100.0] {
            cells.build(
                &pos,
                |_, _| cell,
                |slot| Info {
                    id: 1000 - slot as u32,
                    ..Info::default()
                },
            );
            for (i, p) in pos.iter().enumerate() {
                for range in [0.5, 3.0, 1e9] {
                    let mut near = Near::default();
                    cells.nearest(cells.entry_of[i] as usize, range * range, &mut near);
                    let mut all: Vec<(f64, u32)> = pos
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(j, q)| {
                            (
                                (q[0] - p[0]).powi(2) + (q[1] - p[1]).powi(2),
                                1000 - j as u32,
                            )
                        })
                        .filter(|&(d2, _)| d2 < range * range)
                        .collect();
                    all.sort_by(|a, b| a.partial_cmp(b).unwrap());
                    all.truncate(MAX_NEIGHBOURS);
                    let got: Vec<(f64, u32)> = near.list().iter().map(|f| (f.d2, f.id)).collect();
                    assert_eq!(got, all, "cell {cell} range {range} at {p:?}");
                }
            }
        }
    }
}
