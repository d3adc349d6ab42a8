//! Whether the goal can be reached at all: the tangent graph searched
//! backwards from the goal, without lengths, for a proof that no path
//! exists (the goal walled in, or the part of the graph that leads to the
//! goal closed without the start in it) — what A* from the start could
//! prove only by exploring everything the start reaches.
//!
//! A departure point on a guide circle leads to the goal when the line
//! leaving there does. The arrivals that lead to it are the clear lines
//! arriving on the circle within the free turn before it (the arc from the
//! arrival to the departure clear: [`free_turn`] backwards); each
//! of those leaves its own circle at a departure point that then leads to
//! the goal. The search starts from the goal's last edges and ends when it
//! meets the start pose (on a start circle, within the free turn before a
//! departure), when nothing is left (no path: proven), or at its budget.
//!
//! Every test here is looser than the forward search's (the clearance of
//! the arcs less by the tolerance once more, turns compared with a margin;
//! the lines checked by the same function on the same numbers), so what
//! it finds closed the forward search cannot get through either.

use super::problem::{cd_of, sign, Cd, Problem};
use super::tangent_graph::{free_turn, tangent, NearCache, Sector, LEFT, RIGHT};
use super::Goal;
use crate::Vec2;
use core::f64::consts::TAU;

/// The most departure points [`backwards`] looks behind before it gives
/// up (each costs one tangent to every guide circle, and a line check for
/// each that arrives within the free turn).
pub(crate) const BUDGET: usize = 48;

/// A margin on turns: a turn this much longer than the free one still
/// counts as free.
const MARGIN: f64 = 1e-9;

/// What the backward search found.
pub(crate) enum Reach {
    /// The start pose leads to the goal (a path may exist).
    Start,
    /// Nothing the start can take leads to the goal: no path. `approach`
    /// when some last edge reaches the goal clear.
    Closed { approach: bool },
    /// The budget ran out first.
    GaveUp,
}

/// A departure point that leads to the goal: on guide-direction `cd`, in
/// the direction `dir` from its centre.
#[derive(Clone, Copy)]
struct Departure {
    cd: Cd,
    dir: Vec2,
}

/// What a line goes into: a guide circle turning `s` (index, direction,
/// the sector its arrival must lie in), or the goal point.
#[derive(Clone, Copy)]
enum Into {
    Circle {
        guide: usize,
        s: f64,
        sector: Sector,
    },
    Point,
}

/// The free turn back from the direction `dir` on guide `gi` turning `s`
/// (loosened: the clearance less by the tolerance once more), as the sector
/// of the arrivals whose arc to `dir` is free (with [`MARGIN`]).
fn behind(p: &Problem, near: &mut NearCache, gi: usize, s: f64, dir: Vec2) -> Sector {
    let c = p.collider;
    let g = p.guides[gi];
    let list = near.get(c, &p.guides, gi);
    let free = free_turn(c, list, g.center, g.radius, dir, -s, c.tol);
    Sector::new(dir.rotate(-s * free), s, (free + MARGIN).min(TAU))
}

/// Calls `f` with every clear line into `into` (from each guide-direction a
/// tangent may leave from: the obstacle guides but `into`'s own, both ways,
/// and the start circles, each its own way) with the guide-direction it
/// leaves and its tangent, until `f` says stop; those whose centre is
/// within `16·r` of the goal first (a clear way in, when there is one, is
/// most often from near by). With `seen`, a source whose bit is set is left
/// out, and one whose line arrives within the sector gets its bit set.
#[inline(never)]
fn lines_into(
    p: &Problem,
    into: Into,
    mut seen: Option<&mut [u64]>,
    f: &mut dyn FnMut(Cd, &super::tangent_graph::Tangent) -> bool,
) {
    let c = p.collider;
    let og = p.obstacle_guides;
    let goal = p.goal_point();
    let near2 = (16.0 * p.r) * (16.0 * p.r);
    for pass in 0..2 {
        for from in 0..2 * og + 2 {
            // The start circles' own ways: left on the left one, right on the right.
            let cd = if from < 2 * og {
                Cd::from_index(from)
            } else if from == 2 * og {
                cd_of(p.start_guide(true), LEFT)
            } else {
                cd_of(p.start_guide(false), RIGHT)
            };
            let m = cd.guide();
            let a = p.guides[m];
            if ((a.center - goal).length_squared() <= near2) != (pass == 0) {
                continue;
            }
            let s2 = sign(cd);
            let t = match into {
                Into::Circle { guide, s, sector } => {
                    let (word, bit) = (cd.index() / 64, 1u64 << (cd.index() % 64));
                    if m == guide || seen.as_deref().is_some_and(|b| b[word] & bit != 0) {
                        continue;
                    }
                    let b = p.guides[guide];
                    match tangent(a.center, a.radius, s2, b.center, b.radius, s) {
                        Some(t) if sector.may_hold(t.n * -s) => {
                            if let Some(bits) = seen.as_deref_mut() {
                                bits[word] |= bit;
                            }
                            t
                        }
                        _ => continue,
                    }
                }
                Into::Point => match tangent(a.center, a.radius, s2, goal, 0.0, LEFT) {
                    Some(t) => t,
                    None => continue,
                },
            };
            if c.line_clear(t.from, t.to) && f(cd, &t) {
                return;
            }
        }
    }
}

