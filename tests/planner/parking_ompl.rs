//! The parking planner against OMPL (its Python package, in the virtual
//! environment `make setup-ompl` creates): RRT* in OMPL's Reeds–Shepp state
//! space with the same rectangle validity check (scripts/ompl_parking.py),
//! on the parking scenes of tests/planner/parking.rs and 30 random fields.
//! Every scene OMPL solves, we solve, no longer than OMPL's on any (up to
//! a relative 1e-9 for rounding); the lengths, times and the mean ratio
//! are printed, and written as a summary for `make bench` when
//! `ARCLINE_OMPL_PARKING_SUMMARY` names a file.
//!
//! Two ignored tests: one writes the scenes for the script
//! (`ARCLINE_PARKING_SCENES`), one compares with what it wrote
//! (`ARCLINE_OMPL_PARKING`); `make test-ompl` runs both around the script.

use crate::parking::{bays, dead_end, parallel, parking, random_field, CAR, R};
use crate::xorshift::Rng;
use arcline::planner::pathfind::{plan_around, AroundOptions, Obstacles};
use arcline::{Point, Pose};
use serde_json::{json, Value};

struct Scene {
    name: String,
    radius: f64,
    start: Pose,
    goal: Pose,
    obstacles: Obstacles,
    options: AroundOptions,
}

fn scenes() -> Vec<Scene> {
    let mut out = Vec::new();
    let mut add = |name: String, radius: f64, o: Obstacles, start: Pose, goal: Pose, c: f64| {
        out.push(Scene {
            name,
            radius,
            start,
            goal,
            obstacles: o,
            options: parking(true, c),
        })
    };
    let (o, s, g) = parallel(1.3 * CAR.length);
    add("parallel 1.3".into(), 4.0, o, s, g, 0.0);
    let (o, bay) = bays();
    add(
        "bay in".into(),
        R,
        o.clone(),
        Pose::new(-12.0, 9.0, 0.0),
        bay,
        0.1,
    );
    add("bay out".into(), R, o, bay, Pose::new(12.0, 9.0, 0.0), 0.1);
    let (o, s, g) = dead_end();
    add("dead end".into(), R, o, s, g, 0.0);
    let mut rng = Rng(0x0bad_cafe_f00d_1234);
    let mut k = 0;
    while k < 30 {
        let (o, s, g) = random_field(&mut rng);
        // Only scenes whose start and goal are clear.
        if plan_around(
            s,
            g,
            R,
            &o,
            &AroundOptions {
                max_expanded: 0,
                ..parking(true, 0.2)
            },
        )
        .is_ok()
        {
            add(format!("random {k}"), R, o, s, g, 0.2);
            k += 1;
        }
    }
    out
}

/// The box the search keeps to (the scene's, grown as the planner grows it).
fn bounds(s: &Scene) -> [f64; 4] {
    let b = s.options.body.unwrap();
    let m = 2.0 * s.radius + b.length + b.width + s.options.clearance;
    let mut pts: Vec<Point> = vec![s.start.position(), s.goal.position()];
    pts.extend(s.obstacles.polygons.iter().flatten().copied());
    for c in &s.obstacles.circles {
        pts.push(Point::new(c.x - c.radius, c.y - c.radius));
        pts.push(Point::new(c.x + c.radius, c.y + c.radius));
    }
    let lo = |f: fn(&Point) -> f64| pts.iter().map(f).fold(f64::INFINITY, f64::min) - m;
    let hi = |f: fn(&Point) -> f64| pts.iter().map(f).fold(f64::NEG_INFINITY, f64::max) + m;
    [lo(|p| p.x), lo(|p| p.y), hi(|p| p.x), hi(|p| p.y)]
}

