#![cfg(not(target_arch = "wasm32"))]
//! Pinter's directional A* on a grid (`plan_on_grid`): hand cases, named
//! failures, an independent Dijkstra over the whole lattice (legality by
//! dense sampling), and properties on random grids.

use crate::xorshift::Rng;
use arcline::planner::pathfind::{
    plan_on_grid, plan_on_grid_with, Goal, Grid, GridOptions, GridTrace, NoPath,
};
use arcline::planner::{dubins_candidates, turn_then_go_sides};
use arcline::{Path, Point, Pose, Segment};
use core::f64::consts::{FRAC_PI_4, PI};

fn grid(columns: usize, rows: usize, tile: f64, blocked: &[(usize, usize)]) -> Grid {
    let mut g = Grid {
        columns,
        rows,
        tile,
        blocked: vec![0; columns * rows],
    };
    for &(c, r) in blocked {
        g.blocked[r * columns + c] = 1;
    }
    g
}

fn samples(path: &Path, step: f64) -> Vec<Point> {
    let len = path.length();
    let n = ((len / step).ceil() as usize).max(1);
    (0..=n)
        .map(|i| path.pose_at(len * i as f64 / n as f64).position())
        .collect()
}

/// Whether a point touches a blocked (closed) tile or the outside, by its
/// coordinates alone.
fn point_touches_blocked(g: &Grid, p: Point) -> bool {
    let eps = 1e-9 * g.tile.max(1.0);
    let (w, h) = (g.columns as f64 * g.tile, g.rows as f64 * g.tile);
    if p.x <= eps || p.y <= eps || p.x >= w - eps || p.y >= h - eps {
        return true;
    }
    let cs = [
        ((p.x - eps) / g.tile).floor(),
        ((p.x + eps) / g.tile).floor(),
    ];
    let rs = [
        ((p.y - eps) / g.tile).floor(),
        ((p.y + eps) / g.tile).floor(),
    ];
    for c in cs {
        for r in rs {
            if g.blocked[r as usize * g.columns + c as usize] != 0 {
                return true;
            }
        }
    }
    false
}

fn legal(g: &Grid, path: &Path) -> bool {
    samples(path, 0.002 * g.tile)
        .into_iter()
        .all(|p| !point_touches_blocked(g, p))
}

fn check(g: &Grid, path: &Path, start: Pose, goal: Goal, r: f64, what: &str) {
    assert!(path.start_pose().approx_eq(start, 1e-9), "{what}");
    match goal {
        Goal::Pose(p) => assert!(
            path.end_pose().approx_eq(p, 1e-7),
            "{what}: {:?}",
            path.end_pose()
        ),
        Goal::Point(p) => assert!(path.end_pose().position().distance(p) < 1e-7, "{what}"),
    }
    assert!(path.is_g1(1e-7), "{what}: not G1");
    for s in path.segments() {
        if let Segment::Arc(a) = s {
            assert!(
                (a.radius - r).abs() < 1e-12,
                "{what}: arc radius {}",
                a.radius
            );
        }
    }
    assert!(legal(g, path), "{what}: the path touches a blocked tile");
    // Exactly too: no blocked tile's closed square is within 0 of a segment.
    for s in path.segments() {
        for row in 0..g.rows {
            for col in 0..g.columns {
                if g.blocked[row * g.columns + col] == 0 {
                    continue;
                }
                let lo = Point::new(col as f64 * g.tile, row as f64 * g.tile);
                let hi = Point::new(lo.x + g.tile, lo.y + g.tile);
                assert!(
                    arcline::geom::distance::segment_box(s, lo, hi) > 0.0,
                    "{what}: touches tile ({col}, {row})"
                );
            }
        }
    }
}

#[test]
fn a_corridor_is_driven_straight() {
    let g = grid(8, 1, 2.0, &[]);
    let plan = plan_on_grid(&g, Pose::new(1.0, 1.0, 0.0), Pose::new(15.0, 1.0, 0.0), 0.5).unwrap();
    let p = plan.path().unwrap();
    assert!((p.length() - 14.0).abs() < 1e-9);
    // A start at a tile centre then one node per tile, the goal reached
    // from the last but one: the start and six tiles expanded.
    assert_eq!(plan.expanded, 7);
}

