//! A digest of many formation results (slot targets, anchors, assignments
//! while members converge with a plain arrive integrator, a turning path),
//! identical natively and in wasm because all trigonometry goes through libm.
//! Shared by `formation_determinism.rs` and `wasm_formation.rs`.

use arcline::formation::*;
use arcline::geom::*;
use arcline::steering::VehicleId;

// Each determinism file is also compiled on its own into the wasm test
// (bindings/tests/determinism.rs), so each names the shared test support
// by path: natively the same file is then a module of each.
#[allow(clippy::duplicate_mod)]
#[path = "../common/digest.rs"]
mod digest;
use digest::Digest;
#[allow(clippy::duplicate_mod)]
#[path = "../common/xorshift.rs"]
mod xorshift;
use xorshift::StarRng;

fn run(d: &mut Digest, r: &mut StarRng, kind: PatternKind, strategy: AssignmentStrategy) {
    let spacing = r.next(0.5, 5.0);
    let mut f = FormationManager::new(FormationPattern::new(kind, spacing).unwrap(), strategy);
    let n = 3 + (r.next(0.0, 6.0) as usize);
    let mut bodies: Vec<MemberState> = (0..n as u32)
        .map(|id| MemberState {
            id: VehicleId(id),
            position: Point::new(r.next(-40.0, 40.0), r.next(-40.0, 40.0)),
            velocity: Vec2::new(r.next(-1.0, 1.0), r.next(-1.0, 1.0)),
        })
        .collect();
    for b in &bodies {
        f.add_member(b.id);
    }
    let goal = Pose::new(r.next(-80.0, 80.0), r.next(-80.0, 80.0), r.next(-4.0, 4.0));
    if r.next(0.0, 1.0) < 0.3 {
        let a = Arc::from_pose(
            f.anchor(),
            r.next(5.0, 20.0),
            r.next(-1.0, 1.0),
            r.next(0.5, 3.0),
        );
        let e = a.pose_at(a.length());
        let l = Line::new(
            e.position(),
            e.position() + e.direction() * r.next(1.0, 30.0),
        );
        f.follow_path(Path::new(vec![Segment::Arc(a), Segment::Line(l)]).unwrap());
    } else {
        f.set_target(FormationTarget::Pose(goal)).unwrap();
    }
    let dt = 1.0 / 30.0;
    for step in 0..300 {
        if step == 150 {
            let dead = bodies.remove(n / 2).id;
            f.remove_member(dead);
        }
        let targets = f.update(&bodies, dt).to_vec();
        for (b, t) in bodies.iter_mut().zip(&targets) {
            d.u64(t.slot as u64);
            d.f64(t.target.x);
            d.f64(t.target.y);
            d.f64(t.target.heading);
            // Arrive (Reynolds' rule, mass 1).
            let to = t.target.position() - b.position;
            let speed = 6.0 * (to.length() / (2.0 * spacing)).min(1.0);
            let force = (to.normalize_or_zero() * speed - b.velocity).truncate(20.0);
            b.velocity = (b.velocity + force * dt).truncate(6.0);
            b.position += b.velocity * dt;
        }
        let a = f.anchor();
        d.f64(a.x);
        d.f64(a.y);
        d.f64(a.heading);
    }
}

pub fn digest() -> u64 {
    let mut d = Digest::new();
    let mut r = StarRng::new(0xf0_12a7);
    for _ in 0..6 {
        for kind in PatternKind::ALL {
            for strategy in [AssignmentStrategy::Sequential, AssignmentStrategy::MinCost] {
                run(&mut d, &mut r, kind, strategy);
            }
        }
    }
    for n in [5usize, 20, 60] {
        let cost: Vec<f64> = (0..n * n).map(|_| r.next(0.0, 100.0)).collect();
        for c in min_cost_assignment(&cost, n, n).unwrap() {
            d.u64(c as u64);
        }
    }
    d.finish()
}

pub const GOLDEN: u64 = 0xc003_ee9c_e09d_0054;
