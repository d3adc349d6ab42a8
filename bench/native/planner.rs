//! Shortest Dubins query: ours against `dubins_paths` 3.3 in the same run,
//! over the same 1,024 fixed pseudo-random queries (mixed near and far, so
//! CCC words are in play).

use arcline::planner::{dubins_length, dubins_lengths};
use arcline::Pose;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dubins_paths::f64::{DubinsPath, PosRot};
use std::hint::black_box;

fn queries() -> Vec<[f64; 6]> {
    let mut s: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..1024)
        .map(|i| {
            let span = if i % 2 == 0 { 3.0 } else { 20.0 };
            let x0 = next() * 20.0 - 10.0;
            let y0 = next() * 20.0 - 10.0;
            [
                x0,
                y0,
                (next() * 2.0 - 1.0) * core::f64::consts::PI,
                x0 + (next() * 2.0 - 1.0) * span,
                y0 + (next() * 2.0 - 1.0) * span,
                (next() * 2.0 - 1.0) * core::f64::consts::PI,
            ]
        })
        .collect()
}

fn shortest(c: &mut Criterion) {
    let qs = queries();
    let r = 1.0;
    // Group names carry the workload; function names are "arcline" and the
    // peer crate's name (scripts/bench.mjs pairs them).
    let mut g = c.benchmark_group("dubins_shortest_length_x1024");
    g.throughput(Throughput::Elements(qs.len() as u64));
    g.bench_function("arcline", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for q in &qs {
                let (l, _) = dubins_length(
                    Pose::new(q[0], q[1], q[2]),
                    Pose::new(q[3], q[4], q[5]),
                    black_box(r),
                )
                .unwrap_or((0.0, None));
                sum += l;
            }
            black_box(sum)
        })
    });
    g.bench_function("dubins_paths", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for q in &qs {
                let p = DubinsPath::shortest_from(
                    PosRot::from_floats(q[0], q[1], q[2]),
                    PosRot::from_floats(q[3], q[4], q[5]),
                    black_box(r),
                );
                sum += p.map(|p| p.length()).unwrap_or(0.0);
            }
            black_box(sum)
        })
    });
    g.finish();
    // The batch entry point for sampling-based planners, against the peer
    // called in a loop (it has no batch call).
    let flat: Vec<f64> = qs.iter().flatten().copied().collect();
    let mut out = vec![0.0; qs.len()];
    let mut g = c.benchmark_group("dubins_lengths_batch_x1024");
    g.throughput(Throughput::Elements(qs.len() as u64));
    g.bench_function("arcline", |b| {
        b.iter(|| {
            dubins_lengths(black_box(&flat), black_box(r), &mut out).ok();
            black_box(out[0])
        })
    });
    g.bench_function("dubins_paths", |b| {
        b.iter(|| {
            for (q, o) in qs.iter().zip(out.iter_mut()) {
                *o = DubinsPath::shortest_from(
                    PosRot::from_floats(q[0], q[1], q[2]),
                    PosRot::from_floats(q[3], q[4], q[5]),
                    black_box(r),
                )
                .map(|p| p.length())
                .unwrap_or(0.0);
            }
            black_box(out[0])
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3))
        .sample_size(30);
    targets = shortest
}
criterion_main!(benches);
