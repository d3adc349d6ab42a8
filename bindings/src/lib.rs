//! The only door to JavaScript: thin wrappers that read their arguments
//! (`from_js`: serde-wasm-bindgen over the core's serde shapes), call the
//! core, and write results (`to_js`: the same shapes) or JS `Error`s whose
//! message names the argument (`error`). The TypeScript declarations of the
//! shapes, and the types the exports' signatures name, are generated from
//! the same Rust types (`build.rs`, `shape`). See docs/architecture.md.

// A module with only some systems (the features in Cargo.toml) leaves some
// shared helpers unused.
#[cfg(feature = "crowd")]
mod avoidance;
mod draw;
#[cfg_attr(not(feature = "default"), allow(dead_code))]
mod error;
#[cfg(feature = "crowd")]
mod formation;
#[cfg_attr(not(feature = "default"), allow(dead_code))]
mod from_js;
#[cfg(feature = "paths")]
mod geom;
#[cfg(any(feature = "paths", feature = "pathfind"))]
mod motion;
#[cfg(feature = "pathfind")]
mod pathfind;
#[cfg(feature = "paths")]
mod planner;
#[cfg(feature = "paths")]
mod reeds_shepp;
#[cfg(feature = "roads")]
mod road;
mod shape;
#[cfg(feature = "crowd")]
mod steering;
#[cfg_attr(not(feature = "default"), allow(dead_code))]
mod to_js;

use wasm_bindgen::prelude::*;

/// The data shapes (`Point`, `Pose`, `Path`, ...), generated from the core.
#[wasm_bindgen(typescript_custom_section)]
const SHAPES: &str = include_str!(concat!(env!("OUT_DIR"), "/shapes.d.ts"));

/// Installs the panic hook when the module is instantiated, so that a bug
/// that does panic is at least reported with its message. (`start` runs
/// once per instance; setting the same hook again would change nothing, so
/// no `Once` guard.)
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(console_error_panic_hook::hook));
}

/// The modules' allocator: talc in place of the standard library's dlmalloc
/// (smaller and faster in WebAssembly).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
