// Loading the wasm modules once per page, and resetting them after a trap (a
// trapped instance cannot be trusted: its memory may be mid-update).
//
// The playground loads the whole API (pkg/arcline.js, the published module).
// An <arcline-demo> loads only its system's module (pkg/arcline_paths.js,
// _pathfind.js, _crowd.js or _roads.js, built with the bindings' features),
// unless the page has already started the whole API through the package's
// entry (`import init from "arcline"; await init()`), which announces itself
// under Symbol.for("arcline.api"): then every element uses that one.
import type { Api } from "./shell/diagram.js";
import type { Glue, ModuleSource } from "./modules.js";
import { useDrawPath } from "./shell/draw.js";

const loaded = new Map<string, Promise<Api>>();
const glues = new Map<string, Glue>();
const memories = new Map<string, WebAssembly.Memory>();
const crashListeners = new Set<(e: unknown) => void>();

/** The key under which the package's entry announces the whole API it started. */
const ANNOUNCED = Symbol.for("arcline.api");

/** The whole API the page started through the package's entry, if it has. */
function announcedApi(): Api | null {
  const api: unknown = Reflect.get(globalThis, ANNOUNCED);
  return typeof api === "object" && api !== null && "planDubins" in api ? (api as Api) : null;
}

/**
 * Where the page serves the package's files when its bundler does not emit
 * them (esbuild, Rollup): `<meta name="arcline-assets" content="/static/arcline/">`
 * with the package's `pkg/` and `build/` folders copied there. Null without it:
 * the files are where the bundler put them.
 */
export function assetBase(): URL | null {
  if (typeof document === "undefined") return null;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="arcline-assets"]');
  if (!meta || !meta.content) return null;
  try {
    return new URL(meta.content.endsWith("/") ? meta.content : `${meta.content}/`, document.baseURI);
  } catch {
    return null;
  }
}

/** The URL of a module's wasm: beside its glue, or under the page's asset base. */
export function wasmUrl(source: ModuleSource): URL {
  const base = assetBase();
  return base ? new URL(`pkg/${source.name}_bg.wasm`, base) : source.wasm();
}

/**
 * The loaded module from `source`, shared by every diagram on the page that
 * asks for it; the whole API instead when the page has started it.
 */
export function loadApi(source: ModuleSource): Promise<Api> {
  const announced = announcedApi();
  if (announced) return Promise.resolve(announced);
  const have = loaded.get(source.name);
  if (have) return have;
  const api = source.glue().then(async (m) => {
    const exports = await m.default({ module_or_path: wasmUrl(source) });
    glues.set(source.name, m);
    if (exports.memory) memories.set(source.name, exports.memory);
    useDrawPath(m.drawPath);
    return m as Api;
  });
  loaded.set(source.name, api);
  api.catch(() => loaded.delete(source.name));
  return api;
}

/** Bytes of linear memory the loaded wasm instances hold (0 before loading, and after a restart). */
export function wasmMemoryBytes(): number {
  let bytes = 0;
  for (const m of memories.values()) bytes += m.buffer.byteLength;
  return bytes;
}

/**
 * Starts a fresh instance of every loaded module (a trap in one may follow a
 * bug shared by all): the objects of the old instances are gone, so the
 * diagrams mount again.
 */
export function restartApi(source: ModuleSource): Promise<Api> {
  for (const g of glues.values()) g.__wbg_reset_state();
  const announced = announcedApi() as (Api & Partial<Pick<Glue, "__wbg_reset_state">>) | null;
  announced?.__wbg_reset_state?.();
  // The fresh instances' memories are not handed back: the count restarts.
  memories.clear();
  return loadApi(source);
}

/** Whether `e` is a WebAssembly trap (a bug in the module, not bad input). */
export function isTrap(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError;
}

/** Calls `listener` whenever a trap reaches the window (from any handler). */
export function onTrap(listener: (e: unknown) => void): () => void {
  crashListeners.add(listener);
  return () => crashListeners.delete(listener);
}

window.addEventListener("error", (ev) => {
  if (isTrap(ev.error)) for (const l of crashListeners) l(ev.error);
});
window.addEventListener("unhandledrejection", (ev) => {
  if (isTrap(ev.reason)) for (const l of crashListeners) l(ev.reason);
});

/**
 * Why the module could not start, in words for the page. A module that does
 * not compile is almost always a browser without WebAssembly SIMD.
 */
export function startErrorMessage(e: unknown): string {
  const why = e instanceof Error ? e.message : String(e);
  if (e instanceof WebAssembly.CompileError) {
    return `${why} (Arcline needs WebAssembly SIMD: Chrome 91, Firefox 89, Safari 16.4 or later)`;
  }
  return why;
}
