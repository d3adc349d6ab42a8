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
    /// A coordinate or the radius (named) was beyond [`MAX_MAGNITUDE`]: its
    /// square would overflow, so lengths would not be finite.
    TooLarge(&'static str),
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
            PlanError::TooLarge(what) => {
                write!(f, "{what} must be at most 1e150 in magnitude")
            }
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

/// The largest coordinate or radius the planner accepts: squares of
/// differences of such numbers stay finite.
/// (Messages spell it "1e150".)
pub const MAX_MAGNITUDE: f64 = 1e150;

/// `Ok(radius)` when finite, > 0 and at most [`MAX_MAGNITUDE`].
pub(crate) fn check_radius(radius: f64) -> Result<f64, PlanError> {
    if !radius.is_finite() {
        Err(PlanError::NonFinite("radius"))
    } else if radius <= 0.0 {
        Err(PlanError::NonPositiveRadius)
    } else if radius > MAX_MAGNITUDE {
        Err(PlanError::TooLarge("radius"))
    } else {
        Ok(radius)
    }
}

/// `Ok(())` when `x` and `y` are finite and within [`MAX_MAGNITUDE`] (any
/// finite heading is fine: it is normalised).
pub(crate) fn check_xy(x: f64, y: f64, what: &'static str) -> Result<(), PlanError> {
    if !(x.is_finite() && y.is_finite()) {
        Err(PlanError::NonFinite(what))
    } else if x.abs() > MAX_MAGNITUDE || y.abs() > MAX_MAGNITUDE {
        Err(PlanError::TooLarge(what))
    } else {
        Ok(())
    }
}
