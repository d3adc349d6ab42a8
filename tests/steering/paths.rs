#![cfg(not(target_arch = "wasm32"))]
//! The crowd step has three ways to the same bits: the general per-vehicle
//! code (always taken while the debug values are recorded), the passes over
//! blocks of single-seek vehicles, and the in-place update of a world where
//! no behaviour reads another vehicle (a pursuer anywhere makes the update
//! simultaneous again). Random seek crowds, ordinary and odd numbers mixed,
//! must come out bit for bit the same whichever way they are stepped.

use arcline::steering::{Behavior, BehaviorKind, VehicleSpec, World};
use arcline::{Point, Vec2};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Spec {
    pos: (f64, f64),
    vel: (f64, f64),
    max_speed: f64,
    max_force: f64,
    mass: f64,
    target: Option<(f64, f64)>,
    weight: f64,
}

/// Ordinary values most of the time, odd ones (zero, tiny, huge) sometimes.
fn num(ordinary: std::ops::Range<f64>, odd: &'static [f64]) -> impl Strategy<Value = f64> {
    prop_oneof![4 => ordinary, 1 => proptest::sample::select(odd)]
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        (-1e3..1e3f64, -1e3..1e3f64),
        (num(-3.0..3.0, &[0.0, 1e-170, 1e160]), -3.0..3.0f64),
        num(0.1..4.0, &[0.0, 1e-200, 1e-141, 1e200]),
        num(0.01..1.0, &[0.0, 1e-160, 1e200]),
        num(0.1..5.0, &[1.0, 0.5, 2.0, 1e-9, 1e9]),
        // None: the target is the vehicle's own position.
        proptest::option::weighted(0.9, (-1e3..1e3f64, -1e3..1e3f64)),
        num(-2.0..3.0, &[1.0, 0.0, 1e300, -1e300, 1e-300]),
    )
        .prop_map(
            |(pos, vel, max_speed, max_force, mass, target, weight)| Spec {
                pos,
                vel,
                max_speed,
                max_force,
                mass,
                target,
                weight,
            },
        )
}

fn world(specs: &[Spec], record_debug: bool, pursuer: bool) -> World {
    let mut w = World::new(5);
    let mut ids = Vec::new();
    for s in specs {
        let spec = VehicleSpec::new(s.pos.0, s.pos.1, s.max_speed, s.max_force)
            .with_velocity(Vec2::new(s.vel.0, s.vel.1))
            .with_mass(s.mass);
        let id = w.add_vehicle(spec).expect("valid spec");
        let (tx, ty) = s.target.unwrap_or(s.pos);
        let b = Behavior::seek(Point::new(tx, ty)).weighted(s.weight);
        w.set_behaviors(id, vec![b]).expect("valid behaviour");
        ids.push(id);
    }
    if pursuer {
        // Last, so every other vehicle keeps its slot.
        let p = w
            .add_vehicle(VehicleSpec::new(5e3, 5e3, 1.0, 0.1))
            .expect("valid spec");
        let quarry = ids[0];
        w.set_behaviors(p, vec![Behavior::new(BehaviorKind::Pursue { quarry })])
            .expect("live quarry");
    }
    w.set_record_debug(record_debug);
    w
}

fn bits(w: &World, n: usize) -> Vec<u64> {
    [w.positions(), w.velocities(), w.heading_vectors()]
        .iter()
        .flat_map(|s| s[..2 * n].iter().map(|x| x.to_bits()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn blocks_in_place_and_simultaneous_steps_agree_bit_for_bit(
        specs in proptest::collection::vec(spec(), 1..150),
        dts in proptest::collection::vec(prop_oneof![Just(1.0), 0.01..3.0f64], 1..8),
    ) {
        let n = specs.len();
        let mut fast = world(&specs, false, false);
        let mut general = world(&specs, true, false);
        let mut simultaneous = world(&specs, false, true);
        let mut both = world(&specs, true, true);
        for &dt in &dts {
            fast.step(dt);
            general.step(dt);
            simultaneous.step(dt);
            both.step(dt);
            let want = bits(&both, n);
            prop_assert_eq!(&bits(&fast, n), &want);
            prop_assert_eq!(&bits(&general, n), &want);
            prop_assert_eq!(&bits(&simultaneous, n), &want);
        }
    }
}

/// A crowd long enough for several blocks where a few vehicles in the
/// middle of a block leave the ordinary numbers (on their target, max speed
/// 0, a weight of 1e300): they take the general code, their neighbours the
/// block passes, and both agree with the general code everywhere.
#[test]
fn odd_vehicles_inside_a_block_match_the_general_code() {
    let specs: Vec<Spec> = (0..200)
        .map(|k| {
            let f = k as f64;
            Spec {
                pos: (f * 3.0 - 300.0, (f * 0.7).rem_euclid(50.0)),
                vel: (1.0 - (k % 3) as f64, 0.5),
                max_speed: if k == 70 { 0.0 } else { 2.0 },
                max_force: 0.2,
                mass: if k % 2 == 0 { 1.0 } else { 1.5 },
                target: (k != 65).then_some((1e4, -3e3)),
                weight: if k == 130 { 1e300 } else { 1.0 },
            }
        })
        .collect();
    let mut fast = world(&specs, false, false);
    let mut general = world(&specs, true, false);
    for _ in 0..50 {
        fast.step(1.0);
        general.step(1.0);
        assert_eq!(bits(&fast, 200), bits(&general, 200));
    }
    // At max speed 0 a vehicle stays put.
    let v = fast
        .vehicle(arcline::steering::VehicleId(70))
        .expect("live");
    assert_eq!(
        v.position,
        Point::new(70.0 * 3.0 - 300.0, (70.0f64 * 0.7).rem_euclid(50.0))
    );
}

#[test]
fn racetrack_of_infinite_length_is_refused_naming_the_larger_argument() {
    use arcline::steering::racetrack;
    use arcline::Reason;
    let o = Point::new(0.0, 0.0);
    let e = racetrack(o, 1e308, 1.0).unwrap_err();
    assert_eq!(
        (e.field().to_string(), e.reason()),
        ("half_length".into(), &Reason::Overflow)
    );
    let e = racetrack(o, 1.0, 1e308).unwrap_err();
    assert_eq!(
        (e.field().to_string(), e.reason()),
        ("radius".into(), &Reason::Overflow)
    );
    // Finite length, but a point beyond f64::MAX.
    let e = racetrack(Point::new(1e308, 0.0), 1e308, 1.0).unwrap_err();
    assert_eq!(e.field().to_string(), "half_length");
    assert_eq!(
        racetrack(Point::new(f64::NAN, 0.0), 1.0, 1.0)
            .unwrap_err()
            .to_string(),
        "center.x: must be a finite number"
    );
    assert_eq!(
        racetrack(o, -1.0, 1.0).unwrap_err().to_string(),
        "half_length: must not be negative"
    );
    assert_eq!(
        racetrack(o, 1.0, 0.0).unwrap_err().to_string(),
        "radius: must be greater than zero"
    );
    let p = racetrack(o, 1e300, 1.0).unwrap();
    assert!((p.length() - (4e300 + 2.0 * core::f64::consts::PI)).abs() <= 4e300 * 1e-15);
}
