//! Steering: the seed's seek reproduced exactly, the behaviours' properties,
//! the world's ids and its simultaneous update.

use arcline::steering::{
    Behavior, BehaviorKind, Combine, Obstacle, VehicleId, VehicleLimits, VehicleSpec, World,
};
use arcline::{Error, Field, Line, Path, Point, Reason, Vec2};

// ---- the seed's rule, written out independently -------------------------

/// The seed's `truncate`: scale by `max / length` when that is below 1.
fn seed_truncate(v: (f64, f64), max: f64) -> (f64, f64) {
    let len = (v.0 * v.0 + v.1 * v.1).sqrt();
    let i = max / len;
    if i < 1.0 {
        (v.0 * i, v.1 * i)
    } else {
        v
    }
}

fn seed_normalize(v: (f64, f64)) -> (f64, f64) {
    let len = (v.0 * v.0 + v.1 * v.1).sqrt();
    (v.0 / len, v.1 / len)
}

/// One frame of the seed's seek with its own variables.
struct SeedVehicle {
    position: (f64, f64),
    velocity: (f64, f64),
    max_velocity: f64,
    max_force: f64,
    mass: f64,
}

impl SeedVehicle {
    fn frame(&mut self, target: (f64, f64)) {
        let d = seed_normalize((target.0 - self.position.0, target.1 - self.position.1));
        let desired_velocity = (d.0 * self.max_velocity, d.1 * self.max_velocity);
        let mut steering = (
            desired_velocity.0 - self.velocity.0,
            desired_velocity.1 - self.velocity.1,
        );
        steering = seed_truncate(steering, self.max_force);
        steering = (steering.0 / self.mass, steering.1 / self.mass);
        self.velocity = seed_truncate(
            (self.velocity.0 + steering.0, self.velocity.1 + steering.1),
            self.max_velocity,
        );
        self.position = (
            self.position.0 + self.velocity.0,
            self.position.1 + self.velocity.1,
        );
    }
}

/// The mouse moves: the target jumps between these every 60 frames.
const TARGETS: [(f64, f64); 5] = [
    (100.0, 0.0),
    (100.0, 100.0),
    (-50.0, 80.5),
    (0.25, -60.0),
    (30.0, 30.0),
];

/// Interleaved (position, velocity) per step.
type Trajectory = Vec<(f64, f64)>;

fn seek_run(mass: f64) -> (Trajectory, Trajectory) {
    let mut seed = SeedVehicle {
        position: (0.0, 0.0),
        velocity: (0.0, 3.0),
        max_velocity: 4.0,
        max_force: 0.4,
        mass,
    };
    let mut world = World::new(0);
    let id = world
        .add_vehicle(
            VehicleSpec::new(0.0, 0.0, 4.0, 0.4)
                .with_velocity(Vec2::new(0.0, 3.0))
                .with_mass(mass),
        )
        .unwrap();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for frame in 0..300 {
        let t = TARGETS[(frame / 60) % TARGETS.len()];
        seed.frame(t);
        world
            .set_behaviors(id, vec![Behavior::seek(Point::new(t.0, t.1))])
            .unwrap();
        world.step(1.0);
        let v = world.vehicle(id).unwrap();
        ours.push((v.position.x, v.position.y));
        ours.push((v.velocity.x, v.velocity.y));
        theirs.push(seed.position);
        theirs.push(seed.velocity);
    }
    (ours, theirs)
}

fn assert_same_trajectory(mass: f64) {
    let (ours, theirs) = seek_run(mass);
    assert_eq!(ours.len(), 600);
    for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert!(
            (a.0 - b.0).abs() <= 1e-12 && (a.1 - b.1).abs() <= 1e-12,
            "step {}: {a:?} vs {b:?}",
            k / 2
        );
        // dt = 1 is the seed's rule bit for bit, not just within 1e-12.
        assert_eq!(a.0.to_bits(), b.0.to_bits(), "step {}", k / 2);
        assert_eq!(a.1.to_bits(), b.1.to_bits(), "step {}", k / 2);
    }
}

