//! Collision avoidance among vehicles (avoidVehicles, ORCA): the classic
//! scenes (head-on pairs, a jittered circle swap, two crossing streams, a
//! bottleneck), every pair checked at every step; the dense jams measured
//! against `dodgy_2d` (RVO2's ORCA) on the same scenes; the invariants of
//! acting on the velocity (max speed, no force pushes a body into another,
//! nothing changes for a vehicle alone); order independence and mirror
//! symmetry.

use crate::scenes::{self, Outcome, Setup};
use arcline::steering::{Behavior, BehaviorKind, VehicleId, VehicleSpec, World};
use arcline::{Point, Vec2};

/// Within rounding of touching: no overlap.
const TOUCH: f64 = 1.0 - 1e-9;

/// Runs `scene` checking every pair at every step; the outcome.
fn run(scene: &scenes::Scene, s: &Setup, max_steps: usize) -> Outcome {
    scenes::run_arcline(scene, s, max_steps, 0.5)
}

#[test]
fn head_on_pairs_pass_on_their_right_and_arrive_without_touching() {
    let s = Setup::default();
    let scene = scenes::head_on(5, 20.0, 3.0);
    let (mut w, ids) = scenes::world(&scene, &s);
    let mut closest: f64 = 2.0;
    let mut passed = vec![false; ids.len()];
    for _ in 0..400 {
        w.step(s.dt);
        let pos: Vec<Point> = ids
            .iter()
            .map(|&id| w.vehicle(id).unwrap().position)
            .collect();
        closest = closest.min(scenes::closest_fraction(&pos, s.radius));
        for (k, p) in pos.iter().enumerate() {
            // Where the pair meets (x = 0), each is on the right of its way:
            // the one going +x below its line, the one going -x above it.
            let (lane, east) = ((k / 2) as f64 * 3.0, k % 2 == 0);
            if p.x.abs() < 0.05 && !passed[k] {
                passed[k] = true;
                assert!(
                    if east {
                        p.y < lane - 0.3
                    } else {
                        p.y > lane + 0.3
                    },
                    "#{k} at {p:?}"
                );
            }
        }
    }
    assert!(closest >= TOUCH, "closest approach {closest}");
    assert!(passed.iter().all(|&p| p));
    for (k, &id) in ids.iter().enumerate() {
        let v = w.vehicle(id).unwrap();
        assert!(
            v.position.distance(scene.goals[k]) < 0.05,
            "#{k} at {:?}",
            v.position
        );
    }
}

#[test]
fn head_on_vehicles_stay_mirror_images_of_each_other() {
    let mut w = World::new(0);
    let a = w
        .add_vehicle(VehicleSpec::new(-6.0, 0.0, 1.0, 1e6))
        .unwrap();
    let b = w.add_vehicle(VehicleSpec::new(6.0, 0.0, 1.0, 1e6)).unwrap();
    let avoid = Behavior::new(BehaviorKind::AvoidVehicles {
        time_horizon: 2.0,
        push_apart: true,
    });
    w.set_behaviors(a, vec![Behavior::seek(Point::new(6.0, 0.0)), avoid.clone()])
        .unwrap();
    w.set_behaviors(b, vec![Behavior::seek(Point::new(-6.0, 0.0)), avoid])
        .unwrap();
    let mut swerved = 0.0f64;
    for _ in 0..60 {
        w.step(0.25);
        let (pa, pb) = (
            w.vehicle(a).unwrap().position,
            w.vehicle(b).unwrap().position,
        );
        assert_eq!((pa.x, pa.y), (-pb.x, -pb.y));
        swerved = swerved.max(pa.y.abs());
    }
    assert!(swerved > 0.4, "{swerved}");
}

#[test]
fn a_jittered_circle_swap_arrives_and_no_two_bodies_ever_overlap() {
    let s = Setup::default();
    let scene = scenes::circle_swap(12, 10.0, 0.05, 7);
    let out = run(&scene, &s, 2000);
    assert!(out.steps.is_some(), "{out:?}");
    assert!(out.closest >= TOUCH, "{out:?}");
    // RVO2 (dodgy_2d) on the same scene, for the record: slower, and overlapping.
    let peer = scenes::run_dodgy(&scene, &s, 2000, 0.5);
    println!("circle swap of 12: arcline {out:?}, dodgy_2d {peer:?}");
    assert!(out.steps.unwrap() <= peer.steps.unwrap_or(usize::MAX));
}

