//! The one error type of the geometry core.

use core::fmt;

/// Why a geometric construction has no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum GeomError {
    /// An input coordinate, angle or length was NaN or infinite.
    NonFinite(&'static str),
    /// A radius was zero or negative.
    NonPositiveRadius,
    /// An offset would shrink the arc at this segment index to radius ≤ 0.
    OffsetCollapsesArc { segment: usize, radius: f64 },
    /// A path needs at least one segment.
    EmptyPath,
}

impl fmt::Display for GeomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeomError::NonFinite(what) => write!(f, "{what} must be a finite number"),
            GeomError::NonPositiveRadius => write!(f, "radius must be greater than zero"),
            // The radius is in the value; the message avoids float formatting,
            // which would weigh tens of kilobytes in the wasm module.
            GeomError::OffsetCollapsesArc { segment, .. } => write!(
                f,
                "offset collapses the arc of segment {segment} (its radius would be zero or negative)"
            ),
            GeomError::EmptyPath => write!(f, "a path needs at least one segment"),
        }
    }
}

impl std::error::Error for GeomError {}