#[test]
fn seek_300_steps_equals_the_seed_rule_mass_1() {
    assert_same_trajectory(1.0);
}

#[test]
fn seek_300_steps_equals_the_seed_rule_mass_2() {
    assert_same_trajectory(2.0);
}

#[test]
fn heavier_vehicle_turns_more_slowly() {
    let (light, _) = seek_run(1.0);
    let (heavy, _) = seek_run(2.0);
    assert_ne!(light[0], heavy[0]);
    // After one frame the velocity changed by force / mass: 0.4 vs 0.2.
    let dv = |v: (f64, f64)| ((v.0).powi(2) + (v.1 - 3.0).powi(2)).sqrt();
    assert!((dv(light[1]) - 0.4).abs() < 1e-12);
    assert!((dv(heavy[1]) - 0.2).abs() < 1e-12);
}

// ---- helpers --------------------------------------------------------------

fn one(world: &mut World, x: f64, y: f64, max_speed: f64, max_force: f64) -> VehicleId {
    world
        .add_vehicle(VehicleSpec::new(x, y, max_speed, max_force))
        .unwrap()
}

fn speed(world: &World, id: VehicleId) -> f64 {
    world.vehicle(id).unwrap().velocity.length()
}

// ---- behaviours -------------------------------------------------------------

#[test]
fn arrive_stops_at_the_target() {
    let mut w = World::new(0);
    let id = one(&mut w, -40.0, 25.0, 3.0, 0.3);
    let target = Point::new(60.0, -10.0);
    w.set_behaviors(
        id,
        vec![Behavior::new(BehaviorKind::Arrive {
            target,
            slowing_radius: 30.0,
        })],
    )
    .unwrap();
    for _ in 0..600 {
        w.step(1.0);
    }
    let v = w.vehicle(id).unwrap();
    assert!(v.position.distance(target) < 0.05, "{:?}", v.position);
    assert!(v.velocity.length() < 0.01);
}

#[test]
fn seek_overshoots_where_arrive_does_not() {
    // The same run with seek keeps circling through the target at speed.
    let mut w = World::new(0);
    let id = one(&mut w, -40.0, 25.0, 3.0, 0.3);
    w.set_behaviors(id, vec![Behavior::seek(Point::new(60.0, -10.0))])
        .unwrap();
    for _ in 0..600 {
        w.step(1.0);
    }
    assert!(speed(&w, id) > 1.0);
}

fn min_pair_distance(w: &World) -> f64 {
    let p = w.positions();
    let mut best = f64::INFINITY;
    for i in 0..p.len() / 2 {
        for j in i + 1..p.len() / 2 {
            let d = ((p[2 * i] - p[2 * j]).powi(2) + (p[2 * i + 1] - p[2 * j + 1]).powi(2)).sqrt();
            best = best.min(d);
        }
    }
    best
}

fn crowd_on_one_target(separation: bool) -> f64 {
    let mut w = World::new(0);
    let mut ids = Vec::new();
    for k in 0..20 {
        let (x, y) = ((k % 5) as f64 * 7.0 - 30.0, (k / 5) as f64 * 6.0 - 12.0);
        ids.push(one(&mut w, x, y, 2.0, 0.5));
    }
    let mut bs = vec![Behavior::new(BehaviorKind::Arrive {
        target: Point::new(0.0, 0.0),
        slowing_radius: 10.0,
    })];
    if separation {
        bs.push(Behavior::separation(4.0).weighted(3.0));
    }
    for &id in &ids {
        w.set_behaviors(id, bs.clone()).unwrap();
    }
    let mut closest = f64::INFINITY;
    for s in 0..800 {
        w.step(1.0);
        if s > 400 {
            closest = closest.min(min_pair_distance(&w));
        }
    }
    closest
}

