//! A digest of many geometry results (poses along arcs, offsets,
//! intersections), identical natively and in wasm because all trigonometry
//! goes through libm. Shared by `geom_determinism.rs` and `wasm_geom.rs`.

use arcline::geom::{arc_arc, arc_to_point, line_arc, line_line, path_to_svg};
use arcline::{Arc, Line, Path, Point, Pose, Segment};

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
use xorshift::StarRng;

pub fn digest() -> u64 {
    let mut d = Digest::new();
    let mut r = StarRng::new(0x5eed);
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
