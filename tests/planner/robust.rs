#![cfg(not(target_arch = "wasm32"))]
//! Adversarial property tests of the planner (the stable-toolchain stand-in
//! for `cargo fuzz`): extreme magnitudes (coordinates up to 1e6 away from the
//! origin, radii from 1e-6 to 1e6), goals on or just off the turning circles,
//! nearly collinear and nearly coincident poses, headings at ±π and far
//! outside (−π, π], goals at the LSR/RSL (2r) and RLR/LRL (4r) feasibility
//! boundaries.
//!
//! Invariants, computed here independently of the planner:
//! every number finite; every segment valid; paths G1 (position gaps within a
//! tolerance relative to the scale of the query, headings within 1e-9 rad,
//! widened for a line only by what its end points' rounding allows); start at
//! the start pose and end at the goal pose (relative tolerance); Dubins
//! shortest ≥ the straight distance, ≤ every candidate, ≤ distance + (2 + 4π)r,
//! equal to `dubins_length` and to the batch; turn-then-go: arc then line to
//! the target, the shorter reachable side; errors only where documented.
//!
//! `ROBUST_CASES=200000 cargo test --release --test robust_planner -- --include-ignored`
//! runs the heavy variants (the default cases keep `cargo test` short).

use arcline::geom::*;
use arcline::planner::*;
use core::f64::consts::{PI, TAU};
use proptest::prelude::*;

