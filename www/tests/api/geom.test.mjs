// The geometry part of the published JS API, loaded in Node as tutorial
// authors load it: shapes, exact values computed by hand, and bad input
// rejected with an Error naming the argument (never a wasm trap).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const { PI } = Math;
// The road seed's hand case: east from (0,0), a quarter circle of radius 10
// about (0,10), then north to (10,20).
const quarterThenLine = {
  segments: [
    { kind: "arc", center: { x: 0, y: 10 }, radius: 10, startAngle: -PI / 2, sweep: PI / 2 },
    { kind: "line", start: { x: 10, y: 10 }, end: { x: 10, y: 20 } },
  ],
};

const near = nearWithin(1e-12);

/** Expects `fn` to throw an Error (not a wasm RuntimeError) mentioning `arg`. */
function rejects(fn, arg) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, "an Error");
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `a trap: ${e.message}`);
    assert.ok(e.message.includes(arg), `"${e.message}" should name ${arg}`);
    return true;
  });
}

test("poseAt walks the segments as listing 2 and clamps at both ends", () => {
  const mid = A.poseAt(quarterThenLine, 2.5 * PI);
  near(mid.x, 10 * Math.SQRT1_2);
  near(mid.y, 10 - 10 * Math.SQRT1_2);
  near(mid.heading, PI / 4);
  const onLine = A.poseAt(quarterThenLine, 5 * PI + 4);
  near(onLine.x, 10);
  near(onLine.y, 14);
  near(onLine.heading, PI / 2);
  const start = A.poseAt(quarterThenLine, -5);
  near(start.x, 0);
  near(start.y, 0);
  near(start.heading, 0);
  const end = A.poseAt(quarterThenLine, 1e9);
  near(end.x, 10);
  near(end.y, 20);
});

test("poseAt gives headings in (-π, π], the start pose's own at 0", () => {
  // A left turn from heading 0: its arc starts at angle 3π/2 from its centre,
  // so the arc's heading formula gives 3π/2 + π/2 = 2π at the start.
  const turn = A.planTurn({ x: 0, y: 0, heading: 0 }, { x: 0, y: 10 }, 2);
  assert.equal(A.poseAt(turn, 0).heading, 0);
  // From heading -3 round to heading 3: the headings along it cross ±π.
  const path = A.planDubins({ x: 0, y: 0, heading: -3 }, { x: 10, y: 0, heading: 3 }, 1);
  near(A.poseAt(path, 0).heading, -3);
  near(A.poseAt(path, path.length).heading, 3);
  for (let k = 0; k <= 100; k++) {
    const h = A.poseAt(path, (path.length * k) / 100).heading;
    assert.ok(h > -PI && h <= PI, `heading ${h} at ${k}%`);
  }
});

test("pathToSvg writes M, exact A arcs and L, in y-up coordinates", () => {
  assert.equal(A.pathToSvg(quarterThenLine), "M0 0 A10 10 0 0 1 10 10 L10 20");
  const cw = { segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: 2, startAngle: 0, sweep: -1.5 * PI }] };
  assert.equal(A.pathToSvg(cw), "M2 0 A2 2 0 1 0 0 2");
});

test("arcToPoint gives the tangent arc, offsetPath keeps it concentric, intersectPaths finds crossings", () => {
  const p = A.arcToPoint({ x: 0, y: 0, heading: 0 }, { x: 10, y: 10 });
  assert.equal(p.word, "L");
  const [arc] = p.segments;
  assert.equal(arc.kind, "arc");
  near(arc.radius, 10);
  near(arc.center.x, 0);
  near(arc.center.y, 10);
  near(arc.sweep, PI / 2);
  near(p.length, 5 * PI);
  const inner = A.offsetPath(p, 4);
  near(inner.segments[0].radius, 6);
  near(inner.segments[0].center.y, 10);
  // The vertical line x = 6 meets the radius-6 arc at its end (6, 10)...
  const line = { segments: [{ kind: "line", start: { x: 6, y: 0 }, end: { x: 6, y: 12 } }] };
  const hits = A.intersectPaths(inner, line);
  assert.equal(hits.length, 1);
  near(hits[0].x, 6, 1e-9);
  near(hits[0].y, 10, 1e-9);
  // ...and the radius-10 arc at y = 10 - sqrt(100 - 36) = 2.
  const outer = A.intersectPaths(p, line);
  assert.equal(outer.length, 1);
  near(outer[0].y, 2, 1e-9);
  assert.equal(A.arcToPoint({ x: 0, y: 0, heading: 0 }, { x: 5, y: 0 }).word, "S");
});

test("bad input throws an Error naming the argument, and the module keeps working", () => {
  rejects(() => A.poseAt(quarterThenLine, NaN), "distance");
  rejects(() => A.poseAt(quarterThenLine, Infinity), "distance");
  rejects(() => A.poseAt(null, 0), "path");
  rejects(() => A.poseAt({ segments: [] }, 0), "path");
  rejects(() => A.poseAt({ segments: "no" }, 0), "path.segments");
  rejects(() => A.poseAt({ segments: [{ kind: "spline" }] }, 0), "path.segments[0].kind");
  rejects(() => A.poseAt({ segments: [{ kind: "line", start: { x: 0, y: 0 } }] }, 0), "path.segments[0].end");
  rejects(() => A.poseAt({ segments: [{ kind: "line", start: { x: "1", y: 0 }, end: { x: 1, y: 0 } }] }, 0), "path.segments[0].start.x");
  rejects(
    () => A.pathToSvg({ segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: 0, startAngle: 0, sweep: 1 }] }),
    "path.segments[0].radius",
  );
  rejects(
    () => A.pathToSvg({ segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: -1, startAngle: 0, sweep: 1 }] }),
    "radius",
  );
  rejects(
    () => A.pathToSvg({ segments: [{ kind: "arc", center: { x: 0, y: NaN }, radius: 1, startAngle: 0, sweep: 1 }] }),
    "center.y",
  );
  rejects(() => A.arcToPoint({ x: 0, y: 0, heading: 0 }, { x: -3, y: 0 }), "point");
  rejects(() => A.arcToPoint({ x: 0, y: 0, heading: 0 }, { x: 0, y: 0 }), "point");
  rejects(() => A.arcToPoint({ x: 0, y: 0 }, { x: 1, y: 1 }), "pose.heading");
  rejects(() => A.arcToPoint(undefined, { x: 1, y: 1 }), "pose");
  rejects(() => A.offsetPath(quarterThenLine, 10), "distance");
  rejects(() => A.offsetPath(quarterThenLine, -Infinity), "distance");
  rejects(() => A.intersectPaths(quarterThenLine, 7), "b");
  // Still alive and exact.
  assert.equal(A.pathToSvg(quarterThenLine), "M0 0 A10 10 0 0 1 10 10 L10 20");
});
