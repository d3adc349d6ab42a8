//! `PlanError`: why a planner call has no answer.

use core::fmt;

/// Why a planner call failed. Input errors name the argument; the only
/// geometric failure is [`PlanError::TargetAtStart`] for the turn-then-go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanError {
    /// An input number (named) was NaN or infinite.
    NonFinite(&'static str),
    /// The turning radius was zero or negative.
    NonPositiveRadius,
    /// The turn-then-go target is the start itself: the two turning circles
    /// touch only there, so neither side leaves the start towards it.
    TargetAtStart,
    /// A batch of queries whose length is not a multiple of 6.
    QueriesNotMultipleOfSix(usize),
    /// The output buffer of a batch does not hold one value per query.
    OutputLength { expected: usize, got: usize },
    /// A speed below zero for motion along a path.
    NegativeSpeed,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::NonFinite(what) => write!(f, "{what} must be a finite number"),
            PlanError::NonPositiveRadius => write!(f, "radius must be greater than zero"),
            PlanError::TargetAtStart => {
                write!(f, "the target is the start itself: no turn-then-go path")
            }
            PlanError::QueriesNotMultipleOfSix(n) => write!(
                f,
                "queries must hold 6 numbers per query (x0,y0,h0,x1,y1,h1); got {n}"
            ),
            PlanError::OutputLength { expected, got } => {
                write!(f, "output must hold {expected} values, got {got}")
            }
            PlanError::NegativeSpeed => write!(f, "speed must be zero or more"),
        }
    }
}

impl std::error::Error for PlanError {}

/// `Ok(radius)` when finite and > 0.
pub(crate) fn check_radius(radius: f64) -> Result<f64, PlanError> {
    if !radius.is_finite() {
        Err(PlanError::NonFinite("radius"))
    } else if radius <= 0.0 {
        Err(PlanError::NonPositiveRadius)
    } else {
        Ok(radius)
    }
}