fn cases(default: u32) -> u32 {
    std::env::var("ROBUST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Raw draws for one adversarial query; `query` turns them into poses.
#[derive(Debug, Clone, Copy)]
struct Draw {
    r_exp: f64,
    base: u8,
    base_u: (f64, f64),
    head_kind: u8,
    head_u: f64,
    goal_kind: u8,
    g: (f64, f64, f64),
    goal_head_kind: u8,
    gh_u: f64,
}

fn draw() -> impl Strategy<Value = Draw> {
    (
        (-6.0..6.0f64, 0u8..4, (-1.0..1.0f64, -1.0..1.0f64)),
        (0u8..6, -1.0..1.0f64),
        (0u8..9, (-1.0..1.0f64, -1.0..1.0f64, 0.0..1.0f64)),
        (0u8..7, -1.0..1.0f64),
    )
        .prop_map(
            |(
                (r_exp, base, base_u),
                (head_kind, head_u),
                (goal_kind, g),
                (goal_head_kind, gh_u),
            )| {
                Draw {
                    r_exp,
                    base,
                    base_u,
                    head_kind,
                    head_u,
                    goal_kind,
                    g,
                    goal_head_kind,
                    gh_u,
                }
            },
        )
}

/// A heading: anywhere, exactly ±π, a hair off ±π, or far outside (−π, π].
fn heading(kind: u8, u: f64) -> f64 {
    match kind {
        0 => PI,
        1 => -PI,
        2 => PI - u.abs() * 1e-12,
        3 => -PI + u.abs() * 1e-15,
        4 => u * 1e4,
        _ => u * PI,
    }
}

fn left_of(h: f64) -> (f64, f64) {
    (-h.sin(), h.cos())
}

/// The query `(start, goal, r)` of a draw.
fn query(d: &Draw) -> (Pose, Pose, f64) {
    let r = 10f64.powf(d.r_exp) * (1.0 + d.base_u.0.abs());
    let (bx, by) = match d.base {
        0 => (0.0, 0.0),
        1 => (1e6 * d.base_u.0, 1e6 * d.base_u.1),
        2 => (1e6, -1e6),
        _ => (100.0 * d.base_u.0, 100.0 * d.base_u.1),
    };
    let h0 = heading(d.head_kind, d.head_u);
    let start = Pose::new(bx, by, h0);
    let (fx, fy) = (h0.cos(), h0.sin());
    let (lx, ly) = left_of(h0);
    let (u, v, w) = d.g;
    // Goal position in the start's frame (forward, left), in units of r.
    let (f, l) = match d.goal_kind {
        // Anywhere near.
        0 => (10.0 * u, 10.0 * v),
        // On a start turning circle (left or right) at angle φ.
        1 => {
            let phi = u * PI;
            let side = if v < 0.0 { -1.0 } else { 1.0 };
            (phi.sin(), side * (1.0 - phi.cos()))
        }
        // Just off a turning circle.
        2 => {
            let phi = u * PI;
            let side = if v < 0.0 { -1.0 } else { 1.0 };
            let k = 1.0 + v * 1e-9;
            (k * phi.sin(), side * (1.0 - k * phi.cos()))
        }
        // Nearly collinear: ahead or behind, a hair to the side.
        3 => {
            let dist = 1.0 + 100.0 * u.abs();
            let sgn = if u < 0.0 { -1.0 } else { 1.0 };
            (sgn * dist, v * 10f64.powf(-15.0 + 12.0 * w) * dist)
        }
        // Nearly coincident.
        4 => {
            let s = 10f64.powf(-13.0 + 8.0 * w);
            (u * s, v * s)
        }
        // Far.
        5 => (10f64.powf(3.0 + 3.0 * w) * u, 10f64.powf(3.0 + 3.0 * w) * v),
        // Goal whose circle centres are 2r or 4r apart (word feasibility edges).
        6 | 7 => {
            let k = if d.goal_kind == 6 { 2.0 } else { 4.0 };
            let a = u * PI;
            (k * a.cos(), k * a.sin() * (1.0 + v * 1e-12))
        }
        // Exactly at the start.
        _ => (0.0, 0.0),
    };
    let gx = bx + r * (f * fx + l * lx);
    let gy = by + r * (f * fy + l * ly);
    let hg = match d.goal_head_kind {
        0 => h0,
        1 => h0 + PI,
        2 => h0 + d.gh_u * 1e-12,
        3 => h0 + PI + d.gh_u * 1e-12,
        4 => heading(d.head_kind ^ 1, d.gh_u),
        _ => d.gh_u * PI,
    };
    (start, Pose::new(gx, gy, hg), r)
}

/// The angle between two headings, each reduced first (so a heading of 1e151
/// compares with its reduced self, where `a - b` would lose everything).
fn ang(a: f64, b: f64) -> f64 {
    normalize_angle(normalize_angle(a) - normalize_angle(b)).abs()
}

/// Position tolerance: a relative 1e-12 of the largest magnitude involved.
fn pos_tol(start: Pose, goal: Pose, r: f64) -> f64 {
    let m = start
        .x
        .abs()
        .max(start.y.abs())
        .max(goal.x.abs())
        .max(goal.y.abs())
        .max(r)
        .max(start.position().distance(goal.position()));
    1e-12 * m.max(1e-300)
}

fn finite_path(p: &Path) -> Result<(), TestCaseError> {
    prop_assert!(!p.segments().is_empty());
    for s in p.segments() {
        prop_assert!(s.is_valid(), "invalid segment {:?}", s);
        prop_assert!(s.length().is_finite());
    }
    prop_assert!(p.length().is_finite());
    let (a, b) = (p.start_pose(), p.end_pose());
    prop_assert!(a.is_finite() && b.is_finite());
    Ok(())
}

/// G1 checked here: consecutive segments meet within `tol`; headings agree
/// within 1e-9 rad, plus, for a line, the angle its end points' rounding
/// (`tol`) can tilt it by.
///
/// The planner snaps a sweep within [`FULL_TURN_SNAP`] of 2π to 0 (a loop
/// that is only rounding around a tangent point): that moves a joint by up
/// to `FULL_TURN_SNAP·r` and turns it by as much, so callers add that to `tol`
/// (`snap` = `FULL_TURN_SNAP` for planner paths).
fn g1(p: &Path, tol: f64, snap: f64) -> Result<(), TestCaseError> {
    let segs = p.segments();
    for (i, w) in segs.windows(2).enumerate() {
        let (s, t) = (&w[0], &w[1]);
        prop_assert!(
            s.end().distance(t.start()) <= tol,
            "gap {} at joint {}",
            s.end().distance(t.start()),
            i
        );
        if let (Some(h1), Some(h2)) = (s.end_heading(), t.start_heading()) {
            let mut slack = 1e-9 + 2.0 * snap;
            for seg in [s, t] {
                if let Segment::Line(l) = seg {
                    slack += 4.0 * tol / l.length().max(1e-300);
                }
            }
            if slack < 1.0 {
                prop_assert!(
                    ang(h1, h2) <= slack,
                    "heading jump {} (slack {}) at joint {}",
                    ang(h1, h2),
                    slack,
                    i
                );
            }
        }
    }
    Ok(())
}

fn check_dubins(start: Pose, goal: Pose, r: f64) -> Result<(), TestCaseError> {
    let dist = start.position().distance(goal.position());
    // Start and goal closer than NEAR·r (headings within NEAR) coincide by
    // definition: the path is then the zero-length one at the start.
    let coincident = dist <= NEAR * r && ang(start.heading, goal.heading) <= NEAR;
    let tol = pos_tol(start, goal, r) + if coincident { NEAR * r } else { 0.0 };
    let shortest = dubins_shortest(start, goal, r);
    let shortest = match shortest {
        Ok(p) => p,
        Err(e) => {
            prop_assert!(false, "dubins_shortest failed on valid input: {}", e);
            unreachable!()
        }
    };
    finite_path(&shortest)?;
    g1(&shortest, tol + 2.0 * FULL_TURN_SNAP * r, FULL_TURN_SNAP)?;
    let len = shortest.length();
    let (s0, s1) = (shortest.start_pose(), shortest.end_pose());
    prop_assert!(
        s0.position().distance(start.position()) <= tol,
        "start off by {}",
        s0.position().distance(start.position())
    );
    prop_assert!(ang(s0.heading, start.heading) <= 1e-9);
    prop_assert!(
        s1.position().distance(goal.position()) <= tol,
        "end off by {} (tol {})",
        s1.position().distance(goal.position()),
        tol
    );
    // The goal heading: exact unless the path is a (near) zero-length
    // coincident path, whose heading is the start's.
    if !coincident {
        prop_assert!(
            ang(s1.heading, goal.heading) <= 1e-9,
            "end heading off by {}",
            ang(s1.heading, goal.heading)
        );
    }
    prop_assert!(len >= dist - tol, "length {} below distance {}", len, dist);
    prop_assert!(
        len <= dist + (2.0 + 2.0 * TAU) * r + tol,
        "length {} above the bound (dist {}, r {})",
        len,
        dist,
        r
    );
    let (l2, word) =
        dubins_length(start, goal, r).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(l2.is_finite());
    // Turning circles whose centres are within NEAR·r are the same circle by
    // definition (a pure arc); the built path then bridges the gap with a
    // line, so its length may differ from dubins_length by that much.
    let centre = |p: Pose, side: f64| {
        Point::new(
            p.x - side * r * p.heading.sin(),
            p.y + side * r * p.heading.cos(),
        )
    };
    let same_circle = [1.0, -1.0]
        .iter()
        .any(|&k| centre(start, k).distance(centre(goal, k)) <= 2.0 * NEAR * r);
    let rel = 1e-12 * len.max(r) + if same_circle { 2.0 * NEAR * r } else { 0.0 };
    prop_assert!(
        (l2 - len).abs() <= rel + tol,
        "length {} vs path {}",
        l2,
        len
    );
    if let Some(w) = word {
        // The word's letters: the path has the word or an equally short one.
        prop_assert_eq!(shortest.word().len(), 3);
        let _ = w;
    }
    let mut out = [f64::NAN];
    dubins_lengths(
        &[
            start.x,
            start.y,
            start.heading,
            goal.x,
            goal.y,
            goal.heading,
        ],
        r,
        &mut out,
    )
    .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(out[0].to_bits(), l2.to_bits());
    let cands =
        dubins_candidates(start, goal, r).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(cands.len() >= 2 && cands.len() <= 6);
    let mut min = f64::INFINITY;
    for (w, p) in &cands {
        finite_path(p)?;
        g1(p, tol + 2.0 * FULL_TURN_SNAP * r, FULL_TURN_SNAP)?;
        prop_assert_eq!(p.word(), w.as_str());
        prop_assert!(p.start_pose().position().distance(start.position()) <= tol);
        prop_assert!(
            p.end_pose().position().distance(goal.position()) <= tol,
            "{} ends {} off",
            w,
            p.end_pose().position().distance(goal.position())
        );
        prop_assert!(
            ang(p.end_pose().heading, goal.heading) <= 1e-9,
            "{} end heading",
            w
        );
        prop_assert!(p.length() >= dist - tol);
        min = min.min(p.length());
    }
    if word.is_some() {
        prop_assert!(
            len <= min + rel + tol,
            "shortest {} > candidate {}",
            len,
            min
        );
        prop_assert!(
            len >= min - rel - tol,
            "shortest {} < every candidate {}",
            len,
            min
        );
    }
    Ok(())
}

fn check_turn(start: Pose, target: Point, r: f64) -> Result<(), TestCaseError> {
    let goal = Pose::new(target.x, target.y, 0.0);
    let tol = pos_tol(start, goal, r);
    let dist = start.position().distance(target);
    match plan_turn(start, target, r) {
        Ok(Some(p)) => {
            finite_path(&p)?;
            g1(&p, tol + FULL_TURN_SNAP * r, FULL_TURN_SNAP)?;
            prop_assert_eq!(p.segments().len(), 2);
            prop_assert!(matches!(p.segments()[0], Segment::Arc(_)));
            prop_assert!(matches!(p.segments()[1], Segment::Line(_)));
            let s = p.start_pose();
            prop_assert!(s.position().distance(start.position()) <= tol);
            prop_assert!(ang(s.heading, start.heading) <= 1e-9);
            prop_assert!(
                p.end_pose().position().distance(target) <= tol,
                "end off by {}",
                p.end_pose().position().distance(target)
            );
            prop_assert!(p.length() >= dist - tol);
            // Never more than a full turn plus the way out from the circle.
            prop_assert!(p.length() <= TAU * r + dist + r + tol);
            // The arc's radius is r; the target is not inside its circle.
            if let Segment::Arc(a) = p.segments()[0] {
                prop_assert_eq!(a.radius, r);
                prop_assert!(a.center.distance(target) >= r * (1.0 - 1e-9) - tol);
                prop_assert!(a.sweep.abs() < TAU);
            }
            // The shorter reachable side.
            let sides = turn_then_go_sides(start, target, r)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            for side in [&sides.left, &sides.right] {
                if let Some(l) = side.length() {
                    prop_assert!(p.length() <= l + 1e-12 * l.max(r));
                }
            }
        }
        Ok(None) => {
            // At the start, to the precision of the coordinates: with r tiny
            // against them, the circles' centres are only that precise.
            prop_assert!(dist <= NEAR * r + tol, "TargetAtStart at distance {}", dist);
        }
        Err(e) => prop_assert!(false, "unexpected error {}", e),
    }
    Ok(())
}

/// A target 1.57e-6 behind a start a million from the origin, with a
/// turning radius of 0.04: it lies outside both turning circles by only
/// 3e-11, less than the circles' centres are precise there (about 1e-10),
/// so both sides found it inside, and the planner gave no path. It is on
/// the circle to that precision: a pure arc all the way round.
#[test]
fn a_target_just_behind_a_far_start_is_reached_round_the_circle() {
    let d = Draw {
        r_exp: -1.6745315050980922,
        base: 1,
        base_u: (0.9545100570547487, 0.7392774618855622),
        head_kind: 0,
        head_u: 0.0,
        goal_kind: 1,
        g: (-1.2085596229424975e-5, 0.0, 0.0),
        goal_head_kind: 0,
        gh_u: 0.0,
    };
    let (s, g, r) = query(&d);
    assert!((s.position().distance(g.position()) - 1.57e-6).abs() < 1e-8);
    check_turn(s, g.position(), r).unwrap();
    let p = plan_turn(s, g.position(), r).unwrap().unwrap();
    assert!((p.length() - TAU * r).abs() < 1e-4 * r, "{}", p.length());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(100_000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn dubins_on_adversarial_queries(d in draw()) {
        let (s, g, r) = query(&d);
        check_dubins(s, g, r)?;
    }

    #[test]
    fn turn_then_go_on_adversarial_queries(d in draw()) {
        let (s, g, r) = query(&d);
        check_turn(s, g.position(), r)?;
    }

    #[test]
    fn motion_along_a_dubins_path_stays_on_it(d in draw(), t in -0.5..1.5f64) {
        let (s, g, r) = query(&d);
        if let Ok(p) = dubins_shortest(s, g, r) {
            let q = p.pose_at(t * p.length());
            prop_assert!(q.is_finite());
            let m = pose_at_time(&p, 2.0, t * p.length() / 2.0);
            prop_assert!(m.is_finite());
            prop_assert!(m.position().distance(q.position()) <= pos_tol(s, g, r) + 1e-12 * p.length());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    /// Hostile numbers: errors, never garbage.
    #[test]
    fn non_finite_and_huge_inputs_are_errors(v in prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY), Just(1e151), Just(-1e200), Just(f64::MAX)], which in 0usize..7) {
        let mut q = [0.0, 0.0, 0.0, 5.0, 1.0, 1.0, 1.0];
        q[which] = v;
        let (s, g, r) = (Pose::new(q[0], q[1], q[2]), Pose::new(q[3], q[4], q[5]), q[6]);
        let heading_huge = (which == 2 || which == 5) && v.is_finite();
        if heading_huge {
            // A finite heading of any size is a valid heading.
            check_dubins(s, g, r)?;
        } else {
            prop_assert!(dubins_shortest(s, g, r).is_err());
            prop_assert!(dubins_candidates(s, g, r).is_err());
            prop_assert!(dubins_length(s, g, r).is_err());
            if which != 5 {
                prop_assert!(plan_turn(s, g.position(), r).is_err());
            }
        }
    }
}

#[test]
#[ignore = "heavy: 1,000,000 adversarial Dubins queries (run with --release --include-ignored)"]
fn dubins_heavy_million() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 1_000_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    runner
        .run(&draw(), |d| {
            let (s, g, r) = query(&d);
            check_dubins(s, g, r)?;
            check_turn(s, g.position(), r)
        })
        .unwrap();
}
