//! The neighbour query of collision avoidance: a uniform grid over every
//! vehicle's previous position, rebuilt by a counting sort on each step
//! that the lists kept across steps cannot answer (`reuse`; its buffers
//! keep their capacity), and a search for the
//! [`MAX_NEIGHBOURS`] nearest within a range: every vehicle within a
//! guessed distance (the last step's farthest neighbour, a little more) is
//! gathered from the cells of the square around it, without a branch on
//! the distances, and if there are enough the nearest of them are the
//! answer; else the search runs again wider.
//!
//! The neighbours are the same set whatever the guess and the storage: the
//! nearest by distance, ties by id. They come back with the farthest last
//! (what the share of the avoidance needs); [`Near::sort`] puts the rest in
//! order, for the vehicles whose half-planes are built.

/// How many neighbours each vehicle avoids: the nearest, as RVO2's
/// `maxNeighbors` (10 in its examples).
pub const MAX_NEIGHBOURS: usize = 10;

/// How much wider (in squared distance) each search for the nearest is
/// than the last when the last found too few: a little (the guess was the
/// last step's farthest, and the neighbours have moved a little since),
/// then four times; then the whole range. (In a crowd of 10,000 moving
/// as a block, 5% of the searches found too few, and 1.3 times was enough
/// for all but 0.4% of those.)
const WIDER: [f64; 2] = [1.3, 4.0];

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
    pub ids: Vec<u32>,
}

/// One neighbour found: its squared distance, id and entry (index into
/// [`Cells::xy`] / [`Cells::info`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Found {
    pub d2: f64,
    pub id: u32,
    pub entry: u32,
}

impl Found {
    /// Whether this one comes before `other` by `(d², id)` (the ids are
    /// distinct, so the order is total).
    #[inline]
    pub fn before(&self, other: &Found) -> bool {
        (self.d2 < other.d2) | ((self.d2 == other.d2) & (self.id < other.id))
    }
}

/// The nearest neighbours found, the farthest by `(d², id)` last; all in
/// that order once [`Near::sort`]ed.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Near {
    pub len: usize,
    pub found: [Found; MAX_NEIGHBOURS],
}

impl Near {
    /// The neighbours found (nearest first once sorted).
    #[inline]
    pub fn list(&self) -> &[Found] {
        &self.found[..self.len]
    }

