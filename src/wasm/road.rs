//! JS bindings for the road module; filled in by its own change.
