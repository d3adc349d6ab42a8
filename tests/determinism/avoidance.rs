//! The digest of collision avoidance among vehicles and the rest of the
//! steering family: a jittered circle swap (a jam, so RVO2's third program
//! and the push-apart pass run), agents in a walled room with a pillar
//! (walls from `contain` and `avoid`), interpose, offset pursuit, hide, stay
//! on path and contain among wanderers, and a formation whose avoiding
//! members take their slots and turn to face them, hashed with FNV-1a over
//! the bits of every state. Native and wasm must agree.

use arcline::formation::{AssignmentStrategy, FormationPattern, PatternKind, WorldFormations};
use arcline::steering::{
    racetrack, Behavior, BehaviorKind, Combine, Facing, Obstacle, VehicleId, VehicleSpec, World,
};
use arcline::{Point, Pose, Vec2};

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

pub const GOLDEN: u64 = 0x654e_7a80_c523_37bd;

fn avoid(time_horizon: f64) -> Behavior {
    Behavior::new(BehaviorKind::AvoidVehicles {
        time_horizon,
        push_apart: true,
    })
}

fn circle_swap(h: &mut Digest) {
    let (n, r) = (60, 12.0);
    let mut rng = Rng(0x5eed_0001);
    let mut w = World::new(1);
    for k in 0..n {
        // libm: the same bits natively and in wasm.
        let a = core::f64::consts::TAU * k as f64 / n as f64;
        let (x, y) = (r * libm::cos(a), r * libm::sin(a));
        let id = w
            .add_vehicle(VehicleSpec::new(
                x + 0.1 * (rng.next() - 0.5),
                y + 0.1 * (rng.next() - 0.5),
                1.0,
                2.0,
            ))
            .unwrap();
        w.set_behaviors(
            id,
            vec![
                Behavior::new(BehaviorKind::Arrive {
                    target: Point::new(-x, -y),
                    slowing_radius: 2.0,
                }),
                avoid(2.0),
            ],
        )
        .unwrap();
    }
    for _ in 0..500 {
        w.step(0.25);
        hash_world(h, &w);
    }
}

fn walled_room(h: &mut Digest) {
    let mut rng = Rng(0x5eed_0002);
    let room: Vec<Point> = [
        (-12.0, -8.0),
        (12.0, -8.0),
        (12.0, 8.0),
        (0.0, 3.0),
        (-12.0, 8.0),
    ]
    .into_iter()
    .map(Point::from)
    .collect();
    let pillar = vec![Obstacle::new(Point::new(2.0, -2.0), 1.5)];
    let mut w = World::new(2);
    for _ in 0..40 {
        let p = Point::new(-10.0 + 6.0 * rng.next(), -6.0 + 10.0 * rng.next());
        let id = w
            .add_vehicle(VehicleSpec::new(p.x, p.y, 1.2, 0.8).with_radius(0.3 + 0.3 * rng.next()))
            .unwrap();
        w.set_behaviors(
            id,
            vec![
                Behavior::seek(Point::new(10.0, -6.0 + 12.0 * rng.next())),
                Behavior::new(BehaviorKind::Contain {
                    boundary: room.clone(),
                    prediction_time: Some(1.0),
                }),
                Behavior::new(BehaviorKind::Avoid {
                    obstacles: pillar.clone(),
                    look_ahead: None,
                }),
                avoid(1.5),
            ],
        )
        .unwrap();
    }
    for _ in 0..400 {
        w.step(0.25);
        hash_world(h, &w);
    }
}

