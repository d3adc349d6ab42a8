//! Hybrid A* over (x, y, heading) cells, with forward and reverse motion
//! primitives of the turning radius and analytic expansions to the goal
//! (Reeds–Shepp words with reverse gear, Dubins words without), every
//! piece checked exactly against the body ([`BodySweep`]).
//!
//! - **Lattice.** Headings in 72 bins of 5° from the start's heading
//!   (bins as fine as the pieces' turn when that is less than 5°);
//!   square cells from the start's position. A primitive is a line or an
//!   arc of the turning radius `r`, `step_bins` heading bins long (the
//!   cell's diagonal), left, straight or right, forwards and (with
//!   reverse gear) backwards. A cell (with the gear of the piece that
//!   reached it) keeps the cheapest arrival. The plan searches a coarse
//!   lattice first (15° pieces, cells of `0.185 r`), then, when that one
//!   finds nothing, a fine one (5° pieces, cells of `0.062 r`) with the
//!   expansions left: tight manoeuvres (a parking gap with little slack)
//!   need the short pieces, open ground is crossed faster with the long.
//! - **From the goal.** When no coarse piece leaves the goal pose clear
//!   (and some leave the start), the plan searches from the goal to the
//!   start instead and drives the path found the other way round: the
//!   lattice's root is exact and its short pieces wriggle out of a tight
//!   spot, where no word of at most two gear changes from outside fits
//!   in. Then a third, finest lattice (1.25° pieces, cells of `0.015 r`)
//!   follows the fine one. Costs are mirrored ([`Pricing`]): what the
//!   search drives backwards is driven forwards.
//! - **Cost.** [`Costs`](super::Costs): length, `cusp` per gear change,
//!   `reverse - 1` per unit backwards; the same rule prices the analytic
//!   expansions.
//! - **Heuristic.** The obstacle-free Reeds–Shepp (or Dubins) length to a
//!   goal pose, the straight distance to a goal point, and, once the search
//!   has expanded [`GRID_AFTER`] nodes, the larger of that and the
//!   obstacle-aware bound of `heuristic.rs` (infinite where the goal is
//!   walled off: such nodes are dropped, and a start walled off ends the
//!   search with [`NoPath::Blocked`]): never more than the cost
//!   (`reverse ≥ 1`, `cusp ≥ 0`).
//! - **Analytic expansions.** From expanded nodes whose heuristic leaves
//!   room under the best candidate (every one within `4 r` of the goal by
//!   the heuristic, one in `h / 2r`, at most 8, farther out: the words from
//!   neighbouring nodes are much alike; the nodes passed over are tried
//!   before the search refuses, so a refusal still means none of them
//!   reaches the goal), the words to the goal, cheapest
//!   first (at most 8 of them, priced before they are built), checked
//!   exactly; the first clear one, with the path to its node, is made
//!   cheaper where one word between two of its poses is clear and costs
//!   less (`shortcut.rs`; the path returned is polished further,
//!   `polish.rs`) and becomes a *goal candidate* on the open list
//!   with its exact total cost. The search returns a candidate when it
//!   comes off the list: no open node could lead to a cheaper one of those
//!   the lattice and the expansions it tried offer (a node passed over far
//!   from the goal might have offered a cheaper word; and not the cheapest
//!   of all paths: the cells keep one arrival each).
//! - **Region.** The search stays within the box around the start, the
//!   goal and every obstacle, grown by `2 r` plus the body's size, so it
//!   ends: when the list empties every cell reachable in that region was
//!   expanded ([`NoPath::Blocked`]).
//! - A goal point (any heading) is reached by expansions to the poses at
//!   the point heading towards it from the node, away from it, and every
//!   45°.

use super::cost::Pricing;
use super::heuristic::Holonomic;
use super::BodySweep;
use crate::planner::pathfind::{Goal, NoPath};
use crate::planner::reeds_shepp::reeds_shepp_cheapest;
use crate::planner::{dubins_candidates, dubins_length, reeds_shepp_length};
use crate::{Arc, Line, Path, Point, Pose, Segment};
use core::cmp::Ordering;
use core::f64::consts::{PI, TAU};
use std::cell::OnceCell;
use std::collections::{BinaryHeap, HashMap};

