//! The only door to JavaScript: thin wrappers that check their inputs, call the
//! core, and turn errors into JS `Error`s whose message names the argument.
//! Compiled only for `wasm32`.

// A module with only some systems (see the `wasm-*` features in Cargo.toml)
// leaves some shared helpers unused.
#[cfg_attr(not(feature = "default"), allow(dead_code, unused_imports))]
mod convert;
#[cfg(feature = "crowd")]
mod formation;
#[cfg(feature = "paths")]
mod geom;
#[cfg(feature = "paths")]
mod planner;
#[cfg(feature = "roads")]
mod road;
#[cfg(feature = "crowd")]
mod steering;
#[cfg_attr(not(feature = "default"), allow(dead_code, unused_imports))]
mod to_js;

use wasm_bindgen::prelude::*;

/// Installs the panic hook when the module is instantiated, so that a bug
/// that does panic is at least reported with its message. (`start` runs
/// once per instance; setting the same hook again would change nothing, so
/// no `Once` guard.)
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(console_error_panic_hook::hook));
}
