//! The steering determinism digest: a 10,000-step crowd run (wander with its
//! seeded generator, flocking through the spatial grid, pursuit, avoidance,
//! path following, priority mode, vehicles added and removed on the way),
//! hashed with FNV-1a over the bits of every state. Native and wasm must agree.

use arcline::steering::{Behavior, BehaviorKind, Combine, Obstacle, VehicleId, VehicleSpec, World};
use arcline::{Arc, Line, Path, Point, Segment, Vec2};

// Each determinism file is also compiled on its own into the wasm test
// (bindings/tests/determinism.rs), so each names the shared test support
// by path: natively the same file is then a module of each.
#[allow(clippy::duplicate_mod)]
#[path = "../common/digest.rs"]
mod digest;
use digest::Digest;
#[allow(clippy::duplicate_mod)]
#[path = "../common/xorshift.rs"]
mod xorshift;
use xorshift::Rng;

pub const STEPS: usize = 10_000;
pub const GOLDEN: u64 = 0x4c81_7c8a_6b86_2f7c;

fn add(w: &mut World, r: &mut Rng) -> VehicleId {
    // (Fields in the order the numbers are drawn.)
    let velocity = Vec2::new(r.next() - 0.5, r.next() - 0.5);
    let mass = 0.5 + r.next() * 2.0;
    let spec = VehicleSpec::new(
        r.next() * 200.0 - 100.0,
        r.next() * 200.0 - 100.0,
        0.5 + r.next() * 1.5,
        0.05 + r.next() * 0.3,
    )
    .with_velocity(velocity)
    .with_mass(mass);
    w.add_vehicle(spec).expect("valid spec")
}

fn behaviours(
    k: usize,
    ids: &[VehicleId],
    path: &Path,
    obstacles: &[Obstacle],
    t: f64,
) -> (Vec<Behavior>, Combine) {
    // libm: the same bits natively and in wasm.
    let target = Point::new(60.0 * libm::sin(t * 0.37), 60.0 * libm::cos(t * 0.23));
    let quarry = ids[(k * 7 + 3) % ids.len()];
    let flock = [
        Behavior::separation(4.0).weighted(2.0),
        Behavior::new(BehaviorKind::Alignment { radius: 8.0 }).weighted(0.5),
        Behavior::new(BehaviorKind::Cohesion { radius: 10.0 }).weighted(0.3),
    ];
    let avoid = Behavior::new(BehaviorKind::Avoid {
        obstacles: obstacles.to_vec(),
        look_ahead: None,
    })
    .weighted(3.0);
    match k % 6 {
        0 => (
            [vec![Behavior::seek(target)], flock.to_vec()].concat(),
            Combine::WeightedSum,
        ),
        1 => (
            vec![
                avoid,
                Behavior::new(BehaviorKind::Wander {
                    distance: 4.0,
                    radius: 2.0,
                    jitter: 0.5,
                }),
                Behavior::new(BehaviorKind::Arrive {
                    target: Point::ORIGIN,
                    slowing_radius: 80.0,
                })
                .weighted(0.2),
            ],
            Combine::Priority,
        ),
        2 => (
            vec![
                Behavior::new(BehaviorKind::Pursue { quarry }),
                flock[0].clone(),
            ],
            Combine::WeightedSum,
        ),
        3 => (
            vec![
                Behavior::new(BehaviorKind::Evade { quarry }).weighted(0.5),
                Behavior::new(BehaviorKind::Arrive {
                    target,
                    slowing_radius: 20.0,
                }),
                avoid,
            ],
            Combine::WeightedSum,
        ),
        4 => (
            vec![Behavior::new(BehaviorKind::FollowPath {
                path: path.clone(),
                look_ahead: 6.0,
            })],
            Combine::WeightedSum,
        ),
        _ => (
            [
                flock.to_vec(),
                vec![
                    Behavior::new(BehaviorKind::Flee { target }).weighted(0.1),
                    Behavior::new(BehaviorKind::Wander {
                        distance: 3.0,
                        radius: 1.0,
                        jitter: 0.2,
                    }),
                ],
            ]
            .concat(),
            Combine::WeightedSum,
        ),
    }
}

fn hash_state(h: &mut Digest, w: &World) {
    let mut ids: Vec<VehicleId> = w.ids().to_vec();
    ids.sort();
    for id in ids {
        let v = w.vehicle(id).expect("live id");
        h.f64(f64::from(id.0));
        h.f64(v.position.x);
        h.f64(v.position.y);
        h.f64(v.velocity.x);
        h.f64(v.velocity.y);
        h.f64(v.heading);
        // The crowd stays a crowd: no NaN, nobody flung to infinity.
        assert!(v.position.is_finite() && v.position.distance(Point::ORIGIN) < 1e4);
    }
}

