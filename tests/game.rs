//! A small game written against the prelude alone, as a new user would: a
//! tank plans around circles and boxes and drives the path, a crowd of
//! 2,000 vehicles seeks, separates and avoids while a renderer reads their
//! positions by id every frame, and a road network with a junction is
//! written as OpenDRIVE and read back. Each check computes its expectation
//! itself (distances to the obstacles, the network's pieces and movements).

use arcline::prelude::*;
use std::collections::HashMap;

// --- the tank ------------------------------------------------------------

/// Distance from `p` to segment `a`–`b`.
fn to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    (p.x - (a.x + t * dx)).hypot(p.y - (a.y + t * dy))
}

/// Whether `p` is inside the polygon (crossing number).
fn inside(p: Point, poly: &[Point]) -> bool {
    let mut odd = false;
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            odd = !odd;
        }
    }
    odd
}

/// The distance from `p` to the nearest obstacle (negative inside a circle,
/// 0 inside a polygon).
fn clearance_at(p: Point, field: &Obstacles) -> f64 {
    let circles = field
        .circles
        .iter()
        .map(|c| (p.x - c.x).hypot(p.y - c.y) - c.radius);
    let polygons = field.polygons.iter().map(|poly| {
        if inside(p, poly) {
            0.0
        } else {
            (0..poly.len())
                .map(|k| to_segment(p, poly[k], poly[(k + 1) % poly.len()]))
                .fold(f64::INFINITY, f64::min)
        }
    });
    circles.chain(polygons).fold(f64::INFINITY, f64::min)
}

/// A rock, a parked truck (a rotated box) and a triangle between the start
/// and the goal.
fn battlefield() -> Obstacles {
    let mut field = Obstacles::new();
    field
        .add_circle(12.0, 0.5, 2.0)
        .add_rectangle(Point::new(26.0, -0.5), 6.0, 3.0, 0.4)
        .add_polygon(vec![
            Point::new(18.0, 6.0),
            Point::new(22.0, 6.0),
            Point::new(20.0, 10.0),
        ]);
    field
}

#[test]
fn the_tank_keeps_its_clearance_all_along_its_path() {
    let field = battlefield();
    let (start, goal) = (Pose::new(0.0, 0.0, 0.0), Pose::new(40.0, 0.0, 0.0));
    let clearance = 1.0;
    // The obstacles are in the way: driving straight would hit them, and the
    // test's own distance says so (so it can see a path that does).
    let straight = Motion::new(
        Path::single(Line::new(start.position(), goal.position())).unwrap(),
        1.0,
    )
    .unwrap();
    let worst_straight = (0..=400)
        .map(|k| clearance_at(straight.pose_at(f64::from(k) / 10.0).position(), &field))
        .fold(f64::INFINITY, f64::min);
    assert!(worst_straight < 0.0, "{worst_straight}");

    let plan = plan_around(
        start,
        goal,
        3.0,
        &field,
        &AroundOptions::clearance(clearance),
    )
    .unwrap();
    let path = plan.path().expect("a path around the obstacles").clone();
    let tank = Motion::new(&path, 4.0).unwrap();
    let n = 4000;
    let mut worst = f64::INFINITY;
    for k in 0..=n {
        let pose = tank.pose_at(tank.duration() * f64::from(k) / f64::from(n));
        worst = worst.min(clearance_at(pose.position(), &field));
    }
    assert!(
        worst >= clearance - 1e-6,
        "came within {worst} of an obstacle"
    );
    // It ends where it was sent, with the goal's heading.
    let end = tank.pose_at(tank.duration());
    assert!(end.position().distance(goal.position()) < 1e-6, "{end}");
    assert!((end.heading - goal.heading).abs() < 1e-6, "{end}");
}

/// `plan.into_path()?` in a function returning the crate's error.
fn drive_to(goal: Point, field: &Obstacles) -> Result<Motion, Error> {
    let plan = plan_around(
        Pose::new(0.0, 0.0, 0.0),
        goal,
        1.0,
        field,
        &AroundOptions::default(),
    )?;
    Motion::new(plan.into_path()?, 2.0)
}

