//! Batches of pose-pair queries (`x0, y0, h0, x1, y1, h1` each) as the
//! batch calls take them (`dubins_lengths`, `reeds_shepp_lengths`,
//! `cc_dubins_lengths`, `fit_clothoids`): their count, checked against the
//! output buffer, and the error about a query's first bad number.

use crate::error::{Error, Field, Reason};

/// Numbers in one query.
pub(crate) const STRIDE: usize = 6;

/// Whether the query `x0, y0, h0, x1, y1, h1` passes every check
/// (coordinates within `limit`, headings finite) in one well-predicted
/// test: `&`, not `&&`, and NaN fails every comparison. The caller names the
/// error when not ([`query_error`]).
#[inline(always)]
pub(crate) fn query_ok([x0, y0, h0, x1, y1, h1]: [f64; STRIDE], limit: f64) -> bool {
    (x0.abs() <= limit)
        & (y0.abs() <= limit)
        & (x1.abs() <= limit)
        & (y1.abs() <= limit)
        & (h0.abs() < f64::INFINITY)
        & (h1.abs() < f64::INFINITY)
}

/// How many queries `queries` holds, when `out` has `per_query` numbers for
/// each of them.
///
/// # Errors
/// [`Reason::NotAMultiple`] of 6 about `queries`; [`Reason::OutputLength`]
/// about `out`.
pub(crate) fn count(queries: &[f64], out_len: usize, per_query: usize) -> Result<usize, Error> {
    if queries.len() % STRIDE != 0 {
        return Err(Error::at(
            "queries",
            Reason::NotAMultiple {
                of: STRIDE,
                got: queries.len(),
            },
        ));
    }
    let n = queries.len() / STRIDE;
    if out_len != per_query * n {
        return Err(Error::at(
            "out",
            Reason::OutputLength {
                expected: per_query * n,
                got: out_len,
            },
        ));
    }
    Ok(n)
}

/// The error about the first number of query `k` that is not finite or (a
/// coordinate, not a heading) beyond `limit`: about `queries[6k + j]`.
#[cold]
#[inline(never)]
pub(crate) fn query_error(q: &[f64], k: usize, limit: f64) -> Error {
    let bad = |j: usize, v: f64| {
        if !v.is_finite() {
            Some(Reason::NotFinite)
        } else if j % 3 != 2 && v.abs() > limit {
            Some(Reason::TooLarge { limit })
        } else {
            None
        }
    };
    let (j, reason) = q
        .iter()
        .enumerate()
        .find_map(|(j, &v)| bad(j, v).map(|r| (j, r)))
        .unwrap_or((0, Reason::NotFinite));
    Error::new(Field::named("queries").index(STRIDE * k + j), reason)
}

/// `Ok` when every number of query `k` passes [`query_error`]'s checks.
///
/// # Errors
/// As [`query_error`].
pub(crate) fn check_query(q: &[f64], k: usize, limit: f64) -> Result<(), Error> {
    let ok = q
        .iter()
        .enumerate()
        .all(|(j, &v)| v.is_finite() && (j % 3 == 2 || v.abs() <= limit));
    if ok {
        Ok(())
    } else {
        Err(query_error(q, k, limit))
    }
}
