//! Benchmarks of the planner module (criterion); filled in by its own change.

fn main() {}
