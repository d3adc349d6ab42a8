//! The neighbour sums that separation, alignment and cohesion read, for every
//! vehicle that asks, in one pass over the grid before the vehicles are
//! stepped.
//!
//! Each pair of vehicles is met once (Newton's third law, as in molecular
//! dynamics' half-shell neighbour search): a vehicle looks only at the cells
//! ahead of it in the grid's order (the rest of its own cell and the next
//! cell of its row, then the row above of its 3×3 block of cells, see
//! [`Grid`]), lists the candidates closer than the largest radius asked for
//! (a compare each), and for each listed pair adds what each vehicle gets of
//! the other, by its own radii. The square root and the division of
//! separation are paid once per pair of real neighbours, for the pairs of a
//! few vehicles at a time, two to a vector.
//!
//! A vehicle meets the earlier vehicles of its block at their turns, in
//! order, then the later ones at its own: its sums add its neighbours in the
//! order of the block (rows bottom to top, each row's cells left to right),
//! the sums of one vehicle at a time, bit for bit, on every target (wasm
//! `f64x2` or two plain lanes, IEEE per lane).
//!
//! Per vehicle `i` at `p` and each other vehicle `j` at `e` (`d² = |p − e|²`):
//!
//! ```text
//! separation  Σ (p − e) · (1/d − 1/r)     over 0 < d² < r²
//!             Σ tie_break(i, j)           over d² = 0 (a direction drawn from the ids)
//! alignment   Σ v_j, and how many         over d² < r²
//! cohesion    Σ (e − p), and how many     over d² < r²
//! ```
//!
//! Since `e − p` is exactly `−(p − e)`, two vehicles alone get exactly
//! opposite separations (they stay mirror images).

use super::forces;
use super::grid::{Ahead, Block, Grid};
use super::query::Query;
use super::sets::Sets;
use super::VehicleId;
use crate::geom::lanes::{Lanes, Two};

/// Alignment's and cohesion's sums around one vehicle.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Flock {
    /// Σ of the neighbours' velocities.
    pub ali: [f64; 2],
    /// How many (a whole number).
    pub ali_n: f64,
    /// Σ of the neighbours' offsets `e − p`.
    pub coh: [f64; 2],
    /// How many (a whole number).
    pub coh_n: f64,
}

/// The sums of every vehicle that asks, by slot.
#[derive(Debug, Clone, Default)]
pub(super) struct Sums {
    /// Separation's sum.
    pub sep: Vec<[f64; 2]>,
    /// Alignment's and cohesion's (empty when no vehicle asks for them).
    pub flock: Vec<Flock>,
    /// The limits of each entry's query when they differ (empty when every
    /// vehicle asks the same).
    limits: Vec<[f64; 4]>,
    /// The listed pairs of a group of vehicles (kept for its capacity).
    batch: Batch,
}

impl Sums {
    /// Fills the sums of every vehicle, by slot (zero for the vehicles that
    /// do not ask: the query of each slot's set, `sets` by `set_of`), from
    /// the grid's previous state; `flock`: some vehicle asks for alignment or
    /// cohesion. `ids` by slot (for ties).
    #[inline(never)]
    pub fn gather(
        &mut self,
        grid: &Grid,
        ids: &[VehicleId],
        flock: bool,
        sets: &Sets,
        set_of: &[u32],
    ) {
        let n = grid.slot.len();
        self.sep.clear();
        self.sep.resize(n, [0.0; 2]);
        self.flock.clear();
        if flock {
            self.flock.resize(n, Flock::default());
        }
        // One query for everyone (the common crowd) is read from a constant.
        let mut live = sets.live().map(|e| &e.query);
        let first = live.next().copied().unwrap_or_default();
        let uniform = live.all(|q| *q == first);
        let reach2 = sets.live().map(|e| e.query.reach2).fold(0.0, f64::max);
        if reach2 == 0.0 {
            return;
        }
        let mut pass = Pass {
            grid,
            ids,
            reach2,
            sep: &mut self.sep,
            flock: &mut self.flock,
            batch: &mut self.batch,
        };
        if uniform {
            self.limits.clear();
            let l = first.limits;
            if flock {
                pass.run::<true, true>(|_| l);
            } else {
                pass.run::<false, true>(|_| l);
            }
        } else {
            self.limits.clear();
            self.limits.extend(grid.slot.iter().map(|&slot| {
                let e = set_of.get(slot as usize).copied().unwrap_or(0);
                sets.get(e).query.limits
            }));
            let limits = &self.limits;
            let at = |k: usize| limits.get(k).copied().unwrap_or_default();
            if flock {
                pass.run::<true, false>(at);
            } else {
                pass.run::<false, false>(at);
            }
        }
    }

