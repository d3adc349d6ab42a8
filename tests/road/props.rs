#![cfg(not(target_arch = "wasm32"))]
//! Properties of road pieces over thousands of random profile pairs: every
//! lane edge starts and ends exactly at the profiles' edge points with their
//! headings, is G1, is made of lines and arcs, stays at the lane width from
//! its neighbour; the kind matches the case computed here independently
//! (the continuation lines intersected by hand); errors are the documented ones.

use arcline::geom::*;
use arcline::road::markings::*;
use arcline::road::*;
use arcline::{Error, Reason};
use core::f64::consts::{PI, TAU};
use proptest::prelude::*;

fn lane_kind() -> impl Strategy<Value = LaneKind> {
    prop_oneof![
        Just(LaneKind::Driving),
        Just(LaneKind::Bike),
        Just(LaneKind::Sidewalk),
        Just(LaneKind::Median),
        Just(LaneKind::Shoulder),
        Just(LaneKind::Parking),
    ]
}

fn lanes() -> impl Strategy<Value = Vec<Lane>> {
    prop::collection::vec(
        (lane_kind(), 0.3f64..5.0, any::<bool>()).prop_map(|(k, w, back)| {
            Lane::new(k, w).with_direction(if back {
                Direction::Backward
            } else {
                Direction::Forward
            })
        }),
        1..6,
    )
}

fn pair() -> impl Strategy<Value = (Profile, Profile)> {
    (
        lanes(),
        -200.0f64..200.0,
        -200.0f64..200.0,
        -PI..PI,
        -200.0f64..200.0,
        -200.0f64..200.0,
        -PI..PI,
    )
        .prop_map(|(l, ax, ay, ah, bx, by, bh)| {
            (
                Profile {
                    x: ax,
                    y: ay,
                    heading: ah,
                    lanes: l.clone(),
                },
                Profile {
                    x: bx,
                    y: by,
                    heading: bh,
                    lanes: l,
                },
            )
        })
}

/// Pairs that hit the special cases: same or opposite headings, on a line.
fn special_pair() -> impl Strategy<Value = (Profile, Profile)> {
    (
        lanes(),
        -PI..PI,
        0usize..4,
        -100.0f64..100.0,
        -100.0f64..100.0,
    )
        .prop_map(|(l, h, which, f, s)| {
            let a = Profile {
                x: 1.0,
                y: -2.0,
                heading: h,
                lanes: l.clone(),
            };
            let (dx, dy) = (h.cos(), h.sin());
            let (fwd, side, bh) = match which {
                0 => (f.abs() + 0.5, 0.0, h), // straight
                1 => (f, s, h),               // shifted, same heading
                2 => (f, s, h + PI),          // u-turn
                _ => (f, s, h - PI),          // u-turn, the other way round
            };
            let b = Profile {
                x: 1.0 + dx * fwd - dy * side,
                y: -2.0 + dy * fwd + dx * side,
                heading: bh,
                lanes: l,
            };
            (a, b)
        })
}

fn ang(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d)
}

fn tol(a: &Profile, b: &Profile, piece: &RoadPiece) -> f64 {
    let mut scale = 1.0f64
        .max(a.x.abs())
        .max(a.y.abs())
        .max(b.x.abs())
        .max(b.y.abs());
    for s in piece.centerline.segments() {
        if let Segment::Arc(arc) = s {
            scale = scale
                .max(arc.radius)
                .max(arc.center.x.abs())
                .max(arc.center.y.abs());
        }
    }
    1e-9 * scale
}

/// The seed's construction computed here: where the continuation lines meet.
fn legs(a: &Profile, b: &Profile) -> Option<(f64, f64, f64)> {
    let (ax, ay, bx, by) = (
        a.heading.cos(),
        a.heading.sin(),
        b.heading.cos(),
        b.heading.sin(),
    );
    let det = ax * by - ay * bx; // sin θ
    if det.abs() < 1e-6 {
        return None;
    }
    let (wx, wy) = (b.x - a.x, b.y - a.y);
    // a + ta·da = b + tb·db
    let ta = (wx * by - wy * bx) / det;
    let tb = (wx * ay - wy * ax) / det;
    let theta = (b.heading - a.heading + PI).rem_euclid(TAU) - PI;
    Some((ta, tb, theta))
}

