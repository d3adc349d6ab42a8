//! Benchmarks of the formation module (criterion); filled in by its own change.

fn main() {}
