//! The neighbour sums that separation, alignment and cohesion read, for every
//! vehicle that asks, in one pass over the grid's cells before the vehicles
//! are stepped.
//!
//! Each vehicle adds up the candidates of the 5×5 block of cells around its
//! own (see [`Grid`]) in the block's order, rows bottom to top, each row's
//! cells left to right. Consecutive vehicles of a row of cells (in the same
//! cell or a few cells apart) are taken two at a time, one per lane of a
//! two-lane vector, against each candidate of the blocks of both in turn:
//! the candidates of the other vehicle's block only are farther than the
//! radius from this one and add `+0.0`, which changes no sum. So each lane
//! gives its vehicle's sums with the operations of one vehicle at a time,
//! the same bits on every target (wasm `f64x2`, or two plain lanes). A
//! vehicle with a neighbour at exactly its own position (where separation
//! breaks the tie by the ids) is summed again one vehicle at a time.
//!
//! Per vehicle `i` at `p` and each other vehicle `j` at `e` of its block
//! (`d² = |p − e|²`):
//!
//! ```text
//! separation  Σ (p − e) · (1/d − 1/r)     over d² < r²
//! alignment   Σ v_j, and how many         over d² < r²
//! cohesion    Σ (e − p), and how many     over d² < r²
//! ```

use super::behavior::{Behavior, BehaviorKind};
use super::forces;
use super::grid::{Block, Grid, REACH};
use super::lanes::{Lanes, Two};
use super::sets::Sets;
use super::VehicleId;

/// The neighbour radii one vehicle's behaviours ask for: its first
/// separation, alignment and cohesion (0: not asked), and what the sums
/// compare with and scale by.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Query {
    pub sep: f64,
    pub ali: f64,
    pub coh: f64,
    /// `r²` of separation, `1 / r` of separation, `r²` of alignment and of
    /// cohesion (0 when not asked).
    limits: [f64; 4],
}

impl Query {
    /// The radii of a behaviour list.
    pub fn of(behaviors: &[Behavior]) -> Query {
        let (mut sep, mut ali, mut coh) = (0.0, 0.0, 0.0);
        for b in behaviors {
            let slot = match b.kind {
                BehaviorKind::Separation { radius } => Some((&mut sep, radius)),
                BehaviorKind::Alignment { radius } => Some((&mut ali, radius)),
                BehaviorKind::Cohesion { radius } => Some((&mut coh, radius)),
                _ => None,
            };
            if let Some((r, radius)) = slot {
                if *r == 0.0 {
                    *r = radius;
                }
            }
        }
        Query::new(sep, ali, coh)
    }

