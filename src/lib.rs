//! # Arcline
//!
//! Movement geometry for games: turning-radius paths, steering behaviours,
//! formations and roads, all made of straight [`Line`]s and circular [`Arc`]s
//! joined with tangent (G1) continuity.
//!
//! - [`geom`]: points, vectors, poses, lines, arcs and the paths made of them;
//!   offsets, intersections, SVG.
//! - [`planner`]: paths for a unit with a minimum turning radius: turn then
//!   go to a point, the six Dubins words to a pose, motion along a path.
//! - [`steering`]: vehicles steered by behaviours (seek, arrive, separation,
//!   path following...) in a [`steering::World`] built for crowds.
//! - [`formation`]: formations of vehicles: patterns, slot assignment, a
//!   formation manager.
//! - [`road`]: roads of lines and arcs between cross-section profiles, with
//!   parallel lane edges.
//!
//! Conventions: x right, **y up**, angles in radians counter-clockwise from
//! +x, an arc's `sweep` is signed (+ = left turn, counter-clockwise),
//! geometry is `f64`. Invalid input is an [`Error`] (which field, and why),
//! never a panic; no result holds a NaN or an infinity.
//!
//! `use arcline::prelude::*` brings the types most programs need.
//!
//! # Features
//! - `serde`: `Serialize` and `Deserialize` on the data shapes (camelCase
//!   keys, the shapes of the JavaScript API).
//! - `typescript`: the TypeScript declarations of those shapes
//!   (`typescript::declarations`).
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
        dubins_shortest, plan_around, plan_turn, reeds_shepp_shortest, AroundOptions, Circle,
        Motion, Obstacles,
    };

    // Steering and formations.
    pub use crate::formation::{
        AssignmentStrategy, FormationId, FormationPattern, FormationSpec, FormationTarget,
        PatternKind, WorldFormations,
    };
    pub use crate::steering::{
        Behavior, BehaviorKind, Combine, Obstacle, VehicleId, VehicleLimits, VehicleSpec,
        VehicleState, World,
    };

    // Roads.
    pub use crate::road::{
        connect_profiles, constrain_profile, Direction, Lane, LaneKind, PieceId, PieceKind,
        Profile, ProfileId, RoadNetwork, RoadPiece,
    };
}

/// The README's Rust snippet, compiled and run by `cargo test` as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeSnippet;
