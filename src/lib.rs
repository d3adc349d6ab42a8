//! # Arcline
//!
//! Movement geometry for games: turning-radius paths, steering behaviours,
//! formations and roads, all made of straight [`Line`]s and circular [`Arc`]s
//! joined with tangent (G1) continuity.
//!
//! Conventions (see `README.md`): x right, **y up**, angles in radians
//! counter-clockwise from +x, an arc's `sweep` is signed (+ = left turn, CCW),
//! geometry is `f64`. Invalid input is a value (`Option`/`Result`), never a panic.
//!
//! This crate knows nothing of WebAssembly or JavaScript; the bindings crate
//! (`bindings/`, `arcline-wasm`) is the only door to JavaScript.

pub mod formation;
pub mod geom;
pub mod planner;
pub mod road;
pub mod steering;

#[allow(unused_imports)]
pub use formation::*;
pub use geom::*;
#[allow(unused_imports)]
pub use planner::*;
#[allow(unused_imports)]
pub use road::*;
#[allow(unused_imports)]
pub use steering::*;
