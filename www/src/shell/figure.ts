// A diagram's figures: the steps a reader switches between (each one of
// the constructions the text explains: "both turns", "P, h, d, θ, Q", ...)
// above the canvas, and beside it the figure's caption and its numbers,
// rewritten whenever the diagram hands over new ones (while dragging, and
// every frame of an animation). The numbers are the core's results, only
// formatted here; the article page binds its inline numbers to them
// (<arcline-number>, see embed.ts).
import type { View } from "./view.js";

export interface FigureStep {
  /** Short id, kept in the diagram's state and in links. */
  id: string;
  /** The button's text. */
  title: string;
  /** One or two sentences on what the figure shows. */
  caption: string;
}

// The numbers' shapes are the published ones (<arcline-demo>'s `figure`).
import type { FigureNumber, FigureReadout } from "../../package/arcline-demo.js";
export type { FigureNumber, FigureReadout };

/** A number row, shown to `digits` places with `unit` (or "—" when undefined). */
export function num(key: string, label: string, value: number | null | undefined, digits = 2, unit = "", symbol?: string): FigureNumber {
  const v = value ?? null;
  const text = v === null || !Number.isFinite(v) ? "—" : `${v.toFixed(digits)}${unit}`;
  const out: FigureNumber = { key, label, value: v !== null && Number.isFinite(v) ? v : null, text };
  if (symbol !== undefined) out.symbol = symbol;
  return out;
}

/** A row whose value is a word ("right", "LSR"). */
export function word(key: string, label: string, text: string, symbol?: string): FigureNumber {
  const out: FigureNumber = { key, label, value: null, text };
  if (symbol !== undefined) out.symbol = symbol;
  return out;
}

/** `n` rounded, its thousands grouped by commas ("10,000"), as `toLocaleString("en")` writes it, without the locale data that call loads (tens of ms the first time). */
export function withThousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Radians as degrees, for a row. */
export function degrees(rad: number | null | undefined): number | null {
  return rad === null || rad === undefined ? null : (rad * 180) / Math.PI;
}

export class Figure {
  private readonly bar: HTMLDivElement;
  private readonly caption: HTMLParagraphElement;
  private readonly list: HTMLDListElement;
  /** The rows by key, with the text last written into each (compared instead of reading the DOM back). */
  private readonly rows = new Map<string, { row: HTMLDivElement; dt: HTMLElement; dd: HTMLElement | null; head: string; text: string }>();
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly listeners: (() => void)[] = [];
  private current: string;
  private numbers: FigureNumber[] = [];

  constructor(
    root: HTMLElement,
    view: View,
    private readonly steps: readonly FigureStep[],
    current: string,
    onPick: (id: string) => void,
  ) {
    this.current = steps.some((s) => s.id === current) ? current : (steps[0]?.id ?? "");
    this.bar = document.createElement("div");
    this.bar.className = "steps";
    this.bar.setAttribute("role", "group");
    this.bar.setAttribute("aria-label", "Figures");
    for (const s of steps) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = s.title;
      b.dataset["step"] = s.id;
      b.addEventListener("click", () => {
        onPick(s.id);
        // A figure may show another scene: frame it (gliding there).
        view.fit(true);
      });
      this.buttons.set(s.id, b);
      this.bar.append(b);
    }
    this.bar.hidden = steps.length < 2;
    const row = document.createElement("div");
    row.className = "figure-row";
    const aside = document.createElement("aside");
    aside.className = "figure";
    aside.setAttribute("aria-label", "The figure's numbers");
    this.caption = document.createElement("p");
    this.caption.className = "figure-caption";
    this.list = document.createElement("dl");
    this.list.className = "figure-numbers";
    aside.append(this.caption, this.list);
    root.insertBefore(row, view.stage);
    root.insertBefore(this.bar, row);
    row.append(view.stage, aside);
    this.select(this.current);
  }

  /** The step shown. */
  step(): string {
    return this.current;
  }

  /** Whether `id` names a step. */
  has(id: string): boolean {
    return this.steps.some((s) => s.id === id);
  }

  /** Shows step `id` as chosen (its button pressed, its caption). */
  select(id: string): void {
    if (!this.has(id)) return;
    this.current = id;
    for (const [k, b] of this.buttons) b.setAttribute("aria-pressed", String(k === id));
    this.caption.textContent = this.steps.find((s) => s.id === id)?.caption ?? "";
  }

  /** Replaces the numbers beside the figure (rows kept by key, text written only when it changed). */
  show(numbers: FigureNumber[]): void {
    this.numbers = numbers;
    // The rows in order, a group's heading before its first row.
    const specs: { key: string; n: FigureNumber | null; group: string }[] = [];
    let group: string | undefined;
    for (const n of numbers) {
      if (n.group !== undefined && n.group !== group) specs.push({ key: `group:${n.group}`, n: null, group: n.group });
      group = n.group;
      specs.push({ key: n.key, n, group: n.group ?? "" });
    }
    const keep = new Set(specs.map((x) => x.key));
    for (const [k, r] of this.rows) {
      if (!keep.has(k)) {
        r.row.remove();
        this.rows.delete(k);
      }
    }
    specs.forEach((spec, i) => {
      let r = this.rows.get(spec.key);
      if (!r) {
        const row = document.createElement("div");
        const dt = document.createElement("dt");
        let dd: HTMLElement | null = null;
        if (spec.n) {
          row.dataset["number"] = spec.key;
          dd = document.createElement("dd");
          row.append(dt, dd);
        } else {
          row.className = "group";
          row.append(dt);
        }
        r = { row, dt, dd, head: "", text: "" };
        this.rows.set(spec.key, r);
      }
      if (this.list.children[i] !== r.row) this.list.insertBefore(r.row, this.list.children[i] ?? null);
      const n = spec.n;
      if (!n) {
        if (r.head !== spec.group) r.dt.textContent = r.head = spec.group;
        return;
      }
      const head = n.symbol ? `${n.symbol} ${n.label}` : n.label;
      if (r.head !== head) {
        r.head = head;
        r.dt.replaceChildren();
        if (n.symbol) {
          const v = document.createElement("var");
          v.textContent = n.symbol;
          r.dt.append(v, ` ${n.label}`);
        } else r.dt.textContent = n.label;
      }
      if (r.dd && r.text !== n.text) r.dd.textContent = r.text = n.text;
    });
    for (const l of this.listeners) l();
  }

  readout(): FigureReadout {
    const s = this.steps.find((x) => x.id === this.current);
    return { step: this.current, title: s?.title ?? "", numbers: this.numbers.map((n) => ({ ...n })) };
  }

  /** Called after every show(). */
  onNumbers(listener: () => void): void {
    this.listeners.push(listener);
  }

  clear(): void {
    this.listeners.length = 0;
  }
}