#[test]
fn separation_keeps_a_minimum_distance() {
    // Without separation the crowd collapses onto the target point...
    assert!(crowd_on_one_target(false) < 0.05);
    // ...with it, nobody comes closer than a fraction of the radius.
    assert!(crowd_on_one_target(true) > 1.0);
}

#[test]
fn speed_never_exceeds_max_speed_under_any_mix() {
    let mut w = World::new(9);
    let mut ids = Vec::new();
    for k in 0..60 {
        let spec = VehicleSpec::new(
            (k % 8) as f64 * 3.0,
            (k / 8) as f64 * 3.0,
            1.0 + (k % 3) as f64,
            0.7,
        )
        .with_velocity(Vec2::new(5.0, -5.0)); // faster than allowed at first
        ids.push(w.add_vehicle(spec).unwrap());
    }
    for (k, &id) in ids.iter().enumerate() {
        let bs = vec![
            Behavior::seek(Point::new(10.0, 10.0)).weighted(2.0),
            Behavior::separation(5.0).weighted(7.0),
            Behavior::new(BehaviorKind::Alignment { radius: 6.0 }).weighted(3.0),
            Behavior::new(BehaviorKind::Cohesion { radius: 9.0 }),
            Behavior::new(BehaviorKind::Wander {
                distance: 3.0,
                radius: 2.0,
                jitter: 1.0,
            })
            .weighted(4.0),
            Behavior::new(BehaviorKind::Pursue {
                quarry: ids[(k + 1) % ids.len()],
            }),
        ];
        w.set_behaviors(id, bs).unwrap();
    }
    for _ in 0..300 {
        w.step(1.0);
        for &id in &ids {
            let v = w.vehicle(id).unwrap();
            assert!(v.velocity.length() <= v.limits.max_speed * (1.0 + 1e-15));
            assert!(v.position.is_finite() && v.heading.is_finite());
        }
    }
}

#[test]
fn dt_zero_changes_nothing() {
    let mut w = World::new(0);
    let a = one(&mut w, 1.0, 2.0, 3.0, 1.0);
    let b = one(&mut w, 1.5, 2.0, 3.0, 1.0);
    for id in [a, b] {
        w.set_behaviors(
            id,
            vec![
                Behavior::seek(Point::new(50.0, 0.0)),
                Behavior::separation(2.0),
                Behavior::new(BehaviorKind::Wander {
                    distance: 2.0,
                    radius: 1.0,
                    jitter: 0.5,
                }),
            ],
        )
        .unwrap();
    }
    w.step(1.0);
    let before: Vec<f64> = [w.positions(), w.velocities(), w.heading_vectors()].concat();
    w.step(0.0);
    w.step(-1.0);
    w.step(f64::NAN);
    let after: Vec<f64> = [w.positions(), w.velocities(), w.heading_vectors()].concat();
    assert_eq!(before, after);
    // And wander did not draw numbers: the next step is the one it would have been.
    let mut fresh = w.clone();
    w.step(1.0);
    fresh.step(1.0);
    assert_eq!(w.positions(), fresh.positions());
}

#[test]
fn two_vehicles_at_the_same_point_do_not_produce_nan_and_part() {
    let mut w = World::new(0);
    let a = one(&mut w, 5.0, 5.0, 1.0, 0.5);
    let b = one(&mut w, 5.0, 5.0, 1.0, 0.5);
    let all = |q: VehicleId| {
        vec![
            Behavior::separation(3.0),
            Behavior::new(BehaviorKind::Alignment { radius: 3.0 }),
            Behavior::new(BehaviorKind::Cohesion { radius: 3.0 }),
            Behavior::seek(Point::new(5.0, 5.0)),
            Behavior::new(BehaviorKind::Flee {
                target: Point::new(5.0, 5.0),
            }),
            Behavior::new(BehaviorKind::Arrive {
                target: Point::new(5.0, 5.0),
                slowing_radius: 1.0,
            }),
            Behavior::new(BehaviorKind::Pursue { quarry: q }),
            Behavior::new(BehaviorKind::Evade { quarry: q }),
        ]
    };
    w.set_behaviors(a, all(b)).unwrap();
    w.set_behaviors(b, all(a)).unwrap();
    w.step(1.0);
    let (va, vb) = (w.vehicle(a).unwrap(), w.vehicle(b).unwrap());
    for v in [va, vb] {
        assert!(v.position.is_finite() && v.velocity.is_finite() && v.heading.is_finite());
    }
    // Separation pushed them apart, in opposite directions.
    assert!(va.position.distance(vb.position) > 0.1);
    assert!((va.velocity + vb.velocity).length() < 1e-12);
}

