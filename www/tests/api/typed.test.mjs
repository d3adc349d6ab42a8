// The packed dist/ seen by a strict TypeScript project: `npm pack` it,
// install the tarball into a fresh folder, and compile small programs
// against it with the repository's TypeScript. The correct program
// compiles; each mistake a tutorial author makes is rejected, with the
// error on the line of the mistake.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

function project() {
  const scratch = join(root, "target", "typed-consumer");
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, "p-"));
  const tarball = execFileSync("npm", ["pack", join(root, "dist"), "--pack-destination", dir, "--silent"], { cwd: dir, encoding: "utf8" }).trim().split("\n").pop();
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", join(dir, tarball)], { cwd: dir, stdio: "ignore" });
  // A strict project on the ES2022 lib, as a bundler's template writes it: the
  // declarations bring the lib their classes' [Symbol.dispose]() needs. No
  // @types from the folders above (this repository's @types/node declares it).
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "bundler", strict: true, noEmit: true, lib: ["ES2022", "DOM"], types: [] }, include: ["*.ts"] }),
  );
  return dir;
}

/** tsc's diagnostics for `source` compiled alone in `dir` ("" when it compiles). */
function compile(dir, source) {
  for (const f of ["main.ts"]) rmSync(join(dir, f), { force: true });
  writeFileSync(join(dir, "main.ts"), source);
  const r = spawnSync(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { encoding: "utf8" });
  return r.stdout + r.stderr;
}

const header = `import init, { initSync, planTurn, planDubins, connectProfiles, poseAt, World } from "arcline";
import type { Behavior, Lane, Path, Pose, Profile } from "arcline";
import "arcline/demo";
import type { PlannerState } from "arcline/demo";
declare const wasm: BufferSource;
initSync({ module: wasm });
`;

const correct = `${header}
const start: Pose = { x: 0, y: 0, heading: 0 };
const turn: Path | null = planTurn(start, { x: 10, y: 4 }, 2);
if (turn !== null) console.log(turn.length, turn.word, turn.segments[0]?.kind);
const dubins: Path = planDubins(start, { x: 5, y: 5, heading: 1 }, 1);
console.log(dubins.segments.map((s) => (s.kind === "arc" ? s.radius : s.end.x)));
const seek: Behavior = { kind: "seek", target: { x: 1, y: 2 }, weight: 0.5 };
const world = new World();
const id: number = world.addVehicle({ x: 0, y: 0, maxSpeed: 2, maxForce: 0.5 });
world.setBehaviors(id, [seek, { kind: "separation", radius: 3 }]);
world.step(1);
console.log(world.vehicle(id).heading);
const lanes: Lane[] = [{ kind: "sidewalk", width: 2 }, { kind: "driving", width: 3.5, direction: "backward" }];
const a: Profile = { x: 0, y: 0, heading: 0, lanes };
console.log(connectProfiles(a, { ...a, x: 30, y: 30, heading: Math.PI / 2 }).kind);
world.free();
// A path argument needs only its segments (length and word are computed).
const along: Pose = poseAt({ segments: [{ kind: "line", start: { x: 0, y: 0 }, end: { x: 4, y: 0 } }] }, 1);
console.log(along.x);
// In a browser: init() finds the wasm beside the module.
void init().then(() => console.log("started"));
// The element, typed through the tag-name map.
const demo = document.querySelector("arcline-demo");
if (demo) {
  const k: "planner" | "arc" | "pathfind" | "steering" | "formation" | "road" | "junction" = demo.kind;
  console.log(k, demo.figure?.numbers[0]?.value, demo.readout);
  demo.addEventListener("figure", (e) => console.log(e.detail?.title));
  demo.addEventListener("error", (e) => console.log(e.message));
  const planner: Partial<PlannerState> = { radius: 2, step: "dubins" };
  demo.state = planner;
}
const n: HTMLElement | null = document.querySelector("arcline-number");
console.log(n);
`;

test("a strict TypeScript program against the packed dist/ compiles when correct", () => {
  const dir = project();
  assert.equal(compile(dir, correct), "");
});

test("a strict TypeScript program is rejected for each mistake, on its line", () => {
  const dir = project();
  const mistakes = [
    ["a Pose without heading", "planDubins({ x: 0, y: 0 }, { x: 5, y: 5, heading: 1 }, 1);", /heading/],
    ["a misspelt behaviour kind", 'new World().setBehaviors(0, [{ kind: "seeek", target: { x: 1, y: 2 } }]);', /seeek/],
    ["an unknown lane kind", 'const l: Lane = { kind: "hovercraft", width: 3 };', /hovercraft/],
    ["an unchecked planTurn result", "console.log(planTurn({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1 }, 1).length);", /null/],
    ["a diagram kind that does not exist", 'console.log(document.querySelector("arcline-demo")?.kind === "boat");', /boat/],
    ["a planner state with a step it does not have", 'const s: Partial<PlannerState> = { step: "parking" };', /parking/],
  ];
  for (const [what, line, mentions] of mistakes) {
    const out = compile(dir, `${header}\n${line}\n`);
    const lineNo = header.split("\n").length + 1;
    assert.match(out, new RegExp(`main\\.ts\\(${lineNo},`), `${what}: not rejected on its line:\n${out}`);
    assert.match(out, mentions, `${what}: the error does not say why:\n${out}`);
  }
});
