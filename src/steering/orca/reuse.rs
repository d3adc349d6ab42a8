//! Neighbour lists kept across steps (Verlet lists with a skin): when the
//! grid is built, each avoiding vehicle also keeps every vehicle within
//! its search distance plus a skin, its *candidates*; in the steps after,
//! while the vehicles keep their slots, its nearest are chosen among those
//! candidates alone, without the grid, for as long as that is provably the
//! same answer the grid would give.
//!
//! **Why it is exact.** Let every vehicle's displacement since the build be
//! within `D` of one common translation `C` (the centre of the box of all
//! displacements; a crowd moving as a block has a tiny `D`). Then any two
//! vehicles' distance has changed by at most `2D`, so a vehicle that was
//! not a candidate (farther than `R` at the build) is now farther than
//! `R - 2D`. The candidates are sorted by `(d², id)` as the grid search
//! orders them; when the [`MAX_NEIGHBOURS`]-th within range (or the range
//! itself, when fewer are within it) is nearer than `R - 2D`, no other
//! vehicle can come before it nor be within range, and the candidates'
//! first are exactly the grid's answer: the same vehicles, the same
//! squared distances (computed by the same expression), the same bits.
//! The test leaves a margin of `1e-9` relative for rounding. Otherwise the
//! step builds the grid again. The storage order stays the one of the
//! last build meanwhile (the neighbours are found by entry).
//!
//! The skin is 1 (in the benchmark's crowd of 10,000 with 4 between
//! neighbours, 1 was faster than 0.5 and 2). Where the crowd churns so
//! that lists fail on the step after their build (a circle swap), the
//! following builds go without them for a while, so such scenes pay for
//! few lists.

use super::neighbours::{is_guess, Cells, Found, Near, MAX_NEIGHBOURS};

/// How much farther than its search distance each vehicle keeps
/// candidates.
const SKIN: f64 = 1.0;

/// Relative margin of the exactness test, for rounding.
const MARGIN: f64 = 1e-9;

/// The most candidates a list keeps. A list is sorted when it is built (by
/// insertion: quadratic in its length), so a packed crowd, or a first step
/// with no guess over a wide range (a long time horizon), must not gather
/// thousands: past this many, the entry's nearest come from the grid's
/// search, and its list from within the farthest of them plus the skin,
/// or it has none. (At a uniform density a list holds 15 to 50.)
const MAX_CANDIDATES: usize = 128;

/// With no guess, a range of at most this many cells is gathered whole for
/// a list (a few dozen vehicles at the crowd's mean spacing); a wider one
/// goes to the grid's search first.
const WIDE: f64 = 4.0;

/// What one try at a list within a reach gave.
enum Try {
    /// The list holds this many candidates and gave the answer.
    Kept(usize),
    /// It cannot prove its first the grid's answer (or a position or the
    /// reach is not finite).
    Unproven,
    /// More candidates than [`MAX_CANDIDATES`].
    TooMany,
}

/// The candidates of every avoiding vehicle, by entry of the grid's order
/// at the last build.
#[derive(Debug, Clone, Default)]
pub(super) struct Lists {
    /// The ids by slot at the build (the lists hold while they are the
    /// same).
    ids: Vec<u32>,
    /// Each entry's position at the build.
    anchor: Vec<[f64; 2]>,
    /// `start[e]..start[e + 1]` index `entries`: entry `e`'s candidates,
    /// kept sorted by `(d², id)` of the last step.
    start: Vec<u32>,
    entries: Vec<u32>,
    /// Each entry's candidate distance `R` (NaN: no list).
    reach: Vec<f64>,
    /// Every avoiding entry has a list.
    complete: bool,
    /// The lists were built and not yet tried.
    fresh: bool,
    /// How many more builds go without lists, and how many the next
    /// failure right after a build waits.
    wait: u32,
    backoff: u32,
}

