//! A digest of pathfinding results (paths round random circles and
//! polygons, and on random grids) from a fixed pseudo-random sequence: the
//! same bits natively and in wasm. Included by `tests/determinism/main.rs`
//! and `bindings/tests/determinism.rs`.

use arcline::planner::pathfind::{
    plan_around, plan_on_grid, AroundOptions, Circle, Goal, Grid, Obstacles,
};
use arcline::{Point, Pose};

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

pub const GOLDEN: u64 = 0x08f2_b84a_9c54_0153;

pub fn digest() -> u64 {
    let mut h = Digest::new();
    let mut rng = Rng(0x5a17_f1bd_0000_0042);
    for i in 0..60 {
        let mut o = Obstacles::new();
        for _ in 0..20 {
            o.circles.push(Circle::new(
                rng.range(5.0, 45.0),
                rng.range(0.0, 40.0),
                rng.range(0.3, 2.5),
            ));
        }
        let (cx, cy) = (rng.range(10.0, 40.0), rng.range(5.0, 35.0));
        o.polygons.push(vec![
            Point::new(cx, cy),
            Point::new(cx + rng.range(1.0, 4.0), cy),
            Point::new(cx + 1.0, cy + rng.range(1.0, 4.0)),
        ]);
        let s = Pose::new(0.0, rng.range(0.0, 40.0), rng.range(-3.0, 3.0));
        let g: Goal = if i % 2 == 0 {
            Pose::new(50.0, rng.range(0.0, 40.0), rng.range(-3.0, 3.0)).into()
        } else {
            Point::new(50.0, rng.range(0.0, 40.0)).into()
        };
        let r = rng.range(0.5, 3.0);
        let c = rng.range(0.0, 1.0);
        if let Ok(plan) = plan_around(s, g, r, &o, &AroundOptions::clearance(c)) {
            h.f64(plan.expanded as f64);
            if let Some(p) = plan.path() {
                h.path(p);
            }
        }
    }
    for _ in 0..10 {
        let blocked: Vec<u8> = (0..24 * 16).map(|_| u8::from(rng.next() < 0.2)).collect();
        let grid = Grid {
            columns: 24,
            rows: 16,
            tile: 1.0,
            blocked,
        };
        let s = Pose::new(
            rng.range(0.0, 24.0),
            rng.range(0.0, 16.0),
            rng.range(-3.0, 3.0),
        );
        let g = Point::new(rng.range(0.0, 24.0), rng.range(0.0, 16.0));
        if let Ok(plan) = plan_on_grid(&grid, s, g, rng.range(0.3, 1.0)) {
            h.f64(plan.expanded as f64);
            if let Some(p) = plan.path() {
                h.path(p);
            }
        }
    }
    h.finish()
}