#[test]
fn no_path_is_an_error_the_question_mark_carries() {
    // A goal inside a closed frame of four walls.
    let mut walled = Obstacles::new();
    for (x, y, l, w) in [
        (30.0, 5.0, 12.0, 2.0),
        (30.0, -5.0, 12.0, 2.0),
        (25.0, 0.0, 2.0, 12.0),
        (35.0, 0.0, 2.0, 12.0),
    ] {
        walled.add_rectangle(Point::new(x, y), l, w, 0.0);
    }
    let e = drive_to(Point::new(30.0, 0.0), &walled).unwrap_err();
    assert!(matches!(e.reason(), Reason::NoPath(_)), "{e}");
    assert!(e.to_string().starts_with("no path: "), "{e}");
    let source: &dyn std::error::Error = &NoPath::Blocked;
    assert!(source.to_string().contains("wall"));
    // The same call with the goal outside the frame drives.
    assert!(drive_to(Point::new(30.0, 20.0), &walled).is_ok());
}

// --- the crowd -----------------------------------------------------------

#[test]
fn a_renderer_reading_by_id_sees_each_vehicle_where_it_is() {
    let mut w = World::new(7);
    let specs: Vec<VehicleSpec> = (0..2000)
        .map(|k| {
            let (i, j) = (f64::from(k % 50), f64::from(k / 50));
            VehicleSpec::new(i * 3.0, j * 3.0, 2.0, 1.0).with_radius(0.5)
        })
        .collect();
    let ids = w.add_vehicles(&specs).unwrap();
    let centre = Point::new(73.5, 58.5);
    for (k, &id) in ids.iter().enumerate() {
        // Everyone heads to the point mirrored through the centre: crossing traffic.
        let s = specs[k].position();
        let target = Point::new(2.0 * centre.x - s.x, 2.0 * centre.y - s.y);
        let set = vec![
            Behavior::seek(target),
            Behavior::separation(2.0).weighted(0.5),
            Behavior::avoid_vehicles(2.0),
        ];
        w.set_behaviors(id, set).unwrap();
    }
    let (mut xy, mut xy32, mut headings) = (Vec::new(), Vec::new(), Vec::new());
    let mut reordered = 0;
    for step in 0..300u32 {
        if step % 100 == 50 {
            // Gaps in the ids: id order is not 0..len.
            w.remove_vehicle(VehicleId(step)).unwrap();
        }
        w.step(0.1);
        w.positions_by_id_into(&mut xy);
        w.positions_f32_by_id_into(&mut xy32);
        w.headings_by_id_into(&mut headings);
        let live: Vec<VehicleId> = w.ids_by_id().collect();
        assert_eq!(live.len(), w.len());
        assert_eq!(
            (xy.len(), xy32.len(), headings.len()),
            (2 * w.len(), 2 * w.len(), w.len())
        );
        assert!(live.windows(2).all(|p| p[0] < p[1]));
        for (k, &id) in live.iter().enumerate() {
            let v = w.vehicle(id).unwrap();
            assert_eq!(
                Point::new(xy[2 * k], xy[2 * k + 1]),
                v.position,
                "{id} at {step}"
            );
            assert_eq!(w.position_of(id), Some(v.position));
            assert_eq!(
                [xy32[2 * k], xy32[2 * k + 1]],
                [v.position.x as f32, v.position.y as f32]
            );
            assert_eq!(headings[k], v.heading);
        }
        // How many vehicles the slot views hold elsewhere than in id order
        // (what a renderer indexing `positions()` by id would misread).
        reordered = live
            .iter()
            .enumerate()
            .filter(|&(k, &id)| w.slot(id) != Some(k))
            .count();
    }
    assert!(
        reordered > 1000,
        "the step kept the slots in id order ({reordered} moved)"
    );
    assert_eq!(w.len(), 1997);
    assert!(w.position_of(ids[50]).is_none());
}

// --- the roads -----------------------------------------------------------

fn two_way() -> Vec<Lane> {
    vec![
        Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward),
        Lane::new(LaneKind::Driving, 3.5),
    ]
}

/// A profile at `distance` from the origin in direction `out`, heading in.
fn arm(out: f64, distance: f64) -> Profile {
    Profile::new(
        Pose::new(
            distance * out.cos(),
            distance * out.sin(),
            out + core::f64::consts::PI,
        ),
        two_way(),
    )
    .unwrap()
}