#[test]
fn a_vehicle_at_rest_keeps_its_heading() {
    let mut w = World::new(0);
    let spec = VehicleSpec::new(0.0, 0.0, 1.0, 1.0).with_heading(2.0);
    let id = w.add_vehicle(spec).unwrap();
    w.step(1.0);
    assert!((w.vehicle(id).unwrap().heading - 2.0).abs() < 1e-15);
    // Moving: heading follows velocity; then brought to rest it stays.
    w.set_behaviors(id, vec![Behavior::seek(Point::new(0.0, -10.0))])
        .unwrap();
    w.step(1.0);
    let h = w.vehicle(id).unwrap().heading;
    assert!((h + core::f64::consts::FRAC_PI_2).abs() < 1e-12);
    w.set_state(id, Point::new(0.0, 0.0), Vec2::ZERO).unwrap();
    w.set_behaviors(id, vec![]).unwrap();
    w.step(1.0);
    assert_eq!(w.vehicle(id).unwrap().heading, h);
}

#[test]
fn pursue_catches_a_slower_quarry_and_evade_gets_away() {
    let mut w = World::new(0);
    let quarry = w
        .add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0).with_velocity(Vec2::new(1.0, 0.0)))
        .unwrap();
    let hunter = one(&mut w, -20.0, -20.0, 2.0, 0.3);
    let runner = one(&mut w, 5.0, 0.0, 1.5, 0.3);
    w.set_behaviors(quarry, vec![Behavior::seek(Point::new(1e6, 0.0))])
        .unwrap();
    w.set_behaviors(hunter, vec![Behavior::new(BehaviorKind::Pursue { quarry })])
        .unwrap();
    w.set_behaviors(
        runner,
        vec![Behavior::new(BehaviorKind::Evade { quarry: hunter })],
    )
    .unwrap();
    let d0 = w
        .vehicle(runner)
        .unwrap()
        .position
        .distance(w.vehicle(hunter).unwrap().position);
    let mut closest = f64::INFINITY;
    for _ in 0..200 {
        w.step(1.0);
        let (h, q) = (w.vehicle(hunter).unwrap(), w.vehicle(quarry).unwrap());
        closest = closest.min(h.position.distance(q.position));
    }
    assert!(closest < 2.0, "closest {closest}");
    let d1 = w
        .vehicle(runner)
        .unwrap()
        .position
        .distance(w.vehicle(hunter).unwrap().position);
    assert!(d1 > d0);
}

#[test]
fn pursuing_a_removed_quarry_exerts_no_force() {
    let mut w = World::new(0);
    let q = one(&mut w, 10.0, 0.0, 1.0, 1.0);
    let h = one(&mut w, 0.0, 0.0, 1.0, 1.0);
    w.set_behaviors(h, vec![Behavior::new(BehaviorKind::Pursue { quarry: q })])
        .unwrap();
    w.remove_vehicle(q).unwrap();
    w.step(1.0);
    assert_eq!(w.vehicle(h).unwrap().position, Point::new(0.0, 0.0));
    let err = w
        .set_behaviors(h, vec![Behavior::new(BehaviorKind::Evade { quarry: q })])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("behaviors[0].quarry: no vehicle with id {}", q.0)
    );
}

