// Shared set-up for the browser tests: the static server with its CSP, Debian's
// Chromium through playwright-core, and a page that fails the test on any
// console error or warning.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { startServer } from "../../../scripts/serve.mjs";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts the server and the browser; returns helpers and a close(). */
export async function openBrowser() {
  // Brotli at a fast quality: tests check what is served, not how small (make serve uses 11).
  const server = await startServer({ port: 0, brotliQuality: 4 });
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/**
 * A new page at `url` with console problems collected in `problems`; waits
 * until the playground says it is ready.
 */
export async function openPage(browser, url, { viewport = { width: 1200, height: 900 }, hasTouch = false, colorScheme = "light" } = {}) {
  const context = await browser.newContext({ viewport, hasTouch, colorScheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.__arcline?.ready === true);
  return { page, context, problems };
}

/**
 * Waits until a diagram's view is painted and its camera still: no glide
 * under way (View's data-gliding), and not waiting off screen to paint
 * (data-stale: the stage is scrolled into view first).
 */
export async function cameraStill(page, kind) {
  const stage = page.locator(`[data-diagram="${kind}"] .stage`);
  if (await stage.evaluate((s) => s.hasAttribute("data-stale"))) await stage.scrollIntoViewIfNeeded();
  await page.waitForFunction((kind) => {
    const s = document.querySelector(`[data-diagram="${kind}"] .stage`);
    return s && !s.hasAttribute("data-gliding") && !s.hasAttribute("data-stale");
  }, kind);
}

/** The CSS-pixel position on the page of a handle in a diagram's canvas, once its view is painted and still. */
export async function screenPointOf(page, kind, label) {
  await cameraStill(page, kind);
  return page.evaluate(
    ([kind, label]) => {
      const section = document.querySelector(`[data-diagram="${kind}"]`);
      const button = section.querySelector(`[data-handle="${label}"]`);
      const r = button.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    [kind, label],
  );
}

/** CSS px per world unit of a diagram's view now (the camera it publishes on its stage). */
export async function pxPerUnit(page, kind) {
  await cameraStill(page, kind);
  return page.evaluate((kind) => {
    const stage = document.querySelector(`[data-diagram="${kind}"] .stage`);
    return Number((stage.dataset.camera ?? "").split(",")[2]);
  }, kind);
}

/** Drags from one page point to another in `steps` pointer moves. */
export async function drag(page, from, to, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

export function screenshotPath(name) {
  mkdirSync("target/screenshots", { recursive: true });
  return `target/screenshots/${name}.png`;
}
