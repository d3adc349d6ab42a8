#![cfg(not(target_arch = "wasm32"))]
//! Pathfinding around obstacles (`plan_around`): hand-computed cases, the
//! named failures, an independent brute force over the whole tangent graph,
//! and properties (ends, G1, arc radii, clearance checked by dense sampling
//! against every obstacle) on thousands of random scenes.

use crate::xorshift::Rng;
use arcline::planner::pathfind::{
    plan_around, plan_around_traced, AroundOptions, Circle, Goal, NoPath, Obstacles,
};
use arcline::planner::{dubins_length, dubins_shortest, plan_turn};
use arcline::{Error, Field, Path, Point, Pose, Reason, Segment};
use core::f64::consts::{FRAC_PI_2, PI, TAU};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

fn opts(clearance: f64) -> AroundOptions {
    AroundOptions::clearance(clearance)
}

/// Points every `step` along the path (and its ends).
fn samples(path: &Path, step: f64) -> Vec<Point> {
    let len = path.length();
    let n = ((len / step).ceil() as usize).max(1);
    (0..=n)
        .map(|i| path.pose_at(len * i as f64 / n as f64).position())
        .collect()
}

/// Even-odd point in polygon, written again here (not the crate's).
fn inside(poly: &[Point], p: Point) -> bool {
    let mut c = false;
    let n = poly.len();
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            c = !c;
        }
        j = i;
    }
    c
}

fn point_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    ((p.x - a.x - t * dx).powi(2) + (p.y - a.y - t * dy).powi(2)).sqrt()
}

/// The least distance from the sampled path to each obstacle (negative
/// inside a polygon), computed here by brute force.
fn sampled_clearance(path: &Path, o: &Obstacles, step: f64) -> f64 {
    let mut least = f64::INFINITY;
    for p in samples(path, step) {
        for c in &o.circles {
            least = least.min(((p.x - c.x).powi(2) + (p.y - c.y).powi(2)).sqrt() - c.radius);
        }
        for poly in &o.polygons {
            let n = poly.len();
            let d = (0..n)
                .map(|i| point_segment(p, poly[i], poly[(i + 1) % n]))
                .fold(f64::INFINITY, f64::min);
            least = least.min(if inside(poly, p) { -d } else { d });
        }
    }
    least
}

/// The least distance from the path to every obstacle in closed form
/// (`geom::distance`), for comparison.
fn exact_clearance(path: &Path, o: &Obstacles) -> f64 {
    use arcline::geom::distance;
    let mut least = f64::INFINITY;
    for s in path.segments() {
        for c in &o.circles {
            least = least.min(distance::segment_disk(s, c.center(), c.radius));
        }
        for poly in &o.polygons {
            let n = poly.len();
            for i in 0..n {
                let edge = Segment::Line(arcline::Line::new(poly[i], poly[(i + 1) % n]));
                least = least.min(distance::segment_segment(s, &edge));
            }
            if inside(poly, s.start()) {
                least = least.min(0.0);
            }
        }
    }
    least
}

/// Every property a returned path must have.
fn check_path(
    path: &Path,
    start: Pose,
    goal: Goal,
    r: f64,
    o: &Obstacles,
    clearance: f64,
    what: &str,
) {
    let scale = 1e-7 * (1.0 + start.x.abs().max(start.y.abs()));
    assert!(
        path.start_pose().approx_eq(start, scale),
        "{what}: starts at {:?}",
        path.start_pose()
    );
    match goal {
        Goal::Pose(g) => assert!(
            path.end_pose().approx_eq(g, 1e-6),
            "{what}: ends at {:?} not {g:?}",
            path.end_pose()
        ),
        Goal::Point(g) => assert!(
            path.end_pose().position().distance(g) < 1e-6,
            "{what}: ends at {:?}",
            path.end_pose()
        ),
    }
    assert!(path.is_g1(1e-7), "{what}: not G1: {:?}", path.segments());
    for s in path.segments() {
        if let Segment::Arc(a) = s {
            assert!(
                a.radius >= r - 1e-9,
                "{what}: an arc of radius {} < {r}",
                a.radius
            );
        }
        assert!(s.is_valid());
    }
    assert!(path.length().is_finite());
    let sampled = sampled_clearance(path, o, 0.01);
    assert!(
        sampled >= clearance - 1e-6,
        "{what}: sampled clearance {sampled} < {clearance}"
    );
    let exact = exact_clearance(path, o);
    assert!(
        exact >= clearance - 1e-6,
        "{what}: exact clearance {exact} < {clearance}"
    );
}

// --- hand-computed cases -----------------------------------------------------

