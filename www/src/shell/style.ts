//! The look of a diagram (its stage, canvas, controls and read-outs), light
//! and dark, as one constructed stylesheet: `<arcline-demo>` adopts it in its
//! shadow root, so it needs no stylesheet from the page that hosts it and the
//! host's rules do not reach inside; the playground adopts the same sheet in
//! its document. Colours are custom properties set by a theme container
//! (`.arcline-theme[data-scheme]`, see themeFor) that the canvas reads too.

/** The palette, light then dark; the canvas reads the same properties (cssVar). */
const THEME_CSS = `
.arcline-theme {
  color-scheme: light;
  --bg: #fbfaf7; --fg: #1d1d1f; --muted: #66666b; --panel: #ffffff; --grid: #e9e6df; --line: #c9c5bc;
  --control: #f3f1ec; --control-hover: #e9e6df; --ink: #222222;
  --accent: #0b6bcb; --accent-2: #d2481c; --good: #1a8f3c; --warn: #b3261e; --handle: #0b6bcb; --obstacle: #a8a29e;
}
.arcline-theme[data-scheme="dark"] {
  color-scheme: dark;
  --bg: #16171a; --fg: #ececef; --muted: #a0a0a8; --panel: #1f2024; --grid: #2a2c31; --line: #4a4c53;
  --control: #2a2c31; --control-hover: #34363c; --ink: #ececef;
  --accent: #6cb2ff; --accent-2: #ff8a5c; --good: #5fd47f; --warn: #ff7a70; --handle: #6cb2ff; --obstacle: #6f6a66;
}`;

/** The diagram itself: stage, canvas, the control bar, status and read-out lines, handle buttons. */
const DIAGRAM_CSS = `
.diagram { position: relative; color: var(--fg); }
.diagram .stage { position: relative; width: 100%; height: var(--arcline-stage-height, 440px); background: var(--panel);
  border: 1px solid var(--grid); border-radius: 8px; overflow: hidden; touch-action: none; box-sizing: border-box; }
.diagram canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; margin: 0; padding: 0; border: 0; max-width: none; }
.diagram .controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 8px 0; font-size: 14px; }
.diagram .controls label, .diagram .controls .lane { display: inline-flex; gap: 6px; align-items: center; min-height: 32px; }
.diagram .controls .lane { flex-wrap: wrap; gap: 6px 12px; }
.diagram button, .diagram select {
  font: inherit; font-size: 14px; line-height: 1.2; color: var(--fg); background: var(--control);
  border: 1px solid var(--line); border-radius: 6px; min-height: 32px; min-width: 32px; padding: 4px 12px; margin: 0;
  box-sizing: border-box; cursor: pointer; }
.diagram select { padding: 4px 8px; }
.diagram button:hover:not(:disabled), .diagram select:hover:not(:disabled) { background: var(--control-hover); }
.diagram button:disabled, .diagram select:disabled, .diagram input:disabled { opacity: 0.5; cursor: default; }
.diagram button:focus-visible, .diagram select:focus-visible, .diagram input:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.diagram input[type="range"] { accent-color: var(--accent); width: 130px; min-height: 32px; margin: 0; padding: 0; background: transparent; }
.diagram input[type="checkbox"] { accent-color: var(--accent); width: 20px; height: 20px; margin: 0; }
.diagram output { min-width: 3.5em; font-variant-numeric: tabular-nums; }
.diagram p { margin: 6px 0; }
.diagram .readout { font-size: 13px; font-variant-numeric: tabular-nums; color: var(--muted); min-height: 1.4em; white-space: pre-wrap; }
.diagram .steps { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 10px; }
.diagram .steps button { border-radius: 17px; padding: 4px 14px; background: var(--panel); border-color: var(--grid); }
.diagram .steps button:hover:not(:disabled) { border-color: var(--accent); background: var(--panel); }
.diagram .steps button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: var(--panel); font-weight: 600; }
.diagram .figure-row { display: grid; grid-template-columns: minmax(0, 1fr) 260px; gap: 14px; align-items: start; }
.diagram .figure { font-size: 14px; line-height: 1.4; }
.diagram .figure p.figure-caption { margin: 0 0 10px; }
.diagram .figure-numbers { display: grid; grid-template-columns: minmax(7em, 1fr) auto; gap: 3px 12px; margin: 0; }
.diagram .figure-numbers > div { display: contents; }
.diagram .figure-numbers dt { color: var(--muted); }
.diagram .figure-numbers dt var { font-weight: 600; color: var(--fg); }
.diagram .figure-numbers dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; overflow-wrap: anywhere; }
.diagram .figure-numbers .group dt { grid-column: 1 / -1; margin-top: 6px; color: var(--fg); font-weight: 600; }
@media (max-width: 760px) {
  .diagram .figure-row { grid-template-columns: minmax(0, 1fr); }
}
.diagram .status { font-weight: 600; color: var(--warn); min-height: 1.4em; }
.diagram .curvature-plot { position: relative; margin: 4px 0 0; }
.diagram .curvature-plot canvas { position: static; display: block; width: 100%; height: 72px; }
.diagram .curvature-plot figcaption { font-size: 12px; color: var(--muted); }
.diagram .status.info { font-weight: 400; color: inherit; }
.diagram .handle-key { position: absolute; width: 24px; height: 24px; min-width: 0; min-height: 0; margin: -12px 0 0 -12px; padding: 0;
  border: 0; border-radius: 50%; background: transparent; cursor: grab; }
.diagram .handle-key:hover { background: transparent; }
.diagram .stage .fit { position: absolute; top: 8px; right: 8px; z-index: 1; min-height: 32px; padding: 4px 12px;
  background: var(--panel); opacity: 0.9; }
@media (pointer: coarse) {
  .diagram .controls { gap: 12px 16px; }
  .diagram .controls label, .diagram .controls .lane { min-height: 48px; }
  .diagram button, .diagram select { min-height: 48px; min-width: 48px; }
  .diagram input[type="range"] { min-height: 48px; }
  .diagram input[type="checkbox"] { width: 28px; height: 28px; }
  .diagram .stage .fit { min-height: 48px; }
}
.error { color: var(--warn); font-weight: 600; }
.error button { font: inherit; margin-left: 8px; }`;

