#![cfg(not(target_arch = "wasm32"))]
//! Numeric edges, one named test each: nearly parallel continuation lines,
//! nearly collinear poses, headings at ±π, coordinates around 1e6, radii
//! around 1e-6 and 1e6. Expected values are computed here (by hand, from
//! the seed's formulas with `std` floats, or by the `dubins_paths` crate).

use arcline::geom::*;
use arcline::planner::*;
use arcline::road::{connect_profiles, Lane, LaneKind, PieceKind, Profile, RoadPiece};
use arcline::steering::*;
use arcline::*;
use core::f64::consts::{FRAC_PI_2, PI, TAU};
use dubins_paths::f64::{DubinsPath, PosRot};

fn peer_length(s: Pose, g: Pose, r: f64) -> f64 {
    DubinsPath::shortest_from(
        PosRot::from_floats(s.x, s.y, s.heading),
        PosRot::from_floats(g.x, g.y, g.heading),
        r,
    )
    .expect("peer finds a path")
    .length()
}

fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / a.abs().max(b.abs()).max(1e-300)
}

fn ang(a: f64, b: f64) -> f64 {
    normalize_angle(a - b).abs()
}

fn lanes(n: usize, w: f64) -> Vec<Lane> {
    vec![Lane::new(LaneKind::Driving, w); n]
}

fn prof(x: f64, y: f64, h: f64, l: &[Lane]) -> Profile {
    Profile {
        x,
        y,
        heading: h,
        lanes: l.to_vec(),
    }
}

/// Every edge of a piece starts and ends at the edge points (within `tol`)
/// and has no gap or heading jump above `tol` / 1e-9 rad.
fn assert_piece_ok(a: &Profile, b: &Profile, p: &RoadPiece, tol: f64) {
    for (i, e) in p.boundaries.iter().enumerate() {
        let (s, t) = (e.start_pose(), e.end_pose());
        assert!(
            s.position().distance(a.edge_points()[i]) <= tol,
            "edge {i} start {s:?}"
        );
        assert!(
            t.position().distance(b.edge_points()[i]) <= tol,
            "edge {i} end {t:?}"
        );
        assert!(e.is_g1(tol.max(1e-9)), "edge {i} not G1");
    }
}

// ---- planner --------------------------------------------------------------

#[test]
fn dubins_between_nearly_collinear_poses_is_nearly_the_straight_distance() {
    for lateral in [1e-15, 1e-12, 1e-9, 1e-6] {
        let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(100.0, lateral, 0.0));
        let p = dubins_shortest(s, g, 1.0).unwrap();
        // An S of two arcs of angle α: lateral = 2r(1 − cos α) ⇒ extra length O(lateral).
        assert!(
            p.length() >= 100.0 && p.length() - 100.0 < 1e-6 + lateral,
            "{}",
            p.length()
        );
        assert!(p.end_pose().approx_eq(g, 1e-12), "{:?}", p.end_pose());
        assert!(rel(p.length(), peer_length(s, g, 1.0)) < 1e-9);
    }
}

#[test]
fn dubins_to_a_goal_nearly_straight_behind_turns_around() {
    // The goal 1e-9 off the heading line, 10 behind, same heading: a loop.
    let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(-10.0, 1e-9, 0.0));
    let p = dubins_shortest(s, g, 1.0).unwrap();
    assert!(rel(p.length(), peer_length(s, g, 1.0)) < 1e-9);
    assert!(p.end_pose().approx_eq(g, 1e-12));
}

#[test]
fn dubins_headings_at_plus_and_minus_pi_are_one_heading() {
    for (h0, h1) in [(PI, -PI), (-PI, PI), (PI, PI), (-PI, -PI)] {
        let p = dubins_shortest(Pose::new(0.0, 0.0, h0), Pose::new(-10.0, 0.0, h1), 1.0).unwrap();
        assert!(
            (p.length() - 10.0).abs() < 1e-12,
            "{h0} {h1}: {}",
            p.length()
        );
        let e = p.end_pose();
        assert!(ang(e.heading, PI) < 1e-15 && (e.x + 10.0).abs() < 1e-12 && e.y.abs() < 1e-12);
    }
    // Turning through ±π: the same length whichever sign π is written with.
    let a = dubins_length(Pose::new(0.0, 0.0, PI), Pose::new(3.0, 4.0, FRAC_PI_2), 1.0).unwrap();
    let b = dubins_length(
        Pose::new(0.0, 0.0, -PI),
        Pose::new(3.0, 4.0, FRAC_PI_2),
        1.0,
    )
    .unwrap();
    assert!(rel(a.0, b.0) < 1e-14 && a.1 == b.1);
}