#[test]
fn one_circle_between_start_and_goal_pose() {
    // Start (0, 0) east, goal (20, 0) east, r = 1, a circle of radius 2 at
    // (10, 0). Over the top: a left arc of φ on the start's left circle
    // (centre (0, 1)), the inner tangent to the obstacle (√(|d|² − 3²) with
    // d = (10, −1)), a right arc of 2φ on the obstacle (radius 2), the
    // mirror image down to the goal. The tangent's heading is
    // φ = asin(3/√101) − atan(1/10).
    let o = Obstacles::circles(vec![Circle::new(10.0, 0.0, 2.0)]);
    let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(20.0, 0.0, 0.0));
    let plan = plan_around(s, g, 1.0, &o, &opts(0.0)).unwrap();
    let p = plan.path().unwrap();
    let phi = (3.0 / 101f64.sqrt()).asin() - 0.1f64.atan();
    let want = 6.0 * phi + 2.0 * 92f64.sqrt();
    assert!(close(p.length(), want, 1e-9), "{} vs {want}", p.length());
    assert!(p.word() == "LSRSL" || p.word() == "RSLSR", "{}", p.word());
    check_path(p, s, g.into(), 1.0, &o, 0.0, "hand case");
}

#[test]
fn one_circle_between_start_and_goal_point_with_clearance() {
    // The same with clearance 0.5 and a goal point: the obstacle's guide
    // circle has radius 2.5; the path leaves the start circle by the inner
    // tangent (heading φ = asin(3.5/√101) − atan(1/10)), turns right along
    // the guide to the tangent from the guide to the goal point, which
    // leaves at the angle where the radius is perpendicular to the line to
    // (20, 0): the line is √(10² − 2.5²) long and heads −asin(2.5/10).
    let o = Obstacles::circles(vec![Circle::new(10.0, 0.0, 2.0)]);
    let s = Pose::new(0.0, 0.0, 0.0);
    let g = Point::new(20.0, 0.0);
    let plan = plan_around(s, g, 1.0, &o, &opts(0.5)).unwrap();
    let p = plan.path().unwrap();
    let phi = (3.5 / 101f64.sqrt()).asin() - 0.1f64.atan();
    let psi = (2.5f64 / 10.0).asin();
    let want =
        phi + (101.0f64 - 3.5 * 3.5).sqrt() + 2.5 * (phi + psi) + (100.0f64 - 2.5 * 2.5).sqrt();
    assert!(close(p.length(), want, 1e-9), "{} vs {want}", p.length());
    assert_eq!(p.segments().len(), 4);
    check_path(p, s, g.into(), 1.0, &o, 0.5, "hand case with clearance");
}

#[test]
fn a_small_obstacle_is_rounded_on_the_turning_radius() {
    // A circle of radius 0.2 with r = 3: the guide circle is enlarged to
    // radius 3 (same centre); the path still keeps the clearance (it keeps
    // 2.8) and its arcs have radius 3.
    let o = Obstacles::circles(vec![Circle::new(10.0, 0.0, 0.2)]);
    let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(20.0, 0.0, 0.0));
    let plan = plan_around(s, g, 3.0, &o, &opts(0.0)).unwrap();
    let p = plan.path().unwrap();
    check_path(p, s, g.into(), 3.0, &o, 0.0, "small obstacle");
    let nearest = exact_clearance(p, &o);
    assert!(close(nearest, 2.8, 1e-9), "{nearest}");
}

#[test]
fn with_nothing_in_the_way_it_is_the_dubins_path_or_turn_then_go() {
    let mut rng = Rng(0x5eed_0001);
    for _ in 0..500 {
        let r = rng.range(0.3, 4.0);
        let s = Pose::new(
            rng.range(-20.0, 20.0),
            rng.range(-20.0, 20.0),
            rng.range(-PI, PI),
        );
        let g = Pose::new(
            rng.range(-20.0, 20.0),
            rng.range(-20.0, 20.0),
            rng.range(-PI, PI),
        );
        let p = plan_around(s, g, r, &Obstacles::new(), &opts(0.0)).unwrap();
        let want = dubins_shortest(s, g, r).unwrap().length();
        assert!(close(p.path().unwrap().length(), want, 1e-9));
        let p = plan_around(s, g.position(), r, &Obstacles::new(), &opts(0.0)).unwrap();
        let want = plan_turn(s, g.position(), r).unwrap().unwrap().length();
        assert!(
            close(p.path().unwrap().length(), want, 1e-9),
            "{} vs {want}",
            p.path().unwrap().length()
        );
    }
}

#[test]
fn a_clear_dubins_path_is_returned_as_it_is() {
    // Obstacles beside the way: the shortest Dubins path is clear, so it is
    // the answer (nothing in the graph can be shorter than it).
    let o = Obstacles::circles(vec![
        Circle::new(5.0, 8.0, 2.0),
        Circle::new(5.0, -8.0, 2.0),
    ]);
    let (s, g) = (Pose::new(0.0, 0.0, 0.3), Pose::new(12.0, 1.0, -0.2));
    let p = plan_around(s, g, 2.0, &o, &opts(0.5)).unwrap();
    let d = dubins_shortest(s, g, 2.0).unwrap();
    assert_eq!(p.path().unwrap(), &d);
}

