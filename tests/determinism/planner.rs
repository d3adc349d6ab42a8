//! A digest of 10,000 planner results from a fixed pseudo-random sequence:
//! the same bits natively and in wasm (lockstep games and replays rely on it).
//! Included by `tests/determinism/main.rs` and `bindings/tests/determinism.rs`.

use arcline::planner::{dubins_length, dubins_lengths, dubins_shortest, plan_turn};
use arcline::{Arc, Point, Pose, Segment};
use core::f64::consts::{FRAC_PI_4, TAU};

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

pub const GOLDEN: u64 = 0x0ac2_83d1_fd01_cb6b;

pub fn digest() -> u64 {
    let mut h = Digest::new();
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut batch = Vec::with_capacity(6 * 1000);
    for i in 0..10_000 {
        let r = rng.range(0.1, 5.0);
        let span = if i % 2 == 0 { 4.0 * r } else { 60.0 };
        let s = Pose::new(
            rng.range(-50.0, 50.0),
            rng.range(-50.0, 50.0),
            rng.range(-10.0, 10.0),
        );
        let g = Pose::new(
            s.x + rng.range(-span, span),
            s.y + rng.range(-span, span),
            rng.range(-10.0, 10.0),
        );
        if let Ok((len, word)) = dubins_length(s, g, r) {
            h.f64(len);
            h.f64(word.map_or(-1.0, |w| w as u8 as f64));
        }
        if let Ok(Some(p)) = plan_turn(s, g.position(), r) {
            h.f64(p.length());
            let e = p.end_pose();
            h.f64(e.heading);
        }
        if i % 10 == 0 {
            if let Ok(p) = dubins_shortest(s, g, r) {
                for seg in p.segments() {
                    match seg {
                        Segment::Line(l) => {
                            h.f64(l.start.x);
                            h.f64(l.start.y);
                            h.f64(l.end.x);
                            h.f64(l.end.y);
                        }
                        Segment::Arc(a) => {
                            h.f64(a.center.x);
                            h.f64(a.center.y);
                            h.f64(a.start_angle);
                            h.f64(a.sweep);
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
                                h.f64(v);
                            }
                        }
                    }
                }
                let q = p.pose_at(p.length() * 0.37);
                h.f64(q.x);
                h.f64(q.y);
                h.f64(q.heading);
            }
        }
        if i < 1000 {
            batch.extend_from_slice(&[s.x, s.y, s.heading, g.x, g.y, g.heading]);
        }
    }
    let mut out = vec![0.0; 1000];
    if dubins_lengths(&batch, 1.25, &mut out).is_ok() {
        for v in out {
            h.f64(v);
        }
    }
    // A target at the start has no path: hash that too.
    h.f64(
        if matches!(
            plan_turn(Pose::new(1.0, 1.0, 1.0), Point::new(1.0, 1.0), 1.0),
            Ok(None)
        ) {
            1.0
        } else {
            0.0
        },
    );
    h.finish()
}

pub const LENGTHS_GOLDEN: u64 = 0x3978_17ed_2d2d_54f9;

/// The shortest length and word of 200,000 queries through
/// `dubins_lengths` and `dubins_length`. Natively these run the scalar code,
/// in wasm the `f64x2` mirror-pair code: equal digests mean the same bits
/// and the same words (ties included) on every query. Besides random ones,
/// queries that exercise the vector code's hand-overs: goals on a start
/// circle with the heading that gives a pure arc, equal and opposite
/// headings, headings a full turn apart, and poses on an integer grid with
/// headings in steps of π/4 (mirror words of exactly equal length).
pub fn lengths_digest() -> u64 {
    let mut h = Digest::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let n = 200_000;
    let mut batch = Vec::with_capacity(6 * 1000);
    let mut out = vec![0.0; 1000];
    for i in 0..n {
        let r = if i % 3 == 0 { 1.0 } else { rng.range(0.1, 5.0) };
        let span = [2.0 * r, 4.0 * r, 6.0 * r, 60.0][i % 4];
        let s = Pose::new(
            rng.range(-50.0, 50.0),
            rng.range(-50.0, 50.0),
            rng.range(-10.0, 10.0),
        );
        let g = match (i / 4) % 6 {
            // A goal along a start circle: a pure arc.
            0 => {
                let turn = if rng.next() < 0.5 { 1.0 } else { -1.0 };
                let arc = Arc::from_pose(s, r, turn, rng.range(0.0, TAU));
                arc.pose_at(arc.length())
            }
            // The start's heading, its opposite, or a full turn more.
            1 => {
                let dh = [0.0, core::f64::consts::PI, TAU, -TAU][i % 4];
                Pose::new(
                    s.x + rng.range(-span, span),
                    s.y + rng.range(-span, span),
                    s.heading + dh,
                )
            }
            // Grid poses: exact ties between mirror words.
            2 => {
                let grid = |rng: &mut Rng| (rng.range(-4.0, 4.0)).round();
                let a = Pose::new(grid(&mut rng), grid(&mut rng), grid(&mut rng) * FRAC_PI_4);
                let b = Pose::new(grid(&mut rng), grid(&mut rng), grid(&mut rng) * FRAC_PI_4);
                batch_or_single(&mut h, &mut batch, &mut out, a, b, 1.0);
                continue;
            }
            _ => Pose::new(
                s.x + rng.range(-span, span),
                s.y + rng.range(-span, span),
                rng.range(-10.0, 10.0),
            ),
        };
        if r == 1.0 {
            batch_or_single(&mut h, &mut batch, &mut out, s, g, r);
        } else if let Ok((len, word)) = dubins_length(s, g, r) {
            h.f64(len);
            h.f64(word.map_or(-1.0, |w| w as u8 as f64));
        }
    }
    h.finish()
}