/// At most how many builds go without lists after lists that could not
/// be used even once (a crowd in turmoil, where building them is waste).
const MAX_BACKOFF: u32 = 4;

/// Whether `kept` are the numbers of `ids`.
fn same_ids(kept: &[u32], ids: &[super::VehicleId]) -> bool {
    kept.len() == ids.len() && kept.iter().zip(ids).all(|(&a, b)| a == b.0)
}

impl Lists {
    /// Whether the lists may be used for vehicles with these ids by slot
    /// (the grid's entries are still theirs).
    pub fn usable(&self, ids: &[super::VehicleId]) -> bool {
        self.complete && same_ids(&self.ids, ids)
    }

    /// How much any two vehicles' distance may have changed since the
    /// build (`2D` and a margin for rounding), from the positions now in
    /// `cells`; NaN or infinite when a position is not finite.
    pub fn slack(&self, cells: &Cells) -> f64 {
        let (mut lo_x, mut lo_y) = (f64::INFINITY, f64::INFINITY);
        let (mut hi_x, mut hi_y) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        let mut finite = true;
        for (p, a) in cells.xy.iter().zip(&self.anchor) {
            let (dx, dy) = (p[0] - a[0], p[1] - a[1]);
            finite &= dx.is_finite() & dy.is_finite();
            lo_x = if dx < lo_x { dx } else { lo_x };
            hi_x = if dx > hi_x { dx } else { hi_x };
            lo_y = if dy < lo_y { dy } else { lo_y };
            hi_y = if dy > hi_y { dy } else { hi_y };
        }
        if !finite || cells.xy.is_empty() {
            return f64::NAN;
        }
        // Every displacement is within the box's half diagonal of its
        // centre.
        let (hx, hy) = (0.5 * (hi_x - lo_x), 0.5 * (hi_y - lo_y));
        let d = (hx * hx + hy * hy).sqrt();
        let size = lo_x.abs() + hi_x.abs() + lo_y.abs() + hi_y.abs();
        2.0 * d * (1.0 + MARGIN) + MARGIN * (1.0 + size)
    }

    /// Records whether the lists could be used this step: lists that fail
    /// on the step right after their build make the next builds go
    /// without them for a while (twice as long each time in a row).
    pub fn tried(&mut self, used: bool) {
        if used {
            self.backoff = 0;
        } else if self.fresh {
            self.backoff = (2 * self.backoff).clamp(1, MAX_BACKOFF);
            self.wait = self.backoff;
        }
        self.fresh = false;
    }

    /// Whether this build should make lists (else the grid's search alone).
    pub fn want_build(&mut self) -> bool {
        if self.wait > 0 {
            self.wait -= 1;
            false
        } else {
            true
        }
    }

    /// Starts a build over `cells` (just built): no list yet; none at all
    /// (until the next build) unless `lists`.
    pub fn begin(&mut self, cells: &Cells, ids: &[super::VehicleId], lists: bool) {
        self.complete = lists;
        self.fresh = lists;
        if !lists {
            return;
        }
        let n = cells.xy.len();
        self.ids.clear();
        self.ids.extend(ids.iter().map(|i| i.0));
        self.anchor.clear();
        self.anchor.extend_from_slice(&cells.xy);
        self.start.clear();
        self.start.resize(n + 1, 0);
        self.entries.clear();
        self.reach.clear();
        self.reach.resize(n, f64::NAN);
    }

