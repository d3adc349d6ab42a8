// Each kind of <arcline-demo>: a drag on one of its handles changes what its
// `state` reports (and fires `change`), the keyboard moves a handle too,
// attributes set the starting state, reduced motion starts animations
// paused, and a trap in the module is reported in words with a restart.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, drag } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

async function open(options = {}) {
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
  await page.goto(env.base + "/tests/fixtures/all-kinds.html");
  await page.waitForFunction(() => document.querySelectorAll('arcline-demo[data-ready="true"]').length === document.querySelectorAll("arcline-demo").length);
  return { page, context, problems, wasm };
}

const stateOf = (page, id) => page.evaluate((id) => JSON.parse(document.getElementById(id).state), id);
const readoutOf = (page, id) => page.evaluate((id) => document.getElementById(id).readout, id);

async function knob(page, id, label) {
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: "center" }), id);
  // Painted (not waiting off screen) and the camera still.
  await page.waitForFunction((id) => {
    const stage = document.getElementById(id).shadowRoot.querySelector(".stage");
    return !stage.hasAttribute("data-gliding") && !stage.hasAttribute("data-stale");
  }, id);
  return page.evaluate(
    ([id, label]) => {
      const b = document.getElementById(id).shadowRoot.querySelector(`[data-handle="${label}"]`);
      const r = b.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    [id, label],
  );
}

// Which handle to drag in each kind, and where its value lives in `state`.
const CASES = [
  { id: "planner", handle: "target", read: (s) => s.target },
  { id: "pathfind", handle: "goal", read: (s) => s.goal },
  { id: "steering", handle: "target", read: (s) => s.target },
  { id: "formation", handle: "formation target", read: (s) => s.target },
  { id: "road", handle: "profile 1 centre", read: (s) => ({ x: s.profiles[1].x, y: s.profiles[1].y }) },
  { id: "junction", handle: "arm 1 mouth", read: (s) => ({ x: s.arms[1].x, y: s.arms[1].y }) },
  { id: "parking", handle: "goal", read: (s) => s.goal },
];

test("each element loads only its system's wasm module, once per page", async () => {
  const { context, problems, wasm } = await open();
  // planner → paths; pathfind and parking → pathfind; steering and formation share crowd; road and junction → roads. Never the whole API.
  assert.deepEqual([...wasm].sort(), ["arcline_crowd_bg.wasm", "arcline_pathfind_bg.wasm", "arcline_paths_bg.wasm", "arcline_roads_bg.wasm"]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("attributes set the starting state, and bad ones are clamped", async () => {
  const { page, context, problems } = await open();
  assert.equal((await stateOf(page, "planner")).radius, 2.5);
  const pathfind = await stateOf(page, "pathfind");
  assert.equal(pathfind.clearance, 0.75);
  assert.equal(pathfind.showGraph, true);
  // Its module has no World: the formation cannot follow there.
  assert.equal(pathfind.formation, false);
  assert.equal((await stateOf(page, "formation")).pattern, "v");
  assert.equal((await stateOf(page, "road")).construction, true);
  const steering = await stateOf(page, "steering");
  assert.ok(steering.count <= 100000 && steering.count >= 100, `count ${steering.count}`);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const c of CASES) {
  test(`${c.id}: dragging "${c.handle}" moves it in state and fires change; the keyboard moves it too`, async () => {
    const { page, context, problems } = await open();
    await page.evaluate((id) => {
      window.__changes = 0;
      document.getElementById(id).addEventListener("change", () => window.__changes++);
    }, c.id);
    const before = c.read(await stateOf(page, c.id));
    const from = await knob(page, c.id, c.handle);
    await drag(page, from, { x: from.x + 50, y: from.y + 30 });
    await page.waitForFunction(() => window.__changes > 0);
    const after = c.read(await stateOf(page, c.id));
    assert.ok(after.x > before.x, `${c.id}: x ${before.x} -> ${after.x}`);
    assert.ok(after.y < before.y, `${c.id}: y ${before.y} -> ${after.y} (y is up)`);
    await page.locator(`#${c.id} [data-handle="${c.handle}"]`).focus();
    await page.keyboard.press("ArrowUp");
    const keyed = c.read(await stateOf(page, c.id));
    assert.ok(keyed.y > after.y, `${c.id}: ArrowUp moved y ${after.y} -> ${keyed.y}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("with reduced motion the animated diagrams start paused", async () => {
  const { page, context, problems } = await open({ reducedMotion: "reduce" });
  assert.equal((await stateOf(page, "steering")).playing, false);
  assert.equal((await readoutOf(page, "planner")).playing, false);
  assert.equal((await readoutOf(page, "pathfind")).playing, false);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a trap in the module is reported in words and the diagram restarts with its state", async () => {
  const { page, context } = await open();
  await page.evaluate(() => (document.getElementById("planner").state = JSON.stringify({ radius: 4 })));
  // A trap reaching the window, as a wasm `unreachable` would.
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent("error", { error: new WebAssembly.RuntimeError("unreachable"), message: "unreachable" }));
  });
  const text = await page.locator("#planner .error").textContent();
  assert.match(text, /WebAssembly module stopped/);
  await page.locator("#planner button", { hasText: "Restart" }).click();
  await page.waitForFunction(() => document.getElementById("planner").shadowRoot.querySelector("[data-handle]") !== null);
  assert.equal((await stateOf(page, "planner")).radius, 4);
  await context.close();
});
