// A small static server for the playground: the right MIME types (wasm
// included), text and wasm sent compressed (brotli or gzip, as the browser
// accepts, with node:zlib; each file compressed once per version), caching
// by revalidation (Cache-Control: no-cache with an ETag: a reload gets a
// 304, and the back/forward cache may keep the page), and the
// Content-Security-Policy the embed promises to work under.
// `node scripts/serve.mjs --port 8080`, or import startServer.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ts": "text/plain; charset=utf-8",
};
/** Types worth compressing (PNG is compressed already). */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".wasm", ".svg", ".ts"]);

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

/** The encoding to send for an Accept-Encoding header: "br", "gzip" or null. */
export function chooseEncoding(accept = "") {
  const offered = new Map();
  for (const part of accept.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

/**
 * Serves `root` on host:port; resolves to the http.Server once listening.
 * `brotliQuality` (0-11, default 11: the smallest files, about 1.5 s for the
 * whole API's wasm the first time) trades size for time; the browser tests
 * use a fast one.
 */
export function startServer({ host = "127.0.0.1", port = 8080, root, brotliQuality = 11 } = {}) {
  const base = resolve(root ?? join(fileURLToPath(import.meta.url), "..", "..", "www"));
  // path -> { version, br, gzip }: (promises of) the compressed bodies of the file's current version.
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      let path = normalize(join(base, decodeURIComponent(url.pathname)));
      if (path !== base && !path.startsWith(base + sep)) {
        res.writeHead(403).end("forbidden");
        return;
      }
      let info = await stat(path).catch(() => null);
      if (info?.isDirectory()) {
        path = join(path, "index.html");
        info = await stat(path).catch(() => null);
      }
      if (!info?.isFile()) throw new Error("not a file");
      const version = `${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`;
      const ext = extname(path);
      const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(String(req.headers["accept-encoding"] ?? "")) : null;
      const etag = `"${version}${encoding ? `-${encoding}` : ""}"`;
      const headers = {
        "Content-Type": MIME[ext] ?? "application/octet-stream",
        "Cache-Control": "no-cache",
        ETag: etag,
        "Content-Security-Policy": CSP,
      };
      if (COMPRESSIBLE.has(ext)) headers["Vary"] = "Accept-Encoding";
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      let body = await readFile(path);
      if (encoding) {
        let entry = compressed.get(path);
        if (entry?.version !== version) compressed.set(path, (entry = { version }));
        entry[encoding] ??=
          encoding === "br"
            ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
            : gzipAsync(body, { level: 9 });
        try {
          body = await entry[encoding];
        } catch (e) {
          delete entry[encoding];
          throw e;
        }
        headers["Content-Encoding"] = encoding;
      }
      headers["Content-Length"] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  const host = arg("host", "127.0.0.1");
  const port = Number(arg("port", "8080"));
  const server = await startServer({ host, port });
  const { port: actual } = server.address();
  console.log(`Arcline playground: http://${host}:${actual}/`);
}