#[test]
fn a_quarter_turn_between_neighbouring_tiles() {
    // Unit tiles, r = 0.5: from the centre of (0, 0) heading east to the
    // centre of (1, 1) heading north, one edge: LSL, an eighth of a turn on
    // the circle centred (0.5, 1), the diagonal between the two circles'
    // centres (0.5, 1) and (1, 1.5), an eighth on the second: π/4 + √½.
    // The diagonal passes the corner (1, 1).
    let g = grid(3, 3, 1.0, &[]);
    let plan = plan_on_grid(
        &g,
        Pose::new(0.5, 0.5, 0.0),
        Pose::new(1.5, 1.5, PI / 2.0),
        0.5,
    )
    .unwrap();
    let p = plan.path().unwrap();
    assert!(
        (p.length() - (PI / 4.0 + 0.5f64.sqrt())).abs() < 1e-9,
        "{}",
        p.length()
    );
    check(
        &g,
        p,
        Pose::new(0.5, 0.5, 0.0),
        Pose::new(1.5, 1.5, PI / 2.0).into(),
        0.5,
        "quarter",
    );
    // The same with tile (1, 0) blocked: the diagonal touches its corner, so
    // the path must go another way (or not at all).
    let g = grid(3, 3, 1.0, &[(1, 0)]);
    let plan = plan_on_grid(
        &g,
        Pose::new(0.5, 0.5, 0.0),
        Pose::new(1.5, 1.5, PI / 2.0),
        0.5,
    )
    .unwrap();
    if let Some(p) = plan.path() {
        assert!(p.length() > PI / 4.0 + 0.5f64.sqrt() + 1e-6);
        check(
            &g,
            p,
            Pose::new(0.5, 0.5, 0.0),
            Pose::new(1.5, 1.5, PI / 2.0).into(),
            0.5,
            "detour",
        );
    }
}

#[test]
fn no_diagonal_squeeze_between_two_blocked_tiles() {
    // Tiles (1, 0) and (0, 1) blocked: the diagonal from (0, 0) to (1, 1)
    // touches both at their shared corner, so it is not an edge.
    let g = grid(2, 2, 1.0, &[(1, 0), (0, 1)]);
    let plan = plan_on_grid(
        &g,
        Pose::new(0.5, 0.5, FRAC_PI_4),
        Point::new(1.5, 1.5),
        0.1,
    )
    .unwrap();
    assert!(plan.path().is_none());
    assert!(matches!(
        plan.no_path(),
        Some(NoPath::StartEnclosed) | Some(NoPath::GoalEnclosed) | Some(NoPath::Blocked)
    ));
}

#[test]
fn bad_grids_and_positions_are_named() {
    let g = grid(4, 4, 1.0, &[(2, 2)]);
    let s = Pose::new(0.5, 0.5, 0.0);
    let e = plan_on_grid(&g, s, Point::new(2.5, 2.5), 0.5).unwrap_err();
    assert_eq!(
        e.to_string(),
        "goal: is inside or too close to grid.blocked[10]"
    );
    let e = plan_on_grid(&g, Pose::new(-0.5, 0.5, 0.0), Point::new(3.5, 3.5), 0.5).unwrap_err();
    assert_eq!(e.to_string(), "start.x: must be from 0 to 4");
    let e = plan_on_grid(&g, s, Point::new(3.5, 3.5), -1.0).unwrap_err();
    assert_eq!(e.to_string(), "radius: must be greater than zero");
    let mut bad = g.clone();
    bad.tile = 0.0;
    assert_eq!(
        plan_on_grid(&bad, s, Point::new(3.5, 3.5), 0.5)
            .unwrap_err()
            .to_string(),
        "grid.tile: must be greater than zero"
    );
    let mut bad = g.clone();
    bad.columns = 0;
    assert_eq!(
        plan_on_grid(&bad, s, Point::new(3.5, 3.5), 0.5)
            .unwrap_err()
            .to_string(),
        "grid.columns: must be greater than zero"
    );
    let mut bad = g;
    bad.blocked.push(0);
    assert_eq!(
        plan_on_grid(&bad, s, Point::new(3.5, 3.5), 0.5)
            .unwrap_err()
            .to_string(),
        "grid.blocked: must hold 16 values, got 17"
    );
}

