// The road diagram in Chromium: the default chain is built with the pieces
// computed by hand, dragging a profile rebuilds it, dragging one behind its
// source flips it by the half-plane rule into a U-turn, the construction
// overlay has the seed's C, M, O, the lane editor adds lanes, an unsolvable
// placement is told in words, and the page logs no error or warning.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { openBrowser, openPage, screenPointOf, drag, pxPerUnit, screenshotPath } from "./browser.mjs";
import { nearWithin } from "../near.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

/** The diagram's state (what the reader set) with its read-out (what it computed) beside it. */
const state = (page) =>
  page.evaluate(() => {
    const d = window.__arcline.diagrams.road;
    return { ...d.getState(), readout: d.readout() };
  });
const near = nearWithin(1e-9);

test("the default road: line-arc then arc-line, with lane markings by kind", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const s = await state(page);
  // (-40,-15) east -> (0,5) north: C = (0,-15), CA = 40 > CB = 20: line then arc.
  // (0,5) north -> (30,20) east: C = (0,20), CA = 15 < CB = 30: arc then line.
  assert.deepEqual(s.readout.pieces.map((p) => p.kind), ["line-arc", "arc-line"]);
  assert.deepEqual(s.readout.pieces.map((p) => p.word), ["SL", "RS"]);
  assert.equal(s.readout.pieces[0].boundaries, 5);
  // sidewalk | driving← | driving→ | sidewalk: kerb, double, kerb.
  assert.deepEqual(s.readout.pieces[0].markings, ["kerb", "double", "kerb"]);
  await page.locator('[data-diagram="road"]').scrollIntoViewIfNeeded();
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging a profile's centre rebuilds the road, keeping the grab offset", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="road"]').scrollIntoViewIfNeeded();
  const k = await pxPerUnit(page, "road");
  const from = await screenPointOf(page, "road", "profile 2 centre");
  const grab = { x: from.x + 2, y: from.y + 2 };
  // 20 world units right (x 30 -> 50): C = (0,20) still, CA = 15, CB = 50: arc-line.
  await drag(page, grab, { x: grab.x + 20 * k, y: grab.y });
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().profiles[2].x > 40);
  const s = await state(page);
  assert.ok(Math.abs(s.profiles[2].x - 50) < 2 / k, `x ${s.profiles[2].x}`);
  assert.ok(Math.abs(s.profiles[2].y - 20) < 2 / k, `y ${s.profiles[2].y}`);
  assert.equal(s.readout.pieces[1].kind, "arc-line");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a profile dragged behind its source is turned by the half-plane rule into a U-turn", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="road"]').scrollIntoViewIfNeeded();
  const k = await pxPerUnit(page, "road");
  const from = await screenPointOf(page, "road", "profile 1 centre");
  // (0,5) -> (-60,15): behind profile 0's cross-section (x < -40), 30 to its left.
  await drag(page, from, { x: from.x - 60 * k, y: from.y - 10 * k }, 20);
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().profiles[1].x < -45);
  const s = await state(page);
  near(s.profiles[1].heading, Math.PI, 1e-12); // profile 0's heading (0) + π
  assert.equal(s.readout.pieces[0].kind, "u-turn");
  // Turning its heading knob cannot leave the rule: it stays source + π.
  const knob = await screenPointOf(page, "road", "profile 1 heading");
  const centre = await screenPointOf(page, "road", "profile 1 centre");
  await drag(page, knob, { x: centre.x, y: centre.y - 30 });
  const t = await state(page);
  near(t.profiles[1].heading, Math.PI, 1e-12);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the heading knob turns a profile in front of its source", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="road"]').scrollIntoViewIfNeeded();
  const knob = await screenPointOf(page, "road", "profile 2 heading");
  const centre = await screenPointOf(page, "road", "profile 2 centre");
  const r = Math.hypot(knob.x - centre.x, knob.y - centre.y);
  // A quarter turn counter-clockwise: east -> north (screen up).
  await drag(page, knob, { x: centre.x, y: centre.y - r });
  await page.waitForFunction(() => Math.abs(window.__arcline.diagrams.road.getState().profiles[2].heading - Math.PI / 2) < 0.05);
  const s = await state(page);
  // (0,5) north to (30,20) north: parallel and shifted, an s-curve.
  assert.equal(s.readout.pieces[1].kind, "s-curve");
  assert.deepEqual(problems, []);
  await context.close();
});

