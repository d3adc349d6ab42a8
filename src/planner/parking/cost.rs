//! What a path costs: its length, plus `cusp_cost` per gear change, plus
//! `reverse_cost - 1` times the length driven backwards (the same rule for
//! the search's motion primitives and its analytic expansions).
//!
//! # Examples
//! ```
//! use arcline::planner::parking::Costs;
//! use arcline::{Line, Point, Segment};
//! let (a, b) = (Point::new(0.0, 0.0), Point::new(2.0, 0.0));
//! let there_and_back = [
//!     Segment::Line(Line::new(a, b)),
//!     Segment::Line(Line::new(b, a).with_reverse(true)),
//! ];
//! let costs = Costs { cusp: 5.0, reverse: 3.0 };
//! // 4 of length, one cusp, 2 backwards at 3 (2 more each).
//! assert_eq!(costs.of(&there_and_back, None, 0.0).0, 4.0 + 5.0 + 4.0);
//! ```

use crate::Segment;

/// The prices of a gear change and of driving backwards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Costs {
    /// Added per gear change (≥ 0).
    pub cusp: f64,
    /// Each unit driven backwards costs this (≥ 1).
    pub reverse: f64,
}

impl Costs {
    /// The cost of `segments` driven after a piece in gear `gear`
    /// (`Some(true)`: backwards; `None`: from a standstill, no cusp before
    /// the first), and the gear at the end; segments no longer than `tol`
    /// count for nothing (neither length nor a gear change).
    #[must_use]
    pub fn of(&self, segments: &[Segment], gear: Option<bool>, tol: f64) -> (f64, Option<bool>) {
        let unmirrored = Pricing {
            costs: *self,
            mirror: false,
        };
        unmirrored.of(segments, gear, tol)
    }

    /// The cost of one segment after gear `gear`, and the gear after it.
    #[must_use]
    pub fn one(&self, s: &Segment, gear: Option<bool>, tol: f64) -> (f64, Option<bool>) {
        self.piece(s.length(), s.is_reverse(), gear, tol)
    }

    /// The cost of a piece `len` long, driven backwards when `back`, after
    /// gear `gear`, and the gear after it (as [`Costs::one`], for a piece
    /// not yet built).
    #[must_use]
    pub fn piece(&self, len: f64, back: bool, gear: Option<bool>, tol: f64) -> (f64, Option<bool>) {
        if len <= tol {
            return (0.0, gear);
        }
        let mut c = len;
        if back {
            c += (self.reverse - 1.0) * len;
        }
        if gear.is_some_and(|g| g != back) {
            c += self.cusp;
        }
        (c, Some(back))
    }
}

/// [`Costs`] as a search prices its pieces. With `mirror`, the search runs
/// from the goal to the start and its path is driven the other way round:
/// a piece it drives backwards is driven forwards in the path returned, so
/// the price of driving backwards goes to its forward pieces (gear changes
/// stay where they are).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Pricing {
    pub costs: Costs,
    pub mirror: bool,
}

impl Pricing {
    /// The price of a gear change.
    pub(crate) fn cusp(&self) -> f64 {
        self.costs.cusp
    }

    /// As [`Costs::of`].
    pub(crate) fn of(
        &self,
        segments: &[Segment],
        gear: Option<bool>,
        tol: f64,
    ) -> (f64, Option<bool>) {
        let mut cost = 0.0;
        let mut gear = gear;
        for s in segments {
            let (c, g) = self.one(s, gear, tol);
            cost += c;
            gear = g;
        }
        (cost, gear)
    }

    /// As [`Costs::one`].
    pub(crate) fn one(&self, s: &Segment, gear: Option<bool>, tol: f64) -> (f64, Option<bool>) {
        self.piece(s.length(), s.is_reverse(), gear, tol)
    }

    /// As [`Costs::piece`], every gear flipped when mirrored (which keeps
    /// the gear changes).
    pub(crate) fn piece(
        &self,
        len: f64,
        back: bool,
        gear: Option<bool>,
        tol: f64,
    ) -> (f64, Option<bool>) {
        let m = self.mirror;
        let (c, g) = self.costs.piece(len, back != m, gear.map(|g| g != m), tol);
        (c, g.map(|g| g != m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Line, Point};

    #[test]
    fn a_mirrored_pricing_charges_the_backwards_price_to_forward_pieces() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(2.0, 0.0));
        let c = Point::new(5.0, 0.0);
        // 2 forwards, then 3 backwards: one gear change.
        let pieces = [
            Segment::Line(Line::new(a, b)),
            Segment::Line(Line::new(b, Point::new(-1.0, 0.0)).with_reverse(true)),
        ];
        let costs = Costs {
            cusp: 5.0,
            reverse: 3.0,
        };
        let plain = Pricing {
            costs,
            mirror: false,
        };
        let mirrored = Pricing {
            costs,
            mirror: true,
        };
        assert_eq!(plain.of(&pieces, None, 0.0), (2.0 + 5.0 + 9.0, Some(true)));
        assert_eq!(costs.of(&pieces, None, 0.0), plain.of(&pieces, None, 0.0));
        // Driven the other way round: the 2 are backwards, the 3 forwards.
        assert_eq!(
            mirrored.of(&pieces, None, 0.0),
            (6.0 + 5.0 + 3.0, Some(true))
        );
        // After a backwards piece, a forward one is a gear change either way.
        let on = [Segment::Line(Line::new(b, c))];
        assert_eq!(mirrored.of(&on, Some(true), 0.0), (5.0 + 9.0, Some(false)));
    }
}