#[test]
fn dubins_around_coordinates_of_1e6_matches_the_query_at_the_origin() {
    let (s, g) = (Pose::new(0.3, -0.2, 0.4), Pose::new(4.5, 2.7, -2.0));
    let (dx, dy) = (1e6, -1e6);
    let far = |p: Pose| Pose::new(p.x + dx, p.y + dy, p.heading);
    let near = dubins_shortest(s, g, 1.5).unwrap();
    let there = dubins_shortest(far(s), far(g), 1.5).unwrap();
    assert_eq!(near.word(), there.word());
    // Coordinates of 1e6 carry 1.2e-10 of precision.
    assert!((near.length() - there.length()).abs() < 1e-8);
    assert!(there.end_pose().approx_eq(far(g), 1e-9));
    assert!(there.is_g1(1e-9));
}

#[test]
fn dubins_with_a_radius_of_1e_minus_6_is_the_distance_plus_a_tiny_turn() {
    let r = 1e-6;
    let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(10.0, 0.0, PI));
    let p = dubins_shortest(s, g, r).unwrap();
    // Straight, then a U-turn of radius r: 10 + πr, give or take 2r.
    assert!(
        (p.length() - (10.0 + PI * r)).abs() < 2.0 * r,
        "{}",
        p.length()
    );
    assert!(rel(p.length(), peer_length(s, g, r)) < 1e-9);
    assert!(p.end_pose().approx_eq(g, 1e-12));
    assert!(p.is_g1(1e-9));
}

#[test]
fn dubins_with_a_radius_of_1e6_goes_round_a_huge_circle() {
    let r = 1e6;
    // One unit ahead: straight. Facing back at the start: nearly a full
    // circle of radius r (an RLR/LRL or a loop), far longer than 1.
    let p = dubins_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(1.0, 0.0, 0.0), r).unwrap();
    assert!((p.length() - 1.0).abs() < 1e-9);
    let (s, g) = (Pose::new(0.0, 0.0, 0.0), Pose::new(0.0, 0.0, PI));
    let p = dubins_shortest(s, g, r).unwrap();
    assert!(rel(p.length(), peer_length(s, g, r)) < 1e-9);
    assert!(p.length() > PI * r);
    assert!(p.end_pose().approx_eq(g, 1e-9 * r));
}

/// The seed's turn-then-go for the right circle, computed here with `std`.
fn seed_right_turn(start: Pose, target: Point, r: f64) -> Option<f64> {
    let angle_to_p = start.heading - FRAC_PI_2;
    let (px, py) = (
        start.x + r * angle_to_p.cos(),
        start.y + r * angle_to_p.sin(),
    );
    let (dx, dy) = (target.x - px, target.y - py);
    let h = (dx * dx + dy * dy).sqrt();
    if h < r {
        return None;
    }
    let d = (h * h - r * r).sqrt();
    let theta = (r / h).acos();
    let phi = dy.atan2(dx);
    let q = phi + theta;
    let start_angle = angle_to_p + PI;
    let sweep = (start_angle - q).rem_euclid(TAU);
    Some(r * sweep + d)
}

#[test]
fn turn_then_go_with_radii_of_1e_minus_6_and_1e6_follows_the_seed() {
    // Radius 1e6, a target just ahead-left: inside the left circle, so the
    // right turn goes nearly all the way round.
    let (s, t) = (Pose::new(0.0, 0.0, 0.0), Point::new(1.0, 1.0));
    let p = plan_turn(s, t, 1e6).unwrap().unwrap();
    assert_eq!(p.word(), "RS");
    let want = seed_right_turn(s, t, 1e6).unwrap();
    assert!(rel(p.length(), want) < 1e-9, "{} vs {want}", p.length());
    assert!(p.length() > 6.0e6);
    // Radius 1e-6, a target 10 away to the right: a tiny turn, then the line.
    let t = Point::new(10.0, -10.0);
    let p = plan_turn(s, t, 1e-6).unwrap().unwrap();
    let want = seed_right_turn(s, t, 1e-6).unwrap();
    assert!(rel(p.length(), want) < 1e-12);
    assert!((p.length() - 200f64.sqrt()).abs() < 1e-6);
    assert!(p.end_pose().position().distance(t) < 1e-12);
}

#[test]
fn turn_then_go_around_coordinates_of_1e6_matches_the_origin() {
    let (s, t) = (Pose::new(0.0, 0.0, 2.0), Point::new(-3.0, 1.0));
    let (dx, dy) = (-1e6, 1e6);
    let near = plan_turn(s, t, 2.5).unwrap().unwrap();
    let there = plan_turn(Pose::new(dx, dy, 2.0), Point::new(t.x + dx, t.y + dy), 2.5)
        .unwrap()
        .unwrap();
    assert_eq!(near.word(), there.word());
    assert!((near.length() - there.length()).abs() < 1e-8);
}