#[test]
fn a_polygon_wall_is_gone_round_at_its_rounded_corners() {
    // A wall from (5, −5) to (6, 5): the path from (0, 0) to (11, 0) goes
    // round one end, every point at least 0.5 from the wall.
    let wall = vec![
        Point::new(5.0, -5.0),
        Point::new(6.0, -5.0),
        Point::new(6.0, 5.0),
        Point::new(5.0, 5.0),
    ];
    let o = Obstacles {
        circles: vec![],
        polygons: vec![wall],
    };
    let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(11.0, 0.0, 0.0));
    let plan = plan_around(s, g, 1.0, &o, &opts(0.5)).unwrap();
    let p = plan.path().unwrap();
    check_path(p, s, g.into(), 1.0, &o, 0.5, "wall");
    // It passes the wall's end within a corner's guide circle: at least
    // 1 (= max(clearance, r)) from the corner it turns round, and so more
    // than 5 + 1 up or down.
    let top = samples(p, 0.01)
        .iter()
        .map(|q| q.y.abs())
        .fold(0.0, f64::max);
    assert!(top >= 6.0 - 1e-9, "{top}");
}

// --- failures, named -------------------------------------------------------

#[test]
fn bad_input_is_an_error_naming_the_argument() {
    let s = Pose::new(0.0, 0.0, 0.0);
    let g = Point::new(10.0, 0.0);
    let o = Obstacles::circles(vec![Circle::new(5.0, 5.0, 1.0), Circle::new(0.5, 0.0, 1.0)]);
    let e = plan_around(s, g, 1.0, &o, &opts(0.0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "start: is inside or too close to obstacles.circles[1]"
    );
    let o = Obstacles::circles(vec![Circle::new(10.0, 2.0, 1.0)]);
    assert!(plan_around(s, g, 1.0, &o, &opts(0.0)).is_ok());
    let e = plan_around(s, g, 1.0, &o, &opts(1.5)).unwrap_err();
    assert_eq!(
        e,
        Error::at(
            "goal",
            Reason::InsideObstacle(Field::named("obstacles").key("circles").index(0))
        )
    );
    let e = plan_around(s, g, 0.0, &o, &opts(0.0)).unwrap_err();
    assert_eq!(e.to_string(), "radius: must be greater than zero");
    let e = plan_around(s, g, 1.0, &o, &opts(-1.0)).unwrap_err();
    assert_eq!(e.to_string(), "options.clearance: must not be negative");
    let e = plan_around(s, g, 1.0, &o, &opts(f64::NAN)).unwrap_err();
    assert_eq!(e.to_string(), "options.clearance: must be a finite number");
    let e = plan_around(Pose::new(f64::NAN, 0.0, 0.0), g, 1.0, &o, &opts(0.0)).unwrap_err();
    assert_eq!(e.to_string(), "start.x: must be a finite number");
    let e = plan_around(s, Pose::new(3.0, 0.0, f64::INFINITY), 1.0, &o, &opts(0.0)).unwrap_err();
    assert_eq!(e.to_string(), "goal.heading: must be a finite number");
    let bow = vec![
        Point::new(20.0, 0.0),
        Point::new(22.0, 2.0),
        Point::new(22.0, 0.0),
        Point::new(20.0, 2.0),
    ];
    let o = Obstacles {
        circles: vec![],
        polygons: vec![
            vec![
                Point::new(30.0, 0.0),
                Point::new(31.0, 0.0),
                Point::new(31.0, 1.0),
            ],
            bow,
        ],
    };
    let e = plan_around(s, g, 1.0, &o, &opts(0.0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "obstacles.polygons[1]: must be a simple polygon: edges 0 and 2 cross or touch"
    );
    // A start inside a polygon (and one only nearer than the clearance).
    let sq = vec![
        Point::new(-1.0, -1.0),
        Point::new(1.0, -1.0),
        Point::new(1.0, 1.0),
        Point::new(-1.0, 1.0),
    ];
    let o = Obstacles {
        circles: vec![],
        polygons: vec![sq.clone()],
    };
    let e = plan_around(s, g, 1.0, &o, &opts(0.0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "start: is inside or too close to obstacles.polygons[0]"
    );
    let near = Pose::new(-1.2, 0.0, PI);
    assert!(plan_around(near, g, 1.0, &o, &opts(0.1)).is_ok());
    assert!(plan_around(near, g, 1.0, &o, &opts(0.3)).is_err());
}

#[test]
fn a_start_facing_a_wall_it_cannot_turn_away_from_is_enclosed() {
    // Heading east 0.5 from a tall wall with r = 1: every arc out of the
    // start runs into the wall before any tangent can leave it.
    let wall = vec![
        Point::new(0.5, -30.0),
        Point::new(1.0, -30.0),
        Point::new(1.0, 30.0),
        Point::new(0.5, 30.0),
    ];
    let o = Obstacles {
        circles: vec![],
        polygons: vec![wall],
    };
    let plan = plan_around(
        Pose::new(0.0, 0.0, 0.0),
        Point::new(-10.0, 0.0),
        1.0,
        &o,
        &opts(0.0),
    )
    .unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::StartEnclosed));
    // The same wall 0.5 behind a goal: arriving heading east (towards the
    // wall) is possible, arriving heading west would need a turn through it.
    let wall = vec![
        Point::new(10.5, -30.0),
        Point::new(11.0, -30.0),
        Point::new(11.0, 30.0),
        Point::new(10.5, 30.0),
    ];
    let o = Obstacles {
        circles: vec![],
        polygons: vec![wall],
    };
    let plan = plan_around(
        Pose::new(-5.0, 3.0, 0.0),
        Pose::new(10.0, 0.0, 0.0),
        1.0,
        &o,
        &opts(0.0),
    )
    .unwrap();
    assert!(plan.path().is_some(), "arriving heading east is possible");
    let plan = plan_around(
        Pose::new(-5.0, 3.0, 0.0),
        Pose::new(10.0, 0.0, PI),
        1.0,
        &o,
        &opts(0.0),
    )
    .unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::GoalEnclosed));
}

