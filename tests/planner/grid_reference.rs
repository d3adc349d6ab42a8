#![cfg(not(target_arch = "wasm32"))]
//! `plan_on_grid` against a plain A* over the same lattice, written here
//! from its definition: a node is a free tile's centre with one of the 8
//! compass headings; an edge joins it to a node of one of the 8
//! neighbouring tiles by the shortest of the six Dubins words whose curve
//! touches no blocked tile (the closed squares, and outside the grid);
//! the start pose leads to its own tile and the 8 round it, every tile
//! next to the goal's (and the goal's own) to the goal. The heuristic is
//! the straight-line distance to the goal, nothing is pruned, and
//! legality is the closed-form distance from each line and arc to each
//! blocked square ([`segment_box`]).
//!
//! On random grids both must agree on whether a path exists, and every
//! returned path must be legal (checked exactly, every segment against
//! every blocked square) and no longer than the reference's.
//!
//! `ROBUST_CASES=20000 cargo test -p arcline --all-features --test planner
//! grid_reference` runs more grids (the default keeps `cargo test` short).

use crate::xorshift::Rng;
use arcline::geom::distance::segment_box;
use arcline::planner::pathfind::{plan_on_grid, Goal, Grid, NoPath};
use arcline::planner::{dubins_candidates, turn_then_go_sides};
use arcline::{Path, Point, Pose, Segment};
use core::cell::OnceCell;
use core::cmp::Reverse;
use core::f64::consts::{FRAC_PI_4, PI};
use std::collections::BinaryHeap;