#[test]
fn a_wall_across_the_grid_blocks_and_a_budget_gives_up() {
    // Column 5 blocked from top to bottom.
    let wall: Vec<(usize, usize)> = (0..10).map(|r| (5, r)).collect();
    let g = grid(10, 10, 1.0, &wall);
    let plan = plan_on_grid(&g, Pose::new(1.5, 1.5, 0.0), Point::new(8.5, 8.5), 0.5).unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::Blocked));
    let mut gap = g.clone();
    gap.blocked[5 * 10 + 5] = 0;
    gap.blocked[6 * 10 + 5] = 0;
    let plan = plan_on_grid(&gap, Pose::new(1.5, 1.5, 0.0), Point::new(8.5, 8.5), 0.5).unwrap();
    check(
        &gap,
        plan.path().unwrap(),
        Pose::new(1.5, 1.5, 0.0),
        Point::new(8.5, 8.5).into(),
        0.5,
        "gap",
    );
    let mut trace = GridTrace::default();
    let plan = plan_on_grid_with(
        &gap,
        Pose::new(1.5, 1.5, 0.0),
        Point::new(8.5, 8.5),
        0.5,
        &GridOptions { max_expanded: 5 },
        Some(&mut trace),
    )
    .unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::SearchLimit { expanded: 5 }));
    assert_eq!(trace.expanded.len(), 5);
    assert_eq!(trace.expanded[0], Pose::new(1.5, 1.5, 0.0));
}

/// A `columns × rows` grid of unit tiles, each blocked with probability
/// `density` (drawn from `seed`), the 5 × 5 tiles round `a` and `b` cleared.
fn random_grid(columns: usize, rows: usize, density: f64, seed: u64, a: Point, b: Point) -> Grid {
    let mut rng = Rng(seed);
    let mut g = grid(columns, rows, 1.0, &[]);
    for v in g.blocked.iter_mut() {
        *v = u8::from(rng.next() < density);
    }
    for p in [a, b] {
        let (c, r) = (p.x.floor() as i64, p.y.floor() as i64);
        for dr in -2..=2 {
            for dc in -2..=2 {
                let (cc, rr) = (c + dc, r + dr);
                if cc >= 0 && rr >= 0 && cc < columns as i64 && rr < rows as i64 {
                    g.blocked[rr as usize * columns + cc as usize] = 0;
                }
            }
        }
    }
    g
}

#[test]
fn issue_31_a_quarter_blocked_grid_at_radius_two_tiles_is_driven_not_refused() {
    // Regression (#31): 64 × 64 tiles, a quarter blocked, turning radius 2
    // tiles, corner to corner. The edges reached only the 8 neighbouring
    // tiles, and between neighbouring tile centres every turn of radius 2
    // is a loop the blocked tiles cut: "blocked" on every such grid. With
    // edges reaching 3 tiles the unit turns, and the path is about as long
    // as the diagonal. The length is the plain A*'s over the same lattice
    // (tests/planner/grid_reference.rs).
    let (s, goal) = (Pose::new(2.5, 2.5, FRAC_PI_4), Point::new(61.5, 61.5));
    let g = random_grid(64, 64, 0.25, 0x1234_5678, s.position(), goal);
    let plan = plan_on_grid(&g, s, goal, 2.0).unwrap();
    let p = plan.path().expect("a path, not 'blocked'");
    assert!(
        (p.length() - 93.8426873633526).abs() < 1e-6,
        "{}",
        p.length()
    );
    check(&g, p, s, goal.into(), 2.0, "issue 31, 25%");
    // 32 × 32 tiles, a tenth blocked, radius 1.5: the path was about 63
    // long (long axis-aligned runs), the diagonal is 31.1.
    let (s, goal) = (Pose::new(4.5, 4.5, 0.0), Point::new(26.5, 26.5));
    let g = random_grid(32, 32, 0.10, 0x1234_567a, s.position(), goal);
    let plan = plan_on_grid(&g, s, goal, 1.5).unwrap();
    let p = plan.path().unwrap();
    assert!(p.length() < 33.0, "{}", p.length());
    check(&g, p, s, goal.into(), 1.5, "issue 31, 10%");
}

// --- an independent Dijkstra over the whole lattice ------------------------

/// The length of the shortest legal path of `paths` (tried shortest first).
fn shortest_legal(g: &Grid, mut paths: Vec<Path>) -> Option<f64> {
    paths.sort_by(|a, b| a.length().total_cmp(&b.length()));
    paths.into_iter().find(|p| legal(g, p)).map(|p| p.length())
}

