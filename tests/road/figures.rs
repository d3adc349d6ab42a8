//! The numbers the road diagram's figures show, against hand computations:
//! the legs and the line of a two-line fillet, and where a Bézier turns
//! tightest with how far the lane edges reach into that turn.

use arcline::road::*;
use core::f64::consts::{FRAC_PI_2, FRAC_PI_4, SQRT_2};

const TOL: f64 = 1e-9;

fn lanes(n: usize, w: f64) -> Vec<Lane> {
    vec![Lane::new(LaneKind::Driving, w); n]
}

fn prof(x: f64, y: f64, heading: f64, lanes: &[Lane]) -> Profile {
    Profile {
        x,
        y,
        heading,
        lanes: lanes.to_vec(),
    }
}

fn fillet_of(a: &Profile, b: &Profile) -> Fillet {
    let c = road_construction(a, b, 8).unwrap();
    assert_eq!(c.fillets.len(), 1);
    c.fillets[0]
}

#[test]
fn quarter_turn_with_the_longer_leg_at_a_has_its_line_first() {
    // A at the origin facing +x, B at (20, 10) facing +y: the continuation
    // lines meet at C = (20, 0); |CA| = 20, |CB| = 10, so M is 10 back from C
    // on A's leg, O = (10, 10), r = 10, and the line A→M is 10 long.
    let l = lanes(2, 3.0);
    let f = fillet_of(&prof(0.0, 0.0, 0.0, &l), &prof(20.0, 10.0, FRAC_PI_2, &l));
    assert_eq!(f.kind, PieceKind::LineArc);
    assert!((f.leg_a - 20.0).abs() < TOL && (f.leg_b - 10.0).abs() < TOL);
    assert!((f.straight - 10.0).abs() < TOL);
    assert!((f.radius - 10.0).abs() < TOL);
    assert!((f.m.x - 10.0).abs() < TOL && f.m.y.abs() < TOL);
}

#[test]
fn quarter_turn_with_the_longer_leg_at_b_has_its_arc_first() {
    // B at (10, 20) facing +y: C = (10, 0), |CA| = 10, |CB| = 20; the arc of
    // radius 10 about (0, 10) ends at (10, 10), then 10 of line up to B.
    let l = lanes(2, 3.0);
    let f = fillet_of(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 20.0, FRAC_PI_2, &l));
    assert_eq!(f.kind, PieceKind::ArcLine);
    assert!((f.leg_a - 10.0).abs() < TOL && (f.leg_b - 20.0).abs() < TOL);
    assert!((f.straight - 10.0).abs() < TOL && (f.radius - 10.0).abs() < TOL);
}

#[test]
fn forty_five_degree_turn_has_radius_leg_over_tan_of_half_the_turn() {
    // C = (30, 0); B is 10 along 45° from C. |CA| = 30, |CB| = 10: M is 10
    // back from C on A's leg, at (20, 0); r = 10 / tan(22.5°) = 10 (1 + √2);
    // the line A→M is 20 long and the arc ends at B.
    let l = lanes(3, 3.5);
    let (s, c) = (FRAC_PI_4.sin(), FRAC_PI_4.cos());
    let b = prof(30.0 + 10.0 * c, 10.0 * s, FRAC_PI_4, &l);
    let f = fillet_of(&prof(0.0, 0.0, 0.0, &l), &b);
    assert_eq!(f.kind, PieceKind::LineArc);
    assert!((f.leg_a - 30.0).abs() < TOL && (f.leg_b - 10.0).abs() < TOL);
    assert!((f.radius - 10.0 * (1.0 + SQRT_2)).abs() < TOL);
    assert!((f.straight - 20.0).abs() < TOL);
    assert!((f.c.x - 30.0).abs() < TOL && (f.m.x - 20.0).abs() < TOL);
}

/// The symmetric arch from (−10, 0) heading 45° to (10, 0) heading −45°:
/// handles of 1.5·|AB|/3 = 10, so P1 = (−10 + 5√2, 5√2), P2 = (10 − 5√2, 5√2).
/// At t = ½: B′ = ¾(P3 + P2 − P1 − P0) = (¾(40 − 10√2)·… , 0) and
/// B″ = 3(P3 − P2 − P1 + P0) = (0, −30√2); it turns right, tightest there
/// (the curvature falls towards both ends), with radius |B′|² / |B″|.
fn arch(l: &[Lane]) -> BezierOffsets {
    bezier_offsets(
        &prof(-10.0, 0.0, FRAC_PI_4, l),
        &prof(10.0, 0.0, -FRAC_PI_4, l),
        64,
    )
    .unwrap()
}

#[test]
fn bezier_arch_turns_tightest_at_its_middle() {
    let o = arch(&lanes(2, 3.0));
    let bend = o.tightest.expect("the arch bends");
    let b1 = 0.75 * (40.0 - 10.0 * SQRT_2);
    let b2 = 30.0 * SQRT_2;
    assert!((bend.t - 0.5).abs() < 1e-15);
    assert!((bend.radius - b1 * b1 / b2).abs() < 1e-9, "{}", bend.radius);
    // B(½) = (P0 + 3P1 + 3P2 + P3) / 8 = (0, 6·5√2 / 8).
    assert!(bend.point.x.abs() < 1e-12 && (bend.point.y - 3.75 * SQRT_2).abs() < 1e-12);
    // Heading +x there, turning right: the centre is straight below.
    let r = b1 * b1 / b2;
    assert!(bend.center.x.abs() < 1e-9 && (bend.center.y - (3.75 * SQRT_2 - r)).abs() < 1e-9);
    // A right turn: the inside is the right edge, 3 from the middle.
    assert!((bend.inner - 3.0).abs() < 1e-15);
    assert!(!o.pinched);
}

#[test]
fn bezier_pinches_exactly_when_the_inner_edge_reaches_past_the_tightest_radius() {
    // r at the middle is 8.8649; edges 8 out stay clear, edges 9.5 out fold.
    let clear = arch(&lanes(2, 8.0));
    let folded = arch(&lanes(2, 9.5));
    let (c, f) = (clear.tightest.unwrap(), folded.tightest.unwrap());
    assert!(c.inner < c.radius && !clear.pinched);
    assert!(f.inner > f.radius && folded.pinched);
    // The mirror image turns left: the same bend, the left edge inside.
    let l = lanes(2, 3.0);
    let mirror = bezier_offsets(
        &prof(-10.0, 0.0, -FRAC_PI_4, &l),
        &prof(10.0, 0.0, FRAC_PI_4, &l),
        64,
    )
    .unwrap();
    let (m, o) = (mirror.tightest.unwrap(), arch(&l).tightest.unwrap());
    assert!((m.radius - o.radius).abs() < 1e-12 && (m.point.y + o.point.y).abs() < 1e-12);
    assert!((m.center.y + o.center.y).abs() < 1e-9);
    assert!((m.inner - 3.0).abs() < 1e-15);
}

#[test]
fn a_straight_bezier_has_no_tightest_bend() {
    let l = lanes(2, 3.0);
    let o = bezier_offsets(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 0.0, 0.0, &l), 16).unwrap();
    assert!(o.tightest.is_none() && !o.pinched);
}
