// <arcline-demo> and shareable state in Chromium: independent elements, state
// and change events, bad attributes falling back to defaults, the URL hash
// round trip, the CSP the test server sends, and the tutorial page in light
// and dark.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, drag, screenshotPath } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

/** A page that records console problems and CSP violations from the start. */
async function open(url, options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  const page = await context.newPage();
  const wasm = [];
  page.on("request", (r) => {
    const name = new URL(r.url()).pathname.split("/").pop();
    if (name.endsWith(".wasm")) wasm.push(name);
  });
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, context, problems, wasm };
}

const ready = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll('arcline-demo[data-ready="true"]').length >= n, n);

test("elements on one page keep their own state; bad attributes fall back to defaults", async () => {
  const { page, context, problems, wasm } = await open(env.base + "/tests/fixtures/two-arcs.html");
  await ready(page, 4);
  assert.deepEqual(wasm, ["arcline_paths_bg.wasm"], "four arc diagrams share one module of their system");
  const widths = await page.evaluate(() =>
    ["one", "two", "three"].map((id) => JSON.parse(document.getElementById(id).state).width),
  );
  assert.deepEqual(widths, [2, 1.5, 10]); // given, default for NaN, clamped
  // An unknown kind shows the default kind rather than failing.
  assert.equal(await page.evaluate(() => document.getElementById("four").kind), "planner");

  // Dragging in the first element changes only the first, and fires `change`.
  await page.evaluate(() => {
    window.__changes = 0;
    document.getElementById("one").addEventListener("change", () => window.__changes++);
  });
  const before = await page.evaluate(() => ["one", "two"].map((id) => JSON.parse(document.getElementById(id).state)));
  const knob = await page.evaluate(() => {
    const r = document.getElementById("one").shadowRoot.querySelector('[data-handle="point to reach"]').getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await drag(page, knob, { x: knob.x - 60, y: knob.y + 40 });
  await page.waitForFunction(() => window.__changes > 0);
  const after = await page.evaluate(() => ["one", "two"].map((id) => JSON.parse(document.getElementById(id).state)));
  assert.notDeepEqual(after[0].point, before[0].point);
  assert.deepEqual(after[1], before[1]);

  // Setting `state` restores a scene; malformed JSON is ignored.
  await page.evaluate(() => {
    const el = document.getElementById("two");
    el.state = JSON.stringify({ point: { x: 1, y: 2 }, width: 3 });
    el.state = "{not json";
  });
  const two = await page.evaluate(() => JSON.parse(document.getElementById("two").state));
  assert.deepEqual(two.point, { x: 1, y: 2 });
  assert.equal(two.width, 3);
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a diagram that cannot start says why in the element, on the console and with an error event", async () => {
  const { page, context, problems } = await open(env.base + "/tests/fixtures/missing-assets.html");
  const shown = page.locator("#broken").locator("p.error");
  await shown.waitFor();
  const text = await shown.textContent();
  assert.match(text, /^This diagram could not start: /);
  await page.waitForFunction(() => window.__errors.length > 0);
  assert.deepEqual(await page.evaluate(() => window.__errors), [text]);
  // The console has it too (with the element's kind), besides the browser's own 404 line.
  assert.ok(problems.some((p) => p.startsWith("error: <arcline-demo kind=\"planner\">: This diagram could not start")), problems.join("\n"));
  await context.close();
});

test("the playground's URL hash restores the exact scene", async () => {
  const { page, context, problems } = await open(env.base + "/");
  await page.waitForFunction(() => window.__arcline?.ready);
  await page.evaluate(() =>
    window.__arcline.diagrams.arc.setState({ pose: { x: 1.25, y: -2, heading: 0.75 }, point: { x: 5, y: 3.5 }, width: 2.5 }),
  );
  await page.waitForFunction(() => location.hash.startsWith("#v=1&arc="));
  const url = page.url();
  const scene = await page.evaluate(() => window.__arcline.diagrams.arc.getState());
  const second = await open(url);
  await second.page.waitForFunction(() => window.__arcline?.ready);
  const restored = await second.page.evaluate(() => window.__arcline.diagrams.arc.getState());
  assert.deepEqual(restored, scene);
  // A hostile hash is ignored, not thrown.
  const third = await open(env.base + "/#s=%%%not-base64");
  await third.page.waitForFunction(() => window.__arcline?.ready);
  assert.deepEqual(problems.concat(second.problems, third.problems), []);
  await Promise.all([context.close(), second.context.close(), third.context.close()]);
});

test("?embed=1 shows one bare diagram, with only its system's wasm module", async () => {
  const { page, context, problems, wasm } = await open(env.base + "/?embed=1&kind=arc&width=4");
  await page.waitForFunction(() => window.__arcline?.ready);
  const visible = await page.evaluate(() =>
    [...document.querySelectorAll("[data-diagram]")].filter((s) => !s.hidden).map((s) => s.dataset.diagram),
  );
  assert.deepEqual(visible, ["arc"]);
  assert.equal(await page.evaluate(() => window.__arcline.diagrams.arc.getState().width), 4);
  assert.equal(await page.locator("header h1").isVisible(), false);
  assert.deepEqual(wasm, ["arcline_paths_bg.wasm"]);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const colorScheme of ["light", "dark"]) {
  test(`the tutorial page loads under the CSP with no violation (${colorScheme})`, async () => {
    const { page, context, problems } = await open(env.base + "/embed.html", { colorScheme });
    await ready(page, 6);
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get("content-security-policy"));
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, colorScheme === "dark" ? "rgb(22, 23, 26)" : "rgb(251, 250, 247)");
    await page.screenshot({ path: screenshotPath(`embed-${colorScheme}`), fullPage: true });
    assert.deepEqual(await page.evaluate(() => window.__csp), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
