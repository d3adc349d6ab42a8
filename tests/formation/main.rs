//! Formations: patterns, slot assignment, convergence, formations in a steering world.

#[path = "../common/xorshift.rs"]
mod xorshift;

mod convergence;
mod facing;
mod patterns;
mod world;
