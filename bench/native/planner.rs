//! Shortest Dubins query: ours against `dubins_paths` 3.3 in the same run,
//! over the same 1,024 fixed pseudo-random queries (mixed near and far, so
//! CCC words are in play). Pathfinding natively, the scenes of
//! `bench/js/pathfind.bench.mjs`: `planOnGrid` on 64 × 64 grids a quarter
//! blocked, corner to corner (r = 0.5 tile, and 2 tiles); `planAround` in
//! fields of 200 circles re-planned while one circle moves (each plan's
//! fastest of 3 passes; the median and p99 are printed, criterion times
//! the whole drag).

use arcline::planner::pathfind::{
    plan_around, plan_on_grid, AroundOptions, Circle, Grid, Obstacles,
};
use arcline::planner::{dubins_length, dubins_lengths};
use arcline::{Point, Pose};
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

/// The JS benchmark's xorshift64 (`rng(seed)`).
fn rng(seed: u64) -> impl FnMut() -> f64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The five grids of the JS benchmark: 64 × 64, 25% blocked, the corner
/// tiles free, each with a path at r = 0.5.
fn grids() -> Vec<Grid> {
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < 5 && seed < 100 {
        let mut next = rng(7000 + seed);
        let mut blocked: Vec<u8> = (0..64 * 64).map(|_| u8::from(next() < 0.25)).collect();
        blocked[0] = 0;
        blocked[64 * 64 - 1] = 0;
        let g = Grid {
            columns: 64,
            rows: 64,
            tile: 1.0,
            blocked,
        };
        if plan_on_grid(&g, GRID_START, GRID_GOAL, 0.5)
            .unwrap()
            .path()
            .is_some()
        {
            out.push(g);
        }
        seed += 1;
    }
    out
}

const GRID_START: Pose = Pose {
    x: 0.5,
    y: 0.5,
    heading: core::f64::consts::FRAC_PI_4,
};
const GRID_GOAL: Point = Point { x: 63.5, y: 63.5 };

const START: Pose = Pose {
    x: 2.0,
    y: 2.0,
    heading: 0.8,
};
const GOAL: Pose = Pose {
    x: 98.0,
    y: 98.0,
    heading: 0.8,
};
const RADIUS: f64 = 2.0;
const CLEARANCE: f64 = 0.5;

/// 200 circles (radius 0.5 to 2.5) in a 100 × 100 field, none within 1 of
/// the start or the goal.
fn field(seed: u64) -> Vec<Circle> {
    let mut next = rng(seed);
    let mut out = Vec::new();
    while out.len() < 200 {
        let c = Circle::new(next() * 100.0, next() * 100.0, 0.5 + 2.0 * next());
        if [START, GOAL]
            .iter()
            .all(|p| Point::new(p.x, p.y).distance(c.center()) > c.radius + CLEARANCE + 1.0)
        {
            out.push(c);
        }
    }
    out
}

/// The drags of the JS benchmark (its fields of seeds 1000+, circle 0
/// moving 2 units a plan; seeds 1 to 10, 2.5 units), each plan timed after
/// the one before: each plan's fastest of 3 passes, in ms.
fn drag_times() -> Vec<f64> {
    let opts = AroundOptions::clearance(CLEARANCE);
    let clear = |c: &Circle| {
        [START, GOAL]
            .iter()
            .all(|p| Point::new(p.x, p.y).distance(c.center()) > c.radius + CLEARANCE)
    };
    let mut best: Vec<f64> = Vec::new();
    for pass in 0..3 {
        let mut i = 0;
        for (seeds, step) in [(1000..1005u64, 2.0), (1..11u64, 2.5)] {
            for seed in seeds {
                let circles = field(seed);
                black_box(
                    plan_around(
                        START,
                        GOAL,
                        RADIUS,
                        &Obstacles::circles(circles.clone()),
                        &opts,
                    )
                    .unwrap(),
                );
                for k in 0..40 {
                    let mut moved = circles.clone();
                    moved[0].x = (circles[0].x + step * (k + 1) as f64) % 100.0;
                    if !clear(&moved[0]) {
                        continue;
                    }
                    let o = Obstacles::circles(moved);
                    let t = std::time::Instant::now();
                    black_box(plan_around(START, GOAL, RADIUS, &o, &opts).unwrap());
                    let dt = t.elapsed().as_secs_f64() * 1e3;
                    if pass == 0 {
                        best.push(dt);
                    } else {
                        best[i] = best[i].min(dt);
                    }
                    i += 1;
                }
            }
        }
    }
    best.sort_by(f64::total_cmp);
    best
}

fn pathfind(c: &mut Criterion) {
    let times = drag_times();
    let at = |p: f64| times[((p * times.len() as f64) as usize).min(times.len() - 1)];
    println!(
        "planAround drag, 200 circles: {} plans, median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
    let grids = grids();
    let mut g = c.benchmark_group("planOnGrid 64x64 25% corner to corner");
    for r in [0.5, 2.0] {
        g.bench_function(format!("r = {r} tile, {} grids", grids.len()), |b| {
            b.iter(|| {
                for grid in &grids {
                    black_box(plan_on_grid(grid, GRID_START, GRID_GOAL, r).unwrap());
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3))
        .sample_size(30);
    targets = shortest, pathfind
}
criterion_main!(benches);
