// The `make serve` server (scripts/serve.mjs): bodies compressed as the
// browser accepts (brotli before gzip) that decompress to the file's exact
// bytes, revalidation by ETag (a 304, and a different tag per encoding),
// the CSP on every response, and nothing outside www/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startServer, chooseEncoding, CSP } from "../../../scripts/serve.mjs";

let server;
let port;
before(async () => {
  server = await startServer({ port: 0 });
  port = server.address().port;
});
after(() => new Promise((ok) => server.close(ok)));

/** A raw GET (node:http does not decompress): status, headers, body bytes. */
function get(path, headers = {}) {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

const www = (p) => readFileSync(new URL(`../../${p}`, import.meta.url));

test("Accept-Encoding picks brotli, then gzip, honouring q=0", () => {
  assert.equal(chooseEncoding("gzip, deflate, br"), "br");
  assert.equal(chooseEncoding("gzip"), "gzip");
  assert.equal(chooseEncoding("br;q=0, gzip;q=0.5"), "gzip");
  assert.equal(chooseEncoding("*"), "br");
  assert.equal(chooseEncoding("identity"), null);
  assert.equal(chooseEncoding(""), null);
});

test("the page, its script and its wasm arrive compressed and decompress to the files' bytes", async () => {
  for (const [path, file] of [
    ["/", "index.html"],
    ["/embed.html", "embed.html"],
    ["/pkg/arcline_bg.wasm", "pkg/arcline_bg.wasm"],
    ["/build/embed.js", "build/embed.js"],
  ]) {
    const want = www(file);
    const br = await get(path, { "accept-encoding": "gzip, br" });
    assert.equal(br.status, 200, path);
    assert.equal(br.headers["content-encoding"], "br", path);
    assert.equal(Number(br.headers["content-length"]), br.body.length, path);
    assert.ok(br.body.length < want.length * 0.7, `${path}: ${br.body.length} of ${want.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), want, path);
    const gz = await get(path, { "accept-encoding": "gzip" });
    assert.equal(gz.headers["content-encoding"], "gzip", path);
    assert.deepEqual(gunzipSync(gz.body), want, path);
    const plain = await get(path);
    assert.equal(plain.headers["content-encoding"], undefined, path);
    assert.deepEqual(plain.body, want, path);
    assert.equal(br.headers["vary"], "Accept-Encoding");
    assert.notEqual(br.headers["etag"], gz.headers["etag"], "one tag per encoding");
  }
});

test("an unchanged file revalidates with a 304; every response carries the CSP and no-cache, not no-store", async () => {
  const first = await get("/pkg/arcline_bg.wasm", { "accept-encoding": "br" });
  assert.equal(first.headers["content-type"], "application/wasm");
  assert.equal(first.headers["cache-control"], "no-cache");
  assert.equal(first.headers["content-security-policy"], CSP);
  const again = await get("/pkg/arcline_bg.wasm", { "accept-encoding": "br", "if-none-match": first.headers["etag"] });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const other = await get("/pkg/arcline_bg.wasm", { "accept-encoding": "gzip", "if-none-match": first.headers["etag"] });
  assert.equal(other.status, 200, "a tag of another encoding does not match");
});

test("nothing outside www/ is served, and a missing file is a 404", async () => {
  assert.equal((await get("/../Cargo.toml")).status, 404);
  assert.equal((await get("/no-such-file.js")).status, 404);
});