/// Queues a radius-1 query for `dubins_lengths`, hashing a full batch of
/// 1,000 lengths; also hashes its single `dubins_length` (length and word).
fn batch_or_single(
    h: &mut Digest,
    batch: &mut Vec<f64>,
    out: &mut [f64],
    s: Pose,
    g: Pose,
    r: f64,
) {
    if let Ok((len, word)) = dubins_length(s, g, r) {
        h.f64(len);
        h.f64(word.map_or(-1.0, |w| w as u8 as f64));
    }
    batch.extend_from_slice(&[s.x, s.y, s.heading, g.x, g.y, g.heading]);
    if batch.len() == 6 * out.len() {
        if dubins_lengths(batch, r, out).is_ok() {
            for &v in out.iter() {
                h.f64(v);
            }
        }
        batch.clear();
    }
}

pub const REEDS_SHEPP_GOLDEN: u64 = 0xfa47_8c85_5610_fa56;

/// The Reeds–Shepp planner on 20,000 queries (random, near and far, goals on
/// a start circle, straight behind, and grid poses where mirror words tie):
/// lengths and words through `reeds_shepp_length` and the batch, and every
/// 10th path's segments, gears and a pose along it.
pub fn reeds_shepp_digest() -> u64 {
    use arcline::planner::{reeds_shepp_length, reeds_shepp_lengths, reeds_shepp_shortest};
    let mut h = Digest::new();
    let mut rng = Rng(0x5EED_0000_0000_0017);
    let mut batch = Vec::with_capacity(6 * 500);
    let mut out = vec![0.0; 500];
    for i in 0..20_000 {
        let r = if i % 2 == 0 { 1.0 } else { rng.range(0.1, 5.0) };
        let span = [2.0 * r, 4.0 * r, 8.0 * r, 60.0][i % 4];
        let s = Pose::new(
            rng.range(-50.0, 50.0),
            rng.range(-50.0, 50.0),
            rng.range(-10.0, 10.0),
        );
        let g = match (i / 4) % 5 {
            0 => {
                let turn = if rng.next() < 0.5 { 1.0 } else { -1.0 };
                let arc = Arc::from_pose(s, r, turn, rng.range(0.0, TAU));
                arc.pose_at(arc.length())
            }
            1 => {
                // Pose::direction is libm's (the same bits in wasm), not std's.
                let d = rng.range(-span, span);
                let u = s.direction();
                Pose::new(s.x + d * u.x, s.y + d * u.y, s.heading)
            }
            2 => {
                let grid = |rng: &mut Rng| (rng.range(-4.0, 4.0)).round();
                let a = Pose::new(grid(&mut rng), grid(&mut rng), grid(&mut rng) * FRAC_PI_4);
                let b = Pose::new(grid(&mut rng), grid(&mut rng), grid(&mut rng) * FRAC_PI_4);
                if let Ok((len, word)) = reeds_shepp_length(a, b, 1.0) {
                    h.f64(len);
                    h.f64(word.map_or(-1.0, |w| w.index() as f64));
                }
                continue;
            }
            _ => Pose::new(
                s.x + rng.range(-span, span),
                s.y + rng.range(-span, span),
                rng.range(-10.0, 10.0),
            ),
        };
        if let Ok((len, word)) = reeds_shepp_length(s, g, r) {
            h.f64(len);
            h.f64(word.map_or(-1.0, |w| w.index() as f64));
        }
        if r == 1.0 {
            batch.extend_from_slice(&[s.x, s.y, s.heading, g.x, g.y, g.heading]);
            if batch.len() == 6 * out.len() {
                if reeds_shepp_lengths(&batch, 1.0, &mut out).is_ok() {
                    for &v in &out {
                        h.f64(v);
                    }
                }
                batch.clear();
            }
        }
        if i % 10 == 0 {
            if let Ok(p) = reeds_shepp_shortest(s, g, r) {
                for seg in p.segments() {
                    h.f64(if seg.is_reverse() { 1.0 } else { 0.0 });
                    match seg {
                        Segment::Line(l) => {
                            h.f64(l.start.x);
                            h.f64(l.start.y);
                            h.f64(l.end.x);
                            h.f64(l.end.y);
                        }
                        Segment::Arc(a) => {
                            h.f64(a.center.x);
                            h.f64(a.center.y);
                            h.f64(a.start_angle);
                            h.f64(a.sweep);
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
                                h.f64(v);
                            }
                        }
                    }
                }
                let q = p.pose_at(p.length() * 0.37);
                h.f64(q.x);
                h.f64(q.y);
                h.f64(q.heading);
            }
        }
    }
    h.finish()
}

