//! The 48 Reeds–Shepp words: 12 base words and, for each, its time-flip
//! (every gear changed), its reflection (every `L` and `R` swapped) and both.

/// One of the 48 Reeds–Shepp words: a letter per segment (`L`, `S`, `R`: the
/// side of the turning centre seen from the vehicle, or straight) with its
/// gear (`+` forwards, `-` in reverse), e.g. `"L+R-L+"`.
///
/// The 12 base words (Reeds & Shepp 1990, formulas 8.1 to 8.11) are
/// `L+S+L+`, `L+S+R+`, `L+R-L+` (C|C|C), `L+R-L-` (C|CC), `L-R-L+` (CC|C),
/// `L+R+L-R-` (CCu|CuC), `L+R-L-R+` (C|CuCu|C), `L+R-S-L-` and `L+R-S-R-`
/// (C|C½πSC), `L-S-R-L+` and `R-S-R-L+` (CSC½π|C), and `L+R-S-L-R+`
/// (C|C½πSC½π|C); [`ReedsSheppWord::ALL`] lists each followed by its
/// reflection, its time-flip and both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReedsSheppWord(u8);

/// The names, in the order of [`ReedsSheppWord::ALL`].
const NAMES: [&str; 48] = [
    "L+S+L+",
    "R+S+R+",
    "L-S-L-",
    "R-S-R-",
    "L+S+R+",
    "R+S+L+",
    "L-S-R-",
    "R-S-L-",
    "L+R-L+",
    "R+L-R+",
    "L-R+L-",
    "R-L+R-",
    "L+R-L-",
    "R+L-R-",
    "L-R+L+",
    "R-L+R+",
    "L-R-L+",
    "R-L-R+",
    "L+R+L-",
    "R+L+R-",
    "L+R+L-R-",
    "R+L+R-L-",
    "L-R-L+R+",
    "R-L-R+L+",
    "L+R-L-R+",
    "R+L-R-L+",
    "L-R+L+R-",
    "R-L+R+L-",
    "L+R-S-L-",
    "R+L-S-R-",
    "L-R+S+L+",
    "R-L+S+R+",
    "L+R-S-R-",
    "R+L-S-L-",
    "L-R+S+R+",
    "R-L+S+L+",
    "L-S-R-L+",
    "R-S-L-R+",
    "L+S+R+L-",
    "R+S+L+R-",
    "R-S-R-L+",
    "L-S-L-R+",
    "R+S+R+L-",
    "L+S+L+R-",
    "L+R-S-L-R+",
    "R+L-S-R-L+",
    "L-R+S+L+R-",
    "R-L+S+R+L-",
];

/// The base words, in the order of `ALL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Base {
    /// `L+S+L+` (8.1).
    Lsl = 0,
    /// `L+S+R+` (8.2).
    Lsr,
    /// `L+R-L+`, C|C|C (8.3).
    LrlCusps,
    /// `L+R-L-`, C|CC (8.4).
    LrlCuspFirst,
    /// `L-R-L+`, CC|C (8.4 backwards).
    LrlCuspLast,
    /// `L+R+L-R-`, CCu|CuC (8.7).
    LrlrMiddleCusp,
    /// `L+R-L-R+`, C|CuCu|C (8.8).
    LrlrTwoCusps,
    /// `L+R-S-L-`, C|C½πSC (8.9).
    Lrsl,
    /// `L+R-S-R-` (8.10).
    Lrsr,
    /// `L-S-R-L+`, CSC½π|C (8.9 backwards).
    Lsrl,
    /// `R-S-R-L+` (8.10 backwards).
    Rsrl,
    /// `L+R-S-L-R+`, C|C½πSC½π|C (8.11).
    Lrslr,
}

impl ReedsSheppWord {
    /// All 48, each base word followed by its reflection, its time-flip and
    /// both: the order in which ties are broken (the first shortest wins, so
    /// forward before reverse and left before right).
    pub const ALL: [ReedsSheppWord; 48] = {
        let mut all = [ReedsSheppWord(0); 48];
        let mut i = 0;
        while i < 48 {
            all[i] = ReedsSheppWord(i as u8);
            i += 1;
        }
        all
    };

    /// The word of `base`, reflected (`L` and `R` swapped) and/or
    /// time-flipped (every gear changed).
    #[inline(always)]
    pub(super) const fn new(base: Base, reflect: bool, time_flip: bool) -> ReedsSheppWord {
        ReedsSheppWord(4 * base as u8 + reflect as u8 + 2 * time_flip as u8)
    }

    /// Its position in [`ReedsSheppWord::ALL`].
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// `"L+R-L+"` and so on: each segment's letter and gear.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        NAMES[self.index()]
    }

    /// The number of segments (3, 4 or 5).
    #[must_use]
    pub fn len(self) -> usize {
        self.as_str().len() / 2
    }

    /// Never: every word has at least three segments.
    #[must_use]
    pub fn is_empty(self) -> bool {
        false
    }

    /// Segment `i`'s letter (`'L'`, `'S'` or `'R'`) and whether it is driven
    /// in reverse.
    ///
    /// # Examples
    /// ```
    /// use arcline::planner::ReedsSheppWord;
    /// let w = ReedsSheppWord::ALL[8];
    /// assert_eq!(w.as_str(), "L+R-L+");
    /// assert_eq!(w.segment(1), ('R', true));
    /// ```
    #[must_use]
    pub fn segment(self, i: usize) -> (char, bool) {
        let b = self.as_str().as_bytes();
        (char::from(b[2 * i]), b[2 * i + 1] == b'-')
    }

    /// The letters alone, as a path's `word()` spells them (`"LRL"`).
    #[must_use]
    pub fn letters(self) -> String {
        (0..self.len()).map(|i| self.segment(i).0).collect()
    }
}

impl core::fmt::Display for ReedsSheppWord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_48_words_are_distinct_and_each_transform_does_what_it_says() {
        let names: std::collections::BTreeSet<_> =
            ReedsSheppWord::ALL.iter().map(|w| w.as_str()).collect();
        assert_eq!(names.len(), 48);
        for b in 0..12 {
            let base = ReedsSheppWord::ALL[4 * b];
            let reflect = ReedsSheppWord::ALL[4 * b + 1];
            let flip = ReedsSheppWord::ALL[4 * b + 2];
            let both = ReedsSheppWord::ALL[4 * b + 3];
            for i in 0..base.len() {
                let (l, g) = base.segment(i);
                let swapped = match l {
                    'L' => 'R',
                    'R' => 'L',
                    s => s,
                };
                assert_eq!(reflect.segment(i), (swapped, g));
                assert_eq!(flip.segment(i), (l, !g));
                assert_eq!(both.segment(i), (swapped, !g));
            }
        }
    }
}
