//! Determinism digest of the road module: FNV-1a over the bits of every
//! number of the pieces built for a fixed pseudo-random sequence of profile
//! pairs (plus the half-plane rule and the Bézier comparison). The native and
//! the wasm builds must give the same `GOLDEN`.

use arcline::road::markings::markings;
use arcline::road::{bezier_offsets, connect_profiles, constrain_profile, Lane, LaneKind, Profile};
use arcline::{Path, Reason, Segment};

pub const GOLDEN: u64 = 0xc627_5a69_1403_c834;

struct Fnv(u64);

impl Fnv {
    fn u(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn f(&mut self, v: f64) {
        self.u(v.to_bits());
    }
    fn path(&mut self, p: &Path) {
        for s in p.segments() {
            match s {
                Segment::Line(l) => {
                    self.u(1);
                    for v in [l.start.x, l.start.y, l.end.x, l.end.y] {
                        self.f(v);
                    }
                }
                Segment::Arc(a) => {
                    self.u(2);
                    for v in [a.center.x, a.center.y, a.radius, a.start_angle, a.sweep] {
                        self.f(v);
                    }
                }
                Segment::Clothoid(c) => {
                    self.u(3);
                    for v in [
                        c.start.x,
                        c.start.y,
                        c.start.heading,
                        c.length,
                        c.curvature_start,
                        c.curvature_end,
                    ] {
                        self.f(v);
                    }
                }
            }
        }
    }
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

pub fn digest() -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut r = XorShift(0x2545_F491_4F6C_DD1D);
    let lanes = vec![
        Lane::new(LaneKind::Sidewalk, 2.0),
        Lane::new(LaneKind::Driving, 3.25),
        Lane::new(LaneKind::Driving, 3.25),
        Lane::new(LaneKind::Bike, 1.5),
    ];
    for i in 0..3000 {
        let a = Profile {
            x: r.range(-100.0, 100.0),
            y: r.range(-100.0, 100.0),
            heading: r.range(-4.0, 4.0),
            lanes: lanes.clone(),
        };
        let mut b = Profile {
            x: r.range(-100.0, 100.0),
            y: r.range(-100.0, 100.0),
            heading: r.range(-4.0, 4.0),
            lanes: lanes.clone(),
        };
        if i % 7 == 0 {
            if let Ok(c) = constrain_profile(&a, &b) {
                h.f(c.heading);
                b = c;
            }
        }
        match connect_profiles(&a, &b) {
            Ok(piece) => {
                h.u(piece.kind as u64 + 10);
                h.path(&piece.centerline);
                for e in &piece.boundaries {
                    h.path(e);
                }
                for m in &piece.intermediate {
                    h.f(m.x);
                    h.f(m.y);
                    h.f(m.heading);
                }
                if i % 11 == 0 {
                    for m in markings(&piece, &lanes) {
                        h.u(m.style as u64);
                        for p in &m.paths {
                            h.path(p);
                        }
                    }
                }
            }
            Err(e) => {
                let tag = match e.reason() {
                    Reason::LanesWiderThanTurn { centre_radius, .. } => {
                        h.f(*centre_radius);
                        100
                    }
                    Reason::Unsolvable(_) => 101,
                    _ => 102,
                };
                h.u(tag);
            }
        }
        if i % 13 == 0 {
            let bz = bezier_offsets(&a, &b, 16).expect("the same lanes");
            for p in bz.edges.iter().flatten() {
                h.f(p.x);
                h.f(p.y);
            }
        }
    }
    h.0
}
