//! Slot assignment: which member takes which slot.
//!
//! Two strategies. [`AssignmentStrategy::Sequential`] is Millington's "very
//! simple assignment algorithm": members take slots 0, 1, 2, … in the order
//! they joined. [`AssignmentStrategy::MinCost`] minimises the total distance
//! the members have to travel to their slots with the Hungarian method
//! (Kuhn–Munkres, in the O(n²·m) form with row and column potentials). A
//! minimum total of straight-line distances also means no two members' straight
//! paths cross: if two did, swapping their slots would be strictly shorter
//! (triangle inequality).

use core::fmt;

/// How the formation manager hands out slots. As data (the `serde`
/// feature): `"sequential"` or `"cost"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum AssignmentStrategy {
    /// Slot `i` to the `i`-th member, in joining order.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "sequential"))]
    Sequential,
    /// The assignment with the least total travel distance (Hungarian method).
    #[cfg_attr(feature = "serde", serde(rename = "cost"))]
    MinCost,
}

impl AssignmentStrategy {
    /// Its name as data: `"sequential"` or `"cost"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            AssignmentStrategy::Sequential => "sequential",
            AssignmentStrategy::MinCost => "cost",
        }
    }
}

impl fmt::Display for AssignmentStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The assignment of `rows` workers to distinct columns out of `cols` that
/// minimises the total cost; `cost` is row-major, `cost[r * cols + c]`.
/// Returns the column of each row.
///
/// `None` when `rows > cols`, when `cost.len() != rows * cols`, or when a cost
/// is NaN or infinite. Zero rows give an empty assignment. O(rows² · cols).
///
/// # Examples
/// ```
/// use arcline::formation::min_cost_assignment;
/// // Two workers, two jobs: the diagonal costs 1 + 1, the other way 3 + 3.
/// assert_eq!(min_cost_assignment(&[1.0, 3.0, 3.0, 1.0], 2, 2), Some(vec![0, 1]));
/// assert_eq!(min_cost_assignment(&[5.0, 1.0, 1.0, 5.0], 2, 2), Some(vec![1, 0]));
/// ```
#[must_use]
pub fn min_cost_assignment(cost: &[f64], rows: usize, cols: usize) -> Option<Vec<usize>> {
    if rows > cols || rows.checked_mul(cols)? != cost.len() || !cost.iter().all(|c| c.is_finite()) {
        return None;
    }
    if rows == 0 {
        return Some(Vec::new());
    }
    // 1-based rows and columns; column 0 is the virtual start of each
    // augmenting path. u, v are the row and column potentials, p[j] is the row
    // matched to column j (0 = none), way[j] the previous column on the path.
    let (n, m) = (rows, cols);
    let mut u = vec![0.0f64; n + 1];
    let mut v = vec![0.0f64; m + 1];
    let mut p = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    let mut minv = vec![0.0f64; m + 1];
    let mut used = vec![false; m + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0usize;
        minv.fill(f64::INFINITY);
        used.fill(false);
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = f64::INFINITY;
            let mut j1 = 0usize;
            let row = &cost[(i0 - 1) * m..i0 * m];
            let ui0 = u[i0];
            // Zipped slices: no bounds checks in the O(n³) inner loop.
            let cols = row
                .iter()
                .zip(&v[1..])
                .zip(&mut minv[1..])
                .zip(&mut way[1..])
                .zip(&used[1..]);
            for (k, ((((&c, &vj), mv), wy), &is_used)) in cols.enumerate() {
                if !is_used {
                    let cur = c - ui0 - vj;
                    if cur < *mv {
                        *mv = cur;
                        *wy = j0;
                    }
                    if *mv < delta {
                        delta = *mv;
                        j1 = k + 1;
                    }
                }
            }
            if j1 == 0 {
                // Only reachable if the arithmetic overflowed to NaN/∞.
                return None;
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        // Flip the augmenting path.
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut out = vec![usize::MAX; n];
    for j in 1..=m {
        if p[j] != 0 {
            out[p[j] - 1] = j - 1;
        }
    }
    out.iter().all(|&c| c < m).then_some(out)
}

/// The total cost of an assignment (`assignment[r]` = column of row `r`);
/// `None` if a column is out of range.
#[must_use]
pub fn assignment_cost(cost: &[f64], cols: usize, assignment: &[usize]) -> Option<f64> {
    assignment
        .iter()
        .enumerate()
        .map(|(r, &c)| {
            if c < cols {
                cost.get(r * cols + c).copied()
            } else {
                None
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_three_by_three() {
        // Rows [4 1 3] [2 0 5] [3 2 2]; by hand the six permutations cost
        // 6, 6, 9, 5, 7, 11: the unique optimum is 0→1, 1→0, 2→2 (1 + 2 + 2).
        let c = [4.0, 1.0, 3.0, 2.0, 0.0, 5.0, 3.0, 2.0, 2.0];
        let a = min_cost_assignment(&c, 3, 3).unwrap();
        assert_eq!(a, vec![1, 0, 2]);
        assert_eq!(assignment_cost(&c, 3, &a), Some(5.0));
    }

    #[test]
    fn rectangular_picks_the_cheapest_columns() {
        let c = [9.0, 1.0, 9.0, 9.0, 9.0, 9.0, 9.0, 2.0];
        assert_eq!(min_cost_assignment(&c, 2, 4), Some(vec![1, 3]));
    }

    #[test]
    fn bad_input_is_none_not_a_panic() {
        assert_eq!(min_cost_assignment(&[1.0, 2.0], 2, 1), None);
        assert_eq!(min_cost_assignment(&[1.0, 2.0, 3.0], 2, 2), None);
        assert_eq!(min_cost_assignment(&[1.0, f64::NAN, 3.0, 4.0], 2, 2), None);
        assert_eq!(min_cost_assignment(&[], 0, 0), Some(vec![]));
        assert_eq!(min_cost_assignment(&[], 0, 3), Some(vec![]));
        assert_eq!(min_cost_assignment(&[1.0, 2.0], usize::MAX, 2), None);
    }

    #[test]
    fn names_are_the_data_names() {
        assert_eq!(AssignmentStrategy::Sequential.to_string(), "sequential");
        assert_eq!(AssignmentStrategy::MinCost.name(), "cost");
    }
}
