// <arcline-demo> styles itself: on a page that links no stylesheet its
// controls do not look like the browser's defaults, a host stylesheet that
// restyles every button, input and canvas changes nothing inside it, and it
// is light or dark after the reader's preference and the host's
// color-scheme.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, screenshotPath } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

async function open(path, options = {}) {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 }, deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(env.base + path);
  await page.waitForFunction(() => [...document.querySelectorAll("arcline-demo")].every((e) => e.dataset.ready === "true"));
  return { page, context, problems };
}

const PROPS = [
  "background-color",
  "color",
  "font-family",
  "font-size",
  "font-style",
  "letter-spacing",
  "text-transform",
  "line-height",
  "border-top-width",
  "border-top-left-radius",
  "padding-left",
  "min-height",
  "height",
  "width",
  "accent-color",
  "display",
];

/** Computed styles of one of each control (and the stage, the read-out) inside each element. */
function looks(page) {
  return page.evaluate((props) => {
    const pick = (el) => {
      const cs = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
    };
    const out = {};
    for (const host of document.querySelectorAll("arcline-demo")) {
      const r = host.shadowRoot;
      const one = (sel) => {
        const el = r.querySelector(sel);
        if (!el) throw new Error(`${host.id}: no ${sel}`);
        return el;
      };
      const stage = one(".stage");
      const canvas = one("canvas");
      const look = {
        button: pick(one(".controls button:not(.handle-key)")),
        range: pick(one('input[type="range"]')),
        checkbox: pick(one('input[type="checkbox"]')),
        label: pick(one(".controls label")),
        // The numbers beside the figure where the diagram has figures, else its read-out line.
        readout: pick(one(".figure-numbers, .readout")),
        stage: pick(stage),
        // The canvas fills its stage (a host rule sizing canvases must not reach it).
        canvasFill: { dw: canvas.getBoundingClientRect().width - stage.clientWidth, dh: canvas.getBoundingClientRect().height - stage.clientHeight },
      };
      if (r.querySelector("select")) look.select = pick(one("select"));
      out[host.id] = look;
    }
    return out;
  }, PROPS);
}

/** The browser's own look of a control of each kind, in a page without styles. */
function defaults(page) {
  return page.evaluate((props) => {
    const pick = (el) => {
      const cs = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
    };
    const make = (tag, type) => {
      const el = document.createElement(tag);
      if (type) el.type = type;
      if (tag === "button") el.textContent = "Play";
      if (tag === "select") el.append(new Option("one"));
      document.body.append(el);
      const look = pick(el);
      el.remove();
      return look;
    };
    return { button: make("button"), range: make("input", "range"), checkbox: make("input", "checkbox"), select: make("select") };
  }, PROPS);
}

const differs = (a, b, keys) => keys.filter((k) => a[k] !== b[k]);

