//! Determinism digest of the road module: FNV-1a over the bits of every
//! number of the pieces built for a fixed pseudo-random sequence of profile
//! pairs (plus the half-plane rule and the Bézier comparison). The native and
//! the wasm builds must give the same `GOLDEN`.

use arcline::road::markings::markings;
use arcline::road::{bezier_offsets, connect_profiles, constrain_profile, Lane, LaneKind, Profile};
use arcline::Reason;

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

pub const GOLDEN: u64 = 0xc627_5a69_1403_c834;

pub fn digest() -> u64 {
    let mut h = Digest::new();
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
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
                h.f64(c.heading);
                b = c;
            }
        }
        match connect_profiles(&a, &b) {
            Ok(piece) => {
                h.u64(piece.kind as u64 + 10);
                h.tagged_path(&piece.centerline);
                for e in &piece.boundaries {
                    h.tagged_path(e);
                }
                for m in &piece.intermediate {
                    h.f64(m.x);
                    h.f64(m.y);
                    h.f64(m.heading);
                }
                if i % 11 == 0 {
                    for m in markings(&piece, &lanes) {
                        h.u64(m.style as u64);
                        for p in &m.paths {
                            h.tagged_path(p);
                        }
                    }
                }
            }
            Err(e) => {
                let tag = match e.reason() {
                    Reason::LanesWiderThanTurn { centre_radius, .. } => {
                        h.f64(*centre_radius);
                        100
                    }
                    Reason::Unsolvable(_) => 101,
                    _ => 102,
                };
                h.u64(tag);
            }
        }
        if i % 13 == 0 {
            let bz = bezier_offsets(&a, &b, 16).expect("the same lanes");
            for p in bz.edges.iter().flatten() {
                h.f64(p.x);
                h.f64(p.y);
            }
        }
    }
    h.finish()
}