/// The nodes a search expands before it makes the obstacle-aware
/// heuristic's grid.
const GRID_AFTER: usize = 128;
/// Expansions to the goal are tried from every node within `2 SPAN r` of
/// the goal by the heuristic `h`, from one node in `h / (SPAN r)` (at most
/// 8) farther out; the others are tried before the search refuses.
const ANALYTIC_SPAN: f64 = 2.0;

/// The coarse lattice's pieces, in heading bins (the fine one's are 1).
pub(crate) const COARSE: f64 = 3.0;
/// Heading bins per turn.
const HEADINGS: i64 = 72;
/// The most words an analytic expansion checks against the body (the
/// cheapest): the checks are most of a search's time, and the costlier
/// words seldom win when cheaper ones from the same node are blocked.
const WORDS_CHECKED: usize = 8;

/// What the search is asked.
#[derive(Clone)]
pub(crate) struct Query<'a> {
    pub start: Pose,
    pub goal: Goal,
    pub r: f64,
    pub reverse: bool,
    pub costs: Pricing,
    pub max_expanded: usize,
    pub sweep: &'a BodySweep,
    /// The obstacle-aware lower bound: made once a search has expanded
    /// [`GRID_AFTER`] nodes (most plans end sooner, and the grid costs
    /// about as much as a few dozen nodes); `None` inside when the scene
    /// could not be gridded.
    pub holonomic: &'a OnceCell<Option<Holonomic>>,
    /// What makes it.
    pub make_holonomic: &'a dyn Fn() -> Option<Holonomic>,
    /// The region's corners.
    pub lo: Point,
    pub hi: Point,
}

/// What the search found.
#[derive(Debug, Clone)]
pub(crate) struct Searched {
    /// The path or why there is none; `Err` for a path that could not be
    /// built (a bug).
    pub result: Result<Result<Path, NoPath>, crate::Error>,
    pub expanded: usize,
    pub poses: Vec<Pose>,
}

type Key = (i64, i64, i64, i8);

#[derive(Debug, Clone)]
struct Node {
    pose: Pose,
    g: f64,
    /// The heuristic at `pose` (a lower bound on the cost to the goal).
    h: f64,
    parent: usize,
    pieces: Vec<Segment>,
    gear: Option<bool>,
    key: Option<Key>,
}

#[derive(Debug, PartialEq)]
struct Open {
    f: f64,
    node: usize,
}

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, o: &Open) -> Ordering {
        // A min-heap on f, then the older node.
        o.f.total_cmp(&self.f).then(o.node.cmp(&self.node))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Open) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Runs the search (inputs checked, start and goal poses clear).
