//! Shortcuts: the search's path made cheaper by replacing a run of its
//! pieces with one Reeds–Shepp (or Dubins) word between the poses at the
//! run's ends, when the word keeps the body clear (checked exactly) and the
//! whole path then costs less ([`Costs`], gear changes at the joints
//! included). From each joint, the runs to the end and to the joints 2, 4,
//! 8, … pieces on are tried, longest first.
//!
//! The lattice's paths wiggle where its 15° pieces stand in for a smoother
//! turn; this takes most of that out (the search's cells keep one arrival
//! each, so its path is not the cheapest of all).

use super::{BodySweep, Costs};
use crate::planner::dubins_candidates;
use crate::planner::reeds_shepp::reeds_shepp_cheapest;
use crate::{Pose, Segment};

/// The most words checked against the body for one run.
const WORDS_CHECKED: usize = 4;

/// What a shortcut pass needs.
pub(crate) struct Shortcuts<'a> {
    pub r: f64,
    pub reverse: bool,
    pub costs: Costs,
    pub sweep: &'a BodySweep,
    pub tol: f64,
}

impl Shortcuts<'_> {
    /// `pieces` (driven from `start`, every one clear) with shortcuts taken.
    pub(crate) fn apply(&self, pieces: Vec<Segment>, start: Pose) -> Vec<Segment> {
        let tol = self.tol;
        let mut pieces: Vec<Segment> = pieces.into_iter().filter(|s| s.length() > tol).collect();
        let mut i = 0;
        let mut budget = 4 * pieces.len() + 8;
        while i + 1 < pieces.len() && budget > 0 {
            budget -= 1;
            let n = pieces.len();
            let mut poses = Vec::with_capacity(n + 1);
            let mut at = start;
            poses.push(at);
            for s in &pieces {
                at = s.pose_at(s.length(), at.heading);
                poses.push(at);
            }
            let total = self.costs.of(&pieces, None, tol).0;
            let mut ends = vec![n];
            let mut step = 2;
            while i + step < n {
                ends.push(i + step);
                step *= 2;
            }
            let mut taken = false;
            for &j in &ends {
                if let Some(better) = self.replace(&pieces, i, j, &poses, total) {
                    pieces = better;
                    taken = true;
                    break;
                }
            }
            if !taken {
                i += 1;
            }
        }
        pieces
    }

    /// `pieces` with `pieces[i..j]` replaced by the cheapest clear word
    /// from `poses[i]` to `poses[j]`, when that costs less than `total`.
    fn replace(
        &self,
        pieces: &[Segment],
        i: usize,
        j: usize,
        poses: &[Pose],
        total: f64,
    ) -> Option<Vec<Segment>> {
        let (from, to) = (poses[i], poses[j]);
        let mut offers: Vec<(f64, Vec<Segment>)> = if self.reverse {
            self.reeds_shepp_offers(pieces, i, j, from, to, total)?
        } else {
            dubins_candidates(from, to, self.r)
                .ok()?
                .into_iter()
                .map(|w| self.spliced(pieces, i, j, w.1.segments()))
                .filter(|(c, _)| *c < total - self.tol)
                .collect()
        };
        offers.sort_by(|a, b| a.0.total_cmp(&b.0));
        offers.into_iter().take(WORDS_CHECKED).find_map(|(_, v)| {
            let mut at = from;
            let k = v.len() - (pieces.len() - j);
            for s in &v[i..k] {
                if !self.sweep.segment_clear(s, at) {
                    return None;
                }
                at = s.pose_at(s.length(), at.heading);
            }
            Some(v)
        })
    }

    /// `pieces` with `pieces[i..j]` replaced by `word`, and its cost.
    fn spliced(
        &self,
        pieces: &[Segment],
        i: usize,
        j: usize,
        word: &[Segment],
    ) -> (f64, Vec<Segment>) {
        let mut v = pieces[..i].to_vec();
        v.extend(word.iter().filter(|s| s.length() > self.tol));
        v.extend_from_slice(&pieces[j..]);
        (self.costs.of(&v, None, self.tol).0, v)
    }

    /// The (at most [`WORDS_CHECKED`]) cheapest Reeds–Shepp words from
    /// `from` to `to` spliced in for `pieces[i..j]`, each path costing less
    /// than `total`: the words priced from their pieces (with the gear
    /// changes at both joints), only those built.
    fn reeds_shepp_offers(
        &self,
        pieces: &[Segment],
        i: usize,
        j: usize,
        from: Pose,
        to: Pose,
        total: f64,
    ) -> Option<Vec<(f64, Vec<Segment>)>> {
        let tol = self.tol;
        let (before, gear) = self.costs.of(&pieces[..i], None, tol);
        let after = self.costs.of(&pieces[j..], None, tol).0;
        let next = pieces[j..]
            .iter()
            .find(|s| s.length() > tol)
            .map(Segment::is_reverse);
        let price = |word: &mut dyn Iterator<Item = (f64, bool)>| {
            let (mut c, mut g) = (0.0, gear);
            for (len, back) in word {
                let (d, ng) = self.costs.piece(len, back, g, tol);
                c += d;
                g = ng;
            }
            if matches!((g, next), (Some(a), Some(b)) if a != b) {
                c += self.costs.cusp;
            }
            c
        };
        let limit = total - tol - before - after;
        let words = reeds_shepp_cheapest(from, to, self.r, WORDS_CHECKED, limit, price).ok()?;
        Some(
            words
                .into_iter()
                .filter_map(|(_, w)| w.build().ok())
                .map(|w| self.spliced(pieces, i, j, w.segments()))
                .filter(|(c, _)| *c < total - tol)
                .collect(),
        )
    }
}