    /// Puts the neighbours in order by `(d², id)`.
    pub fn sort(&mut self) {
        for i in 1..self.len {
            let f = self.found[i];
            let mut k = i;
            while k > 0 && f.before(&self.found[k - 1]) {
                self.found[k] = self.found[k - 1];
                k -= 1;
            }
            self.found[k] = f;
        }
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
}

impl Cells {
    /// Rebuilds the grid over `pos` (slot order; `info(slot, entry)` gives
    /// the rest of each entry) with cells `cell(span_x, span_y)` wide (wider when the
    /// vehicles are spread so thinly that the grid would need more than
    /// `4n + 64` cells).
    pub fn build(
        &mut self,
        pos: &[[f64; 2]],
        cell: impl Fn(f64, f64) -> f64,
        mut info: impl FnMut(usize, usize) -> Info,
    ) {
        let n = pos.len();
        let [mut min_x, mut min_y, max_x, max_y] = crate::steering::grid::extent(pos);
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
            self.info[at] = info(slot, at);
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

    /// Refills the entries from `pos` (slot order) and `info` in the order
    /// of the last [`Cells::build`], for the same slots with the same ids
    /// (the cells are then stale, not to be searched).
    pub fn refresh(&mut self, pos: &[[f64; 2]], mut info: impl FnMut(usize, usize) -> Info) {
        for (e, &slot) in self.slot.iter().enumerate() {
            let slot = slot as usize;
            self.xy[e] = pos[slot];
            self.info[e] = info(slot, e);
        }
    }

    #[inline]
    fn cell_xy(&self, x: f64, y: f64) -> (usize, usize) {
        let cx = ((x - self.min_x) * self.inv_cell) as usize;
        let cy = ((y - self.min_y) * self.inv_cell) as usize;
        (cx.min(self.width - 1), cy.min(self.height - 1))
    }

    /// The side of a cell.
    pub(super) fn cell_side(&self) -> f64 {
        self.cell
    }

    #[inline]
    fn cell_index(&self, x: f64, y: f64) -> usize {
        let (cx, cy) = self.cell_xy(x, y);
        cy * self.width + cx
    }

    /// The [`MAX_NEIGHBOURS`] nearest entries to entry `me`'s position
    /// closer than `sqrt(range2)`, other than `me`. `buf` is scratch
    /// (kept for its capacity).
    ///
    /// `guess` is a squared distance within which the nearest probably lie
    /// (the last step's farthest kept, say): every entry within it is
    /// gathered from the cells of the square that holds that disc, and if
    /// there are at least [`MAX_NEIGHBOURS`], the nearest of them are the
    /// answer; else the search runs again over a wider square ([`WIDER`]
    /// times the squared distance, then the whole range). With no guess the
    /// search starts two cells out and doubles its distance each pass. Any
    /// guess gives the same answer (a good one, the fewest distances
    /// compared and kept).
    pub fn nearest(
        &self,
        me: usize,
        range2: f64,
        guess: f64,
        buf: &mut Vec<Found>,
        out: &mut Near,
    ) {
        let [x, y] = self.xy[me];
        // A guess that does not compare, or beyond the range, is none: the
        // search starts two cells out and doubles its distance until the
        // range (a wide range in a dense crowd would otherwise read every
        // vehicle in it).
        let guessed = is_guess(guess, range2);
        let mut t = if guessed {
            guess
        } else {
            let two_cells = 4.0 * self.cell * self.cell;
            if two_cells > 0.0 && two_cells < range2 {
                two_cells
            } else {
                range2
            }
        };
        let mut wider = WIDER.iter();
        loop {
            let found = self.gather(x, y, me, t, range2, buf);
            if found >= MAX_NEIGHBOURS || t >= range2 || t.is_nan() {
                keep_nearest(&mut buf[..found], out);
                return;
            }
            t = match if guessed { wider.next() } else { Some(&4.0) } {
                Some(&k) if t * k < range2 => t * k,
                _ => range2,
            };
        }
    }

    /// Gathers into `buf` every entry but `me` within squared distance `t`
    /// (and closer than `sqrt(range2)`) of `(x, y)`, from the cells that
    /// cover the square around that disc; returns how many (`buf` may be
    /// longer). Written without a branch on the distances.
    pub(super) fn gather(
        &self,
        x: f64,
        y: f64,
        me: usize,
        t: f64,
        range2: f64,
        buf: &mut Vec<Found>,
    ) -> usize {
        // The half side, a little wider than sqrt(t) so that rounding in
        // the distances and the cell indices cannot leave out a point the
        // distance test would keep (cell indices grow with the coordinate).
        let half = t.sqrt() * (1.0 + 1e-9) + 1e-9 * (x.abs() + y.abs());
        let (x_lo, y_lo) = self.cell_xy(x - half, y - half);
        let (x_hi, y_hi) = self.cell_xy(x + half, y + half);
        let mut count = 0;
        for row in y_lo..=y_hi {
            let first = row * self.width;
            let a = self.start[first + x_lo] as usize;
            let b = self.start[first + x_hi + 1] as usize;
            // Room for every entry of the row (each is written, then kept
            // or overwritten).
            if buf.len() < count + (b - a) {
                buf.resize(count + (b - a), Found::default());
            }
            let xy = &self.xy[a..b];
            let ids = &self.ids[a..b];
            let slots = &mut buf[count..count + (b - a)];
            let mut k = 0;
            for (e, (p, &id)) in xy.iter().zip(ids).enumerate() {
                let (dx, dy) = (p[0] - x, p[1] - y);
                let d2 = dx * dx + dy * dy;
                let entry = a + e;
                slots[k] = Found {
                    d2,
                    id,
                    entry: entry as u32,
                };
                k += usize::from((d2 <= t) & (d2 < range2) & (entry != me));
            }
            count += k;
        }
        count
    }
}

/// Whether `guess` is a squared distance to search within first: positive
/// and short of the range `range2` (NaN is not).
pub(super) fn is_guess(guess: f64, range2: f64) -> bool {
    guess > 0.0 && guess < range2
}

/// Keeps in `out` the [`MAX_NEIGHBOURS`] first of `all` by `(d², id)`,
/// the last of them last (the rest in no particular order: sorting is left
/// to the few that need it).
fn keep_nearest(all: &mut [Found], out: &mut Near) {
    if all.len() > 24 {
        out.len = 0;
        for f in all.iter() {
            out.offer(f.d2, f.id, f.entry);
        }
        return;
    }
    let mut len = all.len();
    // Drop the farthest until there are few enough, then put the
    // farthest of the rest last.
    while len > 0 {
        let (mut far, mut worst) = (0, all[0]);
        for (k, f) in all[..len].iter().enumerate().skip(1) {
            let later = worst.before(f);
            far = if later { k } else { far };
            worst = if later { *f } else { worst };
        }
        all.swap(far, len - 1);
        if len <= MAX_NEIGHBOURS {
            break;
        }
        len -= 1;
    }
    out.found[..len].copy_from_slice(&all[..len]);
    out.len = len;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_are_those_a_brute_force_search_finds() {
        let mut rng = crate::test_rng::Xorshift::new(99);
        let mut next = || rng.unit();
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
                |slot, _| Info {
                    id: 1000 - slot as u32,
                    ..Info::default()
                },
            );
            let mut buf = Vec::new();
            for (i, p) in pos.iter().enumerate() {
                for (range, guess) in [0.5, 3.0, 1e9]
                    .into_iter()
                    .flat_map(|r| [0.0, 0.01, 1.0, 9.0, 50.0, 1e300, f64::NAN].map(|g| (r, g)))
                {
                    let mut near = Near::default();
                    cells.nearest(
                        cells.entry_of[i] as usize,
                        range * range,
                        guess,
                        &mut buf,
                        &mut near,
                    );
                    // The farthest last, before sorting.
                    let list = near.list();
                    if let Some(last) = list.last() {
                        assert!(list.iter().all(|f| f.entry == last.entry || f.before(last)));
                    }
                    near.sort();
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
                    assert_eq!(got, all, "cell {cell} range {range} guess {guess} at {p:?}");
                }
            }
        }
    }
}
