//! A digest of pathfinding results (paths round random circles and
//! polygons, and on random grids) from a fixed pseudo-random sequence: the
//! same bits natively and in wasm. Included by `tests/determinism/main.rs`
//! and `bindings/tests/determinism.rs`.

use arcline::planner::pathfind::{
    plan_around, plan_on_grid, AroundOptions, Circle, Goal, Grid, Obstacles,
};
use arcline::{Path, Point, Pose, Segment};

/// FNV-1a, 64-bit.
struct Fnv(u64);
impl Fnv {
    fn f64(&mut self, v: f64) {
        for b in v.to_bits().to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }

    fn path(&mut self, p: &Path) {
        for s in p.segments() {
            match s {
                Segment::Line(l) => {
                    for v in [l.start.x, l.start.y, l.end.x, l.end.y] {
                        self.f64(v);
                    }
                }
                Segment::Arc(a) => {
                    for v in [a.center.x, a.center.y, a.radius, a.start_angle, a.sweep] {
                        self.f64(v);
                    }
                }
                Segment::Clothoid(c) => {
                    for v in [
                        c.start.x,
                        c.start.y,
                        c.start.heading,
                        c.length,
                        c.curvature_start,
                        c.curvature_end,
                    ] {
                        self.f64(v);
                    }
                }
            }
        }
    }
}

struct XorShift(u64);
impl XorShift {
    fn unit(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

pub const GOLDEN: u64 = 0x08f2_b84a_9c54_0153;

pub fn digest() -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut rng = XorShift(0x5a17_f1bd_0000_0042);
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
        let blocked: Vec<u8> = (0..24 * 16).map(|_| u8::from(rng.unit() < 0.2)).collect();
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
    h.0
}
