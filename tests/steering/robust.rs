#![cfg(not(target_arch = "wasm32"))]
//! Long runs of the steering world: a crowd stepped 1,000,000 times stays
//! finite (no NaN, no infinity), every speed stays ≤ its max speed, every
//! heading stays a unit vector. The crowd mixes every behaviour (seek and
//! arrive at moving targets, flee, pursue/evade, wander, separation,
//! alignment, cohesion, obstacle avoidance, path following, priority
//! combining), odd limits (max speed 0, max force 0, mass 1e-9 and 1e9,
//! coordinates around 1e6), varying `dt` (the seed's 1, a frame, random up
//! to 4) and vehicles added, removed and re-limited on the way.
//!
//! `cargo test --release --test robust_steering -- --ignored` runs the
//! 50-vehicle, million-step variant (about 11 s in release);
//! `ROBUST_CASES=1000000` gives the one-step property more cases.

use arcline::geom::*;
use arcline::steering::*;

/// Cases per property (`ROBUST_CASES` overrides).
fn cases(default: u32) -> u32 {
    std::env::var("ROBUST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

use crate::xorshift::Rng;

/// A vehicle with limits from ordinary to odd.
fn spec(r: &mut Rng, k: usize) -> VehicleSpec {
    let (cx, cy) = if k % 5 == 4 { (1e6, -1e6) } else { (0.0, 0.0) };
    let (max_speed, max_force, mass) = match k % 7 {
        0 => (0.0, 1.0, 1.0),
        1 => (3.0, 0.0, 1.0),
        2 => (5.0, 1e9, 1e-9),
        3 => (2.0, 0.5, 1e9),
        _ => (r.range(0.5, 4.0), r.range(0.05, 1.0), r.range(0.5, 3.0)),
    };
    // (The numbers drawn in the order they always were: velocity first.)
    let velocity = Vec2::new(r.range(-1.0, 1.0), r.range(-1.0, 1.0));
    VehicleSpec::new(
        cx + r.range(-50.0, 50.0),
        cy + r.range(-50.0, 50.0),
        max_speed,
        max_force,
    )
    .with_velocity(velocity)
    .with_mass(mass)
}

fn behaviours(
    r: &mut Rng,
    k: usize,
    ids: &[VehicleId],
    t: f64,
    path: &Path,
    obstacles: &[Obstacle],
) -> (Vec<Behavior>, Combine) {
    // Targets that move (and sometimes sit exactly on a vehicle's start).
    let target = Point::new(60.0 * (t * 0.001).sin(), 60.0 * (t * 0.0013).cos());
    let quarry = ids[(k * 7 + 3) % ids.len()];
    let kind = |b: BehaviorKind, w: f64| Behavior::new(b).weighted(w);
    let list = match k % 6 {
        0 => vec![
            kind(BehaviorKind::Seek { target }, 1.0),
            kind(BehaviorKind::Separation { radius: 5.0 }, 2.0),
        ],
        1 => vec![
            kind(BehaviorKind::Flee { target }, 1.0),
            kind(
                BehaviorKind::Wander {
                    distance: 2.0,
                    radius: 1.0,
                    jitter: 0.5,
                },
                1.0,
            ),
        ],
        2 => vec![
            kind(
                BehaviorKind::Arrive {
                    target,
                    slowing_radius: 10.0,
                },
                1.0,
            ),
            kind(BehaviorKind::Separation { radius: 3.0 }, 1.0),
            kind(BehaviorKind::Alignment { radius: 8.0 }, 0.5),
            kind(BehaviorKind::Cohesion { radius: 8.0 }, 0.5),
        ],
        3 => vec![
            kind(BehaviorKind::Pursue { quarry }, 1.0),
            kind(
                BehaviorKind::Avoid {
                    obstacles: obstacles.to_vec(),
                    look_ahead: None,
                },
                3.0,
            ),
        ],
        4 => vec![
            kind(BehaviorKind::Evade { quarry }, r.range(-2.0, 2.0)),
            kind(
                BehaviorKind::FollowPath {
                    path: path.clone(),
                    look_ahead: 3.0,
                },
                1.0,
            ),
        ],
        _ => vec![
            kind(
                BehaviorKind::Wander {
                    distance: 0.0,
                    radius: 3.0,
                    jitter: 0.0,
                },
                1.0,
            ),
            kind(BehaviorKind::Separation { radius: 1e-3 }, 1e6),
            kind(BehaviorKind::Seek { target }, 1.0),
        ],
    };
    let combine = if k % 4 == 3 {
        Combine::Priority
    } else {
        Combine::WeightedSum
    };
    (list, combine)
}

/// Checks every vehicle; returns the sum of their speeds.
fn check(w: &World, step: usize) -> f64 {
    let mut total = 0.0;
    let (pos, vel, head) = (w.positions(), w.velocities(), w.heading_vectors());
    for (i, &id) in w.ids().iter().enumerate() {
        let s = w.vehicle(id).expect("live id");
        let (px, py) = (pos[2 * i], pos[2 * i + 1]);
        let (vx, vy) = (vel[2 * i], vel[2 * i + 1]);
        let (hx, hy) = (head[2 * i], head[2 * i + 1]);
        assert!(
            px.is_finite() && py.is_finite() && vx.is_finite() && vy.is_finite(),
            "step {step}: vehicle {id:?} not finite: {s:?}"
        );
        let speed = (vx * vx + vy * vy).sqrt();
        assert!(
            speed <= s.limits.max_speed * (1.0 + 1e-12),
            "step {step}: vehicle {id:?} at speed {speed} > {}",
            s.limits.max_speed
        );
        let hl = (hx * hx + hy * hy).sqrt();
        assert!((hl - 1.0).abs() < 1e-9, "step {step}: heading {hx},{hy}");
        assert!(s.heading.is_finite());
        total += speed;
    }
    total
}

/// Steps a crowd of `n` vehicles `steps` times, checking every step.
fn run(n: usize, steps: usize, seed: u64) {
    let mut r = Rng(seed);
    let mut w = World::new(seed);
    let mut ids: Vec<VehicleId> = (0..n)
        .map(|k| w.add_vehicle(spec(&mut r, k)).expect("valid spec"))
        .collect();
    let path = racetrack(Point::new(0.0, 0.0), 30.0, 15.0).expect("racetrack");
    let obstacles = vec![
        Obstacle::new(Point::new(10.0, 0.0), 5.0),
        Obstacle::new(Point::new(-20.0, 15.0), 8.0),
    ];
    let mut next_kind = n;
    let (mut moving_steps, mut far, mut time) = (0usize, 0.0f64, 0.0f64);
    for step in 0..steps {
        if step % 1000 == 0 {
            for (k, &id) in ids.iter().enumerate() {
                let (list, combine) = behaviours(&mut r, k, &ids, step as f64, &path, &obstacles);
                w.set_behaviors_with(id, list, combine)
                    .expect("valid behaviours");
            }
        }
        if step % 50_000 == 25_000 {
            // Churn: one vehicle leaves, a new one arrives; limits change.
            let gone = ids.remove(step / 50_000 % ids.len());
            w.remove_vehicle(gone).expect("live id");
            ids.push(w.add_vehicle(spec(&mut r, next_kind)).expect("valid spec"));
            next_kind += 1;
            let id = ids[0];
            let limits = VehicleLimits {
                max_speed: r.range(0.0, 3.0),
                max_force: r.range(0.0, 2.0),
                mass: r.range(0.1, 5.0),
            };
            w.set_limits(id, limits).expect("valid limits");
        }
        let dt = match step % 3 {
            0 => 1.0,
            1 => 1.0 / 60.0,
            _ => r.range(0.0, 4.0),
        };
        w.step(dt);
        time += dt;
        if check(&w, step) > 0.0 {
            moving_steps += 1;
        }
        if step % 100_000 == 0 {
            far = w.positions().iter().fold(far, |m, &x| m.max(x.abs()));
        }
    }
    // The run is not trivially at rest, and nobody got farther than the
    // fastest max speed (5) allows in the time stepped.
    assert!(
        moving_steps > steps * 9 / 10,
        "moving in {moving_steps} steps"
    );
    assert!(
        far <= 1e6 + 50.0 + 5.0 * time,
        "a vehicle reached {far} in {time}"
    );
    println!("{n} vehicles, {steps} steps: moving in {moving_steps}, farthest {far}");
}

#[test]
fn a_mixed_crowd_stepped_a_million_times_stays_finite_and_within_max_speed() {
    run(6, 1_000_000, 0x5EED_0001);
}

#[test]
#[ignore = "heavy: 50 vehicles x 1,000,000 steps (run with --release -- --ignored)"]
fn fifty_vehicles_stepped_a_million_times() {
    run(50, 1_000_000, 0x5EED_0050);
}

mod extreme {
    use super::*;
    use proptest::prelude::*;

    fn magnitude() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(0.0),
            Just(1e-300),
            Just(1e300),
            Just(f64::MAX),
            (-12.0..12.0f64).prop_map(|e| 10f64.powf(e)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: super::cases(20_000), failure_persistence: None, ..ProptestConfig::default() })]

        /// One vehicle at rest seeking a target: whatever the (valid) numbers,
        /// the step is finite, within max speed, and, when it can move at
        /// all, it moves towards the target.
        #[test]
        fn seek_with_extreme_numbers_moves_towards_the_target(
            max_speed in magnitude(), max_force in magnitude(), mass in magnitude(), weight in magnitude(),
            tx in -1e6..1e6f64, ty in -1e6..1e6f64, x in -1e6..1e6f64, y in -1e6..1e6f64,
            dt in prop_oneof![Just(1.0), Just(1e-9), Just(1e9), 0.0..10.0f64], general in any::<bool>(),
        ) {
            let mass = if mass > 0.0 { mass } else { 1.0 };
            let mut w = World::new(7);
            let id = w.add_vehicle(VehicleSpec::new(x, y, max_speed, max_force).with_mass(mass)).unwrap();
            let target = Point::new(tx, ty);
            let mut list = vec![Behavior::seek(target).weighted(weight)];
            if general {
                // Not the single-seek fast path.
                list.push(Behavior::new(BehaviorKind::Flee { target }).weighted(0.0));
            }
            w.set_behaviors(id, list).unwrap();
            w.step(dt);
            let s = w.vehicle(id).unwrap();
            prop_assert!(s.position.is_finite() && s.velocity.is_finite() && s.heading.is_finite(), "{:?}", s);
            let speed = s.velocity.x.hypot(s.velocity.y); // no overflow of the square
            prop_assert!(speed <= max_speed * (1.0 + 1e-12), "speed {} > {}", speed, max_speed);
            let to = target - Point::new(x, y);
            // (A step that would carry it past f64::MAX stays put: documented.)
            let can_move = max_speed > 0.0 && max_force > 0.0 && weight > 0.0 && to.length() > 0.0
                && max_speed * dt < 1e300;
            // Large enough that the first step's velocity is representable.
            // The force is min(maxSpeed · weight, maxForce) (seek from rest).
            let visible = max_force.min(max_speed * weight) / mass * dt > 1e-250;
            if can_move && visible && (s.position - Point::new(x, y)).is_finite() {
                prop_assert!(s.velocity.dot(to) > 0.0, "velocity {:?} does not head to the target {:?}", s.velocity, to);
            }
        }
    }
}