    /// Separation's sum around entry `k` for another radius than its query's
    /// (one vehicle at a time).
    pub fn separation(grid: &Grid, ids: &[VehicleId], k: usize, radius: f64) -> [f64; 2] {
        let q = Query::new(radius, 0.0, 0.0);
        exact(grid, ids, &grid.block_of_entry(k), k, &q).0
    }

    /// Alignment's or cohesion's sum around entry `k` for another radius
    /// than its query's.
    pub fn flock(grid: &Grid, ids: &[VehicleId], k: usize, radius: f64) -> Flock {
        let q = Query::new(0.0, radius, radius);
        exact(grid, ids, &grid.block_of_entry(k), k, &q).1
    }
}

/// The sums around entry `k`, one vehicle at a time, in the block's order
/// (what the pass gives, bit for bit), for a behaviour whose radius is not
/// the one its set's query gathered. Two vehicles at the same point are
/// pushed apart along a direction drawn from their ids
/// ([`forces::tie_break`]).
fn exact(grid: &Grid, ids: &[VehicleId], block: &Block, k: usize, q: &Query) -> ([f64; 2], Flock) {
    let [sep_r2, inv_r, ali_r2, coh_r2] = q.limits;
    let [px, py, _, _] = grid.e.get(k).copied().unwrap_or_default();
    let id = |k: usize| {
        grid.slot
            .get(k)
            .and_then(|&s| ids.get(s as usize))
            .map_or(0, |v| v.0)
    };
    let me = id(k);
    let (mut sep, mut f) = ([0.0; 2], Flock::default());
    for range in block {
        for (j, &[ex, ey, vx, vy]) in grid.e.get(range.clone()).unwrap_or(&[]).iter().enumerate() {
            let j = range.start + j;
            if j == k {
                continue;
            }
            let (dx, dy) = (px - ex, py - ey);
            let d2 = dx * dx + dy * dy;
            if d2 < sep_r2 {
                if d2 > 0.0 {
                    let s = 1.0 / d2.sqrt() - inv_r;
                    sep[0] += dx * s;
                    sep[1] += dy * s;
                } else {
                    let u = forces::tie_break(me, id(j));
                    sep[0] += u.x;
                    sep[1] += u.y;
                }
            }
            if d2 < ali_r2 {
                f.ali[0] += vx;
                f.ali[1] += vy;
                f.ali_n += 1.0;
            }
            if d2 < coh_r2 {
                f.coh[0] += ex - px;
                f.coh[1] += ey - py;
                f.coh_n += 1.0;
            }
        }
    }
    (sep, f)
}

/// The pairs listed for a few vehicles, met in order: vehicle
/// `groups[g].0` with the entries `j[t]` for `t` from the previous group's
/// end to `groups[g].1`, at squared distance `d2[t]`, `inv[t] = 1 / √d2[t]`;
/// `groups[g].2`: some of them at distance 0 (a tie).
/// Its buffers hold [`Batch::CAP`] pairs (allocated once): a vehicle with
/// more is listed in several groups, which add in the same order.
#[derive(Debug, Clone, Default)]
struct Batch {
    j: Vec<u32>,
    d2: Vec<f64>,
    inv: Vec<f64>,
    groups: Vec<(u32, u32, bool)>,
    len: usize,
}

impl Batch {
    /// Pairs in a batch before its square roots are taken: enough
    /// independent divisions to keep the divider busy, few enough to stay in
    /// the L1 cache.
    const CAP: usize = 128;

    /// Empty, with room for [`Batch::CAP`] pairs.
    fn clear(&mut self) {
        if self.j.len() < Batch::CAP {
            self.j.resize(Batch::CAP, 0);
            self.d2.resize(Batch::CAP, 1.0);
            self.inv.resize(Batch::CAP, 1.0);
            self.groups.reserve(Batch::CAP);
        }
        self.groups.clear();
        self.len = 0;
    }

