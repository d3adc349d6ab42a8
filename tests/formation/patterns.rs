#![cfg(not(target_arch = "wasm32"))]
//! Formation core: the centroid of the slot targets is the anchor, the
//! cost-based assignment is optimal (against brute force), membership rules,
//! and properties (no crossing paths, no NaN from bad input).

use arcline::formation::*;
use arcline::geom::*;
use arcline::steering::VehicleId;
use arcline::Reason;
use proptest::prelude::*;

/// A tiny xorshift so every instance is reproducible.
use crate::xorshift::Rng;

fn pattern(kind: PatternKind, spacing: f64) -> FormationPattern {
    FormationPattern::new(kind, spacing).unwrap()
}

fn states(ids: &[VehicleId], pos: &[Point]) -> Vec<MemberState> {
    ids.iter()
        .zip(pos)
        .map(|(&id, &position)| MemberState {
            id,
            position,
            velocity: Vec2::ZERO,
        })
        .collect()
}

fn centroid(targets: &[SlotTarget]) -> Point {
    let n = targets.len() as f64;
    let (sx, sy) = targets
        .iter()
        .fold((0.0, 0.0), |(x, y), t| (x + t.target.x, y + t.target.y));
    Point::new(sx / n, sy / n)
}

/// Every permutation of 0..n (Heap's algorithm), for brute force.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn heap(k: usize, a: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k <= 1 {
            out.push(a.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, a, out);
            if k % 2 == 0 {
                a.swap(i, k - 1);
            } else {
                a.swap(0, k - 1);
            }
        }
    }
    let mut a: Vec<usize> = (0..n).collect();
    let mut out = Vec::new();
    heap(n, &mut a, &mut out);
    out
}

#[test]
fn permutations_helper_is_complete() {
    let p = permutations(5);
    assert_eq!(p.len(), 120);
    let mut s = p.clone();
    s.sort();
    s.dedup();
    assert_eq!(s.len(), 120);
}

#[test]
fn centroid_of_slot_targets_is_the_anchor_before_and_after_a_removal() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for kind in PatternKind::ALL {
        for strategy in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
            let mut f = FormationManager::new(pattern(kind, 2.5), strategy);
            let ids: Vec<VehicleId> = (10..17).map(VehicleId).collect();
            for &id in &ids {
                assert!(f.add_member(id));
            }
            f.set_target(FormationTarget::Pose(Pose::new(80.0, -30.0, 2.0)))
                .unwrap();
            let mut pos: Vec<Point> = ids
                .iter()
                .map(|_| Point::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0)))
                .collect();
            for step in 0..20 {
                let t = f.update(&states(&ids, &pos), 0.1).to_vec();
                assert_eq!(t.len(), ids.len());
                let c = centroid(&t);
                let a = f.anchor();
                assert!(
                    c.distance(a.position()) < 1e-9,
                    "{kind} {strategy} step {step}"
                );
                // Move every member a little toward its target.
                for (p, t) in pos.iter_mut().zip(&t) {
                    *p = p.lerp(t.target.position(), 0.3);
                }
            }
            // A unit in the middle of the formation is killed.
            let dead = f
                .slot_targets()
                .iter()
                .find(|t| t.slot == 3)
                .unwrap()
                .vehicle;
            assert!(f.remove_member(dead));
            let k = ids.iter().position(|&i| i == dead).unwrap();
            let (mut ids, mut pos) = (ids.clone(), pos.clone());
            ids.remove(k);
            pos.remove(k);
            // Right after the removal (before any update) and after updates.
            let c = centroid(f.slot_targets());
            assert!(
                c.distance(f.anchor().position()) < 1e-9,
                "{kind} {strategy}"
            );
            for _ in 0..5 {
                let t = f.update(&states(&ids, &pos), 0.1).to_vec();
                assert_eq!(t.len(), 6);
                assert!(centroid(&t).distance(f.anchor().position()) < 1e-9);
            }
        }
    }
}

