// The one closeness assertion of the JS tests.
import assert from "node:assert/strict";

/** Asserts |actual - expected| <= tolerance, saying both numbers (and `what`) when not. */
export function assertNear(actual, expected, tolerance, what = "") {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what ? `${what}: ` : ""}${actual} vs ${expected} (tolerance ${tolerance})`);
}

/** assertNear with a file's usual tolerance: `const near = nearWithin(1e-9)`, then `near(a, b)` or `near(a, b, tol, what)`. */
export function nearWithin(defaultTolerance) {
  return (actual, expected, tolerance = defaultTolerance, what = "") => assertNear(actual, expected, tolerance, what);
}