fn brute_force(g: &Grid, start: Pose, goal: Goal, r: f64) -> Option<f64> {
    let t = g.tile;
    // Edges reach every tile within `k` along each axis: the least whole
    // number at least r / t + ½, from 1 to 4.
    let k = ((r / t + 0.5 - 1e-6).ceil() as i64).clamp(1, 4);
    let offsets: Vec<(i64, i64)> = (-k..=k)
        .flat_map(|dr| (-k..=k).map(move |dc| (dc, dr)))
        .filter(|&o| o != (0, 0))
        .collect();
    let free = |c: i64, row: i64| {
        c >= 0
            && row >= 0
            && c < g.columns as i64
            && row < g.rows as i64
            && g.blocked[row as usize * g.columns + c as usize] == 0
    };
    let center = |c: i64, row: i64| Point::new((c as f64 + 0.5) * t, (row as f64 + 0.5) * t);
    let tile = |p: Point| ((p.x / t).floor() as i64, (p.y / t).floor() as i64);
    let words = |a: Pose, b: Pose| {
        dubins_candidates(a, b, r)
            .unwrap()
            .into_iter()
            .map(|(_, p)| p)
            .collect::<Vec<_>>()
    };
    let to_goal = |from: Pose| -> Option<f64> {
        match goal {
            Goal::Pose(p) => shortest_legal(g, words(from, p)),
            Goal::Point(p) => {
                if from.position().distance(p) < 1e-9 {
                    return Some(0.0);
                }
                let s = turn_then_go_sides(from, p, r).unwrap();
                shortest_legal(
                    g,
                    [s.right, s.left]
                        .into_iter()
                        .filter_map(|x| x.exit.ok().map(|e| e.path))
                        .collect(),
                )
            }
        }
    };
    let gt = tile(goal.position());
    let near_goal = |c: i64, row: i64| (c - gt.0).abs() <= k && (row - gt.1).abs() <= k;
    let n = g.columns * g.rows * 8;
    let id = |c: i64, row: i64, k: usize| (row as usize * g.columns + c as usize) * 8 + k;
    let mut dist = vec![f64::INFINITY; n];
    let mut best = f64::INFINITY;
    let st = tile(start.position());
    if near_goal(st.0, st.1) {
        if let Some(l) = to_goal(start) {
            best = l;
        }
    }
    for &(dc, dr) in [(0, 0)].iter().chain(&offsets) {
        let (c, row) = (st.0 + dc, st.1 + dr);
        if !free(c, row) {
            continue;
        }
        for k in 0..8 {
            if let Some(l) = shortest_legal(
                g,
                words(start, Pose::at(center(c, row), k as f64 * FRAC_PI_4)),
            ) {
                dist[id(c, row, k)] = dist[id(c, row, k)].min(l);
            }
        }
    }
    // The relative curves, their legality checked at each tile by sampling.
    let mut done = vec![false; n];
    while let Some(u) = (0..n)
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&i, &j| dist[i].total_cmp(&dist[j]))
    {
        done[u] = true;
        if dist[u] >= best {
            break;
        }
        let k0 = u % 8;
        let c = ((u / 8) % g.columns) as i64;
        let row = ((u / 8) / g.columns) as i64;
        let here = Pose::at(center(c, row), k0 as f64 * FRAC_PI_4);
        if near_goal(c, row) {
            if let Some(l) = to_goal(here) {
                best = best.min(dist[u] + l);
            }
        }
        for &(dc, dr) in &offsets {
            let (nc, nr) = (c + dc, row + dr);
            if !free(nc, nr) {
                continue;
            }
            for k1 in 0..8 {
                let v = id(nc, nr, k1);
                if done[v] {
                    continue;
                }
                if let Some(l) = shortest_legal(
                    g,
                    words(here, Pose::at(center(nc, nr), k1 as f64 * FRAC_PI_4)),
                ) {
                    dist[v] = dist[v].min(dist[u] + l);
                }
            }
        }
    }
    best.is_finite().then_some(best)
}

#[test]
fn the_search_is_the_shortest_path_of_the_lattice() {
    let mut rng = Rng(0x6a1d_0042);
    let mut compared = 0;
    for case in 0..12 {
        let (cols, rows) = (6, 5);
        let mut g = grid(cols, rows, 1.0, &[]);
        for b in g.blocked.iter_mut() {
            *b = u8::from(rng.next() < 0.2);
        }
        let r = rng.range(0.3, 1.2);
        let s = Pose::new(rng.range(0.0, 6.0), rng.range(0.0, 5.0), rng.range(-PI, PI));
        let goal: Goal = if case % 2 == 0 {
            Point::new(rng.range(0.0, 6.0), rng.range(0.0, 5.0)).into()
        } else {
            Pose::new(rng.range(0.0, 6.0), rng.range(0.0, 5.0), rng.range(-PI, PI)).into()
        };
        let Ok(plan) = plan_on_grid(&g, s, goal, r) else {
            continue;
        };
        let want = brute_force(&g, s, goal, r);
        match (plan.path(), want) {
            (Some(p), Some(w)) => {
                assert!(
                    (p.length() - w).abs() < 1e-6,
                    "case {case}: {} vs brute force {w}",
                    p.length()
                );
                check(&g, p, s, goal, r, &format!("case {case}"));
                compared += 1;
            }
            (None, None) => {}
            (got, want) => panic!(
                "case {case}: {:?} vs brute force {want:?}",
                got.map(Path::length)
            ),
        }
    }
    assert!(compared >= 5, "{compared}");
}

