//! FNV-1a (64 bits) over the little-endian bytes of every value fed to it:
//! the digests of the determinism tests (`tests/determinism/`, compiled to
//! wasm too by `bindings/tests/determinism.rs`, which is why each of those
//! files names this one by path).
#![allow(dead_code)] // each user takes the parts it needs

use arcline::{Path, Segment};

pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Digest {
        Digest::new()
    }
}

impl Digest {
    /// FNV-1a's offset basis.
    pub fn new() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    pub fn u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The bits of `v`.
    pub fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }

    /// Every segment's numbers in order: a line's ends, an arc's centre,
    /// radius, start angle and sweep, a clothoid's start pose, length and
    /// curvatures.
    pub fn path(&mut self, p: &Path) {
        for s in p.segments() {
            self.segment(s);
        }
    }

    /// As [`Digest::path`], each segment preceded by its kind (1 a line, 2 an
    /// arc, 3 a clothoid).
    pub fn tagged_path(&mut self, p: &Path) {
        for s in p.segments() {
            self.u64(match s {
                Segment::Line(_) => 1,
                Segment::Arc(_) => 2,
                Segment::Clothoid(_) => 3,
            });
            self.segment(s);
        }
    }

    fn segment(&mut self, s: &Segment) {
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
                let p = c.start;
                for v in [
                    p.x,
                    p.y,
                    p.heading,
                    c.length,
                    c.curvature_start,
                    c.curvature_end,
                ] {
                    self.f64(v);
                }
            }
        }
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}