/// Grids per property (`ROBUST_CASES` overrides).
fn cases(default: usize) -> usize {
    std::env::var("ROBUST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The tile offsets an edge joins for turning radius `r` on tiles of side
/// `tile`: every tile within `k` along each axis, `k` the least whole
/// number at least `r / tile + ½` (and a hair, for rounding), from 1 to 4.
fn offsets(r: f64, tile: f64) -> Vec<(i64, i64)> {
    let k = ((r / tile + 0.5 - 1e-6).ceil() as i64).clamp(1, 4);
    (-k..=k)
        .flat_map(|dr| (-k..=k).map(move |dc| (dc, dr)))
        .filter(|&o| o != (0, 0))
        .collect()
}

/// The tolerance of the planner's checks: a curve within it of a blocked
/// square touches it.
fn tolerance(g: &Grid, r: f64) -> f64 {
    let scale = (g.columns as f64 * g.tile)
        .max(g.rows as f64 * g.tile)
        .max(r);
    1e-9 * scale.max(1.0)
}

fn free(g: &Grid, c: i64, r: i64) -> bool {
    c >= 0
        && r >= 0
        && c < g.columns as i64
        && r < g.rows as i64
        && g.blocked[r as usize * g.columns + c as usize] == 0
}

fn center(g: &Grid, c: i64, r: i64) -> Point {
    Point::new((c as f64 + 0.5) * g.tile, (r as f64 + 0.5) * g.tile)
}

fn tile_of(g: &Grid, p: Point) -> (i64, i64) {
    ((p.x / g.tile).floor() as i64, (p.y / g.tile).floor() as i64)
}

/// The least distance from a segment to a blocked square or to the outside
/// of the grid, among the squares it may reach (those within its length
/// of its start).
fn clearance_of(g: &Grid, s: &Segment) -> f64 {
    let t = g.tile;
    let (w, h) = (g.columns as f64 * t, g.rows as f64 * t);
    let far = 4.0 * (w + h);
    let mut least = f64::INFINITY;
    // The outside: four strips round the grid.
    for (lo, hi) in [
        (Point::new(-far, -far), Point::new(0.0, h + far)),
        (Point::new(w, -far), Point::new(w + far, h + far)),
        (Point::new(-far, -far), Point::new(w + far, 0.0)),
        (Point::new(-far, h), Point::new(w + far, h + far)),
    ] {
        least = least.min(segment_box(s, lo, hi));
    }
    let (c0, r0, c1, r1) = tiles_near(s, t, 0.0, 0.0);
    for r in r0.max(0)..=r1.min(g.rows as i64 - 1) {
        for c in c0.max(0)..=c1.min(g.columns as i64 - 1) {
            if free(g, c, r) {
                continue;
            }
            let lo = Point::new(c as f64 * t, r as f64 * t);
            let hi = Point::new(lo.x + t, lo.y + t);
            least = least.min(segment_box(s, lo, hi));
        }
    }
    least
}

/// The tiles (columns `c0..=c1`, rows `r0..=r1`, of side `t`, tile
/// `(0, 0)` at `(x0, y0)`) a segment may come near: those its box (its
/// ends, and for an arc the points of its circle due east, north, west
/// and south that it sweeps over), grown by a millionth of a tile, overlaps.
fn tiles_near(s: &Segment, t: f64, x0: f64, y0: f64) -> (i64, i64, i64, i64) {
    let mut points = vec![s.start(), s.end()];
    if let Segment::Arc(a) = s {
        for k in 0..4 {
            let at = k as f64 * 0.5 * PI;
            // How far along the sweep's direction the axis point is.
            let along = ((at - a.start_angle) * a.sweep.signum()).rem_euclid(2.0 * PI);
            if along <= a.sweep.abs() + 1e-9 {
                points.push(Point::new(
                    a.center.x + a.radius * at.cos(),
                    a.center.y + a.radius * at.sin(),
                ));
            }
        }
    }
    let grow = 1e-6 * t;
    let f = |v: f64| (v / t).floor() as i64;
    let min = |pick: fn(&Point) -> f64| points.iter().map(pick).fold(f64::INFINITY, f64::min);
    let max = |pick: fn(&Point) -> f64| points.iter().map(pick).fold(f64::NEG_INFINITY, f64::max);
    (
        f(min(|p| p.x) - grow - x0),
        f(min(|p| p.y) - grow - y0),
        f(max(|p| p.x) + grow - x0),
        f(max(|p| p.y) + grow - y0),
    )
}

/// Whether a path touches no blocked square and stays inside the grid,
/// by more than `tol`.
fn legal(g: &Grid, path: &Path, tol: f64) -> bool {
    let t = g.tile;
    path.segments().iter().all(|s| {
        // Inside the grid (its box, grown by more than `tol`, within it),
        // then clear of every blocked square it may come near.
        let (c0, r0, c1, r1) = tiles_near(s, t, 0.0, 0.0);
        if c0 < 0 || r0 < 0 || c1 >= g.columns as i64 || r1 >= g.rows as i64 {
            return clearance_of(g, s) > tol;
        }
        (r0..=r1).all(|r| {
            (c0..=c1).all(|c| {
                free(g, c, r) || {
                    let lo = Point::new(c as f64 * t, r as f64 * t);
                    segment_box(s, lo, Point::new(lo.x + t, lo.y + t)) > tol
                }
            })
        })
    })
}

/// A word between two tile centres, from the origin: its length and the
/// tiles it touches, relative to the first (worked out when first needed).
struct Word {
    path: Path,
    length: f64,
    tiles: OnceCell<Vec<(i64, i64)>>,
}

impl Word {
    fn tiles(&self, t: f64, tol: f64) -> &[(i64, i64)] {
        self.tiles.get_or_init(|| {
            let mut tiles = Vec::new();
            for seg in self.path.segments() {
                // The origin's tile spans [-t/2, t/2]².
                let (c0, r0, c1, r1) = tiles_near(seg, t, -0.5 * t, -0.5 * t);
                for tr in r0..=r1 {
                    for tc in c0..=c1 {
                        let lo = Point::new((tc as f64 - 0.5) * t, (tr as f64 - 0.5) * t);
                        let hi = Point::new(lo.x + t, lo.y + t);
                        if !tiles.contains(&(tc, tr)) && segment_box(seg, lo, hi) <= tol {
                            tiles.push((tc, tr));
                        }
                    }
                }
            }
            tiles
        })
    }
}

/// The words of every (heading, neighbour, heading), shortest first.
fn relative_words(g: &Grid, r: f64, offsets: &[(i64, i64)]) -> Vec<Vec<Word>> {
    let t = g.tile;
    let mut out = Vec::with_capacity(64 * offsets.len());
    for k0 in 0..8 {
        for &(dc, dr) in offsets {
            for k1 in 0..8 {
                let from = Pose::new(0.0, 0.0, k0 as f64 * FRAC_PI_4);
                let to = Pose::new(dc as f64 * t, dr as f64 * t, k1 as f64 * FRAC_PI_4);
                let mut words: Vec<Word> = dubins_candidates(from, to, r)
                    .unwrap()
                    .into_iter()
                    .map(|(_, path)| Word {
                        length: path.length(),
                        path,
                        tiles: OnceCell::new(),
                    })
                    .collect();
                words.sort_by(|a, b| a.length.total_cmp(&b.length));
                out.push(words);
            }
        }
    }
    out
}

/// The shortest legal path of the lattice from `start` to `goal`: its
/// length, or `None`.
fn reference(
    g: &Grid,
    start: Pose,
    goal: Goal,
    r: f64,
    offsets: &[(i64, i64)],
    words: &[Vec<Word>],
) -> Option<f64> {
    let tol = tolerance(g, r);
    let goal_point = goal.position();
    let gt = tile_of(g, goal_point);
    let k = offsets.iter().map(|o| o.0.abs()).max().unwrap_or(1);
    let near_goal = |c: i64, row: i64| (c - gt.0).abs() <= k && (row - gt.1).abs() <= k;
    let shortest = |mut paths: Vec<Path>| -> Option<f64> {
        paths.sort_by(|a, b| a.length().total_cmp(&b.length()));
        paths
            .into_iter()
            .find(|p| legal(g, p, tol))
            .map(|p| p.length())
    };
    let to_goal = |from: Pose| -> Option<f64> {
        match goal {
            Goal::Pose(p) => shortest(
                dubins_candidates(from, p, r)
                    .unwrap()
                    .into_iter()
                    .map(|(_, w)| w)
                    .collect(),
            ),
            Goal::Point(p) => {
                let s = turn_then_go_sides(from, p, r).unwrap();
                shortest(
                    [s.right, s.left]
                        .into_iter()
                        .filter_map(|x| x.exit.ok().map(|e| e.path))
                        .collect(),
                )
            }
        }
    };
    // Free tiles as 1, with a border of blocked ones wider than any word
    // reaches.
    let m = 40i64;
    let width = g.columns as i64 + 2 * m;
    let mut open = vec![0u8; (width * (g.rows as i64 + 2 * m)) as usize];
    for row in 0..g.rows as i64 {
        for c in 0..g.columns as i64 {
            open[((row + m) * width + c + m) as usize] = u8::from(free(g, c, row));
        }
    }
    let nodes = g.columns * g.rows * 8;
    let goal_id = nodes;
    let id = |c: i64, row: i64, k: usize| (row as usize * g.columns + c as usize) * 8 + k;
    let mut dist = vec![f64::INFINITY; nodes + 1];
    let mut done = vec![false; nodes + 1];
    let mut heap: BinaryHeap<Reverse<(u64, Reverse<u64>, usize)>> = BinaryHeap::new();
    // Costs are never negative: their bits order as they do.
    let relax = |heap: &mut BinaryHeap<_>, dist: &mut Vec<f64>, v: usize, d: f64| {
        if d < dist[v] {
            dist[v] = d;
            let h = if v == goal_id {
                0.0
            } else {
                let k = v / 8;
                let (c, row) = ((k % g.columns) as i64, (k / g.columns) as i64);
                center(g, c, row).distance(goal_point)
            };
            // The least f first, then the longest g.
            heap.push(Reverse(((d + h).to_bits(), Reverse(d.to_bits()), v)));
        }
    };
    let st = tile_of(g, start.position());
    if near_goal(st.0, st.1) {
        if let Some(l) = to_goal(start) {
            relax(&mut heap, &mut dist, goal_id, l);
        }
    }
    for &(dc, dr) in [(0, 0)].iter().chain(offsets) {
        let (c, row) = (st.0 + dc, st.1 + dr);
        if !free(g, c, row) {
            continue;
        }
        for k in 0..8 {
            let to = Pose::at(center(g, c, row), k as f64 * FRAC_PI_4);
            let paths = dubins_candidates(start, to, r)
                .unwrap()
                .into_iter()
                .map(|(_, p)| p)
                .collect();
            if let Some(l) = shortest(paths) {
                relax(&mut heap, &mut dist, id(c, row, k), l);
            }
        }
    }
    while let Some(Reverse((_, _, u))) = heap.pop() {
        if done[u] {
            continue;
        }
        done[u] = true;
        let du = dist[u];
        if u == goal_id {
            return Some(du);
        }
        let k0 = u % 8;
        let (c, row) = (((u / 8) % g.columns) as i64, ((u / 8) / g.columns) as i64);
        if near_goal(c, row) {
            let here = Pose::at(center(g, c, row), k0 as f64 * FRAC_PI_4);
            if let Some(l) = to_goal(here) {
                relax(&mut heap, &mut dist, goal_id, du + l);
            }
        }
        for (dir, &(dc, dr)) in offsets.iter().enumerate() {
            let (nc, nr) = (c + dc, row + dr);
            if !free(g, nc, nr) {
                continue;
            }
            for k1 in 0..8 {
                let v = id(nc, nr, k1);
                if done[v] {
                    continue;
                }
                // Words longer than the best path to `v` so far need no check
                // (the first of the shortest legal one's is all that counts).
                let legal_word = words[(k0 * offsets.len() + dir) * 8 + k1]
                    .iter()
                    .take_while(|w| du + w.length < dist[v])
                    .find(|w| {
                        let base = (row + m) * width + c + m;
                        w.tiles(g.tile, tol)
                            .iter()
                            .all(|&(tc, tr)| open[(base + tr * width + tc) as usize] != 0)
                    });
                if let Some(w) = legal_word {
                    relax(&mut heap, &mut dist, v, du + w.length);
                }
            }
        }
    }
    None
}

/// Checks a returned path: it starts at the start pose, ends at the goal,
/// is G1, every arc of the turning radius, and no segment comes within
/// the planner's tolerance of a blocked square or the outside.
fn check_path(g: &Grid, path: &Path, start: Pose, goal: Goal, r: f64, what: &str) {
    // The joints of Dubins words whose circles just touch are as precise
    // as a square root of a difference near zero: about 1e-7 of the scene.
    let scale = (g.columns.max(g.rows) as f64 * g.tile).max(1.0);
    assert!(path.start_pose().approx_eq(start, 1e-9), "{what}: start");
    match goal {
        Goal::Pose(p) => assert!(
            path.end_pose().approx_eq(p, 1e-7 * scale),
            "{what}: ends at {:?}",
            path.end_pose()
        ),
        Goal::Point(p) => assert!(
            path.end_pose().position().distance(p) < 1e-7 * scale,
            "{what}: ends at {:?}",
            path.end_pose()
        ),
    }
    assert!(path.is_g1(1e-7 * scale), "{what}: not G1");
    for (i, s) in path.segments().iter().enumerate() {
        if let Segment::Arc(a) = s {
            assert!(
                a.radius >= r * (1.0 - 1e-12),
                "{what}: arc {i} of radius {} < {r}",
                a.radius
            );
        }
        let d = clearance_of(g, s);
        assert!(
            d > tolerance(g, r),
            "{what}: segment {i} is {d} from a blocked tile"
        );
    }
}

/// A random grid, start and goal: `columns × rows` of 16 to 64 tiles, 0 to
/// 35% blocked, the turning radius 1 to 3 tiles, the 3 × 3 tiles round the
/// start and the goal cleared.
fn random_case(rng: &mut Rng, case: usize) -> (Grid, Pose, Goal, f64) {
    // Sides from 16 to 64, the small ones more often (a case on 64 × 64
    // tiles can take the reference a second).
    let mut side = || 16 + (rng.next() * rng.next() * rng.next() * 49.0) as usize;
    let (columns, rows) = (side(), side());
    let tile = [1.0, 0.5, 2.5][case % 3];
    let density = rng.range(0.0, 0.35);
    let mut g = Grid {
        columns,
        rows,
        tile,
        blocked: (0..columns * rows)
            .map(|_| u8::from(rng.next() < density))
            .collect(),
    };
    // Radii from a few values (the curves between tiles are worked out
    // once for each).
    let r = tile * (1.0 + (rng.next() * 17.0).floor() / 8.0);
    let pick = |rng: &mut Rng| {
        (
            1 + (rng.next() * (columns - 2) as f64) as i64,
            1 + (rng.next() * (rows - 2) as f64) as i64,
        )
    };
    let s = pick(rng);
    let mut gt = pick(rng);
    while (gt.0 - s.0).abs() <= 2 && (gt.1 - s.1).abs() <= 2 {
        gt = pick(rng);
    }
    for (c, row) in [s, gt] {
        for dr in -1..=1 {
            for dc in -1..=1 {
                g.blocked[(row + dr) as usize * columns + (c + dc) as usize] = 0;
            }
        }
    }
    // At a tile centre with a compass heading, or anywhere in the tile.
    let at = |rng: &mut Rng, (c, row): (i64, i64)| {
        if rng.next() < 0.5 {
            (center(&g, c, row), (rng.next() * 8.0).floor() * FRAC_PI_4)
        } else {
            (
                Point::new(
                    (c as f64 + rng.range(0.05, 0.95)) * tile,
                    (row as f64 + rng.range(0.05, 0.95)) * tile,
                ),
                rng.range(-PI, PI),
            )
        }
    };
    let (sp, sh) = at(rng, s);
    let (gp, gh) = at(rng, gt);
    let goal = if case % 2 == 0 {
        Goal::Point(gp)
    } else {
        Goal::Pose(Pose::at(gp, gh))
    };
    (g, Pose::at(sp, sh), goal, r)
}

/// The offsets and words of each tile size and radius (and tolerance)
/// worked out so far.
type Words = Vec<((u64, u64, u64), Vec<(i64, i64)>, Vec<Vec<Word>>)>;

/// Plans on one grid and compares with the reference; returns whether a
/// path was found.
fn compare(g: &Grid, s: Pose, goal: Goal, r: f64, cache: &mut Words, what: &str) -> bool {
    let plan = plan_on_grid(g, s, goal, r).unwrap();
    let tol = tolerance(g, r);
    let key = (g.tile.to_bits(), r.to_bits(), tol.to_bits());
    let i = match cache.iter().position(|c| c.0 == key) {
        Some(i) => i,
        None => {
            let offsets = offsets(r, g.tile);
            let words = relative_words(g, r, &offsets);
            cache.push((key, offsets, words));
            cache.len() - 1
        }
    };
    let (_, offsets, words) = &cache[i];
    let want = reference(g, s, goal, r, offsets, words);
    match (plan.path(), want) {
        (Some(p), Some(w)) => {
            check_path(g, p, s, goal, r, what);
            assert!(
                p.length() <= w * 1.01 + 1e-9,
                "{what}: {} where the lattice has {w}",
                p.length()
            );
            true
        }
        (None, None) => {
            assert!(
                !matches!(plan.no_path(), Some(NoPath::SearchLimit { .. })),
                "{what}: {:?}",
                plan.no_path()
            );
            false
        }
        (got, want) => panic!(
            "{what}: the planner says {:?} ({:?}), the lattice {want:?}",
            got.map(Path::length),
            plan.no_path()
        ),
    }
}

#[test]
fn plan_on_grid_agrees_with_a_plain_a_star_over_the_lattice() {
    let n = cases(1000);
    // The cases drawn in order, then split between two threads.
    let mut rng = Rng(0x0031_9e1d_a57a);
    let all: Vec<_> = (0..n).map(|case| random_case(&mut rng, case)).collect();
    let found: usize = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|half| {
                let all = &all;
                scope.spawn(move || {
                    let mut cache = Words::new();
                    let mut found = 0;
                    for (case, (g, s, goal, r)) in all.iter().enumerate().skip(half).step_by(2) {
                        let what = format!(
                            "case {case}: {} × {} tiles of {}, r {r}, start {s:?}, goal {goal:?}",
                            g.columns, g.rows, g.tile
                        );
                        found += usize::from(compare(g, *s, *goal, *r, &mut cache, &what));
                    }
                    found
                })
            })
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    });
    // Both answers are common.
    assert!(found > n / 5 && found < n - n / 10, "{found} of {n}");
}