    /// `1 / √d²` of every listed pair, two at a time.
    #[inline(always)]
    fn inverses(&mut self) {
        let n = self.len.min(self.d2.len()).min(self.inv.len());
        let (d2, inv) = (&self.d2[..n], &mut self.inv[..n]);
        let one = Two::splat(1.0);
        for (d, i) in d2.chunks(2).zip(inv.chunks_mut(2)) {
            // An odd last pair fills both lanes.
            let (a, b) = (d[0], d.get(1).copied().unwrap_or(d[0]));
            let r = one.div(Two::new(a, b).sqrt()).lanes();
            for (x, y) in i.iter_mut().zip(r) {
                *x = y;
            }
        }
    }
}

/// The pass over the grid that fills the sums.
struct Pass<'a> {
    grid: &'a Grid,
    ids: &'a [VehicleId],
    /// The largest `r²` asked for: the candidates listed.
    reach2: f64,
    sep: &'a mut [[f64; 2]],
    flock: &'a mut [Flock],
    batch: &'a mut Batch,
}

impl Pass<'_> {
    /// Every pair once, cell by cell; `limits(k)`: the limits of entry `k`
    /// (`r²` and `1 / r` of separation, `r²` of alignment and cohesion);
    /// `FLOCK`: alignment and cohesion too. The pairs of a few vehicles are
    /// listed before any is added, so that their square roots and divisions
    /// run side by side.
    #[inline(never)]
    fn run<const FLOCK: bool, const SAME: bool>(&mut self, limits: impl Fn(usize) -> [f64; 4]) {
        let Pass {
            grid,
            ids,
            reach2,
            sep,
            flock,
            batch,
        } = self;
        let (grid, ids, reach2) = (*grid, *ids, *reach2);
        let id = |k: usize| {
            grid.slot
                .get(k)
                .and_then(|&s| ids.get(s as usize))
                .map_or(0, |v| v.0)
        };
        let mut flush = |batch: &mut Batch| {
            batch.inverses();
            let mut from = 0;
            for &(k, to, ties) in &batch.groups {
                let (k, to) = (k as usize, to as usize);
                let t = from..to;
                let near = Near {
                    j: batch.j.get(t.clone()).unwrap_or(&[]),
                    d2: batch.d2.get(t.clone()).unwrap_or(&[]),
                    inv: batch.inv.get(t).unwrap_or(&[]),
                };
                let (e, slot) = (&grid.e, &grid.slot);
                if ties {
                    pairs::<FLOCK, SAME, true>(e, slot, k, &near, &limits, &id, sep, flock);
                } else {
                    pairs::<FLOCK, SAME, false>(e, slot, k, &near, &limits, &id, sep, flock);
                }
                from = to;
            }
            batch.clear();
        };
        batch.clear();
        for cy in grid.rows() {
            for cx in grid.columns() {
                let cell = grid.cell(grid.cell_at(cx, cy));
                if cell.is_empty() {
                    continue;
                }
                // The cells ahead: the rest of this row of the block (from
                // this cell on), and the rows above.
                let rows = grid.ahead(cy, cx);
                for k in cell {
                    let mut ahead = rows.clone();
                    ahead[0].start = k + 1;
                    candidates(&grid.e, k, &ahead, reach2, batch, &mut flush);
                }
            }
        }
        flush(batch);
    }
}

