//! The shortest of the 48 words: each base formula solved for the problem
//! as given, time-flipped, reflected and both (and, for the words that are
//! not their own reverse, for the problem walked backwards), keeping the
//! shortest.

use super::bound;
use super::formulas::{self, max, min, Local};
use super::lanes::F2;
use super::word::{Base, ReedsSheppWord};
use core::f64::consts::{FRAC_PI_2, PI};

/// A solved word: the signed amount of each segment (an arc's heading change
/// in radians, + forwards and − in reverse; a line's signed length; unused
/// entries 0) and the total length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Solution {
    pub word: ReedsSheppWord,
    pub parts: [f64; 5],
    pub length: f64,
    /// Which of [`VARIANTS`] solved it (C|C|C is solved as given and
    /// backwards, with the same length and word: the first wins).
    pub variant: u8,
}

/// The shortest so far; ties go to the word earlier in `ALL`.
pub(super) struct Best {
    pub best: Option<Solution>,
    /// Every solution, when collecting candidates.
    pub all: Option<Vec<Solution>>,
}

/// Where the search sends each solved word: [`Best`] (keeping the shortest,
/// pruning by its length) or a list of them all.
pub(super) trait Sink {
    fn may_beat(&self, lower: f64) -> bool;
    fn offer(&mut self, s: Solution);
}

/// Whether `s` beats `b`: shorter, or as long and earlier (by word, then
/// by variant).
#[inline(always)]
fn beats(s: &Solution, b: &Solution) -> bool {
    s.length < b.length || (s.length == b.length && (s.word, s.variant) < (b.word, b.variant))
}

/// The shortest solution alone (the batch's sink: no list, no allocation),
/// and how far above it, in world units, a bound may still tie: the
/// bounds' rounding is relative to the coordinates, not to the length, so
/// for start and goal a few ulps apart a word of length 0 may have a bound
/// above another word's 1e-16.
pub(super) struct Shortest {
    pub best: Option<Solution>,
    pub slack: f64,
}

impl Sink for Shortest {
    #[inline(always)]
    fn may_beat(&self, lower: f64) -> bool {
        match self.best {
            Some(b) => lower <= b.length + 1e-10 * (b.length + 1e-300) + self.slack,
            None => true,
        }
    }

    // In wasm out of line: one copy instead of 44.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn offer(&mut self, s: Solution) {
        if self.best.as_ref().map_or(true, |b| beats(&s, b)) {
            self.best = Some(s);
        }
    }
}

impl Sink for Best {
    fn may_beat(&self, lower: f64) -> bool {
        Best::may_beat(self, lower)
    }
    fn offer(&mut self, s: Solution) {
        Best::offer(self, s);
    }
}

impl Best {
    /// Whether a word whose length is at least `lower` may still win or
    /// tie (with a margin for the rounding of the bound); always when
    /// collecting every candidate.
    #[inline(always)]
    fn may_beat(&self, lower: f64) -> bool {
        match (self.best, &self.all) {
            (Some(b), None) => lower <= b.length + 1e-10 * (b.length + 1e-300),
            _ => true,
        }
    }

    #[inline(always)]
    fn offer(&mut self, s: Solution) {
        if let Some(all) = &mut self.all {
            all.push(s);
        }
        if self.best.as_ref().map_or(true, |b| beats(&s, b)) {
            self.best = Some(s);
        }
    }
}

/// The base formulas (Reeds & Shepp's section 8), in the order of
/// [`bound::all`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Formula {
    /// 8.1, `L+S+L+`.
    Lsl,
    /// 8.2, `L+S+R+`.
    Lsr,
    /// 8.3/8.4, `L+R-L±` (backwards: `L±R-L+`).
    Lrl,
    /// 8.7, `L+R+L-R-`.
    LrlrMiddleCusp,
    /// 8.8, `L+R-L-R+`.
    LrlrTwoCusps,
    /// 8.9, `L+R-S-L-` (backwards: `L-S-R-L+`).
    Lrsl,
    /// 8.10, `L+R-S-R-` (backwards: `R-S-R-L+`).
    Lrsr,
    /// 8.11, `L+R-S-L-R+`.
    Lrslr,
}

