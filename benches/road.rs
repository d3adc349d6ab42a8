//! Benchmarks of the road module (criterion); filled in by its own change.

fn main() {}
