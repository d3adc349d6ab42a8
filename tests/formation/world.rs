//! Formations driving the real steering `World`: vehicles that join are
//! steered to their slots by the formation alone, reach them, close ranks
//! when one is removed from the world, and get their own behaviours back when
//! they leave.

use arcline::formation::*;
use arcline::geom::*;
use arcline::steering::*;
use arcline::Reason;

use crate::xorshift::Rng;

const DT: f64 = 1.0 / 30.0;

fn run(world: &mut World, f: &mut WorldFormations, seconds: f64) {
    for _ in 0..(seconds / DT) as usize {
        f.before_step(world, DT);
        world.step(DT);
    }
}

fn check(world: &World, f: &WorldFormations, id: FormationId, tol: f64, what: &str) {
    let m = f.formations().get(id).unwrap();
    let mut slots = Vec::new();
    for t in m.slot_targets() {
        let v = world.vehicle(t.vehicle).unwrap();
        let d = v.position.distance(t.target.position());
        assert!(
            d < tol,
            "{what}: vehicle {} is {d} from slot {}",
            t.vehicle,
            t.slot
        );
        slots.push(t.slot);
    }
    slots.sort();
    assert_eq!(
        slots,
        (0..m.len()).collect::<Vec<_>>(),
        "{what}: slots shared or missing"
    );
}

fn world_with(n: usize, rng: &mut Rng) -> (World, Vec<VehicleId>) {
    let mut w = World::new(7);
    let ids = (0..n)
        .map(|_| {
            w.add_vehicle(VehicleSpec::new(
                rng.range(-40.0, 40.0),
                rng.range(-40.0, 40.0),
                6.0,
                20.0,
            ))
            .unwrap()
        })
        .collect();
    (w, ids)
}

#[test]
fn every_pattern_reaches_its_target_and_closes_ranks_in_the_world() {
    let mut rng = Rng(2024);
    for kind in PatternKind::ALL {
        for strategy in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
            let what = format!("{kind} {strategy}");
            let (mut w, ids) = world_with(8, &mut rng);
            let mut f = WorldFormations::new();
            let fid = f.create(FormationPattern::new(kind, 2.5).unwrap(), strategy);
            for &v in &ids {
                assert_eq!(f.join(&mut w, fid, v), Ok(true));
            }
            let goal = Pose::new(50.0, -30.0, -2.0);
            f.formation_mut(fid)
                .unwrap()
                .set_target(FormationTarget::Pose(goal))
                .unwrap();
            run(&mut w, &mut f, 60.0);
            check(&w, &f, fid, 0.05, &what);
            assert!(
                f.formations()
                    .get(fid)
                    .unwrap()
                    .anchor()
                    .approx_eq(goal, 0.05),
                "{what}"
            );

            // A unit is killed: removed from the world.
            w.remove_vehicle(ids[3]).unwrap();
            run(&mut w, &mut f, 30.0);
            assert_eq!(f.formations().formation_of(ids[3]), None);
            assert_eq!(f.formations().get(fid).unwrap().len(), 7);
            check(&w, &f, fid, 0.05, &format!("{what} after a loss"));
        }
    }
}

#[test]
fn leaving_gives_back_the_vehicles_own_behaviours() {
    let mut rng = Rng(5);
    let (mut w, ids) = world_with(3, &mut rng);
    let seek = vec![Behavior::seek(Point::new(100.0, 0.0))];
    w.set_behaviors(ids[0], seek.clone()).unwrap();
    let mut f = WorldFormations::new();
    let fid = f.create(
        FormationPattern::new(PatternKind::Column, 2.0).unwrap(),
        AssignmentStrategy::MinCost,
    );
    for &v in &ids {
        f.join(&mut w, fid, v).unwrap();
    }
    run(&mut w, &mut f, 1.0);
    // The formation steers it now: an arrive, not its seek.
    let now = w.behaviors(ids[0]).unwrap().behaviors().to_vec();
    assert!(matches!(now[0].kind, BehaviorKind::Arrive { .. }));
    assert_eq!(f.leave(&mut w, ids[0]), Some(fid));
    assert_eq!(w.behaviors(ids[0]).unwrap().behaviors(), &seek[..]);
    // Behaviours given while in a formation wait for the vehicle to leave.
    let flee = vec![Behavior::new(BehaviorKind::Flee {
        target: Point::ORIGIN,
    })];
    f.set_behaviors(&mut w, ids[1], flee.clone()).unwrap();
    assert!(matches!(
        w.behaviors(ids[1]).unwrap().behaviors()[0].kind,
        BehaviorKind::Arrive { .. }
    ));
    f.leave(&mut w, ids[1]);
    assert_eq!(w.behaviors(ids[1]).unwrap().behaviors(), &flee[..]);
    // Behaviours set on the world directly while in a formation are noticed
    // at the next step: the formation still steers, and they come back after.
    let wander = vec![Behavior::new(BehaviorKind::Wander {
        distance: 2.0,
        radius: 1.0,
        jitter: 0.5,
    })];
    w.set_behaviors(ids[2], wander.clone()).unwrap();
    run(&mut w, &mut f, 0.1);
    assert!(matches!(
        w.behaviors(ids[2]).unwrap().behaviors()[0].kind,
        BehaviorKind::Arrive { .. }
    ));
    assert_eq!(f.own_behaviors(ids[2]).unwrap().behaviors(), &wander[..]);
    let shared = w.behavior_set(seek.clone(), Combine::WeightedSum).unwrap();
    w.set_behavior_set(ids[2], shared).unwrap();
    f.leave(&mut w, ids[2]);
    assert_eq!(w.behaviors(ids[2]).unwrap().behaviors(), &seek[..]);
    // Leaving twice, or a vehicle never in one: nothing.
    assert_eq!(f.leave(&mut w, ids[1]), None);
}

#[test]
fn join_refusals_name_the_reason() {
    let mut rng = Rng(6);
    let (mut w, ids) = world_with(9, &mut rng);
    let mut f = WorldFormations::new();
    let small = f.create(
        FormationPattern::new(PatternKind::V, 1.0)
            .unwrap()
            .with_capacity(7)
            .unwrap(),
        AssignmentStrategy::Sequential,
    );
    let other = f.create(
        FormationPattern::new(PatternKind::Box, 1.0).unwrap(),
        AssignmentStrategy::Sequential,
    );
    for &v in &ids[..7] {
        assert_eq!(f.join(&mut w, small, v), Ok(true));
    }
    assert_eq!(f.join(&mut w, small, ids[7]), Ok(false));
    assert_eq!(f.join(&mut w, small, ids[0]), Ok(true));
    assert_eq!(f.formations().get(small).unwrap().len(), 7);
    let e = f.join(&mut w, other, ids[0]).unwrap_err();
    assert_eq!(
        e.reason(),
        &Reason::AlreadyInFormation {
            formation: u64::from(small.0)
        }
    );
    assert_eq!(
        e.to_string(),
        format!("vehicle: is already in formation {small} (leave it first)")
    );
    assert_eq!(
        f.join(&mut w, FormationId(99), ids[8])
            .unwrap_err()
            .to_string(),
        "formation: no formation with id 99"
    );
    assert_eq!(
        f.join(&mut w, other, VehicleId(1234))
            .unwrap_err()
            .to_string(),
        "vehicle: no vehicle with id 1234"
    );
    // Removing a formation frees its members.
    f.remove(&mut w, small).unwrap();
    assert_eq!(f.join(&mut w, other, ids[0]), Ok(true));
}
