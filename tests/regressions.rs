#![cfg(not(target_arch = "wasm32"))]
//! One test per robustness finding (tests/robust_*.rs), each reduced to its
//! minimal case and named after it. The commit that adds a test says what
//! was wrong and how the core was fixed.

use arcline::*;
use core::f64::consts::FRAC_PI_2;

/// plan_turn used a heading of 1e10 rad as given: the arc's start angle
/// (heading ± π/2 + π) kept only ~2e-6 rad of precision, so the arc ended
/// ~2e-6·r away from where the line began (G1 broken), and the path did not
/// start with the start's heading to better than that.
#[test]
fn plan_turn_with_a_heading_of_1e10_rad_stays_g1() {
    let h = 1e10_f64;
    let r = 1.0;
    // A target forward-left of the start, well outside both circles.
    let (c, s) = (h.cos(), h.sin());
    let target = Point::new(5.0 * c - 3.0 * s, 5.0 * s + 3.0 * c);
    let p = plan_turn(Pose::new(0.0, 0.0, h), target, r).unwrap();
    let segs = p.segments();
    assert!(
        segs[0].end().distance(segs[1].start()) < 1e-14,
        "gap {:e}",
        segs[0].end().distance(segs[1].start())
    );
    assert!(p.is_g1(1e-12));
    assert!(p.start_pose().position().distance(Point::ORIGIN) < 1e-14);
    assert!(normalize_angle(p.start_pose().heading - normalize_angle(h)).abs() < 1e-14);
    assert!(p.end_pose().position().distance(target) < 1e-12);
    // The same path as for the reduced heading.
    let q = plan_turn(Pose::new(0.0, 0.0, normalize_angle(h)), target, r).unwrap();
    assert_eq!(p, q);
}

/// The same for a heading on the target circle (the pure-arc case, where the
/// line has length zero and starts at the target itself).
#[test]
fn plan_turn_to_a_point_on_the_circle_with_a_heading_of_minus_8365_rad() {
    let h = -8365.0_f64;
    let r = 49.9;
    let (c, s) = (h.cos(), h.sin());
    // On the right circle, a quarter turn round: forward r, right r.
    let target = Point::new(r * c + r * s, r * s - r * c);
    let p = plan_turn(Pose::new(0.0, 0.0, h), target, r).unwrap();
    let segs = p.segments();
    let gap = segs[0].end().distance(segs[1].start());
    assert!(gap < 1e-12 * r, "gap {gap:e}");
    assert!((p.length() - FRAC_PI_2 * r).abs() < 1e-12 * r);
}