#[test]
#[ignore = "writes the scenes for scripts/ompl_parking.py: make test-ompl"]
fn write_the_scenes_for_ompl() {
    let path = std::env::var("ARCLINE_PARKING_SCENES").expect("ARCLINE_PARKING_SCENES");
    let v: Vec<Value> = scenes()
        .iter()
        .map(|s| {
            let b = s.options.body.unwrap();
            json!({
                "name": s.name,
                "radius": s.radius,
                "start": [s.start.x, s.start.y, s.start.heading],
                "goal": [s.goal.x, s.goal.y, s.goal.heading],
                "body": { "length": b.length, "width": b.width, "rear": b.rear },
                "clearance": s.options.clearance,
                "circles": s.obstacles.circles.iter().map(|c| [c.x, c.y, c.radius]).collect::<Vec<_>>(),
                "polygons": s.obstacles.polygons.iter()
                    .map(|p| p.iter().map(|q| [q.x, q.y]).collect::<Vec<_>>()).collect::<Vec<_>>(),
                "bounds": bounds(s),
            })
        })
        .collect();
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
}

#[test]
#[ignore = "needs OMPL's results: make test-ompl"]
fn every_scene_ompl_solves_we_solve() {
    let path = std::env::var("ARCLINE_OMPL_PARKING").expect("ARCLINE_OMPL_PARKING");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let theirs: Vec<Value> = serde_json::from_str(&text).unwrap();
    let scenes = scenes();
    assert_eq!(theirs.len(), scenes.len(), "{path}: one record per scene");
    let (mut ratios, mut longer) = (Vec::new(), Vec::new());
    let mut unsolved_by_us = Vec::new();
    let (mut our_ms, mut their_first, mut their_solved) = (Vec::new(), Vec::new(), 0usize);
    for (s, t) in scenes.iter().zip(&theirs) {
        assert_eq!(t["name"].as_str(), Some(s.name.as_str()));
        let clock = std::time::Instant::now();
        let options = AroundOptions {
            max_expanded: 50_000,
            ..s.options
        };
        let plan = plan_around(s.start, s.goal, s.radius, &s.obstacles, &options).unwrap();
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        let ours = plan.path().map(|p| p.length());
        let their = t["length"].as_f64();
        our_ms.push(ms);
        if let (Some(_), Some(first)) = (their, t["firstSeconds"].as_f64()) {
            their_solved += 1;
            their_first.push(first);
        }
        eprintln!(
            "{:>10}: ours {:?} ({} expanded, {ms:.1} ms), OMPL {:?} (first after {:?} s)",
            s.name,
            ours,
            plan.expanded,
            their,
            t["firstSeconds"].as_f64()
        );
        match (ours, their) {
            (Some(a), Some(b)) => {
                ratios.push(a / b);
                if a > b * (1.0 + 1e-9) {
                    longer.push((s.name.clone(), a, b));
                }
            }
            (None, Some(_)) => unsolved_by_us.push(s.name.clone()),
            _ => {}
        }
    }
    let mean = ratios.iter().sum::<f64>() / ratios.len().max(1) as f64;
    eprintln!(
        "both solved {}, mean length ratio ours/OMPL {mean:.4}; longer than OMPL's: {longer:?}",
        ratios.len()
    );
    assert!(
        unsolved_by_us.is_empty(),
        "OMPL solved, we did not: {unsolved_by_us:?}"
    );
    // Never longer than OMPL's on any scene (up to rounding): the search's
    // path, shortcut and polished (`polish.rs`), against RRT*'s after its
    // budget.
    let worst = ratios.iter().copied().fold(0.0, f64::max);
    if let Some(out) = std::env::var("ARCLINE_OMPL_PARKING_SUMMARY")
        .ok()
        .filter(|s| !s.is_empty())
    {
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v.get(v.len().saturating_sub(1) / 2).copied()
        };
        let summary = json!({
            "scenes": scenes.len(),
            "omplSolved": their_solved,
            "bothSolved": ratios.len(),
            "meanRatio": mean,
            "worstRatio": worst,
            "longer": longer.iter().map(|(n, a, b)| json!({ "name": n, "ours": a, "ompl": b })).collect::<Vec<_>>(),
            "oursMedianMs": median(our_ms.clone()),
            "oursMaxMs": our_ms.iter().copied().fold(0.0, f64::max),
            "omplFirstMedianSeconds": median(their_first),
        });
        std::fs::write(&out, summary.to_string()).unwrap_or_else(|e| panic!("{out}: {e}"));
    }
    assert!(longer.is_empty(), "longer than OMPL's: {longer:?}");
    assert!(mean <= 1.0, "mean ratio {mean}");
}
