//! Members of a formation at rest face their slot's orientation (a
//! defensive circle outward, a line its front), turning within the
//! formation's turning rate, while moving members' headings follow their
//! velocity; members whose own behaviours avoid other vehicles take their
//! slots without any two bodies overlapping.

use arcline::formation::*;
use arcline::geom::*;
use arcline::steering::*;

const DT: f64 = 1.0 / 30.0;

/// The signed difference `a − b` of two angles, in `(-π, π]`.
fn angle_diff(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(core::f64::consts::TAU);
    if d > core::f64::consts::PI {
        d - core::f64::consts::TAU
    } else {
        d
    }
}

/// `n` vehicles (max speed 6, max force 20, body radius 0.5) on a ring of
/// radius 12 around `(-20, 0)`, each joined to a new formation of `kind`.
fn formation_of(
    kind: PatternKind,
    n: usize,
    strategy: AssignmentStrategy,
) -> (World, WorldFormations, FormationId, Vec<VehicleId>) {
    let mut w = World::new(3);
    let mut f = WorldFormations::new();
    let id = f.create(FormationPattern::new(kind, 2.5).unwrap(), strategy);
    let ids: Vec<VehicleId> = (0..n)
        .map(|k| {
            let a = core::f64::consts::TAU * k as f64 / n as f64;
            let v = w
                .add_vehicle(VehicleSpec::new(
                    -20.0 + 12.0 * a.cos(),
                    12.0 * a.sin(),
                    6.0,
                    20.0,
                ))
                .unwrap();
            assert_eq!(f.join(&mut w, id, v), Ok(true));
            v
        })
        .collect();
    (w, f, id, ids)
}

/// Steps until every member is at rest (below the rest speed) for a
/// second, checking at each step that a moving member's heading is its
/// velocity's direction and that a member's heading turns by at most the
/// turning rate times the step. Returns the steps taken.
fn settle(w: &mut World, f: &mut WorldFormations, ids: &[VehicleId], turn_rate: f64) -> usize {
    let mut quiet = 0;
    let mut heading: Vec<f64> = ids.iter().map(|&i| w.vehicle(i).unwrap().heading).collect();
    for step in 1..=3000 {
        f.before_step(w, DT);
        w.step(DT);
        let mut all_still = true;
        for (k, &id) in ids.iter().enumerate() {
            let v = w.vehicle(id).unwrap();
            let speed = v.velocity.length();
            if speed >= v.limits.max_speed * REST_SPEED_FRACTION {
                all_still = false;
                let along = v.velocity.y.atan2(v.velocity.x);
                assert!(
                    angle_diff(v.heading, along).abs() < 1e-12,
                    "step {step}: #{k} moving at {speed} heads {} not {along}",
                    v.heading
                );
            } else {
                let turned = angle_diff(v.heading, heading[k]).abs();
                assert!(
                    turned <= turn_rate * DT * (1.0 + 1e-9),
                    "step {step}: #{k} at rest turned {turned} in one step"
                );
            }
            heading[k] = v.heading;
        }
        quiet = if all_still { quiet + 1 } else { 0 };
        if quiet as f64 * DT >= 1.0 + 1.5 / 0.5 {
            // A second of rest plus the time to turn half a circle at π/2 rad/s.
            return step;
        }
    }
    panic!("the formation never came to rest");
}

#[test]
fn a_defensive_circle_at_rest_faces_outward() {
    let (mut w, mut f, id, ids) = formation_of(PatternKind::Circle, 8, AssignmentStrategy::MinCost);
    let goal = Pose::new(10.0, 4.0, 0.4);
    f.formation_mut(id)
        .unwrap()
        .set_target(FormationTarget::Pose(goal))
        .unwrap();
    let rate = FormationParams::default().max_turn_rate;
    settle(&mut w, &mut f, &ids, rate);
    // Outward, computed from the members' own positions: away from their
    // centre of mass.
    let pos: Vec<Point> = ids
        .iter()
        .map(|&i| w.vehicle(i).unwrap().position)
        .collect();
    let c = Point::new(
        pos.iter().map(|p| p.x).sum::<f64>() / pos.len() as f64,
        pos.iter().map(|p| p.y).sum::<f64>() / pos.len() as f64,
    );
    for (k, &v) in ids.iter().enumerate() {
        let s = w.vehicle(v).unwrap();
        let out = (s.position - c).y.atan2((s.position - c).x);
        let d = angle_diff(s.heading, out);
        assert!(
            d.abs() < 0.02,
            "#{k} heads {} but outward is {out}",
            s.heading
        );
    }
}

