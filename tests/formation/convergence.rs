//! Convergence of the two-level steering: members start at random places and
//! arrive at their slots with a plain arrive behaviour (integrated here, by
//! the seed-003 rule), the formation reaches its target pose, no two members
//! share a slot, and after a member is killed the others close ranks into the
//! pattern for one fewer.

use arcline::formation::*;
use arcline::geom::*;
use arcline::steering::VehicleId;

use crate::xorshift::Rng;

#[derive(Clone, Copy)]
struct Body {
    id: VehicleId,
    p: Point,
    v: Vec2,
}

const MAX_SPEED: f64 = 8.0;
const MAX_FORCE: f64 = 24.0;
const DT: f64 = 1.0 / 30.0;

/// Reynolds' arrive, integrated as in seed 003 (mass 1):
/// force = truncate(desired − v, maxForce); v = truncate(v + force·dt, maxSpeed); p += v·dt.
fn arrive(b: &mut Body, target: Point, slowing: f64) {
    let to = target - b.p;
    let d = to.length();
    let speed = MAX_SPEED * (d / slowing).min(1.0);
    let desired = to.normalize_or_zero() * speed;
    let force = (desired - b.v).truncate(MAX_FORCE);
    b.v = (b.v + force * DT).truncate(MAX_SPEED);
    b.p += b.v * DT;
}

fn step(f: &mut FormationManager, bodies: &mut [Body]) {
    let states: Vec<MemberState> = bodies
        .iter()
        .map(|b| MemberState {
            id: b.id,
            position: b.p,
            velocity: b.v,
        })
        .collect();
    let targets = f.update(&states, DT).to_vec();
    let slowing = f.params().slowing_radius * f.pattern().spacing();
    for b in bodies.iter_mut() {
        let t = targets
            .iter()
            .find(|t| t.vehicle == b.id)
            .expect("every member has a target");
        arrive(b, t.target.position(), slowing);
    }
}

/// Sorted pairwise distances: the shape of a point set, whatever its place,
/// rotation and labelling.
fn shape(points: &[Point]) -> Vec<f64> {
    let mut d = Vec::new();
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            d.push(points[i].distance(points[j]));
        }
    }
    d.sort_by(f64::total_cmp);
    d
}

fn pattern_shape(p: &FormationPattern, n: usize) -> Vec<f64> {
    let pts: Vec<Point> = (0..n)
        .map(|i| p.slot_location(i, n).unwrap().position())
        .collect();
    shape(&pts)
}

fn assert_converged(f: &FormationManager, bodies: &[Body], tol: f64, what: &str) {
    let targets = f.slot_targets();
    assert_eq!(targets.len(), bodies.len(), "{what}");
    for b in bodies {
        let t = f.target_of(b.id).unwrap();
        let d = b.p.distance(t.target.position());
        assert!(
            d < tol,
            "{what}: member {} is {d} from its slot {}",
            b.id,
            t.slot
        );
    }
    let mut slots: Vec<usize> = targets.iter().map(|t| t.slot).collect();
    slots.sort();
    slots.dedup();
    assert_eq!(
        slots.len(),
        bodies.len(),
        "{what}: two members share a slot"
    );
    // The members themselves stand in the pattern's shape.
    let got = shape(&bodies.iter().map(|b| b.p).collect::<Vec<_>>());
    let want = pattern_shape(f.pattern(), bodies.len());
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() < 2.0 * tol, "{what}: shape {g} vs {w}");
    }
}

fn run(kind: PatternKind, strategy: AssignmentStrategy, seed: u64) {
    let spacing = 3.0;
    let what = format!("{kind} {strategy}");
    let mut rng = Rng(seed);
    let mut f = FormationManager::new(FormationPattern::new(kind, spacing).unwrap(), strategy);
    let mut bodies: Vec<Body> = (0..7)
        .map(|i| Body {
            id: VehicleId(100 + i),
            p: Point::new(rng.range(-30.0, 30.0), rng.range(-30.0, 30.0)),
            v: Vec2::ZERO,
        })
        .collect();
    for b in &bodies {
        assert!(f.add_member(b.id));
    }
    let goal = Pose::new(60.0, 45.0, 2.5);
    f.set_target(FormationTarget::Pose(goal)).unwrap();
    for _ in 0..(40.0 / DT) as usize {
        step(&mut f, &mut bodies);
    }
    assert_converged(&f, &bodies, 0.05, &what);
    assert!(
        f.anchor().approx_eq(goal, 0.05),
        "{what}: anchor {:?}",
        f.anchor()
    );

    // Kill the member in slot 2; the others close ranks.
    let dead = f
        .slot_targets()
        .iter()
        .find(|t| t.slot == 2)
        .unwrap()
        .vehicle;
    assert!(f.remove_member(dead));
    bodies.retain(|b| b.id != dead);
    for _ in 0..(20.0 / DT) as usize {
        step(&mut f, &mut bodies);
    }
    assert_converged(&f, &bodies, 0.05, &format!("{what} after a removal"));
    assert!(
        f.anchor().approx_eq(goal, 0.05),
        "{what}: anchor after removal"
    );
}

#[test]
fn line_converges_and_closes_ranks() {
    for s in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
        run(PatternKind::Line, s, 1);
    }
}

