//! Reeds–Shepp paths: the shortest path from a pose to a pose for a unit
//! that turns no tighter than `radius` and may drive backwards (Reeds &
//! Shepp 1990), over all 48 words ([`ReedsSheppWord`]).
//!
//! Each of the 12 base words is solved in closed form in the start's frame
//! (`formulas`), for the problem as given, time-flipped (every gear changed),
//! reflected (left and right swapped), both, and, for the words that are not
//! their own reverse, walked backwards (`search`), best first: a lower
//! bound on every variant from square roots alone (`bound`), then the
//! variants solved in increasing order of their bounds until the next one
//! cannot win; the shortest becomes a [`Path`] (`build`). Lengths are in world units throughout (no
//! coordinate is divided by the radius), so every input the planner accepts
//! gives finite results.
//!
//! The path's segments carry the word's gears (`reverse: true` on those
//! driven backwards); poses along it are the vehicle's (its heading is
//! continuous at a cusp, where the direction of travel flips); an arc's
//! letter is the side of its centre seen from the vehicle.
//!
//! Edges, each named: identical start and goal give one zero-length arc
//! (length 0, word `"L"`, keeping the heading); a goal on a start turning
//! circle gives the pure arc (its line and other arcs of length 0), forwards
//! or backwards, whichever is shorter; a goal straight behind gives one
//! reversing line. Tangencies and sign boundaries are taken with a
//! tolerance of 1e-12 (relative to the radius and coordinates), and a value
//! that close past one is clamped onto it, so the rounding of a symmetric
//! query never loses its word. On equal lengths the word earlier in
//! [`ReedsSheppWord::ALL`] wins (forwards before backwards, left before
//! right).

mod bound;
mod build;
mod formulas;
mod lanes;
mod search;
mod word;

pub use word::ReedsSheppWord;

use super::error::{check_pose, check_radius, MAX_MAGNITUDE};
use super::trig::sincos_0_2pi_pair;
use crate::error::{Error, Reason};
use crate::geom::{pose_queries, wrap_two_pi};
use crate::{Arc, Path, Pose, Segment};
use core::f64::consts::{PI, TAU};
use formulas::Local;
use search::{search, Best, Keys, Solution};

/// The relative size below which a line or a distance between circle
/// centres is nothing (see the module docs).
const NEAR: f64 = 1e-12;

/// An angle in `[0, 2π)`: one subtraction for `x` within two turns of 0,
/// [`wrap_two_pi`] otherwise.
#[inline(always)]
fn wrap(x: f64) -> f64 {
    let k = f64::from(i32::from(x >= TAU) - i32::from(x < 0.0) - i32::from(x < -TAU));
    let w = x - k * TAU;
    if (0.0..TAU).contains(&w) {
        w
    } else {
        wrap_two_pi(x)
    }
}

/// The goal seen from the start (a checked query), whether the two are the
/// same pose, and the start's heading in `[0, 2π)`.
#[inline(always)]
fn local(start: Pose, goal: Pose, r: f64) -> (Local, bool, f64) {
    let h0 = wrap(start.heading);
    let d = wrap(goal.heading) - h0;
    let phi = if d > PI {
        d - TAU
    } else if d <= -PI {
        d + TAU
    } else {
        d
    };
    let ((s0, c0), (sp, cp)) = sincos_0_2pi_pair(h0, wrap(phi));
    let dx = goal.x - start.x;
    let dy = goal.y - start.y;
    let x = c0 * dx + s0 * dy;
    let y = c0 * dy - s0 * dx;
    let near = NEAR * (r + x.abs() + y.abs());
    let same = dx == 0.0 && dy == 0.0 && phi == 0.0;
    (
        Local {
            x,
            y,
            phi,
            sp,
            cp,
            r,
            inv_r: 1.0 / r,
            near,
        },
        same,
        h0,
    )
}

/// The shortest word of a checked, distinct query (`keys` the search's
/// scratch space).
#[inline(always)]
fn shortest(l: Local, keys: &mut Keys) -> Option<Solution> {
    search::shortest(l, keys)
}

/// The zero-length path of identical start and goal: one zero-length left
/// arc (word `"L"`), which, unlike a zero-length line, keeps the heading.
fn identical_path(start: Pose, r: f64) -> Result<Path, Error> {
    Path::new(vec![Segment::Arc(Arc::from_pose(start, r, 1.0, 0.0))])
        .map_err(|_| Error::at("start", Reason::Overflow))
}

