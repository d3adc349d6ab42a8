// Lighthouse (npm `lighthouse`, Debian's Chromium) against the playground and
// the tutorial page, served by scripts/serve.mjs as `make serve` serves them:
// the four category scores and the cumulative layout shift of each page, on
// Lighthouse's default phone emulation and on its desktop preset. The phone's
// performance score moves with the machine's load (its 4× CPU slowdown is
// simulated from what this machine measures), so each page is run `runs`
// times (default 3) and the run with the median performance score is kept.
// `node scripts/lighthouse.mjs` prints them; `make bench` writes them into
// BENCHMARKS.md (runLighthouse). CHROME_PATH picks the browser (default
// /usr/bin/chromium).
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./serve.mjs";

const www = join(fileURLToPath(import.meta.url), "..", "..", "www");

/**
 * Asks the server once for every page, script and module, so that each is
 * compressed before Lighthouse measures (as a host that compresses ahead of
 * time would serve them).
 */
async function warm(base) {
  const files = [
    ...PAGES.map((p) => p.path),
    ...readdirSync(join(www, "build")).filter((f) => f.endsWith(".js")).map((f) => `/build/${f}`),
    ...readdirSync(join(www, "pkg")).filter((f) => f.endsWith(".js") || f.endsWith(".wasm")).map((f) => `/pkg/${f}`),
  ];
  for (const f of files) await (await fetch(base + f, { headers: { "accept-encoding": "br, gzip" } })).arrayBuffer();
}

export const PAGES = [
  { name: "playground", path: "/" },
  { name: "tutorial page", path: "/embed.html" },
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Scores (0-100) and CLS of each page and form factor (the median run of `runs`); failing audits listed by id. */
export async function runLighthouse({ formFactors = ["mobile", "desktop"], runs = 3 } = {}) {
  const server = await startServer({ port: 0 });
  const base = `http://127.0.0.1:${server.address().port}`;
  await warm(base);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results = [];
  try {
    for (const page of PAGES) {
      for (const formFactor of formFactors) {
        const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
        const all = [];
        for (let i = 0; i < runs; i++) {
          const runner = await lighthouse(base + page.path, flags, formFactor === "desktop" ? desktopConfig : undefined);
          if (!runner?.lhr) throw new Error(`lighthouse gave no result for ${page.path}`);
          all.push(runner.lhr);
        }
        all.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const lhr = all[Math.floor(all.length / 2)];
        const performanceRuns = all.map((l) => Math.round((l.categories.performance?.score ?? 0) * 100));
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
          .map((a) => a.id);
        results.push({
          page: page.name,
          path: page.path,
          formFactor,
          scores,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
          failing,
          performanceRuns,
          lhr,
        });
      }
    }
  } finally {
    await chrome.kill();
    await new Promise((ok) => server.close(ok));
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const verbose = process.argv.includes("--verbose");
  const runsArg = process.argv.indexOf("--runs");
  for (const r of await runLighthouse({ runs: runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3 })) {
    const s = r.scores;
    console.log(
      `${r.page} (${r.formFactor}): performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s["best-practices"]}, SEO ${s.seo}; ` +
        `CLS ${r.cls.toFixed(3)}, LCP ${r.lcpMs.toFixed(0)} ms, TBT ${r.tbtMs.toFixed(0)} ms (performance in ${r.performanceRuns.length} runs: ${r.performanceRuns.join(", ")})` +
        `${r.failing.length ? `; below 0.9: ${r.failing.join(", ")}` : ""}`,
    );
    if (verbose) {
      for (const id of r.failing) {
        const a = r.lhr.audits[id];
        console.log(`  ${id}: ${a.title} (${a.displayValue ?? a.score})`);
        for (const item of (a.details?.items ?? []).slice(0, 6)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
      }
    }
  }
}
