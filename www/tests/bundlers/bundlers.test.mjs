// The package in a reader's own site, built by four bundlers with no more
// configuration than the package's README gives: `npm pack` of dist/, a site
// that installs the tarball, imports "arcline" and "arcline/demo", holds
// three <arcline-demo> of three systems and adds a fourth after starting the
// whole API; built by Vite, webpack 5, esbuild and Rollup, served under the
// CSP the embed promises, and checked in Chromium: every embed draws and
// answers a drag, the API answers, the wasm each system needs is fetched once,
// the element added after `init()` uses the whole API instead of a module of
// its own, and the crowd steps in its worker.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync, readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startServer } from "../../../scripts/serve.mjs";
import { CHROMIUM_ARGS } from "../browser/browser.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const work = join(root, "target", "bundlers");
let tarball;
let browser;
/** Each of the package's wasm modules by the SHA-256 of its bytes (bundlers rename them). */
const MODULE_OF = new Map();
const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");

before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const name = execFileSync("npm", ["pack", join(root, "dist"), "--pack-destination", work, "--silent"], { encoding: "utf8" }).trim();
  tarball = join(work, name.split("\n").pop());
  for (const f of readdirSync(join(root, "dist", "pkg")).filter((f) => f.endsWith(".wasm"))) {
    MODULE_OF.set(sha(readFileSync(join(root, "dist", "pkg", f))), f.replace(/_bg\.wasm$/, ""));
  }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
});

/** The reader's page: three systems embedded, the API used, a fourth embed after init(). */
const MAIN = `import init, { planDubins } from "arcline";
import "arcline/demo";

// The three elements in the page started loading their modules when
// "arcline/demo" defined them; the API starts now.
init().then(() => {
  const p = planDubins({ x: 0, y: 0, heading: 0 }, { x: 10, y: 0, heading: 0 }, 2);
  document.getElementById("api").textContent = String(p.length);
  const late = document.createElement("arcline-demo");
  late.setAttribute("kind", "road");
  late.id = "late";
  document.body.append(late);
});
`;