    /// Entry `e`'s nearest (within `sqrt(range2)`) into `out`, and its
    /// list, from the grid: every entry within the search distance
    /// (`sqrt(guess)`, else the range) plus the skin, sorted, the first
    /// taken if that is exact. With no guess, or when that gathers more
    /// than [`MAX_CANDIDATES`], the nearest come from the grid's search and
    /// the list from within the farthest of them plus the skin; else
    /// (positions not finite, or still too many) from the grid's search,
    /// with no list.
    /// Entries must be built in order, each once, after [`Lists::begin`].
    pub fn build(
        &mut self,
        cells: &Cells,
        e: usize,
        range2: f64,
        guess: f64,
        buf: &mut Vec<Found>,
        out: &mut Near,
    ) {
        let [x, y] = cells.xy[e];
        let attempt = |reach: f64, buf: &mut Vec<Found>, out: &mut Near| {
            if !(x.is_finite() && y.is_finite() && reach.is_finite()) {
                return Try::Unproven;
            }
            let count = cells.gather(x, y, e, reach * reach, f64::INFINITY, buf);
            if count > MAX_CANDIDATES {
                return Try::TooMany;
            }
            let all = &mut buf[..count];
            sort(all);
            if select(all, range2, reach, 0.0, out) {
                Try::Kept(count)
            } else {
                Try::Unproven
            }
        };
        // The guessed distance, and if the nearest are not all within it
        // (or fewer than enough), the range. With no guess over a range
        // wider than [`WIDE`] cells, or too many candidates, the grid's
        // search first: the farthest it keeps (or the range, when it finds
        // fewer than enough) bounds the list.
        let mut kept = None;
        let guessed = is_guess(guess, range2);
        let side = WIDE * cells.cell_side();
        let mut grid_first = !guessed && range2 > side * side;
        if !grid_first {
            let tries: &[f64] = if guessed { &[guess, range2] } else { &[range2] };
            for &t in tries {
                let reach = t.sqrt() + SKIN;
                match attempt(reach, buf, out) {
                    Try::Kept(count) => {
                        kept = Some((count, reach));
                        break;
                    }
                    Try::Unproven => {}
                    Try::TooMany => {
                        grid_first = true;
                        break;
                    }
                }
            }
        }
        if grid_first {
            cells.nearest(e, range2, guess, buf, out);
            let farthest = if out.len == MAX_NEIGHBOURS {
                out.found[MAX_NEIGHBOURS - 1].d2
            } else {
                range2
            };
            let reach = farthest.sqrt() + SKIN;
            if let Try::Kept(count) = attempt(reach, buf, out) {
                kept = Some((count, reach));
            }
        }
        if let Some((count, reach)) = kept {
            self.entries.extend(buf[..count].iter().map(|f| f.entry));
            self.reach[e] = reach;
        } else {
            // (After the grid's search first, `out` holds its answer.)
            if !grid_first {
                cells.nearest(e, range2, guess, buf, out);
            }
            self.complete = false;
        }
        self.start[e + 1] = self.entries.len() as u32;
    }

    /// How many candidates the lists hold in all.
    #[cfg(test)]
    fn candidates(&self) -> usize {
        self.entries.len()
    }

    /// Closes a build: entries that do not avoid have empty lists.
    pub fn end(&mut self) {
        for e in 1..self.start.len() {
            if self.start[e] < self.start[e - 1] {
                self.start[e] = self.start[e - 1];
            }
        }
    }

    /// Entry `e`'s nearest into `out` from its candidates, with `slack`
    /// ([`Lists::slack`]); false (and `out` unspecified) when the list
    /// cannot prove them the grid's.
    pub fn select(
        &mut self,
        cells: &Cells,
        e: usize,
        range2: f64,
        slack: f64,
        buf: &mut Vec<Found>,
        out: &mut Near,
    ) -> bool {
        let reach = self.reach[e];
        if reach.is_nan() {
            return false;
        }
        let [x, y] = cells.xy[e];
        let list = &mut self.entries[self.start[e] as usize..self.start[e + 1] as usize];
        if buf.len() < list.len() {
            buf.resize(list.len(), Found::default());
        }
        let all = &mut buf[..list.len()];
        for (f, &j) in all.iter_mut().zip(list.iter()) {
            let p = cells.xy[j as usize];
            let (dx, dy) = (p[0] - x, p[1] - y);
            *f = Found {
                d2: dx * dx + dy * dy,
                id: cells.ids[j as usize],
                entry: j,
            };
        }
        // (Nearly sorted already: the last step's order.)
        sort(all);
        if !select(all, range2, reach, slack, out) {
            return false;
        }
        for (j, f) in list.iter_mut().zip(all.iter()) {
            *j = f.entry;
        }
        true
    }
}