/// The shortest Reeds–Shepp path from `start` to `goal` (position and the
/// vehicle's heading) for a unit turning no tighter than `radius` that may
/// reverse: one segment per letter of its word (zero-length ones included,
/// so `word()` spells the letters of a [`ReedsSheppWord`]), those driven
/// backwards with `reverse` set; one zero-length arc (word `"L"`) when start
/// and goal are the same pose.
///
/// # Errors
/// [`Reason::NotFinite`] about `start.*`, `goal.*` or `radius`;
/// [`Reason::NotPositive`] about `radius`; [`Reason::TooLarge`] for a
/// coordinate or radius beyond [`MAX_MAGNITUDE`](super::MAX_MAGNITUDE).
///
/// # Examples
/// ```
/// use arcline::Pose;
/// use arcline::planner::reeds_shepp_shortest;
/// // A goal 3 straight behind: back up.
/// let p = reeds_shepp_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(-3.0, 0.0, 0.0), 1.0).unwrap();
/// assert!((p.length() - 3.0).abs() < 1e-12);
/// assert!(p.segments().iter().all(|s| s.is_reverse()));
/// // The vehicle faces forwards (east) all the way back.
/// assert_eq!(p.pose_at(1.5).heading, 0.0);
/// ```
pub fn reeds_shepp_shortest(start: Pose, goal: Pose, radius: f64) -> Result<Path, Error> {
    let start = check_pose(start, "start")?;
    let goal = check_pose(goal, "goal")?;
    let r = check_radius(radius)?;
    let (l, same, h0) = local(start, goal, r);
    match shortest(l, &mut Keys::new()) {
        Some(sol) if !same => {
            // Built from headings near 0 (a heading of 1e300 has no room for a turn).
            let (s, g) = (
                Pose::at(start.position(), h0),
                Pose::at(goal.position(), h0 + l.phi),
            );
            build::build(&sol, s, g, r)
        }
        _ => identical_path(start, r),
    }
}

/// The length and word of the shortest Reeds–Shepp path (no path is built);
/// `0` and `None` for the same start and goal.
///
/// # Errors
/// As [`reeds_shepp_shortest`].
pub fn reeds_shepp_length(
    start: Pose,
    goal: Pose,
    radius: f64,
) -> Result<(f64, Option<ReedsSheppWord>), Error> {
    let start = check_pose(start, "start")?;
    let goal = check_pose(goal, "goal")?;
    let r = check_radius(radius)?;
    Ok(checked_length(start, goal, r, &mut Keys::new()))
}

/// The shortest length and word of a checked query.
#[inline(always)]
fn checked_length(
    start: Pose,
    goal: Pose,
    r: f64,
    keys: &mut Keys,
) -> (f64, Option<ReedsSheppWord>) {
    let (l, same, _) = local(start, goal, r);
    match shortest(l, keys) {
        Some(sol) if !same => (sol.length, Some(sol.word)),
        _ => (0.0, None),
    }
}

/// The shortest length of a checked query, as [`checked_length`]'s (the
/// same bits), the lengths alone solved.
#[inline(always)]
fn batch_length(start: Pose, goal: Pose, r: f64, keys: &mut Keys) -> f64 {
    let (l, same, _) = local(start, goal, r);
    let len = search::shortest_length(l, keys);
    if same || len == f64::INFINITY {
        0.0
    } else {
        len
    }
}

/// A query checked and seen from the start ([`local`]), with the start and
/// goal posed again at the headings the local frame gives them (near 0: a
/// heading of 1e300 has no room for a turn), and the radius; `None` for the
/// same start and goal.
///
/// # Errors
/// As [`reeds_shepp_shortest`].
fn framed(start: Pose, goal: Pose, radius: f64) -> Result<Option<(Local, Pose, Pose, f64)>, Error> {
    let start = check_pose(start, "start")?;
    let goal = check_pose(goal, "goal")?;
    let r = check_radius(radius)?;
    let (l, same, h0) = local(start, goal, r);
    if same {
        return Ok(None);
    }
    let (start, goal) = (
        Pose::at(start.position(), h0),
        Pose::at(goal.position(), h0 + l.phi),
    );
    Ok(Some((l, start, goal, r)))
}

/// Every word that reaches `goal` from `start`, each as the path of its
/// first solution, in the order of [`ReedsSheppWord::ALL`] (for drawing the
/// alternatives and for checking the search); empty for the same start and
/// goal.
///
/// # Errors
/// As [`reeds_shepp_shortest`].
pub fn reeds_shepp_candidates(
    start: Pose,
    goal: Pose,
    radius: f64,
) -> Result<Vec<(ReedsSheppWord, Path)>, Error> {
    let Some((l, start, goal, r)) = framed(start, goal, radius)? else {
        return Ok(Vec::new());
    };
    let mut best = Best {
        best: None,
        all: Some(Vec::new()),
    };
    search(l, &mut best);
    let mut all = best.all.unwrap_or_default();
    all.sort_by_key(|s| s.word);
    all.dedup_by_key(|s| s.word);
    all.iter()
        .map(|s| Ok((s.word, build::build(s, start, goal, r)?)))
        .collect()
}

/// A solved word not yet made a [`Path`]: the parking search prices every
/// word from a node by its pieces' lengths and gears, and builds only the
/// few it checks against the body.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Unbuilt {
    sol: Solution,
    start: Pose,
    goal: Pose,
    r: f64,
}

impl Unbuilt {
    /// The path, as [`reeds_shepp_candidates`] builds it.
    ///
    /// # Errors
    /// As [`reeds_shepp_candidates`].
    pub(crate) fn build(&self) -> Result<Path, Error> {
        build::build(&self.sol, self.start, self.goal, self.r)
    }
}