fn check_piece(a: &Profile, b: &Profile, piece: &RoadPiece) -> Result<(), TestCaseError> {
    let t = tol(a, b, piece);
    let n = a.lanes.len();
    prop_assert_eq!(piece.boundaries.len(), n + 1);
    let offsets = a.edge_offsets();
    let (ea, eb) = (a.edge_points(), b.edge_points());
    for (i, edge) in piece.boundaries.iter().enumerate() {
        let (s, e) = (edge.start_pose(), edge.end_pose());
        prop_assert!(
            s.position().distance(ea[i]) <= t,
            "edge {} start {:?} vs {:?}",
            i,
            s,
            ea[i]
        );
        prop_assert!(
            e.position().distance(eb[i]) <= t,
            "edge {} end {:?} vs {:?}",
            i,
            e,
            eb[i]
        );
        prop_assert!(
            ang(s.heading, a.heading) <= 1e-9,
            "edge {} start heading",
            i
        );
        prop_assert!(ang(e.heading, b.heading) <= 1e-9, "edge {} end heading", i);
        prop_assert!(edge.is_g1(t.max(1e-9)), "edge {} is not G1", i);
        prop_assert_eq!(edge.segments().len(), piece.centerline.segments().len());
        for seg in edge.segments() {
            prop_assert!(seg.is_valid());
        }
    }
    // Neighbours stay the lane width apart: concentric arcs whose radii differ
    // by the width, parallel lines the width apart.
    for i in 0..n {
        let w = offsets[i] - offsets[i + 1];
        prop_assert!((w - a.lanes[i].width).abs() < 1e-9);
        for (p, q) in piece.boundaries[i]
            .segments()
            .iter()
            .zip(piece.boundaries[i + 1].segments())
        {
            match (p, q) {
                (Segment::Arc(p), Segment::Arc(q)) => {
                    prop_assert!(p.center.distance(q.center) <= t);
                    prop_assert!(((p.radius - q.radius).abs() - w).abs() <= t);
                    prop_assert!((p.sweep - q.sweep).abs() <= 1e-9);
                }
                (Segment::Line(p), Segment::Line(q)) => {
                    let d = p.end - p.start;
                    let len = d.length();
                    if len > 1e-6 {
                        for pt in [q.start, q.end] {
                            let dist = d.cross(pt - p.start) / len;
                            prop_assert!(
                                (dist.abs() - w).abs() <= t * 10.0,
                                "line distance {} vs {}",
                                dist,
                                w
                            );
                        }
                    }
                }
                _ => prop_assert!(false, "edges {} and {} differ in segment type", i, i + 1),
            }
        }
    }
    // The kind matches the case.
    let half = a.width() / 2.0;
    match piece.kind {
        PieceKind::ArcLine | PieceKind::LineArc => {
            let (ta, tb, theta) =
                legs(a, b).ok_or_else(|| TestCaseError::fail("fillet of parallel profiles"))?;
            prop_assert!(ta > 0.0 && tb < 0.0, "C must be ahead of a and behind b");
            prop_assert_eq!(
                piece.kind == PieceKind::ArcLine,
                ta <= -tb + 1e-9 * ta.abs().max(1.0)
            );
            let r = ta.min(-tb) / (theta.abs() / 2.0).tan();
            let arcs: Vec<&Arc> = piece
                .centerline
                .segments()
                .iter()
                .filter_map(|s| match s {
                    Segment::Arc(x) => Some(x),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(arcs.len(), 1);
            prop_assert!(
                (arcs[0].radius - r).abs() <= 1e-7 * r.max(1.0),
                "radius {} vs {}",
                arcs[0].radius,
                r
            );
            prop_assert!(r > half);
            let first_is_arc = matches!(piece.centerline.segments()[0], Segment::Arc(_));
            prop_assert_eq!(first_is_arc, piece.kind == PieceKind::ArcLine);
        }
        PieceKind::Straight => {
            prop_assert!(ang(a.heading, b.heading) < 1e-6);
            prop_assert_eq!(piece.centerline.word(), "S");
        }
        PieceKind::UTurn => {
            prop_assert!(ang(a.heading + PI, b.heading) < 1e-6);
            let semi: Vec<&Arc> = piece
                .centerline
                .segments()
                .iter()
                .filter_map(|s| match s {
                    Segment::Arc(x) => Some(x),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(semi.len(), 1);
            prop_assert!((semi[0].sweep.abs() - PI).abs() < 1e-12);
            let lateral = (b.x - a.x) * -a.heading.sin() + (b.y - a.y) * a.heading.cos();
            prop_assert!((semi[0].radius - lateral.abs() / 2.0).abs() <= t);
            prop_assert!(semi[0].radius > half);
        }
        PieceKind::SCurve => {
            prop_assert_eq!(piece.intermediate.len(), 1);
            let m = &piece.intermediate[0];
            // Hermite P(0.5) and P'(0.5) with tangents 1.5·|AB|.
            let d = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt() * 1.5;
            let (t0, t1) = (
                (a.heading.cos() * d, a.heading.sin() * d),
                (b.heading.cos() * d, b.heading.sin() * d),
            );
            let px = 0.5 * (a.x + b.x) + (t0.0 - t1.0) / 8.0;
            let py = 0.5 * (a.y + b.y) + (t0.1 - t1.1) / 8.0;
            let vx = 1.5 * (b.x - a.x) - (t0.0 + t1.0) / 4.0;
            let vy = 1.5 * (b.y - a.y) - (t0.1 + t1.1) / 4.0;
            prop_assert!((m.x - px).abs() <= t && (m.y - py).abs() <= t);
            prop_assert!(ang(m.heading, vy.atan2(vx)) < 1e-9);
            // Every lane edge goes through the intermediate profile's edge point
            // with its heading.
            for (edge, p) in piece.boundaries.iter().zip(m.edge_points()) {
                let mut hit = false;
                for s in edge.segments() {
                    match s {
                        Segment::Arc(arc) => {
                            let end = arc.pose_at(arc.length());
                            if end.position().distance(p) <= t * 10.0
                                && ang(end.heading, m.heading) < 1e-7
                            {
                                hit = true;
                            }
                        }
                        Segment::Line(l) => {
                            let dl = l.end - l.start;
                            let w = p - l.start;
                            let len = dl.length();
                            let on = dl.cross(w).abs() <= t * 10.0 * len
                                && (-t..=len * len + t).contains(&dl.dot(w));
                            // A very short line's direction is only as good as its end points.
                            let along = len < 1e-3 || ang(dl.angle(), m.heading) < 1e-7;
                            if (on || l.end.distance(p) <= t * 10.0) && along {
                                hit = true;
                            }
                        }
                        Segment::Clothoid(c) => {
                            let end = c.end();
                            if end.position().distance(p) <= t * 10.0
                                && ang(end.heading, m.heading) < 1e-7
                            {
                                hit = true;
                            }
                        }
                    }
                }
                prop_assert!(hit, "edge misses the intermediate edge point");
            }
        }
    }
    Ok(())
}

fn check_error(a: &Profile, b: &Profile, e: &Error) -> Result<(), TestCaseError> {
    let half = a.width() / 2.0;
    match e.reason() {
        Reason::LanesWiderThanTurn {
            centre_radius,
            half_width,
            ..
        } => {
            prop_assert!(*centre_radius <= *half_width);
            prop_assert!((half_width - half).abs() < 1e-9);
        }
        Reason::Unsolvable(_) => {}
        _ => prop_assert!(false, "unexpected error {}", e),
    }
    prop_assert!(e.to_string().starts_with("b: "));
    // A fillet case whose radius (computed here) clears the lanes must not fail.
    if let Some((ta, tb, theta)) = legs(a, b) {
        if ta > 1e-6 && tb < -1e-6 {
            let r = ta.min(-tb) / (theta.abs() / 2.0).tan();
            prop_assert!(
                r <= half * (1.0 + 1e-9),
                "fillet with radius {} > {} failed: {}",
                r,
                half,
                e
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5000, ..ProptestConfig::default() })]

    #[test]
    fn every_random_pair_gives_a_valid_piece_or_a_named_error((a, b) in pair()) {
        match connect_profiles(&a, &b) {
            Ok(piece) => check_piece(&a, &b, &piece)?,
            Err(e) => check_error(&a, &b, &e)?,
        }
    }

    #[test]
    fn special_pairs_give_the_right_kind((a, b) in special_pair()) {
        let w = a.width();
        match connect_profiles(&a, &b) {
            Ok(piece) => {
                check_piece(&a, &b, &piece)?;
                let same = ang(a.heading, b.heading) < 1e-6;
                let lateral = (b.x - a.x) * -a.heading.sin() + (b.y - a.y) * a.heading.cos();
                if same {
                    prop_assert!(matches!(piece.kind, PieceKind::Straight | PieceKind::SCurve));
                    prop_assert_eq!(piece.kind == PieceKind::Straight, lateral.abs() < 1e-6);
                } else {
                    prop_assert_eq!(piece.kind, PieceKind::UTurn);
                    prop_assert!(lateral.abs() > w);
                }
            }
            Err(e) => {
                check_error(&a, &b, &e)?;
                if ang(a.heading + PI, b.heading) < 1e-6 {
                    let lateral = (b.x - a.x) * -a.heading.sin() + (b.y - a.y) * a.heading.cos();
                    prop_assert!(lateral.abs() <= w * (1.0 + 1e-9), "u-turn of width {} failed: {}", lateral, e);
                }
            }
        }
    }

    #[test]
    fn half_plane_rule_leaves_only_the_u_turn_behind((a, b) in pair()) {
        let c = constrain_profile(&a, &b).unwrap();
        let forward = (b.x - a.x) * a.heading.cos() + (b.y - a.y) * a.heading.sin();
        if forward < 0.0 {
            prop_assert_eq!(c.heading, a.heading + PI);
            prop_assert_eq!((c.x, c.y), (b.x, b.y));
            match connect_profiles(&a, &c) {
                Ok(piece) => prop_assert_eq!(piece.kind, PieceKind::UTurn),
                Err(e) => {
                    let ok = matches!(e.reason(), Reason::LanesWiderThanTurn { .. } | Reason::Unsolvable(_));
                    prop_assert!(ok, "unexpected error {}", e);
                }
            }
        } else {
            prop_assert_eq!(&c, &b);
        }
    }

    #[test]
    fn markings_and_areas_cover_every_lane((a, b) in pair()) {
        if let Ok(piece) = connect_profiles(&a, &b) {
            let areas = lane_areas(&piece, &a);
            prop_assert_eq!(areas.len(), a.lanes.len());
            for m in markings(&piece, &a.lanes) {
                prop_assert!(m.edge <= a.lanes.len());
                prop_assert!(!m.paths.is_empty());
                for p in &m.paths {
                    prop_assert!(p.segments().iter().all(Segment::is_valid));
                }
            }
        }
    }
}
