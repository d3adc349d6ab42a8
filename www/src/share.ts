// Scene state in the URL: `#s=` + base64url(JSON of { kind: state }). Reading
// never throws: anything malformed is ignored and the diagrams keep defaults
// (each diagram's setState checks and clamps what it is given).

export function encodeScene(scene: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(scene));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodeScene(text: string): Record<string, unknown> {
  try {
    const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
    const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The scene in a location hash (`#s=...`), or an empty scene. */
export function sceneFromHash(hash: string): Record<string, unknown> {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const s = params.get("s");
  return s ? decodeScene(s) : {};
}

export function hashForScene(scene: Record<string, unknown>): string {
  const params = new URLSearchParams();
  params.set("s", encodeScene(scene));
  return `#${params.toString()}`;
}
