//! Whether the goal can be reached at all: the tangent graph searched
//! backwards from the goal, without lengths, for a proof that no path
//! exists (the goal walled in, or the part of the graph that leads to the
//! goal closed without the start in it) — what A* from the start could
//! prove only by exploring everything the start reaches.
//!
//! A departure point on a guide circle leads to the goal when the line
//! leaving there does. The arrivals that lead to it are the clear lines
//! arriving on the circle within the free turn before it (the arc from the
//! arrival to the departure clear: [`free_turn_within`] backwards); each
//! of those leaves its own circle at a departure point that then leads to
//! the goal. The search starts from the goal's last edges and ends when it
//! meets the start pose (on a start circle, within the free turn before a
//! departure), when nothing is left (no path: proven), or at its budget.
//!
//! Every test here is looser than the forward search's (the clearance of
//! the arcs less by the tolerance once more, turns compared with a margin;
//! the lines checked by the same function on the same numbers), so what
//! it finds closed the forward search cannot get through either.

use super::search::{cd_of, sign, Cd, Problem};
use super::tangent_graph::{free_turn, free_turn_within, tangent, NearCache, Sector, LEFT, RIGHT};
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

/// The search backwards from the goal, looking behind at most `budget`
/// departure points.
pub(crate) fn backwards(p: &Problem, near: &mut NearCache, budget: usize) -> Reach {
    let c = p.collider;
    if let Goal::Pose(goal) = p.goal {
        // A direct word clear: there is a path.
        if let Ok(words) = crate::planner::dubins_candidates(p.start, goal, p.r) {
            if words
                .iter()
                .any(|(_, w)| w.segments().iter().all(|s| c.segment_clear(s)))
            {
                return Reach::Start;
            }
        }
    }
    let cds = 2 * p.guides.len();
    // For each guide-direction arrived on (by index), the sources whose
    // line into it was checked, as bits.
    let words = cds.div_ceil(64);
    let mut checked: Vec<Option<Box<[u64]>>> = vec![None; cds];
    let mut todo: Vec<Departure> = Vec::new();
    let mut approach = false;
    let goal_point = p.goal_point();
    match p.goal {
        Goal::Pose(_) => {
            for left in [true, false] {
                let gi = p.goal_guide(left);
                let g = p.guides[gi];
                let cd = cd_of(gi, if left { LEFT } else { RIGHT });
                let dir = (goal_point - g.center) / g.radius;
                let before = arrivals(
                    p,
                    near,
                    &mut checked,
                    words,
                    Departure { cd, dir },
                    &mut todo,
                );
                approach |= before > 0;
            }
        }
        Goal::Point(point) => {
            for (m, s) in sources(p, None) {
                let g = p.guides[m];
                let Some(t) = tangent(g.center, g.radius, s, point, 0.0, LEFT) else {
                    continue;
                };
                if c.line_clear(t.from, t.to) {
                    approach = true;
                    todo.push(Departure {
                        cd: cd_of(m, s),
                        dir: t.n * -s,
                    });
                }
            }
        }
    }
    let mut looked = 0;
    while let Some(d) = todo.pop() {
        if looked >= budget {
            return Reach::GaveUp;
        }
        looked += 1;
        let gi = (d.cd >> 1) as usize;
        let s = sign(d.cd);
        if let super::GuideKind::Start { .. } = p.guides[gi].kind {
            // The start circles are left only from the start pose.
            let g = p.guides[gi];
            let list = near.get(c, &p.guides, gi);
            let free = free_turn_within(c, list, g.center, g.radius, d.dir, -s, c.tol);
            let start = (p.start.position() - g.center) / g.radius;
            if Sector::new(d.dir.rotate(-s * free), s, (free + MARGIN).min(TAU)).may_hold(start) {
                return Reach::Start;
            }
            continue;
        }
        arrivals(p, near, &mut checked, words, d, &mut todo);
    }
    Reach::Closed { approach }
}

/// The guides a tangent into guide `into` (or into the goal point, `None`)
/// may leave from, with their directions: every obstacle guide but
/// `into`'s own, both ways; the start circles, each its own way.
fn sources<'p>(p: &'p Problem<'_>, into: Option<usize>) -> impl Iterator<Item = (usize, f64)> + 'p {
    (0..p.obstacle_guides)
        .filter(move |&m| Some(m) != into)
        .flat_map(|m| [(m, LEFT), (m, RIGHT)])
        .chain([(p.start_guide(true), LEFT), (p.start_guide(false), RIGHT)])
}

