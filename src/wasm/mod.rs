//! The only door to JavaScript: thin wrappers that check their inputs, call the
//! core, and turn errors into JS `Error`s whose message names the argument.
//! Compiled only for `wasm32`.

mod convert;
mod formation;
mod geom;
mod planner;
mod road;
mod steering;
mod to_js;

use wasm_bindgen::prelude::*;

/// Installs the panic hook once, when the module is instantiated, so that a
/// bug that does panic is at least reported with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}
