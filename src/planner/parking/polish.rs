//! Polish: the returned path made cheaper by moving its joints. The path
//! is cut at its joints into legs; each interior joint (a pose: position
//! and heading) is moved a step along, across or round its heading, and
//! its two legs are joined again by the cheapest clear word
//! ([`Shortcuts::word`]: Reeds–Shepp with reverse gear, Dubins without,
//! the body checked exactly). A move is kept when the whole path then
//! costs less ([`Costs`](super::Costs), gear changes and backwards driving
//! included); when no move of any joint gains, the steps are halved (a
//! pattern search), down to a fixed smallest step.
//!
//! Before that, each joint whose neighbours a single clear word joins at
//! no more cost (up to the checks' tolerance) is dropped: the tangent
//! points inside one word carry no freedom of their own. The path given
//! back is the polished one only when it costs no more than the one given.
//!
//! The search's lattice puts its cusps and joints on cells and 5° or 15°
//! headings; the optimum is seldom there, and the shortcuts only join
//! poses already on the path. The work is bounded by [`JOINS`] words
//! built and [`MOVES`] moves tried, not by time, so that a re-plan stays
//! live and the answer is the same on every machine.

use super::shortcut::{first_gear, Shortcuts};
use crate::{Pose, Segment, Vec2};

/// The most words a polish looks for, each built and checked against the
/// body: a re-plan's bound on this pass (most of its time).
const JOINS: usize = 32;
/// The most moves a polish tries, each priced first by the shortest words'
/// lengths, obstacles aside (cheap: no word built).
const MOVES: usize = 200;
/// The first steps: of the position, in turning radii, and of the heading,
/// in radians (about a cell and a heading bin of the coarse lattice).
const FIRST_STEP: (f64, f64) = (0.125, 0.125);
/// Halvings of the steps before the polish stops.
const LEVELS: usize = 7;

/// `pieces` (driven from `start`, every one clear) with their joints moved
/// where that makes the path cheaper.
pub(crate) fn polish(s: &Shortcuts<'_>, pieces: Vec<Segment>, start: Pose) -> Vec<Segment> {
    let tol = s.tol;
    let mut poses = vec![start];
    let mut legs: Vec<Vec<Segment>> = Vec::new();
    let mut at = start;
    for p in super::merge(pieces, tol) {
        if p.length() <= tol {
            continue;
        }
        at = p.pose_at(p.length(), at.heading);
        poses.push(at);
        legs.push(vec![p]);
    }
    if legs.len() < 2 {
        return legs.concat();
    }
    let first = legs.concat();
    let mut total = s.costs.of(&first, None, tol).0;
    let given = total;
    let mut joins = JOINS;
    // Joints that one word across them does not make costlier go.
    let mut k = 1;
    while k < poses.len() - 1 && joins > 0 {
        joins -= 1;
        let (before, gear) = s.costs.of(&legs[..k - 1].concat(), None, tol);
        let rest = legs[k + 1..].concat();
        let after = s.costs.of(&rest, None, tol).0;
        let limit = total - before - after + tol;
        match s.word(
            poses[k - 1],
            poses[k + 1],
            gear,
            first_gear(&rest, tol),
            limit,
        ) {
            Some((_, word)) => {
                legs.splice(k - 1..=k, [word]);
                poses.remove(k);
                total = s.costs.of(&legs.concat(), None, tol).0;
            }
            None => k += 1,
        }
    }
    let mut tries = MOVES;
    let (mut dp, mut dh) = (FIRST_STEP.0 * s.r, FIRST_STEP.1);
    for _ in 0..LEVELS {
        loop {
            let mut gained = false;
            for k in 1..poses.len() - 1 {
                for m in moves(poses[k], dp, dh) {
                    if tries == 0 || joins < 2 {
                        return cheaper(s, legs.concat(), first, given);
                    }
                    tries -= 1;
                    if let Some((c, two)) = relink(s, &legs, &poses, k, m, total, &mut joins) {
                        legs.splice(k - 1..=k, two);
                        poses[k] = m;
                        total = c;
                        gained = true;
                    }
                }
            }
            if !gained {
                break;
            }
        }
        dp *= 0.5;
        dh *= 0.5;
    }
    cheaper(s, legs.concat(), first, given)
}

/// `polished` unless the joints dropped (each at no more cost up to `tol`)
/// left it costlier than `given`, the cost of `first`.
fn cheaper(
    s: &Shortcuts<'_>,
    polished: Vec<Segment>,
    first: Vec<Segment>,
    given: f64,
) -> Vec<Segment> {
    if s.costs.of(&polished, None, s.tol).0 <= given {
        polished
    } else {
        first
    }
}

/// The six moves of `p`: `dp` along and across its heading, `dh` round it.
fn moves(p: Pose, dp: f64, dh: f64) -> [Pose; 6] {
    let (u, v) = (p.direction() * dp, p.left() * dp);
    let shift = |d: Vec2| Pose::at(p.position() + d, p.heading);
    [
        shift(u),
        shift(-u),
        shift(v),
        shift(-v),
        Pose::at(p.position(), p.heading + dh),
        Pose::at(p.position(), p.heading - dh),
    ]
}

/// Legs `k - 1` and `k` joined again through `m` instead of `poses[k]`,
/// and the path's new cost, when that is less than `total`. The words are
/// looked for (two from `words`) only when their shortest lengths,
/// obstacles aside, leave room for a gain.
fn relink(
    s: &Shortcuts<'_>,
    legs: &[Vec<Segment>],
    poses: &[Pose],
    k: usize,
    m: Pose,
    total: f64,
    words: &mut usize,
) -> Option<(f64, [Vec<Segment>; 2])> {
    let tol = s.tol;
    let (before, gear) = s.costs.of(&legs[..k - 1].concat(), None, tol);
    let rest = legs[k + 1..].concat();
    let after = s.costs.of(&rest, None, tol).0;
    let room = total - before - after;
    // The second word costs at least its length from a standstill: a bound
    // that lets the first be priced against what is left.
    let second_least = s.least(m, poses[k + 1])?;
    if s.least(poses[k - 1], m)? + second_least >= room {
        return None;
    }
    *words = words.checked_sub(2)?;
    let (c1, w1) = s.word(poses[k - 1], m, gear, None, room - second_least)?;
    let g1 = w1.last().map(Segment::is_reverse).or(gear);
    let (_, w2) = s.word(m, poses[k + 1], g1, first_gear(&rest, tol), room - c1)?;
    let mut all = legs[..k - 1].concat();
    all.extend_from_slice(&w1);
    all.extend_from_slice(&w2);
    all.extend(rest);
    let c = s.costs.of(&all, None, tol).0;
    (c < total).then_some((c, [w1, w2]))
}
