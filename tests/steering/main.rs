//! Steering: the behaviours, the seed's seek bit for bit, path following, hostile numbers.

#[path = "../common/xorshift.rs"]
mod xorshift;

#[path = "../common/scenes.rs"]
mod scenes;

mod avoidance;
mod behaviors;
mod family;
mod paths;
mod robust;
mod seek_step;
