//! Hand-computed road cases: the issue's quarter circle, the fillet legs, the
//! straight, U-turns, the lane shift, the half-plane rule, errors, markings,
//! chains and networks.

use arcline::geom::*;
use arcline::road::markings::*;
use arcline::road::*;
use arcline::{Reason, Unsolvable};
use core::f64::consts::{FRAC_PI_2, PI};

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

fn near(p: Point, x: f64, y: f64) -> bool {
    (p.x - x).abs() < TOL && (p.y - y).abs() < TOL
}

fn arc(s: &Segment) -> Arc {
    match s {
        Segment::Arc(a) => *a,
        _ => panic!("expected an arc, got {s:?}"),
    }
}

fn line(s: &Segment) -> Line {
    match s {
        Segment::Line(l) => *l,
        _ => panic!("expected a line, got {s:?}"),
    }
}

#[test]
fn east_to_north_at_10_10_is_one_quarter_circle_about_0_10() {
    let l = lanes(2, 3.0);
    let piece =
        connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 10.0, FRAC_PI_2, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::ArcLine);
    assert_eq!(piece.centerline.word(), "L");
    let a = arc(&piece.centerline.segments()[0]);
    assert!(near(a.center, 0.0, 10.0));
    assert!((a.radius - 10.0).abs() < TOL);
    assert!((a.sweep - FRAC_PI_2).abs() < TOL);
    // Lane edges: concentric, radii 10 - 3, 10, 10 + 3 (left edge is inside a left turn).
    let radii: Vec<f64> = piece
        .boundaries
        .iter()
        .map(|b| arc(&b.segments()[0]).radius)
        .collect();
    for (r, want) in radii.iter().zip([7.0, 10.0, 13.0]) {
        assert!((r - want).abs() < TOL, "{radii:?}");
    }
    for b in &piece.boundaries {
        assert!(near(arc(&b.segments()[0]).center, 0.0, 10.0));
    }
}

#[test]
fn east_to_north_at_10_20_is_the_quarter_circle_then_a_line() {
    let l = lanes(1, 2.0);
    let piece =
        connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 20.0, FRAC_PI_2, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::ArcLine);
    assert_eq!(piece.centerline.word(), "LS");
    let a = arc(&piece.centerline.segments()[0]);
    assert!(near(a.center, 0.0, 10.0) && (a.radius - 10.0).abs() < TOL);
    let s = line(&piece.centerline.segments()[1]);
    assert!(near(s.start, 10.0, 10.0) && near(s.end, 10.0, 20.0));
    // The left edge (offset +1): radius 9, then the line x = 9 up to (9, 20).
    let left = &piece.boundaries[0];
    assert!((arc(&left.segments()[0]).radius - 9.0).abs() < TOL);
    let ls = line(&left.segments()[1]);
    assert!(near(ls.start, 9.0, 10.0) && near(ls.end, 9.0, 20.0));
}

#[test]
fn longer_leg_at_a_gives_line_then_arc() {
    // C = (20, 0): CA = 20, CB = 10, so M = (10, 0) on CA and the arc is about (10, 10).
    let l = lanes(1, 2.0);
    let piece =
        connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(20.0, 10.0, FRAC_PI_2, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::LineArc);
    assert_eq!(piece.centerline.word(), "SL");
    let s = line(&piece.centerline.segments()[0]);
    assert!(near(s.start, 0.0, 0.0) && near(s.end, 10.0, 0.0));
    let a = arc(&piece.centerline.segments()[1]);
    assert!(near(a.center, 10.0, 10.0) && (a.radius - 10.0).abs() < TOL);
}

#[test]
fn right_turn_fillet_about_0_minus_10() {
    let l = lanes(1, 2.0);
    let piece =
        connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, -10.0, -FRAC_PI_2, &l)).unwrap();
    assert_eq!(piece.centerline.word(), "R");
    let a = arc(&piece.centerline.segments()[0]);
    assert!(near(a.center, 0.0, -10.0) && (a.sweep + FRAC_PI_2).abs() < TOL);
    // The right edge is inside a right turn.
    assert!((arc(&piece.boundaries[1].segments()[0]).radius - 9.0).abs() < TOL);
}