#[test]
fn random_grids_keep_every_property() {
    let mut rng = Rng(0x9e1d_5eed);
    let mut found = 0;
    for case in 0..150 {
        let (cols, rows) = (
            4 + (rng.next() * 16.0) as usize,
            4 + (rng.next() * 16.0) as usize,
        );
        let tile = rng.range(0.5, 3.0);
        let mut g = grid(cols, rows, tile, &[]);
        for b in g.blocked.iter_mut() {
            *b = u8::from(rng.next() < 0.25);
        }
        let r = tile * rng.range(0.2, 1.5);
        let s = Pose::new(
            rng.range(0.0, cols as f64 * tile),
            rng.range(0.0, rows as f64 * tile),
            rng.range(-PI, PI),
        );
        let goal: Goal = if case % 2 == 0 {
            Point::new(
                rng.range(0.0, cols as f64 * tile),
                rng.range(0.0, rows as f64 * tile),
            )
            .into()
        } else {
            Pose::new(
                rng.range(0.0, cols as f64 * tile),
                rng.range(0.0, rows as f64 * tile),
                rng.range(-PI, PI),
            )
            .into()
        };
        let Ok(plan) = plan_on_grid(&g, s, goal, r) else {
            continue;
        };
        if let Some(p) = plan.path() {
            found += 1;
            check(&g, p, s, goal, r, &format!("case {case}"));
        }
    }
    assert!(found > 30, "{found}");
}

#[test]
fn a_turning_radius_far_larger_than_the_grid_ends_at_once() {
    // Regression: curves of radius 9e15 between neighbouring tiles used to
    // have their tiles looked up over their whole circle's box (a loop over
    // about 1e31 tiles). Now a curve wider than the grid is simply illegal;
    // only straight moves remain, and the wall stops them.
    let blocked: Vec<(usize, usize)> = (0..3).map(|r| (3, r)).collect();
    let g = grid(6, 5, 1.0, &blocked);
    for r in [100.0, 1e6, 9_007_199_254_740_992.0, 1e150] {
        let plan = plan_on_grid(&g, Pose::new(0.5, 0.5, 0.0), Point::new(5.5, 4.5), r).unwrap();
        assert!(plan.path().is_none(), "radius {r}");
        assert!(plan.expanded < 50, "radius {r}: {}", plan.expanded);
    }
}

#[test]
fn a_plan_after_another_is_the_plan_made_from_scratch() {
    // planOnGrid keeps the curves between neighbouring tiles for the next
    // plan of the same tile size, radius and grid size. Plans in one
    // sequence (walls painted, the radius, the tile size and the grid's
    // size changed in between) must equal the same plans each made on a
    // thread of its own (nothing kept).
    let mut rng = Rng(0x9a1d_c0de);
    let mut plans = Vec::new();
    for step in 0..24 {
        let (columns, rows) = if step % 6 == 5 { (9, 7) } else { (12, 10) };
        let tile = if step % 8 == 7 { 2.0 } else { 1.0 };
        let r = if step % 4 == 3 { 0.4 } else { 0.5 };
        let mut blocked = Vec::new();
        for _ in 0..(columns * rows / 10) {
            let (c, rw) = (
                (rng.next() * columns as f64) as usize,
                (rng.next() * rows as f64) as usize,
            );
            if (c, rw) != (0, 0) && (c, rw) != (columns - 1, rows - 1) {
                blocked.push((c, rw));
            }
        }
        let g = grid(columns, rows, tile, &blocked);
        let s = Pose::new(0.5 * tile, 0.5 * tile, rng.range(-PI, PI));
        let goal = Point::new((columns as f64 - 0.5) * tile, (rows as f64 - 0.5) * tile);
        plans.push((g, s, goal, r));
    }
    let in_sequence: Vec<_> = plans
        .iter()
        .map(|(g, s, goal, r)| plan_on_grid(g, *s, *goal, *r).unwrap())
        .collect();
    let mut found = 0;
    for (k, (g, s, goal, r)) in plans.into_iter().enumerate() {
        let alone = std::thread::spawn(move || plan_on_grid(&g, s, goal, r).unwrap())
            .join()
            .unwrap();
        assert_eq!(in_sequence[k], alone, "plan {k}");
        found += usize::from(alone.path().is_some());
    }
    assert!(found >= 18, "{found}");
}
