#![cfg(not(target_arch = "wasm32"))]
//! Motion along a path (seed 000, listing 2): distance = speed × time.

use arcline::planner::{pose_at_time, Motion};
use arcline::{Arc, Error, Line, Path, Point, Pose, Reason};
use core::f64::consts::{FRAC_PI_2, PI};

/// A right quarter turn of radius 2 from (0,0) heading north, then 3 east.
fn quarter_then_line() -> Path {
    let arc = Arc::new(Point::new(2.0, 0.0), 2.0, PI, -FRAC_PI_2).unwrap();
    let line = Line::new(Point::new(2.0, 2.0), Point::new(5.0, 2.0));
    Path::new(vec![arc.into(), line.into()]).unwrap()
}

#[test]
fn listing_two_on_the_arc_and_the_line() {
    let p = quarter_then_line();
    let speed = 2.0;
    // t = π/4: distance π/2, a quarter of the way round... half the arc
    // (arc length π): angle π − π/4 on the circle, heading π/2 − π/4.
    let q = pose_at_time(&p, speed, PI / 4.0);
    let want = Pose::new(
        2.0 + 2.0 * (0.75 * PI).cos(),
        2.0 * (0.75 * PI).sin(),
        PI / 4.0,
    );
    assert!(q.approx_eq(want, 1e-12), "{q:?}");
    // On the line: distance π + 1 → (3, 2) heading east.
    let q = pose_at_time(&p, speed, (PI + 1.0) / speed);
    assert!(q.approx_eq(Pose::new(3.0, 2.0, 0.0), 1e-12), "{q:?}");
}

#[test]
fn clamped_at_both_ends() {
    let p = quarter_then_line();
    assert!(pose_at_time(&p, 1.0, -5.0).approx_eq(Pose::new(0.0, 0.0, FRAC_PI_2), 1e-12));
    assert!(pose_at_time(&p, 1.0, f64::NAN).approx_eq(Pose::new(0.0, 0.0, FRAC_PI_2), 1e-12));
    assert!(pose_at_time(&p, 1.0, 1e9).approx_eq(Pose::new(5.0, 2.0, 0.0), 1e-12));
    assert!(pose_at_time(&p, 0.0, 1e9).approx_eq(Pose::new(0.0, 0.0, FRAC_PI_2), 1e-12));
}

#[test]
fn motion_duration_and_checks() {
    let m = Motion::new(quarter_then_line(), 2.0).unwrap();
    assert!((m.duration() - (PI + 3.0) / 2.0).abs() < 1e-12);
    assert!(m
        .pose_at(m.duration())
        .approx_eq(Pose::new(5.0, 2.0, 0.0), 1e-12));
    assert_eq!(
        Motion::new(quarter_then_line(), -1.0),
        Err(Error::at("speed", Reason::Negative))
    );
    assert_eq!(
        Motion::new(quarter_then_line(), f64::NAN),
        Err(Error::at("speed", Reason::NotFinite))
    );
}
