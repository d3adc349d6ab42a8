// Loading the wasm module once per page, and starting a fresh instance after
// a trap (a trapped instance cannot be trusted: its memory may be mid-update).
import type { Api } from "./shell/diagram.js";

let current: Promise<Api> | null = null;
let memory: WebAssembly.Memory | null = null;
let generation = 0;
const crashListeners = new Set<(e: unknown) => void>();

/** The loaded module, shared by every diagram on the page. */
export function loadApi(): Promise<Api> {
  if (!current) {
    const url = new URL("../pkg/arcline.js", import.meta.url);
    if (generation > 0) url.searchParams.set("instance", String(generation));
    current = import(/* @vite-ignore */ url.href).then(async (m: Api & { default: (o?: unknown) => Promise<unknown> }) => {
      const exports = (await m.default({ module_or_path: new URL("../pkg/arcline_bg.wasm", import.meta.url) })) as { memory?: WebAssembly.Memory };
      memory = exports.memory ?? null;
      return m;
    });
  }
  return current;
}

/** Bytes of linear memory the current wasm instance holds (0 before loading). */
export function wasmMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/** Drops the current instance; the next loadApi() starts a fresh one. */
export function restartApi(): Promise<Api> {
  generation += 1;
  current = null;
  return loadApi();
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