fn wander_run(seed: u64) -> Vec<f64> {
    let mut w = World::new(seed);
    let id = one(&mut w, 0.0, 0.0, 1.0, 0.2);
    w.set_behaviors(
        id,
        vec![Behavior::new(BehaviorKind::Wander {
            distance: 4.0,
            radius: 2.0,
            jitter: 0.8,
        })],
    )
    .unwrap();
    for _ in 0..200 {
        w.step(1.0);
    }
    w.positions().to_vec()
}

#[test]
fn wander_repeats_with_its_seed_and_differs_with_another() {
    assert_eq!(wander_run(42), wander_run(42));
    assert_ne!(wander_run(42), wander_run(43));
    let p = wander_run(42);
    // It went somewhere (it always moves forward), at most max speed per step.
    let d = (p[0] * p[0] + p[1] * p[1]).sqrt();
    assert!(d > 5.0 && d <= 200.0);
}

#[test]
fn obstacle_on_the_way_is_never_entered() {
    let obstacles = vec![
        Obstacle::new(Point::new(30.0, 0.5), 8.0),
        Obstacle::new(Point::new(70.0, -3.0), 6.0),
    ];
    for combine in [Combine::Priority, Combine::WeightedSum] {
        let mut w = World::new(0);
        let id = w
            .add_vehicle(VehicleSpec::new(0.0, 0.0, 1.5, 0.3).with_velocity(Vec2::new(1.5, 0.0)))
            .unwrap();
        w.set_behaviors_with(
            id,
            vec![
                Behavior::new(BehaviorKind::Avoid {
                    obstacles: obstacles.clone(),
                    look_ahead: None,
                })
                .weighted(3.0),
                Behavior::seek(Point::new(100.0, 0.0)),
            ],
            combine,
        )
        .unwrap();
        let mut reached = false;
        for _ in 0..400 {
            w.step(1.0);
            let p = w.vehicle(id).unwrap().position;
            for o in obstacles.iter() {
                assert!(
                    p.distance(o.center()) >= o.radius,
                    "{combine:?} entered at {p:?}"
                );
            }
            reached |= p.distance(Point::new(100.0, 0.0)) < 3.0;
        }
        assert!(reached, "{combine:?}");
    }
}

#[test]
fn follow_path_tracks_an_l_shaped_path_to_its_end() {
    let path = Path::new(vec![
        arcline::Segment::Line(Line::new(Point::new(0.0, 0.0), Point::new(50.0, 0.0))),
        arcline::Segment::Arc(
            arcline::Arc::new(
                Point::new(50.0, 20.0),
                20.0,
                -core::f64::consts::FRAC_PI_2,
                core::f64::consts::FRAC_PI_2,
            )
            .unwrap(),
        ),
        arcline::Segment::Line(Line::new(Point::new(70.0, 20.0), Point::new(70.0, 80.0))),
    ])
    .unwrap();
    let mut w = World::new(0);
    let id = one(&mut w, 0.0, 3.0, 1.0, 0.2);
    w.set_behaviors(
        id,
        vec![Behavior::new(BehaviorKind::FollowPath {
            path: path.clone(),
            look_ahead: 5.0,
        })],
    )
    .unwrap();
    let mut worst: f64 = 0.0;
    for _ in 0..400 {
        w.step(1.0);
        let p = w.vehicle(id).unwrap().position;
        let s = arcline::steering::closest_distance_along(&path, p);
        worst = worst.max(p.distance(path.pose_at(s).position()));
    }
    let end = w.vehicle(id).unwrap().position;
    assert!(end.distance(Point::new(70.0, 80.0)) < 0.5, "{end:?}");
    assert!(worst < 4.0, "strayed {worst}");
}

