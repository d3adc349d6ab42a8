// The package's entry, `import init, * as arcline from "arcline"`: the whole
// API (pkg/arcline.js) as it is, with an initialiser that finds the wasm
// beside it by a literal new URL() (which Vite, webpack and Rollup with its
// URL plugin emit as an asset; elsewhere pass the URL you serve it at), and
// that makes the started API known to the <arcline-demo> elements of the
// page, which then use it instead of loading a module of their own.
import * as api from "./pkg/arcline.js";

export * from "./pkg/arcline.js";

const ANNOUNCED = Symbol.for("arcline.api");

/**
 * The wasm beside this file, or under the page's
 * `<meta name="arcline-assets" content="/where/you/copied/arcline/">`
 * (for bundlers that do not emit it: esbuild, Rollup).
 */
function wasmUrl() {
  const meta = typeof document === "undefined" ? null : document.querySelector('meta[name="arcline-assets"]');
  if (meta && meta.content) {
    const base = meta.content.endsWith("/") ? meta.content : `${meta.content}/`;
    return new URL("pkg/arcline_bg.wasm", new URL(base, document.baseURI));
  }
  return new URL("./pkg/arcline_bg.wasm", import.meta.url);
}

/**
 * Starts the module in a browser: `await init()`, or
 * `await init({ module_or_path: "/where/you/serve/arcline_bg.wasm" })`.
 */
export default async function init(options) {
  const out = await api.default(options ?? { module_or_path: wasmUrl() });
  globalThis[ANNOUNCED] = api;
  return out;
}

/** Starts the module from its bytes or a compiled module (Node: `initSync({ module: readFileSync(...) })`). */
export function initSync(options) {
  const out = api.initSync(options);
  globalThis[ANNOUNCED] = api;
  return out;
}
