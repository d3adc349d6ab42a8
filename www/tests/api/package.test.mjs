// dist/ is a package a bundler can import: every file its exports name
// exists, and its main entry works in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

const dist = new URL("../../../dist/", import.meta.url);

test("dist/package.json names files that exist, and the entry module runs", async () => {
  const pkg = JSON.parse(readFileSync(new URL("package.json", dist), "utf8"));
  assert.equal(pkg.name, "arcline");
  assert.equal(pkg.type, "module");
  const targets = [];
  for (const value of Object.values(pkg.exports)) {
    if (typeof value === "string") targets.push(value);
    else targets.push(...Object.values(value));
  }
  for (const t of targets.filter((t) => !t.includes("*"))) assert.ok(existsSync(new URL(t, dist)), `${t} is missing`);
  // The entry's declarations are the module's, re-exported.
  assert.match(readFileSync(new URL(pkg.exports["."].types, dist), "utf8"), /export \* from "\.\/pkg\/arcline\.js"/);
  const types = readFileSync(new URL("pkg/arcline.d.ts", dist), "utf8");
  for (const name of ["planTurn", "planDubins", "dubinsCandidates", "planReedsShepp", "reedsSheppLengths", "poseAt", "pathToSvg", "dubinsLengths", "connectProfiles", "constrainProfile", "class World"]) {
    assert.ok(types.includes(name), `${name} is not in the .d.ts`);
  }
  const m = await import(new URL(pkg.exports["."].default, dist).href);
  m.initSync({ module: readFileSync(new URL(pkg.exports["./arcline_bg.wasm"], dist)) });
  // Straight ahead: a zero-length arc then the line, 10 long.
  const p = m.planTurn({ x: 0, y: 0, heading: 0 }, { x: 10, y: 0 }, 2);
  assert.ok(Math.abs(p.length - 10) < 1e-12);
});

test("dist/ has the per-system modules <arcline-demo> loads, each with only its system", async () => {
  // Which exports each system must have, and one it must not (it really is split).
  const systems = {
    paths: { has: ["planTurn", "planDubins", "planReedsShepp", "reedsSheppLengths", "arcToPoint", "offsetPath"], not: "planAround" },
    pathfind: { has: ["planAround", "planAroundDebug", "planOnGrid", "planOnGridDebug", "poseAt", "poseAtTime"], not: "planDubins" },
    crowd: { has: ["World", "racetrack"], not: "planDubins" },
    roads: { has: ["connectProfiles", "RoadNetwork", "roadConstruction", "connectJunction", "constrainArm"], not: "World" },
  };
  for (const [s, { has, not }] of Object.entries(systems)) {
    const m = await import(new URL(`pkg/arcline_${s}.js`, dist).href);
    m.initSync({ module: readFileSync(new URL(`pkg/arcline_${s}_bg.wasm`, dist)) });
    for (const name of has) assert.equal(typeof m[name], "function", `arcline_${s} lacks ${name}`);
    assert.equal(m[not], undefined, `arcline_${s} has ${not}`);
  }
  const paths = await import(new URL("pkg/arcline_paths.js", dist).href);
  assert.ok(Math.abs(paths.planTurn({ x: 0, y: 0, heading: 0 }, { x: 10, y: 0 }, 2).length - 10) < 1e-12);
});