#[test]
fn priority_spends_the_budget_on_the_first_behaviour() {
    let mut w = World::new(0);
    let a = one(&mut w, 0.0, 0.0, 2.0, 0.5);
    let b = one(&mut w, 0.0, 100.0, 2.0, 0.5);
    let list = vec![
        Behavior::seek(Point::new(10.0, 0.0)),
        Behavior::seek(Point::new(0.0, 10.0)).weighted(5.0),
    ];
    w.set_behaviors_with(a, list.clone(), Combine::Priority)
        .unwrap();
    w.set_behaviors_with(b, list, Combine::WeightedSum).unwrap();
    w.step(1.0);
    // Priority: seek (10, 0) alone, truncated to 0.5: velocity (0.5, 0).
    assert_eq!(w.vehicle(a).unwrap().velocity, Vec2::new(0.5, 0.0));
    // Weighted sum: (2, 0) + 5·(0, -2 - 0) ... a direction mixing both.
    let vb = w.vehicle(b).unwrap().velocity;
    assert!(vb.x > 0.0 && vb.y < 0.0);
}

#[test]
fn priority_fills_the_rest_with_the_next_behaviour() {
    let mut w = World::new(0);
    let a = one(&mut w, 0.0, 0.0, 2.0, 1.0);
    // First asks (0.3, 0) (weight 0.15 of (2, 0)); the rest, 0.7, goes up.
    let list = vec![
        Behavior::seek(Point::new(10.0, 0.0)).weighted(0.15),
        Behavior::seek(Point::new(0.0, 10.0)),
    ];
    w.set_behaviors_with(a, list, Combine::Priority).unwrap();
    w.step(1.0);
    let v = w.vehicle(a).unwrap().velocity;
    assert!(
        (v.x - 0.3).abs() < 1e-15 && (v.y - 0.7).abs() < 1e-15,
        "{v:?}"
    );
}

// ---- the world ----------------------------------------------------------------

#[test]
fn ids_are_never_reused_and_removed_ids_are_rejected() {
    let mut w = World::new(0);
    let a = one(&mut w, 0.0, 0.0, 1.0, 1.0);
    let b = one(&mut w, 1.0, 0.0, 1.0, 1.0);
    let c = one(&mut w, 2.0, 0.0, 1.0, 1.0);
    w.remove_vehicle(a).unwrap();
    let unknown = Error::new(
        Field::named("id"),
        Reason::UnknownId {
            what: "vehicle",
            id: u64::from(a.0),
        },
    );
    assert_eq!(w.remove_vehicle(a), Err(unknown.clone()));
    assert!(w.vehicle(a).is_none());
    assert_eq!(w.set_behaviors(a, vec![]), Err(unknown));
    assert_eq!(
        w.remove_vehicle(a).unwrap_err().to_string(),
        format!("id: no vehicle with id {}", a.0)
    );
    let d = one(&mut w, 3.0, 0.0, 1.0, 1.0);
    assert!(d.0 > c.0);
    // The moved vehicle is still found by its id.
    assert_eq!(w.vehicle(c).unwrap().position, Point::new(2.0, 0.0));
    assert_eq!(w.vehicle(b).unwrap().position, Point::new(1.0, 0.0));
    let mut ids: Vec<VehicleId> = w.ids().to_vec();
    ids.sort();
    assert_eq!(ids, vec![b, c, d]);
    assert!(w.vehicle(VehicleId(999)).is_none());
}

#[test]
fn bad_numbers_are_refused_with_their_name() {
    let mut w = World::new(0);
    let spec = VehicleSpec::new(0.0, 0.0, 1.0, 1.0);
    let e = w.add_vehicle(spec.with_mass(-1.0)).unwrap_err();
    assert_eq!(e.to_string(), "spec.mass: must be greater than zero");
    let e = w
        .add_vehicle(VehicleSpec::new(f64::NAN, 0.0, 1.0, 1.0))
        .unwrap_err();
    assert_eq!(e.to_string(), "spec.x: must be a finite number");
    let e = w
        .add_vehicle(VehicleSpec::new(0.0, 0.0, -1.0, 1.0))
        .unwrap_err();
    assert_eq!(e.to_string(), "spec.max_speed: must not be negative");
    let id = w.add_vehicle(spec).unwrap();
    let e = w
        .set_behaviors(
            id,
            vec![
                Behavior::separation(1.0),
                Behavior::seek(Point::new(f64::NAN, 0.0)),
            ],
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "behaviors[1].target.x: must be a finite number"
    );
    assert_eq!(w.len(), 1);
}

