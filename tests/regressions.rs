#![cfg(not(target_arch = "wasm32"))]
//! One test per robustness finding (tests/*/robust.rs), each reduced to its
//! minimal case and named after it. The commit that adds a test says what
//! was wrong and how the core was fixed.

use arcline::geom::*;
use arcline::planner::*;
use arcline::road::{connect_profiles, Lane, LaneKind, PieceKind, Profile};
use arcline::steering::*;
use arcline::*;
use core::f64::consts::{FRAC_PI_2, PI};

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
    let p = plan_turn(Pose::new(0.0, 0.0, h), target, r)
        .unwrap()
        .unwrap();
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
    let q = plan_turn(Pose::new(0.0, 0.0, normalize_angle(h)), target, r)
        .unwrap()
        .unwrap();
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
    let p = plan_turn(Pose::new(0.0, 0.0, h), target, r)
        .unwrap()
        .unwrap();
    let segs = p.segments();
    let gap = segs[0].end().distance(segs[1].start());
    assert!(gap < 1e-12 * r, "gap {gap:e}");
    assert!((p.length() - FRAC_PI_2 * r).abs() < 1e-12 * r);
}

fn profile(x: f64, y: f64, heading: f64, width: f64) -> Profile {
    Profile {
        x,
        y,
        heading,
        lanes: vec![Lane::new(LaneKind::Driving, width)],
    }
}

/// The largest gap and heading jump between consecutive segments.
fn joints(p: &Path) -> (f64, f64) {
    let (mut gap, mut turn) = (0.0f64, 0.0f64);
    for w in p.segments().windows(2) {
        gap = gap.max(w[0].end().distance(w[1].start()));
        if let (Some(a), Some(b)) = (w[0].end_heading(), w[1].start_heading()) {
            turn = turn.max(normalize_angle(a - b).abs());
        }
    }
    (gap, turn)
}

/// Headings 3.9e-6 rad from opposite, b 0.8 beside a: a fillet whose legs
/// are 2e5 long for a piece 1.3 long. The line (1.6e-6 long) was dropped as
/// "shorter than 1e-9 of the legs", so the road ended 1.6e-6 short of b.
#[test]
fn fillet_of_nearly_opposite_headings_keeps_its_short_line_and_ends_at_b() {
    let a = profile(0.0, 0.0, PI, 0.2);
    let b = profile(
        9.803878199892076e-17,
        0.8005474073600582,
        6.283189231812406,
        0.2,
    );
    let piece = connect_profiles(&a, &b).unwrap();
    let end = piece.centerline.end_pose();
    assert!(end.position().distance(b.position()) < 1e-12, "{end:?}");
    for e in std::iter::once(&piece.centerline).chain(&piece.boundaries) {
        let (gap, turn) = joints(e);
        assert!(gap < 1e-12 && turn < 1e-6, "gap {gap:e} turn {turn:e}");
    }
}

/// Headings 3.6e-9 rad from opposite: the legs (2.6e8) carried rounding of
/// eps·|AB|/sin²θ, which put the fillet's arc end 1e-6 off b's line; the line
/// from there to b left at 1.5 rad from the arc's tangent.
#[test]
fn fillet_of_headings_3_6e_9_from_opposite_is_g1() {
    let a = profile(0.0, 0.0, PI, 0.2);
    let b = profile(
        1.1341030921969355e-16,
        0.9260654524933574,
        6.283185310797489,
        0.2,
    );
    let piece = connect_profiles(&a, &b).unwrap();
    for e in std::iter::once(&piece.centerline).chain(&piece.boundaries) {
        let (gap, turn) = joints(e);
        assert!(gap < 1e-12 && turn < 1e-6, "gap {gap:e} turn {turn:e}");
        assert!(e.end_pose().position().distance(b.position()) < 0.2);
    }
    assert!(
        piece
            .centerline
            .end_pose()
            .position()
            .distance(b.position())
            < 1e-12
    );
}

/// A heading of 2597 rad and b 3.8e-13 rad off parallel: a fillet of
/// radius ~4e7 whose start angle (heading − π/2) kept only 4.5e-13 rad of
/// precision, which put the arc's start 6.4e-6 from the profile (40 times
/// the precision of the arc's own points).
#[test]
fn road_with_a_heading_of_2597_rad_starts_at_the_profile() {
    let a = profile(0.0, 0.0, 2597.1398312179463, 0.2);
    let b = profile(
        -0.3470893607999077,
        0.49292250668758514,
        2597.139831217567,
        0.2,
    );
    let piece = connect_profiles(&a, &b).unwrap();
    let r = piece
        .centerline
        .segments()
        .iter()
        .filter_map(|s| match s {
            Segment::Arc(x) => Some(x.radius),
            Segment::Line(_) | Segment::Clothoid(_) => None,
        })
        .fold(1.0, f64::max);
    // An arc's points are only as precise as ~1e-16 of its radius.
    let tol = 1e-12 + 4e-15 * r;
    let start = piece.centerline.start_pose().position();
    assert!(
        start.distance(a.position()) < tol,
        "{start:?} (radius {r:e})"
    );
    let end = piece.centerline.end_pose().position();
    assert!(end.distance(b.position()) < tol, "{end:?} (radius {r:e})");
}

