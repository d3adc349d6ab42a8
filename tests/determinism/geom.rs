//! A digest of many geometry results (poses along arcs, offsets,
//! intersections), identical natively and in wasm because all trigonometry
//! goes through libm. Shared by `geom_determinism.rs` and `wasm_geom.rs`.

use arcline::geom::{arc_arc, arc_to_point, line_arc, line_line, path_to_svg};
use arcline::{Arc, Line, Path, Point, Pose, Segment};

/// FNV-1a over the bits of every value fed to it.
pub struct Digest(u64);

impl Digest {
    pub fn new() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }
    pub fn f64(&mut self, v: f64) {
        for b in v.to_bits().to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// xorshift64*: a fixed pseudo-random sequence in [lo, hi).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    pub fn next(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let u = (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * u
    }
}

pub fn digest() -> u64 {
    let mut d = Digest::new();
    let mut r = Rng::new(0x5eed);
    for _ in 0..10_000 {
        let pose = Pose::new(
            r.next(-100.0, 100.0),
            r.next(-100.0, 100.0),
            r.next(-4.0, 4.0),
        );
        let target = Point::new(r.next(-100.0, 100.0), r.next(-100.0, 100.0));
        if let Ok(seg) = arc_to_point(pose, target) {
            let path = Path::single(seg).unwrap();
            let p = path.pose_at(r.next(0.0, path.length()));
            d.f64(p.x);
            d.f64(p.y);
            d.f64(p.heading);
            if let Ok(o) = path.offset(r.next(-5.0, 5.0)) {
                d.f64(o.length());
            }
            if let Segment::Arc(a) = seg {
                let b = Arc::new(
                    Point::new(r.next(-50.0, 50.0), r.next(-50.0, 50.0)),
                    r.next(1.0, 80.0),
                    0.0,
                    6.0,
                )
                .unwrap();
                for q in arc_arc(&a, &b).iter() {
                    d.f64(q.x);
                    d.f64(q.y);
                }
            }
        }
    }
    // Lines against lines and arcs, and SVG path data (added by the
    // robustness pass, so every intersection kind is covered).
    for _ in 0..2_000 {
        let mut p = || Point::new(r.next(-100.0, 100.0), r.next(-100.0, 100.0));
        let (l, m) = (Line::new(p(), p()), Line::new(p(), p()));
        let c = p();
        for q in line_line(&l, &m).iter() {
            d.f64(q.x);
            d.f64(q.y);
        }
        let a = Arc::new(c, r.next(1.0, 80.0), r.next(-4.0, 4.0), r.next(-7.0, 7.0)).unwrap();
        for q in line_arc(&l, &a).iter() {
            d.f64(q.x);
            d.f64(q.y);
        }
        if let Ok(path) = Path::new(vec![Segment::Line(l), Segment::Arc(a)]) {
            for b in path_to_svg(&path).bytes() {
                d.f64(f64::from(b));
            }
        }
    }
    d.finish()
}

/// The digest of the current results; a change here is a change in results.
pub const GOLDEN: u64 = 0x9c5f_4f49_91bf_22c7;