#[test]
fn two_vehicles_separating_stay_mirror_images() {
    let mut w = World::new(0);
    let a = one(&mut w, -0.3, 1.0, 1.0, 0.2);
    let b = one(&mut w, 0.3, 1.0, 1.0, 0.2);
    w.set_behaviors(
        a,
        vec![
            Behavior::separation(5.0),
            Behavior::seek(Point::new(-0.1, 40.0)),
        ],
    )
    .unwrap();
    w.set_behaviors(
        b,
        vec![
            Behavior::separation(5.0),
            Behavior::seek(Point::new(0.1, 40.0)),
        ],
    )
    .unwrap();
    for _ in 0..100 {
        w.step(1.0);
        let (pa, pb) = (
            w.vehicle(a).unwrap().position,
            w.vehicle(b).unwrap().position,
        );
        assert_eq!(pa.x, -pb.x);
        assert_eq!(pa.y, pb.y);
    }
}

#[test]
fn the_result_does_not_depend_on_the_order_vehicles_were_added() {
    let starts: Vec<(f64, f64)> = (0..40)
        .map(|k| ((k * 7 % 13) as f64, (k * 5 % 11) as f64))
        .collect();
    let run = |order: &[usize]| {
        let mut w = World::new(0);
        let mut ids = vec![VehicleId(0); starts.len()];
        for &k in order {
            ids[k] = one(&mut w, starts[k].0, starts[k].1, 1.0, 0.3);
        }
        for &id in &ids {
            w.set_behaviors(
                id,
                vec![
                    Behavior::seek(Point::new(5.0, 5.0)),
                    Behavior::separation(3.0).weighted(2.0),
                ],
            )
            .unwrap();
        }
        for _ in 0..10 {
            w.step(1.0);
        }
        ids.iter()
            .map(|&id| w.vehicle(id).unwrap().position)
            .collect::<Vec<_>>()
    };
    let forward: Vec<usize> = (0..starts.len()).collect();
    let backward: Vec<usize> = (0..starts.len()).rev().collect();
    for (p, q) in run(&forward).iter().zip(run(&backward)) {
        // Only the order of the neighbour sums differs: rounding, no more.
        assert!(p.distance(q) < 1e-12, "{p:?} {q:?}");
    }
}

#[test]
fn seek_crowd_is_bit_identical_whatever_the_order() {
    let run = |reverse: bool| {
        let mut w = World::new(0);
        let mut order: Vec<u32> = (0..30).collect();
        if reverse {
            order.reverse();
        }
        let mut by_k = [VehicleId(0); 30];
        for k in order {
            let f = f64::from(k);
            by_k[k as usize] = one(&mut w, f * 1.7, 30.0 - f, 1.0 + f * 0.01, 0.3);
        }
        // Each pursues the next one: every vehicle reads the others' old state.
        for k in 0..30 {
            let q = by_k[(k + 1) % 30];
            w.set_behaviors(
                by_k[k],
                vec![Behavior::new(BehaviorKind::Pursue { quarry: q })],
            )
            .unwrap();
        }
        for _ in 0..100 {
            w.step(1.0);
        }
        by_k.iter()
            .map(|&id| w.vehicle(id).unwrap().position)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(false), run(true));
}

