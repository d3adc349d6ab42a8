//! Why a search found no path: [`NoPath`], shared by the searches and the
//! crate's error ([`crate::error::Reason::NoPath`]), below both.

/// Why there is no path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoPath {
    /// No edge of the search leaves the start clear of the obstacles: both
    /// turning circles run into obstacles before any tangent gets away.
    StartEnclosed,
    /// No last edge reaches the goal clear of the obstacles, from anywhere.
    GoalEnclosed,
    /// The search explored every route it could build: each one is blocked
    /// (the obstacles wall the goal off from the start, or the gaps are too
    /// narrow for the turning radius and clearance).
    Blocked,
    /// The search stopped after expanding `expanded` nodes (its limit)
    /// before it found a path.
    SearchLimit {
        /// How many nodes it expanded.
        expanded: usize,
    },
}

impl NoPath {
    /// `"startEnclosed"`, `"goalEnclosed"`, `"blocked"` or `"searchLimit"`.
    pub fn as_str(self) -> &'static str {
        match self {
            NoPath::StartEnclosed => "startEnclosed",
            NoPath::GoalEnclosed => "goalEnclosed",
            NoPath::Blocked => "blocked",
            NoPath::SearchLimit { .. } => "searchLimit",
        }
    }
}

impl core::fmt::Display for NoPath {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NoPath::StartEnclosed => f.write_str(
                "the unit cannot leave the start: both of its turning circles run into obstacles",
            ),
            NoPath::GoalEnclosed => {
                f.write_str("the goal cannot be approached: every way in runs into an obstacle")
            }
            NoPath::Blocked => f.write_str(
                "the obstacles wall the goal off: every route is blocked or too narrow for the turning radius",
            ),
            NoPath::SearchLimit { expanded } => write!(
                f,
                "the search gave up after expanding {expanded} nodes (its limit)"
            ),
        }
    }
}

impl std::error::Error for NoPath {}