/// The formulas in the order of their index.
const FORMULAS: [Formula; 8] = {
    use Formula::*;
    [
        Lsl,
        Lsr,
        Lrl,
        LrlrMiddleCusp,
        LrlrTwoCusps,
        Lrsl,
        Lrsr,
        Lrslr,
    ]
};

/// Every evaluation of a base formula: the formula and the problem's
/// transform (0 as given, 1 reflected, 2 time-flipped, 3 both; 4 to 7 the
/// same for the problem walked backwards, for the words that are not their
/// own reverse). 44 in all, covering the 48 words. A variant's number (for
/// breaking exact ties between two solutions of one word) is `8·transform +
/// formula`.
const VARIANTS: [(Formula, usize); 44] = {
    use Formula::*;
    [
        (Lsl, 0),
        (Lsl, 1),
        (Lsl, 2),
        (Lsl, 3),
        (Lsr, 0),
        (Lsr, 1),
        (Lsr, 2),
        (Lsr, 3),
        (Lrl, 0),
        (Lrl, 1),
        (Lrl, 2),
        (Lrl, 3),
        (Lrl, 4),
        (Lrl, 5),
        (Lrl, 6),
        (Lrl, 7),
        (LrlrMiddleCusp, 0),
        (LrlrMiddleCusp, 1),
        (LrlrMiddleCusp, 2),
        (LrlrMiddleCusp, 3),
        (LrlrTwoCusps, 0),
        (LrlrTwoCusps, 1),
        (LrlrTwoCusps, 2),
        (LrlrTwoCusps, 3),
        (Lrsl, 0),
        (Lrsl, 1),
        (Lrsl, 2),
        (Lrsl, 3),
        (Lrsr, 0),
        (Lrsr, 1),
        (Lrsr, 2),
        (Lrsr, 3),
        (Lrsl, 4),
        (Lrsl, 5),
        (Lrsl, 6),
        (Lrsl, 7),
        (Lrsr, 4),
        (Lrsr, 5),
        (Lrsr, 6),
        (Lrsr, 7),
        (Lrslr, 0),
        (Lrslr, 1),
        (Lrslr, 2),
        (Lrslr, 3),
    ]
};

/// The eight transforms of a problem, in the order of [`VARIANTS`]' indices.
#[inline(always)]
fn transforms(l: Local) -> [Local; 8] {
    let b = l.backwards();
    [
        l,
        l.reflect(),
        l.time_flip(),
        l.time_flip().reflect(),
        b,
        b.reflect(),
        b.time_flip(),
        b.time_flip().reflect(),
    ]
}

/// `s`'s length (by `len`) with its entries written to the front of
/// `parts`; +∞ for no solution.
#[inline(always)]
fn put<const N: usize>(
    s: Option<[f64; N]>,
    parts: &mut [f64; 5],
    len: impl FnOnce(&[f64; N]) -> f64,
) -> f64 {
    match s {
        Some(s) => {
            parts[..N].copy_from_slice(&s);
            len(&s)
        }
        None => f64::INFINITY,
    }
}

