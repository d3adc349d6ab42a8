//! The shortest of the 48 words: each base formula solved for the problem
//! as given, time-flipped, reflected and both (and, for the words that are
//! not their own reverse, for the problem walked backwards), keeping the
//! shortest.

use super::formulas::{self, bound, Local};
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
    fn offer(&mut self, word: ReedsSheppWord, parts: [f64; 5], length: f64);
}

/// The shortest solution alone (the batch's sink: no list, no allocation).
pub(super) struct Shortest(pub Option<Solution>);

impl Sink for Shortest {
    #[inline(always)]
    fn may_beat(&self, lower: f64) -> bool {
        match self.0 {
            Some(b) => lower <= b.length + 1e-10 * (b.length + 1e-300),
            None => true,
        }
    }

    // In wasm out of line: one copy instead of 44.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn offer(&mut self, word: ReedsSheppWord, parts: [f64; 5], length: f64) {
        let better = match self.0 {
            None => true,
            Some(b) => length < b.length || (length == b.length && word < b.word),
        };
        if better {
            self.0 = Some(Solution {
                word,
                parts,
                length,
            });
        }
    }
}

impl Sink for Best {
    fn may_beat(&self, lower: f64) -> bool {
        Best::may_beat(self, lower)
    }
    fn offer(&mut self, word: ReedsSheppWord, parts: [f64; 5], length: f64) {
        Best::offer(self, word, parts, length);
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
    fn offer(&mut self, word: ReedsSheppWord, parts: [f64; 5], length: f64) {
        let better = match self.best {
            None => true,
            Some(b) => length < b.length || (length == b.length && word < b.word),
        };
        if let Some(all) = &mut self.all {
            all.push(Solution {
                word,
                parts,
                length,
            });
        }
        if better {
            self.best = Some(Solution {
                word,
                parts,
                length,
            });
        }
    }
}

/// `parts` negated when time-flipped (every gear changed).
#[inline(always)]
fn flip<const N: usize>(p: [f64; N], time_flip: bool) -> [f64; N] {
    if time_flip {
        p.map(|v| -v)
    } else {
        p
    }
}

/// `p` padded to five entries.
#[inline(always)]
fn pad<const N: usize>(p: [f64; N]) -> [f64; 5] {
    let mut out = [0.0; 5];
    out[..N].copy_from_slice(&p);
    out
}

/// The four transforms of a problem: as given, reflected, time-flipped,
/// both; with the flags of each.
#[inline(always)]
fn transforms(l: Local) -> [(Local, bool, bool); 4] {
    [
        (l, false, false),
        (l.reflect(), true, false),
        (l.time_flip(), false, true),
        (l.time_flip().reflect(), true, true),
    ]
}

/// Every word solved for `l`, the shortest kept in `best`.
pub(super) fn search<S: Sink>(l: Local, best: &mut S) {
    let r = l.r;
    let fwd = transforms(l);
    let back = transforms(l.backwards());
    // CSC: 8.1 and 8.2.
    for &(p, reflect, tf) in &fwd {
        if !best.may_beat(bound::lsl(&p)) {
            continue;
        }
        if let Some([t, u, v]) = formulas::lsl(&p) {
            let len = r * (t.abs() + v.abs()) + u.abs();
            let w = ReedsSheppWord::new(Base::Lsl, reflect, tf);
            best.offer(w, pad(flip([t, u, v], tf)), len);
        }
    }
    for &(p, reflect, tf) in &fwd {
        if !best.may_beat(bound::lsr(&p)) {
            continue;
        }
        if let Some([t, u, v]) = formulas::lsr(&p) {
            let len = r * (t.abs() + v.abs()) + u.abs();
            let w = ReedsSheppWord::new(Base::Lsr, reflect, tf);
            best.offer(w, pad(flip([t, u, v], tf)), len);
        }
    }
    // CCC: 8.3/8.4 as given and backwards.
    for &(p, reflect, tf) in &fwd {
        if !best.may_beat(bound::lrl(&p)) {
            continue;
        }
        if let Some([t, u, v]) = formulas::lrl(&p) {
            let len = r * (t.abs() + u.abs() + v.abs());
            let base = if v >= 0.0 {
                Base::LrlCusps
            } else {
                Base::LrlCuspFirst
            };
            let w = ReedsSheppWord::new(base, reflect, tf);
            best.offer(w, pad(flip([t, u, v], tf)), len);
        }
    }
    for &(p, reflect, tf) in &back {
        if !best.may_beat(bound::lrl(&p)) {
            continue;
        }
        if let Some([t, u, v]) = formulas::lrl(&p) {
            let len = r * (t.abs() + u.abs() + v.abs());
            let base = if v >= 0.0 {
                Base::LrlCusps
            } else {
                Base::LrlCuspLast
            };
            let w = ReedsSheppWord::new(base, reflect, tf);
            best.offer(w, pad(flip([v, u, t], tf)), len);
        }
    }
    // CCCC: 8.7 and 8.8.
    for &(p, reflect, tf) in &fwd {
        let (b7, b8) = bound::lrlr(&p);
        if !best.may_beat(b7) {
        } else if let Some(s) = formulas::lrlr_middle_cusp(&p) {
            let len = r * (s[0].abs() + 2.0 * s[1].abs() + s[3].abs());
            let w = ReedsSheppWord::new(Base::LrlrMiddleCusp, reflect, tf);
            best.offer(w, pad(flip(s, tf)), len);
        }
        if !best.may_beat(b8) {
        } else if let Some(s) = formulas::lrlr_two_cusps(&p) {
            let len = r * (s[0].abs() + 2.0 * s[1].abs() + s[3].abs());
            let w = ReedsSheppWord::new(Base::LrlrTwoCusps, reflect, tf);
            best.offer(w, pad(flip(s, tf)), len);
        }
    }
    // CCSC: 8.9 and 8.10 as given and backwards.
    let ccsc = |s: [f64; 4]| r * (s[0].abs() + FRAC_PI_2 + s[3].abs()) + s[2].abs();
    for &(p, reflect, tf) in &fwd {
        if !best.may_beat(bound::lrsl(&p)) {
        } else if let Some(s) = formulas::lrsl(&p) {
            let w = ReedsSheppWord::new(Base::Lrsl, reflect, tf);
            best.offer(w, pad(flip(s, tf)), ccsc(s));
        }
        if !best.may_beat(bound::lrsr(&p)) {
        } else if let Some(s) = formulas::lrsr(&p) {
            let w = ReedsSheppWord::new(Base::Lrsr, reflect, tf);
            best.offer(w, pad(flip(s, tf)), ccsc(s));
        }
    }
    for &(p, reflect, tf) in &back {
        if !best.may_beat(bound::lrsl(&p)) {
        } else if let Some(s) = formulas::lrsl(&p) {
            let [t, a, u, v] = s;
            let w = ReedsSheppWord::new(Base::Lsrl, reflect, tf);
            best.offer(w, pad(flip([v, u, a, t], tf)), ccsc(s));
        }
        if !best.may_beat(bound::lrsr(&p)) {
        } else if let Some(s) = formulas::lrsr(&p) {
            let [t, a, u, v] = s;
            let w = ReedsSheppWord::new(Base::Rsrl, reflect, tf);
            best.offer(w, pad(flip([v, u, a, t], tf)), ccsc(s));
        }
    }
    // CCSCC: 8.11.
    for &(p, reflect, tf) in &fwd {
        if !best.may_beat(bound::lrslr(&p)) {
            continue;
        }
        if let Some(s) = formulas::lrslr(&p) {
            let len = r * (s[0].abs() + PI + s[4].abs()) + s[2].abs();
            let w = ReedsSheppWord::new(Base::Lrslr, reflect, tf);
            best.offer(w, flip(s, tf), len);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pruned search against every word solved (the candidates' mode,
    /// which prunes nothing): the same shortest word and the same bits.
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
            let phi = if i % 7 == 0 {
                0.0
            } else {
                (2.0 * next() - 1.0) * PI
            };
            let (sp, cp) = (phi.sin(), phi.cos());
            let x = span * (next() - 0.5);
            let y = span * (next() - 0.5);
            let l = Local {
                x,
                y,
                phi,
                sp,
                cp,
                r,
                near: 1e-12 * (r + x.abs() + y.abs()),
            };
            let mut pruned = Shortest(None);
            search(l, &mut pruned);
            let mut full = Best {
                best: None,
                all: Some(Vec::new()),
            };
            search(l, &mut full);
            let (a, b) = (pruned.0.unwrap(), full.best.unwrap());
            assert_eq!(a, b, "query {i}: {l:?}");
        }
    }
}
