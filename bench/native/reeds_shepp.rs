//! Shortest Reeds–Shepp length per query through the batch call, over the
//! same 1,024 fixed pseudo-random queries as the Dubins benchmark (half near,
//! where the four- and five-segment words are in play). Its peer, OMPL's
//! `ReedsSheppStateSpace` on the same queries, is timed through its Python
//! package by `make bench` (scripts/ompl_reeds_shepp.py time) and reported
//! beside this figure.

use arcline::planner::{reeds_shepp_length, reeds_shepp_lengths};
use arcline::Pose;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
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
    let flat: Vec<f64> = qs.iter().flatten().copied().collect();
    let mut out = vec![0.0; qs.len()];
    let mut g = c.benchmark_group("reeds_shepp_lengths_batch_x1024");
    g.throughput(Throughput::Elements(qs.len() as u64));
    g.bench_function("arcline", |b| {
        b.iter(|| {
            reeds_shepp_lengths(black_box(&flat), black_box(r), &mut out).ok();
            black_box(out[0])
        })
    });
    g.finish();
    let mut g = c.benchmark_group("reeds_shepp_length_x1024");
    g.throughput(Throughput::Elements(qs.len() as u64));
    g.bench_function("arcline", |b| {
        b.iter(|| {
            let mut sum = 0.0;
            for q in &qs {
                let (l, _) = reeds_shepp_length(
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
