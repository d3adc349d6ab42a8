//! Hand-computed junctions: the symmetric crossroads (kerb radius, right,
//! straight and left turns worked out on paper), a T-junction, the lane
//! mapping with three lanes each way, U-turns, every error, the dragged-arm
//! rule, and junctions in a network (rebuilt, saved, loaded, removed).

use arcline::error::JunctionConflict;
use arcline::geom::*;
use arcline::road::*;
use arcline::Reason;
use core::f64::consts::{FRAC_PI_2, PI};

const TOL: f64 = 1e-9;

fn back(w: f64) -> Lane {
    Lane::new(LaneKind::Driving, w).with_direction(Direction::Backward)
}

fn fwd(w: f64) -> Lane {
    Lane::new(LaneKind::Driving, w)
}

/// One lane each way, 3.5 wide.
fn two_lanes() -> Vec<Lane> {
    vec![back(3.5), fwd(3.5)]
}

/// An arm from direction `out`, its mouth `d` from the origin, heading in.
fn arm(out: f64, d: f64, lanes: &[Lane]) -> Profile {
    Profile {
        x: d * out.cos(),
        y: d * out.sin(),
        heading: out + PI,
        lanes: lanes.to_vec(),
    }
}

fn crossroads(d: f64, lanes: &[Lane]) -> Vec<Profile> {
    (0..4)
        .map(|k| arm(k as f64 * FRAC_PI_2, d, lanes))
        .collect()
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

fn conflict(e: &arcline::Error) -> JunctionConflict {
    match e.reason() {
        Reason::Junction(c) => *c,
        r => panic!("expected a junction conflict, got {r:?} ({e})"),
    }
}

#[test]
fn a_symmetric_crossroads_of_two_lane_roads_as_worked_out_by_hand() {
    // Mouths 12 from the centre, roads 7 wide (3.5 each way). Arm 0 comes
    // from the east: mouth (12, 0) heading west, its left (facing west) is
    // south, so its right edge is (12, 3.5) and its forward (entering) lane
    // centre (12, 1.75). Arm 1 comes from the north: left edge (3.5, 12),
    // leaving lane centre (1.75, 12).
    let j = connect_junction(&crossroads(12.0, &two_lanes())).unwrap();
    assert_eq!(j.order, [0, 1, 2, 3]);
    // Kerb 0: the edges y = 3.5 and x = 3.5 meet at C = (3.5, 3.5), both
    // legs 12 - 3.5 = 8.5: a quarter circle of radius 8.5 about (12, 12).
    assert_eq!(j.corners.len(), 4);
    let k = arc(&j.corners[0].segments()[0]);
    assert_eq!(j.corners[0].segments().len(), 1);
    assert!(near(k.center, 12.0, 12.0), "{k:?}");
    assert!((k.radius - 8.5).abs() < TOL);
    assert!(
        (k.sweep + FRAC_PI_2).abs() < TOL,
        "a right (clockwise) turn"
    );
    // No sidewalks: the carriageway is the whole area.
    assert_eq!(j.kerbs, j.corners);
    assert_eq!(j.carriageway, j.boundary);
    // Three movements per arm, one lane each: 12 connections.
    assert_eq!(j.connections.len(), 12);
    let from0: Vec<_> = j.connections.iter().filter(|c| c.from == 0).collect();
    let kinds: Vec<_> = from0.iter().map(|c| (c.to, c.kind)).collect();
    assert_eq!(
        kinds,
        [
            (1, MovementKind::Right),
            (2, MovementKind::Straight),
            (3, MovementKind::Left)
        ]
    );
    for c in &from0 {
        assert_eq!((c.from_lane, c.to_lane), (1, 0));
    }
    // Right turn: (12, 1.75) west to (1.75, 12) north; C = (1.75, 1.75),
    // legs 10.25: a quarter circle of radius 10.25 about (12, 12), the
    // kerb's centre (the kerb radius plus the half lane and the lane).
    let r = arc(&from0[0].path.segments()[0]);
    assert_eq!(from0[0].path.segments().len(), 1);
    assert!(near(r.center, 12.0, 12.0) && (r.radius - 10.25).abs() < TOL);
    assert!(near(r.start(), 12.0, 1.75) && near(r.end(), 1.75, 12.0));
    // Straight: one line to arm 2's leaving lane at (-12, 1.75).
    match from0[1].path.segments() {
        [Segment::Line(l)] => assert!(near(l.start, 12.0, 1.75) && near(l.end, -12.0, 1.75)),
        s => panic!("expected one line, got {s:?}"),
    }
    // Left turn: to arm 3's leaving lane at (-1.75, -12) heading south;
    // C = (-1.75, 1.75), legs 13.75: radius 13.75 about (12, -12).
    let l = arc(&from0[2].path.segments()[0]);
    assert!(near(l.center, 12.0, -12.0) && (l.radius - 13.75).abs() < TOL);
    assert!(near(l.end(), -1.75, -12.0) && l.sweep > 0.0);
    // The outline: 4 mouths and 4 quarter arcs, counter-clockwise, its area
    // the 24 x 24 square less the four quarter discs of radius 8.5 about
    // its corners.
    let area = 24.0 * 24.0 - PI * 8.5f64.powi(2);
    assert_eq!(j.boundary.word(), "SRSRSRSR");
    assert!(
        (green_area(&j.boundary) - area).abs() < 1e-9,
        "{}",
        green_area(&j.boundary)
    );
}

/// The signed area of a closed path by Green's theorem, each arc
/// integrated in closed form: ½∮(x dy − y dx).
fn green_area(p: &Path) -> f64 {
    let mut twice = 0.0;
    for s in p.segments() {
        twice += match s {
            Segment::Line(l) => l.start.x * l.end.y - l.end.x * l.start.y,
            Segment::Arc(a) => {
                let (c, r) = (a.center, a.radius);
                let (t0, t1) = (a.start_angle, a.start_angle + a.sweep);
                // x = cx + r cos t, y = cy + r sin t:
                // x dy − y dx = (r cx cos t + r cy sin t + r²) dt.
                r * c.x * (t1.sin() - t0.sin()) - r * c.y * (t1.cos() - t0.cos()) + r * r * a.sweep
            }
            Segment::Clothoid(_) => panic!("a junction outline is lines and arcs, got {s:?}"),
        };
    }
    twice / 2.0
}

#[test]
fn too_close_for_the_minimum_turning_radius_names_the_lane_and_the_radius() {
    // Mouths 6 out: kerb radius 6 - 3.5 = 2.5, right turn 2.5 + 1.75 = 4.25 < 5.
    let e = connect_junction(&crossroads(6.0, &two_lanes())).unwrap_err();
    assert_eq!(e.field().to_string(), "arms[0].lanes[1]");
    match conflict(&e) {
        JunctionConflict::TooTight {
            to,
            to_lane,
            radius,
            min_radius,
        } => {
            assert_eq!((to, to_lane), (1, 0));
            assert!((radius - 4.25).abs() < TOL && min_radius == DEFAULT_MIN_TURN_RADIUS);
        }
        c => panic!("{c:?}"),
    }
    assert!(
        e.to_string().contains("below the minimum turning radius 5"),
        "{e}"
    );
    // A smaller minimum lets it through.
    let opts = JunctionOptions {
        min_turn_radius: 4.0,
        ..JunctionOptions::default()
    };
    assert!(connect_junction_with(&crossroads(6.0, &two_lanes()), &opts).is_ok());
}

#[test]
fn three_lanes_each_way_keep_their_places_from_the_kerb() {
    let lanes: Vec<Lane> = (0..3)
        .map(|_| back(3.25))
        .chain((0..3).map(|_| fwd(3.25)))
        .collect();
    let j = connect_junction(&crossroads(30.0, &lanes)).unwrap();
    // Per arm: right 1, straight 3, left 1.
    assert_eq!(j.connections.len(), 20);
    let pairs = |to: usize| -> Vec<(usize, usize)> {
        j.connections
            .iter()
            .filter(|c| c.from == 0 && c.to == to)
            .map(|c| (c.from_lane, c.to_lane))
            .collect()
    };
    // Entering lanes from the kerb: 5, 4, 3; leaving lanes from the kerb: 0, 1, 2.
    assert_eq!(pairs(1), [(5, 0)]);
    assert_eq!(pairs(2), [(5, 0), (4, 1), (3, 2)]);
    assert_eq!(pairs(3), [(3, 2)]);
}

#[test]
fn a_t_junction_turns_right_and_left_from_the_stem_and_goes_straight_along_the_bar() {
    let lanes = two_lanes();
    let arms = [
        arm(0.0, 12.0, &lanes),
        arm(-FRAC_PI_2, 12.0, &lanes),
        arm(PI, 12.0, &lanes),
    ];
    let j = connect_junction(&arms).unwrap();
    // Counter-clockwise from the east arm: west, then south.
    assert_eq!(j.order, [0, 2, 1]);
    let moves: Vec<_> = j
        .connections
        .iter()
        .map(|c| (c.from, c.to, c.kind))
        .collect();
    use MovementKind::*;
    assert_eq!(
        moves,
        [
            (0, 2, Straight),
            (0, 1, Left),
            (1, 0, Right),
            (1, 2, Left),
            (2, 1, Right),
            (2, 0, Straight)
        ]
    );
    // The kerb along the bar's far side, from the east arm's right edge
    // (12, 3.5) to the west arm's left edge (-12, 3.5): one straight line.
    let far = &j.corners[0];
    match far.segments() {
        [Segment::Line(l)] => assert!(near(l.start, 12.0, 3.5) && near(l.end, -12.0, 3.5)),
        s => panic!("expected a line, got {s:?}"),
    }
}

#[test]
fn sidewalks_turn_the_corner_between_the_outer_edge_and_the_kerb() {
    let walk = Lane::new(LaneKind::Sidewalk, 2.0);
    let lanes = vec![walk, back(3.5), fwd(3.5), walk];
    let j = connect_junction(&crossroads(15.0, &lanes)).unwrap();
    // Outer edges 5.5 out: corner radius 15 - 5.5; kerbs 3.5 out: 15 - 3.5.
    assert!((arc(&j.corners[0].segments()[0]).radius - 9.5).abs() < TOL);
    assert!((arc(&j.kerbs[0].segments()[0]).radius - 11.5).abs() < TOL);
    assert!(green_area(&j.carriageway) < green_area(&j.boundary));
}

#[test]
fn u_turns_are_a_semicircle_when_the_lanes_are_two_radii_apart_else_a_light_bulb() {
    let opts = JunctionOptions {
        u_turns: true,
        ..JunctionOptions::default()
    };
    let u = |lanes: &[Lane]| {
        let j = connect_junction_with(&crossroads(20.0, lanes), &opts).unwrap();
        j.connections
            .into_iter()
            .find(|c| c.from == 0 && c.to == 0)
            .expect("a U-turn from arm 0")
    };
    // A median 8 wide: the lane centres 1.75 + 8 + 1.75 = 11.5 apart >= 10.
    let wide = u(&[back(3.5), Lane::new(LaneKind::Median, 8.0), fwd(3.5)]);
    assert_eq!(wide.kind, MovementKind::UTurn);
    let a = arc(&wide.path.segments()[0]);
    assert!((a.radius - 5.75).abs() < TOL && (a.sweep - PI).abs() < TOL);
    // 3.5 apart: three arcs of radius 5, right, left, right, G1, ending on
    // the leaving lane's centre heading out.
    let bulb = u(&two_lanes());
    assert_eq!(bulb.path.word(), "RLR");
    assert!(bulb
        .path
        .segments()
        .iter()
        .all(|s| (arc(s).radius - 5.0).abs() < TOL));
    assert!(bulb.path.is_g1(1e-9));
    let end = bulb.path.end_pose();
    assert!(end.approx_eq(Pose::new(20.0, -1.75, 0.0), 1e-9), "{end:?}");
    // By default there are none.
    let j = connect_junction(&crossroads(20.0, &two_lanes())).unwrap();
    assert!(j.connections.iter().all(|c| c.kind != MovementKind::UTurn));
}

#[test]
fn arms_that_cannot_make_a_junction_are_named() {
    let lanes = two_lanes();
    let ok = crossroads(12.0, &lanes);
    // Too few, too many.
    let e = connect_junction(&ok[..2]).unwrap_err();
    assert_eq!(e.to_string(), "arms: must hold at least 3 items (got 2)");
    let seven: Vec<Profile> = (0..7).map(|k| arm(k as f64, 40.0, &lanes)).collect();
    assert_eq!(
        connect_junction(&seven).unwrap_err().to_string(),
        "arms: must hold at most 6 items (got 7)"
    );
    // A bad profile.
    let mut bad = ok.clone();
    bad[2].lanes[1].width = f64::NAN;
    assert_eq!(
        connect_junction(&bad).unwrap_err().to_string(),
        "arms[2].lanes[1].width: must be a finite number"
    );
    // Two arms the same way.
    let mut same = ok.clone();
    same[3] = arm(FRAC_PI_2, 30.0, &lanes);
    let e = connect_junction(&same).unwrap_err();
    assert_eq!(e.field().to_string(), "arms[3]");
    assert_eq!(conflict(&e), JunctionConflict::SameHeading { other: 1 });
    // Arm 1 pulled down to y = 2: arm 0's edge point (12, 3.5) is behind
    // arm 1's cross-section line y = 2.
    let mut behind = ok.clone();
    behind[1] = arm(FRAC_PI_2, 2.0, &lanes);
    let e = connect_junction(&behind).unwrap_err();
    assert_eq!(e.field().to_string(), "arms[0]");
    assert_eq!(conflict(&e), JunctionConflict::BehindMouth { other: 1 });
    // Arms facing away from each other.
    let away: Vec<Profile> = ok
        .iter()
        .map(|p| Profile {
            heading: p.heading + PI,
            ..p.clone()
        })
        .collect();
    assert!(matches!(
        conflict(&connect_junction(&away).unwrap_err()),
        JunctionConflict::BehindMouth { .. }
    ));
    // Options.
    let opts = JunctionOptions {
        min_turn_radius: f64::NAN,
        ..JunctionOptions::default()
    };
    assert_eq!(
        connect_junction_with(&ok, &opts).unwrap_err().to_string(),
        "options.min_turn_radius: must be a finite number"
    );
}

#[test]
fn a_dragged_arm_stops_where_the_junction_still_builds() {
    let lanes = two_lanes();
    let arms = crossroads(12.0, &lanes);
    let opts = JunctionOptions::default();
    // Towards the centre: the right turns into and out of arm 0 have the
    // radius d - 1.75 (the leg from its lane to where the lanes cross), so
    // the mouth comes in to d = 5 + 1.75.
    let stopped = constrain_arm(&arms, 0, &arm(0.0, 0.5, &lanes), &opts).unwrap();
    assert!(
        (stopped.x - 6.75).abs() < 1e-5 && stopped.y.abs() < 1e-12,
        "{stopped:?}"
    );
    let mut placed = arms.clone();
    placed[0] = stopped;
    assert!(connect_junction(&placed).is_ok());
    // Turned onto another arm's heading: it stops short of it.
    let turned = Profile {
        heading: arms[1].heading,
        ..arms[0].clone()
    };
    let stopped = constrain_arm(&arms, 0, &turned, &opts).unwrap();
    assert!(
        stopped.heading > PI && stopped.heading < 1.5 * PI,
        "{}",
        stopped.heading
    );
    placed[0] = stopped;
    assert!(connect_junction(&placed).is_ok());
    // Not from a valid placement: the proposal's error.
    let e = constrain_arm(&crossroads(3.0, &lanes), 0, &arm(0.0, 2.0, &lanes), &opts).unwrap_err();
    assert!(e.field().to_string().starts_with("arms"), "{e}");
    assert_eq!(
        constrain_arm(&arms, 4, &arms[0], &opts)
            .unwrap_err()
            .to_string(),
        "index: must be from 0 to 3"
    );
}

#[test]
fn the_dragged_arms_own_placement_is_checked_like_every_other_arm() {
    let lanes = two_lanes();
    let opts = JunctionOptions::default();
    let message = |arms: &[Profile], arm: &Profile| {
        constrain_arm(arms, 1, arm, &opts).unwrap_err().to_string()
    };
    let mut bad = crossroads(12.0, &lanes);
    bad[1].x = f64::NAN;
    let moved = Profile {
        y: 2.0,
        ..crossroads(12.0, &lanes)[1].clone()
    };
    // arms[1] is replaced by `arm` in the junction tried, yet it is an argument.
    assert_eq!(message(&bad, &moved), "arms[1].x: must be a finite number");
    assert_eq!(
        message(&bad, &bad[1].clone()),
        "arms[1].x: must be a finite number"
    );
    let mut narrow = crossroads(12.0, &lanes);
    narrow[1].lanes[0].width = -1.0;
    assert_eq!(
        message(&narrow, &moved),
        "arms[1].lanes[0].width: must be greater than zero"
    );
    // The arguments in their order: arms before index, index before arm.
    let mut far = moved.clone();
    far.heading = f64::INFINITY;
    assert_eq!(message(&bad, &far), "arms[1].x: must be a finite number");
    assert_eq!(
        constrain_arm(&crossroads(12.0, &lanes), 4, &far, &opts)
            .unwrap_err()
            .to_string(),
        "index: must be from 0 to 3"
    );
}

#[test]
fn a_network_junction_is_rebuilt_saved_and_removed_with_its_arms() {
    let lanes = two_lanes();
    let mut net = RoadNetwork::new();
    let ids: Vec<ProfileId> = crossroads(12.0, &lanes)
        .into_iter()
        .map(|p| net.add_profile(p).unwrap())
        .collect();
    let j = net.add_junction(&ids).unwrap();
    assert_eq!(j, JunctionId(0));
    assert_eq!(net.junction_of(ids[2]), Some(j));
    assert_eq!(
        net.junction(j)
            .unwrap()
            .built
            .as_ref()
            .unwrap()
            .connections
            .len(),
        12
    );
    // Errors name the argument's items.
    let err =
        |net: &mut RoadNetwork, list: &[ProfileId]| net.add_junction(list).unwrap_err().to_string();
    assert_eq!(
        err(&mut net, &ids[..2]),
        "profile_ids: must hold at least 3 items (got 2)"
    );
    let other: Vec<ProfileId> = (0..3)
        .map(|k| net.add_profile(arm(k as f64 * 2.0, 30.0, &lanes)).unwrap())
        .collect();
    assert_eq!(
        err(&mut net, &[other[0], other[1], ProfileId(99)]),
        "profile_ids[2]: no profile with id 99"
    );
    assert_eq!(
        err(&mut net, &[other[0], other[1], other[0]]),
        "profile_ids[2]: repeats item 0"
    );
    assert_eq!(
        err(&mut net, &[other[0], other[1], ids[0]]),
        "profile_ids[2]: is already used by junction 0"
    );
    // Moving an arm in too far stores the error; moving it back rebuilds it.
    let rebuilt = net.set_profile(ids[0], arm(0.0, 6.0, &lanes)).unwrap();
    assert_eq!(rebuilt.junctions, [j]);
    assert!(rebuilt.pieces.is_empty());
    let e = net.junction(j).unwrap().built.clone().unwrap_err();
    assert_eq!(e.field().to_string(), "arms[0].lanes[1]");
    net.set_profile(ids[0], arm(0.0, 12.0, &lanes)).unwrap();
    assert!(net.junction(j).unwrap().built.is_ok());
    // Saved as version 2 and loaded back the same.
    let file = net.snapshot();
    assert_eq!(file.version, 2);
    assert_eq!(file.junctions[0].arms, ids);
    assert_eq!(RoadNetwork::from_snapshot(file.clone()).unwrap(), net);
    let mut twice = file.clone();
    twice.junctions.push(twice.junctions[0].clone());
    assert_eq!(
        RoadNetwork::from_snapshot(twice).unwrap_err().to_string(),
        "junctions[1].id: must be greater than the one before it"
    );
    let mut dangling = file;
    dangling.junctions[0].arms[1] = ProfileId(77);
    assert_eq!(
        RoadNetwork::from_snapshot(dangling)
            .unwrap_err()
            .to_string(),
        "junctions[0].arms[1]: no profile with id 77"
    );
    // Removing an arm removes the junction; the other arms are free again.
    net.remove_profile(ids[3]).unwrap();
    assert!(net.junction(j).is_none());
    assert_eq!(net.junction_of(ids[0]), None);
    let j2 = net.add_junction(&ids[..3]).unwrap();
    assert_eq!(j2, JunctionId(1), "ids are not reused");
    net.remove_junction(j2).unwrap();
    assert_eq!(
        net.remove_junction(j2).unwrap_err().to_string(),
        "junction: no junction with id 1"
    );
    // A network with no junction left is still written as version 2 (its next id is 2).
    assert_eq!(net.snapshot().version, 2);
    assert_eq!(RoadNetwork::new().snapshot().version, 1);
}
