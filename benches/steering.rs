//! Benchmarks of the steering module (criterion); filled in by its own change.

fn main() {}
