//! JS bindings for formations (an extra `impl World` block); filled in by its own change.