pub(crate) fn search(q: &Query<'_>, step_bins: f64, trace: bool) -> Searched {
    let tol = q.sweep.tol();
    let dh = TAU / HEADINGS as f64;
    let sweep_step = step_bins * dh;
    // Pieces of less than a bin turn by a fraction of one: the cells'
    // headings are binned as finely (else they would merge back).
    let kb = step_bins.min(1.0);
    let step = q.r * sweep_step;
    let cell = step / core::f64::consts::SQRT_2 * 1.001;
    let key = |p: Pose, gear: Option<bool>| -> Key {
        let k = ((p.heading - q.start.heading) / (dh * kb)).round() as i64;
        (
            ((p.x - q.start.x) / cell).floor() as i64,
            ((p.y - q.start.y) / cell).floor() as i64,
            k.rem_euclid((HEADINGS as f64 / kb).round() as i64),
            if q.reverse {
                i8::from(gear == Some(true))
            } else {
                0
            },
        )
    };
    let h = |p: Pose| -> f64 {
        let walls = q
            .holonomic
            .get()
            .and_then(Option::as_ref)
            .map_or(0.0, |w| w.bound(p.position()));
        let free = match q.goal {
            Goal::Pose(g) => {
                let l = if q.reverse {
                    reeds_shepp_length(p, g, q.r).map(|x| x.0)
                } else {
                    dubins_length(p, g, q.r).map(|x| x.0)
                };
                l.unwrap_or(0.0)
            }
            Goal::Point(g) => p.position().distance(g),
        };
        free.max(walls)
    };
    let h0 = h(q.start);
    if h0 == f64::INFINITY {
        // The grid walls the goal off from the start.
        return Searched {
            result: Ok(Err(NoPath::Blocked)),
            expanded: 0,
            poses: Vec::new(),
        };
    }
    let mut nodes = vec![Node {
        pose: q.start,
        g: 0.0,
        h: h0,
        parent: usize::MAX,
        pieces: Vec::new(),
        gear: None,
        key: Some(key(q.start, None)),
    }];
    let mut best: HashMap<Key, (f64, bool)> = HashMap::new();
    best.insert(key(q.start, None), (0.0, false));
    let mut open = BinaryHeap::new();
    open.push(Open { f: h0, node: 0 });
    let mut goal_cost = f64::INFINITY;
    let mut expanded = 0;
    let mut poses = Vec::new();
    let mut root_stuck = false;
    let gears: &[bool] = if q.reverse { &[false, true] } else { &[false] };
    // Nodes whose expansion to the goal was put off, and the nodes since
    // the last one tried.
    let mut deferred: Vec<usize> = Vec::new();
    let mut since = 0;
    loop {
        let Some(Open { node: i, .. }) = open.pop() else {
            // Before a refusal, the expansions put off: a clear one is a
            // candidate, and the search goes on.
            let mut more = false;
            for d in core::mem::take(&mut deferred) {
                let (pose, g, gear) = (nodes[d].pose, nodes[d].g, nodes[d].gear);
                if g + nodes[d].h < goal_cost {
                    if let Some((word, _)) = analytic(q, pose, gear, g, goal_cost, tol) {
                        goal_cost = candidate(q, &mut nodes, &mut open, d, word, tol);
                        more = true;
                    }
                }
            }
            if more {
                continue;
            }
            break;
        };
        let Some(k) = nodes[i].key else {
            return Searched {
                result: build(q, &nodes, i, tol).map(Ok),
                expanded,
                poses,
            };
        };
        let Some(entry) = best.get_mut(&k) else {
            continue;
        };
        if entry.1 || nodes[i].g > entry.0 {
            continue;
        }
        entry.1 = true;
        if expanded >= q.max_expanded {
            return Searched {
                result: Ok(Err(NoPath::SearchLimit { expanded })),
                expanded,
                poses,
            };
        }
        expanded += 1;
        if expanded == GRID_AFTER && q.holonomic.get().is_none() {
            let grid = q.holonomic.get_or_init(q.make_holonomic);
            if grid.as_ref().map(|w| w.bound(q.start.position())) == Some(f64::INFINITY) {
                // The grid walls the goal off from the start.
                return Searched {
                    result: Ok(Err(NoPath::Blocked)),
                    expanded,
                    poses,
                };
            }
        }
        let (pose, g, gear, hp) = (nodes[i].pose, nodes[i].g, nodes[i].gear, nodes[i].h);
        if trace {
            poses.push(pose);
        }
        let mut offered = false;
        // No word costs less than the heuristic: none can beat the goal
        // candidate found.
        // Far from the goal, one node in `every` tries (the words from
        // neighbouring nodes are much alike); the others are put off.
        let every = if hp <= 2.0 * ANALYTIC_SPAN * q.r {
            1
        } else {
            (hp / (ANALYTIC_SPAN * q.r)).ceil().min(8.0) as usize
        };
        let found = if g + hp >= goal_cost {
            None
        } else if i == 0 || since + 1 >= every {
            since = 0;
            analytic(q, pose, gear, g, goal_cost, tol)
        } else {
            since += 1;
            deferred.push(i);
            None
        };
        if let Some((word, _)) = found {
            goal_cost = candidate(q, &mut nodes, &mut open, i, word, tol);
            offered = true;
        }
        for &back in gears {
            for turn in [1.0, 0.0, -1.0] {
                let piece = primitive(pose, q.r, step, sweep_step, turn, back);
                let end = piece.pose_at(piece.length(), pose.heading);
                let end = Pose::at(end.position(), snap(end.heading, q.start.heading, dh * kb));
                if end.x < q.lo.x || end.y < q.lo.y || end.x > q.hi.x || end.y > q.hi.y {
                    continue;
                }
                let (c, ng) = q.costs.one(&piece, gear, tol);
                let ng_cost = g + c;
                if ng_cost >= goal_cost {
                    continue;
                }
                let nk = key(end, ng);
                if let Some(&(b, done)) = best.get(&nk) {
                    if done || b <= ng_cost {
                        continue;
                    }
                }
                let he = h(end);
                if ng_cost + he >= goal_cost {
                    continue;
                }
                if !q.sweep.segment_clear(&piece, pose) {
                    continue;
                }
                offered = true;
                best.insert(nk, (ng_cost, false));
                nodes.push(Node {
                    pose: end,
                    g: ng_cost,
                    h: he,
                    parent: i,
                    pieces: vec![piece],
                    gear: ng,
                    key: Some(nk),
                });
                open.push(Open {
                    f: ng_cost + he,
                    node: nodes.len() - 1,
                });
            }
        }
        if i == 0 && !offered {
            root_stuck = true;
        }
    }
    Searched {
        result: Ok(Err(if root_stuck {
            NoPath::StartEnclosed
        } else {
            NoPath::Blocked
        })),
        expanded,
        poses,
    }
}