/// `count` circles of `radius` evenly round a ring of radius `ring` about `c`.
fn ring(c: Point, ring: f64, radius: f64, count: usize) -> Vec<Circle> {
    (0..count)
        .map(|i| {
            let a = TAU * i as f64 / count as f64;
            Circle::new(c.x + ring * a.cos(), c.y + ring * a.sin(), radius)
        })
        .collect()
}

#[test]
fn a_goal_walled_in_by_a_ring_is_enclosed_or_blocked_and_a_small_budget_gives_up() {
    // 40 circles of radius 1 on a ring of radius 8 round the goal, 1.26
    // apart on centres (overlapping): no line reaches the goal from outside,
    // and the tangents from the ring's own circles leave them where they
    // overlap their neighbours.
    let goal = Point::new(30.0, 0.0);
    let s = Pose::new(0.0, 0.0, 0.0);
    let o = Obstacles::circles(ring(goal, 8.0, 1.0, 40));
    let plan = plan_around(s, goal, 1.0, &o, &opts(0.0)).unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::GoalEnclosed));
    // A small circle inside the ring can see the goal: it can be
    // approached, but the ring still walls it off.
    let mut circles = ring(goal, 8.0, 1.0, 40);
    circles.push(Circle::new(33.0, 3.0, 0.5));
    let o = Obstacles::circles(circles.clone());
    let plan = plan_around(s, goal, 1.0, &o, &opts(0.0)).unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::Blocked));
    // Proven by the search backwards from the goal (the inside of the ring
    // leads nowhere else) after the first bounded run, not by exploring
    // everything outside the ring.
    assert!(plan.expanded < 10, "{}", plan.expanded);
    // A gap: three circles of the ring gone on the left (a gap of 3.03).
    circles.drain(19..22);
    let o = Obstacles::circles(circles);
    let plan = plan_around(s, goal, 1.0, &o, &opts(0.0)).unwrap();
    let p = plan.path().expect("through the gap");
    // A budget of one expansion less gives up, and says so.
    let tight = AroundOptions {
        clearance: 0.0,
        max_expanded: plan.expanded - 1,
        ..AroundOptions::default()
    };
    let limited = plan_around(s, goal, 1.0, &o, &tight).unwrap();
    assert_eq!(
        limited.no_path(),
        Some(NoPath::SearchLimit {
            expanded: plan.expanded - 1
        })
    );
    assert_eq!(limited.expanded, plan.expanded - 1);
    check_path(p, s, goal.into(), 1.0, &o, 0.0, "gap");
    // ...but not with a clearance too wide for it (2 × 1.8 > 3.03).
    let plan = plan_around(s, goal, 1.0, &o, &opts(1.8)).unwrap();
    assert_eq!(plan.no_path(), Some(NoPath::Blocked));
}

// --- an independent brute force over the whole graph ---------------------

