// Animation etiquette: diagrams that animate start paused when the reader
// prefers reduced motion, and only play when asked (a Play button).
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
