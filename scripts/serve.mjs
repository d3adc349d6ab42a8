// A small static server for the playground: the right MIME types (wasm
// included), no caching, and the Content-Security-Policy the embed promises to
// work under. `node scripts/serve.mjs --port 8080`, or import startServer.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

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

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

/** Serves `root` on host:port; resolves to the http.Server once listening. */
export function startServer({ host = "127.0.0.1", port = 8080, root } = {}) {
  const base = resolve(root ?? join(fileURLToPath(import.meta.url), "..", "..", "www"));
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      let path = normalize(join(base, decodeURIComponent(url.pathname)));
      if (path !== base && !path.startsWith(base + sep)) {
        res.writeHead(403).end("forbidden");
        return;
      }
      if ((await stat(path).catch(() => null))?.isDirectory()) path = join(path, "index.html");
      const body = await readFile(path);
      res.writeHead(200, {
        "Content-Type": MIME[extname(path)] ?? "application/octet-stream",
        "Cache-Control": "no-store",
        "Content-Security-Policy": CSP,
      });
      res.end(body);
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
