#![cfg(not(target_arch = "wasm32"))]
//! Pathfinding around obstacles: hand-computed cases, properties on random scenes.

use arcline::planner::pathfind::{plan_around, AroundOptions, Circle, Obstacles};
use arcline::{Point, Pose};

#[test]
fn one_circle_between_start_and_goal() {
    let o = Obstacles::circles(vec![Circle::new(10.0, 0.0, 2.0)]);
    let plan = plan_around(
        Pose::new(0.0, 0.0, 0.0),
        Pose::new(20.0, 0.0, 0.0),
        1.0,
        &o,
        &AroundOptions::default(),
    )
    .unwrap();
    let p = plan.path().unwrap();
    let phi = (3.0 / 101f64.sqrt()).asin() - (0.1f64).atan();
    let want = 6.0 * phi + 2.0 * 92f64.sqrt();
    println!("{} {} {} {:?}", p.length(), want, plan.expanded, p.word());
    assert!((p.length() - want).abs() < 1e-9);
}
