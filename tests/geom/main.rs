//! Geometry: properties of lines, arcs and paths, and hostile numbers.

mod props;
mod robust;