#[test]
fn crossing_streams_arrive_and_no_two_bodies_ever_overlap() {
    let s = Setup::default();
    let scene = scenes::crossing(4, 5, 2.0);
    let out = run(&scene, &s, 2000);
    assert!(out.steps.is_some(), "{out:?}");
    assert!(out.closest >= TOUCH, "{out:?}");
    let alone = run(
        &scene,
        &Setup {
            push_apart: false,
            ..s
        },
        2000,
    );
    let peer = scenes::run_dodgy(&scene, &s, 2000, 0.5);
    println!(
        "crossing streams: arcline {out:?}, without pushing apart {alone:?}, dodgy_2d {peer:?}"
    );
}

#[test]
fn a_dense_circle_swap_comes_closer_to_touching_than_rvo2_and_arrives_sooner() {
    let s = Setup::default();
    let scene = scenes::circle_swap(100, 30.0, 0.05, 7);
    let out = run(&scene, &s, 3000);
    let alone = run(
        &scene,
        &Setup {
            push_apart: false,
            ..s
        },
        3000,
    );
    let peer = scenes::run_dodgy(&scene, &s, 3000, 0.5);
    println!(
        "circle swap of 100: arcline {out:?}, without pushing apart {alone:?}, dodgy_2d {peer:?}"
    );
    assert!(out.steps.is_some() && alone.steps.is_some() && peer.steps.is_some());
    // dodgy_2d lets bodies come to about 0.6 of the sum of radii here.
    assert!(peer.closest < 0.9, "{peer:?}");
    assert!(
        alone.closest > peer.closest && out.closest >= TOUCH,
        "{alone:?} {out:?}"
    );
    assert!(out.steps.unwrap() <= peer.steps.unwrap());
}

#[test]
fn a_bottleneck_drains_through_its_doorway_and_every_body_stays_in_the_room() {
    let s = Setup::default();
    let scene = scenes::bottleneck(6, 6, 1.5, 3.0);
    let room = scene.room.clone().unwrap();
    let (mut w, ids) = scenes::world(&scene, &s);
    let mut closest: f64 = 2.0;
    let mut steps = None;
    for step in 1..=2000 {
        w.step(s.dt);
        let pos: Vec<Point> = ids
            .iter()
            .map(|&id| w.vehicle(id).unwrap().position)
            .collect();
        closest = closest.min(scenes::closest_fraction(&pos, s.radius));
        for p in &pos {
            // Inside the room, its body clear of the walls (to rounding).
            let mut inside = false;
            let mut wall = f64::INFINITY;
            for k in 0..room.len() {
                let (a, b) = (room[k], room[(k + 1) % room.len()]);
                if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                {
                    inside = !inside;
                }
                let ab = b - a;
                let t = ((*p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
                wall = wall.min(p.distance(a + ab * t));
            }
            assert!(
                inside && wall > s.radius - 0.05,
                "step {step}: {p:?} {wall}"
            );
        }
        if pos
            .iter()
            .zip(&scene.goals)
            .all(|(p, g)| p.distance(*g) < 0.5)
        {
            steps = Some(step);
            break;
        }
    }
    let alone = run(
        &scene,
        &Setup {
            push_apart: false,
            ..s
        },
        2000,
    );
    let peer = scenes::run_dodgy(&scene, &s, 2000, 0.5);
    println!(
        "bottleneck: arcline steps {steps:?} closest {closest}, without pushing apart {alone:?}, dodgy_2d {peer:?}"
    );
    assert!(steps.is_some());
    assert!(
        closest > peer.closest && closest > 0.95,
        "{closest} vs {peer:?}"
    );
}

#[test]
fn no_force_pushes_a_body_into_another_and_speeds_stay_within_max_speed() {
    // A vehicle with an enormous force seeks straight through a parked one
    // (which does not avoid: the mover takes all of the avoidance).
    let mut w = World::new(0);
    let parked = w
        .add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0).with_radius(1.0))
        .unwrap();
    let mover = w
        .add_vehicle(VehicleSpec::new(-8.0, 0.01, 2.0, 1e9).with_radius(0.5))
        .unwrap();
    w.set_behaviors(
        mover,
        vec![
            Behavior::seek(Point::new(8.0, 0.0)).weighted(1e6),
            Behavior::new(BehaviorKind::AvoidVehicles {
                time_horizon: 3.0,
                push_apart: false,
            }),
        ],
    )
    .unwrap();
    let mut closest = f64::INFINITY;
    for _ in 0..200 {
        w.step(0.1);
        let (p, m) = (w.vehicle(parked).unwrap(), w.vehicle(mover).unwrap());
        closest = closest.min(p.position.distance(m.position));
        assert!(m.velocity.length() <= 2.0 * (1.0 + 1e-15));
    }
    assert!(closest >= 1.5 * TOUCH, "{closest}");
    assert!(w.vehicle(mover).unwrap().position.x > 7.0);
}