/// Lists into `batch` the entries of `ranges` closer to entry `k` than
/// `√reach2`, in order, with their squared distances, as a group of `k`;
/// `flush` empties a full batch.
#[inline(always)]
fn candidates(
    e: &[[f64; 4]],
    k: usize,
    ranges: &Ahead,
    reach2: f64,
    batch: &mut Batch,
    flush: &mut impl FnMut(&mut Batch),
) {
    let [px, py, _, _] = e.get(k).copied().unwrap_or_default();
    let mut first = batch.len;
    let mut zeros = 0u32;
    for range in ranges {
        let mut from = range.start;
        while from < range.end {
            if batch.len == Batch::CAP {
                if batch.len > first {
                    batch.groups.push((k as u32, batch.len as u32, zeros > 0));
                }
                flush(batch);
                (first, zeros) = (0, 0);
            }
            // At most as many candidates as there is room for, so that
            // every write below is within it.
            let to = range.end.min(from + (Batch::CAP - batch.len));
            let at = batch.len;
            let (js, d2s) = (
                batch.j.get_mut(at..).unwrap_or(&mut []),
                batch.d2.get_mut(at..).unwrap_or(&mut []),
            );
            let mut len = 0usize;
            for (j, c) in e.get(from..to).unwrap_or(&[]).iter().enumerate() {
                let (dx, dy) = (px - c[0], py - c[1]);
                let d2 = dx * dx + dy * dy;
                // Written always, kept when near: no branch to mispredict.
                if let (Some(sj), Some(sd)) = (js.get_mut(len), d2s.get_mut(len)) {
                    (*sj, *sd) = ((from + j) as u32, d2);
                }
                len += usize::from(d2 < reach2);
                zeros += u32::from(d2 == 0.0);
            }
            batch.len = at + len;
            from = to;
        }
    }
    if batch.len > first {
        batch.groups.push((k as u32, batch.len as u32, zeros > 0));
    }
}

/// One vehicle's listed pairs: the other entries, the squared distances and
/// `1 / √d²`.
struct Near<'a> {
    j: &'a [u32],
    d2: &'a [f64],
    inv: &'a [f64],
}

/// Adds what entry `k` and each entry `j` of `near` get of each other to
/// both sums (by slot: `slot[k]`), `x` and `y` in the two lanes of a
/// vector; `limits(k)`: as in [`Pass::run`] (`SAME`: the same for every
/// entry); `id(k)`: the vehicle id of entry `k`, for `TIES`: some pairs are
/// at distance 0 (without, the loop has no branch).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pairs<const FLOCK: bool, const SAME: bool, const TIES: bool>(
    e: &[[f64; 4]],
    slot: &[u32],
    k: usize,
    near: &Near<'_>,
    limits: &impl Fn(usize) -> [f64; 4],
    id: &impl Fn(usize) -> u32,
    sep: &mut [[f64; 2]],
    flock: &mut [Flock],
) {
    let xy = |v: [f64; 2]| Two::new(v[0], v[1]);
    // 1 or 0: what a contribution is multiplied by inside or outside a
    // radius (every contribution is finite, so `0 · c` is a zero and adds
    // nothing; a product, not a mask, so that the compiler keeps it cheap).
    let inside = |x: bool| f64::from(u8::from(x));
    let [px, py, vx, vy] = e.get(k).copied().unwrap_or_default();
    let (p, v) = (Two::new(px, py), Two::new(vx, vy));
    let [sep_r2, inv_r, ali_r2, coh_r2] = limits(k);
    let zero = Two::splat(0.0);
    let at = |k: usize| slot.get(k).map_or(usize::MAX, |&s| s as usize);
    let me = at(k);
    let mut s = sep.get(me).copied().map_or(zero, xy);
    let f = flock.get(me).copied().unwrap_or_default();
    let (mut ali, mut coh) = (xy(f.ali), xy(f.coh));
    let mut counts = Two::new(f.ali_n, f.coh_n);
    for ((&j, &d2), &inv_d) in near.j.iter().zip(near.d2).zip(near.inv) {
        let j = j as usize;
        let [ex, ey, wx, wy] = e.get(j).copied().unwrap_or_default();
        let [sep_r2_j, inv_r_j, ali_r2_j, coh_r2_j] = if SAME {
            [sep_r2, inv_r, ali_r2, coh_r2]
        } else {
            limits(j)
        };
        let other = at(j);
        // (The same operations as the listing's, so the same d².)
        let d = p.sub(Two::new(ex, ey));
        // Each side's push, by its own radius: `d · (1/d − 1/r)` for `k`,
        // `−d · (1/d − 1/r_j)` for `j`.
        let push = || {
            let (a, b) = (inv_d - inv_r, inv_d - inv_r_j);
            let mine = d.mul(Two::splat(a));
            // (With one radius for both, the same product.)
            let theirs = if SAME { mine } else { d.mul(Two::splat(b)) };
            (mine, theirs.neg())
        };
        let (mine, theirs) = if !TIES || d2 > 0.0 {
            push()
        } else {
            tie(id(k), id(j))
        };
        let m = inside(d2 < sep_r2);
        s = s.add(mine.mul(Two::splat(m)));
        if let Some(o) = sep.get_mut(other) {
            let m = if SAME { m } else { inside(d2 < sep_r2_j) };
            *o = xy(*o).add(theirs.mul(Two::splat(m))).lanes();
        }
        if FLOCK {
            let (a, c) = (inside(d2 < ali_r2), inside(d2 < coh_r2));
            ali = ali.add(Two::new(wx, wy).mul(Two::splat(a)));
            coh = coh.add(d.neg().mul(Two::splat(c)));
            counts = counts.add(Two::new(a, c));
            if let Some(o) = flock.get_mut(other) {
                let (a, c) = if SAME {
                    (a, c)
                } else {
                    (inside(d2 < ali_r2_j), inside(d2 < coh_r2_j))
                };
                o.ali = xy(o.ali).add(v.mul(Two::splat(a))).lanes();
                o.coh = xy(o.coh).add(d.mul(Two::splat(c))).lanes();
                [o.ali_n, o.coh_n] = Two::new(o.ali_n, o.coh_n).add(Two::new(a, c)).lanes();
            }
        }
    }
    if let Some(o) = sep.get_mut(me) {
        *o = s.lanes();
    }
    if let Some(o) = flock.get_mut(me) {
        o.ali = ali.lanes();
        o.coh = coh.lanes();
        [o.ali_n, o.coh_n] = counts.lanes();
    }
}

