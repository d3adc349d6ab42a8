//! JS bindings for the planner module; filled in by its own change.
