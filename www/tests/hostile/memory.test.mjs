// Memory stays bounded: creating and freeing worlds (with vehicles and a
// formation) and road networks ten thousand times leaves the wasm linear
// memory where warm-up left it (within one 64 KiB page). A control shows the measure can fail: the
// same loop without free() grows memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";

const wasm = A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });
const bytes = () => wasm.memory.buffer.byteLength;

const lanes = [
  { kind: "driving", width: 3.5 },
  { kind: "driving", width: 3.5 },
];

function worldRound(free) {
  const w = new A.World();
  const data = new Float64Array(7 * 20);
  for (let i = 0; i < 20; i++) data.set([i, -i, 0, 0, 2, 0.5, 1], 7 * i);
  const ids = w.addVehicles(data);
  w.setBehaviors(ids[0], [{ kind: "seek", target: { x: 5, y: 5 } }, { kind: "separation", radius: 3 }]);
  const f = w.createFormation({ pattern: "v", spacing: 2 });
  for (const id of ids.slice(1, 8)) w.joinFormation(f, id);
  w.setFormationTarget(f, { x: 10, y: 0, heading: 1 });
  w.step(1);
  w.formation(f);
  if (free) w.free();
}

function roadRound(free) {
  const n = new A.RoadNetwork();
  const a = n.addProfile({ x: 0, y: 0, heading: 0, lanes });
  const b = n.addProfile({ x: 30, y: 20, heading: 1, lanes });
  n.connect(a, b);
  n.setProfile(b, { x: 30, y: 25, heading: 1.2, lanes });
  n.toJSON();
  if (free) n.free();
}

for (const [name, round] of [
  ["World (20 vehicles, a formation, a step)", worldRound],
  ["RoadNetwork (2 profiles, a piece, an edit, JSON)", roadRound],
]) {
  test(`${name}: 10,000 create/free cycles leave memory bounded`, () => {
    for (let i = 0; i < 200; i++) round(true);
    const warm = bytes();
    for (let i = 0; i < 10_000; i++) round(true);
    const after = bytes();
    console.log(`${name}: ${warm} bytes after warm-up, ${after} after 10,000 cycles`);
    // One 64 KiB page of slack for allocator fragmentation; a leak of even
    // 10 bytes a cycle would be 100 KB here.
    assert.ok(after <= warm + 65536, `${warm} -> ${after}`);
  });
}

test("control: the same loop without free() grows memory (the measure can fail)", () => {
  const before = bytes();
  for (let i = 0; i < 3_000; i++) worldRound(false);
  assert.ok(bytes() > before, `${before} -> ${bytes()}`);
});