pub const REEDS_SHEPP_LENGTHS_GOLDEN: u64 = 0x8b79_ce94_1197_dd8a;

/// The Reeds–Shepp batch and word choice on 120,000 queries, in blocks of
/// 1,000 at one radius each (1, or from 0.05 to 5): the benchmark's spread
/// (3 and 20 around the start), goals on a start circle, straight ahead or
/// behind, at whole multiples of the radius and of π/4 (circles exactly
/// tangent, mirror words tied), each of those nudged by a few ulps, and the
/// same pose. Every batch length and `reeds_shepp_length`'s length and word.
pub fn reeds_shepp_lengths_digest() -> u64 {
    use arcline::planner::{reeds_shepp_length, reeds_shepp_lengths};
    let mut h = Digest::new();
    let mut rng = Rng(0x5EED_0000_0012_0000);
    let mut batch = Vec::with_capacity(6 * 1000);
    let mut out = vec![0.0; 1000];
    for block in 0..120 {
        let r = if block % 3 == 0 {
            1.0
        } else {
            rng.range(0.05, 5.0)
        };
        batch.clear();
        for i in 0..1000 {
            let s = Pose::new(
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
                rng.range(-3.2, 3.2),
            );
            let span = if i % 2 == 0 { 3.0 * r } else { 20.0 * r };
            let mut g = match i % 8 {
                0..=2 => Pose::new(
                    s.x + rng.range(-span, span),
                    s.y + rng.range(-span, span),
                    rng.range(-3.2, 3.2),
                ),
                3 => {
                    let turn = if rng.next() < 0.5 { 1.0 } else { -1.0 };
                    let arc = Arc::from_pose(s, r, turn, rng.range(0.0, TAU));
                    arc.pose_at(arc.length())
                }
                4 => {
                    let d = rng.range(-span, span);
                    let u = s.direction();
                    Pose::new(s.x + d * u.x, s.y + d * u.y, s.heading)
                }
                7 if i % 16 == 7 => s,
                _ => {
                    let grid = |rng: &mut Rng| (rng.range(-5.0, 5.0)).round();
                    let s = Pose::new(0.0, 0.0, grid(&mut rng) * FRAC_PI_4);
                    batch.extend_from_slice(&[s.x, s.y, s.heading]);
                    let g = Pose::new(
                        grid(&mut rng) * r,
                        grid(&mut rng) * r,
                        grid(&mut rng) * FRAC_PI_4,
                    );
                    batch.extend_from_slice(&[g.x, g.y, g.heading]);
                    if let Ok((len, word)) = reeds_shepp_length(s, g, r) {
                        h.f64(len);
                        h.f64(word.map_or(-1.0, |w| w.index() as f64));
                    }
                    continue;
                }
            };
            if i % 5 == 0 {
                // A few ulps off a boundary.
                let nudge = |v: f64, k: i64| f64::from_bits((v.to_bits() as i64 + k) as u64);
                g = Pose::new(nudge(g.x, 3), nudge(g.y, -2), nudge(g.heading, 1));
            }
            batch.extend_from_slice(&[s.x, s.y, s.heading, g.x, g.y, g.heading]);
            if let Ok((len, word)) = reeds_shepp_length(s, g, r) {
                h.f64(len);
                h.f64(word.map_or(-1.0, |w| w.index() as f64));
            }
        }
        if reeds_shepp_lengths(&batch, r, &mut out).is_ok() {
            for &v in &out {
                h.f64(v);
            }
        } else {
            h.f64(-1.0);
        }
    }
    h.finish()
}