#[test]
fn a_vehicle_alone_moves_exactly_as_without_avoidance() {
    let mut plain = World::new(0);
    let mut avoiding = World::new(0);
    let spec = VehicleSpec::new(1.0, -2.0, 1.5, 0.2).with_velocity(Vec2::new(0.3, 0.1));
    let (a, b) = (
        plain.add_vehicle(spec).unwrap(),
        avoiding.add_vehicle(spec).unwrap(),
    );
    let arrive = Behavior::new(BehaviorKind::Arrive {
        target: Point::new(20.0, 7.0),
        slowing_radius: 5.0,
    });
    plain.set_behaviors(a, vec![arrive.clone()]).unwrap();
    let avoid = Behavior::new(BehaviorKind::AvoidVehicles {
        time_horizon: 2.0,
        push_apart: true,
    });
    avoiding.set_behaviors(b, vec![arrive, avoid]).unwrap();
    for _ in 0..300 {
        plain.step(0.5);
        avoiding.step(0.5);
        let (p, q) = (plain.vehicle(a).unwrap(), avoiding.vehicle(b).unwrap());
        assert_eq!(p.position, q.position);
        assert_eq!(p.velocity, q.velocity);
        assert!((p.heading - q.heading).abs() < 1e-15);
    }
}

/// Positions and velocities by id after `steps` of a small jam.
fn jam(steps: usize) -> Vec<(Point, Vec2)> {
    let scene = scenes::circle_swap(24, 6.0, 0.2, 3);
    let mut w = World::new(5);
    let ids: Vec<VehicleId> = scene
        .starts
        .iter()
        .map(|p| w.add_vehicle(VehicleSpec::new(p.x, p.y, 1.0, 1e6)).unwrap())
        .collect();
    for (k, &id) in ids.iter().enumerate() {
        w.set_behaviors(
            id,
            vec![
                Behavior::seek(scene.goals[k]),
                Behavior::new(BehaviorKind::AvoidVehicles {
                    time_horizon: 1.5,
                    push_apart: true,
                }),
            ],
        )
        .unwrap();
    }
    for _ in 0..steps {
        w.step(0.25);
    }
    ids.iter()
        .map(|&id| {
            let v = w.vehicle(id).unwrap();
            (v.position, v.velocity)
        })
        .collect()
}

#[test]
fn the_order_vehicles_are_stored_in_changes_nothing() {
    // Ties between equal distances go by id, so compare a run whose ids are
    // in the same order but whose slots are shuffled by removals against
    // one without.
    let a = jam(80);
    assert_eq!(a, jam(80));
    let scene = scenes::circle_swap(24, 6.0, 0.2, 3);
    let mut w = World::new(5);
    // Decoys added first and removed: the real vehicles end up in other slots.
    let decoys: Vec<VehicleId> = (0..10)
        .map(|k| {
            w.add_vehicle(VehicleSpec::new(100.0 + f64::from(k), 0.0, 1.0, 1.0))
                .unwrap()
        })
        .collect();
    let ids: Vec<VehicleId> = scene
        .starts
        .iter()
        .map(|p| w.add_vehicle(VehicleSpec::new(p.x, p.y, 1.0, 1e6)).unwrap())
        .collect();
    for d in decoys
        .iter()
        .rev()
        .step_by(2)
        .chain(decoys.iter().step_by(2))
    {
        w.remove_vehicle(*d).unwrap();
    }
    for (k, &id) in ids.iter().enumerate() {
        w.set_behaviors(
            id,
            vec![
                Behavior::seek(scene.goals[k]),
                Behavior::new(BehaviorKind::AvoidVehicles {
                    time_horizon: 1.5,
                    push_apart: true,
                }),
            ],
        )
        .unwrap();
    }
    assert_ne!(w.slot(ids[0]), Some(0));
    for _ in 0..80 {
        w.step(0.25);
    }
    let c: Vec<(Point, Vec2)> = ids
        .iter()
        .map(|&id| {
            let v = w.vehicle(id).unwrap();
            (v.position, v.velocity)
        })
        .collect();
    // Same vehicles in the same id order, other slots: the same bits
    // (the decoys' ids come first, so ties by id compare the same way).
    assert_eq!(a, c);
}
