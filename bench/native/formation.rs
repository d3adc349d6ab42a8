//! Benchmarks of the formation module (criterion):
//! - one update of 1,000 formations of 10 members each (anchor steering and
//!   slot targets, the per-frame work);
//! - a min-cost (Hungarian) assignment of 200 members to 200 slots, alone and
//!   through the manager (cost matrix of distances included).

use arcline::formation::*;
use arcline::geom::*;
use arcline::steering::VehicleId;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn thousand_formations(c: &mut Criterion) {
    let mut rng = Rng(0x1234_5678);
    let mut formations = Vec::new();
    let mut states = Vec::new();
    for f in 0..1000u32 {
        let kind = PatternKind::ALL[f as usize % 5];
        let mut m = FormationManager::new(
            FormationPattern::new(kind, 2.0).unwrap(),
            if f % 2 == 0 {
                AssignmentStrategy::Sequential
            } else {
                AssignmentStrategy::MinCost
            },
        );
        let cx = rng.next() * 1000.0;
        let cy = rng.next() * 1000.0;
        let s: Vec<MemberState> = (0..10)
            .map(|i| MemberState {
                id: VehicleId(f * 10 + i),
                position: Point::new(cx + rng.next() * 20.0, cy + rng.next() * 20.0),
                velocity: Vec2::new(rng.next() - 0.5, rng.next() - 0.5),
            })
            .collect();
        for st in &s {
            m.add_member(st.id);
        }
        m.set_target(FormationTarget::Pose(Pose::new(cx + 100.0, cy, 1.0)))
            .unwrap();
        m.update(&s, 0.0);
        formations.push(m);
        states.push(s);
    }
    let mut g = c.benchmark_group("formation_step_1000x10");
    g.bench_function("arcline", |b| {
        b.iter(|| {
            for (m, s) in formations.iter_mut().zip(&states) {
                black_box(m.update(black_box(s), 1.0 / 60.0));
            }
        })
    });
    g.finish();
}

fn assignment_200(c: &mut Criterion) {
    let mut rng = Rng(42);
    let n = 200usize;
    let members: Vec<Point> = (0..n)
        .map(|_| Point::new(rng.next() * 300.0, rng.next() * 300.0))
        .collect();
    let slots: Vec<Point> = (0..n)
        .map(|_| Point::new(rng.next() * 300.0, rng.next() * 300.0))
        .collect();
    let cost: Vec<f64> = members
        .iter()
        .flat_map(|m| slots.iter().map(move |s| m.distance(*s)))
        .collect();
    let mut g = c.benchmark_group("formation_hungarian_200x200");
    g.bench_function("arcline", |b| {
        b.iter(|| black_box(min_cost_assignment(black_box(&cost), n, n)))
    });
    g.finish();

    // The same size through the manager: a circle of 200 (capacity raised),
    // reassigned from random member positions.
    let pattern = FormationPattern::new(PatternKind::Circle, 2.0)
        .unwrap()
        .with_capacity(n)
        .unwrap();
    let mut f = FormationManager::new(pattern, AssignmentStrategy::MinCost);
    let states: Vec<MemberState> = members
        .iter()
        .enumerate()
        .map(|(i, &p)| MemberState {
            id: VehicleId(i as u32),
            position: p,
            velocity: Vec2::ZERO,
        })
        .collect();
    for s in &states {
        f.add_member(s.id);
    }
    f.update(&states, 0.0);
    let mut g = c.benchmark_group("formation_reassign_200");
    g.bench_function("arcline", |b| {
        b.iter(|| {
            f.update_assignments();
            black_box(f.slot_targets().len())
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = thousand_formations, assignment_200
}
criterion_main!(benches);