/// `step(1e308)` moved a vehicle of max speed 2 to 1.4e308: a step longer
/// than `World::MAX_STEP` counts as `MAX_STEP`. From rest, seeking along +x
/// with max force 0.5: velocity truncate(0.5 · 1e6, 2) = 2, position 2e6.
#[test]
fn a_step_longer_than_max_step_counts_as_max_step() {
    for dt in [1e6, 1e7, 1e308, f64::MAX] {
        let mut w = World::new(0);
        let id = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
        w.set_behaviors(id, vec![Behavior::seek(Point::new(1e12, 0.0))])
            .unwrap();
        w.step(dt);
        let s = w.vehicle(id).unwrap();
        assert_eq!(s.position, Point::new(2e6, 0.0), "dt {dt:e}");
        assert_eq!(s.velocity, Vec2::new(2.0, 0.0));
    }
    assert_eq!(World::MAX_STEP, 1e6);
}

/// The debug view's desired velocity is `velocity + Σ wᵢ·bᵢ`: both finite,
/// their sum beyond f64::MAX. Velocity 0.6e308, seek ahead at max speed
/// 1e308 with weight 4: the sum is 4 · 0.4e308 = 1.6e308, the desired
/// velocity 2.2e308, clamped to f64::MAX; the force is truncated to 1e308.
#[test]
fn debug_values_near_f64_max_are_clamped_not_infinite() {
    let mut w = World::new(0);
    let spec = VehicleSpec::new(0.0, 0.0, 1e308, 1e308).with_velocity(Vec2::new(0.6e308, 0.0));
    let id = w.add_vehicle(spec).unwrap();
    w.set_behaviors(
        id,
        vec![Behavior::seek(Point::new(1e10, 0.0)).weighted(4.0)],
    )
    .unwrap();
    w.set_record_debug(true);
    w.step(1.0);
    let d = w.debug(id).unwrap();
    assert_eq!(d.desired, Vec2::new(f64::MAX, 0.0));
    assert_eq!(d.force, Vec2::new(1e308, 0.0));
    let s = w.vehicle(id).unwrap();
    assert!(s.position.is_finite() && s.velocity.is_finite());
}