/// The clear lines arriving on `d`'s circle within the free turn before
/// `d`, not yet found, queued as departures from their own circles; how
/// many there were.
fn arrivals(
    p: &Problem,
    near: &mut NearCache,
    checked: &mut [Option<Box<[u64]>>],
    words: usize,
    d: Departure,
    todo: &mut Vec<Departure>,
) -> usize {
    let c = p.collider;
    let gi = (d.cd >> 1) as usize;
    let g = p.guides[gi];
    let s = sign(d.cd);
    let list = near.get(c, &p.guides, gi);
    let free = free_turn_within(c, list, g.center, g.radius, d.dir, -s, c.tol);
    let sector = Sector::new(d.dir.rotate(-s * free), s, (free + MARGIN).min(TAU));
    let seen = checked[d.cd as usize].get_or_insert_with(|| vec![0; words].into_boxed_slice());
    let mut found = 0;
    for (m, s2) in sources(p, Some(gi)) {
        let from = cd_of(m, s2) as usize;
        if seen[from / 64] & (1 << (from % 64)) != 0 {
            continue;
        }
        let a = p.guides[m];
        let Some(t) = tangent(a.center, a.radius, s2, g.center, g.radius, s) else {
            continue;
        };
        if !sector.may_hold(t.n * -s) {
            continue;
        }
        seen[from / 64] |= 1 << (from % 64);
        if c.line_clear(t.from, t.to) {
            found += 1;
            todo.push(Departure {
                cd: from as Cd,
                dir: t.n * -s2,
            });
        }
    }
    found
}

/// [`sources`], those whose centre is within `16·r` of the goal first (a
/// clear way in, when there is one, is most often from near by).
fn sources_near_first<'p>(
    p: &'p Problem<'_>,
    into: Option<usize>,
) -> impl Iterator<Item = (usize, f64)> + 'p {
    let goal = p.goal_point();
    let reach2 = (16.0 * p.r) * (16.0 * p.r);
    let near = move |&(m, _): &(usize, f64)| (p.guides[m].center - goal).length_squared() <= reach2;
    sources(p, into)
        .filter(near)
        .chain(sources(p, into).filter(move |x| !near(x)))
}

/// Whether any last edge of the graph may reach the goal clear of the
/// obstacles, wherever it comes from (with the backward search's looser
/// tests: `false` is a proof that none does).
pub(crate) fn goal_approachable(p: &Problem, near: &mut NearCache) -> bool {
    let c = p.collider;
    match p.goal {
        Goal::Point(point) => sources_near_first(p, None).any(|(m, s)| {
            let g = p.guides[m];
            tangent(g.center, g.radius, s, point, 0.0, LEFT)
                .is_some_and(|t| c.line_clear(t.from, t.to))
        }),
        Goal::Pose(goal) => [true, false].into_iter().any(|left| {
            let gi = p.goal_guide(left);
            let g = p.guides[gi];
            let s = if left { LEFT } else { RIGHT };
            let end = (goal.position() - g.center) / g.radius;
            let list = near.get(c, &p.guides, gi);
            // The free turn back from the goal pose (loosened, as the
            // backward search's): the last arc must fit in it.
            let free = free_turn_within(c, list, g.center, g.radius, end, -s, c.tol);
            let sector = Sector::new(end.rotate(-s * free), s, (free + MARGIN).min(TAU));
            sources_near_first(p, Some(gi)).any(|(m, s2)| {
                let a = p.guides[m];
                tangent(a.center, a.radius, s2, g.center, g.radius, s)
                    .is_some_and(|t| sector.may_hold(t.n * -s) && c.line_clear(t.from, t.to))
            })
        }),
    }
}

/// Whether any edge leaves the start clear: a tangent out of a start
/// circle, within its free turn from the start pose, whose line is clear.
pub(crate) fn start_escapes(p: &Problem, near: &mut NearCache) -> bool {
    let c = p.collider;
    [true, false].into_iter().any(|left| {
        let gi = p.start_guide(left);
        let g = p.guides[gi];
        let s = if left { LEFT } else { RIGHT };
        let dir = (p.start.position() - g.center) / g.radius;
        let list = near.get(c, &p.guides, gi);
        let free = free_turn(c, list, g.center, g.radius, dir, s);
        let sector = Sector::new(dir, s, free);
        let goal_targets: Vec<(usize, f64)> = match p.goal {
            Goal::Pose(_) => vec![(p.goal_guide(true), LEFT), (p.goal_guide(false), RIGHT)],
            Goal::Point(_) => Vec::new(),
        };
        let leaves = |center: crate::Point, radius: f64, s2: f64| {
            tangent(g.center, g.radius, s, center, radius, s2)
                .is_some_and(|t| sector.may_hold(t.n * -s) && c.line_clear(t.from, t.to))
        };
        (0..p.obstacle_guides)
            .flat_map(|m| [(m, LEFT), (m, RIGHT)])
            .chain(goal_targets)
            .any(|(m, s2)| leaves(p.guides[m].center, p.guides[m].radius, s2))
            || matches!(p.goal, Goal::Point(point) if leaves(point, 0.0, LEFT))
    })
}
