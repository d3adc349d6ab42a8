#![cfg(not(target_arch = "wasm32"))]
//! The CC turn's construction (Fraichard & Scheuer's CC circle, `μ`, the
//! inner circle every exit line touches) against an independent
//! computation: the clothoid's end by Simpson's rule on the Fresnel
//! integrands, the exits of `plan_turn_cc`'s paths, and the seed's
//! construction as the sharpness grows.

use crate::simpson::clothoid_end_by_simpson;
use crate::xorshift::Rng;
use arcline::planner::{
    plan_turn_cc, turn_then_go_cc_sides, turn_then_go_sides, CcTurnSide, CcUnreachable,
};
use arcline::{Point, Pose, Segment};
use core::f64::consts::FRAC_PI_2;

/// `Ω` (in the left turn's start frame), `r_Ω` and `μ`, from the
/// clothoid of length `κ/σ` integrated by Simpson.
fn cc_circle_by_simpson(r: f64, sigma: f64) -> ((f64, f64), f64, f64) {
    let k = 1.0 / r;
    let len = k / sigma;
    let (xe, ye) = clothoid_end_by_simpson(len, sigma, 200_000);
    let turn = 0.5 * sigma * len * len;
    let (xo, yo) = (xe - turn.sin() / k, ye + turn.cos() / k);
    ((xo, yo), xo.hypot(yo), (xo / yo).atan())
}

/// `p` in the frame of `start`, a left turn's (`s = 1`) or mirrored.
fn in_frame(start: Pose, s: f64, (x, y): (f64, f64)) -> Point {
    let (sh, ch) = start.heading.sin_cos();
    let y = s * y;
    Point::new(start.x + x * ch - y * sh, start.y + x * sh + y * ch)
}

/// `a − b` as an angle in `(−π, π]`.
fn angle_diff(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(core::f64::consts::TAU);
    if d > core::f64::consts::PI {
        d - core::f64::consts::TAU
    } else {
        d
    }
}

#[test]
fn the_cc_circle_is_the_clothoids_by_simpson() {
    let starts = [
        Pose::new(0.0, 0.0, 0.0),
        Pose::new(3.0, -7.0, 2.2),
        Pose::new(-40.0, 12.0, -1.3),
    ];
    for (r, sigma) in [
        (1.0, 1.0),
        (10.0, 0.01),
        (3.0, 0.05),
        (0.5, 20.0),
        (7.0, 0.004),
    ] {
        let (omega, r_omega, mu) = cc_circle_by_simpson(r, sigma);
        for start in starts {
            let sides = turn_then_go_cc_sides(start, Point::new(100.0, 100.0), r, sigma).unwrap();
            for side in [&sides.right, &sides.left] {
                let want = in_frame(start, side.side.sign(), omega);
                let tol = 1e-10 * r;
                assert!(
                    side.cc_center.distance(want) < tol,
                    "Ω {side:?} vs {want:?}"
                );
                assert!(
                    (side.cc_radius - r_omega).abs() < tol,
                    "r_Ω {}",
                    side.cc_radius
                );
                assert!((side.mu - mu).abs() < 1e-10, "μ {} vs {mu}", side.mu);
                let inner = r_omega * mu.cos();
                assert!((side.inner_radius - inner).abs() < tol);
                // r_Ω is the distance from Ω to the start.
                let to_start = side.cc_center.distance(start.position());
                assert!((to_start - side.cc_radius).abs() < tol);
            }
            assert!((sides.delta_min - 1.0 / (r * r * sigma)).abs() < 1e-12 * sides.delta_min);
        }
    }
}

/// The exit pose of the side's turn (the segment before the line).
fn turn_end(side: &CcTurnSide) -> Pose {
    let segs = side.path.as_ref().unwrap().segments();
    let last_turn = &segs[segs.len() - 2];
    last_turn.pose_at(last_turn.length(), 0.0)
}