#[test]
fn collinear_same_heading_is_straight_with_parallel_edges() {
    let l = lanes(2, 3.0);
    let piece = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 0.0, 0.0, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::Straight);
    assert_eq!(piece.centerline.word(), "S");
    for (b, y) in piece.boundaries.iter().zip([3.0, 0.0, -3.0]) {
        let s = line(&b.segments()[0]);
        assert!(near(s.start, 0.0, y) && near(s.end, 10.0, y));
    }
}

#[test]
fn u_turn_with_b_beside_a_is_one_semicircle() {
    let l = lanes(2, 2.0);
    let piece = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(0.0, 20.0, PI, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::UTurn);
    assert_eq!(piece.centerline.word(), "L");
    let a = arc(&piece.centerline.segments()[0]);
    assert!(
        near(a.center, 0.0, 10.0) && (a.radius - 10.0).abs() < TOL && (a.sweep - PI).abs() < TOL
    );
    assert!((arc(&piece.boundaries[0].segments()[0]).radius - 8.0).abs() < TOL);
}

#[test]
fn u_turn_with_b_behind_is_semicircle_then_line() {
    let l = lanes(1, 2.0);
    let piece = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(-5.0, 20.0, PI, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::UTurn);
    assert_eq!(piece.centerline.word(), "LS");
    let s = line(&piece.centerline.segments()[1]);
    assert!(near(s.start, 0.0, 20.0) && near(s.end, -5.0, 20.0));
}

#[test]
fn u_turn_with_b_ahead_is_line_then_semicircle() {
    let l = lanes(1, 2.0);
    let piece = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(5.0, -20.0, PI, &l)).unwrap();
    assert_eq!(piece.kind, PieceKind::UTurn);
    assert_eq!(piece.centerline.word(), "SR");
    let s = line(&piece.centerline.segments()[0]);
    assert!(near(s.end, 5.0, 0.0));
    assert!(near(
        arc(&piece.centerline.segments()[1]).center,
        5.0,
        -10.0
    ));
}

#[test]
fn u_turn_narrower_than_the_road_is_rejected() {
    // Semicircle radius 3, road 8 wide: the inner edge would have radius -1.
    let l = lanes(2, 4.0);
    let e = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(0.0, 6.0, PI, &l)).unwrap_err();
    assert_eq!(
        e.reason(),
        &Reason::LanesWiderThanTurn {
            centre_radius: 3.0,
            half_width: 4.0
        },
        "{e}"
    );
    assert_eq!(e.field().to_string(), "b");
    assert!(e.to_string().starts_with("b: lanes wider than the turn"));
}

#[test]
fn lane_wider_than_inner_radius_is_rejected() {
    // Radius 10, road 20 wide: the inner edge radius is exactly 0.
    let l = lanes(4, 5.0);
    let e =
        connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 10.0, FRAC_PI_2, &l)).unwrap_err();
    match e.reason() {
        Reason::LanesWiderThanTurn {
            centre_radius,
            half_width,
        } => {
            assert!((centre_radius - 10.0).abs() < TOL, "{e}");
            assert_eq!(*half_width, 10.0);
        }
        _ => panic!("{e}"),
    }
    // 19.8 wide fits.
    let l = lanes(4, 4.95);
    assert!(connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 10.0, FRAC_PI_2, &l)).is_ok());
}

#[test]
fn head_on_on_one_line_has_no_solution() {
    let l = lanes(1, 2.0);
    let e = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(10.0, 0.0, PI, &l)).unwrap_err();
    assert_eq!(e.reason(), &Reason::Unsolvable(Unsolvable::HeadOn), "{e}");
    assert!(e.to_string().starts_with("b: "));
    assert!(e.to_string().contains("head-on"));
    let same = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(0.0, 0.0, 0.0, &l)).unwrap_err();
    assert_eq!(same.reason(), &Reason::Unsolvable(Unsolvable::SamePose));
}

#[test]
fn a_u_turn_whose_radius_underflows_is_a_degenerate_turn() {
    // Opposite headings 5e-324 apart sideways: the semicircle's radius
    // (half of that) rounds to zero.
    let l = lanes(1, 1e-300);
    let e = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(0.0, 5e-324, PI, &l)).unwrap_err();
    assert_eq!(
        e.reason(),
        &Reason::Unsolvable(Unsolvable::DegenerateTurn),
        "{e}"
    );
    assert!(e
        .to_string()
        .starts_with("b: no road of lines and arcs joins these profiles"));
}