/// Lanes 29 wide on a piece 1.1e-4 long (an s-curve of arcs of radius 108
/// with lines 1.7e-7 long). Each edge line was offset along its own end
/// points' direction, which is only good to 1e-7 rad there: 14.5 to the side
/// that moved it 1.2e-6, more than its length, and the edge ran backwards.
#[test]
fn wide_lanes_on_a_tiny_s_curve_keep_their_edges_g1() {
    let a = profile(0.0, 0.0, PI, 28.964462573477693);
    let b = profile(
        -0.00011007081470863514,
        2.7517818972510478e-11,
        3.1415926600021984,
        28.964462573477693,
    );
    let piece = connect_profiles(&a, &b).unwrap();
    assert_eq!(piece.kind, PieceKind::SCurve);
    for e in &piece.boundaries {
        let (gap, turn) = joints(e);
        assert!(gap < 1e-12 && turn < 1e-6, "gap {gap:e} turn {turn:e}");
        for s in e.segments() {
            if let Some(h) = s.start_heading() {
                assert!(normalize_angle(h - PI).abs() < 1e-6, "{s:?} heads {h}");
            }
        }
    }
}

/// Profiles 1.7e-9 apart with a sideways offset of 1.6e-10 were "straight"
/// (offsets below 1e-9·max(1, |AB|) counted as zero): a line 0.095 rad off
/// both headings, with lane edges that were not parallel. Tolerances are now
/// relative to |AB|: this pair is an s-curve far too tight for its lanes.
#[test]
fn profiles_1_7e_9_apart_and_1_6e_10_aside_are_not_a_tilted_straight() {
    let w = 0.026737477644864407;
    let a = profile(0.0, 0.0, PI, w);
    let b = profile(
        -1.7118144981750544e-9,
        -1.6301501339546226e-10,
        3.1415926535842593,
        w,
    );
    match connect_profiles(&a, &b) {
        Ok(piece) => panic!("built a {:?}", piece.kind),
        Err(e) => assert!(
            matches!(
                e.reason(),
                Reason::LanesWiderThanTurn { .. } | Reason::Unsolvable(_)
            ),
            "{e}"
        ),
    }
    // At a micrometre scale the same shape as at a metre scale.
    let k = 1e-6;
    let a = profile(0.0, 0.0, 0.0, 3.0 * k);
    let b = profile(100.0 * k, 1e-10 * k, 0.0, 3.0 * k);
    assert_eq!(connect_profiles(&a, &b).unwrap().kind, {
        let a = profile(0.0, 0.0, 0.0, 3.0);
        let b = profile(100.0, 1e-10, 0.0, 3.0);
        connect_profiles(&a, &b).unwrap().kind
    });
}

/// Two circles of radius ~1e-4, centres 9.2e-20 apart, radii differing by
/// 2.3e-12 (< EPSILON, so they count as touching): r0² − r1² over 2d put the
/// touching point 2.4e6 away from both. Now it is on circle 0, facing c1.
#[test]
fn nearly_concentric_circles_touch_on_the_circles_not_a_million_away() {
    let r0 = 9.585731898227801e-5;
    let r1 = r0 * 1.0000000240959726;
    let c1 = Point::new(r0 * 9.598571989686713e-16 * 1e-3, 0.0);
    let hits = circle_circle(Point::ORIGIN, r0, c1, r1);
    assert!(!hits.is_empty());
    for p in hits.iter() {
        assert!((p.distance(Point::ORIGIN) - r0).abs() < 1e-15, "{p:?}");
        assert!((p.distance(c1) - r1).abs() <= EPSILON, "{p:?}");
    }
    let a = Arc::new(Point::ORIGIN, r0, -1.0, 2.0).unwrap();
    let b = Arc::new(c1, r1, -1.0, 2.0).unwrap();
    for p in arc_arc(&a, &b).iter() {
        assert!(p.distance(Point::ORIGIN) < 2.0 * r0, "{p:?}");
    }
}