/// The tangent graph built whole, every edge checked by sampling, searched
/// by Dijkstra: the shortest path of the graph that `plan_around` must
/// find, by other means (no lazy checks, no heuristic, no closed-form free
/// turns).
fn brute_force(s: Pose, g: Pose, r: f64, o: &Obstacles, clearance: f64) -> Option<f64> {
    // Guide circles with their one or two directions: obstacles (both), the
    // start circles, the goal circles.
    let left = |p: Pose| Point::new(p.x - p.heading.sin() * r, p.y + p.heading.cos() * r);
    let right = |p: Pose| Point::new(p.x + p.heading.sin() * r, p.y - p.heading.cos() * r);
    let mut guides: Vec<(Point, f64, f64)> = Vec::new(); // centre, radius, direction
    for c in &o.circles {
        let rho = (c.radius + clearance).max(r);
        guides.push((c.center(), rho, 1.0));
        guides.push((c.center(), rho, -1.0));
    }
    let start_l = guides.len();
    guides.push((left(s), r, 1.0));
    guides.push((right(s), r, -1.0));
    let goal_l = guides.len();
    guides.push((left(g), r, 1.0));
    guides.push((right(g), r, -1.0));
    let clear = |path: &Path| sampled_clearance(path, o, 0.002) >= clearance - 1e-7;
    let arc = |c: Point, rho: f64, dir: f64, from: f64, to: f64| {
        let mut sweep = (to - from) * dir;
        sweep = sweep.rem_euclid(TAU);
        if sweep > TAU - 1e-9 {
            sweep = 0.0;
        }
        arcline::Arc::new(c, rho, from, dir * sweep).unwrap()
    };
    // Tangent points: (guide a, guide b) -> (angle on a, angle on b, length).
    let tangent = |a: (Point, f64, f64), b: (Point, f64, f64)| -> Option<(f64, f64, f64)> {
        let (dx, dy) = (b.0.x - a.0.x, b.0.y - a.0.y);
        let d2 = dx * dx + dy * dy;
        let k = b.2 * b.1 - a.2 * a.1;
        let h2 = d2 - k * k;
        if h2 <= 0.0 {
            return None;
        }
        let h = h2.sqrt();
        let n = ((k * dx - h * dy) / d2, (k * dy + h * dx) / d2);
        let on_a = (-a.2 * n.1).atan2(-a.2 * n.0);
        let on_b = (-b.2 * n.1).atan2(-b.2 * n.0);
        Some((on_a, on_b, h))
    };
    let point_on = |gd: (Point, f64, f64), ang: f64| {
        Point::new(gd.0.x + gd.1 * ang.cos(), gd.0.y + gd.1 * ang.sin())
    };
    // Nodes: (guide, arrival angle) after a tangent, plus the start.
    let mut nodes: Vec<(usize, f64)> = vec![
        (start_l, (s.y - left(s).y).atan2(s.x - left(s).x)),
        (start_l + 1, (s.y - right(s).y).atan2(s.x - right(s).x)),
    ];
    let mut lines: Vec<(usize, usize, f64, f64, f64)> = Vec::new(); // from guide, to guide, dep angle, arr angle, length
    for a in 0..guides.len() {
        if a >= goal_l {
            continue;
        }
        for b in 0..guides.len() {
            if b >= start_l && b < goal_l || a / 2 == b / 2 && a < start_l {
                continue;
            }
            if let Some((da, ab, h)) = tangent(guides[a], guides[b]) {
                let line = Path::single(arcline::Line::new(
                    point_on(guides[a], da),
                    point_on(guides[b], ab),
                ))
                .unwrap();
                if clear(&line) {
                    lines.push((a, b, da, ab, h));
                    nodes.push((b, ab));
                }
            }
        }
    }
    // Dijkstra over nodes; from a node on guide a, every line leaving a
    // (after a clear arc) leads to that line's node.
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    dist[1] = 0.0;
    let mut best = f64::INFINITY;
    // The direct Dubins words.
    for (_, p) in arcline::planner::dubins_candidates(s, g, r).unwrap() {
        if clear(&p) {
            best = best.min(p.length());
        }
    }
    let goal_angle = |gi: usize| {
        let c = guides[gi].0;
        (g.y - c.y).atan2(g.x - c.x)
    };
    while let Some(u) = (0..n)
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&i, &j| dist[i].total_cmp(&dist[j]))
    {
        done[u] = true;
        let (gu, au) = nodes[u];
        if gu >= goal_l {
            let a = arc(guides[gu].0, guides[gu].1, guides[gu].2, au, goal_angle(gu));
            if clear(&Path::single(a).unwrap()) {
                best = best.min(dist[u] + a.length());
            }
            continue;
        }
        for (k, &(a, _, da, _, h)) in lines.iter().enumerate() {
            if a != gu {
                continue;
            }
            let hug = arc(guides[a].0, guides[a].1, guides[a].2, au, da);
            if !clear(&Path::single(hug).unwrap()) {
                continue;
            }
            let v = k + 2;
            let nd = dist[u] + hug.length() + h;
            if nd < dist[v] {
                dist[v] = nd;
            }
        }
    }
    best.is_finite().then_some(best)
}

#[test]
fn the_search_finds_the_shortest_path_of_the_whole_graph() {
    let mut rng = Rng(0xb007_f0ce);
    let mut compared = 0;
    for case in 0..60 {
        let r = rng.range(0.5, 2.0);
        let clearance = if case % 2 == 0 {
            0.0
        } else {
            rng.range(0.0, 0.6)
        };
        let circles: Vec<Circle> = (0..4)
            .map(|_| {
                Circle::new(
                    rng.range(4.0, 16.0),
                    rng.range(-5.0, 5.0),
                    rng.range(0.3, 2.0),
                )
            })
            .collect();
        let o = Obstacles::circles(circles);
        let s = Pose::new(0.0, rng.range(-3.0, 3.0), rng.range(-1.0, 1.0));
        let g = Pose::new(20.0, rng.range(-3.0, 3.0), rng.range(-1.0, 1.0));
        let Ok(plan) = plan_around(s, g, r, &o, &opts(clearance)) else {
            continue;
        };
        let want = brute_force(s, g, r, &o, clearance);
        match (plan.path(), want) {
            (Some(p), Some(w)) => {
                assert!(
                    close(p.length(), w, 1e-6),
                    "case {case}: {} vs brute force {w}",
                    p.length()
                );
                compared += 1;
            }
            (None, None) => {}
            (got, want) => panic!(
                "case {case}: {:?} vs brute force {want:?}",
                got.map(Path::length)
            ),
        }
    }
    assert!(compared >= 40, "{compared}");
}