#[test]
fn same_heading_behind_has_no_solution() {
    let l = lanes(1, 2.0);
    let e = connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(-10.0, 0.0, 0.0, &l)).unwrap_err();
    // The Hermite middle is (-5, 0) facing back at +x... the first half's
    // continuation lines do not meet ahead of a.
    assert!(
        matches!(
            e.reason(),
            Reason::Unsolvable(Unsolvable::SCurveFirstHalf | Unsolvable::SCurveSecondHalf)
        ),
        "{e}"
    );
}

#[test]
fn lane_shift_is_an_s_curve_through_the_hermite_middle() {
    let l = lanes(1, 2.0);
    let (a, b) = (prof(0.0, 0.0, 0.0, &l), prof(40.0, 4.0, 0.0, &l));
    let piece = connect_profiles(&a, &b).unwrap();
    assert_eq!(piece.kind, PieceKind::SCurve);
    assert_eq!(piece.intermediate.len(), 1);
    // Parallel tangents of equal length: P(0.5) is the midpoint; P'(0.5) = 1.5 (B - A) - 0.75 |AB| east.
    let d = (40.0f64 * 40.0 + 16.0).sqrt();
    let want = (1.5 * 4.0f64).atan2(1.5 * 40.0 - 0.75 * d);
    let m = &piece.intermediate[0];
    assert!((m.x - 20.0).abs() < TOL && (m.y - 2.0).abs() < TOL);
    assert!((m.heading - want).abs() < 1e-12);
    // Left, then right, through the middle, G1.
    let word = piece.centerline.word();
    assert!(word.starts_with('L') || word.starts_with("SL"), "{word}");
    assert!(word.ends_with('R') || word.ends_with("RS"), "{word}");
    assert!(piece.centerline.is_g1(1e-9));
    let m = Point::new(20.0, 2.0);
    let mid_end = piece.centerline.segments().iter().any(|s| match s {
        Segment::Line(l) => {
            let (d, w) = (l.end - l.start, m - l.start);
            d.cross(w).abs() < 1e-9 * d.length() && (0.0..=d.length_squared()).contains(&d.dot(w))
        }
        Segment::Arc(a) => a.end().distance(m) < 1e-9,
        Segment::Clothoid(c) => c.end().position().distance(m) < 1e-9,
    });
    assert!(
        mid_end,
        "the centreline passes through the intermediate profile"
    );
}

#[test]
fn half_plane_rule_turns_a_profile_behind_and_keeps_one_in_front() {
    let l = lanes(2, 3.0);
    let source = prof(0.0, 0.0, 0.3, &l);
    let behind = prof(-10.0, 30.0, 2.0, &l); // dot((cos .3, sin .3), (-10, 30)) < 0
    assert!(0.3f64.cos() * -10.0 + 0.3f64.sin() * 30.0 < 0.0);
    let turned = constrain_profile(&source, &behind).unwrap();
    assert_eq!(turned.heading, 0.3 + PI);
    assert_eq!((turned.x, turned.y), (-10.0, 30.0));
    let piece = connect_profiles(&source, &turned).unwrap();
    assert_eq!(piece.kind, PieceKind::UTurn);
    let front = prof(10.0, 3.0, 2.0, &l);
    assert_eq!(constrain_profile(&source, &front).unwrap(), front);
}