/// Checks that the export of `net` holds every built piece as a road and
/// every built junction with one connecting road and `<connection>` per
/// movement, and that whatever is missing is listed, once, with the
/// reason. Returns the number of items left out.
fn assert_export_accounts_for_everything(net: &RoadNetwork) -> usize {
    let export = net.to_open_drive();
    let doc = roxmltree::Document::parse(&export.xml).unwrap();
    let int = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<i64>().unwrap();
    let roads: HashMap<i64, i64> = doc
        .descendants()
        .filter(|n| n.has_tag_name("road"))
        .map(|n| (int(n, "id"), int(n, "junction")))
        .collect();
    let mut expected_left = 0;
    for p in net.pieces() {
        let id = i64::from(p.id.0);
        let listed = export
            .left_out
            .iter()
            .filter(|l| matches!(l, LeftOut::Piece { id: k, .. } if *k == p.id))
            .count();
        match &p.built {
            Ok(_) => {
                assert_eq!(roads.get(&id), Some(&-1), "piece {id} has no road");
                assert_eq!(listed, 0);
            }
            Err(e) => {
                assert!(!roads.contains_key(&id));
                assert_eq!(listed, 1, "piece {id} ({e}) dropped silently");
                expected_left += 1;
            }
        }
    }
    for j in net.junctions() {
        let jid = i64::from(j.id.0);
        let element = doc
            .descendants()
            .find(|n| n.has_tag_name("junction") && int(*n, "id") == jid);
        match &j.built {
            Ok(built) => {
                let element = element.expect("a built junction is written");
                let connections: Vec<_> = element
                    .children()
                    .filter(|n| n.has_tag_name("connection"))
                    .collect();
                for c in &connections {
                    assert_eq!(roads.get(&int(*c, "connectingRoad")), Some(&jid));
                    assert_eq!(roads.get(&int(*c, "incomingRoad")), Some(&-1));
                }
                let connecting = roads.values().filter(|&&k| k == jid).count();
                assert_eq!(connecting, connections.len());
                let left = export
                    .left_out
                    .iter()
                    .filter(
                        |l| matches!(l, LeftOut::Movement { junction, .. } if *junction == j.id),
                    )
                    .count();
                assert_eq!(
                    connections.len() + left,
                    built.connections.len(),
                    "junction {jid}: movements dropped silently"
                );
                expected_left += left;
            }
            Err(_) => {
                assert!(element.is_none());
                assert!(export
                    .left_out
                    .iter()
                    .any(|l| matches!(l, LeftOut::Junction { id, .. } if *id == j.id)));
                expected_left += 1;
            }
        }
    }
    assert_eq!(
        export.left_out.len(),
        expected_left,
        "{:?}",
        export.left_out
    );
    assert_eq!(export.is_complete(), expected_left == 0);
    expected_left
}

#[test]
fn a_crossroads_with_its_approaches_exports_every_road_and_movement() {
    use core::f64::consts::FRAC_PI_2;
    let mut net = RoadNetwork::new();
    let outs = [0.0, FRAC_PI_2, 2.0 * FRAC_PI_2, 3.0 * FRAC_PI_2];
    let mouths: Vec<ProfileId> = outs
        .iter()
        .map(|&o| net.add_profile(arm(o, 12.0)).unwrap())
        .collect();
    for (k, &o) in outs.iter().enumerate() {
        let start = net.add_profile(arm(o, 42.0)).unwrap();
        net.connect(start, mouths[k]).unwrap();
    }
    let j = net.add_junction(&mouths).unwrap();
    assert!(net.problems().is_empty(), "{:?}", net.problems());
    let movements = net
        .junction(j)
        .unwrap()
        .built
        .as_ref()
        .unwrap()
        .connections
        .len();
    assert_eq!(movements, 12);
    assert_eq!(assert_export_accounts_for_everything(&net), 0);
    let xml = net.to_open_drive().xml;
    assert_eq!(xml.matches("<connection ").count(), movements);

    // Without their approach roads the junction's movements cannot be
    // linked: each is listed.
    for p in net.piece_ids() {
        net.disconnect(p).unwrap();
    }
    assert_eq!(assert_export_accounts_for_everything(&net), movements);
}

