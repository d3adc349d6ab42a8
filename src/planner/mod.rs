//! Paths for a unit with a minimum turning radius (after Pinter, "Toward
//! More Realistic Pathfinding"): turn-then-go to a point,
//! the six Dubins words to a pose, the 48 Reeds–Shepp words (reversing
//! allowed), and motion along a path over time.
//!
//! Around obstacles ([`pathfind`]): [`plan_around`] searches a tangent
//! graph of circles and polygon corners, [`plan_on_grid`] is Pinter's
//! directional A* on a tile grid.
//!
//! Every path is a [`Path`](crate::Path) of [`Arc`](crate::Arc)s and
//! [`Line`](crate::Line)s joined with equal tangents. Bad input (radius ≤ 0,
//! NaN, infinities) is an [`Error`](crate::Error), never a panic.

mod cc_dubins;
mod cc_turn;
mod cc_turn_sides;
mod dubins;
mod error;
mod motion;
pub mod parking;
pub mod pathfind;
mod reeds_shepp;
#[cfg(feature = "serde")]
pub mod shape;
mod trig;
mod turn;

pub use cc_dubins::{cc_dubins_lengths, plan_dubins_cc};
pub use cc_turn::{plan_turn_cc, CurvatureOptions};
pub use cc_turn_sides::{
    turn_then_go_cc_sides, CcTurnExit, CcTurnSide, CcTurnSides, CcUnreachable,
};
pub use dubins::{
    dubins_candidates, dubins_length, dubins_lengths, dubins_shortest, DubinsWord, FULL_TURN_SNAP,
    NEAR,
};
pub use error::MAX_MAGNITUDE;
pub use motion::{pose_at_time, Motion};
pub use pathfind::{
    plan_around, plan_on_grid, AroundOptions, AroundPlanner, Circle, Goal, Grid, GridPlan, NoPath,
    Obstacles, PlanAround,
};
pub use reeds_shepp::{
    reeds_shepp_candidates, reeds_shepp_length, reeds_shepp_lengths, reeds_shepp_shortest,
    ReedsSheppWord,
};
pub use turn::{
    plan_turn, turn_then_go_sides, Side, TurnExit, TurnSide, TurnSides, Unreachable, ON_CIRCLE,
};
