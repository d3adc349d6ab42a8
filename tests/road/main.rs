//! Roads: the construction cases, properties of random profile pairs, hostile numbers.

mod cases;
mod figures;
mod props;
mod robust;