#[test]
fn every_exit_is_on_the_cc_circle_at_mu_and_its_line_touches_the_inner_circle() {
    let mut rng = Rng(41);
    let mut u = |lo: f64, hi: f64| rng.range(lo, hi);
    let mut held = [0usize; 2];
    let mut reasons = [0usize; 4];
    for _ in 0..400 {
        let start = Pose::new(u(-10.0, 10.0), u(-10.0, 10.0), u(-3.0, 3.0));
        let target = Point::new(u(-60.0, 60.0), u(-60.0, 60.0));
        let r = u(1.0, 15.0);
        let sigma = u(0.2, 5.0) / (r * r);
        let sides = turn_then_go_cc_sides(start, target, r, sigma).unwrap();
        for side in [&sides.right, &sides.left] {
            let s = side.side.sign();
            let e = match &side.exit {
                Ok(e) => e,
                Err(why) => {
                    reasons[*why as usize] += 1;
                    if *why == CcUnreachable::ShortTurn {
                        // Its path is the T T turn, deflection below δ_min.
                        let p = side.path.as_ref().unwrap();
                        assert!(p.word().starts_with("TT"), "{}", p.word());
                    }
                    continue;
                }
            };
            held[(s > 0.0) as usize] += 1;
            let tol = 1e-8 * (1.0 + target.distance(start.position()));
            // The path's exit is the construction's, on the CC circle.
            let q = turn_end(side);
            assert!(q.position().distance(e.exit) < tol, "{q:?} vs {:?}", e.exit);
            let radial = q.position() - side.cc_center;
            assert!((radial.length() - side.cc_radius).abs() < tol);
            // Its heading is μ outward from the circle's tangent.
            let tangent = radial.y.atan2(radial.x) + s * FRAC_PI_2;
            let off = angle_diff(q.heading, tangent - s * side.mu);
            assert!(off.abs() < 1e-9, "heading off by {off}");
            assert!(angle_diff(q.heading, e.exit_heading).abs() < 1e-9);
            // The deflection is the turn's, at least δ_min.
            assert!(e.delta >= sides.delta_min);
            assert!(angle_diff(start.heading + s * e.delta, q.heading).abs() < 1e-9);
            // The exit line passes through the target, ahead, and at
            // r_Ω cos μ from Ω: tangent to the inner circle at the tangent point.
            let dir = q.direction();
            let to_target = target - q.position();
            assert!(dir.cross(to_target).abs() < tol);
            assert!(dir.dot(to_target) >= -tol);
            assert!((to_target.length() - e.d).abs() < tol, "d {}", e.d);
            let from_center = q.position() - side.cc_center;
            assert!((dir.cross(from_center).abs() - side.inner_radius).abs() < tol);
            assert!((e.tangent_point.distance(side.cc_center) - side.inner_radius).abs() < tol);
            assert!(dir.cross(e.tangent_point - q.position()).abs() < tol);
            // h and the right triangle Ω, tangent point, target.
            assert!((side.h - target.distance(side.cc_center)).abs() < tol);
            let leg = e.tangent_point.distance(target);
            assert!((leg * leg + side.inner_radius.powi(2) - side.h * side.h).abs() < tol * side.h);
        }
        // The side the planner takes, with its path.
        let planned = plan_turn_cc(start, target, r, sigma).unwrap();
        match (sides.best(), planned) {
            (Some(b), Some(p)) => {
                assert_eq!(b.path.as_ref().unwrap(), &p);
            }
            (None, None) => {}
            (b, p) => panic!("best {b:?} vs planned {p:?}"),
        }
    }
    // Both sides hold the construction often; the named reasons occur.
    assert!(held[0] > 150 && held[1] > 150, "{held:?}");
    assert!(
        reasons[CcUnreachable::ShortTurn as usize] > 0,
        "{reasons:?}"
    );
}

#[test]
fn as_sharpness_grows_the_construction_tends_to_the_seeds() {
    let start = Pose::new(1.0, -2.0, 0.4);
    let target = Point::new(-8.0, 9.0);
    let r = 3.0;
    let seed = turn_then_go_sides(start, target, r).unwrap();
    let mut prev = f64::INFINITY;
    for e in 0..=6 {
        let sigma = 10f64.powi(e) / (r * r);
        let cc = turn_then_go_cc_sides(start, target, r, sigma).unwrap();
        let mut worst: f64 = 0.0;
        for (a, b) in [(&cc.right, &seed.right), (&cc.left, &seed.left)] {
            let (ea, eb) = (a.exit.as_ref().unwrap(), b.exit.as_ref().unwrap());
            worst = worst
                .max(a.cc_center.distance(b.center))
                .max((a.cc_radius - r).abs())
                .max(a.mu.abs() * r)
                .max((a.inner_radius - r).abs())
                .max(ea.exit.distance(eb.exit))
                .max(ea.tangent_point.distance(eb.exit))
                .max((ea.beta - a.mu - eb.theta).abs() * r)
                .max((ea.d - eb.d).abs());
        }
        assert!(worst < prev / 5.0, "sigma {sigma}: {worst} after {prev}");
        prev = worst;
    }
    assert!(prev < 1e-5 * r, "{prev}");
}

