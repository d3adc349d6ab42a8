// Two builds' steering and pathfinding rows in one run: each benchmark is run
// in a fresh Node process for build A, then for B, then B, then A, and so on
// (the order swapped each round, so that a shared machine loads both alike),
// and each row's median over the rounds is printed with the ratio B/A.
//
//   node bench/js/ab.mjs <www/pkg of build A> <www/pkg of build B> [rounds]
//
// The rows are `ours` of bench/js/steering.bench.mjs (without yuka) and of
// bench/js/pathfind.bench.mjs (without OMPL); a build's www/pkg is what
// `make build` writes. The same benchmark code times both builds.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [argA, argB, roundsArg] = process.argv.slice(2);
if (!argA || !argB) {
  console.error("usage: node bench/js/ab.mjs <pkg A> <pkg B> [rounds]");
  process.exit(2);
}
const [a, b] = [resolve(argA), resolve(argB)];
const rounds = Math.max(1, Math.min(20, Number.parseInt(roundsArg ?? "3", 10) || 3));
const here = (f) => fileURLToPath(new URL(f, import.meta.url));

/** The rows of one benchmark file run once against one build. */
function rowsOf(file, pkg) {
  const script = `const m = await import(${JSON.stringify(here(file))}); console.log(JSON.stringify((await m.run()).map((r) => [r.name, r.unit, r.ours])));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, ARCLINE_PKG: pkg, ARCLINE_NO_YUKA: "1", OMPL_PYTHON: "/nonexistent" },
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 1 << 24,
  });
  const lines = out.toString().trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

for (const file of ["steering.bench.mjs", "pathfind.bench.mjs"]) {
  const times = { A: new Map(), B: new Map() };
  const units = new Map();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [["B", b], ["A", a]] : [["A", a], ["B", b]];
    for (const [key, pkg] of order) {
      for (const [name, unit, ours] of rowsOf(file, pkg)) {
        if (typeof ours !== "number" || !Number.isFinite(ours)) continue;
        units.set(name, unit);
        if (!times[key].has(name)) times[key].set(name, []);
        times[key].get(name).push(ours);
      }
    }
  }
  console.log(`\n${file}: medians of ${rounds} runs each, A ${a}, B ${b}`);
  for (const [name, unit] of units) {
    const ta = times.A.get(name), tb = times.B.get(name);
    if (!ta || !tb) continue;
    const [ma, mb] = [median(ta), median(tb)];
    const spread = (xs) => `${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`;
    console.log(`${name}\n    A ${ma.toFixed(3)} ${unit} (${spread(ta)})   B ${mb.toFixed(3)} ${unit} (${spread(tb)})   B/A ${(mb / ma).toFixed(3)}`);
  }
}
