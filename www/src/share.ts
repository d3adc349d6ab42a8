// A scene in the URL hash, short and versioned:
//   #v=1&planner=(target~(x~3.25~y~-1&road=(construction
// (JSURL2's short form: closing brackets at the end are left off; a field
// that is `true` has no value)
// One parameter per diagram kind the reader changed, holding only the fields
// of its state (what the reader set: poses, sliders, toggles) that differ
// from the diagram as it was mounted, in JSURL2 (a URL-friendly JSON, from
// the `jsurl2` package). A diagram left as it was is not in the link; the
// default scene's link is `#v=1`. Computed values are never in the state,
// so never here.
//
// Reading never throws: a hash is parsed with URLSearchParams, anything
// malformed is ignored, and each diagram's setState checks (finite) and
// clamps what it is given. Links of the first form (`#s=` + base64url of
// the whole scene's JSON) still open.
import { stringify, tryParse } from "jsurl2";

/** The link format written now; readers accept this one and the first (unversioned) one. */
export const LINK_VERSION = 1;

type Scene = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Structural equality of JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * The top-level fields of `state` that differ from `initial` (whole values:
 * a moved pose is written whole), or null when nothing differs.
 */
export function changedFields(initial: unknown, state: unknown): Record<string, unknown> | null {
  if (!isRecord(state)) return null;
  const base = isRecord(initial) ? initial : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state)) if (!sameJson(base[k], v)) out[k] = v;
  return Object.keys(out).length ? out : null;
}

/** JSURL2 text safe in a hash parameter: its only character URLSearchParams changes is `+` (in exponents). */
function encodeValue(value: unknown): string {
  return stringify(value, { short: true }).replaceAll("+", "%2B");
}

/**
 * The hash for a scene: for each diagram kind, the fields the reader changed
 * (`changes[kind]`, as from changedFields; null or empty: left out).
 */
export function hashForChanges(changes: Record<string, Record<string, unknown> | null>): string {
  let out = `#v=${LINK_VERSION}`;
  for (const [kind, fields] of Object.entries(changes)) {
    if (!fields || !Object.keys(fields).length || !/^[a-z][a-z0-9-]*$/.test(kind)) continue;
    out += `&${kind}=${encodeValue(fields)}`;
  }
  return out;
}

/** The first link form: base64url of the scene's JSON. */
function decodeLegacy(text: string): Scene {
  try {
    const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
    const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * The scene a location hash holds: kind -> fields to hand to that diagram's
 * setState. An empty scene for an empty, unknown-version or malformed hash.
 */
export function sceneFromHash(hash: string): Scene {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const version = params.get("v");
  if (version === null) {
    const legacy = params.get("s");
    return legacy ? decodeLegacy(legacy) : {};
  }
  if (version !== String(LINK_VERSION)) return {};
  const out: Scene = {};
  for (const [kind, text] of params) {
    if (kind === "v") continue;
    const value = tryParse<unknown>(text, undefined);
    if (isRecord(value)) out[kind] = value;
  }
  return out;
}
