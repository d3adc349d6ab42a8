//! The open list's entry, one type for the searches' heaps (the tangent
//! graph's search, the grid search and the grid's tile distances).

use core::cmp::Ordering;

/// A queued path to a node: `f = g + h`, with what the search keeps of how
/// it got there (`P`: the parent, or `()` where the search keeps it
/// elsewhere).
#[derive(Clone, Copy, Debug)]
pub(super) struct Queued<P> {
    pub f: f64,
    pub g: f64,
    pub node: u32,
    pub parent: P,
    pub refined: bool,
}

impl<P> PartialEq for Queued<P> {
    fn eq(&self, o: &Queued<P>) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl<P> Eq for Queued<P> {}
impl<P> PartialOrd for Queued<P> {
    fn partial_cmp(&self, o: &Queued<P>) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl<P> Ord for Queued<P> {
    /// The smallest `f` first (the heap is a max-heap), then the largest `g`
    /// (plain comparisons: costs are never NaN).
    fn cmp(&self, o: &Queued<P>) -> Ordering {
        if self.f < o.f {
            Ordering::Greater
        } else if self.f > o.f {
            Ordering::Less
        } else if self.g > o.g {
            Ordering::Greater
        } else if self.g < o.g {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }
}
