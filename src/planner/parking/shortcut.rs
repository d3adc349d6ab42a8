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

use super::cost::Pricing;
use super::BodySweep;
use crate::planner::reeds_shepp::reeds_shepp_cheapest;
use crate::planner::{dubins_candidates, dubins_length, reeds_shepp_length};
use crate::{Pose, Segment};

/// The most words checked against the body for one run.
const WORDS_CHECKED: usize = 4;

/// What a shortcut pass needs.
pub(crate) struct Shortcuts<'a> {
    pub r: f64,
    pub reverse: bool,
    pub costs: Pricing,
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
        let tol = self.tol;
        let (before, gear) = self.costs.of(&pieces[..i], None, tol);
        let after = self.costs.of(&pieces[j..], None, tol).0;
        let next = first_gear(&pieces[j..], tol);
        let limit = total - tol - before - after;
        let (_, word) = self.word(poses[i], poses[j], gear, next, limit)?;
        let mut v = pieces[..i].to_vec();
        v.extend(word);
        v.extend_from_slice(&pieces[j..]);
        (self.costs.of(&v, None, tol).0 < total - tol).then_some(v)
    }

    /// The length of the shortest word from `from` to `to`, obstacles
    /// aside: no word between them costs less.
    pub(super) fn least(&self, from: Pose, to: Pose) -> Option<f64> {
        if self.reverse {
            reeds_shepp_length(from, to, self.r).ok().map(|x| x.0)
        } else {
            dubins_length(from, to, self.r).ok().map(|x| x.0)
        }
    }

    /// The cheapest word from `from` to `to` that keeps the body clear
    /// (checked exactly) and costs less than `limit`, driven after a piece
    /// in gear `gear` and followed by one in gear `next` (`None`: a
    /// standstill; the gear changes at both ends priced in), and its cost.
    /// Of the words under `limit`, the [`WORDS_CHECKED`] cheapest are built
    /// and checked; Reeds–Shepp words are priced before they are built.
    pub(super) fn word(
        &self,
        from: Pose,
        to: Pose,
        gear: Option<bool>,
        next: Option<bool>,
        limit: f64,
    ) -> Option<(f64, Vec<Segment>)> {
        let tol = self.tol;
        if from.approx_eq(to, tol) {
            // Nothing to drive; a gear change stays one.
            let c = if matches!((gear, next), (Some(a), Some(b)) if a != b) {
                self.costs.cusp()
            } else {
                0.0
            };
            return (c < limit).then_some((c, Vec::new()));
        }
        let price = |word: &mut dyn Iterator<Item = (f64, bool)>| {
            let (mut c, mut g) = (0.0, gear);
            for (len, back) in word {
                let (d, ng) = self.costs.piece(len, back, g, tol);
                c += d;
                g = ng;
            }
            if matches!((g, next), (Some(a), Some(b)) if a != b) {
                c += self.costs.cusp();
            }
            c
        };
        let offers: Vec<(f64, Vec<Segment>)> = if self.reverse {
            reeds_shepp_cheapest(from, to, self.r, WORDS_CHECKED, limit, price)
                .ok()?
                .into_iter()
                .filter_map(|(c, w)| Some((c, w.build().ok()?.into_segments())))
                .collect()
        } else {
            let mut v: Vec<(f64, Vec<Segment>)> = dubins_candidates(from, to, self.r)
                .ok()?
                .into_iter()
                .map(|(_, w)| {
                    let s = w.into_segments();
                    (
                        price(&mut s.iter().map(|p| (p.length(), p.is_reverse()))),
                        s,
                    )
                })
                .filter(|(c, _)| *c < limit)
                .collect();
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            v.truncate(WORDS_CHECKED);
            v
        };
        offers.into_iter().find_map(|(c, word)| {
            let word: Vec<Segment> = word.into_iter().filter(|s| s.length() > tol).collect();
            let mut at = from;
            for s in &word {
                if !self.sweep.segment_clear(s, at) {
                    return None;
                }
                at = s.pose_at(s.length(), at.heading);
            }
            Some((c, word))
        })
    }
}

/// The gear of the first piece of `pieces` longer than `tol`.
pub(super) fn first_gear(pieces: &[Segment], tol: f64) -> Option<bool> {
    pieces
        .iter()
        .find(|s| s.length() > tol)
        .map(Segment::is_reverse)
}