    /// A query for these radii (0: not asked).
    pub fn new(sep: f64, ali: f64, coh: f64) -> Query {
        let inv = if sep > 0.0 { 1.0 / sep } else { 0.0 };
        Query {
            sep,
            ali,
            coh,
            limits: [sep * sep, inv, ali * ali, coh * coh],
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.sep == 0.0 && self.ali == 0.0 && self.coh == 0.0
    }

    /// Whether alignment or cohesion is asked for.
    #[inline]
    pub fn flocks(&self) -> bool {
        self.ali != 0.0 || self.coh != 0.0
    }
}

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

/// The sums of every vehicle that asks, by grid entry.
#[derive(Debug, Clone, Default)]
pub(super) struct Sums {
    /// Separation's sum.
    pub sep: Vec<[f64; 2]>,
    /// Alignment's and cohesion's (empty when no vehicle asks for them).
    pub flock: Vec<Flock>,
}

impl Sums {
    /// Fills the sums of every grid entry whose vehicle asks (the query of
    /// its slot's set: `sets` by `set_of`), from the grid's previous state;
    /// `flock`: some vehicle asks for alignment or cohesion. `ids` by slot
    /// (for ties).
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
        // (Every entry that asks is written below: no need to clear.)
        self.sep.resize(n, [0.0; 2]);
        if flock {
            self.flock.resize(n, Flock::default());
        } else {
            self.flock.clear();
        }
        let query = |k: usize| {
            let slot = grid.slot.get(k).copied().unwrap_or(0) as usize;
            &sets.get(set_of.get(slot).copied().unwrap_or(0)).query
        };
        let mut pass = Pass {
            grid,
            ids,
            sums: self,
        };
        for cy in grid.rows() {
            // The vehicle waiting for a partner: entry, query, column.
            let mut held: Option<(usize, &Query, usize)> = None;
            for cx in grid.columns() {
                for k in grid.cell(grid.cell_at(cx, cy)) {
                    let q = query(k);
                    if q.is_empty() {
                        continue;
                    }
                    held = match held {
                        None => Some((k, q, cx)),
                        // A partner a few cells on: one pass over both blocks
                        // costs less than a pass each.
                        Some((a, qa, ca)) if cx - ca <= 2 * REACH => {
                            pass.pair(grid.span(cy, ca, cx), (a, qa), (k, q));
                            None
                        }
                        Some((a, qa, ca)) => {
                            pass.pair(grid.span(cy, ca, ca), (a, qa), (a, qa));
                            Some((k, q, cx))
                        }
                    };
                }
            }
            if let Some((a, qa, ca)) = held {
                pass.pair(grid.span(cy, ca, ca), (a, qa), (a, qa));
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

/// The sums around entry `k`, one vehicle at a time, in the block's order:
/// the reference the two-lane pass reproduces, and what it falls back to
/// when two vehicles stand at the same point (separation then pushes them
/// apart along a direction drawn from their ids, [`forces::tie_break`]).
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

/// The pass over the grid that fills the sums.
struct Pass<'a> {
    grid: &'a Grid,
    ids: &'a [VehicleId],
    sums: &'a mut Sums,
}

impl Pass<'_> {
    /// Two vehicles of one row of cells, entries `a` and `b` (possibly the
    /// same) with their queries, over `block`, which holds both blocks.
    #[inline(always)]
    fn pair(&mut self, block: Block, a: (usize, &Query), b: (usize, &Query)) {
        let found = if a.1.flocks() || b.1.flocks() {
            lanes::<Two, true>(self.grid, &block, a, b)
        } else {
            lanes::<Two, false>(self.grid, &block, a, b)
        };
        let [(sep_a, f_a, tie_a), (sep_b, f_b, tie_b)] = found;
        self.put(a, sep_a, f_a, tie_a);
        self.put(b, sep_b, f_b, tie_b);
    }

    /// Writes one lane's sums (taken one vehicle at a time if it saw a tie).
    #[inline(always)]
    fn put(&mut self, (k, q): (usize, &Query), sep: [f64; 2], flock: Flock, tie: bool) {
        let (sep, flock) = if tie {
            exact(self.grid, self.ids, &self.grid.block_of_entry(k), k, q)
        } else {
            (sep, flock)
        };
        if let Some(s) = self.sums.sep.get_mut(k) {
            *s = sep;
        }
        if let Some(f) = self.sums.flock.get_mut(k) {
            *f = flock;
        }
    }
}

/// The running sums of the two lanes (counts as whole numbers in the lanes'
/// bits, counted up by subtracting all-ones masks; `zeros`: candidates at
/// distance 0, the vehicle itself included).
#[derive(Clone, Copy)]
struct Acc<L> {
    sx: L,
    sy: L,
    ax: L,
    ay: L,
    an: L,
    cx: L,
    cy: L,
    cn: L,
    zeros: L,
}

/// What the lanes compare with: their positions and radii.
#[derive(Clone, Copy)]
struct Limits<L> {
    px: L,
    py: L,
    sep_r2: L,
    inv_r: L,
    ali_r2: L,
    coh_r2: L,
}

impl<L: Lanes> Acc<L> {
    /// Adds the candidate `[x, y, vx, vy]` to both lanes. `OWN_ROW`: in the
    /// row of the vehicles themselves, where candidates at distance 0 (the
    /// vehicles, and any other at the same point) are left out and counted.
    /// Elsewhere another vehicle at distance 0 makes separation's sum
    /// infinite or NaN (seen at the end).
    #[inline(always)]
    fn add<const FLOCK: bool, const OWN_ROW: bool>(&mut self, l: &Limits<L>, e: &[f64; 4]) {
        let (ex, ey) = (L::splat(e[0]), L::splat(e[1]));
        let (dx, dy) = (l.px.sub(ex), l.py.sub(ey));
        let d2 = dx.mul(dx).add(dy.mul(dy));
        let zero = L::splat(0.0);
        let apart = d2.gt(zero);
        if OWN_ROW {
            self.zeros = self.zeros.count(d2.eq(zero));
        }
        let near = |r2: L| {
            let m = d2.lt(r2);
            if OWN_ROW {
                m.and(apart)
            } else {
                m
            }
        };
        let m = near(l.sep_r2);
        let s = L::splat(1.0).div(d2.sqrt()).sub(l.inv_r);
        self.sx = self.sx.add(dx.mul(s).and(m));
        self.sy = self.sy.add(dy.mul(s).and(m));
        if FLOCK {
            let m = near(l.ali_r2);
            self.ax = self.ax.add(L::splat(e[2]).and(m));
            self.ay = self.ay.add(L::splat(e[3]).and(m));
            self.an = self.an.count(m);
            let m = near(l.coh_r2);
            self.cx = self.cx.add(ex.sub(l.px).and(m));
            self.cy = self.cy.add(ey.sub(l.py).and(m));
            self.cn = self.cn.count(m);
        }
    }

