// `make bench`: every benchmark in one run, each figure beside its peer
// measured in the same run, written to BENCHMARKS.md.
//   1. native: `cargo bench` (criterion); groups hold an `arcline` function and
//      optionally a peer's (named after the peer crate); ratio = ours / peer.
//   2. wasm under Node: every bench/js/*.bench.mjs exports run() -> rows, each
//      file in a process of its own (those with goals in several: `processes`).
//   3. the page in headless Chromium: scripts/bench-page.mjs.
//   4. the playground and the tutorial page as Lighthouse scores them
//      (scripts/lighthouse.mjs; the browser is CHROME_PATH).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const only = process.argv.slice(2);

function fmtTime(ns) {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(1)} ns`;
}

/** Mean time (ns) of every criterion benchmark: { "group/function": ns }. */
function criterionResults() {
  const dir = join(root, "target", "criterion");
  const out = {};
  if (!existsSync(dir)) return out;
  const walk = (d, parts) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (!statSync(p).isDirectory()) continue;
      const est = join(p, "new", "estimates.json");
      if (existsSync(est) && name !== "report") {
        const e = JSON.parse(readFileSync(est, "utf8"));
        out[[...parts, name].join("/")] = e.mean.point_estimate;
      } else if (name !== "report" && name !== "new" && name !== "base") walk(p, [...parts, name]);
    }
  };
  walk(dir, []);
  return out;
}

function nativeRows() {
  if (!only.length || only.includes("native")) {
    // Only the criterion targets (the lib's unit-test harness takes no criterion flags).
    const benches = readdirSync(join(root, "bench", "native")).filter((f) => f.endsWith(".rs")).flatMap((f) => ["--bench", f.slice(0, -3)]);
    execFileSync("cargo", ["bench", ...benches], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  }
  const results = criterionResults();
  const groups = {};
  for (const [id, ns] of Object.entries(results)) {
    const i = id.lastIndexOf("/");
    (groups[id.slice(0, i)] ??= {})[id.slice(i + 1)] = ns;
  }
  const rows = [];
  for (const [group, fns] of Object.entries(groups).sort()) {
    const ours = fns["arcline"];
    const peers = Object.entries(fns).filter(([k]) => k !== "arcline");
    if (ours === undefined) {
      for (const [k, ns] of peers) rows.push({ name: `${group}/${k}`, ours: fmtTime(ns), peer: "", ratio: "" });
      continue;
    }
    if (!peers.length) rows.push({ name: group, ours: fmtTime(ours), peer: "", ratio: "" });
    for (const [peer, ns] of peers) rows.push({ name: group, ours: fmtTime(ours), peer: `${fmtTime(ns)} (${peer})`, ratio: (ours / ns).toFixed(3) });
  }
  // Rows that are not timings, written by benches of their own (harness = false) as
  // target/bench-rows/*.json: [{ name, ours, peer, ratio, note }].
  const extra = join(root, "target", "bench-rows");
  if (existsSync(extra)) {
    for (const f of readdirSync(extra).filter((f) => f.endsWith(".json")).sort()) rows.push(...JSON.parse(readFileSync(join(extra, f), "utf8")));
  }
  return rows;
}

/**
 * The rows of one bench/js file, run in a process of its own (so that no
 * file's heap or compiled code is left to the next): `run()`'s rows as JSON
 * on the child's last line of output.
 */
function rowsOfOneProcess(file) {
  const code = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(JSON.stringify(await m.run()));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 26 });
  return JSON.parse(out.trim().split("\n").pop());
}

/**
 * A file's rows over `processes` separate processes: for each row, the
 * process whose figure is the median (its peer and note with it), and every
 * process's figure in the note. The engine optimises a call differently from
 * one process to the next (on this machine a call that returns an object
 * moves by about 20%), so a goal is judged on the median of several.
 */
function medianRows(file, processes) {
  const runs = Array.from({ length: processes }, () => rowsOfOneProcess(file));
  if (processes === 1) return runs[0];
  return runs[0].map((_, k) => {
    const all = runs.map((rows) => rows[k]);
    const sorted = [...all].sort((a, b) => a.ours - b.ours);
    const mid = sorted[(processes - 1) >> 1];
    const each = all.map((r) => Number(r.ours).toPrecision(4)).join(", ");
    const why = `median of ${processes} processes (${each} ${mid.unit ?? ""})`.replace(/ \)$/, ")");
    return { ...mid, note: mid.note ? `${mid.note}; ${why}` : why };
  });
}

async function wasmRows() {
  const dir = join(root, "bench", "js");
  const rows = [];
  if (!existsSync(dir)) return rows;
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".bench.mjs")).sort()) {
    // A file with goals on its figures says how many processes judge them.
    const src = readFileSync(join(dir, f), "utf8");
    const processes = Number(/^export const processes = (\d+);/m.exec(src)?.[1] ?? 1);
    for (const r of medianRows(join(dir, f), processes)) {
      const unit = r.unit ?? "";
      const show = (v) => (v === null || v === undefined ? "" : `${Number(v).toPrecision(4)} ${unit}`);
      const lowerIsBetter = unit !== "ops/s";
      const ratio = r.peer ? (lowerIsBetter ? r.ours / r.peer : r.peer / r.ours) : null;
      rows.push({
        name: r.name,
        ours: show(r.ours),
        peer: r.peer ? `${show(r.peer)} (${r.peerName})` : "",
        ratio: ratio === null ? "" : ratio.toFixed(3),
        note: r.note ?? "",
      });
    }
  }
  return rows;
}

/** The parking planner against OMPL's RRT* (the summary `make ompl-parking` wrote in this run), as a row, or none. */
function parkingOmplRows() {
  const file = join(root, "target", "ompl", "parking-summary.json");
  if (!existsSync(file)) return [];
  const s = JSON.parse(readFileSync(file, "utf8"));
  const longer = s.longer.map((l) => `${l.name} ${((l.ours / l.ompl - 1) * 100).toFixed(3)} % longer`).join(", ");
  return [
    {
      name: "parking: path length vs OMPL RRT* (Reeds–Shepp space, the same rectangle check, 10 s a scene), mean ratio (native)",
      ours: `both solved ${s.bothSolved} of ${s.scenes} scenes`,
      peer: `OMPL solved ${s.omplSolved}`,
      ratio: s.meanRatio.toFixed(4),
      note: `target ≤ 1 on each scene; worst ${s.worstRatio.toFixed(5)}${longer ? ` (${longer})` : ""}; our plan median ${s.oursMedianMs.toFixed(2)} ms, slowest ${s.oursMaxMs.toFixed(1)} ms (native, first plan of the scene); OMPL's first solution after ${s.omplFirstMedianSeconds.toFixed(2)} s (median), its final length after the 10 s budget`,
    },
  ];
}

