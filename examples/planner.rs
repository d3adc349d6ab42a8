//! A unit that cannot turn on the spot: plan its path to a point and to a
//! pose, then drive it along the path frame by frame.
//!
//! `cargo run --example planner`

use arcline::planner::{dubins_candidates, dubins_shortest, plan_turn, Motion};
use arcline::{Path, Point, Pose, Segment};

fn describe(name: &str, path: &Path) {
    println!(
        "{name}: {} long, word {}",
        round(path.length()),
        path.word()
    );
    for s in path.segments() {
        match s {
            Segment::Line(l) => println!("  line to {:.3}", l.end),
            Segment::Arc(a) => println!(
                "  arc about {:.3} radius {} sweeping {:.3} rad",
                a.center,
                round(a.radius),
                a.sweep
            ),
            Segment::Clothoid(c) => println!(
                "  clothoid {} long, curvature {} to {}",
                round(c.length),
                c.curvature_start,
                c.curvature_end
            ),
        }
    }
}

fn round(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

fn main() -> Result<(), arcline::Error> {
    let tank = Pose::new(0.0, 0.0, 0.0); // at the origin, facing +x
    let turning_radius = 3.0;

    // Turn on the tightest circle until facing the target, then straight.
    let behind = Point::new(-4.0, 6.0);
    match plan_turn(tank, behind, turning_radius)? {
        Some(path) => describe("turn then go", &path),
        None => println!("the target is where the tank stands"),
    }

    // Arrive facing a given way: the shortest of the six Dubins words.
    let parked = Pose::new(10.0, 5.0, std::f64::consts::PI);
    let path = dubins_shortest(tank, parked, turning_radius)?;
    describe("Dubins", &path);
    for (word, p) in dubins_candidates(tank, parked, turning_radius)? {
        println!("  candidate {word}: {}", round(p.length()));
    }

    // Drive it at 2 units a second, 10 frames a second.
    let motion = Motion::new(path, 2.0)?;
    let frames = (motion.duration() * 10.0).ceil() as usize;
    for frame in (0..=frames).step_by(10) {
        let pose = motion.pose_at(frame as f64 / 10.0);
        println!("t = {:>4.1} s  {pose:.3}", frame as f64 / 10.0);
    }

    // Or as points every 2 units, for a physics engine that wants a polyline.
    let points: Vec<Point> = motion
        .path()
        .sample(2.0)
        .into_iter()
        .map(Point::from)
        .collect();
    println!(
        "{} points, the last {:.3}",
        points.len(),
        points[points.len() - 1]
    );

    // Bad input is an error that says which field, never a panic.
    let e = dubins_shortest(tank, parked, -1.0).unwrap_err();
    println!("refused: {e}");
    Ok(())
}