    #[inline(always)]
    fn run<const FLOCK: bool, const OWN_ROW: bool>(&mut self, l: &Limits<L>, e: &[[f64; 4]]) {
        for e in e {
            self.add::<FLOCK, OWN_ROW>(l, e);
        }
    }
}

/// The sums of two vehicles of one row of cells, entries `a` (lane 0) and
/// `b` (lane 1, possibly `a` again), lane by lane against every candidate of
/// `block` but themselves; `FLOCK`: alignment and cohesion too.
#[inline(always)]
fn lanes<L: Lanes, const FLOCK: bool>(
    grid: &Grid,
    block: &Block,
    (a, qa): (usize, &Query),
    (b, qb): (usize, &Query),
) -> [([f64; 2], Flock, bool); 2] {
    let [sep_a, inv_a, ali_a, coh_a] = qa.limits;
    let [sep_b, inv_b, ali_b, coh_b] = qb.limits;
    let [xa, ya, _, _] = grid.e.get(a).copied().unwrap_or_default();
    let [xb, yb, _, _] = grid.e.get(b).copied().unwrap_or_default();
    let l = Limits {
        px: L::new(xa, xb),
        py: L::new(ya, yb),
        sep_r2: L::new(sep_a, sep_b),
        inv_r: L::new(inv_a, inv_b),
        ali_r2: L::new(ali_a, ali_b),
        coh_r2: L::new(coh_a, coh_b),
    };
    let zero = L::splat(0.0);
    let mut acc = Acc {
        sx: zero,
        sy: zero,
        ax: zero,
        ay: zero,
        an: zero,
        cx: zero,
        cy: zero,
        cn: zero,
        zeros: zero,
    };
    for (row, r) in block.iter().enumerate() {
        let e = grid.e.get(r.clone()).unwrap_or(&[]);
        if row == REACH {
            acc.run::<FLOCK, true>(&l, e);
        } else {
            acc.run::<FLOCK, false>(&l, e);
        }
    }
    let (sx, sy, zeros) = (acc.sx.lanes(), acc.sy.lanes(), acc.zeros.counts());
    let (ax, ay, an) = (acc.ax.lanes(), acc.ay.lanes(), acc.an.counts());
    let (cx, cy, cn) = (acc.cx.lanes(), acc.cy.lanes(), acc.cn.counts());
    let flock = |l: usize| Flock {
        ali: [ax[l], ay[l]],
        ali_n: an[l],
        coh: [cx[l], cy[l]],
        coh_n: cn[l],
    };
    // A tie (another vehicle at the lane's point) in its own row, or one
    // that made separation's sum infinite or NaN elsewhere.
    let tie = |l: usize| zeros[l] > 1.0 || !(sx[l].is_finite() && sy[l].is_finite());
    [
        ([sx[0], sy[0]], flock(0), tie(0)),
        ([sx[1], sy[1]], flock(1), tie(1)),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::behavior::Combine;
    use super::*;

    /// The pass against [`exact`] on a dense crowd with mixed radii,
    /// coincident vehicles and vehicles that ask for nothing, bit for bit.
    #[test]
    fn the_two_lane_pass_gives_the_one_vehicle_sums() {
        let mut s = 99u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut pos: Vec<[f64; 2]> = (0..3000)
            .map(|_| [next() * 80.0 - 40.0, next() * 60.0])
            .collect();
        pos[7] = pos[8];
        pos[100] = pos[101];
        pos[102] = pos[101];
        let vel: Vec<[f64; 2]> = (0..pos.len())
            .map(|_| [next() - 0.5, next() - 0.5])
            .collect();
        let ids: Vec<VehicleId> = (0..pos.len() as u32).map(VehicleId).collect();
        let mut grid = Grid::default();
        grid.build(&pos, &vel, 3.0);
        let mut sums = Sums::default();
        let mut sets = Sets::default();
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
        let set_of: Vec<u32> = (0..pos.len())
            .map(|slot| sets.intern(lists[slot % 5].clone(), Combine::WeightedSum, 1))
            .collect();
        sums.gather(&grid, &ids, true, &sets, &set_of);
        let mut nonzero = 0;
        for k in 0..pos.len() {
            let q = sets.get(set_of[grid.slot[k] as usize]).query;
            assert_eq!(q, Query::of(&lists[grid.slot[k] as usize % 5]));
            if q.is_empty() {
                continue;
            }
            let (sep, flock) = exact(&grid, &ids, &grid.block_of_entry(k), k, &q);
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&sums.sep[k]), bits(&sep), "entry {k}");
            let f = sums.flock[k];
            let g = flock;
            assert_eq!(
                bits(&[f.ali[0], f.ali[1], f.ali_n, f.coh[0], f.coh[1], f.coh_n]),
                bits(&[g.ali[0], g.ali[1], g.ali_n, g.coh[0], g.coh[1], g.coh_n]),
                "entry {k}"
            );
            nonzero += usize::from(sep != [0.0; 2]);
        }
        assert!(nonzero > 1000);
    }
}