function sizeRows() {
  const wasm = readFileSync(join(root, "www", "pkg", "arcline_bg.wasm"));
  const kb = (b) => `${(b.length / 1024).toFixed(1)} KB raw, ${(gzipSync(b, { level: 9 }).length / 1024).toFixed(1)} KB gzip`;
  // The modules <arcline-demo> loads instead, one per system (modules.ts). Sizes are reported, not
  // judged (what a reader feels is: Lighthouse, first interactive, drag frames); "before" is the
  // hand-written tape conversions that serde-wasm-bindgen replaced (BENCHMARKS.md of 2 December).
  const systems = [
    ["paths", "arc, planner", 47.2],
    ["pathfind", "pathfind", 67.2],
    ["crowd", "steering, formation", 89.7],
    ["roads", "road, junction", 63.8],
  ].map(([s, kinds, before]) => ({
    name: `wasm module of one system, for \`<arcline-demo>\`: ${s} (${kinds})`,
    ours: kb(readFileSync(join(root, "www", "pkg", `arcline_${s}_bg.wasm`))),
    peer: "",
    ratio: "",
    note: `an article with one kind of diagram loads only this; before: ${before} KB gzip`,
  }));
  // What a reader's browser loads: the page's bundles and chunks, and the wasm-bindgen glue.
  const js = ["main.js", "embed.js"]
    .map((f) => join(root, "www", "build", f))
    .concat(readdirSync(join(root, "www", "build")).filter((f) => f.startsWith("chunk-") && f.endsWith(".js")).map((f) => join(root, "www", "build", f)))
    .concat([join(root, "www", "pkg", "arcline.js")]);
  const jsBytes = js.reduce((n, f) => n + readFileSync(f).length, 0);
  const jsGz = js.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
  return [
    { name: "wasm module, the whole API (after wasm-opt -Oz)", ours: kb(wasm), peer: "", ratio: "", note: "what the playground and the published package load; before: 195.2 KB gzip" },
    ...systems,
    { name: "JS (bundles + wasm-bindgen glue)", ours: `${(jsBytes / 1024).toFixed(1)} KB raw, ${(jsGz / 1024).toFixed(1)} KB gzip`, peer: "", ratio: "" },
  ];
}

function table(rows, withNote = false) {
  const head = withNote ? "| benchmark | Arcline | peer (same run) | ratio | note |\n|---|---|---|---|---|" : "| benchmark | Arcline | peer (same run) | ratio ours/peer |\n|---|---|---|---|";
  return [head, ...rows.map((r) => `| ${r.name} | ${r.ours} | ${r.peer} | ${r.ratio} |${withNote ? ` ${r.note ?? ""} |` : ""}`)].join("\n");
}

