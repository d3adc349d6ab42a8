//! Collision avoidance among vehicles against `dodgy_2d` (RVO2's ORCA, f32)
//! on the same classic scenes: the steps until every agent has arrived and
//! the closest approach of any two bodies over the whole run (a fraction of
//! the sum of their radii: below 1 is an overlap), for a circle swap of
//! 1,000 agents and the smaller scenes of the tests. Not timings (those are
//! in bench/js/avoidance.bench.mjs, in wasm): dodgy_2d here searches its
//! neighbours by brute force.
//!
//! `cargo bench --bench avoidance` prints the table and writes its rows to
//! `target/bench-rows/avoidance.json`, which `make bench` puts beside the
//! criterion rows of BENCHMARKS.md.

#[path = "../../tests/common/scenes.rs"]
mod scenes;

use scenes::{Outcome, Scene, Setup};
use std::fmt::Write as _;
use std::time::Instant;

fn show(o: &Outcome) -> String {
    match o.steps {
        Some(s) => format!("{s} steps, closest {:.3}", o.closest),
        None => format!("not all arrived, closest {:.3}", o.closest),
    }
}

fn main() {
    let s = Setup::default();
    let scenes: [(&str, Scene, usize); 4] = [
        (
            "circle swap of 1,000 (radius 250, jittered 0.05)",
            scenes::circle_swap(1000, 250.0, 0.05, 7),
            8000,
        ),
        (
            "circle swap of 100 (radius 30)",
            scenes::circle_swap(100, 30.0, 0.05, 7),
            3000,
        ),
        (
            "two crossing streams (2 × 20)",
            scenes::crossing(4, 5, 2.0),
            2000,
        ),
        (
            "bottleneck (36 through a doorway 3 wide)",
            scenes::bottleneck(6, 6, 1.5, 3.0),
            2000,
        ),
    ];
    let mut rows = Vec::new();
    for (name, scene, max_steps) in &scenes {
        let t = Instant::now();
        let ours = scenes::run_arcline(scene, &s, *max_steps, 0.5);
        let ours_s = t.elapsed().as_secs_f64();
        let alone = scenes::run_arcline(
            scene,
            &Setup {
                push_apart: false,
                ..s
            },
            *max_steps,
            0.5,
        );
        let peer = scenes::run_dodgy(scene, &s, *max_steps, 0.5);
        println!(
            "{name}: arcline {}; without pushing apart {}; dodgy_2d {} ({ours_s:.1} s)",
            show(&ours),
            show(&alone),
            show(&peer)
        );
        rows.push((format!("avoidVehicles: {name}"), show(&ours), show(&peer), format!("ORCA alone (no push-apart pass): {}; radius 0.5, max speed 1, horizon 2, dt 0.25, arrive within 0.5", show(&alone))));
    }
    let mut json = String::from("[");
    for (k, (name, ours, peer, note)) in rows.iter().enumerate() {
        let q = |x: &str| x.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = write!(
            json,
            "{}{{\"name\":\"{}\",\"ours\":\"{}\",\"peer\":\"{} (dodgy_2d 0.5)\",\"ratio\":\"\",\"note\":\"{}\"}}",
            if k > 0 { "," } else { "" },
            q(name),
            q(ours),
            q(peer),
            q(note)
        );
    }
    json.push(']');
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-rows");
    std::fs::create_dir_all(&dir).expect("target/bench-rows");
    std::fs::write(dir.join("avoidance.json"), json).expect("avoidance.json");
}