#[test]
fn each_road_mistake_is_an_error_or_a_listed_problem() {
    let mut net = RoadNetwork::new();
    let a = net.add_profile(arm(0.0, 40.0)).unwrap();
    let b = net.add_profile(arm(0.0, 10.0)).unwrap();
    let good = net.connect(a, b).unwrap();

    // A piece from a profile to itself.
    let itself = net.connect(a, a).unwrap();
    // Lanes that differ.
    let narrow = Profile::new(
        Pose::new(80.0, 0.0, 0.0),
        vec![Lane::new(LaneKind::Driving, 3.0)],
    );
    let c = net.add_profile(narrow.unwrap()).unwrap();
    let differ = net.connect(b, c).unwrap();
    // Three arms facing the same way.
    let same: Vec<ProfileId> = (0..3)
        .map(|k| {
            let p = Profile::new(Pose::new(0.0, 100.0 + 20.0 * f64::from(k), 0.0), two_way());
            net.add_profile(p.unwrap()).unwrap()
        })
        .collect();
    let junction = net.add_junction(&same).unwrap();

    let problems = net.problems();
    let piece_problem = |id: PieceId| {
        problems
            .iter()
            .any(|p| matches!(p, Problem::Piece { id: k, .. } if *k == id))
    };
    assert!(piece_problem(itself), "{problems:?}");
    assert!(piece_problem(differ), "{problems:?}");
    assert!(!piece_problem(good));
    assert!(problems
        .iter()
        .any(|p| matches!(p, Problem::Junction { id, .. } if *id == junction)));
    assert_eq!(problems.len(), 3);
    assert!(
        problems[0].to_string().contains("nothing to join"),
        "{}",
        problems[0]
    );
    // The export leaves them out and says so.
    assert_eq!(assert_export_accounts_for_everything(&net), 3);

    // What no network can keep is refused outright.
    let unknown = ProfileId(999);
    assert!(net.connect(a, unknown).is_err());
    assert_eq!(
        net.add_junction(&[a, b]).unwrap_err().to_string(),
        "profile_ids: must hold at least 3 items (got 2)"
    );
    assert_eq!(
        net.add_junction(&[same[0], a, b]).unwrap_err().to_string(),
        format!("profile_ids[0]: is already used by junction {}", junction.0)
    );
}

// --- the errors and the numbers a user reads -------------------------------

#[test]
fn errors_name_the_argument_and_numbers_print_readably() {
    let mut w = World::new(0);
    let specs = [
        VehicleSpec::new(0.0, 0.0, 1.0, 1.0),
        VehicleSpec::new(0.0, 0.0, 1.0, -1.0),
    ];
    assert_eq!(
        w.add_vehicles(&specs).unwrap_err().to_string(),
        "specs[1].max_force: must not be negative"
    );
    let e = Profile::new(Pose::new(f64::NAN, 0.0, 0.0), two_way()).unwrap_err();
    assert_eq!(e.to_string(), "pose.x: must be a finite number");

    let start = Pose::new(core::f64::consts::FRAC_PI_2.cos() * 3.0, 0.0, 0.0);
    assert_eq!(start.to_string(), "(1.8369701987210297e-16, 0) heading 0");
    assert_eq!(format!("{start:.3}"), "(0.000, 0.000) heading 0.000");
    let far = Point::new(1e-300, 1e300);
    assert_eq!(far.to_string(), "(1e-300, 1e300)");
    assert_eq!(Point::new(-0.0, 2.5).to_string(), "(0, 2.5)");
    // Shortest round trip: what is printed reads back as the same number.
    let third = Point::new(1.0 / 3.0, 2e-7);
    let text = third.to_string();
    let parts: Vec<f64> = text
        .trim_matches(|c| c == '(' || c == ')')
        .split(", ")
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(parts, [third.x, third.y]);

    // The avoid-vehicles constructor has the documented default.
    assert_eq!(
        Behavior::avoid_vehicles(1.5).kind,
        BehaviorKind::AvoidVehicles {
            time_horizon: 1.5,
            push_apart: true
        }
    );
    // A planner circle and a steering obstacle are the same disk.
    let rock = Circle::new(1.0, 2.0, 3.0);
    assert_eq!(Circle::from(Obstacle::from(rock)), rock);
}
