//! The seek figure's numbers (`seek_step`) against hand computations of the
//! seed's per-frame rule, and against a world stepping the same vehicle.

use arcline::steering::{seek_step, Behavior, VehicleSpec, World};
use arcline::Point;

fn spec(
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    max_speed: f64,
    max_force: f64,
    mass: f64,
) -> VehicleSpec {
    let mut s = VehicleSpec::new(x, y, max_speed, max_force);
    s.vx = vx;
    s.vy = vy;
    s.mass = mass;
    s
}

#[test]
fn seek_step_follows_the_seed_rule_by_hand() {
    // At (1, 1) moving (0, 1), max speed 5, max force 2, mass 4, target (4, 5):
    // desired = (3, 4)/5 · 5 = (3, 4); steering = (3, 3), |steering| = 3√2 > 2,
    // so force = (3, 3)·2/(3√2) = (√2, √2); acceleration = force / 4;
    // velocity + acceleration = (√2/4, 1 + √2/4), |·| < 5 so kept;
    // position = (1 + √2/4, 2 + √2/4).
    let s = seek_step(
        &spec(1.0, 1.0, 0.0, 1.0, 5.0, 2.0, 4.0),
        Point::new(4.0, 5.0),
        1.0,
    )
    .unwrap();
    let r2 = 2f64.sqrt();
    let near = |a: f64, b: f64| (a - b).abs() < 1e-14;
    assert!(near(s.desired.x, 3.0) && near(s.desired.y, 4.0));
    assert!(near(s.steering.x, 3.0) && near(s.steering.y, 3.0));
    assert!(near(s.force.x, r2) && near(s.force.y, r2));
    assert!(near(s.acceleration.x, r2 / 4.0) && near(s.acceleration.y, r2 / 4.0));
    assert!(near(s.next_velocity.x, r2 / 4.0) && near(s.next_velocity.y, 1.0 + r2 / 4.0));
    assert!(near(s.next_position.x, 1.0 + r2 / 4.0) && near(s.next_position.y, 2.0 + r2 / 4.0));
    assert!(near(s.desired_speed, 5.0) && near(s.speed, 1.0));
    assert!(near(s.steering_length, 3.0 * r2) && near(s.force_length, 2.0));
    assert_eq!((s.velocity.x, s.velocity.y), (0.0, 1.0));
}

#[test]
fn a_short_steering_vector_is_applied_whole_and_speed_is_capped() {
    // At rest at the origin, max speed 2, max force 10 (never reached):
    // desired = steering = force = (0, 2); over dt = ½ the velocity gains
    // force · ½ = (0, 1) and the position velocity · ½ = (0, ½).
    let s = seek_step(
        &spec(0.0, 0.0, 0.0, 0.0, 2.0, 10.0, 1.0),
        Point::new(0.0, 7.0),
        0.5,
    )
    .unwrap();
    assert_eq!((s.force.x, s.force.y), (0.0, 2.0));
    assert_eq!((s.next_velocity.x, s.next_velocity.y), (0.0, 1.0));
    assert_eq!((s.next_position.x, s.next_position.y), (0.0, 0.5));
    // Moving (3, 0), over its max speed 2, with max force 0.5: steering =
    // (0, 2) − (3, 0) = (−3, 2), |·| = √13, so force = (−3, 2)·k with
    // k = 0.5/√13; raw velocity (3 − 3k, 2k) is longer than 2 and is cut to 2.
    let s = seek_step(
        &spec(0.0, 0.0, 3.0, 0.0, 2.0, 0.5, 1.0),
        Point::new(0.0, 7.0),
        1.0,
    )
    .unwrap();
    let k = 0.5 / 13f64.sqrt();
    let v = s.next_velocity;
    assert!((v.length() - 2.0).abs() < 1e-15);
    assert!((v.y / v.x - 2.0 * k / (3.0 - 3.0 * k)).abs() < 1e-15);
}

#[test]
fn seek_step_lands_where_a_world_puts_the_vehicle() {
    let v = spec(-40.0, -20.0, 0.13, 0.8, 1.0, 0.04, 1.5);
    let target = Point::new(30.0, 15.0);
    let mut w = World::new(3);
    let id = w.add_vehicle(v).unwrap();
    w.set_behaviors(id, vec![Behavior::seek(target)]).unwrap();
    w.step(1.0);
    let after = w.vehicle(id).unwrap();
    let s = seek_step(&v, target, 1.0).unwrap();
    assert_eq!(s.next_position, after.position);
    assert_eq!(s.next_velocity, after.velocity);
}

#[test]
fn at_the_target_nothing_is_desired_and_huge_numbers_stay_finite() {
    let s = seek_step(
        &spec(2.0, 3.0, 0.5, 0.0, 1.0, 0.1, 1.0),
        Point::new(2.0, 3.0),
        1.0,
    )
    .unwrap();
    assert_eq!((s.desired.x, s.desired.y), (0.0, 0.0));
    assert_eq!((s.steering.x, s.steering.y), (-0.5, 0.0));
    let big = spec(
        f64::MAX,
        -f64::MAX,
        -f64::MAX,
        f64::MAX,
        f64::MAX,
        f64::MAX,
        f64::MIN_POSITIVE,
    );
    let s = seek_step(&big, Point::new(-f64::MAX, f64::MAX), f64::MAX).unwrap();
    for x in [
        s.desired,
        s.velocity,
        s.steering,
        s.force,
        s.acceleration,
        s.next_velocity,
    ] {
        assert!(x.x.is_finite() && x.y.is_finite(), "{s:?}");
    }
    assert!(s.next_position.is_finite());
    for x in [s.desired_speed, s.speed, s.steering_length, s.force_length] {
        assert!(x.is_finite());
    }
}

#[test]
fn bad_input_is_named() {
    let ok = spec(0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0);
    let mut bad = ok;
    bad.mass = 0.0;
    let e = seek_step(&bad, Point::new(1.0, 0.0), 1.0).unwrap_err();
    assert_eq!(e.to_string(), "vehicle.mass: must be greater than zero");
    let e = seek_step(&ok, Point::new(f64::NAN, 0.0), 1.0).unwrap_err();
    assert_eq!(e.to_string(), "target.x: must be a finite number");
    let e = seek_step(&ok, Point::new(1.0, 0.0), 0.0).unwrap_err();
    assert_eq!(e.to_string(), "dt: must be greater than zero");
}
