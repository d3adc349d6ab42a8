//! [`SlotOrder`]: a bulk view of a [`World`](super::World) whose items are
//! in slot order, which a step may change: the type says so, so that a
//! renderer does not index it by vehicle id.

use core::ops::Deref;

/// A slice of per-vehicle values in **slot order**: the `i`-th item (or
/// stride of items) is the vehicle `World::ids()[i]`, and a step that sorts
/// the vehicles by grid cell changes which vehicle that is. It reads as a
/// slice (indexing, `iter`, `len`, `to_vec`); [`as_slice`](SlotOrder::as_slice)
/// gives the slice itself. For values by id, read
/// [`World::position_of`](super::World::position_of) or copy with
/// [`World::positions_by_id_into`](super::World::positions_by_id_into).
///
/// # Examples
/// ```
/// use arcline::prelude::*;
/// let mut w = World::new(1);
/// let id = w.add_vehicle(VehicleSpec::new(3.0, 4.0, 1.0, 1.0)).unwrap();
/// let xy = w.positions();
/// let slot = w.slot(id).unwrap();
/// assert_eq!(&xy[2 * slot..2 * slot + 2], [3.0, 4.0]);
/// assert_eq!(w.ids()[slot], id);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlotOrder<'a, T>(&'a [T]);

impl<'a, T> SlotOrder<'a, T> {
    /// The view of `items`, which are in slot order.
    pub(crate) fn new(items: &'a [T]) -> SlotOrder<'a, T> {
        SlotOrder(items)
    }

    /// The items as a plain slice (still in slot order).
    #[must_use]
    pub fn as_slice(self) -> &'a [T] {
        self.0
    }
}

impl<T> Deref for SlotOrder<'_, T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.0
    }
}

impl<T> core::borrow::Borrow<[T]> for SlotOrder<'_, T> {
    fn borrow(&self) -> &[T] {
        self.0
    }
}

impl<'a, T> IntoIterator for SlotOrder<'a, T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
