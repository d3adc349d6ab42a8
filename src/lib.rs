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
//! The core modules know nothing of WebAssembly; `src/wasm/` (compiled only for
//! `wasm32`) is the only door to JavaScript.

mod formation;
mod geom;
mod planner;
mod road;
mod steering;

#[cfg(target_arch = "wasm32")]
mod wasm;

#[allow(unused_imports)]
pub use formation::*;
pub use geom::*;
#[allow(unused_imports)]
pub use planner::*;
#[allow(unused_imports)]
pub use road::*;
#[allow(unused_imports)]
pub use steering::*;
