//! Roads: the construction cases, properties of random profile pairs, hostile numbers.

mod cases;
mod props;
mod robust;
