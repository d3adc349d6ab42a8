//! Roads: the construction cases, properties of random profile pairs, hostile numbers.

mod cases;
mod figures;
mod junction_cases;
mod junction_props;
mod opendrive;
mod props;
mod robust;
#[path = "../common/simpson.rs"]
mod simpson;
mod transition;
#[path = "../common/xorshift.rs"]
mod xorshift;