/// Variant `variant` (as [`VARIANTS`]' numbers) of the problem whose
/// transforms are `ls` solved: its length, +∞ when it has no solution, and
/// its formula's signed parts in `parts` (in the formula's order, as the
/// transformed problem drives them; unused entries untouched).
// In wasm out of line: one copy of the eight formulas, called a handful of
// times per query (so V8 tiers it up), with one f64 back.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
fn solve_raw(variant: u8, ls: &[Local; 8], parts: &mut [f64; 5]) -> f64 {
    let p = &ls[usize::from(variant / 8) & 7];
    let r = p.r;
    match FORMULAS[usize::from(variant % 8)] {
        Formula::Lsl => put(formulas::lsl(p), parts, |s| {
            r * (s[0].abs() + s[2].abs()) + s[1].abs()
        }),
        Formula::Lsr => put(formulas::lsr(p), parts, |s| {
            r * (s[0].abs() + s[2].abs()) + s[1].abs()
        }),
        Formula::Lrl => put(formulas::lrl(p), parts, |s| {
            r * (s[0].abs() + s[1].abs() + s[2].abs())
        }),
        Formula::LrlrMiddleCusp => put(formulas::lrlr_middle_cusp(p), parts, |s| {
            r * (s[0].abs() + 2.0 * s[1].abs() + s[3].abs())
        }),
        Formula::LrlrTwoCusps => put(formulas::lrlr_two_cusps(p), parts, |s| {
            r * (s[0].abs() + 2.0 * s[1].abs() + s[3].abs())
        }),
        Formula::Lrsl => put(formulas::lrsl(p), parts, |s| {
            r * (s[0].abs() + FRAC_PI_2 + s[3].abs()) + s[2].abs()
        }),
        Formula::Lrsr => put(formulas::lrsr(p), parts, |s| {
            r * (s[0].abs() + FRAC_PI_2 + s[3].abs()) + s[2].abs()
        }),
        Formula::Lrslr => put(formulas::lrslr(p), parts, |s| {
            r * (s[0].abs() + PI + s[4].abs()) + s[2].abs()
        }),
    }
}

/// Formula `f` solved for transform `k` of the problem (`ls[k]`): the
/// word, its signed parts in the word's order, and the length.
#[inline(always)]
fn solve(f: Formula, ls: &[Local; 8], k: usize) -> Option<(ReedsSheppWord, [f64; 5], f64)> {
    let mut s = [0.0; 5];
    let len = solve_raw((8 * k + f as usize) as u8, ls, &mut s);
    if len == f64::INFINITY {
        return None;
    }
    let (reflect, tf, back) = (k & 1 != 0, k & 2 != 0, k >= 4);
    let (base, n) = match f {
        Formula::Lsl => (Base::Lsl, 3),
        Formula::Lsr => (Base::Lsr, 3),
        // The last arc's sign picks C|C|C or, as given, C|CC and,
        // backwards, CC|C.
        Formula::Lrl => (
            match (s[2] >= 0.0, back) {
                (true, _) => Base::LrlCusps,
                (false, false) => Base::LrlCuspFirst,
                (false, true) => Base::LrlCuspLast,
            },
            3,
        ),
        Formula::LrlrMiddleCusp => (Base::LrlrMiddleCusp, 4),
        Formula::LrlrTwoCusps => (Base::LrlrTwoCusps, 4),
        Formula::Lrsl => (if back { Base::Lsrl } else { Base::Lrsl }, 4),
        Formula::Lrsr => (if back { Base::Rsrl } else { Base::Lrsr }, 4),
        Formula::Lrslr => (Base::Lrslr, 5),
    };
    let mut parts = [0.0; 5];
    for (i, p) in parts.iter_mut().enumerate().take(n) {
        let v = s[if back { n - 1 - i } else { i }];
        *p = if tf { -v } else { v };
    }
    Some((ReedsSheppWord::new(base, reflect, tf), parts, len))
}

/// Every word solved for `l`, each offered to `sink` (in the order of
/// [`VARIANTS`], pruned by the sink's bound).
pub(super) fn search<S: Sink>(l: Local, sink: &mut S) {
    let ls = transforms(l);
    for &(f, k) in &VARIANTS {
        if !sink.may_beat(bound::all(&ls[k], k >= 4)[f as usize]) {
            continue;
        }
        if let Some((word, parts, length)) = solve(f, &ls, k) {
            let variant = (8 * k + f as usize) as u8;
            sink.offer(Solution {
                word,
                parts,
                length,
                variant,
            });
        }
    }
}

/// The variants still to solve, each as an integer key: its bound's bits
/// with the low 8 cleared (a bound ≥ 0 rounded down, still a bound; a NaN
/// one, never for finite input, solved rather than lost, as 0) and the
/// variant in them. Reused from query to query (nothing to clear: `n`
/// counts the keys written; 64 places for the 44 variants, so that the
/// place is the count masked, not checked).
pub(super) struct Keys {
    key: [u64; 64],
    n: usize,
}

