//! The neighbour radii a behaviour list asks for ([`Query`]), below the
//! behaviour sets that keep one per set and the neighbour sums that read
//! them.

use super::behavior::{Behavior, BehaviorKind};

/// The neighbour radii one vehicle's behaviours ask for: its first
/// separation, alignment and cohesion (0: not asked), and what the sums
/// compare with and scale by.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Query {
    pub sep: f64,
    pub ali: f64,
    pub coh: f64,
    /// `r²` of separation, `1 / r` of separation, `r²` of alignment and of
    /// cohesion (0 when not asked).
    pub(super) limits: [f64; 4],
    /// The largest `r²`: the candidates listed.
    pub(super) reach2: f64,
}

impl Query {
    /// The radii of a behaviour list.
    pub fn of(behaviors: &[Behavior]) -> Query {
        let (mut sep, mut ali, mut coh) = (0.0, 0.0, 0.0);
        for b in behaviors {
            let slot = match b.kind {
                BehaviorKind::Separation { radius } => Some((&mut sep, radius)),
                BehaviorKind::Alignment { radius } => Some((&mut ali, radius)),
                BehaviorKind::Cohesion { radius } => Some((&mut coh, radius)),
                _ => None,
            };
            if let Some((r, radius)) = slot {
                if *r == 0.0 {
                    *r = radius;
                }
            }
        }
        Query::new(sep, ali, coh)
    }

    /// A query for these radii (0: not asked).
    pub fn new(sep: f64, ali: f64, coh: f64) -> Query {
        let inv = if sep > 0.0 { 1.0 / sep } else { 0.0 };
        Query {
            sep,
            ali,
            coh,
            limits: [sep * sep, inv, ali * ali, coh * coh],
            reach2: (sep * sep).max(ali * ali).max(coh * coh),
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.sep == 0.0 && self.ali == 0.0 && self.coh == 0.0
    }

    /// Whether alignment or cohesion is asked for.
    #[inline]
    pub fn flocks(&self) -> bool {
        self.ali != 0.0 || self.coh != 0.0
    }
}