const native = nativeRows();
const wasm = await wasmRows();
let page = [];
if (!only.length || only.includes("page")) {
  const { runPageBudgets } = await import(pathToFileURL(join(root, "scripts", "bench-page.mjs")).href);
  page = await runPageBudgets();
}
let lighthouseRows = [];
if (!only.length || only.includes("lighthouse")) {
  const { runLighthouse } = await import(pathToFileURL(join(root, "scripts", "lighthouse.mjs")).href);
  lighthouseRows = (await runLighthouse()).map((r) => ({
    name: `${r.page} (\`${r.path}\`), ${r.formFactor === "mobile" ? "phone (Lighthouse's default emulation)" : "desktop preset"}`,
    ours: `performance ${r.scores.performance}, accessibility ${r.scores.accessibility}, best practices ${r.scores["best-practices"]}, SEO ${r.scores.seo}; CLS ${r.cls.toFixed(3)}`,
    peer: "target 100 / 100 / 100, performance ≥ 95, CLS < 0.05",
    ratio: "",
    note: `the median of ${r.performanceRuns.length} runs by performance (${r.performanceRuns.join(", ")}); LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs.toFixed(0)} ms${r.failing.length ? `; audits below 0.9: ${r.failing.join(", ")}` : ""}`,
  }));
}
const date = new Date().toISOString().slice(0, 16).replace("T", " ");
const md = `# Benchmarks

Written by \`make bench\` on ${date} UTC, on a machine with ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}),
Node ${process.version}. Every peer figure was measured in the same run as ours; a ratio below 1
means Arcline takes less time (for rates, a ratio below 1 means Arcline does more per second).
Timings on a shared 2-core machine are noisy: compare ratios, not absolute numbers.

## Native (criterion, \`cargo bench\`)

${table(native, true)}

## Build settings (what each measured, when it was chosen)

The reasons are in \`.cargo/config.toml\`, \`Cargo.toml\` and the \`Makefile\`; these are the
measurements behind them, from the runs that chose them (not re-measured by every \`make bench\`).

| setting | measured |
|---|---|
| wasm: \`-inline-threshold\` 25 (then 10) instead of LLVM's default | the module 29 KB smaller (304 → 275 KB after wasm-opt) at 25, 2.5 KB more off at 10, the steering and Dubins benchmarks unchanged (interleaved runs: seek 50k 0.561 ms either way, seek + separation 100k 11.19 against 11.16 ms, dubinsLengths 136.5 against 137.0 ns) |
| wasm: \`simd128\` for the crowd's passes | 50,000 seeking vehicles step in 0.57 ms instead of 0.65 ms, for 640 bytes of module |
| wasm: \`-unroll-threshold=0\` | 5.7 KB smaller after wasm-opt; dubinsLengths 137.9 ns (138.2 unrolled), seek 50k 0.558 ms (0.561), seek + separation 100k 10.89 ms (10.98), Hungarian 200 × 200 2.09 ms (2.13), road rebuild 13.2 µs (13.5) |
| wasm: \`-Cno-vectorize-loops\` | 1 KB smaller |
| the whole API's core at opt-level 3, not "s" | the crowd step 1.6× faster in wasm, the module 23 bytes bigger gzipped |
| the one-system modules at opt-level "s" (crowd module) | 63.9 KB gzip against 67.0 KB at 3; seek for 50,000 vehicles as fast, seek and separation for 100,000 about 10% slower |
| the bindings crate at "z" in the one-system modules | the crowd module 89.1 → 85.1 KB gzip, its step as fast (10,000 vehicles: seek 0.22 ms, seek and separation 1.25 ms either way); "z" for the core instead: 84.4 KB with seek and separation 1.6× slower |
| the pathfinding and roads modules at "z" | pathfinding 65.7 KB gzip at "z", planAround about 1.3× slower than at "s"; roads with junctions 62.5 KB at "z" |
| the whole API's bindings crate at "s" | 6.6 KB smaller gzipped than at 3 with planDubins and planTurn as fast (then 2.5 µs a call); "z": 17 KB smaller, planDubins 0.5 µs slower |
| the crowd step's block (\`src/steering/world.rs\`, \`block.rs\`): the steering sums written straight into the block's scratch (no array of their own zeroed and copied per block), the block's body out of line with its slices as arguments (not read back through a pointer to \`Slots\`), the debug view's vehicle-by-vehicle path out of line | seek in wasm 3–4 % faster than with the block's slots behind a pointer and its own array of sums (50,000 and 100,000 vehicles, travelling as a block and converging: 0.956–0.974 of before; two builds stepping the same worlds in turn in one process, both ways round: the method of \`bench/js/steering_ab.mjs\`, with four instances of each build) |

## WebAssembly under Node (the built module, \`bench/*.bench.mjs\`)

${table(wasm.concat(parkingOmplRows()), true)}

## The page in headless Chromium (\`scripts/bench-page.mjs\`)

${table(page.concat(sizeRows()), true)}

## The page as Lighthouse judges it (\`scripts/lighthouse.mjs\`, npm \`lighthouse\` with Debian's Chromium)

Served by \`scripts/serve.mjs\` (what \`make serve\` runs: brotli or gzip, revalidated caching) on this
machine; the phone figures use Lighthouse's simulated slow 4G and 4× CPU slowdown, so they move with the
machine's load by a few points.

${table(lighthouseRows, true)}
`;
writeFileSync(join(root, "BENCHMARKS.md"), md);
console.log(md);