#[test]
fn no_path_is_said_only_when_the_whole_graph_has_none() {
    // The goal inside a ring of circles with random gaps (walled in, or
    // open through a gap the turning radius may or may not fit), the start
    // outside: plan_around's verdict (its proofs of no path included: the
    // walled-in goal, the search backwards from the goal) against the brute
    // force over the whole graph.
    let mut rng = Rng(0x0e1c_105e);
    let (mut paths, mut none) = (0, 0);
    for case in 0..40 {
        let r = rng.range(0.5, 1.0);
        let clearance = rng.range(0.0, 0.3);
        let goal = Pose::new(20.0, rng.range(-1.0, 1.0), rng.range(-PI, PI));
        let count = 8 + (rng.next() * 3.0) as usize;
        let mut circles: Vec<Circle> = (0..count)
            .map(|i| {
                let a = TAU * (i as f64 + rng.range(-0.1, 0.1)) / count as f64;
                let ring = rng.range(4.5, 5.0);
                Circle::new(
                    goal.x + ring * a.cos(),
                    goal.y + ring * a.sin(),
                    rng.range(1.2, 2.0),
                )
            })
            .collect();
        circles.push(Circle::new(
            rng.range(6.0, 10.0),
            rng.range(-4.0, 4.0),
            rng.range(0.5, 1.5),
        ));
        let o = Obstacles::circles(circles);
        let s = Pose::new(0.0, rng.range(-2.0, 2.0), rng.range(-1.0, 1.0));
        let Ok(plan) = plan_around(s, goal, r, &o, &opts(clearance)) else {
            continue;
        };
        let want = brute_force(s, goal, r, &o, clearance);
        match (plan.path(), want) {
            (Some(p), Some(w)) => {
                assert!(
                    close(p.length(), w, 1e-6),
                    "case {case}: {} vs brute force {w}",
                    p.length()
                );
                paths += 1;
            }
            (None, None) => {
                assert!(
                    !matches!(plan.no_path(), Some(NoPath::SearchLimit { .. })),
                    "case {case}"
                );
                none += 1;
            }
            (got, want) => panic!(
                "case {case}: {:?} ({:?}) vs brute force {want:?}",
                got.map(Path::length),
                plan.no_path()
            ),
        }
    }
    assert!(paths >= 10 && none >= 4, "paths {paths}, none {none}");
}

