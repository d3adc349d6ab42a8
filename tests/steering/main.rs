//! Steering: the behaviours, the seed's seek bit for bit, path following, hostile numbers.

#[path = "../common/xorshift.rs"]
mod xorshift;

mod behaviors;
mod paths;
mod robust;
mod seek_step;