/// Sorts by `(d², id)` (insertion: short lists, nearly sorted when reused).
fn sort(all: &mut [Found]) {
    for i in 1..all.len() {
        let f = all[i];
        let mut k = i;
        while k > 0 && f.before(&all[k - 1]) {
            all[k] = all[k - 1];
            k -= 1;
        }
        all[k] = f;
    }
}

/// Puts into `out` the first [`MAX_NEIGHBOURS`] of the sorted candidates
/// `all` closer than `sqrt(range2)`, if that is provably every vehicle's
/// answer: the last kept (or the range, when fewer are within it) nearer
/// than `reach - slack`.
fn select(all: &[Found], range2: f64, reach: f64, slack: f64, out: &mut Near) -> bool {
    if all.iter().any(|f| f.d2.is_nan()) {
        return false;
    }
    let mut len = 0;
    while len < MAX_NEIGHBOURS && len < all.len() && all[len].d2 < range2 {
        len += 1;
    }
    let w = if len == MAX_NEIGHBOURS {
        all[len - 1].d2
    } else {
        range2
    };
    // (False for NaN.)
    let proven = w.sqrt() * (1.0 + MARGIN) + slack < reach * (1.0 - MARGIN);
    if !proven {
        return false;
    }
    out.found[..len].copy_from_slice(&all[..len]);
    out.len = len;
    true
}

#[cfg(test)]
mod tests {
    use super::super::neighbours::Info;
    use super::super::VehicleId;
    use super::*;

