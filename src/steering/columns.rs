//! The struct-of-arrays storage of a crowd, declared once: [`columns!`]
//! takes the list of per-slot columns and writes the struct of vectors, the
//! struct of one slot's values, and the three operations every column takes
//! part in: push a vehicle, swap-remove a slot, and permute the slots (the
//! reordering by grid cell). A new column is one line in the list
//! ([`super::world`]); a column of a type not yet in [`Scratch`] also needs
//! its scratch buffer there (the compiler asks for it).

use super::rng::Pcg32;
use super::vehicle::VehicleId;

/// Declares the columns of a struct-of-arrays store: `struct Name / Row {
/// field: Type, ... }` gives `Name` (a `Vec<Type>` per field, `Default`) and
/// `Row` (one slot's values), and on `Name`: `push(Row)`,
/// `swap_remove(slot) -> Row` (the last slot moves into `slot`, in every
/// column), and `permute(order, scratch)` (slot `k` takes the values of
/// slot `order[k]`, in every column).
macro_rules! columns {
    (
        $(#[$meta:meta])*
        struct $name:ident / $row:ident {
            $( $(#[$fmeta:meta])* $field:ident : $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default)]
        struct $name {
            $( $(#[$fmeta])* $field: Vec<$ty>, )*
        }

        /// One slot's values in every column.
        struct $row {
            $( $field: $ty, )*
        }

        impl $name {
            /// Appends a slot.
            fn push(&mut self, row: $row) {
                $( self.$field.push(row.$field); )*
            }

            /// Removes slot `slot` from every column, the last slot taking
            /// its place; returns the removed values.
            fn swap_remove(&mut self, slot: usize) -> $row {
                $row { $( $field: self.$field.swap_remove(slot), )* }
            }

            /// Slot `k` takes the values of slot `order[k]` in every column.
            fn permute(&mut self, order: &[u32], scratch: &mut $crate::steering::columns::Scratch) {
                $(
                    $crate::steering::columns::permute(
                        &mut self.$field,
                        $crate::steering::columns::ScratchFor::<$ty>::buf(scratch),
                        order,
                    );
                )*
            }
        }
    };
}
pub(super) use columns;

/// Scratch buffers for [`permute`], one per column type (kept for their
/// capacity; the columns of one type share one).
#[derive(Debug, Clone, Default)]
pub(super) struct Scratch {
    two: Vec<[f64; 2]>,
    one: Vec<f64>,
    ids: Vec<VehicleId>,
    rng: Vec<Pcg32>,
    index: Vec<u32>,
}

/// The scratch buffer for a column of `T`.
pub(super) trait ScratchFor<T> {
    fn buf(&mut self) -> &mut Vec<T>;
}

impl ScratchFor<[f64; 2]> for Scratch {
    fn buf(&mut self) -> &mut Vec<[f64; 2]> {
        &mut self.two
    }
}

impl ScratchFor<f64> for Scratch {
    fn buf(&mut self) -> &mut Vec<f64> {
        &mut self.one
    }
}

impl ScratchFor<VehicleId> for Scratch {
    fn buf(&mut self) -> &mut Vec<VehicleId> {
        &mut self.ids
    }
}

impl ScratchFor<Pcg32> for Scratch {
    fn buf(&mut self) -> &mut Vec<Pcg32> {
        &mut self.rng
    }
}

impl ScratchFor<u32> for Scratch {
    fn buf(&mut self) -> &mut Vec<u32> {
        &mut self.index
    }
}

/// `v[k] = v[order[k]]` for every `k`, through `scratch` (swapped with `v`).
pub(super) fn permute<T: Clone>(v: &mut Vec<T>, scratch: &mut Vec<T>, order: &[u32]) {
    scratch.clear();
    scratch.extend(order.iter().map(|&s| v[s as usize].clone()));
    core::mem::swap(v, scratch);
}