#[test]
fn bad_profiles_name_the_argument() {
    let l = lanes(2, 3.0);
    let a = prof(0.0, 0.0, 0.0, &l);
    let e = connect_profiles(&a, &prof(1.0, 1.0, 1.0, &[])).unwrap_err();
    assert_eq!(e.to_string(), "b.lanes: must not be empty");
    let mut bad = l.clone();
    bad[1].width = 0.0;
    let e = connect_profiles(&prof(0.0, 0.0, 0.0, &bad), &a).unwrap_err();
    assert!(e.to_string().starts_with("a.lanes[1].width: "), "{e}");
    bad[1].width = f64::NAN;
    assert!(connect_profiles(&a, &prof(0.0, 0.0, 0.0, &bad))
        .unwrap_err()
        .to_string()
        .starts_with("b.lanes[1].width"));
    let e = connect_profiles(&a, &prof(f64::INFINITY, 0.0, 0.0, &l)).unwrap_err();
    assert_eq!(e.to_string(), "b.x: must be a finite number");
    let e = connect_profiles(&a, &prof(10.0, 0.0, 0.0, &lanes(3, 3.0))).unwrap_err();
    assert_eq!(
        e.reason(),
        &Reason::LanesDiffer {
            other: arcline::Field::named("a").key("lanes"),
            difference: LaneDifference::Count {
                expected: 2,
                got: 3
            }
        }
    );
    assert_eq!(
        e.to_string(),
        "b.lanes: must be the same lanes as a.lanes (kinds, widths and directions): 3 lanes against 2"
    );
    let mut other = l.clone();
    other[1].kind = LaneKind::Bike;
    let e = connect_profiles(&a, &prof(10.0, 0.0, 0.0, &other)).unwrap_err();
    assert!(matches!(
        e.reason(),
        Reason::LanesDiffer {
            difference: LaneDifference::Kind { lane: 1 },
            ..
        }
    ));
    let mut other = l.clone();
    other[0].width = 3.5;
    let e = connect_profiles(&a, &prof(10.0, 0.0, 0.0, &other)).unwrap_err();
    assert!(
        e.to_string().ends_with("lane 0 is 3.5 wide against 3"),
        "{e}"
    );
    other[0] = l[0].with_direction(Direction::Backward);
    let e = connect_profiles(&a, &prof(10.0, 0.0, 0.0, &other)).unwrap_err();
    assert!(e.to_string().ends_with("lane 0 runs the other way"), "{e}");
}

#[test]
fn markings_follow_the_lane_kinds() {
    use LaneKind::*;
    let back = Direction::Backward;
    let l = vec![
        Lane::new(Sidewalk, 2.0),
        Lane::new(Driving, 3.0).with_direction(back),
        Lane::new(Driving, 3.0).with_direction(back),
        Lane::new(Driving, 3.0),
        Lane::new(Driving, 3.0),
        Lane::new(Bike, 1.5),
        Lane::new(Sidewalk, 2.0),
    ];
    let piece =
        connect_profiles(&prof(0.0, 0.0, 0.0, &l), &prof(60.0, 60.0, FRAC_PI_2, &l)).unwrap();
    let m = markings(&piece, &l);
    let styles: Vec<(usize, MarkingStyle)> = m.iter().map(|k| (k.edge, k.style)).collect();
    use MarkingStyle::*;
    assert_eq!(
        styles,
        vec![
            (1, Kerb),
            (2, Dashed),
            (3, Double),
            (4, Dashed),
            (5, Solid),
            (6, Kerb)
        ]
    );
    let double = m.iter().find(|k| k.style == Double).unwrap();
    assert_eq!(double.paths.len(), 2);
    // The two lines of the double are concentric with the edge, 0.3 apart.
    let (r0, r1) = (
        arc(&double.paths[0].segments()[0]).radius,
        arc(&double.paths[1].segments()[0]).radius,
    );
    assert!(((r0 - r1).abs() - 0.3).abs() < 1e-9);
    let areas = lane_areas(&piece, &prof(0.0, 0.0, 0.0, &l));
    assert_eq!(areas.len(), l.len());
    for area in &areas {
        let o = &area.outline;
        assert!(o.start_pose().position().distance(o.end_pose().position()) < 1e-9);
        assert_eq!(o.word().len(), 2 + 2 * piece.centerline.segments().len());
    }
}

