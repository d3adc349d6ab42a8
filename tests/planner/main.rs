//! The turning-radius planner: turn-then-go, the Dubins words (against the `dubins_paths` crate), continuous-curvature Dubins paths (against steering_functions' CC00-Dubins), motion along a path, pathfinding around obstacles and on grids, hostile numbers.

#[path = "../common/simpson.rs"]
mod simpson;
#[path = "../common/xorshift.rs"]
mod xorshift;

mod cc_dubins;
mod cc_turn_sides;
mod dubins;
mod grid;
mod grid_reference;
mod motion;
mod parking;
mod parking_ompl;
mod pathfind;
mod peer;
mod reeds_shepp;
mod reeds_shepp_ompl;
mod robust;
mod turn;