/// A pose at (0, 41743) and a point 7.5e-8 to its left: the arc's start
/// angle was taken from the rounded centre (ulp 7e-12 against a radius of
/// 3.7e-8), so the arc left the pose 2e-4 rad off its heading.
#[test]
fn tangent_arc_far_from_the_origin_leaves_with_the_pose_heading() {
    let h = -0.3353045405323932_f64;
    let pose = Pose::new(0.0, 41742.97457442366, h);
    let p = pose.position() + pose.left() * (7.4780881482049195e-6 * 0.01);
    let seg = arc_to_point(pose, p).unwrap();
    let start = seg.pose_at(0.0, h);
    assert!(
        normalize_angle(start.heading - h).abs() < 1e-12,
        "{start:?}"
    );
    let Segment::Arc(a) = seg else {
        panic!("expected an arc")
    };
    // About a half circle (p is rounded to the coordinates' 7e-12), ending at p.
    assert!((a.sweep - PI).abs() < 1e-3, "{a:?}");
    assert!(seg.pose_at(seg.length(), h).position().distance(p) < 1e-10);
}

/// A "straight" 5.7e-8 long whose headings differ by 3e-10 (parallel within
/// 1e-9), lanes 407 wide: its edges joined a's edge points to b's, and b's
/// are turned by 3e-10 · 203 = 6e-8 sideways, more than the length: the
/// outer edges ran backwards. Now every edge is parallel to the centreline.
#[test]
fn wide_straight_within_the_parallel_tolerance_keeps_its_edges_forward() {
    let lanes = vec![
        Lane::new(LaneKind::Driving, 76.26022206310132),
        Lane::new(LaneKind::Sidewalk, 254.3530712503768),
        Lane::new(LaneKind::Bike, 76.26022206310132),
    ];
    let a = Profile {
        x: 0.0,
        y: -25.825718366557957,
        heading: PI,
        lanes: lanes.clone(),
    };
    let b = Profile {
        x: -5.7141604875726244e-8,
        y: -25.825718366557957,
        heading: 3.141592653288557,
        lanes,
    };
    let piece = connect_profiles(&a, &b).unwrap();
    assert_eq!(piece.kind, PieceKind::Straight);
    let w = a.width();
    for (i, e) in piece.boundaries.iter().enumerate() {
        let h = e.start_pose().heading;
        assert!(normalize_angle(h - PI).abs() < 1e-9, "edge {i} heads {h}");
        assert_eq!(e.start_pose().position(), a.edge_points()[i]);
        assert!(e.end_pose().position().distance(b.edge_points()[i]) <= 1e-9 * w / 2.0);
    }
}

fn seek_one_step(max_speed: f64, max_force: f64, mass: f64, weight: f64, dt: f64) -> VehicleState {
    let mut w = World::new(7);
    let spec = VehicleSpec {
        mass,
        ..VehicleSpec::new(0.0, 100.0, max_speed, max_force)
    };
    let id = w.add_vehicle(spec).unwrap();
    w.set_behaviors(id, vec![Behavior::seek(Point::ORIGIN).weighted(weight)])
        .unwrap();
    w.step(dt);
    w.vehicle(id).unwrap()
}

/// Seek with weight 1e300 and max speed 1e300: the weighted force overflowed
/// to infinity, Reynolds' truncate made it `inf · 0 = NaN`, and the world
/// froze the vehicle (velocity zero) instead of steering at max force.
#[test]
fn seek_with_weight_1e300_steers_at_max_force_instead_of_freezing() {
    let s = seek_one_step(1e300, 1e300, 1.0, 1e300, 1.0);
    assert_eq!(s.velocity, Vec2::new(0.0, -1e300));
    assert_eq!(s.position, Point::new(0.0, 100.0 - 1e300));
}

/// Max force 1e-300 over a mass of 1e-300 with weight 1e300: the weighted
/// seek (1.5e308 per component) was finite but its square overflowed, so the
/// force came out zero and the vehicle never moved.
#[test]
fn a_finite_force_whose_square_overflows_is_truncated_to_max_force() {
    let s = seek_one_step(2e8, 1e-300, 1e-300, 1e300, 1.0);
    assert!(
        (s.velocity.y + 1.0).abs() < 1e-12 && s.velocity.x == 0.0,
        "{s:?}"
    );
}

/// Max speed 1e-300, a velocity of 1.8e17 to truncate: Reynolds' shrink
/// 1e-300 / 1.8e17 is subnormal, and the speed came out 1.00000008e-300,
/// above max speed.
#[test]
fn a_max_speed_of_1e_minus_300_holds_exactly() {
    let s = seek_one_step(1e-300, 1e300, 1.0, f64::MAX, 1e9);
    let speed = s.velocity.x.hypot(s.velocity.y);
    assert!(
        speed <= 1e-300 && speed > 0.999_999_999_999e-300,
        "{speed:e}"
    );
}