/// The search backwards from the goal, looking behind at most `budget`
/// departure points.
pub(crate) fn backwards(p: &Problem, near: &mut NearCache, budget: usize) -> Reach {
    let c = p.collider;
    if let Goal::Pose(goal) = p.goal {
        // A direct word clear: there is a path.
        if let Ok(words) = crate::planner::dubins_candidates(p.start, goal, p.r) {
            for (_, w) in &words {
                if w.segments().iter().all(|s| c.segment_clear(s)) {
                    return Reach::Start;
                }
            }
        }
    }
    let cds = 2 * p.guides.len();
    // For each guide-direction arrived on (by index), the sources whose
    // line into it was looked at, as bits.
    let words = cds.div_ceil(64);
    let mut checked: Vec<Option<Box<[u64]>>> = vec![None; cds];
    let mut todo: Vec<Departure> = Vec::new();
    let goal_point = p.goal_point();
    match p.goal {
        Goal::Pose(_) => {
            for left in [true, false] {
                let gi = p.goal_guide(left);
                let g = p.guides[gi];
                let cd = cd_of(gi, if left { LEFT } else { RIGHT });
                let dir = (goal_point - g.center) / g.radius;
                arrivals(
                    p,
                    near,
                    &mut checked,
                    words,
                    Departure { cd, dir },
                    &mut todo,
                );
            }
        }
        Goal::Point(_) => lines_into(p, Into::Point, None, &mut |cd, t| {
            todo.push(Departure {
                cd,
                dir: t.n * -sign(cd),
            });
            false
        }),
    }
    let approach = !todo.is_empty();
    let mut looked = 0;
    while let Some(d) = todo.pop() {
        if looked >= budget {
            return Reach::GaveUp;
        }
        looked += 1;
        let gi = d.cd.guide();
        if let super::GuideKind::Start { .. } = p.guides[gi].kind {
            // The start circles are left only from the start pose.
            let g = p.guides[gi];
            let start = (p.start.position() - g.center) / g.radius;
            if behind(p, near, gi, sign(d.cd), d.dir).may_hold(start) {
                return Reach::Start;
            }
            continue;
        }
        arrivals(p, near, &mut checked, words, d, &mut todo);
    }
    Reach::Closed { approach }
}

/// The clear lines arriving on `d`'s circle within the free turn before
/// `d`, not yet found, queued as departures from their own circles.
fn arrivals(
    p: &Problem,
    near: &mut NearCache,
    checked: &mut [Option<Box<[u64]>>],
    words: usize,
    d: Departure,
    todo: &mut Vec<Departure>,
) {
    let gi = d.cd.guide();
    let s = sign(d.cd);
    let sector = behind(p, near, gi, s, d.dir);
    let seen = checked[d.cd.index()].get_or_insert_with(|| vec![0; words].into_boxed_slice());
    lines_into(
        p,
        Into::Circle {
            guide: gi,
            s,
            sector,
        },
        Some(&mut seen[..]),
        &mut |cd, t| {
            todo.push(Departure {
                cd,
                dir: t.n * -sign(cd),
            });
            false
        },
    );
}

/// Whether any last edge of the graph may reach the goal clear of the
/// obstacles, wherever it comes from (with the backward search's looser
/// tests: `false` is a proof that none does).
pub(crate) fn goal_approachable(p: &Problem, near: &mut NearCache) -> bool {
    let mut found = false;
    match p.goal {
        Goal::Point(_) => lines_into(p, Into::Point, None, &mut |_, _| {
            found = true;
            true
        }),
        Goal::Pose(goal) => {
            for left in [true, false] {
                let gi = p.goal_guide(left);
                let g = p.guides[gi];
                let s = if left { LEFT } else { RIGHT };
                let end = (goal.position() - g.center) / g.radius;
                // The last arc must fit in the free turn back from the goal pose.
                let sector = behind(p, near, gi, s, end);
                lines_into(
                    p,
                    Into::Circle {
                        guide: gi,
                        s,
                        sector,
                    },
                    None,
                    &mut |_, _| {
                        found = true;
                        true
                    },
                );
                if found {
                    break;
                }
            }
        }
    }
    found
}

/// Whether any edge leaves the start clear: a tangent out of a start
/// circle, within its free turn from the start pose, whose line is clear.
pub(crate) fn start_escapes(p: &Problem, near: &mut NearCache) -> bool {
    let c = p.collider;
    let goal = p.goal_point();
    for left in [true, false] {
        let gi = p.start_guide(left);
        let g = p.guides[gi];
        let s = if left { LEFT } else { RIGHT };
        let dir = (p.start.position() - g.center) / g.radius;
        let list = near.get(c, &p.guides, gi);
        let free = free_turn(c, list, g.center, g.radius, dir, s, 0.0);
        let sector = Sector::new(dir, s, free);
        // The obstacle guides both ways, then the goal's circles (or point).
        let targets = 2 * p.obstacle_guides + 2;
        for k in 0..targets {
            let (center, radius, s2) = if k < 2 * p.obstacle_guides {
                let b = p.guides[k / 2];
                (b.center, b.radius, sign(Cd::from_index(k)))
            } else {
                match p.goal {
                    Goal::Pose(_) => {
                        let b = p.guides[p.goal_guide(k % 2 == 0)];
                        (b.center, b.radius, if k % 2 == 0 { LEFT } else { RIGHT })
                    }
                    Goal::Point(_) if k % 2 == 0 => (goal, 0.0, LEFT),
                    Goal::Point(_) => continue,
                }
            };
            if let Some(t) = tangent(g.center, g.radius, s, center, radius, s2) {
                if sector.may_hold(t.n * -s) && c.line_clear(t.from, t.to) {
                    return true;
                }
            }
        }
    }
    false
}