/// Makes the goal candidate of node `i` and `word`, its whole path made
/// cheaper by shortcuts at once (the search ends as soon as no open node
/// can beat a candidate, so a cheaper one ends it sooner); returns its cost.
fn candidate(
    q: &Query<'_>,
    nodes: &mut Vec<Node>,
    open: &mut BinaryHeap<Open>,
    i: usize,
    word: Vec<Segment>,
    tol: f64,
) -> f64 {
    let mut pieces = chain(nodes, i);
    pieces.extend(word);
    let pieces = shortcuts(q, tol).apply(pieces, q.start);
    let cost = q.costs.of(&pieces, None, tol).0;
    let (pose, gear) = (nodes[i].pose, nodes[i].gear);
    nodes.push(Node {
        pose,
        g: cost,
        h: 0.0,
        parent: usize::MAX,
        pieces,
        gear,
        key: None,
    });
    open.push(Open {
        f: cost,
        node: nodes.len() - 1,
    });
    cost
}

/// How many of the coarse lattice's pieces (forwards and backwards, left,
/// straight and right) leave `pose` with the body clear.
pub(crate) fn leaves(sweep: &BodySweep, pose: Pose, r: f64) -> usize {
    let a = COARSE * TAU / HEADINGS as f64;
    let mut n = 0;
    for back in [false, true] {
        for turn in [1.0, 0.0, -1.0] {
            n += usize::from(sweep.segment_clear(&primitive(pose, r, r * a, a, turn, back), pose));
        }
    }
    n
}

/// `heading` put exactly on the lattice's bin (from `h0`) when within a
/// billionth of a bin of it (arcs of whole bins land there up to rounding).
fn snap(heading: f64, h0: f64, dh: f64) -> f64 {
    let k = ((heading - h0) / dh).round();
    let on = h0 + k * dh;
    if (heading - on).abs() <= dh * 1e-9 {
        on
    } else {
        heading
    }
}

/// One motion primitive from `pose`: `turn` 1 (centre on the left), 0 (a
/// line) or -1, forwards or backwards.
fn primitive(pose: Pose, r: f64, step: f64, sweep: f64, turn: f64, back: bool) -> Segment {
    if turn == 0.0 {
        let d = pose.direction() * if back { -step } else { step };
        Segment::Line(Line::new(pose.position(), pose.position() + d).with_reverse(back))
    } else if back {
        Segment::Arc(Arc::reversing_from_pose(pose, r, turn, sweep))
    } else {
        Segment::Arc(Arc::from_pose(pose, r, turn, sweep))
    }
}