impl Keys {
    pub fn new() -> Keys {
        Keys { key: [0; 64], n: 0 }
    }

    /// Variant `variant`'s key from `at_least = max(bound, 0)`, kept
    /// (counted) when finite; no branch.
    #[inline(always)]
    fn push(&mut self, variant: usize, at_least: f64) {
        self.key[self.n & 63] = (at_least.to_bits() & !0xFF) | variant as u64;
        self.n += usize::from(at_least != f64::INFINITY);
    }
}

impl bound::Sink for Keys {
    #[inline(always)]
    fn put(&mut self, variant: usize, bound: f64) {
        self.push(variant, max(bound, 0.0));
    }

    /// Both lanes' `max(bound, 0)` in one instruction.
    #[inline(always)]
    fn put_pair(&mut self, v: usize, bound: F2) {
        let [a, b] = bound.max(0.0).lanes();
        self.push(v, a);
        self.push(v + 16, b);
    }
}

/// The eight transforms of `l`, with every variant's lower bound written
/// into `keys`: each transform with its time-flip (k + 2), which shares its
/// distances, and the four distances of the eight.
#[inline(always)]
fn bounded(l: Local, keys: &mut Keys) -> [Local; 8] {
    let ls = transforms(l);
    keys.n = 0;
    let [ll, lr, rr, rl] = bound::distances(&ls);
    bound::pair(&ls[0], 0, &ll, &lr, keys);
    bound::pair(&ls[1], 1, &rr, &rl, keys);
    bound::pair(&ls[4], 4, &ll, &rl, keys);
    bound::pair(&ls[5], 5, &rr, &lr, keys);
    ls
}

/// The shortest word for `l`, best first: every variant's lower bound
/// computed (square roots, no inverse trigonometry; +∞ for those certainly
/// infeasible), then the others solved in increasing order of their bounds
/// until the next bound is above the shortest found (with a margin for
/// rounding). The result is the one [`search`] gives (the same lengths, the
/// same tie-breaking).
// In wasm out of line and called once per query: V8 tiers a function up by
// its calls, so a batch loop holding it would run unoptimized code.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn shortest(l: Local, keys: &mut Keys) -> Option<Solution> {
    let ls = bounded(l, keys);
    let mut best = Shortest {
        best: None,
        slack: l.near,
    };
    solve_in_order(&mut keys.key[..keys.n], &ls, &mut best);
    best.best
}

/// The length of [`shortest`]'s word for `l` (the same bits; +∞ when no
/// word reaches the goal), the lengths alone solved: the batch's search.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn shortest_length(l: Local, keys: &mut Keys) -> f64 {
    let ls = bounded(l, keys);
    let todo = &mut keys.key[..keys.n];
    let slack = l.near;
    let mut best = f64::INFINITY;
    let mut parts = [0.0; 5];
    // As `Shortest::may_beat` (with no solution yet every bound may win:
    // the keys' bounds are finite).
    let may_beat = |lower: f64, best: f64| lower <= best + 1e-10 * (best + 1e-300) + slack;
    #[cfg(not(target_arch = "wasm32"))]
    {
        todo.sort_unstable();
        for &m in todo.iter() {
            if !may_beat(f64::from_bits(m & !0xFF), best) {
                break;
            }
            best = min(solve_raw((m & 0xFF) as u8, &ls, &mut parts), best);
        }
    }
    #[cfg(target_arch = "wasm32")]
    loop {
        let m = todo.iter().fold(u64::MAX, |m, &k| m.min(k));
        if m == u64::MAX || !may_beat(f64::from_bits(m & !0xFF), best) {
            break;
        }
        for k in todo.iter_mut() {
            *k = if *k == m { u64::MAX } else { *k };
        }
        best = min(solve_raw((m & 0xFF) as u8, &ls, &mut parts), best);
    }
    best
}