pub fn digest() -> u64 {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut w = World::new(2026);
    let mut ids: Vec<VehicleId> = (0..90).map(|_| add(&mut w, &mut r)).collect();
    let path = Path::new(vec![
        Segment::Line(Line::new(Point::new(-80.0, -40.0), Point::new(40.0, -40.0))),
        Segment::Arc(
            Arc::new(
                Point::new(40.0, 0.0),
                40.0,
                -core::f64::consts::FRAC_PI_2,
                core::f64::consts::PI,
            )
            .expect("arc"),
        ),
        Segment::Line(Line::new(Point::new(40.0, 40.0), Point::new(-80.0, 40.0))),
    ])
    .expect("path");
    let obstacles: Vec<Obstacle> = (0..6)
        .map(|k| {
            Obstacle::new(
                Point::new(-75.0 + 30.0 * k as f64, 10.0 * (k % 3) as f64 - 10.0),
                4.0 + k as f64,
            )
        })
        .collect();
    let mut h = Digest::new();
    for step in 0..STEPS {
        if step % 1000 == 0 {
            let t = step as f64;
            for (k, &id) in ids.iter().enumerate() {
                let (bs, c) = behaviours(k, &ids, &path, &obstacles, t);
                w.set_behaviors_with(id, bs, c).expect("valid behaviours");
            }
        }
        if step == 2500 {
            for _ in 0..20 {
                ids.push(add(&mut w, &mut r));
            }
        }
        if step == 5000 {
            for k in (0..ids.len()).rev().step_by(9) {
                w.remove_vehicle(ids.remove(k)).expect("live id");
            }
        }
        // dt varies a little around 1.
        w.step(0.5 + r.next());
        if step % 500 == 499 {
            hash_state(&mut h, &w);
        }
    }
    hash_state(&mut h, &w);
    h.finish()
}

/// The seek-only crowd digest (pinned before the crowd step got its in-place
/// update and its passes over blocks of single-seek vehicles): seek alone
/// with assorted weights, masses with and without an exact inverse, limits
/// from zero to huge, targets on a vehicle, dt from 0.25 to 2.25, stretches
/// with the debug values recorded (the general code) and with a pursuer in
/// the world (the simultaneous update).
pub const SEEK_STEPS: usize = 2_000;
pub const SEEK_GOLDEN: u64 = 0xa75c_1e4d_94d0_496f;

fn seek_spec(k: usize, r: &mut Rng) -> VehicleSpec {
    let (mut max_speed, mut max_force) = (0.5 + r.next() * 2.0, 0.02 + r.next() * 0.4);
    match k % 23 {
        3 => max_speed = 0.0,
        5 => max_speed = 1e-200,
        7 => max_force = 0.0,
        11 => max_force = 1e200,
        13 => max_speed = 1e200,
        _ => {}
    }
    let mass = match k % 4 {
        0 => 1.0,
        1 => 0.5 + r.next() * 3.0,
        2 => [0.25, 2.0, 4.0][k % 3],
        _ => 1e-3 + r.next(),
    };
    let v = if k % 6 == 0 {
        Vec2::ZERO
    } else {
        Vec2::new(r.next() * 4.0 - 2.0, r.next() * 4.0 - 2.0)
    };
    VehicleSpec::new(
        r.next() * 400.0 - 200.0,
        r.next() * 400.0 - 200.0,
        max_speed,
        max_force,
    )
    .with_velocity(v)
    .with_mass(mass)
}

fn seek_weight(k: usize, r: &mut Rng) -> f64 {
    match k % 17 {
        2 => 1e300,
        4 => 0.0,
        6 => -1.5,
        8 => 1e-300,
        _ if k % 2 == 0 => 1.0,
        _ => 0.1 + r.next() * 3.0,
    }
}

fn hash_slots(h: &mut Digest, w: &World) {
    for &id in w.ids() {
        h.f64(f64::from(id.0));
    }
    for s in [w.positions(), w.velocities(), w.heading_vectors()] {
        for &x in s {
            h.f64(x);
        }
    }
}