/// Cases per property (`ROBUST_CASES` overrides).
fn cases(default: usize) -> usize {
    std::env::var("ROBUST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
fn plan_around_agrees_with_the_brute_force_on_random_fields() {
    // Three kinds of field, each with the start on the left and a goal pose
    // on the right: a few random circles; the goal inside a closed ring of
    // overlapping circles (walled in); the goal inside a ring with one gap,
    // narrower than the turning circle grown by the clearance (2(r + c)),
    // or wider (which may or may not let the unit through). plan_around must find
    // a path exactly when the whole graph has one, of the same length, and
    // never say it stopped at its limit when there is none to find.
    let mut rng = Rng(0x0031_a40d);
    let n = cases(120);
    let (mut paths, mut none, mut narrow) = (0, 0, 0);
    for case in 0..n {
        let r = rng.range(0.5, 1.5);
        let clearance = if case % 3 == 0 {
            0.0
        } else {
            rng.range(0.0, 0.4)
        };
        let goal = Pose::new(20.0, rng.range(-1.0, 1.0), rng.range(-PI, PI));
        let kind = case % 3;
        let mut circles: Vec<Circle> = Vec::new();
        let mut gap_width = f64::INFINITY;
        if kind == 0 {
            for _ in 0..(2 + (rng.next() * 5.0) as usize) {
                circles.push(Circle::new(
                    rng.range(3.0, 17.0),
                    rng.range(-5.0, 5.0),
                    rng.range(0.3, 2.0),
                ));
            }
        } else {
            // Circles of radius `rad` on a ring of radius 4.5 round the goal,
            // overlapping; for a gap, the two circles at its ends at ±`half`
            // from the direction facing the start, `gap_width` apart.
            let rad = rng.range(1.0, 1.4);
            let ring_r = 4.5;
            let count = 16;
            let facing = PI + rng.range(-0.8, 0.8);
            let half = if kind == 2 {
                let twice = 2.0 * (r + clearance);
                gap_width = if rng.next() < 0.5 {
                    rng.range(0.2, 0.95) * twice
                } else {
                    rng.range(1.05, 2.0) * twice
                };
                ((gap_width * 0.5 + rad) / ring_r).min(1.0).asin()
            } else {
                0.0
            };
            for i in 0..count {
                let a = if kind == 2 {
                    facing + half + (TAU - 2.0 * half) * i as f64 / (count - 1) as f64
                } else {
                    facing + TAU * i as f64 / count as f64
                };
                circles.push(Circle::new(
                    goal.x + ring_r * a.cos(),
                    goal.y + ring_r * a.sin(),
                    rad,
                ));
            }
        }
        let o = Obstacles::circles(circles);
        let s = Pose::new(0.0, rng.range(-2.0, 2.0), rng.range(-1.0, 1.0));
        let Ok(plan) = plan_around(s, goal, r, &o, &opts(clearance)) else {
            continue;
        };
        let want = brute_force(s, goal, r, &o, clearance);
        narrow += usize::from(kind == 2 && gap_width < 2.0 * (r + clearance));
        let what =
            format!("case {case} (kind {kind}, r {r}, clearance {clearance}, gap {gap_width})");
        match (plan.path(), want) {
            (Some(p), Some(w)) => {
                assert!(
                    close(p.length(), w, 1e-6 * w.max(1.0)),
                    "{what}: {} vs brute force {w}",
                    p.length()
                );
                check_path(p, s, goal.into(), r, &o, clearance, &what);
                paths += 1;
            }
            (None, None) => {
                assert!(
                    !matches!(plan.no_path(), Some(NoPath::SearchLimit { .. })),
                    "{what}: {:?}",
                    plan.no_path()
                );
                none += 1;
            }
            (got, want) => panic!(
                "{what}: {:?} ({:?}) vs brute force {want:?}",
                got.map(Path::length),
                plan.no_path()
            ),
        }
    }
    assert!(
        paths >= n / 4 && none >= n / 5 && narrow >= n / 10,
        "paths {paths}, none {none}, behind a narrow gap {narrow}"
    );
}

// --- random scenes ----------------------------------------------------------

/// A simple star-shaped polygon round `c`: corners at increasing angles.
fn star(rng: &mut Rng, c: Point, size: f64) -> Vec<Point> {
    let n = 3 + (rng.next() * 6.0) as usize;
    let mut angles: Vec<f64> = (0..n)
        .map(|i| (i as f64 + rng.range(0.1, 0.9)) * TAU / n as f64)
        .collect();
    angles.sort_by(f64::total_cmp);
    let mut poly: Vec<Point> = angles
        .iter()
        .map(|a| {
            let rad = size * rng.range(0.4, 1.0);
            Point::new(c.x + rad * a.cos(), c.y + rad * a.sin())
        })
        .collect();
    if rng.next() < 0.5 {
        poly.reverse();
    }
    poly
}

#[test]
fn random_scenes_keep_every_property() {
    let mut rng = Rng(0x0b57_ac1e);
    let (mut found, mut none) = (0, 0);
    for case in 0..3000 {
        let r = rng.range(0.3, 3.0);
        let clearance = if case % 3 == 0 {
            0.0
        } else {
            rng.range(0.0, 1.0)
        };
        let mut o = Obstacles::new();
        for _ in 0..(rng.next() * 12.0) as usize {
            o.circles.push(Circle::new(
                rng.range(0.0, 40.0),
                rng.range(0.0, 40.0),
                rng.range(0.2, 3.0),
            ));
        }
        for _ in 0..(rng.next() * 4.0) as usize {
            let c = Point::new(rng.range(0.0, 40.0), rng.range(0.0, 40.0));
            let size = rng.range(1.0, 5.0);
            o.polygons.push(star(&mut rng, c, size));
        }
        let s = Pose::new(
            rng.range(0.0, 40.0),
            rng.range(0.0, 40.0),
            rng.range(-PI, PI),
        );
        let g: Goal = if case % 2 == 0 {
            Pose::new(
                rng.range(0.0, 40.0),
                rng.range(0.0, 40.0),
                rng.range(-PI, PI),
            )
            .into()
        } else {
            Point::new(rng.range(0.0, 40.0), rng.range(0.0, 40.0)).into()
        };
        let plan = match plan_around(s, g, r, &o, &opts(clearance)) {
            Ok(p) => p,
            Err(e) => {
                assert!(
                    matches!(e.reason(), Reason::InsideObstacle(_)),
                    "case {case}: {e}"
                );
                continue;
            }
        };
        match plan.path() {
            Some(p) => {
                found += 1;
                check_path(p, s, g, r, &o, clearance, &format!("case {case}"));
                // No path is shorter than the Dubins (or straight) lower bound.
                let lower = match g {
                    Goal::Pose(gp) => dubins_length(s, gp, r).unwrap().0,
                    Goal::Point(gp) => s.position().distance(gp),
                };
                assert!(
                    p.length() >= lower - 1e-9,
                    "case {case}: {} < {lower}",
                    p.length()
                );
            }
            None => {
                none += 1;
                // When the shortest Dubins path (or turn-then-go) is clear,
                // there is a path.
                let direct = match g {
                    Goal::Pose(gp) => Some(dubins_shortest(s, gp, r).unwrap()),
                    Goal::Point(gp) => plan_turn(s, gp, r).unwrap(),
                };
                if let Some(d) = direct {
                    assert!(
                        sampled_clearance(&d, &o, 0.01) < clearance + 1e-6,
                        "case {case}: a clear direct path, yet {:?}",
                        plan.no_path()
                    );
                }
            }
        }
    }
    assert!(found > 2000 && none > 10, "found {found}, none {none}");
}

#[test]
fn the_trace_holds_what_was_searched() {
    let o = Obstacles::circles(vec![
        Circle::new(10.0, 0.0, 2.0),
        Circle::new(15.0, 3.0, 1.0),
    ]);
    let (plan, trace) = plan_around_traced(
        Pose::new(0.0, 0.0, 0.0),
        Pose::new(20.0, 0.0, 0.0),
        1.0,
        &o,
        &opts(0.2),
    )
    .unwrap();
    // Two obstacle guides, the start's two circles, the goal's two.
    assert_eq!(trace.guides.len(), 6);
    assert!((trace.guides[0].radius - 2.2).abs() < 1e-15);
    assert_eq!(trace.expanded.len(), plan.expanded);
    assert!(
        trace.edges.iter().any(|e| !e.clear),
        "the straight words are blocked"
    );
    // The path's last line was checked and found clear.
    let p = plan.path().unwrap();
    let last_line = p.segments().iter().rev().find_map(|s| match s {
        Segment::Line(l) => Some(*l),
        _ => None,
    });
    let l = last_line.unwrap();
    assert!(trace.edges.iter().any(|e| e.clear && e.path.segments().iter().any(|s| matches!(s, Segment::Line(m) if m.start.distance(l.start) < 1e-12 && m.end.distance(l.end) < 1e-12))));
    let _ = FRAC_PI_2;
}

// --- the graph kept from one plan to the next -------------------------------

#[test]
fn a_plan_after_a_drag_is_the_plan_made_from_scratch() {
    // Sequences of small moves (a circle, a polygon's corner, the start, the
    // goal), as a dragged diagram plans them: plan_around keeps the last
    // plan's graph and reuses what the move does not touch;
    // plan_around_traced always builds its own. Both find the shortest
    // path of the graph, or the same reason there is none (the lines known
    // blocked are not queued again, so the searches may expand different
    // nodes on the way).
    let mut rng = Rng(0x0d1a_66ed);
    let mut compared = 0;
    for case in 0..12 {
        let r = rng.range(0.5, 2.0);
        let clearance = if case % 3 == 0 {
            0.0
        } else {
            rng.range(0.1, 0.6)
        };
        let mut o = Obstacles::new();
        for _ in 0..30 {
            o.circles.push(Circle::new(
                rng.range(0.0, 40.0),
                rng.range(0.0, 40.0),
                rng.range(0.3, 2.0),
            ));
        }
        for _ in 0..2 {
            let c = Point::new(rng.range(5.0, 35.0), rng.range(5.0, 35.0));
            o.polygons.push(star(&mut rng, c, 3.0));
        }
        let mut s = Pose::new(rng.range(0.0, 5.0), rng.range(0.0, 5.0), rng.range(-PI, PI));
        let mut goal = Pose::new(
            rng.range(35.0, 40.0),
            rng.range(35.0, 40.0),
            rng.range(-PI, PI),
        );
        for step in 0..40 {
            match step % 8 {
                0 => s.x = (s.x + rng.range(-1.0, 1.0)).clamp(0.0, 40.0),
                1 => goal.heading += rng.range(-0.5, 0.5),
                2 => {
                    let p = (rng.next() * 2.0) as usize;
                    let k = (rng.next() * o.polygons[p].len() as f64) as usize;
                    o.polygons[p][k].x += rng.range(-0.3, 0.3);
                }
                3 if step % 16 == 3 => {
                    o.circles
                        .push(Circle::new(rng.range(0.0, 40.0), rng.range(0.0, 40.0), 1.0));
                }
                _ => {
                    let i = (rng.next() * o.circles.len() as f64) as usize;
                    o.circles[i].x += rng.range(-2.0, 2.0);
                    o.circles[i].y += rng.range(-2.0, 2.0);
                }
            }
            let g: Goal = if case % 2 == 0 {
                goal.into()
            } else {
                goal.position().into()
            };
            let kept = plan_around(s, g, r, &o, &opts(clearance));
            let fresh = plan_around_traced(s, g, r, &o, &opts(clearance)).map(|(p, _)| p);
            match (kept, fresh) {
                (Ok(a), Ok(b)) => {
                    let what = format!("case {case} step {step}");
                    match (a.path(), b.path()) {
                        (Some(p), Some(q)) => {
                            assert!(
                                close(p.length(), q.length(), 1e-9),
                                "{what}: {} vs {}",
                                p.length(),
                                q.length()
                            );
                            check_path(p, s, g, r, &o, clearance, &what);
                        }
                        (None, None) => assert_eq!(a.no_path(), b.no_path(), "{what}"),
                        (p, q) => panic!("{what}: {p:?} vs {q:?}"),
                    }
                    compared += 1;
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "case {case} step {step}"),
                (a, b) => panic!("case {case} step {step}: {a:?} vs {b:?}"),
            }
        }
    }
    assert!(compared >= 300, "{compared}");
}
