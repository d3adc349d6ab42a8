// The Reeds-Shepp planner's published JS API (planReedsShepp,
// reedsSheppLengths) and the reversing segments it returns, as the rest of
// the API reads them (poseAt, poseAtTime, pathToSvg, offsetPath): shapes,
// values worked out by hand, and bad input that throws a named Error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const close = nearWithin(1e-9);
const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));

function throwsNamed(fn, name) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), String(e));
    assert.ok(e.message.startsWith(name), `"${e.message}" should start with "${name}"`);
    return true;
  });
}

test("a goal straight behind: one reversing line, the vehicle facing forwards all the way", () => {
  const p = A.planReedsShepp({ x: 1, y: 1, heading: 0 }, { x: -3, y: 1, heading: 0 }, 2);
  close(p.length, 4, 1e-12);
  assert.equal(p.word.length, p.segments.length);
  const line = p.segments.find((s) => s.kind === "line");
  assert.equal(line.reverse, true);
  assert.ok(p.segments.every((s) => s.reverse === true));
  assert.deepEqual(Object.keys(line).sort(), ["end", "kind", "length", "reverse", "start"]);
  const mid = A.poseAt(p, 2);
  close(mid.x, -1, 1e-12);
  close(wrap(mid.heading), 0, 1e-12, "heading");
  const t = A.poseAtTime(p, 2, 0.5);
  close(t.x, 0, 1e-12);
  close(wrap(t.heading), 0, 1e-12);
  assert.match(A.pathToSvg(p), /^M1 1 .*L-3 1/);
});

test("backing round the left circle: an L with a negative sweep and reverse: true", () => {
  // A quarter turn backwards with the centre (0, 1) on the vehicle's left
  // ends at (-1, 1) facing south; forwards it would take three quarters.
  const p = A.planReedsShepp({ x: 0, y: 0, heading: 0 }, { x: -1, y: 1, heading: -Math.PI / 2 }, 1);
  close(p.length, Math.PI / 2, 1e-12);
  const arcs = p.segments.filter((s) => s.kind === "arc" && s.length > 1e-12);
  assert.equal(arcs.length, 1);
  const a = arcs[0];
  assert.equal(a.reverse, true);
  assert.ok(a.sweep < 0, `sweep ${a.sweep}`);
  close(a.center.x, 0, 1e-12);
  close(a.center.y, 1, 1e-12);
  assert.equal(p.word[p.segments.indexOf(a)], "L");
  // Half way round, 45° short of the centre's west, the vehicle faces south-east.
  const h = A.poseAt(p, Math.PI / 4);
  close(h.x, -Math.SQRT1_2, 1e-12);
  close(h.y, 1 - Math.SQRT1_2, 1e-12);
  close(wrap(h.heading), -Math.PI / 4, 1e-12);
  // pathToSvg draws it with the clockwise flag.
  assert.match(A.pathToSvg(p), / A1 1 0 0 0 -1 1$/);
});

test("forward segments carry no reverse; a path read back keeps the gears", () => {
  const p = A.planReedsShepp({ x: 0, y: 0, heading: 0 }, { x: 1, y: -1, heading: 2.5 }, 1);
  let cusps = 0;
  p.segments.forEach((s, i) => {
    if ("reverse" in s) assert.equal(s.reverse, true);
    if (i > 0 && Boolean(p.segments[i - 1].reverse) !== Boolean(s.reverse)) cusps++;
  });
  assert.ok(cusps >= 1, "this goal needs a gear change");
  // The pose is continuous along it (cusps included): small steps, small moves.
  let prev = A.poseAt(p, 0);
  for (let k = 1; k <= 200; k++) {
    const q = A.poseAt(p, (p.length * k) / 200);
    assert.ok(Math.hypot(q.x - prev.x, q.y - prev.y) <= p.length / 200 + 1e-9);
    assert.ok(Math.abs(wrap(q.heading - prev.heading)) <= p.length / 200 + 1e-9);
    prev = q;
  }
  const end = A.poseAt(p, p.length);
  close(end.x, 1, 1e-12);
  close(end.y, -1, 1e-12);
  close(wrap(end.heading - 2.5), 0, 1e-12);
  // Offsetting to the vehicle's left keeps the offset path joined at the cusps.
  const o = A.offsetPath(p, 0.3);
  for (let i = 1; i < o.segments.length; i++) {
    const a = A.poseAt({ segments: o.segments.slice(0, i) }, 1e9);
    const b = A.poseAt({ segments: o.segments.slice(i) }, 0);
    close(a.x, b.x, 1e-9, "offset x");
    close(a.y, b.y, 1e-9, "offset y");
  }
});

test("reedsSheppLengths: one length per query, the same as planReedsShepp, never above dubinsLengths", () => {
  const q = new Float64Array([0, 0, 0, -2, 0, 0, 1, 1, 0.5, 1, 1, 0.5, 0, 0, 0, 3, 4, 2, 5, 5, -1, 4, 6, 2.9]);
  const out = A.reedsSheppLengths(q, 1.5);
  assert.ok(out instanceof Float64Array);
  assert.equal(out.length, 4);
  close(out[0], 2, 1e-12);
  assert.equal(out[1], 0);
  const dubins = A.dubinsLengths(q, 1.5);
  for (let i = 0; i < 4; i++) {
    const s = { x: q[6 * i], y: q[6 * i + 1], heading: q[6 * i + 2] };
    const g = { x: q[6 * i + 3], y: q[6 * i + 4], heading: q[6 * i + 5] };
    close(out[i], A.planReedsShepp(s, g, 1.5).length, 1e-9);
    assert.ok(out[i] <= dubins[i] + 1e-9);
  }
  assert.equal(A.reedsSheppLengths(new Float64Array(0), 1).length, 0);
});

test("bad input throws an Error naming the argument", () => {
  const s = { x: 0, y: 0, heading: 0 };
  const g = { x: 5, y: 1, heading: 1 };
  for (const r of [0, -1, NaN, Infinity, undefined, "3"]) {
    throwsNamed(() => A.planReedsShepp(s, g, r), "radius");
    throwsNamed(() => A.reedsSheppLengths(new Float64Array(6), r), "radius");
  }
  throwsNamed(() => A.planReedsShepp({ x: NaN, y: 0, heading: 0 }, g, 1), "start.x");
  throwsNamed(() => A.planReedsShepp(s, { x: 1, y: 1 }, 1), "goal.heading");
  throwsNamed(() => A.planReedsShepp(s, { x: 1e200, y: 1, heading: 0 }, 1), "goal.x");
  throwsNamed(() => A.reedsSheppLengths(new Float64Array(7), 1), "queries");
  throwsNamed(() => A.reedsSheppLengths(new Float64Array([0, 0, 0, 1, NaN, 0]), 1), "queries[4]");
  throwsNamed(() => A.reedsSheppLengths([0, 0, 0, 1, 1, 0], 1), "queries");
  // A segment's reverse must be a boolean when given.
  const path = { segments: [{ kind: "line", start: { x: 0, y: 0 }, end: { x: 1, y: 0 }, reverse: "yes" }] };
  throwsNamed(() => A.poseAt(path, 0.5), "path.segments[0].reverse");
});