#[test]
fn drift_offset_is_recomputed_when_a_member_leaves() {
    // A column of 3 at spacing 2: slots at x = 0, -2, -4, centre -2.
    let mut f = FormationManager::new(
        pattern(PatternKind::Column, 2.0),
        AssignmentStrategy::Sequential,
    );
    for id in 0..3 {
        f.add_member(VehicleId(id));
    }
    assert_eq!(f.drift_offset(), Point::new(-2.0, 0.0));
    f.remove_member(VehicleId(0));
    assert_eq!(f.drift_offset(), Point::new(-1.0, 0.0));
    // The anchor at the origin heading +y: column slots are rotated to the
    // y axis, front one at +1.
    f.set_anchor(Pose::new(0.0, 0.0, core::f64::consts::FRAC_PI_2))
        .unwrap();
    let t = f.slot_targets();
    assert_eq!(t.len(), 2);
    assert!((t[0].target.y - 1.0).abs() < 1e-12 && t[0].target.x.abs() < 1e-12);
    assert!((t[1].target.y + 1.0).abs() < 1e-12);
    assert_eq!(
        (t[0].vehicle, t[0].slot, t[1].vehicle, t[1].slot),
        (VehicleId(1), 0, VehicleId(2), 1)
    );
}

#[test]
fn min_cost_assignment_equals_brute_force_on_square_instances_up_to_seven() {
    let mut rng = Rng(12345);
    for n in 1..=7usize {
        let perms = permutations(n);
        for _ in 0..40 {
            let cost: Vec<f64> = (0..n * n).map(|_| rng.range(0.0, 100.0)).collect();
            let best = perms
                .iter()
                .map(|p| assignment_cost(&cost, n, p).unwrap())
                .fold(f64::INFINITY, f64::min);
            let a = min_cost_assignment(&cost, n, n).unwrap();
            let mut seen = a.clone();
            seen.sort();
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
            let got = assignment_cost(&cost, n, &a).unwrap();
            assert!(
                (got - best).abs() <= 1e-9 * best.max(1.0),
                "n {n}: {got} vs {best}"
            );
        }
    }
}

#[test]
fn min_cost_assignment_equals_brute_force_on_rectangular_instances() {
    let mut rng = Rng(777);
    for rows in 1..=4usize {
        for cols in rows..=6usize {
            // Every injective map rows -> cols: choose via permutations of cols.
            let perms = permutations(cols);
            for _ in 0..10 {
                let cost: Vec<f64> = (0..rows * cols).map(|_| rng.range(-5.0, 50.0)).collect();
                let best = perms
                    .iter()
                    .map(|p| assignment_cost(&cost, cols, &p[..rows]).unwrap())
                    .fold(f64::INFINITY, f64::min);
                let a = min_cost_assignment(&cost, rows, cols).unwrap();
                let got = assignment_cost(&cost, cols, &a).unwrap();
                assert!((got - best).abs() < 1e-9, "{rows}x{cols}");
            }
        }
    }
}

#[test]
fn formation_cost_assignment_equals_brute_force_over_slot_permutations() {
    // The manager's min-cost strategy, on random member positions, gives the
    // least total travel to the slots of every permutation (n ≤ 7).
    let mut rng = Rng(0xdead_beef);
    for kind in PatternKind::ALL {
        for n in 1..=7usize {
            let perms = permutations(n);
            for _ in 0..8 {
                let mut f = FormationManager::new(pattern(kind, 3.0), AssignmentStrategy::MinCost);
                f.set_anchor(Pose::new(0.0, 0.0, rng.range(-3.0, 3.0)))
                    .unwrap();
                let ids: Vec<VehicleId> = (0..n as u32).map(VehicleId).collect();
                for &id in &ids {
                    f.add_member(id);
                }
                let pos: Vec<Point> = ids
                    .iter()
                    .map(|_| Point::new(rng.range(-15.0, 15.0), rng.range(-15.0, 15.0)))
                    .collect();
                let targets = f.update(&states(&ids, &pos), 0.0).to_vec();
                let slots = f.slot_poses();
                let best = perms
                    .iter()
                    .map(|p| {
                        p.iter()
                            .enumerate()
                            .map(|(m, &s)| pos[m].distance(slots[s].position()))
                            .sum::<f64>()
                    })
                    .fold(f64::INFINITY, f64::min);
                let got: f64 = targets
                    .iter()
                    .map(|t| pos[t.vehicle.0 as usize].distance(t.target.position()))
                    .sum();
                assert!((got - best).abs() < 1e-9, "{kind} n {n}: {got} vs {best}");
                let mut used: Vec<usize> = targets.iter().map(|t| t.slot).collect();
                used.sort();
                assert_eq!(used, (0..n).collect::<Vec<_>>());
            }
        }
    }
}