#[test]
fn column_converges_and_closes_ranks() {
    for s in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
        run(PatternKind::Column, s, 2);
    }
}

#[test]
fn v_converges_and_closes_ranks() {
    for s in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
        run(PatternKind::V, s, 3);
    }
}

#[test]
fn circle_converges_and_shrinks_after_a_loss() {
    for s in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
        run(PatternKind::Circle, s, 4);
    }
}

#[test]
fn box_converges_and_closes_ranks() {
    for s in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
        run(PatternKind::Box, s, 5);
    }
}

#[test]
fn a_line_closes_ranks_to_spacing_gaps() {
    // By hand: after the loss, 6 members abreast, perpendicular to the goal
    // heading, consecutive gaps exactly one spacing.
    let mut rng = Rng(99);
    let goal = Pose::new(-20.0, 10.0, 0.7);
    let mut f = FormationManager::new(
        FormationPattern::new(PatternKind::Line, 2.0).unwrap(),
        AssignmentStrategy::MinCost,
    );
    let mut bodies: Vec<Body> = (0..7)
        .map(|i| Body {
            id: VehicleId(i),
            p: Point::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
            v: Vec2::ZERO,
        })
        .collect();
    for b in &bodies {
        f.add_member(b.id);
    }
    f.set_target(FormationTarget::Pose(goal)).unwrap();
    for _ in 0..900 {
        step(&mut f, &mut bodies);
    }
    f.remove_member(VehicleId(3));
    bodies.retain(|b| b.id != VehicleId(3));
    for _ in 0..900 {
        step(&mut f, &mut bodies);
    }
    let left = goal.left();
    let mut along: Vec<f64> = bodies
        .iter()
        .map(|b| (b.p - goal.position()).dot(left))
        .collect();
    along.sort_by(f64::total_cmp);
    for w in along.windows(2) {
        assert!((w[1] - w[0] - 2.0).abs() < 0.05, "gap {}", w[1] - w[0]);
    }
    // Centred on the goal, and all on the line through it.
    assert!(along.iter().sum::<f64>().abs() / 6.0 < 0.05);
    for b in &bodies {
        assert!((b.p - goal.position()).dot(goal.direction()).abs() < 0.05);
    }
}

#[test]
fn the_formation_follows_a_turning_path_like_a_vehicle() {
    // A half circle of radius 20 to the left, then a line: the anchor stays
    // on the path and takes its heading.
    let start = Pose::new(0.0, 0.0, 0.0);
    let arc = Arc::from_pose(start, 20.0, 1.0, core::f64::consts::PI);
    let end = arc.pose_at(arc.length());
    let line = Line::new(end.position(), end.position() + end.direction() * 30.0);
    let path = Path::new(vec![Segment::Arc(arc), Segment::Line(line)]).unwrap();
    let mut f = FormationManager::new(
        FormationPattern::new(PatternKind::V, 2.0).unwrap(),
        AssignmentStrategy::MinCost,
    );
    let mut bodies: Vec<Body> = (0..5)
        .map(|i| Body {
            id: VehicleId(i),
            p: Point::new(-2.0 * i as f64, 0.5 * i as f64),
            v: Vec2::ZERO,
        })
        .collect();
    for b in &bodies {
        f.add_member(b.id);
    }
    f.follow_path(path.clone());
    let mut max_off = 0.0f64;
    for _ in 0..(60.0 / DT) as usize {
        step(&mut f, &mut bodies);
        if let Some((p, s)) = f.followed_path() {
            let on = p.pose_at(s);
            max_off = max_off.max(on.position().distance(f.anchor().position()));
            assert!(normalize_angle(on.heading - f.anchor().heading).abs() < 1e-9);
        }
    }
    assert!(max_off < 1e-9);
    assert!(f.followed_path().is_none(), "the path was finished");
    assert!(
        f.anchor().approx_eq(path.end_pose(), 0.05),
        "{:?}",
        f.anchor()
    );
    assert_converged(&f, &bodies, 0.05, "V after the path");
}

#[test]
fn a_lone_member_settles_on_the_goal_without_a_long_wobble() {
    // The anchor sits on the goal once the goal is within the leash, so the
    // velocity lead k·v_c cannot drag the member past it again and again.
    let mut f = FormationManager::new(
        FormationPattern::new(PatternKind::Line, 1.0).unwrap(),
        AssignmentStrategy::Sequential,
    );
    let mut bodies = vec![Body {
        id: VehicleId(1),
        p: Point::ORIGIN,
        v: Vec2::ZERO,
    }];
    f.add_member(VehicleId(1));
    let goal = Point::new(3.0, 4.0);
    f.set_target(FormationTarget::Point(goal)).unwrap();
    // The member's own arrive (force = desired − velocity, seed 003) is
    // underdamped, decaying like e^(−t/2) here: 15 s leaves < 0.001.
    for _ in 0..(15.0 / DT) as usize {
        step(&mut f, &mut bodies);
    }
    for _ in 0..(10.0 / DT) as usize {
        step(&mut f, &mut bodies);
        let d = bodies[0].p.distance(goal);
        assert!(d < 0.01, "{d}");
    }
}