/**
 * The element's own box: the page's typography stops at its edge, and it
 * paints its own background (so that dark text never lands on a dark page,
 * nor light text on a light one).
 */
const HOST_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
:host([steps="none"]) .steps, :host([controls="none"]) .controls, :host([controls="none"]) .readout { display: none; }
.arcline-theme { all: initial; display: block; min-height: var(--arcline-min-height, 560px); background: var(--bg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); text-align: start; }`;

let sheets: { page: CSSStyleSheet; element: CSSStyleSheet } | null = null;

function sheetOf(text: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  return sheet;
}

/** The stylesheet of a diagram in a document (the playground). */
export function pageSheet(): CSSStyleSheet {
  sheets ??= { page: sheetOf(THEME_CSS + DIAGRAM_CSS), element: sheetOf(HOST_CSS + THEME_CSS + DIAGRAM_CSS) };
  return sheets.page;
}

/** The stylesheet of `<arcline-demo>`'s shadow root. */
export function elementSheet(): CSSStyleSheet {
  pageSheet();
  return (sheets as NonNullable<typeof sheets>).element;
}

/**
 * Light or dark for a diagram inside `el`: the colour scheme the host gives
 * `el` (its computed `color-scheme`, else the page's `<meta name="color-scheme">`),
 * choosing by the reader's `prefers-color-scheme` when the host allows both
 * or says nothing.
 */
export function themeFor(el: Element): "light" | "dark" {
  const words = (text: string): string[] => text.split(/[\s,]+/).filter((w) => w === "light" || w === "dark");
  let allowed = words(getComputedStyle(el).colorScheme ?? "");
  if (!allowed.length) allowed = words(document.querySelector('meta[name="color-scheme"]')?.getAttribute("content") ?? "");
  const prefersDark = typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
  if (allowed.length === 1) return allowed[0] === "dark" ? "dark" : "light";
  return prefersDark ? "dark" : "light";
}

/**
 * Makes `container` a theme container for the diagrams inside it: sets its
 * scheme after `schemeSource` (an element outside it, whose colour scheme is
 * the host's: the container's own is set by this sheet) now and again
 * whenever the reader's preference changes. Returns a function that stops
 * watching.
 */
export function applyTheme(container: HTMLElement, schemeSource: Element): () => void {
  container.classList.add("arcline-theme");
  const set = (): void => {
    container.dataset["scheme"] = themeFor(schemeSource);
  };
  set();
  if (typeof matchMedia !== "function") return () => {};
  const query = matchMedia("(prefers-color-scheme: dark)");
  query.addEventListener("change", set);
  return () => query.removeEventListener("change", set);
}