/// Separation's push of two vehicles at the same point, for `me` and for
/// the other: apart along a direction drawn from their ids, opposite for the
/// two.
#[cold]
#[inline(never)]
fn tie(me: u32, other: u32) -> (Two, Two) {
    let (u, w) = (forces::tie_break(me, other), forces::tie_break(other, me));
    (Two::new(u.x, u.y), Two::new(w.x, w.y))
}

#[cfg(test)]
mod tests {
    use super::super::behavior::{Behavior, BehaviorKind, Combine};
    use super::*;

    /// What vehicle `i` should get, from every other vehicle directly (no
    /// grid), for the query `q`.
    fn brute(pos: &[[f64; 2]], vel: &[[f64; 2]], i: usize, q: &Query) -> ([f64; 2], Flock) {
        let (mut sep, mut f) = ([0.0; 2], Flock::default());
        let p = pos[i];
        for (j, (e, v)) in pos.iter().zip(vel).enumerate() {
            if j == i {
                continue;
            }
            let (dx, dy) = (p[0] - e[0], p[1] - e[1]);
            let d2 = dx * dx + dy * dy;
            if d2 < q.sep * q.sep {
                if d2 > 0.0 {
                    let s = 1.0 / d2.sqrt() - 1.0 / q.sep;
                    sep = [sep[0] + dx * s, sep[1] + dy * s];
                } else {
                    let u = forces::tie_break(i as u32, j as u32);
                    sep = [sep[0] + u.x, sep[1] + u.y];
                }
            }
            if d2 < q.ali * q.ali {
                f.ali = [f.ali[0] + v[0], f.ali[1] + v[1]];
                f.ali_n += 1.0;
            }
            if d2 < q.coh * q.coh {
                f.coh = [f.coh[0] - dx, f.coh[1] - dy];
                f.coh_n += 1.0;
            }
        }
        (sep, f)
    }

