//! # Arcline
//!
//! Movement geometry for games: turning-radius paths, steering behaviours,
//! formations and roads, all made of straight [`Line`]s and circular [`Arc`]s
//! joined with tangent (G1) continuity.
//!
//! - [`geom`]: points, vectors, poses, lines, arcs and the paths made of them;
//!   offsets, intersections, SVG.
//! - [`planner`]: paths for a unit with a minimum turning radius: turn then
//!   go to a point, the six Dubins words to a pose, Reeds–Shepp paths (with
//!   reversing) to a pose, pathfinding around circles and polygons
//!   ([`planner::plan_around`], with a clearance) and on a tile grid
//!   ([`planner::plan_on_grid`]), and motion along a path over time
//!   ([`planner::Motion`]).
//! - [`steering`]: vehicles steered by behaviours (seek, arrive, separation,
//!   path following, obstacle avoidance, containment...) and reciprocal
//!   collision avoidance among vehicles (ORCA), in a [`steering::World`]
//!   built for crowds of thousands.
//! - [`formation`]: formations of vehicles: patterns, slot assignment, a
//!   formation manager.
//! - [`road`]: roads of lines and arcs between cross-section profiles, with
//!   parallel lane edges; junctions of 3 to 6 arms with their lane-to-lane
//!   movements; a [`road::RoadNetwork`] that rebuilds what a moved profile
//!   touches, lists what it cannot build ([`road::RoadNetwork::problems`])
//!   and writes OpenDRIVE 1.8, saying what it left out.
//!
//! Conventions: x right, **y up**, angles in radians counter-clockwise from
//! +x, an arc's `sweep` is signed (+ = left turn, counter-clockwise),
//! geometry is `f64`. Invalid input is an [`Error`] (which field, and why),
//! never a panic; no result holds a NaN or an infinity.
//!
//! `use arcline::prelude::*` brings the types most programs need.
//!
//! # Examples
//! A tank plans around a rock and a parked truck, then drives the path:
//! ```
//! use arcline::prelude::*;
//! # fn main() -> Result<(), arcline::Error> {
//! let mut field = Obstacles::new();
//! field.add_circle(10.0, 0.5, 2.0).add_rectangle(Point::new(20.0, -1.0), 6.0, 2.5, 0.3);
//! let options = AroundOptions::clearance(0.5);
//! let plan = plan_around(Pose::new(0.0, 0.0, 0.0), Pose::new(30.0, 0.0, 0.0), 2.0, &field, &options)?;
//! let path = plan.into_path()?; // a `NoPath` is an `arcline::Error` too
//! let tank = Motion::new(&path, 5.0)?;
//! let halfway = tank.pose_at(tank.duration() / 2.0);
//! println!("halfway at {halfway:.2}");
//! # Ok(())
//! # }
//! ```
//!
//! # Features
//! - `serde`: `Serialize` and `Deserialize` on the data shapes (camelCase
//!   keys, the shapes of the JavaScript API).
//! - `typescript`: the TypeScript declarations of those shapes
//!   (`typescript::declarations`).
//! - `mint`: `From` conversions both ways between [`Point`] and
//!   `mint::Point2<f64>`, [`Vec2`] and `mint::Vector2<f64>` (and their
//!   `f32` forms), for glam, nalgebra, cgmath and other math crates.
//!
//! This crate knows nothing of WebAssembly or JavaScript; the bindings crate
//! (`bindings/`, `arcline-wasm`) is the only door to JavaScript.

#![warn(missing_docs)]

pub mod error;
pub mod formation;
pub mod geom;
pub mod planner;
pub mod road;
pub mod steering;
#[cfg(test)]
mod test_rng;
#[cfg(feature = "typescript")]
pub mod typescript;

pub use error::{Error, Field, Reason, Step, Unsolvable};
pub use geom::{Arc, Line, Path, Point, Pose, Segment, Vec2};

/// The types and functions most programs use: `use arcline::prelude::*`.
pub mod prelude {
    pub use crate::error::{Error, Reason};
    pub use crate::geom::{Arc, Line, Path, Point, Pose, Segment, Vec2};
    pub use crate::planner::{
        dubins_shortest, plan_around, plan_turn, reeds_shepp_shortest, AroundOptions, Circle, Goal,
        Motion, NoPath, Obstacles, PlanAround,
    };

    // Steering and formations.
    pub use crate::formation::{
        AssignmentStrategy, FormationId, FormationPattern, FormationSpec, FormationTarget,
        PatternKind, WorldFormations,
    };
    pub use crate::steering::{
        Behavior, BehaviorKind, BehaviorSet, Combine, Obstacle, VehicleId, VehicleLimits,
        VehicleSpec, VehicleState, World,
    };

    // Roads.
    pub use crate::road::{
        connect_profiles, constrain_profile, Direction, JunctionId, Lane, LaneKind, LeftOut,
        OpenDrive, PieceId, PieceKind, Problem, Profile, ProfileId, RoadNetwork, RoadPiece,
    };
}

/// The README's Rust snippet, compiled and run by `cargo test` as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeSnippet;