/// Limits, spawn data and behaviours all at ±1e308 (every combination of a
/// few extreme values): every output of the world stays finite.
#[test]
fn extreme_finite_inputs_give_finite_outputs() {
    let big = [1e308, -1e308, 1e-300, 0.0, 1.0];
    let mut w = World::new(1);
    w.set_record_debug(true);
    let mut ids = Vec::new();
    for &x in &big {
        for &v in &big {
            let spec = VehicleSpec::new(x, -x, v.abs(), v.abs())
                .with_velocity(Vec2::new(v, -v))
                .with_mass(if v == 0.0 { 1.0 } else { v.abs() });
            ids.push(w.add_vehicle(spec).unwrap());
        }
    }
    let target = Point::new(-1e308, 1e308);
    for (k, &id) in ids.iter().enumerate() {
        let weight = big[k % big.len()];
        let list = vec![
            Behavior::seek(target).weighted(weight),
            Behavior::new(BehaviorKind::Arrive {
                target,
                slowing_radius: 1e308,
            })
            .weighted(weight),
            Behavior::new(BehaviorKind::Pursue { quarry: ids[0] }),
            Behavior::separation(1e308),
            Behavior::new(BehaviorKind::Wander {
                distance: 1e308,
                radius: 1e308,
                jitter: 1e308,
            }),
            Behavior::new(BehaviorKind::Avoid {
                obstacles: vec![Obstacle::new(Point::new(1e308, -1e308), 1e308)],
                look_ahead: Some(1e308),
            }),
        ];
        w.set_behaviors(id, list).unwrap();
    }
    for dt in [1.0, 1e308, 5e-324, 1e6] {
        w.step(dt);
        for &id in &ids {
            let s = w.vehicle(id).unwrap();
            let d = w.debug(id).unwrap();
            assert!(
                s.position.is_finite() && s.velocity.is_finite() && s.heading.is_finite(),
                "{s:?}"
            );
            assert!(d.desired.is_finite() && d.force.is_finite(), "{d:?}");
        }
    }
}