    /// The pass against every pair taken directly, on a dense crowd with
    /// mixed radii, coincident vehicles and vehicles that ask for nothing:
    /// the same counts, the same sums to rounding.
    #[test]
    fn the_pass_gives_every_pair_within_the_radii() {
        let mut rng = crate::test_rng::Xorshift::new(99);
        let mut next = || rng.unit();
        let mut pos: Vec<[f64; 2]> = (0..3000)
            .map(|_| [next() * 80.0 - 40.0, next() * 60.0])
            .collect();
        pos[7] = pos[8];
        pos[100] = pos[101];
        pos[102] = pos[101];
        // A tight knot: vehicles with more pairs than a batch holds.
        for (k, p) in pos.iter_mut().enumerate().skip(2000).take(400) {
            *p = [
                10.0 + (k % 20) as f64 * 0.05,
                20.0 + (k / 20 % 20) as f64 * 0.05,
            ];
        }
        let vel: Vec<[f64; 2]> = (0..pos.len())
            .map(|_| [next() - 0.5, next() - 0.5])
            .collect();
        let ids: Vec<VehicleId> = (0..pos.len() as u32).map(VehicleId).collect();
        let lists = [
            vec![],
            vec![Behavior::separation(2.5)],
            vec![
                Behavior::separation(2.0),
                Behavior::new(BehaviorKind::Alignment { radius: 3.0 }),
                Behavior::new(BehaviorKind::Cohesion { radius: 1.5 }),
            ],
            vec![Behavior::new(BehaviorKind::Cohesion { radius: 3.0 })],
            vec![
                Behavior::separation(3.0),
                Behavior::new(BehaviorKind::Alignment { radius: 3.0 }),
                Behavior::new(BehaviorKind::Cohesion { radius: 3.0 }),
            ],
        ];
        // Mixed queries, then everyone asking the same (the constant limits).
        for mixed in [true, false] {
            let mut grid = Grid::default();
            grid.build(&pos, &vel, 3.0);
            let mut sets = Sets::default();
            let list = |slot: usize| if mixed { slot % 5 } else { 4 };
            let set_of: Vec<u32> = (0..pos.len())
                .map(|slot| sets.intern(lists[list(slot)].clone(), Combine::WeightedSum, 1))
                .collect();
            let mut sums = Sums::default();
            sums.gather(&grid, &ids, true, &sets, &set_of);
            let (mut near, mut ties) = (0, 0);
            for i in 0..pos.len() {
                let q = Query::of(&lists[list(i)]);
                let k = grid.entry(i);
                let (sep, f) = brute(&pos, &vel, i, &q);
                let g = sums.flock[i];
                assert_eq!((g.ali_n, g.coh_n), (f.ali_n, f.coh_n), "vehicle {i}");
                let close =
                    |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1e-12);
                assert!(
                    close(&sums.sep[i], &sep),
                    "vehicle {i}: {:?} {sep:?}",
                    sums.sep[i]
                );
                assert!(
                    close(
                        &[g.ali[0], g.ali[1], g.coh[0], g.coh[1]],
                        &[f.ali[0], f.ali[1], f.coh[0], f.coh[1]]
                    ),
                    "vehicle {i}"
                );
                // And bit for bit what one vehicle at a time gets in the
                // block's order (the order the pass meets its pairs).
                let (one, g1) = exact(&grid, &ids, &grid.block_of_entry(k), k, &q);
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&sums.sep[i]), bits(&one), "vehicle {i}");
                assert_eq!(
                    bits(&[g.ali[0], g.ali[1], g.ali_n, g.coh[0], g.coh[1], g.coh_n]),
                    bits(&[g1.ali[0], g1.ali[1], g1.ali_n, g1.coh[0], g1.coh[1], g1.coh_n]),
                    "vehicle {i}"
                );
                near += usize::from(sep != [0.0; 2]);
                ties += usize::from([7, 8, 100, 101, 102].contains(&i) && q.sep > 0.0);
            }
            assert!(near > 1000 && ties >= 2);
        }
    }

    /// Two vehicles alone get exactly opposite pushes and pulls.
    #[test]
    fn a_pair_gets_opposite_sums() {
        let pos = [[0.3, -1.7], [1.1, 0.2]];
        let vel = [[0.5, 0.25], [-1.0, 2.0]];
        let ids = [VehicleId(0), VehicleId(1)];
        let mut grid = Grid::default();
        grid.build(&pos, &vel, 5.0);
        let mut sets = Sets::default();
        let list = vec![
            Behavior::separation(5.0),
            Behavior::new(BehaviorKind::Cohesion { radius: 5.0 }),
        ];
        let set_of = [0, 1].map(|_| sets.intern(list.clone(), Combine::WeightedSum, 1));
        let mut sums = Sums::default();
        sums.gather(&grid, &ids, true, &sets, &set_of);
        let (a, b) = (0, 1);
        assert_eq!(sums.sep[a], sums.sep[b].map(|x| -x));
        assert_eq!(sums.flock[a].coh, sums.flock[b].coh.map(|x| -x));
        assert_eq!(sums.flock[a].coh, [1.1 - 0.3, 0.2 - -1.7]);
    }
}