#[test]
fn a_line_at_rest_faces_its_front() {
    for heading in [0.4, -2.5, core::f64::consts::PI] {
        let (mut w, mut f, id, ids) =
            formation_of(PatternKind::Line, 6, AssignmentStrategy::MinCost);
        let goal = Pose::new(5.0, -3.0, heading);
        f.formation_mut(id)
            .unwrap()
            .set_target(FormationTarget::Pose(goal))
            .unwrap();
        settle(
            &mut w,
            &mut f,
            &ids,
            FormationParams::default().max_turn_rate,
        );
        for (k, &v) in ids.iter().enumerate() {
            let s = w.vehicle(v).unwrap();
            let d = angle_diff(s.heading, heading);
            assert!(d.abs() < 1e-9, "#{k} heads {} not {heading}", s.heading);
        }
    }
}

#[test]
fn a_member_that_leaves_stops_turning_to_its_slot() {
    let (mut w, mut f, id, ids) = formation_of(PatternKind::Line, 3, AssignmentStrategy::MinCost);
    f.formation_mut(id)
        .unwrap()
        .set_target(FormationTarget::Pose(Pose::new(0.0, 0.0, 2.0)))
        .unwrap();
    f.before_step(&mut w, DT);
    assert!(w.facing(ids[0]).is_some());
    f.leave(&mut w, ids[0]);
    assert_eq!(w.facing(ids[0]), None);
    assert!(w.facing(ids[1]).is_some());
    f.remove(&mut w, id).unwrap();
    assert_eq!(w.facing(ids[1]), None);
}

/// Members starting in reverse order on a line across the one their slots
/// form, so their ways to the slots cross: the closest approach over the
/// run (as a fraction of the sum of radii) and the farthest member from
/// its slot at the end.
fn crossing(avoid: bool) -> (f64, f64) {
    let mut w = World::new(1);
    let mut f = WorldFormations::new();
    let id = f.create(
        FormationPattern::new(PatternKind::Line, 2.0).unwrap(),
        AssignmentStrategy::Sequential,
    );
    let n = 7;
    let ids: Vec<VehicleId> = (0..n)
        .map(|k| {
            // Slot k of a line facing +x is at y = -2k (left to right):
            // vehicle k starts at the other end, 10 behind.
            let y = -2.0 * (n - 1 - k) as f64;
            let v = w
                .add_vehicle(VehicleSpec::new(-10.0, y, 3.0, 12.0))
                .unwrap();
            if avoid {
                w.set_behaviors(
                    v,
                    vec![Behavior::new(BehaviorKind::AvoidVehicles {
                        time_horizon: 1.5,
                        push_apart: true,
                    })],
                )
                .unwrap();
            }
            assert_eq!(f.join(&mut w, id, v), Ok(true));
            v
        })
        .collect();
    f.formation_mut(id)
        .unwrap()
        .set_target(FormationTarget::Pose(Pose::new(0.0, -6.0, 0.0)))
        .unwrap();
    let mut closest = f64::INFINITY;
    for _ in 0..(40.0 / DT) as usize {
        f.before_step(&mut w, DT);
        w.step(DT);
        for a in 0..n {
            for b in a + 1..n {
                let (p, q) = (w.vehicle(ids[a]).unwrap(), w.vehicle(ids[b]).unwrap());
                closest = closest.min(p.position.distance(q.position) / (p.radius + q.radius));
            }
        }
    }
    let m = f.formations().get(id).unwrap();
    let far = m
        .slot_targets()
        .iter()
        .map(|t| {
            w.vehicle(t.vehicle)
                .unwrap()
                .position
                .distance(t.target.position())
        })
        .fold(0.0, f64::max);
    (closest, far)
}

#[test]
fn members_that_avoid_each_other_take_crossing_ways_to_their_slots_without_touching() {
    let (closest, far) = crossing(true);
    assert!(closest >= 1.0 - 1e-9, "closest approach {closest}");
    assert!(far < 0.05, "a member is {far} from its slot");
    // The same members without avoidance walk through each other.
    let (closest, far) = crossing(false);
    assert!(closest < 0.5, "closest approach {closest}");
    assert!(far < 0.05);
}
