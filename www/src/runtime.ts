// Loading the wasm modules once per page, and starting a fresh instance after
// a trap (a trapped instance cannot be trusted: its memory may be mid-update).
//
// The playground loads the whole API (pkg/arcline.js, the published module).
// An <arcline-demo> loads only its system's module (pkg/arcline_paths.js,
// _crowd.js or _roads.js, built with the `wasm-*` features), so an article
// with one kind of diagram downloads 34% to 57% of the whole.
import type { Api } from "./shell/diagram.js";
import { useDrawPath } from "./shell/draw.js";

/** Which module: the whole API, or the bindings of one system. */
export type System = "all" | "paths" | "pathfind" | "crowd" | "roads";

const loaded = new Map<System, Promise<Api>>();
/** Where each loaded module came from (its glue and its wasm), for a worker to load the same. */
const sources = new WeakMap<object, { js: string; wasm: string }>();
const memories = new Map<System, WebAssembly.Memory>();
let generation = 0;
const crashListeners = new Set<(e: unknown) => void>();

function moduleName(system: System): string {
  return system === "all" ? "arcline" : `arcline_${system}`;
}

/**
 * The loaded module for `system`, shared by every diagram on the page that
 * asks for it. A system's module has only that system's exports (the
 * embed-kinds browser test mounts every kind through one).
 */
export function loadApi(system: System = "all"): Promise<Api> {
  const have = loaded.get(system);
  if (have) return have;
  const name = moduleName(system);
  const url = new URL(`../pkg/${name}.js`, import.meta.url);
  if (generation > 0) url.searchParams.set("instance", String(generation));
  const api = import(/* @vite-ignore */ url.href).then(async (m: Api & { default: (o?: unknown) => Promise<unknown> }) => {
    const wasm = new URL(`../pkg/${name}_bg.wasm`, import.meta.url);
    const exports = (await m.default({ module_or_path: wasm })) as { memory?: WebAssembly.Memory };
    sources.set(m, { js: url.href, wasm: wasm.href });
    if (exports.memory) memories.set(system, exports.memory);
    useDrawPath(m.drawPath);
    return m;
  });
  loaded.set(system, api);
  return api;
}

/** The glue and wasm URLs `api` was loaded from (null for a module this file did not load). */
export function moduleSource(api: Api): { js: string; wasm: string } | null {
  return sources.get(api) ?? null;
}

/** Bytes of linear memory the loaded wasm instances hold (0 before loading). */
export function wasmMemoryBytes(): number {
  let bytes = 0;
  for (const m of memories.values()) bytes += m.buffer.byteLength;
  return bytes;
}

/** Drops every instance (a trap in one may follow a bug shared by all); the next loadApi() starts fresh ones. */
export function restartApi(system: System = "all"): Promise<Api> {
  generation += 1;
  loaded.clear();
  memories.clear();
  return loadApi(system);
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