fn family(h: &mut Digest) {
    let mut w = World::new(3);
    let track = racetrack(Point::new(0.0, 0.0), 10.0, 8.0).unwrap();
    let obstacles = vec![
        Obstacle::new(Point::new(-6.0, 3.0), 2.0),
        Obstacle::new(Point::new(7.0, -2.0), 1.5),
    ];
    let spec = |x: f64, y: f64| VehicleSpec::new(x, y, 1.0, 0.4);
    let leader = w.add_vehicle(spec(0.0, -8.0)).unwrap();
    let hunter = w.add_vehicle(spec(10.0, 10.0)).unwrap();
    w.set_behaviors(
        leader,
        vec![Behavior::new(BehaviorKind::FollowPath {
            path: track.clone(),
            look_ahead: 2.0,
        })],
    )
    .unwrap();
    w.set_behaviors(
        hunter,
        vec![
            Behavior::new(BehaviorKind::Wander {
                distance: 3.0,
                radius: 1.5,
                jitter: 1.0,
            }),
            Behavior::new(BehaviorKind::Arrive {
                target: Point::ORIGIN,
                slowing_radius: 20.0,
            })
            .weighted(0.2),
        ],
    )
    .unwrap();
    let add = |w: &mut World, x: f64, y: f64, list: Vec<Behavior>, combine: Combine| {
        let id = w.add_vehicle(spec(x, y)).unwrap();
        w.set_behaviors_with(id, list, combine).unwrap();
        id
    };
    for k in 0..4 {
        let side = if k % 2 == 0 { 1.0 } else { -1.0 };
        let back = -2.0 * f64::from(1 + k / 2);
        add(
            &mut w,
            -15.0,
            f64::from(k),
            vec![Behavior::new(BehaviorKind::OffsetPursuit {
                leader,
                offset: Vec2::new(back, side * back),
            })],
            Combine::WeightedSum,
        );
    }
    add(
        &mut w,
        5.0,
        5.0,
        vec![Behavior::new(BehaviorKind::Interpose {
            a: leader,
            b: hunter,
        })],
        Combine::WeightedSum,
    );
    add(
        &mut w,
        -3.0,
        -3.0,
        vec![Behavior::new(BehaviorKind::Hide {
            from: hunter,
            obstacles: obstacles.clone(),
        })],
        Combine::Priority,
    );
    add(
        &mut w,
        0.0,
        9.0,
        vec![
            Behavior::new(BehaviorKind::Wander {
                distance: 3.0,
                radius: 2.0,
                jitter: 1.0,
            })
            .weighted(0.5),
            Behavior::new(BehaviorKind::StayOnPath {
                path: track,
                radius: 2.0,
                prediction_time: None,
            }),
        ],
        Combine::WeightedSum,
    );
    let boundary: Vec<Point> = [(-20.0, -20.0), (20.0, -20.0), (0.0, 20.0)]
        .into_iter()
        .map(Point::from)
        .collect();
    let parked = add(
        &mut w,
        1.0,
        -15.0,
        vec![
            Behavior::new(BehaviorKind::Contain {
                boundary,
                prediction_time: Some(2.0),
            }),
            Behavior::seek(Point::new(30.0, -25.0)).weighted(0.3),
            Behavior::new(BehaviorKind::Wander {
                distance: 2.0,
                radius: 1.0,
                jitter: 2.0,
            })
            .weighted(0.3),
        ],
        Combine::Priority,
    );
    w.set_facing(parked, Some(Facing::new(2.5, 0.3))).unwrap();
    for _ in 0..800 {
        w.step(0.5);
        hash_world(h, &w);
    }
}

fn formation(h: &mut Digest) {
    let mut w = World::new(4);
    let mut f = WorldFormations::new();
    let id = f.create(
        FormationPattern::new(PatternKind::Circle, 2.0).unwrap(),
        AssignmentStrategy::MinCost,
    );
    let mut rng = Rng(0x5eed_0004);
    let members: Vec<VehicleId> = (0..9)
        .map(|_| {
            let v = w
                .add_vehicle(VehicleSpec::new(
                    -10.0 + 20.0 * rng.next(),
                    -10.0 + 20.0 * rng.next(),
                    4.0,
                    12.0,
                ))
                .unwrap();
            w.set_behaviors(v, vec![avoid(1.0)]).unwrap();
            assert_eq!(f.join(&mut w, id, v), Ok(true));
            v
        })
        .collect();
    let dt = 1.0 / 30.0;
    for step in 0..900 {
        if step == 300 {
            f.formation_mut(id)
                .unwrap()
                .set_target(arcline::formation::FormationTarget::Pose(Pose::new(
                    5.0, 5.0, 1.0,
                )))
                .unwrap();
        }
        if step == 600 {
            f.leave(&mut w, members[2]);
        }
        f.before_step(&mut w, dt);
        w.step(dt);
        hash_world(h, &w);
    }
}

/// The digest of every scene.
pub fn digest() -> u64 {
    let mut h = Digest::new();
    circle_swap(&mut h);
    walled_room(&mut h);
    family(&mut h);
    formation(&mut h);
    h.finish()
}

/// Every position, velocity and heading vector of `w`, in slot order.
fn hash_world(h: &mut Digest, w: &World) {
    for &x in w
        .positions()
        .iter()
        .chain(w.velocities())
        .chain(w.heading_vectors())
    {
        h.f64(x);
    }
}