test("the construction overlay has the seed's C, M, O and the Hermite intermediate profile", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const section = page.locator('[data-diagram="road"]');
  await section.scrollIntoViewIfNeeded();
  await section.getByLabel("construction").check();
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().construction === true);
  let s = await state(page);
  const f = s.readout.pieces[0].construction.fillets[0];
  // C = (0,-15); M on CA with CM = CB = 20: (-20,-15); O = M + r·left = (-20, 5), r = 20.
  near(f.c.x, 0);
  near(f.c.y, -15);
  near(f.m.x, -20);
  near(f.m.y, -15);
  near(f.o.x, -20);
  near(f.o.y, 5);
  near(f.radius, 20);
  await section.screenshot({ path: screenshotPath("road-construction") });
  // A lane shift: the intermediate profile at P(0.5) = the midpoint.
  await page.evaluate(() =>
    window.__arcline.diagrams.road.setState({ profiles: [{ x: -40, y: 0, heading: 0 }, { x: 40, y: 8, heading: 0 }] }),
  );
  s = await state(page);
  assert.equal(s.readout.pieces[0].kind, "s-curve");
  near(s.readout.pieces[0].construction.intermediate.x, 0);
  near(s.readout.pieces[0].construction.intermediate.y, 4);
  assert.equal(s.readout.pieces[0].construction.hermite, 65);
  await section.getByLabel("Bézier offsets").check();
  await page.evaluate(() =>
    window.__arcline.diagrams.road.setState({ profiles: [{ x: -20, y: -10, heading: 0 }, { x: -8, y: 2, heading: 2.4 }, { x: 30, y: 20, heading: 0 }] }),
  );
  s = await state(page);
  assert.equal(s.readout.pieces[0].bezierPinched, true);
  await section.screenshot({ path: screenshotPath("road") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("the lane editor adds a lane and an unsolvable placement is told in words", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const section = page.locator('[data-diagram="road"]');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole("button", { name: "add lane" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().lanes.length === 5);
  let s = await state(page);
  assert.equal(s.readout.pieces[0].boundaries, 6);
  // Four lanes of 8: 16 on each side of the middle; the second piece's arc of
  // radius 15 is too tight, the first's (radius 20) still fits.
  await page.evaluate(() =>
    window.__arcline.diagrams.road.setState({ lanes: Array(4).fill({ kind: "driving", width: 8 }) }),
  );
  s = await state(page);
  assert.equal(s.readout.pieces[0].kind, "line-arc");
  assert.equal(s.readout.pieces[1].kind, null);
  assert.match(s.readout.pieces[1].error, /lanes wider than the turn/);
  const status = await section.locator(".status").textContent();
  assert.match(status, /Cannot build: profile 1 → 2: lanes wider than the turn/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("clicking empty space adds a profile", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="road"]').scrollIntoViewIfNeeded();
  const k = await pxPerUnit(page, "road");
  const p2 = await screenPointOf(page, "road", "profile 2 centre");
  await page.mouse.click(p2.x + 20 * k, p2.y - 10 * k);
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().profiles.length === 4);
  const s = await state(page);
  assert.ok(Math.abs(s.profiles[3].x - 50) < 2 / k && Math.abs(s.profiles[3].y - 30) < 2 / k);
  assert.equal(s.readout.pieces.length, 3);
  assert.equal(s.readout.pieces[2].kind, "s-curve");
  await page.locator('[data-diagram="road"]').getByRole("button", { name: "remove last profile" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().profiles.length === 3);
  assert.equal(await page.locator('[data-diagram="road"] [data-handle="profile 3 centre"]').count(), 0);
  assert.equal(await page.locator('[data-diagram="road"] [data-handle="profile 2 centre"]').count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a drag rebuilds the pieces it touches, and every piece, figure row and read-out matches the API's own piece", async () => {
  const A = await import("../../pkg/arcline.js");
  A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.evaluate(() =>
    window.__arcline.diagrams.road.setState({
      profiles: [
        { x: -40, y: -15, heading: 0 },
        { x: 0, y: 5, heading: Math.PI / 2 },
        { x: 30, y: 20, heading: 0 },
        { x: 60, y: 24, heading: 0.2 },
        { x: 90, y: 30, heading: 0 },
      ],
    }),
  );
  await page.locator('[data-diagram="road"]').scrollIntoViewIfNeeded();
  const k = await pxPerUnit(page, "road");
  const from = await screenPointOf(page, "road", "profile 2 centre");
  await drag(page, from, { x: from.x, y: from.y - 6 * k });
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().profiles[2].y > 24);
  // The API's pieces for the profiles the diagram now holds, computed here in Node.
  const check = async () => {
    const s = await state(page);
    const rows = await page.evaluate(() => window.__arcline.diagrams.road.figure().numbers);
    const shown = await page.locator('[data-diagram="road"] [data-number] dd').allTextContents();
    const expected = s.profiles.slice(1).map((b, i) => {
      try {
        return A.roadMarkings({ ...s.profiles[i], lanes: s.lanes }, { ...b, lanes: s.lanes }).piece;
      } catch (e) {
        return e;
      }
    });
    assert.equal(s.readout.pieces.length, expected.length);
    expected.forEach((piece, i) => {
      assert.equal(rows[i].key, `piece${i}`);
      if (piece instanceof Error) {
        assert.equal(s.readout.pieces[i].error, piece.message.replace(/^b: /, ""), `piece ${i}`);
        assert.equal(shown[i], "cannot be built", `piece ${i}`);
        return;
      }
      assert.equal(s.readout.pieces[i].kind, piece.kind, `piece ${i}`);
      assert.equal(s.readout.pieces[i].word, piece.centerline.word, `piece ${i}`);
      assert.equal(rows[i].value, piece.centerline.length, `piece ${i}`);
      assert.equal(shown[i], piece.centerline.length.toFixed(1), `piece ${i}`);
    });
    assert.equal(shown.length, expected.length);
  };
  await check();
  // Pieces are kept by position: after the last profile goes, the rest still match.
  await page.locator('[data-diagram="road"]').getByRole("button", { name: "remove last profile" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.road.getState().profiles.length === 4);
  await check();
  assert.deepEqual(problems, []);
  await context.close();
});

test("the OpenDRIVE download holds one road per piece, linked end to start", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const section = page.locator('[data-diagram="road"]');
  await section.scrollIntoViewIfNeeded();
  const waiting = page.waitForEvent("download");
  await section.getByRole("button", { name: "download OpenDRIVE (.xodr)" }).click();
  const download = await waiting;
  assert.equal(download.suggestedFilename(), "road.xodr");
  const xodr = readFileSync(await download.path(), "utf8");
  // The default road: two pieces (line-arc, arc-line), linked where they meet.
  assert.equal([...xodr.matchAll(/<road id=/g)].length, 2);
  assert.match(xodr, /<successor elementType="road" elementId="1" contactPoint="start"\/>/);
  assert.match(xodr, /<predecessor elementType="road" elementId="0" contactPoint="end"\/>/);
  assert.equal([...xodr.matchAll(/<arc curvature=/g)].length, 2);
  assert.equal([...xodr.matchAll(/<line\/>/g)].length, 2);
  assert.deepEqual(problems, []);
  await context.close();
});
