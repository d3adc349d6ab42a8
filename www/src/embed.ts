// <arcline-demo kind="planner|pathfind|steering|formation|road|arc" ...attributes>:
// one live diagram per element, several per page, each with its own state.
// Each element loads only its system's wasm module (runtime.ts), once per
// page and shared. Attributes give the starting state (checked and clamped
// by the diagram; bad values fall back to defaults, never thrown at the
// reader). `el.state` gets and sets the state as JSON (what the reader set);
// `el.readout` is what the diagram computed from it (lengths, words, ...);
// a `change` event fires after every change the reader makes. `el.figure` is
// the figure shown and its numbers (a `figure` event follows every rewrite of
// them, while dragging and during animations), which <arcline-number
// for="id" name="key"> writes into the text of an article.
//
// The element draws in its own (open) shadow root with its own stylesheet
// (shell/style.ts), light or dark after the host's `color-scheme` and the
// reader's preference: the host page links no stylesheet, and its rules do
// not reach the controls or the canvas. Custom properties do pass through:
// `--arcline-stage-height` (default 440px) and `--arcline-min-height` (the
// box reserved while the module loads, so that nothing below moves when the
// diagram appears; default 560px). Before the element is defined the host
// can reserve the same box: `arcline-demo { display: block; min-height: 560px }`.
import type { Api, Diagram } from "./shell/diagram.js";
import type { FigureReadout } from "./shell/figure.js";
import type { DemoKind } from "../package/arcline-demo.js";
import { DIAGRAMS, SYSTEM_OF, isKind } from "./registry.js";
import { loadApi, onTrap, restartApi, startErrorMessage } from "./runtime.js";
import { SYSTEM_MODULES } from "./modules.js";
import { applyTheme, elementSheet } from "./shell/style.js";
import { inOwnTask } from "./shell/tasks.js";

export class ArclineDemo extends HTMLElement {
  private diagram: Diagram | null = null;
  private pendingState: unknown = undefined;
  private root: HTMLDivElement | null = null;
  private unsubscribe: (() => void) | null = null;
  private unwatchTheme: (() => void) | null = null;

  /** The diagram's state as JSON text: what the reader set, nothing computed. */
  get state(): string {
    return JSON.stringify(this.diagram ? this.diagram.getState() : (this.pendingState ?? null));
  }

  /** Restores a state from JSON text or an object; malformed input is ignored. */
  set state(value: string | object) {
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        return;
      }
    }
    if (this.diagram) this.diagram.setState(parsed);
    else this.pendingState = parsed;
  }

  /** What the diagram computed from its state (a fresh object), or null before it has started. */
  get readout(): Record<string, unknown> | null {
    return this.diagram ? this.diagram.readout() : null;
  }

  /** The figure shown and the numbers beside it (null before the diagram starts, or for a kind without figures). */
  get figure(): FigureReadout | null {
    return this.diagram?.figure?.() ?? null;
  }

  /** The kind shown; unknown kinds show the planner. */
  get kind(): DemoKind {
    const k = this.getAttribute("kind") ?? "";
    return isKind(k) ? (k as DemoKind) : "planner";
  }

  connectedCallback(): void {
    if (this.root) return;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    shadow.adoptedStyleSheets = [elementSheet()];
    this.root = document.createElement("div");
    this.root.setAttribute("part", "diagram");
    shadow.replaceChildren(this.root);
    this.unwatchTheme = applyTheme(this.root, this);
    this.unsubscribe = onTrap(() => this.showTrap());
    // Each element mounts in a task of its own: a page of many diagrams stays responsive while they start.
    loadApi(this.source()).then((api) => inOwnTask(() => this.mountWith(api)), (e: unknown) => this.showError(e));
  }

  disconnectedCallback(): void {
    this.diagram?.destroy();
    this.diagram = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unwatchTheme?.();
    this.unwatchTheme = null;
    this.root?.remove();
    this.root = null;
  }

  /** The module this kind needs. */
  private source(): (typeof SYSTEM_MODULES)[keyof typeof SYSTEM_MODULES] {
    return SYSTEM_MODULES[SYSTEM_OF[this.kind] ?? "paths"];
  }

  private options(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const a of Array.from(this.attributes)) if (a.name !== "kind") out[a.name] = a.value;
    return out;
  }

  private mountWith(api: Api): void {
    if (!this.root) return;
    const mount = DIAGRAMS[this.kind];
    if (!mount) return;
    this.root.replaceChildren();
    this.diagram = mount(this.root, api, this.options());
    if (this.pendingState !== undefined) {
      this.diagram.setState(this.pendingState);
      this.pendingState = undefined;
    }
    this.diagram.onChange(() => this.dispatchEvent(new CustomEvent("change", { detail: this.diagram?.getState() })));
    this.diagram.onFigure?.(() => this.dispatchEvent(new CustomEvent("figure", { detail: this.figure })));
    // The first numbers were shown while mounting, before anyone could listen.
    if (this.diagram.figure) this.dispatchEvent(new CustomEvent("figure", { detail: this.figure }));
    // Ready once it has drawn (and framed) its first frame.
    requestAnimationFrame(() => {
      if (this.diagram) this.dataset["ready"] = "true";
    });
  }

  /** Says why the diagram could not start: in the element, on the console, and as an `error` event. */
  private showError(e: unknown): void {
    const message = `This diagram could not start: ${startErrorMessage(e)}`;
    console.error(`<arcline-demo kind="${this.kind}">: ${message}`, e);
    this.dispatchEvent(new ErrorEvent("error", { message, error: e }));
    if (!this.root) return;
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = message;
    this.root.replaceChildren(p);
  }

  private showTrap(): void {
    if (!this.root || !this.diagram) return;
    const saved = this.diagram.getState();
    this.diagram.destroy();
    this.diagram = null;
    const p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = "The WebAssembly module stopped (a bug, not your input). ";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Restart";
    b.addEventListener("click", () => {
      this.pendingState = saved;
      restartApi(this.source()).then((api) => this.mountWith(api), (e: unknown) => this.showError(e));
    });
    p.append(b);
    this.root.replaceChildren(p);
  }
}

/**
 * `<arcline-number for="demo-id" name="key" digits="1">12.6</arcline-number>`:
 * one number of a diagram's figure in the text, kept up to date while the
 * reader drags (`name` is a key of `el.figure.numbers`; `digits` rounds the
 * value, else the figure's own text is shown). The text inside is what shows
 * before the diagram starts, or if it never does.
 */
export class ArclineNumber extends HTMLElement {
  private source: HTMLElement | null = null;
  private readonly listener = (): void => this.refresh();

  connectedCallback(): void {
    const id = this.getAttribute("for") ?? "";
    this.source = id ? document.getElementById(id) : null;
    this.source?.addEventListener("figure", this.listener);
    this.refresh();
  }

  disconnectedCallback(): void {
    this.source?.removeEventListener("figure", this.listener);
    this.source = null;
  }

  private refresh(): void {
    const figure = this.source instanceof ArclineDemo ? this.source.figure : null;
    const n = figure?.numbers.find((x) => x.key === this.getAttribute("name"));
    if (!n) return;
    const digits = Number(this.getAttribute("digits") ?? NaN);
    const text = n.value !== null && Number.isInteger(digits) && digits >= 0 && digits <= 10 ? n.value.toFixed(digits) : n.text;
    if (this.textContent !== text) this.textContent = text;
  }
}

if (!customElements.get("arcline-demo")) customElements.define("arcline-demo", ArclineDemo);
if (!customElements.get("arcline-number")) customElements.define("arcline-number", ArclineNumber);
