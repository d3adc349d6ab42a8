//! Two-level formation steering: five vehicles hold a V behind an anchor
//! that drives along a path; one is lost on the way and the rest close up.
//!
//! `cargo run --example formation`

use arcline::formation::{FormationSpec, FormationTarget, PatternKind, WorldFormations};
use arcline::planner::dubins_shortest;
use arcline::steering::{VehicleSpec, World};
use arcline::{Point, Pose};

fn main() -> Result<(), arcline::Error> {
    let mut world = World::new(0);
    let mut formations = WorldFormations::new();
    let wedge = formations.create_with(&FormationSpec::new(PatternKind::V, 3.0))?;

    let mut members = Vec::new();
    for i in 0..5 {
        let id = world.add_vehicle(VehicleSpec::new(f64::from(i) * 3.0, -5.0, 6.0, 20.0))?;
        formations.join(&mut world, wedge, id)?;
        members.push(id);
    }

    // The anchor first goes to a point, then follows a Dubins path.
    let mut f = formations.formation_mut(wedge).expect("just created");
    f.set_target(FormationTarget::Point(Point::new(20.0, 10.0)))?;
    let dt = 1.0 / 30.0;
    let run = |world: &mut World, formations: &mut WorldFormations, seconds: f64| {
        for _ in 0..(seconds / dt) as usize {
            formations.before_step(world, dt);
            world.step(dt);
        }
    };
    run(&mut world, &mut formations, 20.0);
    report("at the point", &world, &formations, wedge);

    let anchor = formations.formations().get(wedge).expect("exists").anchor();
    let path = dubins_shortest(anchor, Pose::new(60.0, 40.0, 0.0), 8.0)?;
    println!("following a {} path {:.1} long", path.word(), path.length());
    let mut f = formations.formation_mut(wedge).expect("exists");
    f.follow_path(path);

    // A member is lost: the formation closes up (Millington's drift offset
    // keeps the centre of the slots on the anchor).
    world.remove_vehicle(members[4])?;
    formations.prune(&world);
    run(&mut world, &mut formations, 30.0);
    report("at the end of the path", &world, &formations, wedge);
    Ok(())
}

fn report(
    when: &str,
    world: &World,
    formations: &WorldFormations,
    id: arcline::formation::FormationId,
) {
    let m = formations.formations().get(id).expect("exists");
    println!(
        "{when}: anchor {:.2}, {} members, drift offset {:.3}",
        m.anchor(),
        m.len(),
        m.drift_offset()
    );
    for member in m.members() {
        let v = world.vehicle(member).expect("members are in the world");
        println!(
            "  {member:?} at {:.2}, speed {:.2}",
            v.position,
            v.velocity.length()
        );
    }
}
