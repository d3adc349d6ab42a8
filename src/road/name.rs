//! How a profile is named in errors: an argument (`a`, `b`, `source`) or an
//! item of a list (`profiles[3]`). Errors are only built when something is
//! wrong, so a name costs nothing on the way to a good piece.

use crate::error::{Error, Field, Reason};

/// The name of a profile in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Name {
    /// An argument or a field.
    Arg(&'static str),
    /// Item `index` of the list `list`.
    Item(&'static str, usize),
}

impl Name {
    /// The field of the profile itself.
    pub(crate) fn field(self) -> Field {
        match self {
            Name::Arg(name) => Field::named(name),
            Name::Item(list, i) => Field::named(list).index(i),
        }
    }

    /// `reason` about the profile as a whole.
    pub(crate) fn error(self, reason: Reason) -> Error {
        Error::new(self.field(), reason)
    }

    /// An error about a part of the profile (`lanes[1].width`), about the
    /// profile under this name (`b.lanes[1].width`).
    pub(crate) fn wrap(self, e: Error) -> Error {
        match self {
            Name::Arg(name) => e.within(name),
            Name::Item(list, i) => e.within_index(i).within(list),
        }
    }
}
