//! The shortest of the 48 words: each base formula solved for the problem
//! as given, time-flipped, reflected and both (and, for the words that are
//! not their own reverse, for the problem walked backwards), keeping the
//! shortest.

use super::formulas::{self, Local};
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

impl Best {
    #[inline(always)]
    fn bound(&self) -> f64 {
        self.best.map_or(f64::INFINITY, |b| b.length)
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
pub(super) fn search(l: Local, best: &mut Best) {
    let r = l.r;
    let fwd = transforms(l);
    let back = transforms(l.backwards());
    // CSC: 8.1 and 8.2.
    for &(p, reflect, tf) in &fwd {
        if let Some([t, u, v]) = formulas::lsl(&p) {
            let len = r * (t.abs() + v.abs()) + u.abs();
            let w = ReedsSheppWord::new(Base::Lsl, reflect, tf);
            best.offer(w, pad(flip([t, u, v], tf)), len);
        }
    }
    for &(p, reflect, tf) in &fwd {
        if let Some([t, u, v]) = formulas::lsr(&p) {
            let len = r * (t.abs() + v.abs()) + u.abs();
            let w = ReedsSheppWord::new(Base::Lsr, reflect, tf);
            best.offer(w, pad(flip([t, u, v], tf)), len);
        }
    }
    // CCC: 8.3/8.4 as given and backwards.
    for &(p, reflect, tf) in &fwd {
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
        if let Some(s) = formulas::lrlr_middle_cusp(&p) {
            let len = r * (s[0].abs() + 2.0 * s[1].abs() + s[3].abs());
            let w = ReedsSheppWord::new(Base::LrlrMiddleCusp, reflect, tf);
            best.offer(w, pad(flip(s, tf)), len);
        }
        if let Some(s) = formulas::lrlr_two_cusps(&p) {
            let len = r * (s[0].abs() + 2.0 * s[1].abs() + s[3].abs());
            let w = ReedsSheppWord::new(Base::LrlrTwoCusps, reflect, tf);
            best.offer(w, pad(flip(s, tf)), len);
        }
    }
    // CCSC: 8.9 and 8.10 as given and backwards.
    let ccsc = |s: [f64; 4]| r * (s[0].abs() + FRAC_PI_2 + s[3].abs()) + s[2].abs();
    for &(p, reflect, tf) in &fwd {
        if let Some(s) = formulas::lrsl(&p) {
            let w = ReedsSheppWord::new(Base::Lrsl, reflect, tf);
            best.offer(w, pad(flip(s, tf)), ccsc(s));
        }
        if let Some(s) = formulas::lrsr(&p) {
            let w = ReedsSheppWord::new(Base::Lrsr, reflect, tf);
            best.offer(w, pad(flip(s, tf)), ccsc(s));
        }
    }
    for &(p, reflect, tf) in &back {
        if let Some(s) = formulas::lrsl(&p) {
            let [t, a, u, v] = s;
            let w = ReedsSheppWord::new(Base::Lsrl, reflect, tf);
            best.offer(w, pad(flip([v, u, a, t], tf)), ccsc(s));
        }
        if let Some(s) = formulas::lrsr(&p) {
            let [t, a, u, v] = s;
            let w = ReedsSheppWord::new(Base::Rsrl, reflect, tf);
            best.offer(w, pad(flip([v, u, a, t], tf)), ccsc(s));
        }
    }
    // CCSCC: 8.11.
    for &(p, reflect, tf) in &fwd {
        if let Some(s) = formulas::lrslr(&p) {
            let len = r * (s[0].abs() + PI + s[4].abs()) + s[2].abs();
            let w = ReedsSheppWord::new(Base::Lrslr, reflect, tf);
            best.offer(w, flip(s, tf), len);
        }
    }
}
