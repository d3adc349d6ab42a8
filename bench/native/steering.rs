//! Native benchmarks of the steering world: one step for N vehicles, seek
//! alone and seek + separation (the scene of `bench/steering.bench.mjs`:
//! uniform in a square of side 4·√N, seeking a far point, maxSpeed 2,
//! maxForce 0.2, separation radius 3; 50,000 for seek only, the size of the
//! yuka comparison). `cargo bench --bench steering`.

use arcline::steering::{Behavior, Combine, VehicleSpec, World};
use arcline::Point;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

fn world(n: usize, separation: bool) -> World {
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
    let mut bs = vec![Behavior::seek(Point::new(1e6, 1e6))];
    if separation {
        bs.push(Behavior::separation(3.0));
    }
    let set = w
        .behavior_set(bs, Combine::WeightedSum)
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
        for (name, sep) in [("seek", false), ("seek+separation", true)] {
            if sep && n == 50_000 {
                continue;
            }
            let mut w = world(n, sep);
            g.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| b.iter(|| w.step(1.0)));
        }
    }
    g.finish();
}

criterion_group!(benches, step);
criterion_main!(benches);
