#![cfg(not(target_arch = "wasm32"))]
//! The seed's turn-then-go: hand-computed cases from its formulas, the named
//! edges, and properties.

use arcline::planner::{plan_turn, turn_then_go_sides, Side, Unreachable};
use arcline::{Error, Field, Point, Pose, Reason, Segment};
use core::f64::consts::{FRAC_PI_2, PI};
use proptest::prelude::*;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// The seed's right turn, written out literally (degrees as in the text).
fn seed_right(origin: Pose, dest: Point, r: f64) -> Option<(Point, Point, f64, f64)> {
    let angle_to_p = origin.heading - 90f64.to_radians();
    let p = Point::new(
        origin.x + r * angle_to_p.cos(),
        origin.y + r * angle_to_p.sin(),
    );
    let dx = dest.x - p.x;
    let dy = dest.y - p.y;
    let h = (dx * dx + dy * dy).sqrt();
    if h < r {
        return None;
    }
    let d = (h * h - r * r).sqrt();
    let theta = (r / h).acos();
    let phi = dy.atan2(dx);
    let q = Point::new(p.x + r * (phi + theta).cos(), p.y + r * (phi + theta).sin());
    Some((p, q, d, theta))
}

#[test]
fn hand_case_right_turn_matches_the_seeds_formulas() {
    // East from the origin, r = 1, target (3, −4): P = (0, −1), h = 3√2,
    // d = √17, θ = acos(1/(3√2)), φ = −π/4, arc sweep 3π/4 − θ clockwise.
    let start = Pose::new(0.0, 0.0, 0.0);
    let target = Point::new(3.0, -4.0);
    let sides = turn_then_go_sides(start, target, 1.0).unwrap();
    let right = &sides.right;
    assert!(close(right.center.x, 0.0, 1e-15) && close(right.center.y, -1.0, 1e-15));
    assert!(close(right.h, 18f64.sqrt(), 1e-14));
    let exit = right.exit.as_ref().unwrap();
    let theta = (1.0 / 18f64.sqrt()).acos();
    assert!(close(exit.d, 17f64.sqrt(), 1e-14));
    assert!(close(exit.theta, theta, 1e-14));
    assert!(close(exit.phi, -PI / 4.0, 1e-14));
    let (_, q, _, _) = seed_right(start, target, 1.0).unwrap();
    assert!(exit.exit.distance(q) < 1e-14);
    let want = (3.0 * PI / 4.0 - theta) + 17f64.sqrt();
    let path = plan_turn(start, target, 1.0).unwrap().unwrap();
    assert!(
        close(path.length(), want, 1e-13),
        "{} vs {want}",
        path.length()
    );
    assert_eq!(path.word(), "RS");
    assert_eq!(sides.best().unwrap().side, Side::Right);
    // The arc ends at Q, the line ends at the target.
    assert!(path.segments()[0].end().distance(q) < 1e-14);
    assert!(path.end_pose().position().distance(target) < 1e-14);
}

#[test]
fn hand_case_left_turn_mirrors_the_right() {
    // Mirror the previous case in the x axis: the left turn wins, same length.
    let start = Pose::new(0.0, 0.0, 0.0);
    let path = plan_turn(start, Point::new(3.0, 4.0), 1.0)
        .unwrap()
        .unwrap();
    let theta = (1.0 / 18f64.sqrt()).acos();
    assert!(close(
        path.length(),
        (3.0 * PI / 4.0 - theta) + 17f64.sqrt(),
        1e-13
    ));
    assert_eq!(path.word(), "LS");
}

#[test]
fn target_straight_ahead_gives_a_zero_length_arc() {
    for (start, target) in [
        (Pose::new(0.0, 0.0, 0.0), Point::new(5.0, 0.0)),
        (Pose::new(1.0, 2.0, PI), Point::new(-4.0, 2.0)),
        (Pose::new(1.0, 2.0, -PI), Point::new(-4.0, 2.0)),
        (Pose::new(0.0, 0.0, FRAC_PI_2), Point::new(0.0, 7.0)),
    ] {
        let p = plan_turn(start, target, 2.0).unwrap().unwrap();
        assert!(
            close(p.length(), 5.0, 1e-12) || close(p.length(), 7.0, 1e-12),
            "{p:?}"
        );
        match p.segments()[0] {
            Segment::Arc(a) => assert_eq!(a.sweep.abs(), 0.0, "no loop: {a:?}"),
            _ => panic!("an arc first"),
        }
    }
}

#[test]
fn target_on_the_turning_circle_gives_a_pure_arc_not_a_loop() {
    let start = Pose::new(0.0, 0.0, 0.0);
    // Quarter of the left circle (centre (0, 1)).
    let p = plan_turn(start, Point::new(1.0, 1.0), 1.0)
        .unwrap()
        .unwrap();
    assert!(close(p.length(), FRAC_PI_2, 1e-12), "{}", p.length());
    assert_eq!(p.word(), "LS");
    assert_eq!(p.segments()[1].length(), 0.0);
    // The top of the left circle: a half turn.
    let p = plan_turn(start, Point::new(0.0, 2.0), 1.0)
        .unwrap()
        .unwrap();
    assert!(close(p.length(), PI, 1e-12));
    // The same on the right circle, seen from the side construction.
    let sides = turn_then_go_sides(start, Point::new(1.0, -1.0), 1.0).unwrap();
    let e = sides.right.exit.as_ref().unwrap();
    assert_eq!(e.d, 0.0);
    assert_eq!(e.theta, 0.0);
    assert!(close(e.path.length(), FRAC_PI_2, 1e-12));
}

