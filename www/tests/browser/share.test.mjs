// Share links: a diagram's state is only what the reader set (nothing
// computed: that is its readout()), and a link holds only the fields the
// reader changed, versioned (`#v=1&<kind>=<JSURL2>`). The default scene's
// link is short for every kind; after the reader moves every handle and
// changes the toggles it is still short; opening a link gives the same
// state and the same read-out; malformed and hostile links are ignored.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

const KINDS = ["arc", "planner", "pathfind", "parking", "steering", "formation", "road", "junction"];
/** Read-out fields that are not results: wall-clock timings, and which circle the reader last touched. */
const TIMINGS = new Set(["ms", "stepMs", "fps", "selected"]);

function withoutTimings(v) {
  if (Array.isArray(v)) return v.map(withoutTimings);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).filter(([k]) => !TIMINGS.has(k)).map(([k, x]) => [k, withoutTimings(x)]));
  return v;
}

const states = (page) => page.evaluate(() => Object.fromEntries(Object.entries(window.__arcline.diagrams).map(([k, d]) => [k, d.getState()])));
const readouts = (page) => page.evaluate(() => Object.fromEntries(Object.entries(window.__arcline.diagrams).map(([k, d]) => [k, d.readout()])));

test("a state holds only what the reader set: no computed values, nothing that is not plain data", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const all = await page.evaluate(() =>
    Object.fromEntries(
      Object.entries(window.__arcline.diagrams).map(([k, d]) => {
        const s = d.getState();
        return [k, { keys: Object.keys(s), json: JSON.stringify(s), readout: Object.keys(d.readout()) }];
      }),
    ),
  );
  assert.deepEqual(Object.keys(all).sort(), [...KINDS].sort());
  for (const [kind, s] of Object.entries(all)) {
    assert.ok(!s.keys.includes("computed") && !s.keys.includes("readout"), `${kind}: ${s.keys}`);
    // What the core computes is in the read-out instead.
    assert.ok(s.readout.length > 0, `${kind} has a read-out`);
    assert.ok(s.json.length < 1200, `${kind} state is ${s.json.length} characters of JSON`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the default scene's link is under 300 characters, on the playground and for each kind alone", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const link = await page.evaluate(() => window.__arcline.link());
  assert.ok(link.length < 300, `${link.length}: ${link}`);
  assert.equal(new URL(link).hash, "#v=1", "nothing changed, nothing in the link but its version");
  await context.close();
  for (const kind of KINDS) {
    const one = await openPage(env.browser, `${env.base}/?embed=1&kind=${kind}`);
    const l = await one.page.evaluate(() => window.__arcline.link());
    assert.ok(l.length < 300, `${kind}: ${l.length} characters: ${l}`);
    assert.equal(new URL(l).hash, "#v=1", kind);
    assert.deepEqual(one.problems, [], kind);
    await one.context.close();
  }
  assert.deepEqual(problems, []);
});

/**
 * What a reader might do: every handle of every diagram moved by the
 * keyboard (right and up), and a slider or toggle changed in each.
 */
async function changeEverything(page) {
  for (const kind of KINDS) {
    const handles = await page.locator(`[data-diagram="${kind}"] [data-handle]`).all();
    for (const h of handles) {
      await h.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowUp");
    }
  }
  await page.evaluate(() => {
    const d = window.__arcline.diagrams;
    d.arc.setState({ width: 2.5 });
    d.planner.setState({ radius: 2.2, arrive: true, goalHeading: 0.7 });
    d.pathfind.setState({ clearance: 0.75, showGraph: true });
    d.steering.setState({ maxSpeed: 1.5, playing: false });
    d.formation.setState({ pattern: "circle", spacing: 5, playing: false });
    d.road.setState({ construction: true });
  });
}

test("a link after every handle moved is still short, and opening it gives the same state and read-out", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await changeEverything(page);
  const link = await page.evaluate(() => window.__arcline.link());
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  assert.equal(params.get("v"), "1");
  for (const kind of KINDS) {
    const part = params.get(kind) ?? "";
    assert.ok(part.length > 0, `${kind} changed, so it is in the link`);
    // Positions carry the digits the zoom shows, not 17.
    assert.ok(!/\d\.\d{9}/.test(part.replace(/heading~-?\d\.\d+/g, "")), `${kind}: ${part}`);
    console.log(`# link part ${kind}: ${part.length} characters`);
  }
  console.log(`# link after moving every handle: ${link.length} characters`);
  assert.ok(link.length < 1500, `${link.length}: ${link}`);
  const wantStates = await states(page);
  const wantReadouts = withoutTimings(await readouts(page));

  const second = await openPage(env.browser, link);
  const third = await openPage(env.browser, link);
  assert.deepEqual(await states(second.page), wantStates, "same state");
  assert.equal(await second.page.evaluate(() => window.__arcline.link()), link, "its own link is the same link");
  const got = withoutTimings(await readouts(second.page));
  // Diagrams that do not simulate show the same read-out as the page the link came from.
  for (const kind of ["arc", "planner", "pathfind", "road", "junction"]) assert.deepEqual(got[kind], wantReadouts[kind], `${kind}: same read-out`);
  // Simulations restart from the link's state: two pages opened from it agree.
  const again = withoutTimings(await readouts(third.page));
  for (const kind of ["steering", "formation"]) assert.deepEqual(got[kind], again[kind], `${kind}: same read-out from the same link`);
  assert.deepEqual(problems.concat(second.problems, third.problems), []);
  await Promise.all([context.close(), second.context.close(), third.context.close()]);
});

test("malformed, future and hostile links are ignored or clamped, never thrown", async () => {
  const cases = [
    ["#v=1&planner=(radius~1e999~unit~(x~_N~y~99999999~heading~1))", (s) => s.planner.radius === 3 && s.planner.unit.y === 1000 && s.planner.unit.x === -4],
    ["#v=1&planner=(((", (s) => s.planner.radius === 3],
    ["#v=2&planner=(radius~5)", (s) => s.planner.radius === 3],
    ["#v=1&road=(profiles~!(1~2~3)~lanes~%22x%22)", (s) => s.road.profiles.length === 3 && s.road.lanes.length === 4],
    ["#v=1&arc=(width~-5)&nosuchkind=(a~1)", (s) => s.arc.width === 0.1],
    ["#s=%%%not-base64", (s) => s.arc.width === 1.5],
  ];
  for (const [hash, ok] of cases) {
    const { page, context, problems } = await openPage(env.browser, env.base + "/" + hash);
    const s = await states(page);
    assert.ok(ok(s), `${hash}: ${JSON.stringify(s.planner ?? s)}`);
    assert.deepEqual(problems, [], hash);
    await context.close();
  }
});

test("links of the first form (#s= and base64 JSON of whole states) still open", async () => {
  const scene = { arc: { pose: { x: 1.25, y: -2, heading: 0.75 }, width: 2.5, computed: { word: "ignored" } } };
  const hash = "#s=" + Buffer.from(JSON.stringify(scene)).toString("base64url");
  const { page, context, problems } = await openPage(env.browser, env.base + "/" + hash);
  const s = await states(page);
  assert.deepEqual(s.arc.pose, scene.arc.pose);
  assert.equal(s.arc.width, 2.5);
  assert.equal(s.arc.computed, undefined);
  assert.deepEqual(problems, []);
  await context.close();
});