/// The cheapest word from `pose` to the goal that keeps the body clear and
/// costs less than `bound - g`, and its cost. Words are priced from their
/// pieces' lengths and gears; only the (at most [`WORDS_CHECKED`]) cheapest
/// are built and checked.
fn analytic(
    q: &Query<'_>,
    pose: Pose,
    gear: Option<bool>,
    g: f64,
    bound: f64,
    tol: f64,
) -> Option<(Vec<Segment>, f64)> {
    let targets: Vec<Pose> = match q.goal {
        Goal::Pose(t) => vec![t],
        Goal::Point(t) => {
            if pose.position().distance(t) <= tol {
                return Some((Vec::new(), 0.0));
            }
            let toward = (t - pose.position()).angle();
            let mut v = vec![Pose::at(t, toward), Pose::at(t, toward + PI)];
            v.extend((0..8).map(|k| Pose::at(t, f64::from(k) * PI / 4.0)));
            v
        }
    };
    let mut words: Vec<(f64, Word)> = Vec::new();
    for t in targets {
        if pose.approx_eq(t, tol) {
            return Some((Vec::new(), 0.0));
        }
        if q.reverse {
            let price = |pieces: &mut dyn Iterator<Item = (f64, bool)>| {
                let mut gr = gear;
                let mut c = 0.0;
                for (len, back) in pieces {
                    let (d, ng) = q.costs.piece(len, back, gr, tol);
                    c += d;
                    gr = ng;
                }
                c
            };
            let found = reeds_shepp_cheapest(pose, t, q.r, WORDS_CHECKED, bound - g, price);
            for (c, w) in found.unwrap_or_default() {
                words.push((c, Word::Unbuilt(w)));
            }
        } else {
            for (_, p) in dubins_candidates(pose, t, q.r).unwrap_or_default() {
                let c = q.costs.of(p.segments(), gear, tol).0;
                if g + c < bound {
                    words.push((c, Word::Built(p)));
                }
            }
        }
    }
    words.sort_by(|a, b| a.0.total_cmp(&b.0));
    words.into_iter().take(WORDS_CHECKED).find_map(|(_, w)| {
        let p = match w {
            Word::Built(p) => p,
            Word::Unbuilt(w) => w.build().ok()?,
        };
        let c = q.costs.of(p.segments(), gear, tol).0;
        if g + c >= bound {
            return None;
        }
        let mut at = pose;
        for s in p.segments() {
            if s.length() > tol {
                if !q.sweep.segment_clear(s, at) {
                    return None;
                }
                at = s.pose_at(s.length(), at.heading);
            }
        }
        Some((p.into_segments(), c))
    })
}

/// A word to the goal: a Dubins path (built) or a Reeds–Shepp word (built
/// when checked).
enum Word {
    Built(Path),
    Unbuilt(crate::planner::reeds_shepp::Unbuilt),
}

/// The pieces from the start to node `i`.
fn chain(nodes: &[Node], i: usize) -> Vec<Segment> {
    let mut chain = Vec::new();
    let mut at = i;
    while at != usize::MAX {
        chain.push(at);
        at = nodes[at].parent;
    }
    let mut pieces = Vec::new();
    for &n in chain.iter().rev() {
        pieces.extend_from_slice(&nodes[n].pieces);
    }
    pieces
}

/// The shortcut pass of this query.
fn shortcuts<'a>(q: &Query<'a>, tol: f64) -> super::shortcut::Shortcuts<'a> {
    super::shortcut::Shortcuts {
        r: q.r,
        reverse: q.reverse,
        costs: q.costs,
        sweep: q.sweep,
        tol,
    }
}

/// The path of goal candidate `i` (its pieces already shortcut), merged.
fn build(q: &Query<'_>, nodes: &[Node], i: usize, tol: f64) -> Result<Path, crate::Error> {
    let mut pieces = super::polish::polish(&shortcuts(q, tol), chain(nodes, i), q.start);
    if q.costs.mirror {
        // The search ran from the goal: its pieces, each driven the other
        // way (in the other gear), in the other order, from the start.
        pieces = pieces
            .iter()
            .rev()
            .map(|s| s.reversed().with_reverse(!s.is_reverse()))
            .collect();
    }
    if pieces.is_empty() {
        // The start is the goal: one zero-length arc.
        pieces.push(Segment::Arc(Arc::from_pose(q.start, q.r, 1.0, 0.0)));
    }
    Path::new(super::merge(pieces, tol)).map_err(|_| {
        crate::Error::new(
            crate::Field::default(),
            crate::Reason::Internal {
                what: "the parking path",
            },
        )
    })
}
