//! Roads of lines and arcs between cross-section profiles: a two-lane road
//! with sidewalks joined by a fillet, an S-curve and a U-turn, each lane
//! edge an exact offset of the centreline; then a network that rebuilds the
//! pieces of a profile when it moves.
//!
//! `cargo run --example road`

use arcline::road::{connect_profiles, Direction, Lane, LaneKind, Profile, RoadNetwork};
use arcline::Segment;
use std::f64::consts::{FRAC_PI_2, PI};

fn main() -> Result<(), arcline::Error> {
    let lanes = vec![
        Lane::new(LaneKind::Sidewalk, 2.0),
        Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward),
        Lane::new(LaneKind::Driving, 3.5),
        Lane::new(LaneKind::Sidewalk, 2.0),
    ];
    let at = |x: f64, y: f64, heading: f64| Profile {
        x,
        y,
        heading,
        lanes: lanes.clone(),
    };

    let start = at(0.0, 0.0, 0.0);
    for (name, end) in [
        ("quarter turn", at(40.0, 40.0, FRAC_PI_2)),
        ("shifted, same heading", at(60.0, 15.0, 0.0)),
        ("back the other way", at(0.0, 30.0, PI)),
    ] {
        let piece = connect_profiles(&start, &end)?;
        println!(
            "{name}: {:?}, centreline {:.2} long, {} edges",
            piece.kind,
            piece.centerline.length(),
            piece.boundaries.len()
        );
        for s in piece.centerline.segments() {
            match s {
                Segment::Line(l) => println!("  line {:.2} long", l.length()),
                Segment::Arc(a) => println!("  arc radius {:.2}, sweep {:.3}", a.radius, a.sweep),
                Segment::Clothoid(c) => println!(
                    "  clothoid {:.2} long, curvature {:.4} to {:.4}",
                    c.length, c.curvature_start, c.curvature_end
                ),
            }
        }
        // The left edge is the centreline offset by half the width (5.5):
        // for the quarter turn, an arc of radius 34.5, 34.5 · π/2 long.
        println!("  left edge {:.2} long", piece.boundaries[0].length());
    }

    // A network: moving a profile rebuilds only its pieces.
    let mut net = RoadNetwork::new();
    let a = net.add_profile(at(0.0, 0.0, 0.0))?;
    let b = net.add_profile(at(40.0, 40.0, FRAC_PI_2))?;
    let c = net.add_profile(at(80.0, 80.0, 0.0))?;
    net.connect(a, b)?;
    net.connect(b, c)?;
    let rebuilt = net.set_profile(b, at(45.0, 40.0, FRAC_PI_2))?;
    println!("moved {b}: rebuilt {} pieces", rebuilt.pieces.len());
    for p in net.pieces() {
        match &p.built {
            Ok(piece) => println!("  {} {} -> {}: {:?}", p.id, p.a, p.b, piece.kind),
            Err(e) => println!("  {} {} -> {}: cannot be built ({e})", p.id, p.a, p.b),
        }
    }

    // Profiles with different lanes cannot be joined: an error that says so.
    let narrow = Profile {
        lanes: vec![Lane::new(LaneKind::Driving, 3.0)],
        ..at(50.0, 0.0, 0.0)
    };
    println!(
        "refused: {}",
        connect_profiles(&start, &narrow).unwrap_err()
    );
    Ok(())
}
