//! Movements through a junction: which way a vehicle turns from one arm to
//! another, and which of their driving lanes the movement joins.

use super::arm::Arm;
use core::f64::consts::FRAC_PI_4;

/// Which way a movement turns, by the angle `τ` from the entering heading
/// to the leaving one (in `(-π, π]`, positive to the left). As data:
/// `"right"`, `"straight"`, `"left"`, `"u-turn"`.
///
/// | `τ` | kind |
/// |-----|------|
/// | `-3π/4 ≤ τ < -π/4` | right |
/// | `-π/4 ≤ τ ≤ π/4` | straight |
/// | `π/4 < τ ≤ 3π/4` | left |
/// | beyond `±3π/4` (back to the same arm, or to one less than 45° beside it) | u-turn |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum MovementKind {
    /// A turn to the right (clockwise) by 45° to 135°.
    Right,
    /// Across, turning by at most 45° either way.
    Straight,
    /// A turn to the left (counter-clockwise) by 45° to 135°.
    Left,
    /// Back by more than 135° (made only when asked for).
    UTurn,
}

impl MovementKind {
    /// The kind of a movement turning by `tau` (radians, in `(-π, π]`).
    #[must_use]
    pub fn of_turn(tau: f64) -> MovementKind {
        if tau.abs() <= FRAC_PI_4 {
            MovementKind::Straight
        } else if tau.abs() <= 3.0 * FRAC_PI_4 {
            if tau < 0.0 {
                MovementKind::Right
            } else {
                MovementKind::Left
            }
        } else {
            MovementKind::UTurn
        }
    }

    /// The name in data and in the JS API (`"right"`, ..., `"u-turn"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MovementKind::Right => "right",
            MovementKind::Straight => "straight",
            MovementKind::Left => "left",
            MovementKind::UTurn => "u-turn",
        }
    }
}

/// The lane pairs `(entering lane of from, leaving lane of to)` a movement
/// joins (see the lane table in the [module docs](super)).
pub(crate) fn lane_pairs(
    from: &Arm,
    to: &Arm,
    kind: MovementKind,
    tau: f64,
) -> Vec<(usize, usize)> {
    let (e, x) = (&from.entering, &to.leaving);
    let (Some(&e_right), Some(&x_right)) = (e.first(), x.first()) else {
        return Vec::new();
    };
    let (e_left, x_left) = (e[e.len() - 1], x[x.len() - 1]);
    match kind {
        MovementKind::Right => vec![(e_right, x_right)],
        MovementKind::Left => vec![(e_left, x_left)],
        MovementKind::Straight => e.iter().copied().zip(x.iter().copied()).collect(),
        MovementKind::UTurn if tau > 0.0 => vec![(e_left, x_left)],
        MovementKind::UTurn => vec![(e_right, x_right)],
    }
}