#[test]
fn sequential_assignment_follows_joining_order() {
    let mut f = FormationManager::new(pattern(PatternKind::V, 1.0), AssignmentStrategy::Sequential);
    for id in [40, 30, 20, 10] {
        f.add_member(VehicleId(id));
    }
    let slots: Vec<(VehicleId, usize)> = f
        .slot_targets()
        .iter()
        .map(|t| (t.vehicle, t.slot))
        .collect();
    let v = VehicleId;
    assert_eq!(slots, vec![(v(40), 0), (v(30), 1), (v(20), 2), (v(10), 3)]);
    f.remove_member(VehicleId(30));
    let slots: Vec<(VehicleId, usize)> = f
        .slot_targets()
        .iter()
        .map(|t| (t.vehicle, t.slot))
        .collect();
    assert_eq!(slots, vec![(v(40), 0), (v(20), 1), (v(10), 2)]);
}

#[test]
fn joining_twice_keeps_one_slot_and_a_full_pattern_refuses() {
    let p = pattern(PatternKind::Box, 1.0).with_capacity(7).unwrap();
    let mut f = FormationManager::new(p, AssignmentStrategy::MinCost);
    for id in 0..7 {
        assert!(f.add_member(VehicleId(id)));
    }
    assert!(f.add_member(VehicleId(3)));
    assert_eq!(f.len(), 7);
    assert!(f.is_full());
    assert!(!f.add_member(VehicleId(7)));
    assert!(!f.is_member(VehicleId(7)));
    assert!(f.remove_member(VehicleId(0)));
    assert!(!f.remove_member(VehicleId(0)));
    assert!(f.add_member(VehicleId(7)));
}

#[test]
fn a_pattern_too_small_for_the_members_is_refused() {
    let mut f = FormationManager::new(
        pattern(PatternKind::Line, 1.0),
        AssignmentStrategy::Sequential,
    );
    for id in 0..5 {
        f.add_member(VehicleId(id));
    }
    let small = pattern(PatternKind::Circle, 1.0).with_capacity(4).unwrap();
    let e = f.set_pattern(small).unwrap_err();
    assert_eq!(
        e.reason(),
        &Reason::PatternTooSmall {
            capacity: 4,
            members: 5
        }
    );
    assert_eq!(
        e.to_string(),
        "pattern: has 4 slots but the formation has 5 members"
    );
    assert_eq!(f.pattern().kind(), PatternKind::Line);
}

#[test]
fn bad_numbers_are_errors_or_ignored_never_nan() {
    let mut f = FormationManager::new(
        pattern(PatternKind::Circle, 1.0),
        AssignmentStrategy::MinCost,
    );
    assert_eq!(
        f.set_target(FormationTarget::Point(Point::new(f64::NAN, 0.0)))
            .unwrap_err()
            .to_string(),
        "target.x: must be a finite number"
    );
    assert!(f.set_anchor(Pose::new(0.0, f64::INFINITY, 0.0)).is_err());
    f.add_member(VehicleId(1));
    f.add_member(VehicleId(2));
    let bad = [
        MemberState {
            id: VehicleId(1),
            position: Point::new(f64::NAN, 1.0),
            velocity: Vec2::ZERO,
        },
        MemberState {
            id: VehicleId(2),
            position: Point::new(1.0, 1.0),
            velocity: Vec2::new(f64::INFINITY, 0.0),
        },
        MemberState {
            id: VehicleId(99),
            position: Point::new(5.0, 5.0),
            velocity: Vec2::ZERO,
        },
    ];
    for dt in [f64::NAN, -1.0, f64::INFINITY, 0.1] {
        for t in f.update(&bad, dt) {
            assert!(t.target.is_finite());
        }
    }
    assert_eq!(f.anchor(), Pose::new(0.0, 0.0, 0.0));
}