test("on a page without any stylesheet, the controls are the element's own, not the browser's defaults", async () => {
  const { page, context, problems } = await open("/tests/fixtures/plain-host.html");
  assert.equal(await page.evaluate(() => document.styleSheets.length), 0, "the host links no stylesheet");
  const ua = await defaults(page);
  const look = await looks(page);
  for (const [id, l] of Object.entries(look)) {
    // Each control differs from the user agent's in its box, not just by accident in one value.
    assert.deepEqual(differs(l.button, ua.button, ["background-color", "border-top-left-radius", "padding-left", "min-height"]).length, 4, `${id} button ${JSON.stringify(l.button)}`);
    assert.ok(differs(l.range, ua.range, ["accent-color", "min-height", "width"]).length >= 2, `${id} range ${JSON.stringify(l.range)}`);
    assert.ok(differs(l.checkbox, ua.checkbox, ["accent-color", "width", "height"]).length === 3, `${id} checkbox ${JSON.stringify(l.checkbox)}`);
    if (l.select) assert.ok(differs(l.select, ua.select, ["background-color", "border-top-left-radius", "padding-left", "min-height"]).length >= 3, `${id} select`);
    assert.equal(l.button["font-size"], "14px");
    assert.equal(l.stage["background-color"], "rgb(255, 255, 255)");
    assert.deepEqual(l.canvasFill, { dw: 0, dh: 0 });
  }
  await page.screenshot({ path: screenshotPath("embed-plain-host"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test("a hostile host stylesheet (button { all: unset }, canvas { width: 10px }, * { ... }) changes nothing inside", async () => {
  const plain = await open("/tests/fixtures/plain-host.html");
  const hostile = await open("/tests/fixtures/hostile-host.html");
  // The hostile rules are in force on the host page itself.
  assert.equal(await hostile.page.evaluate(() => getComputedStyle(document.body).textTransform), "uppercase");
  const a = await looks(plain.page);
  const b = await looks(hostile.page);
  for (const id of Object.keys(a)) {
    for (const part of ["button", "range", "checkbox", "select", "label", "readout"]) {
      if (!a[id][part]) continue;
      // Widths follow the host's box (its padding is the host's to set); everything else is the element's own.
      const { width: wa, ...restA } = a[id][part];
      const { width: wb, ...restB } = b[id][part];
      assert.deepEqual(restB, restA, `${id} ${part}`);
      if (part !== "label" && part !== "readout") assert.equal(wb, wa, `${id} ${part} width`);
    }
    const { width: _w1, height: _h1, ...stageA } = a[id].stage;
    const { width: _w2, height: _h2, ...stageB } = b[id].stage;
    assert.deepEqual(stageB, stageA, `${id} stage`);
    assert.deepEqual(b[id].canvasFill, { dw: 0, dh: 0 }, `${id}: the canvas still fills its stage`);
  }
  const canvasWidth = await hostile.page.evaluate(() => document.getElementById("planner").shadowRoot.querySelector("canvas").getBoundingClientRect().width);
  assert.ok(canvasWidth > 500, `canvas ${canvasWidth} px wide`);
  await hostile.page.screenshot({ path: screenshotPath("embed-hostile-host"), fullPage: true });
  assert.deepEqual(plain.problems.concat(hostile.problems), []);
  await Promise.all([plain.context.close(), hostile.context.close()]);
});

/** The stage's background and the read-out's colour of a new element added to the page. */
async function addAndLook(page, hostScheme) {
  return page.evaluate(async (hostScheme) => {
    if (hostScheme) document.documentElement.style.colorScheme = hostScheme;
    const el = document.createElement("arcline-demo");
    el.setAttribute("kind", "arc");
    document.body.append(el);
    while (el.dataset.ready !== "true") await new Promise((ok) => setTimeout(ok, 20));
    const r = el.shadowRoot;
    const out = {
      box: getComputedStyle(r.querySelector(".arcline-theme")).backgroundColor,
      stage: getComputedStyle(r.querySelector(".stage")).backgroundColor,
      text: getComputedStyle(r.querySelector(".controls label")).color,
      scheme: getComputedStyle(r.querySelector(".stage")).colorScheme,
    };
    el.remove();
    return out;
  }, hostScheme);
}

const LIGHT = { box: "rgb(251, 250, 247)", stage: "rgb(255, 255, 255)", text: "rgb(29, 29, 31)", scheme: "light" };
const DARK = { box: "rgb(22, 23, 26)", stage: "rgb(31, 32, 36)", text: "rgb(236, 236, 239)", scheme: "dark" };

test("light and dark: the reader's preference, unless the host's color-scheme allows only one", async () => {
  for (const [preference, hostScheme, want] of [
    ["light", "", LIGHT],
    ["dark", "", DARK],
    ["light", "light dark", LIGHT],
    ["dark", "light dark", DARK],
    ["dark", "light", LIGHT],
    ["light", "dark", DARK],
  ]) {
    const { page, context, problems } = await open("/tests/fixtures/plain-host.html", { colorScheme: preference });
    assert.deepEqual(await addAndLook(page, hostScheme), want, `prefers ${preference}, host color-scheme "${hostScheme}"`);
    if (preference === "dark" && !hostScheme) await page.screenshot({ path: screenshotPath("embed-plain-host-dark"), fullPage: true });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("the playground's diagrams and the tutorial page's elements are dark on a dark page, light on a light one", async () => {
  for (const [colorScheme, panel] of [
    ["dark", "rgb(31, 32, 36)"],
    ["light", "rgb(255, 255, 255)"],
  ]) {
    const play = await open("/", { colorScheme });
    await play.page.waitForFunction(() => window.__arcline?.ready);
    const stages = await play.page.evaluate(() => [...document.querySelectorAll("[data-diagram] .stage")].map((s) => getComputedStyle(s).backgroundColor));
    assert.equal(stages.length, 8);
    assert.deepEqual(new Set(stages), new Set([panel]), `playground, ${colorScheme}`);
    const article = await open("/embed.html", { colorScheme });
    const elements = await article.page.evaluate(() => [...document.querySelectorAll("arcline-demo")].map((e) => getComputedStyle(e.shadowRoot.querySelector(".stage")).backgroundColor));
    assert.ok(elements.length >= 5);
    assert.deepEqual(new Set(elements), new Set([panel]), `tutorial page, ${colorScheme}`);
    assert.deepEqual(play.problems.concat(article.problems), []);
    await Promise.all([play.context.close(), article.context.close()]);
  }
});

test("under a host policy that allows no inline styles (style-src 'self') it looks the same, with no violation", async () => {
  const plain = await open("/tests/fixtures/plain-host.html");
  const strict = await open("/tests/fixtures/strict-host.html");
  assert.deepEqual(await looks(strict.page), await looks(plain.page));
  assert.deepEqual(await strict.page.evaluate(() => window.__csp), []);
  assert.deepEqual(plain.problems.concat(strict.problems), []);
  await Promise.all([plain.context.close(), strict.context.close()]);
});
