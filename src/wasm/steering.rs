//! JS bindings for the steering module; filled in by its own change.
