// Labelled form controls for a diagram's control bar. Values read from the
// inputs are checked (finite, in range) before they reach any state.
export function controlBar(parent: HTMLElement): HTMLDivElement {
  const bar = document.createElement("div");
  bar.className = "controls";
  parent.append(bar);
  return bar;
}

export interface SliderOptions {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  /** Formats the value shown beside the slider. */
  format?: (v: number) => string;
  onInput: (v: number) => void;
}

export interface Slider {
  input: HTMLInputElement;
  set(v: number): void;
}

export function slider(parent: HTMLElement, o: SliderOptions): Slider {
  const wrap = document.createElement("label");
  const name = document.createElement("span");
  name.textContent = o.label;
  const input = document.createElement("input");
  input.type = "range";
  input.min = String(o.min);
  input.max = String(o.max);
  input.step = String(o.step);
  input.value = String(o.value);
  const out = document.createElement("output");
  const fmt = o.format ?? ((v: number) => String(v));
  out.textContent = fmt(o.value);
  input.addEventListener("input", () => {
    const v = Number(input.value);
    if (!Number.isFinite(v)) return;
    out.textContent = fmt(v);
    o.onInput(Math.min(o.max, Math.max(o.min, v)));
  });
  wrap.append(name, input, out);
  parent.append(wrap);
  return {
    input,
    set(v: number) {
      input.value = String(v);
      out.textContent = fmt(v);
    },
  };
}

export function checkbox(parent: HTMLElement, label: string, checked: boolean, onChange: (v: boolean) => void): HTMLInputElement {
  const wrap = document.createElement("label");
  const input = document.createElement("input");
  input.type = "checkbox";
  input.checked = checked;
  input.addEventListener("change", () => onChange(input.checked));
  const name = document.createElement("span");
  name.textContent = label;
  wrap.append(input, name);
  parent.append(wrap);
  return input;
}

export function select<T extends string>(
  parent: HTMLElement,
  label: string,
  options: readonly { value: T; text: string }[],
  value: T,
  onChange: (v: T) => void,
): HTMLSelectElement {
  const wrap = document.createElement("label");
  const name = document.createElement("span");
  name.textContent = label;
  const sel = document.createElement("select");
  for (const o of options) {
    const opt = document.createElement("option");
    opt.value = o.value;
    opt.textContent = o.text;
    sel.append(opt);
  }
  sel.value = value;
  sel.addEventListener("change", () => {
    const found = options.find((o) => o.value === sel.value);
    if (found) onChange(found.value);
  });
  wrap.append(name, sel);
  parent.append(wrap);
  return sel;
}

export function button(parent: HTMLElement, text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  parent.append(b);
  return b;
}

/** A line of text for numbers (monospace) or a status in words. */
export function textLine(parent: HTMLElement, className: "readout" | "status"): HTMLParagraphElement {
  const p = document.createElement("p");
  p.className = className;
  if (className === "status") p.setAttribute("role", "status");
  parent.append(p);
  return p;
}