/// Solves the variants of `todo` (keys as [`shortest`] makes them) in
/// increasing order of bound until the next bound is above the shortest
/// found. Natively the keys are sorted (the standard library's small
/// integer sort); in wasm the least is picked each time by integer minima
/// (a handful of picks, no branch on the data, and no sort in the module).
#[inline(always)]
fn solve_in_order(todo: &mut [u64], ls: &[Local; 8], best: &mut Shortest) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        todo.sort_unstable();
        for &m in todo.iter() {
            if !best.may_beat(f64::from_bits(m & !0xFF)) {
                break;
            }
            solve_variant((m & 0xFF) as u8, ls, best);
        }
    }
    #[cfg(target_arch = "wasm32")]
    loop {
        let m = todo.iter().fold(u64::MAX, |m, &k| m.min(k));
        if m == u64::MAX || !best.may_beat(f64::from_bits(m & !0xFF)) {
            break;
        }
        for k in todo.iter_mut() {
            *k = if *k == m { u64::MAX } else { *k };
        }
        solve_variant((m & 0xFF) as u8, ls, best);
    }
}

/// Solves one variant and offers it to `best`.
#[inline(always)]
fn solve_variant(variant: u8, ls: &[Local; 8], best: &mut Shortest) {
    let k = usize::from(variant / 8);
    let f = FORMULAS[usize::from(variant % 8)];
    if let Some((word, parts, length)) = solve(f, ls, k) {
        best.offer(Solution {
            word,
            parts,
            length,
            variant,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pruned, best-first search and the batch's lengths-only one
    /// against every word solved (the candidates' mode, which prunes
    /// nothing): the same shortest word and the same bits, also for goals on a turning circle, straight ahead or
    /// behind (where bounds are tight and circles coincide) and a few ulps
    /// from the start.
    #[test]
    fn pruning_never_changes_the_answer() {
        let mut seed: u64 = 0xDEAD_BEEF_1234_5678;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for i in 0..100_000 {
            let r = 0.1 + 3.0 * next();
            let span = [1.0, 3.0, 6.0, 30.0][i % 4] * r;
            let mut phi = if i % 7 == 0 {
                0.0
            } else {
                (2.0 * next() - 1.0) * PI
            };
            let (mut x, mut y) = (span * (next() - 0.5), span * (next() - 0.5));
            match i % 5 {
                // A goal on the start's left or right circle (a pure arc).
                0 => {
                    let side = if next() < 0.5 { 1.0 } else { -1.0 };
                    x = r * (side * phi).sin();
                    y = side * r * (1.0 - phi.cos());
                }
                // Straight ahead or behind.
                1 => y = 0.0,
                // Whole multiples of r and of π/4: circles exactly tangent,
                // exactly 2r, √8·r or 4r apart.
                2 => {
                    x = r * (8.0 * next() - 4.0).round();
                    y = r * (8.0 * next() - 4.0).round();
                    phi = FRAC_PI_2 * 0.5 * (8.0 * next() - 4.0).round();
                }
                // A goal a few ulps (of coordinates near 10) from the
                // start, where the lengths are rounding.
                3 if i % 2 == 0 => {
                    x = 1e-14 * (next() - 0.5);
                    y = 1e-14 * (next() - 0.5);
                    phi = 1e-15 * (next() - 0.5);
                }
                _ => {}
            }
            let (sp, cp) = (phi.sin(), phi.cos());
            let l = Local {
                x,
                y,
                phi,
                sp,
                cp,
                r,
                inv_r: 1.0 / r,
                near: 1e-12 * (r + x.abs() + y.abs()),
            };
            let pruned = shortest(l, &mut Keys::new());
            let mut full = Best {
                best: None,
                all: Some(Vec::new()),
            };
            search(l, &mut full);
            let (a, b) = (pruned.unwrap(), full.best.unwrap());
            assert_eq!(a, b, "query {i}: {l:?}");
            // The batch's lengths-only search: the same bits.
            let len = shortest_length(l, &mut Keys::new());
            assert_eq!(len.to_bits(), b.length.to_bits(), "query {i}: {l:?}");
        }
    }
}