#[test]
fn huge_coordinates_give_finite_targets() {
    let mut f = FormationManager::new(
        pattern(PatternKind::Circle, 1e300),
        AssignmentStrategy::MinCost,
    );
    for id in 0..4 {
        f.add_member(VehicleId(id));
    }
    f.set_target(FormationTarget::Pose(Pose::new(-1.7e308, 1.7e308, 1e300)))
        .unwrap();
    let s: Vec<MemberState> = (0..4)
        .map(|id| MemberState {
            id: VehicleId(id),
            position: Point::new(1.7e308, if id % 2 == 0 { 1.7e308 } else { -1.7e308 }),
            velocity: Vec2::new(1e308, -1e308),
        })
        .collect();
    for _ in 0..5 {
        for t in f.update(&s, 1e10) {
            assert!(t.target.is_finite(), "{t:?}");
        }
        assert!(f.anchor().is_finite());
        assert!(f.center_of_mass().unwrap().0.is_finite());
    }
}

#[test]
fn a_bad_spacing_is_named_in_the_error() {
    assert_eq!(
        FormationPattern::new(PatternKind::Line, 0.0)
            .unwrap_err()
            .to_string(),
        "spacing: must be greater than zero"
    );
}

/// Whether segments ab and cd properly cross (interiors intersect).
fn cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let o = |p: Point, q: Point, r: Point| (q - p).cross(r - p);
    let (d1, d2) = (o(a, b, c), o(a, b, d));
    let (d3, d4) = (o(c, d, a), o(c, d, b));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

proptest! {
    #[test]
    fn min_cost_paths_never_cross(
        coords in proptest::collection::vec((-50.0f64..50.0, -50.0f64..50.0), 2..9),
        kind_i in 0usize..5,
        heading in -3.2f64..3.2,
    ) {
        let kind = PatternKind::ALL[kind_i];
        let mut f = FormationManager::new(pattern(kind, 4.0), AssignmentStrategy::MinCost);
        f.set_anchor(Pose::new(3.0, -2.0, heading)).unwrap();
        let ids: Vec<VehicleId> = (0..coords.len() as u32).map(VehicleId).collect();
        for &id in &ids { f.add_member(id); }
        let pos: Vec<Point> = coords.iter().map(|&(x, y)| Point::new(x, y)).collect();
        let t = f.update(&states(&ids, &pos), 0.0).to_vec();
        for i in 0..t.len() {
            for j in i + 1..t.len() {
                let (a, b) = (pos[t[i].vehicle.0 as usize], t[i].target.position());
                let (c, d) = (pos[t[j].vehicle.0 as usize], t[j].target.position());
                prop_assert!(!cross(a, b, c, d), "members {} and {} cross", i, j);
            }
        }
    }

    #[test]
    fn any_join_leave_sequence_keeps_slots_a_permutation(
        ops in proptest::collection::vec((0u32..12, any::<bool>()), 0..60),
        cost in any::<bool>(),
    ) {
        let strategy = if cost { AssignmentStrategy::MinCost } else { AssignmentStrategy::Sequential };
        let mut f = FormationManager::new(pattern(PatternKind::V, 1.0).with_capacity(8).unwrap(), strategy);
        for (k, (id, join)) in ops.into_iter().enumerate() {
            if join { f.add_member(VehicleId(id)); } else { f.remove_member(VehicleId(id)); }
            let ids: Vec<VehicleId> = f.members().collect();
            let pos: Vec<Point> = ids.iter().map(|&i| Point::new(f64::from(i.0) * 3.0, (k % 5) as f64)).collect();
            let t = f.update(&states(&ids, &pos), 0.05);
            prop_assert!(t.len() <= 8);
            let mut used: Vec<usize> = t.iter().map(|t| t.slot).collect();
            used.sort();
            prop_assert_eq!(used, (0..ids.len()).collect::<Vec<_>>());
            if !t.is_empty() {
                prop_assert!(centroid(t).distance(f.anchor().position()) < 1e-9);
            }
        }
    }
}

