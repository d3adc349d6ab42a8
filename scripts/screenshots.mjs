// The README's screenshots: each diagram of the playground at its best (the
// figure that explains it, in a scene set here: its buttons, the canvas and
// the numbers beside it), light and dark on a desktop and light on a phone,
// written to docs/screenshots/. `make screenshots`
// (after `make build`); Debian's Chromium through playwright-core.
//
//   node scripts/screenshots.mjs [--out docs/screenshots] [--only planner,road]
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./serve.mjs";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const out = arg("out", join(root, "docs", "screenshots"));
const only = arg("only", "");

/**
 * Each diagram's shot: the state it is put in (what a reader could set), and
 * how long it plays first (animated diagrams are paused before the shot, so
 * the picture does not depend on the machine's speed more than that).
 */
const SHOTS = [
  { kind: "arc", state: {} },
  { kind: "planner", state: { step: "construction", target: { x: 5.5, y: -3 } } },
  { kind: "planner", name: "planner-cc", state: { step: "construction", sharpness: 0.1, target: { x: 5.5, y: -3 } } },
  { kind: "pathfind", state: { mode: "around", showGraph: true } },
  { kind: "steering", state: { step: "seek", target: { x: 10, y: 30 } } },
  { kind: "formation", state: { step: "removed", pattern: "v" }, playMs: 4000 },
  { kind: "road", state: { step: "fillet" } },
  { kind: "road", name: "road-bezier", state: { step: "bezier" } },
  { kind: "road", name: "road-jerk", state: { step: "jerk" } },
  { kind: "junction", state: { allPaths: true } },
  { kind: "parking", state: { scene: "parallel", time: 1.5 } },
];

// Tall enough that the whole figure is on screen at once (a phone's width, not its height, is what matters).
const VIEWS = [
  { name: "light", viewport: { width: 1100, height: 1000 }, colorScheme: "light", deviceScaleFactor: 1 },
  { name: "dark", viewport: { width: 1100, height: 1000 }, colorScheme: "dark", deviceScaleFactor: 1 },
  { name: "phone", viewport: { width: 390, height: 1400 }, colorScheme: "light", deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];

const server = await startServer({ port: 0 });
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
mkdirSync(out, { recursive: true });
const problems = [];
try {
  for (const v of VIEWS) {
    const { name, ...options } = v;
    const context = await browser.newContext(options);
    for (const shot of SHOTS) {
      if (only && !only.split(",").includes(shot.kind)) continue;
      const page = await context.newPage();
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`${shot.kind}/${name}: ${m.text()}`);
      });
      page.on("pageerror", (e) => problems.push(`${shot.kind}/${name}: ${e.message}`));
      // One diagram alone, as an iframe would show it.
      await page.goto(`${base}/?embed=1&kind=${shot.kind}`);
      await page.waitForFunction(() => window.__arcline?.ready === true);
      await page.evaluate(([kind, state]) => window.__arcline.diagrams[kind].setState(state), [shot.kind, shot.state]);
      if (shot.playMs) {
        await page.evaluate((kind) => window.__arcline.diagrams[kind].setState({ playing: true }), shot.kind);
        await page.waitForTimeout(shot.playMs);
        await page.evaluate((kind) => window.__arcline.diagrams[kind].setState({ playing: false }), shot.kind);
        // Framed again where it came to rest (the camera only kept it in view while it moved).
        await page.locator(`[data-diagram="${shot.kind}"] .stage button`, { hasText: "Fit" }).click();
        await page.mouse.move(1, 1);
        await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
        await page.waitForFunction((kind) => !document.querySelector(`[data-diagram="${kind}"] .stage`).hasAttribute("data-gliding"), shot.kind);
      }
      // Two frames: the last state drawn, its labels placed.
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      // The figure: its buttons, the canvas and the numbers beside it (not the controls under it).
      const clip = await page.evaluate((kind) => {
        const section = document.querySelector(`[data-diagram="${kind}"]`);
        const top = section.getBoundingClientRect();
        const figure = (section.querySelector(".figure-row") ?? section.querySelector(".stage")).getBoundingClientRect();
        return { x: top.left, y: top.top, width: top.width, height: figure.bottom - top.top + 1 };
      }, shot.kind);
      const file = join(out, `${shot.name ?? shot.kind}-${name}.png`);
      await page.screenshot({ path: file, clip });
      console.log(file);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