function page(head = "", script = "main.js", type = "module") {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A tutorial</title>
<link rel="icon" href="data:,">${head}
</head><body>
<h1>A tutorial</h1>
<arcline-demo kind="planner" id="planner"></arcline-demo>
<arcline-demo kind="pathfind" id="pathfind"></arcline-demo>
<arcline-demo kind="steering" id="steering"></arcline-demo>
<p>planDubins says <span id="api">…</span>.</p>
<script type="${type}" src="${script}"></script>
</body></html>
`;
}

/** A site folder with the packed package installed. */
function site(name) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `site-${name}`, private: true, type: "module" }));
  execFileSync("npm", ["install", tarball, "--no-audit", "--no-fund", "--no-save", "--silent"], { cwd: dir });
  writeFileSync(join(dir, "main.js"), MAIN);
  return dir;
}

/** The esbuild and Rollup recipe of the README: the package's pkg/ and build/ under /arcline/, and the meta tag. */
function copyAssets(dir, out) {
  for (const f of ["pkg", "build"]) cpSync(join(dir, "node_modules", "arcline", f), join(out, "arcline", f), { recursive: true });
}
const ASSETS_META = `\n<meta name="arcline-assets" content="/arcline/">`;

const builders = {
  async vite() {
    const dir = site("vite");
    writeFileSync(join(dir, "index.html"), page("", "/main.js"));
    const { build } = await import("vite");
    await build({ root: dir, logLevel: "warn", configFile: false });
    return join(dir, "dist");
  },
  async webpack() {
    const dir = site("webpack");
    const out = join(dir, "dist");
    const { default: webpack } = await import("webpack");
    await new Promise((ok, fail) =>
      webpack({ mode: "production", context: dir, entry: "./main.js", output: { path: out } }, (err, stats) => {
        if (err) return fail(err);
        // Any error or warning fails (the "Critical dependency" of an expression import was
        // one), except webpack's size advice about any wasm over 244 KB.
        const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
        const real = warnings.filter((w) => !/size limit/.test(w.message));
        if (errors.length > 0 || real.length > 0) return fail(new Error([...errors, ...real].map((e) => e.message).join("\n")));
        ok();
      }),
    );
    writeFileSync(join(out, "index.html"), page("", "main.js", "text/javascript"));
    return out;
  },
  async esbuild() {
    const dir = site("esbuild");
    const out = join(dir, "dist");
    const esbuild = await import("esbuild");
    await esbuild.build({ entryPoints: [join(dir, "main.js")], bundle: true, format: "esm", splitting: true, outdir: out, logLevel: "warning" });
    copyAssets(dir, out);
    writeFileSync(join(out, "index.html"), page(ASSETS_META));
    return out;
  },
  async rollup() {
    const dir = site("rollup");
    const out = join(dir, "dist");
    const { rollup } = await import("rollup");
    const { nodeResolve } = await import("@rollup/plugin-node-resolve");
    const bundle = await rollup({ input: join(dir, "main.js"), plugins: [nodeResolve()], onwarn: (w) => { throw new Error(w.message); } });
    await bundle.write({ dir: out, format: "es" });
    copyAssets(dir, out);
    writeFileSync(join(out, "index.html"), page(ASSETS_META));
    return out;
  },
};

for (const [name, build] of Object.entries(builders)) {
  test(`${name}: a site built from the packed package draws every embed, answers drags and the API`, async () => {
    const out = await build();
    const server = await startServer({ port: 0, root: out, brotliQuality: 1 });
    const base = `http://127.0.0.1:${server.address().port}`;
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    try {
      const p = await context.newPage();
      const problems = [];
      const wasm = [];
      p.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
      });
      p.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
      const bodies = [];
      p.on("response", (r) => {
        if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
        else if (new URL(r.url()).pathname.endsWith(".wasm")) {
          bodies.push(r.body().then((b) => wasm.push(MODULE_OF.get(sha(b)) ?? `unknown ${r.url()}`)));
        }
      });
      await p.addInitScript(() => {
        window.__csp = [];
        document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await p.goto(base + "/index.html");
      await p.waitForFunction(() => document.querySelectorAll('arcline-demo[data-ready="true"]').length === 4, null, { timeout: 30000 });

      // The API answers: a straight Dubins path of length 10.
      assert.equal(await p.textContent("#api"), "10");
      // Each system's wasm once and the whole API's once (told apart by their bytes); the late
      // road embed fetched nothing: it uses the whole API the page started.
      await Promise.all(bodies);
      assert.deepEqual(wasm.sort(), ["arcline", "arcline_crowd", "arcline_pathfind", "arcline_paths"]);

      // Each embed drew something, and a drag on each changes its state.
      for (const id of ["planner", "pathfind", "steering", "late"]) {
        // A stage is painted once it comes near the screen.
        await p.locator(`#${id}`).scrollIntoViewIfNeeded();
        await p.waitForFunction((id) => !document.getElementById(id).shadowRoot.querySelector(".stage[data-stale]"), id);
        const painted = await p.evaluate((id) => {
          const c = document.getElementById(id).shadowRoot.querySelector("canvas");
          const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 3; i < d.length; i += 4 * 97) if (d[i] > 0) n++;
          return n;
        }, id);
        assert.ok(painted > 20, `${id} painted ${painted} sampled pixels`);
      }
      for (const id of ["planner", "pathfind", "late"]) {
        await p.locator(`#${id}`).scrollIntoViewIfNeeded();
        const before = await p.evaluate((id) => document.getElementById(id).state, id);
        const handle = await p.evaluate((id) => {
          const h = document.getElementById(id).shadowRoot.querySelector("[data-handle]");
          const r = h.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }, id);
        await p.mouse.move(handle.x, handle.y);
        await p.mouse.down();
        await p.mouse.move(handle.x + 40, handle.y + 25, { steps: 5 });
        await p.mouse.up();
        const after = await p.evaluate((id) => document.getElementById(id).state, id);
        assert.notEqual(after, before, `a drag on ${id} changed its state`);
      }
      // The crowd steps in its worker (its script and the crowd wasm found in the built site).
      await p.evaluate(() => {
        document.getElementById("steering").state = { mode: "crowd", count: 2000, playing: false };
      });
      await p.locator("#steering").getByRole("button", { name: "Step", exact: true }).click();
      await p.waitForFunction(() => document.getElementById("steering").readout?.steps === 1, null, { timeout: 30000 });
      assert.equal(await p.evaluate(() => document.getElementById("steering").readout.offThread), true, "stepped in the worker");
      assert.deepEqual(await p.evaluate(() => window.__csp), [], "no CSP violation");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
      await new Promise((ok) => server.close(ok));
    }
  });
}

test("the packed package has a README and every file its exports name", () => {
  const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");
  for (const f of ["package/README.md", "package/index.js", "package/index.d.ts", "package/build/arcline-demo.d.ts", "package/pkg/arcline_bg.wasm"]) {
    assert.ok(files.includes(f), `${f} in the tarball`);
  }
  assert.ok(!files.some((f) => f.includes("snippets/")), "no wasm-bindgen snippets");
  assert.ok(readdirSync(work).length > 0);
});