// ---- roads ----------------------------------------------------------------

#[test]
fn road_with_nearly_parallel_continuation_lines_is_a_huge_fillet() {
    // θ = 1e-6, legs of 50 each: a pure arc of radius 50 / tan(5e-7) = 1e8.
    let l = lanes(2, 3.5);
    let theta: f64 = 1e-6;
    let a = prof(0.0, 0.0, 0.0, &l);
    // b = a + 50·da + 50·db
    let b = prof(50.0 + 50.0 * theta.cos(), 50.0 * theta.sin(), theta, &l);
    let p = connect_profiles(&a, &b).unwrap();
    assert_eq!(p.kind, PieceKind::ArcLine);
    let Segment::Arc(arc) = p.centerline.segments()[0] else {
        panic!("expected an arc")
    };
    let want = 50.0 / (theta / 2.0).tan();
    assert!(rel(arc.radius, want) < 1e-8, "{} vs {want}", arc.radius);
    // Points of an arc of radius 1e8 are as precise as ~1e-8.
    assert_piece_ok(&a, &b, &p, 1e-7);
}

#[test]
fn road_with_continuation_lines_at_the_parallel_tolerance_is_built_or_refused_by_name() {
    let l = lanes(3, 3.0);
    let a = prof(0.0, 0.0, 0.0, &l);
    for theta in [5e-10, 1e-9, 2e-9, 1e-8] {
        for lateral in [0.0, 1e-6, 1.0, 20.0] {
            let b = prof(100.0, lateral, theta, &l);
            match connect_profiles(&a, &b) {
                Ok(p) => {
                    // Arcs of radius up to ~1e13 here: their points are as
                    // precise as ~1e-16 of that (the module's documented limit).
                    let r = p
                        .centerline
                        .segments()
                        .iter()
                        .map(|s| match s {
                            Segment::Arc(a) => a.radius,
                            Segment::Line(_) | Segment::Clothoid(_) => 0.0,
                        })
                        .fold(0.0, f64::max);
                    // Pairs parallel within 1e-9 keep their edges parallel
                    // to the centreline: they end within 1e-9 · W/2.
                    assert_piece_ok(&a, &b, &p, 1e-9 + 1e-9 * a.width() / 2.0 + 1e-15 * r);
                }
                Err(e) => assert!(
                    matches!(
                        e.reason(),
                        Reason::LanesWiderThanTurn { .. } | Reason::Unsolvable(_)
                    ),
                    "{theta} {lateral}: {e}"
                ),
            }
        }
    }
}

#[test]
fn road_headings_at_plus_and_minus_pi_are_one_heading() {
    let l = lanes(2, 3.0);
    for (h0, h1) in [(PI, -PI), (-PI, PI)] {
        let (a, b) = (prof(0.0, 0.0, h0, &l), prof(-10.0, 0.0, h1, &l));
        let p = connect_profiles(&a, &b).unwrap();
        assert_eq!(p.kind, PieceKind::Straight);
        assert!((p.centerline.length() - 10.0).abs() < 1e-12);
        assert_piece_ok(&a, &b, &p, 1e-12);
    }
    // A U-turn from heading π to heading 0 (= −π + π) 20 to the left.
    let (a, b) = (prof(0.0, 0.0, PI, &l), prof(0.0, -20.0, 0.0, &l));
    let p = connect_profiles(&a, &b).unwrap();
    assert_eq!(p.kind, PieceKind::UTurn);
    assert_piece_ok(&a, &b, &p, 1e-12);
}

#[test]
fn road_around_coordinates_of_1e6_matches_the_origin() {
    let l = lanes(3, 3.25);
    let (a, b) = (prof(0.0, 0.0, 0.3, &l), prof(40.0, 30.0, 1.4, &l));
    let (dx, dy) = (1e6, 1e6);
    let (fa, fb) = (prof(dx, dy, 0.3, &l), prof(40.0 + dx, 30.0 + dy, 1.4, &l));
    let near = connect_profiles(&a, &b).unwrap();
    let there = connect_profiles(&fa, &fb).unwrap();
    assert_eq!(near.kind, there.kind);
    assert!((near.centerline.length() - there.centerline.length()).abs() < 1e-8);
    assert_piece_ok(&fa, &fb, &there, 1e-9);
}