#[test]
fn the_named_cases() {
    let start = Pose::new(0.0, 0.0, 0.0);
    let (r, sigma) = (2.0, 0.1);
    let sides = turn_then_go_cc_sides(start, Point::new(1.0, 1.0), r, sigma).unwrap();
    let left = &sides.left;
    // Ω itself: inside the inner circle on the left, or a T T turn reaches it.
    let at_omega = turn_then_go_cc_sides(start, left.cc_center, r, sigma).unwrap();
    match at_omega.left.exit {
        Err(CcUnreachable::InsideInnerCircle) => assert!(at_omega.left.path.is_none()),
        Err(CcUnreachable::ShortTurn) => assert!(at_omega.left.path.is_some()),
        ref other => panic!("{other:?}"),
    }
    // Far ahead, a little to the left: a slight T T turn, not the CC circle.
    let ahead = turn_then_go_cc_sides(start, Point::new(200.0, 1.0), r, sigma).unwrap();
    assert_eq!(ahead.left.exit, Err(CcUnreachable::ShortTurn));
    assert_eq!(ahead.left.path.as_ref().unwrap().word(), "TTS");
    // The start itself: both sides.
    let here = turn_then_go_cc_sides(start, Point::new(0.0, 0.0), r, sigma).unwrap();
    assert_eq!(here.right.exit, Err(CcUnreachable::TargetAtStart));
    assert_eq!(here.left.exit, Err(CcUnreachable::TargetAtStart));
    assert!(here.best().is_none());
    // Behind the start, just inside the left CC circle.
    let c = left.cc_center;
    let inside = Point::new(c.x - 0.999 * left.cc_radius, c.y);
    let s = turn_then_go_cc_sides(start, inside, r, sigma).unwrap();
    assert!(s.left.h < s.left.cc_radius && s.left.h > s.left.inner_radius);
    assert!(
        matches!(
            s.left.exit,
            Err(CcUnreachable::InsideCcCircle | CcUnreachable::ShortTurn)
        ),
        "{:?}",
        s.left.exit
    );
}

#[test]
fn bad_input_names_the_argument() {
    let s = Pose::new(0.0, 0.0, 0.0);
    let t = Point::new(5.0, 5.0);
    let e = |start: Pose, target: Point, r: f64, sigma: f64| {
        turn_then_go_cc_sides(start, target, r, sigma)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(e(s, t, 1.0, 0.0), "sharpness: must be greater than zero");
    assert_eq!(e(s, t, 1.0, f64::NAN), "sharpness: must be a finite number");
    assert!(e(s, t, 1.0, f64::INFINITY).starts_with("sharpness"));
    assert!(e(s, t, 1.0, 1e151).starts_with("sharpness"));
    // So gentle that the clothoid would turn more than 10⁶ radians.
    assert!(e(s, t, 1e-3, 1e-3).starts_with("sharpness"));
    assert_eq!(e(s, t, -1.0, 1.0), "radius: must be greater than zero");
    assert!(e(s, t, f64::NAN, 1.0).starts_with("radius"));
    assert!(e(Pose::new(f64::NAN, 0.0, 0.0), t, 1.0, 1.0).starts_with("start"));
    assert!(e(s, Point::new(0.0, f64::INFINITY), 1.0, 1.0).starts_with("target"));
    // Large but finite numbers: finite results, no panic.
    let far = turn_then_go_cc_sides(s, Point::new(1e12, -3e11), 1e3, 1e-4).unwrap();
    for side in [&far.right, &far.left] {
        assert!(side.cc_center.x.is_finite() && side.h.is_finite() && side.mu.is_finite());
        if let Ok(e) = &side.exit {
            assert!(e.exit.x.is_finite() && e.d.is_finite() && e.delta.is_finite());
        }
    }
}

#[test]
fn segments_of_a_held_side_are_clothoid_arc_clothoid_line() {
    let sides = turn_then_go_cc_sides(Pose::new(0.0, 0.0, 0.0), Point::new(20.0, 30.0), 10.0, 0.01)
        .unwrap();
    let left = &sides.left;
    assert!(left.exit.is_ok());
    let segs = left.path.as_ref().unwrap().segments();
    assert!(matches!(
        segs,
        [
            Segment::Clothoid(_),
            Segment::Arc(_),
            Segment::Clothoid(_),
            Segment::Line(_)
        ]
    ));
    // The arc's centre is Ω.
    let Segment::Arc(a) = &segs[1] else {
        unreachable!()
    };
    assert!(a.center.distance(left.cc_center) < 1e-9);
}
