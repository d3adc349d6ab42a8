// The playground page: loads the wasm module once (the whole API; one
// system's module for an iframe of one kind), mounts one diagram per
// section, keeps what the reader changed in the URL hash (share.ts; a "copy
// link" button shares it), and exposes the mounted diagrams to tests as
// `window.__arcline` (`link()` is the scene's link).
// `?embed=1&kind=planner` shows one bare diagram, for iframes.
import type { Api, Diagram } from "./shell/diagram.js";
import { DIAGRAMS, SYSTEM_OF, isKind } from "./registry.js";
import { loadApi, onTrap, restartApi, startErrorMessage, wasmMemoryBytes } from "./runtime.js";
import { SYSTEM_MODULES, type Glue, type ModuleSource } from "./modules.js";
import { changedFields, hashForChanges, sceneFromHash } from "./share.js";
import { applyTheme, pageSheet } from "./shell/style.js";
import { nextTask } from "./shell/tasks.js";

declare global {
  interface Window {
    __arcline?: { ready: boolean; diagrams: Record<string, Diagram>; memoryBytes: () => number; link: () => string };
  }
}

const diagrams: Record<string, Diagram> = {};
/** Each diagram's state as mounted (before a link's changes): what a link is measured against. */
const mounted: Record<string, unknown> = {};

/** Every diagram's state (to restore after a restart). */
function scene(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [kind, d] of Object.entries(diagrams)) out[kind] = d.getState();
  return out;
}

/** The hash of this scene: per diagram, the fields the reader changed. */
function sceneHash(): string {
  const changes: Record<string, Record<string, unknown> | null> = {};
  for (const [kind, d] of Object.entries(diagrams)) changes[kind] = changedFields(mounted[kind], d.getState());
  return hashForChanges(changes);
}

function sceneLink(): string {
  return `${location.origin}${location.pathname}${location.search}${sceneHash()}`;
}

/** Mounts every section's diagram, each in a task of its own (the page answers input between them). */
async function mountAll(api: Api, restore: Record<string, unknown>): Promise<void> {
  const params = new URLSearchParams(location.search);
  const embed = params.get("embed") === "1";
  const only = params.get("kind") ?? "";
  if (embed) document.body.classList.add("embed");
  let hashTimer = 0;
  let first = true;
  for (const section of document.querySelectorAll<HTMLElement>("[data-diagram]")) {
    const kind = section.dataset["diagram"] ?? "";
    const root = section.querySelector<HTMLElement>(".mount");
    const mount = DIAGRAMS[kind];
    if (!mount || !root) continue;
    if (embed && isKind(only) && kind !== only) {
      section.hidden = true;
      continue;
    }
    const options: Record<string, string> = {};
    if (embed) for (const [k, v] of params) if (k !== "embed" && k !== "kind") options[k] = v;
    // Light or dark as the page's colour scheme (its section's) and the reader's preference say.
    if (!root.classList.contains("arcline-theme")) applyTheme(root, section);
    if (!first) await nextTask();
    first = false;
    const d = mount(root, api, options);
    diagrams[kind] = d;
    mounted[kind] ??= d.getState();
    if (restore[kind] !== undefined) d.setState(restore[kind]);
    d.onChange(() => {
      clearTimeout(hashTimer);
      hashTimer = window.setTimeout(() => history.replaceState(null, "", sceneHash()), 150);
    });
  }
}

function setupShare(): void {
  const button = document.getElementById("copy-link");
  const note = document.getElementById("copy-note");
  button?.addEventListener("click", () => {
    const url = sceneLink();
    history.replaceState(null, "", url);
    navigator.clipboard?.writeText(url).then(
      () => note && (note.textContent = "Link copied."),
      () => note && (note.textContent = "Copy the address bar: it holds this scene."),
    );
  });
}

function showTrap(): void {
  const box = document.getElementById("load-error");
  if (!box || !box.hidden) return;
  box.hidden = false;
  box.textContent = "The WebAssembly module stopped (a bug, not your input). ";
  const restart = document.createElement("button");
  restart.type = "button";
  restart.textContent = "Restart the diagrams";
  restart.addEventListener("click", () => {
    const saved = scene();
    for (const [kind, d] of Object.entries(diagrams)) {
      d.destroy();
      delete diagrams[kind];
    }
    box.hidden = true;
    restartApi(pageSystem()).then((api) => mountAll(api, saved), fail);
  });
  box.append(restart);
}

function fail(err: unknown): void {
  const box = document.getElementById("load-error");
  if (box) {
    box.hidden = false;
    box.textContent = `Arcline could not start: ${startErrorMessage(err)}`;
  }
}

/** The whole API: the published module. */
const WHOLE_API: ModuleSource = {
  name: "arcline",
  glue: () => import("../pkg/arcline.js").then((m) => m as unknown as Glue),
  wasm: () => new URL("../pkg/arcline_bg.wasm", import.meta.url),
};

/** The whole API, or in an iframe of one kind (`?embed=1&kind=road`) only that kind's system. */
function pageSystem(): ModuleSource {
  const params = new URLSearchParams(location.search);
  const only = params.get("kind") ?? "";
  const system = params.get("embed") === "1" && isKind(only) ? SYSTEM_OF[only] : undefined;
  return system ? SYSTEM_MODULES[system] : WHOLE_API;
}

async function main(): Promise<void> {
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet()];
  const api = await loadApi(pageSystem());
  await mountAll(api, sceneFromHash(location.hash));
  setupShare();
  onTrap(showTrap);
  // Ready once the diagrams have drawn (and framed) their first frame.
  await new Promise((ok) => requestAnimationFrame(ok));
  window.__arcline = { ready: true, diagrams, memoryBytes: wasmMemoryBytes, link: sceneLink };
  performance.mark("arcline:interactive");
}

main().catch(fail);
