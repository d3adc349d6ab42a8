//! Junction benchmarks, natively: a 4-arm junction with 3 driving lanes a
//! direction (and sidewalks) built from its arms, and the rebuild a drag of
//! one arm causes in a network (the arm's road and the junction), the
//! junction diagram's work per drag step without the JS conversions.

use arcline::road::{
    connect_junction, constrain_arm, Direction, JunctionOptions, Lane, LaneKind, Profile,
    RoadNetwork,
};
use core::f64::consts::{FRAC_PI_2, PI};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Sidewalk, 3 lanes each way 3.25 wide, sidewalk.
fn lanes() -> Vec<Lane> {
    let walk = Lane::new(LaneKind::Sidewalk, 2.0);
    let back = Lane::new(LaneKind::Driving, 3.25).with_direction(Direction::Backward);
    let fwd = Lane::new(LaneKind::Driving, 3.25);
    vec![walk, back, back, back, fwd, fwd, fwd, walk]
}

/// The arm coming from direction `out`, its mouth `d` from the centre, heading in.
fn arm(out: f64, d: f64) -> Profile {
    Profile {
        x: d * out.cos(),
        y: d * out.sin(),
        heading: out + PI,
        lanes: lanes(),
    }
}

fn bench(c: &mut Criterion) {
    // Groups hold an `arcline` function (the aggregator's convention); no
    // peer crate builds junctions of lines and arcs.
    let arms: Vec<Profile> = (0..4)
        .map(|k| arm(f64::from(k) * FRAC_PI_2, 30.0))
        .collect();
    assert_eq!(
        connect_junction(&arms).expect("valid").connections.len(),
        20
    );
    let mut g = c.benchmark_group("junction_4_arms_3_lanes_build");
    g.bench_function("arcline", |b| {
        b.iter(|| black_box(connect_junction(black_box(&arms)).expect("valid")))
    });
    g.finish();

    // As the diagram: per arm a road 30 long to its mouth, one junction.
    let mut net = RoadNetwork::new();
    let mouths: Vec<_> = arms
        .iter()
        .map(|a| net.add_profile(a.clone()).expect("valid"))
        .collect();
    let starts: Vec<_> = arms
        .iter()
        .map(|a| {
            net.add_profile(a.advanced(-30.0).expect("finite"))
                .expect("valid")
        })
        .collect();
    for (s, m) in starts.iter().zip(&mouths) {
        net.connect(*s, *m).expect("valid");
    }
    net.add_junction(&mouths).expect("valid");
    let mut current = arms;
    let options = JunctionOptions::default();
    let mut step = 0u32;
    let mut g = c.benchmark_group("junction_4_arms_3_lanes_drag_arm_rebuild");
    g.bench_function("arcline", |b| {
        b.iter(|| {
            // Arm 0 slides between 30 and 34 out, a little each step.
            step += 1;
            let d = 30.0 + 2.0 * (1.0 - (f64::from(step) / 20.0).cos());
            let placed = constrain_arm(&current, 0, &arm(0.0, d), &options).expect("valid");
            current[0] = placed.clone();
            let start = placed.advanced(-30.0).expect("finite");
            black_box(net.set_profile(mouths[0], placed).expect("known id"));
            black_box(net.set_profile(starts[0], start).expect("known id"));
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