#[test]
fn moving_one_profile_rebuilds_only_its_two_pieces() {
    let l = lanes(2, 3.0);
    let profiles: Vec<Profile> = (0..10)
        .map(|i| prof(i as f64 * 20.0, if i % 2 == 0 { 0.0 } else { 5.0 }, 0.0, &l))
        .collect();
    let mut chain = RoadChain::new(profiles).unwrap();
    assert_eq!(chain.pieces().len(), 9);
    assert!(chain
        .pieces()
        .iter()
        .all(|p| p.as_ref().map(|p| p.kind) == Ok(PieceKind::SCurve)));
    let before = chain.pieces().to_vec();
    let rebuilt = chain.set_profile(5, prof(100.0, 8.0, 0.0, &l)).unwrap();
    assert_eq!(rebuilt, 4..6);
    for (i, (x, y)) in before.iter().zip(chain.pieces()).enumerate() {
        if rebuilt.contains(&i) {
            assert_ne!(x, y, "piece {i} should have changed");
        } else {
            assert_eq!(x, y, "piece {i} should be untouched");
        }
    }
    let e = chain.set_profile(10, prof(0.0, 0.0, 0.0, &l)).unwrap_err();
    assert_eq!(e.to_string(), "index: must be from 0 to 9");
    // Errors in place name the profiles of the pair.
    let e = chain
        .set_profile(3, prof(80.0, 5.0, PI, &l))
        .map(|_| chain.pieces()[2].clone().unwrap_err())
        .unwrap();
    assert!(e.to_string().starts_with("profiles[3]: "), "{e}");
}