/// `createFormation({ pattern: "v", spacing: 1e200, slowingRadius: 1e200 })`
/// reported a slowing radius of infinity: products with the spacing that
/// would not be finite are refused, naming the field.
#[test]
fn tuning_and_spacing_whose_products_overflow_are_refused() {
    let spec = FormationSpec {
        slowing_radius: 1e200,
        ..FormationSpec::new(PatternKind::V, 1e200)
    };
    let e = spec.manager().unwrap_err();
    assert_eq!(e, arcline::Error::at("slowing_radius", Reason::Overflow));
    let spec = FormationSpec {
        leash: 1e200,
        ..FormationSpec::new(PatternKind::V, 1e200)
    };
    assert_eq!(spec.manager().unwrap_err().field().to_string(), "leash");
    // A line of 1,024 slots 1e306 apart would reach 1e309.
    let spec = FormationSpec {
        capacity: Some(MAX_CAPACITY),
        ..FormationSpec::new(PatternKind::Line, 1e306)
    };
    assert_eq!(
        spec.manager().unwrap_err(),
        arcline::Error::at("spacing", Reason::Overflow)
    );
    // Changing the spacing of a formation checks the products too.
    let mut f = FormationSpec {
        slowing_radius: 1e200,
        ..FormationSpec::new(PatternKind::V, 1.0)
    }
    .manager()
    .unwrap();
    let change = PatternChange {
        spacing: Some(1e200),
        ..PatternChange::default()
    };
    assert_eq!(
        f.change_pattern(&change).unwrap_err(),
        arcline::Error::at("spacing", Reason::Overflow)
    );
    assert_eq!(f.pattern().spacing(), 1.0);
    assert_eq!(f.slowing_radius(), 1e200);
}

/// Near f64::MAX the slot poses and the pattern origin fall back to the
/// anchor instead of overflowing: every number a formation reports is finite.
#[test]
fn a_formation_near_f64_max_reports_only_finite_numbers() {
    let p = FormationPattern::with(PatternKind::Line, 1e300, 16).unwrap();
    let mut f = FormationManager::new(p, AssignmentStrategy::MinCost);
    for id in 0..16 {
        f.add_member(VehicleId(id));
    }
    f.set_anchor(Pose::new(1.7e308, -1.7e308, 0.7)).unwrap();
    let poses = f.slot_poses();
    assert_eq!(poses.len(), 16);
    assert!(poses.iter().all(|p| p.is_finite()));
    assert!(f.pattern_origin().is_finite());
    assert!(f.slot_targets().iter().all(|t| t.target.is_finite()));
    // Ordinary slots are not replaced: the first one is the anchor plus
    // the rotated offset, as computed by hand.
    let g = {
        let mut g = FormationManager::new(
            FormationPattern::new(PatternKind::Line, 2.0).unwrap(),
            AssignmentStrategy::Sequential,
        );
        for id in 0..3 {
            g.add_member(VehicleId(id));
        }
        g.set_anchor(Pose::new(10.0, 0.0, 0.0)).unwrap();
        g
    };
    // Line of 3 at spacing 2: slots y = 0, -2, -4, drift -2: offsets 2, 0, -2.
    let ys: Vec<f64> = g.slot_poses().iter().map(|p| p.y).collect();
    assert_eq!(ys, vec![2.0, 0.0, -2.0]);
    assert_eq!(g.pattern_origin(), Point::new(10.0, 2.0));
}
