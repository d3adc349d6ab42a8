//! The turning-radius planner: turn-then-go, the Dubins words (against the `dubins_paths` crate), motion along a path, hostile numbers.

mod dubins;
mod motion;
mod pathfind;
mod peer;
mod robust;
mod turn;