pub fn seek_digest() -> u64 {
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    let mut w = World::new(7);
    let mut ids: Vec<VehicleId> = (0..301)
        .map(|k| w.add_vehicle(seek_spec(k, &mut r)).expect("valid spec"))
        .collect();
    let mut pursuer: Option<VehicleId> = None;
    let mut h = Digest::new();
    for step in 0..SEEK_STEPS {
        if step % 100 == 0 {
            let t = step as f64;
            for (k, &id) in ids.iter().enumerate() {
                let target = if k % 31 == 5 {
                    // Exactly on the vehicle: no direction to seek.
                    w.vehicle(id).expect("live id").position
                } else {
                    let c = Point::new(
                        150.0 * libm::sin(t * 0.013 + k as f64),
                        150.0 * libm::cos(t * 0.011 + 2.0 * k as f64),
                    );
                    Point::new(c.x + (k % 7) as f64, c.y - (k % 5) as f64)
                };
                let b = Behavior::seek(target).weighted(seek_weight(k, &mut r));
                w.set_behaviors(id, vec![b]).expect("valid behaviour");
            }
        }
        w.set_record_debug(step % 400 >= 300);
        match (step % 700, pursuer) {
            (200, None) => {
                let p = w
                    .add_vehicle(VehicleSpec::new(900.0, 900.0, 1.0, 0.1))
                    .expect("valid spec");
                w.set_behaviors(
                    p,
                    vec![Behavior::new(BehaviorKind::Pursue { quarry: ids[3] })],
                )
                .expect("live quarry");
                pursuer = Some(p);
            }
            (400, Some(p)) => {
                w.remove_vehicle(p).expect("live id");
                pursuer = None;
            }
            _ => {}
        }
        if step == 900 {
            for k in (0..ids.len()).rev().step_by(13) {
                w.remove_vehicle(ids.remove(k)).expect("live id");
            }
            for k in 0..40 {
                let id = w.add_vehicle(seek_spec(k + 5, &mut r)).expect("valid spec");
                ids.push(id);
            }
        }
        w.step(0.25 + 2.0 * r.next());
        if step % 50 == 49 {
            hash_slots(&mut h, &w);
        }
    }
    hash_slots(&mut h, &w);
    h.finish()
}

/// The dense crowd digest: 3,000 vehicles at about 8 neighbours and more
/// (a flock and a seek + separation crowd converging on one point, then a
/// mix of radii and lists, vehicles put on the same point, and some avoiding
/// each other), 300 steps: the neighbour pass with many pairs and ties.
pub const DENSE_STEPS: usize = 300;
pub const DENSE_GOLDEN: u64 = 0x7634_6d58_66e4_750b;

pub fn dense_digest() -> u64 {
    let mut r = Rng(0x1F83_D9AB_FB41_BD6B);
    let mut w = World::new(11);
    let n = 3_000;
    let side = 4.0 * (n as f64).sqrt();
    let ids: Vec<VehicleId> = (0..n)
        .map(|_| {
            let spec = VehicleSpec::new((r.next() - 0.5) * side, (r.next() - 0.5) * side, 2.0, 0.2);
            w.add_vehicle(spec).expect("valid spec")
        })
        .collect();
    let flock = |target: Point, radius: f64| {
        vec![
            Behavior::separation(radius).weighted(2.0),
            Behavior::new(BehaviorKind::Alignment { radius }).weighted(0.6),
            Behavior::new(BehaviorKind::Cohesion { radius }).weighted(0.4),
            Behavior::seek(target).weighted(0.3),
        ]
    };
    let mut h = Digest::new();
    for step in 0..DENSE_STEPS {
        match step {
            0 => {
                for &id in &ids {
                    w.set_behaviors(id, flock(Point::ORIGIN, 6.4))
                        .expect("valid behaviours");
                }
            }
            100 => {
                for &id in &ids {
                    let list = vec![
                        Behavior::seek(Point::new(5.0, -3.0)),
                        Behavior::separation(6.4),
                    ];
                    w.set_behaviors(id, list).expect("valid behaviours");
                }
            }
            200 => {
                // Pairs of vehicles on one point, and mixed lists and radii.
                for k in (0..n).step_by(97) {
                    let p = w.vehicle(ids[k]).expect("live id").position;
                    w.set_state(ids[k + 1], p, Vec2::ZERO)
                        .expect("finite state");
                }
                for (k, &id) in ids.iter().enumerate() {
                    let list = match k % 4 {
                        0 => flock(Point::new(-20.0, 10.0), 5.0),
                        1 => vec![Behavior::seek(Point::ORIGIN), Behavior::separation(7.5)],
                        2 => vec![
                            Behavior::separation(3.0),
                            Behavior::new(BehaviorKind::Cohesion { radius: 8.0 }),
                        ],
                        _ => vec![
                            Behavior::seek(Point::ORIGIN),
                            Behavior::new(BehaviorKind::AvoidVehicles {
                                time_horizon: 2.0,
                                push_apart: true,
                            }),
                        ],
                    };
                    w.set_behaviors(id, list).expect("valid behaviours");
                }
            }
            _ => {}
        }
        w.step(1.0);
        if step % 25 == 24 {
            hash_slots(&mut h, &w);
        }
    }
    h.finish()
}