#[test]
fn target_inside_one_circle_is_reached_by_the_other_side() {
    let start = Pose::new(0.0, 0.0, 0.0);
    let target = Point::new(0.0, 0.5); // inside the left circle (centre (0, 1), r = 1)
    let sides = turn_then_go_sides(start, target, 1.0).unwrap();
    assert_eq!(sides.left.exit, Err(Unreachable::InsideCircle));
    assert!(sides.left.h < 1.0);
    assert!(sides.right.exit.is_ok());
    let p = plan_turn(start, target, 1.0).unwrap().unwrap();
    assert_eq!(p.word(), "RS");
    assert!(p.end_pose().position().distance(target) < 1e-12);
    // Seed formula for the right side gives the same length.
    let (_, _, d, theta) = seed_right(start, target, 1.0).unwrap();
    let phi = (0.5f64 + 1.0).atan2(0.0);
    let sweep = (FRAC_PI_2 - (phi + theta)).rem_euclid(2.0 * PI);
    assert!(close(p.length(), sweep + d, 1e-12));
}

#[test]
fn target_inside_both_turning_circles_is_unreachable() {
    // The circles touch only at the start: that is the one target inside
    // (on) both, and the one target with no path.
    let start = Pose::new(3.0, -2.0, 0.7);
    assert_eq!(plan_turn(start, start.position(), 1.5), Ok(None));
    let sides = turn_then_go_sides(start, start.position(), 1.5).unwrap();
    assert_eq!(sides.right.exit, Err(Unreachable::TargetAtStart));
    assert_eq!(sides.left.exit, Err(Unreachable::TargetAtStart));
    assert!(sides.best().is_none());
    // Everywhere else at least one side reaches.
    for i in 0..400 {
        let a = i as f64 * 0.1;
        let rad = 0.01 + (i % 20) as f64 * 0.2;
        let t = Point::new(3.0 + rad * a.cos(), -2.0 + rad * a.sin());
        assert!(matches!(plan_turn(start, t, 1.5), Ok(Some(_))), "{t:?}");
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let s = Pose::new(0.0, 0.0, 0.0);
    let t = Point::new(1.0, 1.0);
    let not_positive = Err(Error::at("radius", Reason::NotPositive));
    assert_eq!(plan_turn(s, t, 0.0), not_positive);
    assert_eq!(plan_turn(s, t, -1.0), not_positive);
    assert_eq!(
        plan_turn(s, t, f64::NAN),
        Err(Error::at("radius", Reason::NotFinite))
    );
    assert_eq!(
        plan_turn(s, t, f64::INFINITY),
        Err(Error::at("radius", Reason::NotFinite))
    );
    assert_eq!(
        plan_turn(Pose::new(f64::NAN, 0.0, 0.0), t, 1.0),
        Err(Error::new(
            Field::named("start").key("x"),
            Reason::NotFinite
        ))
    );
    assert_eq!(
        plan_turn(s, Point::new(0.0, f64::INFINITY), 1.0),
        Err(Error::new(
            Field::named("target").key("y"),
            Reason::NotFinite
        ))
    );
    let too_large = Reason::TooLarge { limit: 1e150 };
    assert_eq!(
        plan_turn(s, t, 1e308),
        Err(Error::at("radius", too_large.clone()))
    );
    assert_eq!(
        plan_turn(s, Point::new(1e300, 0.0), 1.0),
        Err(Error::new(Field::named("target").key("x"), too_large))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn turn_then_go_properties(
        x in -50.0..50.0f64, y in -50.0..50.0f64, h in -10.0..10.0f64,
        tx in -50.0..50.0f64, ty in -50.0..50.0f64, r in 0.05..20.0f64,
    ) {
        let start = Pose::new(x, y, h);
        let target = Point::new(tx, ty);
        prop_assume!(start.position().distance(target) > 1e-6);
        let path = plan_turn(start, target, r).unwrap().unwrap();
        let scale = 1e-9 * (1.0 + x.abs() + y.abs() + tx.abs() + ty.abs() + r);
        // Starts at the start pose, ends at the target, joins with equal tangents.
        prop_assert!(path.start_pose().approx_eq(start, scale));
        prop_assert!(path.end_pose().position().distance(target) <= scale);
        prop_assert!(path.is_g1(1e-9 * (1.0 + r)));
        // Never shorter than the straight distance.
        prop_assert!(path.length() >= start.position().distance(target) - scale);
        // An arc then a line, the shorter reachable side.
        prop_assert_eq!(path.segments().len(), 2);
        let sides = turn_then_go_sides(start, target, r).unwrap();
        for s in [&sides.right, &sides.left] {
            if let Some(l) = s.length() {
                prop_assert!(path.length() <= l + 1e-12 * l.max(1.0));
                // The line leaves the circle tangentially at Q and points at the target.
                let e = s.exit.as_ref().unwrap();
                prop_assert!((e.exit.distance(s.center) - r).abs() <= scale);
                prop_assert!((e.exit.distance(target) - e.d).abs() <= scale);
            } else {
                prop_assert!(s.h < r);
            }
        }
    }
}
