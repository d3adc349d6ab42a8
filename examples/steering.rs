//! A crowd steered by Reynolds' behaviours: 400 vehicles seek a point while
//! keeping apart, and one wanders; every step updates them all at once from
//! the previous state.
//!
//! `cargo run --example steering`

use arcline::steering::{Behavior, BehaviorKind, VehicleSpec, World};
use arcline::Point;

fn main() -> Result<(), arcline::Error> {
    let mut world = World::new(42); // the seed of the wander behaviour's randomness
    let goal = Point::new(100.0, 50.0);

    // A 20 × 20 block of vehicles: max speed 4, max force 1.
    let mut crowd = Vec::new();
    for i in 0..400 {
        let (col, row) = (f64::from(i % 20), f64::from(i / 20));
        crowd.push(world.add_vehicle(VehicleSpec::new(col * 2.0, row * 2.0, 4.0, 1.0))?);
    }
    for &id in &crowd {
        world.set_behaviors(
            id,
            vec![
                Behavior::seek(goal),
                Behavior::separation(1.5).weighted(2.0),
            ],
        )?;
    }
    let stray = world.add_vehicle(VehicleSpec::new(-20.0, 0.0, 2.0, 0.5))?;
    world.set_behaviors(
        stray,
        vec![Behavior::new(BehaviorKind::Wander {
            distance: 2.0,
            radius: 1.0,
            jitter: 0.5,
        })],
    )?;

    for frame in 1..=300 {
        world.step(1.0 / 10.0);
        if frame % 100 == 0 {
            let nearest = crowd
                .iter()
                .filter_map(|&id| world.vehicle(id))
                .map(|v| v.position.distance(goal))
                .fold(f64::INFINITY, f64::min);
            let s = world.vehicle(stray).expect("the stray is in the world");
            println!(
                "t = {:.0} s: nearest to the goal {nearest:.2}, the stray at {:.2}",
                f64::from(frame) / 10.0,
                s.position
            );
        }
    }

    // Bad input is an error naming the field.
    let e = world
        .add_vehicle(VehicleSpec::new(0.0, 0.0, -1.0, 1.0))
        .unwrap_err();
    println!("refused: {e}");
    Ok(())
}
