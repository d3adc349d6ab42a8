//! Road benchmarks: pieces built per second for 4-lane profiles (random
//! solvable pairs), and rebuilding a 1,000-piece road after one profile moves
//! (only its two pieces) against building the whole road again.

use arcline::road::{connect_profiles, Lane, LaneKind, Profile, RoadChain};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn four_lanes() -> Vec<Lane> {
    vec![
        Lane::new(LaneKind::Driving, 3.5),
        Lane::new(LaneKind::Driving, 3.5),
        Lane::new(LaneKind::Driving, 3.5),
        Lane::new(LaneKind::Driving, 3.5),
    ]
}

fn pairs(n: usize) -> Vec<(Profile, Profile)> {
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    let lanes = four_lanes();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let a = Profile {
            x: 0.0,
            y: 0.0,
            heading: 0.0,
            lanes: lanes.clone(),
        };
        let b = Profile {
            x: rnd() * 300.0 - 100.0,
            y: rnd() * 300.0 - 150.0,
            heading: rnd() * 6.0 - 3.0,
            lanes: lanes.clone(),
        };
        if connect_profiles(&a, &b).is_ok() {
            out.push((a, b));
        }
    }
    out
}

/// A winding road: profiles 30 apart on `y = 12 sin(x / 40)`, heading along it.
pub fn winding(n: usize) -> Vec<Profile> {
    (0..n)
        .map(|i| {
            let x = i as f64 * 30.0;
            let y = 12.0 * (x / 40.0).sin();
            let heading = (12.0 / 40.0 * (x / 40.0).cos()).atan();
            Profile {
                x,
                y,
                heading,
                lanes: four_lanes(),
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    // Groups hold an `arcline` function (the aggregator's convention); there
    // is no peer crate that builds lines-and-arcs roads from profiles.
    let ps = pairs(1000);
    let mut g = c.benchmark_group("road_connect_profiles_4_lanes_x1000");
    g.throughput(Throughput::Elements(ps.len() as u64));
    g.bench_function("arcline", |b| {
        b.iter(|| {
            for (a, p) in &ps {
                black_box(connect_profiles(black_box(a), black_box(p)).is_ok());
            }
        })
    });
    g.finish();

    let profiles = winding(1001);
    let mut chain = RoadChain::new(profiles.clone()).expect("valid profiles");
    assert!(chain.pieces().iter().all(Result::is_ok));
    let mut flip = false;
    let mut g = c.benchmark_group("road_1000_pieces_move_one_profile");
    g.bench_function("arcline", |b| {
        b.iter(|| {
            flip = !flip;
            let mut p = profiles[500].clone();
            p.y += if flip { 2.0 } else { 0.0 };
            black_box(chain.set_profile(500, p).expect("index in range"));
        })
    });
    g.finish();
    let mut g = c.benchmark_group("road_1000_pieces_build_all");
    g.bench_function("arcline", |b| {
        b.iter(|| black_box(RoadChain::new(black_box(profiles.clone())).expect("valid")))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