#[test]
#[cfg(feature = "serde")]
fn network_round_trips_through_json_and_rebuilds_touching_pieces() {
    let l = lanes(2, 3.0);
    let mut net = RoadNetwork::new();
    let a = net.add_profile(prof(0.0, 0.0, 0.0, &l)).unwrap();
    let b = net.add_profile(prof(30.0, 30.0, FRAC_PI_2, &l)).unwrap();
    let c = net.add_profile(prof(30.0, 60.0, FRAC_PI_2, &l)).unwrap();
    let d = net.add_profile(prof(-30.0, 0.0, PI, &l)).unwrap();
    let p0 = net.connect(a, b).unwrap();
    let p1 = net.connect(b, c).unwrap();
    let p2 = net.connect(a, d).unwrap(); // head-on behind a: stored as an error
    assert!(net.piece(p2).unwrap().built.is_err());
    assert_eq!(
        net.set_profile(c, prof(30.0, 80.0, FRAC_PI_2, &l))
            .unwrap()
            .pieces,
        vec![p1]
    );
    net.remove_profile(d).unwrap();
    assert!(net.piece(p2).is_none());
    let json = serde_json::to_string(&net.snapshot()).unwrap();
    let back = RoadNetwork::from_snapshot(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back, net);
    assert_eq!(
        back.piece(p0).unwrap().built.as_ref().unwrap().kind,
        PieceKind::ArcLine
    );
    let read = |json: &str| {
        RoadNetwork::from_snapshot(serde_json::from_str(json).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        read(r#"{"version":1,"profiles":[],"pieces":[{"id":0,"a":0,"b":1}]}"#),
        "pieces[0].a: no profile with id 0"
    );
    assert_eq!(
        read(r#"{"version":3,"profiles":[],"pieces":[]}"#),
        "version: unsupported version (this build reads versions 1 to 2)"
    );
    let p = r#"{"id":3,"x":0,"y":0,"heading":0,"lanes":[{"kind":"bike","width":1}]}"#;
    let q = p.replace(r#""id":3"#, r#""id":2"#);
    for (first, second) in [(p, p), (p, q.as_str())] {
        assert_eq!(
            read(&format!(
                r#"{{"version":1,"profiles":[{first},{second}],"pieces":[]}}"#
            )),
            "profiles[1].id: must be greater than the one before it"
        );
    }
    assert_eq!(
        read(r#"{"version":1,"nextPieceId":16777218,"profiles":[],"pieces":[]}"#),
        "next_piece_id: must be at most 16777217 in magnitude"
    );
}

#[test]
fn a_snapshot_with_the_largest_ids_loads_without_a_table_that_large() {
    // Ids up to MAX_ID are taken as they are; the network holds only what
    // the file has (a dense table of 2^24 slots took 2 GB and 5 s in wasm).
    let l = lanes(1, 3.0);
    let entry = |id: u32, x: f64| ProfileEntry {
        id: ProfileId(id),
        x,
        y: 0.0,
        heading: 0.0,
        lanes: l.clone(),
    };
    let file = NetworkSnapshot {
        version: 1,
        next_profile_id: ProfileId(0),
        next_piece_id: PieceId(MAX_ID),
        profiles: vec![entry(7, 30.0), entry(MAX_ID, 0.0)],
        pieces: vec![PieceEntry {
            id: PieceId(MAX_ID),
            a: ProfileId(MAX_ID),
            b: ProfileId(7),
            transition: 0.0,
        }],
        next_junction_id: JunctionId(0),
        junctions: vec![],
    };
    let mut net = RoadNetwork::from_snapshot(file).unwrap();
    assert_eq!(net.profile_ids(), [ProfileId(7), ProfileId(MAX_ID)]);
    assert_eq!(net.pieces_of(ProfileId(7)), [PieceId(MAX_ID)]);
    let piece = net.piece(PieceId(MAX_ID)).unwrap();
    assert_eq!(piece.built.as_ref().unwrap().kind, PieceKind::Straight);
    // New ids continue after the largest one in the file, and stop there:
    // everything a network saves loads again.
    assert_eq!(
        net.add_profile(prof(60.0, 0.0, 0.0, &l))
            .unwrap_err()
            .reason(),
        &Reason::OutOfIds
    );
    let snap = net.snapshot();
    assert_eq!(
        (snap.next_profile_id, snap.next_piece_id),
        (ProfileId(MAX_ID + 1), PieceId(MAX_ID + 1))
    );
    assert_eq!(RoadNetwork::from_snapshot(snap).unwrap(), net);
    let too_large = NetworkSnapshot {
        version: 1,
        next_profile_id: ProfileId(0),
        next_piece_id: PieceId(0),
        profiles: vec![entry(MAX_ID + 1, 0.0)],
        pieces: vec![],
        next_junction_id: JunctionId(0),
        junctions: vec![],
    };
    let e = RoadNetwork::from_snapshot(too_large).unwrap_err();
    assert_eq!(
        e.to_string(),
        "profiles[0].id: must be at most 16777216 in magnitude"
    );
}

#[test]
fn bezier_offset_pinches_at_a_sharp_turn_and_not_on_a_gentle_one() {
    let l = lanes(4, 3.5);
    let sharp = bezier_offsets(
        &prof(0.0, 0.0, 0.0, &l),
        &prof(8.0, 8.0, FRAC_PI_2 + 0.8, &l),
        64,
    )
    .unwrap();
    assert!(sharp.pinched);
    let gentle = bezier_offsets(&prof(0.0, 0.0, 0.0, &l), &prof(200.0, 40.0, 0.2, &l), 64).unwrap();
    let e = bezier_offsets(&prof(0.0, 0.0, 0.0, &l), &prof(9.0, 0.0, 0.0, &l[..1]), 8);
    assert!(e
        .unwrap_err()
        .to_string()
        .starts_with("b.lanes: must be the same lanes"));
    assert!(!gentle.pinched);
    assert_eq!(gentle.edges.len(), 5);
}

#[test]
fn nearly_opposite_headings_fillet_ends_on_b_heading() {
    // Found by the property test: θ = π - 4.4e-5. tan(θ/2) through 1 + cos θ
    // lost 7 digits and the line into b came in 6e-9 rad off b's heading.
    let l = lanes(1, 0.3);
    let a = prof(0.0, 0.0, 2.687465315789927, &l);
    let b = prof(133.18966437645, 0.0, -0.45408311908893323, &l);
    let piece = connect_profiles(&a, &b).unwrap();
    assert_eq!(piece.kind, PieceKind::ArcLine);
    for edge in &piece.boundaries {
        let h = edge.end_pose().heading;
        assert!(normalize_angle(h - b.heading).abs() < 1e-11, "{h}");
    }
}

#[test]
fn nearly_straight_pairs_give_valid_pieces() {
    // Headings and offsets just above the straight tolerances: every pair is
    // built (fillet or s-curve) with edges ending at the edge points, joined
    // with equal headings (to 1e-7 rad: arcs of radius up to ~1e10 here);
    // the one exception is a fillet whose construction radius really is tiny.
    let l = lanes(2, 3.0);
    let a = prof(0.0, 0.0, 0.0, &l);
    for h in [1e-10, 1e-9, 2e-9, 1e-8, 1e-7, 1e-6, 1e-4, -1e-8] {
        for y in [0.0, 1e-9, 1e-6, 1e-3] {
            let b = prof(100.0, y, h, &l);
            match connect_profiles(&a, &b) {
                Ok(piece) => {
                    // An arc is a centre and a radius, so its points are only
                    // as precise as 1e-16 of its radius (here up to ~1e10).
                    let r = piece
                        .centerline
                        .segments()
                        .iter()
                        .map(|s| match s {
                            Segment::Arc(a) => a.radius + a.center.x.abs() + a.center.y.abs(),
                            Segment::Line(_) | Segment::Clothoid(_) => 0.0,
                        })
                        .fold(100.0, f64::max);
                    let tol = 1e-9 * r;
                    for (i, e) in piece.boundaries.iter().enumerate() {
                        assert!(e.is_g1(tol), "h {h} y {y} edge {i}");
                        for w in e.segments().windows(2) {
                            let (Some(h0), Some(h1)) = (w[0].end_heading(), w[1].start_heading())
                            else {
                                continue;
                            };
                            // A line's heading is only as precise as its end points over its length.
                            assert!(
                                normalize_angle(h0 - h1).abs() < 1e-7,
                                "h {h} y {y} edge {i}: {h0} {h1}"
                            );
                        }
                        assert!(e.start_pose().position().distance(a.edge_points()[i]) < tol);
                        assert!(e.end_pose().position().distance(b.edge_points()[i]) < tol);
                    }
                }
                Err(e) => {
                    // C = (100 - y/h, 0): CB = 1e-5, radius 0.2 < 3.
                    assert_eq!((h, y), (1e-4, 1e-9), "{e}");
                    assert!(matches!(e.reason(), Reason::LanesWiderThanTurn { .. }));
                }
            }
        }
    }
}

#[test]
fn profiles_beyond_the_largest_magnitude_are_refused_by_name() {
    let l = lanes(2, 3.0);
    let far = prof(1e308, 0.0, 0.0, &l);
    let near = prof(40.0, 40.0, FRAC_PI_2, &l);
    let e = connect_profiles(&far, &near).unwrap_err();
    assert_eq!(
        e.reason(),
        &Reason::TooLarge {
            limit: MAX_MAGNITUDE
        }
    );
    assert_eq!(e.to_string(), "a.x: must be at most 1e150 in magnitude");
    let e = road_construction(&near, &prof(0.0, -2e150, 0.0, &l), 8).unwrap_err();
    assert_eq!(e.to_string(), "b.y: must be at most 1e150 in magnitude");
    // Lanes whose widths add up to more than the limit (each one within it).
    let wide = vec![Lane::new(LaneKind::Driving, 0.75 * MAX_MAGNITUDE); 2];
    let e = constrain_profile(&prof(0.0, 0.0, 0.0, &wide), &near).unwrap_err();
    assert_eq!(e.to_string(), "source.lanes: must add up to at most 1e150");
}

#[test]
fn construction_lines_stay_finite_for_profiles_at_the_largest_magnitude() {
    // a at x = 1e150 facing +x, b behind it on the other side: |AB| = 2e150
    // and a's continuation line is as long as that.
    let m = MAX_MAGNITUDE;
    let a = prof(m, 0.0, 0.0, &lanes(2, 3.0));
    let b = prof(-m, -m, FRAC_PI_2, &lanes(2, 3.0));
    let c = road_construction(&a, &b, 8).unwrap();
    for l in &c.continuation {
        assert!(l.start.is_finite() && l.end.is_finite(), "{l:?}");
    }
    let d = a.position().distance(b.position());
    assert!((c.continuation[0].length() - d).abs() <= d * 1e-15);
    assert!(c.hermite.iter().all(|p| p.is_finite()));
    for f in &c.fillets {
        assert!(f.c.is_finite() && f.m.is_finite() && f.o.is_finite() && f.radius.is_finite());
    }
    if let Some(p) = &c.intermediate {
        assert!(p.x.is_finite() && p.y.is_finite() && p.heading.is_finite());
    }
    let bz = bezier_offsets(&a, &b, 32).unwrap();
    assert!(bz.edges.iter().flatten().all(|p| p.is_finite()));
    // An ordinary pair keeps lines as long as |AB|.
    let a = prof(0.0, 0.0, 0.0, &lanes(2, 3.0));
    let b = prof(0.0, 30.0, PI, &lanes(2, 3.0));
    let c = road_construction(&a, &b, 8).unwrap();
    assert!((c.continuation[0].length() - 30.0).abs() < TOL);
}