/// Pieces' lengths (world units) and gears of a solution.
fn pieces_of(sol: &Solution, r: f64) -> impl Iterator<Item = (f64, bool)> + '_ {
    let w = sol.word;
    (0..w.len()).map(move |i| {
        let (letter, reverse) = w.segment(i);
        let p = sol.parts[i].abs();
        (if letter == 'S' { p } else { p * r }, reverse)
    })
}

/// A sink keeping the `k` cheapest words (one solution a word) by `price`,
/// those below `limit`; a price is never less than the length, so a word
/// whose length bound reaches the `k`-th price (or `limit`) is not solved.
struct Cheapest<F: Fn(&Solution) -> f64> {
    k: usize,
    limit: f64,
    price: F,
    kept: Vec<(f64, Solution)>,
}

impl<F: Fn(&Solution) -> f64> Cheapest<F> {
    /// The price a word must come under to be kept.
    fn cut(&self) -> f64 {
        if self.kept.len() < self.k {
            self.limit
        } else {
            self.kept.last().map_or(self.limit, |w| w.0.min(self.limit))
        }
    }
}

impl<F: Fn(&Solution) -> f64> search::Sink for Cheapest<F> {
    fn may_beat(&self, lower: f64) -> bool {
        // The margin, as `Best`'s, for the rounding of the bound.
        let cut = self.cut();
        cut == f64::INFINITY || lower <= cut + 1e-10 * (cut.abs() + 1e-300)
    }

    fn offer(&mut self, s: Solution) {
        if self.kept.iter().any(|w| w.1.word == s.word) {
            return;
        }
        let c = (self.price)(&s);
        if c.is_nan() || c >= self.cut() {
            return;
        }
        // Sorted by price, then by word (as the candidates' order).
        let at = self
            .kept
            .partition_point(|w| (w.0, w.1.word) <= (c, s.word));
        self.kept.insert(at, (c, s));
        self.kept.truncate(self.k);
    }
}

/// The (at most) `k` cheapest words from `start` to `goal` by `price` (of
/// a word's pieces: each one's length, in world units, and whether it is
/// driven backwards; never less than the sum of the lengths), those
/// priced under `limit`, cheapest first, solved but not built; empty for
/// the same start and goal.
///
/// # Errors
/// As [`reeds_shepp_candidates`].
pub(crate) fn reeds_shepp_cheapest(
    start: Pose,
    goal: Pose,
    radius: f64,
    k: usize,
    limit: f64,
    price: impl Fn(&mut dyn Iterator<Item = (f64, bool)>) -> f64,
) -> Result<Vec<(f64, Unbuilt)>, Error> {
    let Some((l, start, goal, r)) = framed(start, goal, radius)? else {
        return Ok(Vec::new());
    };
    let mut sink = Cheapest {
        k,
        limit,
        price: |s: &Solution| price(&mut pieces_of(s, r)),
        kept: Vec::with_capacity(k + 1),
    };
    search(l, &mut sink);
    Ok(sink
        .kept
        .into_iter()
        .map(|(c, sol)| {
            (
                c,
                Unbuilt {
                    sol,
                    start,
                    goal,
                    r,
                },
            )
        })
        .collect())
}

/// Batch shortest lengths for sampling-based planners, as
/// [`dubins_lengths`](super::dubins_lengths): `queries` holds
/// `x0, y0, h0, x1, y1, h1` per query, `out` receives one length per query
/// (0 for the same start and goal). Nothing is allocated.
///
/// # Errors
/// [`Reason::NotAMultiple`] of 6 about `queries`, [`Reason::OutputLength`]
/// about `out`, radius errors, and [`Reason::NotFinite`] or
/// [`Reason::TooLarge`] (beyond [`MAX_MAGNITUDE`](super::MAX_MAGNITUDE))
/// about `queries[i]`, the first bad value (the output is then unspecified).
///
/// # Examples
/// ```
/// use arcline::planner::reeds_shepp_lengths;
/// let queries = [0.0, 0.0, 0.0, -2.0, 0.0, 0.0, 1.0, 1.0, 0.5, 1.0, 1.0, 0.5];
/// let mut out = [0.0; 2];
/// reeds_shepp_lengths(&queries, 1.0, &mut out).unwrap();
/// assert_eq!(out, [2.0, 0.0]);
/// ```
pub fn reeds_shepp_lengths(queries: &[f64], radius: f64, out: &mut [f64]) -> Result<(), Error> {
    let r = check_radius(radius)?;
    pose_queries::count(queries, out.len(), 1)?;
    let mut keys = Keys::new();
    for (k, (q, o)) in queries.chunks_exact(6).zip(out.iter_mut()).enumerate() {
        if let [x0, y0, h0, x1, y1, h1] = *q {
            if !pose_queries::query_ok([x0, y0, h0, x1, y1, h1], MAX_MAGNITUDE) {
                return Err(pose_queries::query_error(q, k, MAX_MAGNITUDE));
            }
            *o = batch_length(Pose::new(x0, y0, h0), Pose::new(x1, y1, h1), r, &mut keys);
        }
    }
    Ok(())
}