    /// The nearest to `p` among `pos` but `me` within `sqrt(range2)`, by
    /// `(d², id)`, as `(d², id)` pairs.
    fn brute(pos: &[[f64; 2]], me: usize, range2: f64) -> Vec<(f64, u32)> {
        let p = pos[me];
        let mut all: Vec<(f64, u32)> = pos
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != me)
            .map(|(j, q)| {
                let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
                (dx * dx + dy * dy, 1000 - j as u32)
            })
            .filter(|&(d2, _)| d2 < range2)
            .collect();
        all.sort_by(|a, b| a.partial_cmp(b).unwrap());
        all.truncate(MAX_NEIGHBOURS);
        all
    }

    /// Builds every entry's list with `guess`, checking each entry's
    /// nearest against the brute force.
    fn build_every_list(
        lists: &mut Lists,
        cells: &Cells,
        ids: &[VehicleId],
        pos: &[[f64; 2]],
        range2: f64,
        guess: f64,
    ) {
        let (mut buf, mut near) = (Vec::new(), Near::default());
        lists.begin(cells, ids, true);
        for e in 0..pos.len() {
            lists.build(cells, e, range2, guess, &mut buf, &mut near);
            let slot = cells.slot[e] as usize;
            near.sort();
            let got: Vec<(f64, u32)> = near.list().iter().map(|f| (f.d2, f.id)).collect();
            assert_eq!(got, brute(pos, slot, range2), "guess {guess}");
        }
        lists.end();
    }

    #[test]
    fn a_packed_crowd_keeps_short_lists_and_the_grids_answer() {
        // 400 vehicles within 0.2 of one another and 100 in a ring 30 away,
        // over a range that holds them all (a long time horizon): each
        // entry's candidates were every other vehicle.
        let mut rng = crate::test_rng::Xorshift::new(11);
        let mut next = || rng.unit();
        let mut pos: Vec<[f64; 2]> = (0..400).map(|_| [next() * 0.2, next() * 0.2]).collect();
        pos.extend((0..100).map(|k| {
            let a = f64::from(k) * core::f64::consts::TAU / 100.0;
            [30.0 * a.cos(), 30.0 * a.sin()]
        }));
        let ids: Vec<VehicleId> = (0..pos.len()).map(|k| VehicleId(1000 - k as u32)).collect();
        let info = |slot: usize, _| Info {
            id: 1000 - slot as u32,
            ..Info::default()
        };
        let mut cells = Cells::default();
        cells.build(&pos, |_, _| 0.75, info);
        let range2 = 1e6;
        for guess in [f64::INFINITY, 1e-4] {
            let mut lists = Lists::default();
            build_every_list(&mut lists, &cells, &ids, &pos, range2, guess);
            // (Every other vehicle as a candidate would be 249,500.)
            assert!(
                lists.candidates() <= 20 * pos.len(),
                "{} candidates",
                lists.candidates()
            );
            // The ring's vehicles (far from the pack) still have lists.
            assert!(
                (0..pos.len()).filter(|&e| !lists.reach[e].is_nan()).count() >= 100,
                "guess {guess}"
            );
        }
    }

    #[test]
    fn lists_give_the_brute_force_answer_or_none() {
        let mut rng = crate::test_rng::Xorshift::new(7);
        let mut next = || rng.unit();
        let mut pos: Vec<[f64; 2]> = (0..600)
            .map(|k| {
                if k % 5 == 0 {
                    // Repeated coordinates: ties broken by id.
                    [(k % 30) as f64, 3.0]
                } else {
                    [next() * 50.0 - 20.0, next() * 20.0]
                }
            })
            .collect();
        let ids: Vec<VehicleId> = (0..pos.len()).map(|k| VehicleId(1000 - k as u32)).collect();
        let info = |slot: usize, _| Info {
            id: 1000 - slot as u32,
            ..Info::default()
        };
        for range2 in [4.0, 16.0, 1e9] {
            let mut cells = Cells::default();
            let mut lists = Lists::default();
            cells.build(&pos, |_, _| 2.0, info);
            let (mut buf, mut near) = (Vec::new(), Near::default());
            // Guesses too short (the nearest are then taken from the
            // whole range), and none.
            for guess in [1.0, 9.0, f64::INFINITY] {
                build_every_list(&mut lists, &cells, &ids, &pos, range2, guess);
            }
            assert!(lists.usable(&ids));
            // Unmoved, every list answers.
            for e in 0..pos.len() {
                assert!(lists.select(&cells, e, range2, 0.0, &mut buf, &mut near));
                let slot = cells.slot[e] as usize;
                let got: Vec<(f64, u32)> = near.list().iter().map(|f| (f.d2, f.id)).collect();
                assert_eq!(got, brute(&pos, slot, range2));
            }
            // Moved as a block and jittered, a little then more: every
            // answer the lists give is the brute force's, and they give
            // answers while the jitter is small.
            for (step, jitter) in [0.0, 1e-3, 0.05, 0.2, 1.0, 3.0].into_iter().enumerate() {
                for p in pos.iter_mut() {
                    p[0] += 3.0 + jitter * (next() - 0.5);
                    p[1] -= 1.5 + jitter * (next() - 0.5);
                }
                cells.refresh(&pos, info);
                let slack = lists.slack(&cells);
                let mut given = 0;
                for e in 0..pos.len() {
                    if lists.select(&cells, e, range2, slack, &mut buf, &mut near) {
                        given += 1;
                        let slot = cells.slot[e] as usize;
                        let got: Vec<(f64, u32)> =
                            near.list().iter().map(|f| (f.d2, f.id)).collect();
                        assert_eq!(got, brute(&pos, slot, range2), "step {step}");
                    }
                }
                if jitter <= 0.05 {
                    assert!(given > pos.len() / 2, "{given} at jitter {jitter}");
                }
            }
        }
    }
}
