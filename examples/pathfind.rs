//! A unit with a turning radius finds its way around obstacles: circles and
//! a polygon, with a clearance; then Pinter's directional A* on a tile grid.
//! Every path is lines and arcs, tangent-continuous.
//!
//! `cargo run --example pathfind`

use arcline::planner::pathfind::{
    plan_around, plan_on_grid, AroundOptions, Circle, Grid, Obstacles,
};
use arcline::{Path, Point, Pose, Segment};

fn describe(path: &Path) {
    for s in path.segments() {
        match s {
            Segment::Line(l) => println!("  line to {:.2}", l.end),
            Segment::Arc(a) => println!(
                "  arc about {:.2}, radius {:.2}, sweep {:.3}",
                a.center, a.radius, a.sweep
            ),
            Segment::Clothoid(c) => println!(
                "  clothoid {:.2} long, curvature {:.4} to {:.4}",
                c.length, c.curvature_start, c.curvature_end
            ),
        }
    }
}

fn main() -> Result<(), arcline::Error> {
    let mut obstacles = Obstacles::circles(vec![
        Circle::new(15.0, 0.0, 3.0),
        Circle::new(25.0, 6.0, 2.0),
    ]);
    // A wall, corners in order (either winding).
    obstacles.polygons.push(vec![
        Point::new(32.0, -8.0),
        Point::new(35.0, -8.0),
        Point::new(35.0, 4.0),
        Point::new(32.0, 4.0),
    ]);

    let start = Pose::new(0.0, 0.0, 0.0);
    let goal = Pose::new(45.0, 0.0, 0.0);
    let turning_radius = 2.5;
    let plan = plan_around(
        start,
        goal,
        turning_radius,
        &obstacles,
        &AroundOptions::clearance(0.5),
    )?;
    match plan.path() {
        Some(path) => {
            println!(
                "around: {:.2} long ({} segments, {} nodes expanded, shortest of its graph: {})",
                path.length(),
                path.segments().len(),
                plan.expanded,
                plan.shortest
            );
            describe(path);
        }
        None => println!("no path: {}", plan.no_path().expect("no path, so a reason")),
    }

    // A goal point (any arrival heading) in a ring of disks whose gaps are
    // narrower than the unit's clearance: no path, and why.
    let mut ringed = obstacles.clone();
    for k in 0..12 {
        let a = f64::from(k) * std::f64::consts::TAU / 12.0;
        ringed
            .circles
            .push(Circle::new(60.0 + 8.0 * a.cos(), 8.0 * a.sin(), 2.0));
    }
    let plan = plan_around(
        start,
        Point::new(60.0, 0.0),
        turning_radius,
        &ringed,
        &AroundOptions::clearance(0.5),
    )?;
    if let Some(why) = plan.no_path() {
        println!("into the ring: no path ({why})");
    }
    // A goal inside an obstacle is refused, naming the obstacle.
    let e = plan_around(
        start,
        Point::new(25.0, 6.0),
        turning_radius,
        &obstacles,
        &AroundOptions::default(),
    )
    .unwrap_err();
    println!("refused: {e}");

    // Pinter's grid search: 16 × 16 tiles of side 2, a wall with a gap.
    let mut blocked = vec![0u8; 16 * 16];
    for row in 0..12 {
        blocked[row * 16 + 8] = 1;
    }
    let grid = Grid {
        columns: 16,
        rows: 16,
        tile: 2.0,
        blocked,
    };
    let plan = plan_on_grid(&grid, Pose::new(3.0, 3.0, 0.0), Point::new(29.0, 3.0), 2.0)?;
    match plan.path() {
        Some(path) => println!(
            "on the grid: {:.2} long, {} nodes expanded",
            path.length(),
            plan.expanded
        ),
        None => println!(
            "on the grid: no path ({})",
            plan.no_path().expect("a reason")
        ),
    }

    // Bad input is an error naming the argument.
    let e = plan_around(start, goal, 0.0, &obstacles, &AroundOptions::default()).unwrap_err();
    println!("refused: {e}");
    Ok(())
}
