//! Native benchmarks of the steering world: one step for N vehicles, the
//! scenes of `bench/js/steering.bench.mjs` travelling as a block: uniform in
//! a square of side 4·√N (16 area units each), seeking a far point, maxSpeed
//! 2, maxForce 0.2; seek alone, seek + separation, and a flock (separation,
//! alignment and cohesion, weights 2, 0.6 and 0.4, and a seek of weight 0.3),
//! at the radius 6.4 that gives about 8 neighbours (π · 6.4² / 16).
//! `cargo bench --bench steering`.

use arcline::steering::{Behavior, BehaviorKind, Combine, VehicleSpec, World};
use arcline::Point;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

/// The neighbourhood radius: about 8 neighbours at 16 area units a vehicle.
const R: f64 = 6.4;

fn behaviours(scene: &str) -> Vec<Behavior> {
    let seek = Behavior::seek(Point::new(1e6, 1e6));
    match scene {
        "seek" => vec![seek],
        "seek+separation" => vec![seek, Behavior::separation(R)],
        _ => vec![
            Behavior::separation(R).weighted(2.0),
            Behavior::new(BehaviorKind::Alignment { radius: R }).weighted(0.6),
            Behavior::new(BehaviorKind::Cohesion { radius: R }).weighted(0.4),
            seek.weighted(0.3),
        ],
    }
}

fn world(n: usize, scene: &str) -> World {
    let side = 4.0 * (n as f64).sqrt();
    let mut s: u64 = 12345;
    let mut rnd = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5
    };
    let mut w = World::new(1);
    for _ in 0..n {
        w.add_vehicle(VehicleSpec::new(rnd() * side, rnd() * side, 2.0, 0.2))
            .expect("valid vehicle");
    }
    let set = w
        .behavior_set(behaviours(scene), Combine::WeightedSum)
        .expect("valid behaviours");
    w.set_all_behaviors(set);
    for _ in 0..10 {
        w.step(1.0);
    }
    w
}

fn step(c: &mut Criterion) {
    let mut g = c.benchmark_group("steering_step");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for n in [1_000usize, 10_000, 50_000, 100_000] {
        g.throughput(Throughput::Elements(n as u64));
        for scene in ["seek", "seek+separation", "flock"] {
            if scene != "seek" && n == 50_000 {
                continue;
            }
            let mut w = world(n, scene);
            g.bench_with_input(BenchmarkId::new(scene, n), &n, |b, _| {
                b.iter(|| w.step(1.0))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, step);
criterion_main!(benches);
