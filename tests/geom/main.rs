//! Geometry: properties of lines, arcs and paths, and hostile numbers.

mod clothoid_oracle;
mod props;
mod robust;
