// <arcline-demo kind="planner|pathfind|steering|formation|road|junction|arc" ...attributes>:
// one live diagram per element, several per page, each with its own state.
// Each element loads only its system's wasm module (runtime.ts), once per
// page and shared. Attributes give the starting state (checked and clamped
// by the diagram; bad values fall back to defaults, never thrown at the
// reader). `el.state` gets and sets the state as JSON; a `change` event
// fires after every change the reader makes.
import type { Api, Diagram } from "./shell/diagram.js";
import { DIAGRAMS, SYSTEM_OF, isKind } from "./registry.js";
import { loadApi, onTrap, restartApi, startErrorMessage } from "./runtime.js";

const STYLE_ID = "arcline-demo-style";

function ensureStyles(): void {
  if (document.getElementById(STYLE_ID)) return;
  const link = document.createElement("link");
  link.id = STYLE_ID;
  link.rel = "stylesheet";
  link.href = new URL("../style.css", import.meta.url).href;
  document.head.append(link);
}

export class ArclineDemo extends HTMLElement {
  private diagram: Diagram | null = null;
  private pendingState: unknown = undefined;
  private root: HTMLDivElement | null = null;
  private unsubscribe: (() => void) | null = null;

  /** The diagram's state as JSON text. */
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

  /** The kind shown; unknown kinds show the planner. */
  get kind(): string {
    const k = this.getAttribute("kind") ?? "";
    return isKind(k) ? k : "planner";
  }

  connectedCallback(): void {
    ensureStyles();
    if (this.root) return;
    this.root = document.createElement("div");
    this.append(this.root);
    this.unsubscribe = onTrap(() => this.showTrap());
    loadApi(SYSTEM_OF[this.kind]).then((api) => this.mountWith(api), (e: unknown) => this.showError(e));
  }

  disconnectedCallback(): void {
    this.diagram?.destroy();
    this.diagram = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.root?.remove();
    this.root = null;
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
    this.dataset["ready"] = "true";
  }

  private showError(e: unknown): void {
    if (!this.root) return;
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = `This diagram could not start: ${startErrorMessage(e)}`;
    this.root.replaceChildren(p);
  }

  private showTrap(): void {
    if (!this.root || !this.diagram) return;
    const saved = this.diagram.getState();
    this.diagram.destroy();
    this.diagram = null;
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = "The WebAssembly module stopped (a bug, not your input). ";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Restart";
    b.addEventListener("click", () => {
      this.pendingState = saved;
      restartApi(SYSTEM_OF[this.kind]).then((api) => this.mountWith(api), (e: unknown) => this.showError(e));
    });
    p.append(b);
    this.root.replaceChildren(p);
  }
}

if (!customElements.get("arcline-demo")) customElements.define("arcline-demo", ArclineDemo);

declare global {
  interface HTMLElementTagNameMap {
    "arcline-demo": ArclineDemo;
  }
}