#[test]
fn road_a_micrometre_wide_is_the_metre_road_scaled() {
    for k in [1e-6, 1e6] {
        let (l1, lk) = (lanes(2, 3.0), lanes(2, 3.0 * k));
        let cases = [
            (40.0, 30.0, 1.4),
            (100.0, 20.0, 0.0),
            (0.0, 40.0, PI),
            (100.0, 1e-8, 0.0),
        ];
        for (x, y, h) in cases {
            let one = connect_profiles(&prof(0.0, 0.0, 0.0, &l1), &prof(x, y, h, &l1)).unwrap();
            let (a, b) = (prof(0.0, 0.0, 0.0, &lk), prof(x * k, y * k, h, &lk));
            let scaled = connect_profiles(&a, &b).unwrap();
            assert_eq!(one.kind, scaled.kind, "{k}: {x} {y} {h}");
            assert!(rel(one.centerline.length() * k, scaled.centerline.length()) < 1e-9);
            assert_piece_ok(&a, &b, &scaled, 1e-9 * k);
        }
    }
}

// ---- geometry -------------------------------------------------------------

#[test]
fn arcs_of_radius_1e_minus_6_and_1e6_end_where_a_quarter_turn_ends() {
    for r in [1e-6, 1e6] {
        let a = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), r, 1.0, FRAC_PI_2);
        let e = a.pose_at(a.length());
        assert!(
            e.approx_eq(Pose::new(r, r, FRAC_PI_2), 1e-15 * r.max(1.0)),
            "{e:?}"
        );
        assert_eq!(a.offset(r / 2.0).unwrap().radius, r / 2.0);
        assert!(a.offset(r).is_err());
        assert_eq!(a.offset(-r).unwrap().radius, 2.0 * r);
    }
}

#[test]
fn nearly_parallel_lines_cross_where_the_algebra_says() {
    // y = 0 and y = ε·(x − 3): they cross at (3, 0) for every ε.
    for eps in [1e-15, 1e-12, 1e-9, 1e-3] {
        let a = Line::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        let b = Line::new(Point::new(0.0, -3.0 * eps), Point::new(10.0, 7.0 * eps));
        let hits = line_line(&a, &b);
        assert_eq!(hits.len(), 1, "{eps}");
        let p = hits.as_slice()[0];
        // The crossing is as precise as the end points over the angle.
        assert!(
            (p.x - 3.0).abs() < 1e-15 / eps + 1e-12 && p.y.abs() < 1e-15,
            "{eps}: {p:?}"
        );
    }
}

// ---- steering -------------------------------------------------------------

#[test]
fn steering_headings_at_plus_and_minus_pi_read_pi() {
    let mut w = World::new(1);
    let ids: Vec<VehicleId> = [0.0, -0.0]
        .iter()
        .map(|&vy| {
            let spec = VehicleSpec::new(0.0, 0.0, 2.0, 1.0).with_velocity(Vec2::new(-1.0, vy));
            w.add_vehicle(spec).unwrap()
        })
        .collect();
    for &id in &ids {
        w.set_behaviors(id, vec![Behavior::seek(Point::new(-1e3, 0.0))])
            .unwrap();
    }
    for _ in 0..10 {
        w.step(1.0);
    }
    for &id in &ids {
        let s = w.vehicle(id).unwrap();
        assert_eq!(s.velocity, Vec2::new(-2.0, 0.0), "{s:?}");
        assert!(
            ang(s.heading, PI) < 1e-15 && s.heading > 0.0,
            "heading {}",
            s.heading
        );
    }
}

#[test]
fn steering_around_coordinates_of_1e6_moves_as_at_the_origin() {
    let run = |ox: f64, oy: f64| {
        let mut w = World::new(3);
        let id = w
            .add_vehicle(VehicleSpec::new(ox, oy, 2.0, 0.3).with_velocity(Vec2::new(0.0, 1.0)))
            .unwrap();
        w.set_behaviors(
            id,
            vec![Behavior::new(BehaviorKind::Arrive {
                target: Point::new(ox + 30.0, oy - 20.0),
                slowing_radius: 8.0,
            })],
        )
        .unwrap();
        for _ in 0..500 {
            w.step(0.5);
        }
        let s = w.vehicle(id).unwrap();
        (s.position.x - ox, s.position.y - oy)
    };
    let (a, b) = (run(0.0, 0.0), run(1e6, -1e6));
    // It arrived (independently: the target is (30, −20) from the start).
    assert!(
        (a.0 - 30.0).abs() < 1e-6 && (a.1 + 20.0).abs() < 1e-6,
        "{a:?}"
    );
    assert!(
        (a.0 - b.0).abs() < 1e-8 && (a.1 - b.1).abs() < 1e-8,
        "{a:?} {b:?}"
    );
}