#[test]
fn debug_reports_the_seeds_desired_velocity_and_force() {
    let mut w = World::new(0);
    w.set_record_debug(true);
    let id = w
        .add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5).with_velocity(Vec2::new(0.0, 1.0)))
        .unwrap();
    w.set_behaviors(id, vec![Behavior::seek(Point::new(10.0, 0.0))])
        .unwrap();
    w.step(1.0);
    let d = w.debug(id).unwrap();
    assert!((d.desired - Vec2::new(2.0, 0.0)).length() < 1e-15);
    let expect = Vec2::new(2.0, -1.0) * (0.5 / 5f64.sqrt());
    assert!((d.force - expect).length() < 1e-15);
}

#[test]
fn set_limits_changes_the_rule_and_refuses_bad_numbers() {
    let mut w = World::new(0);
    let id = one(&mut w, 0.0, 0.0, 5.0, 5.0);
    w.set_behaviors(id, vec![Behavior::seek(Point::new(100.0, 0.0))])
        .unwrap();
    let limits = VehicleLimits {
        mass: 3.0,
        ..VehicleLimits::new(5.0, 2.0)
    };
    w.set_limits(id, limits).unwrap();
    w.step(1.0);
    // steering (5, 0) truncated to 2, divided by mass 3.
    assert_eq!(w.vehicle(id).unwrap().velocity, Vec2::new(2.0 / 3.0, 0.0));
    let no_mass = VehicleLimits {
        mass: 0.0,
        ..VehicleLimits::new(1.0, 1.0)
    };
    assert_eq!(
        w.set_limits(id, no_mass).unwrap_err().to_string(),
        "limits.mass: must be greater than zero"
    );
    assert_eq!(
        w.set_limits(VehicleId(77), VehicleLimits::new(1.0, 1.0))
            .unwrap_err()
            .to_string(),
        "id: no vehicle with id 77"
    );
}

/// A crowd given equal lists one by one holds one set for all of them, and
/// steps bit for bit as the same crowd given the list once by
/// `set_all_behaviors`; a list that differs (here only in the sign of a
/// zero) is held apart.
#[test]
fn equal_lists_set_one_by_one_share_one_set_and_step_as_set_all_behaviors() {
    let list = || {
        vec![
            Behavior::separation(3.0).weighted(2.0),
            Behavior::new(BehaviorKind::Alignment { radius: 3.0 }).weighted(0.6),
            Behavior::new(BehaviorKind::Cohesion { radius: 3.0 }).weighted(0.4),
            Behavior::seek(Point::new(40.0, 0.0)).weighted(0.3),
        ]
    };
    let crowd = |w: &mut World| -> Vec<VehicleId> {
        (0..400)
            .map(|k| {
                let (x, y) = (f64::from(k % 20) * 1.3, f64::from(k / 20) * 1.1);
                one(w, x, y, 1.0, 0.1)
            })
            .collect()
    };
    let mut by_one = World::new(3);
    let ids = crowd(&mut by_one);
    for &id in &ids {
        by_one.set_behaviors(id, list()).unwrap();
    }
    let first = by_one.behaviors(ids[0]).unwrap().clone();
    assert!(ids
        .iter()
        .all(|&id| by_one.behaviors(id).unwrap().same_as(&first)));
    let mut at_once = World::new(3);
    crowd(&mut at_once);
    let set = at_once.behavior_set(list(), Combine::WeightedSum).unwrap();
    at_once.set_all_behaviors(set);
    for _ in 0..50 {
        by_one.step(1.0);
        at_once.step(1.0);
    }
    let bits = |w: &World| {
        w.positions()
            .iter()
            .map(|x| x.to_bits())
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&by_one), bits(&at_once));
    // -0.0 and 0.0 are different numbers: a separate set.
    let zero = vec![Behavior::seek(Point::new(0.0, 1.0))];
    let minus_zero = vec![Behavior::seek(Point::new(-0.0, 1.0))];
    by_one.set_behaviors(ids[0], zero).unwrap();
    by_one.set_behaviors(ids[1], minus_zero).unwrap();
    let (a, b) = (
        by_one.behaviors(ids[0]).unwrap(),
        by_one.behaviors(ids[1]).unwrap(),
    );
    assert!(!a.same_as(b));
}
