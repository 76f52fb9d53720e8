import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../scripts/precompress";
import { buildTestApp, TestClient, type TestApp } from "./test/harness";

/** Runs the build's precompress step over a directory, as `vite build` does after writing it. */
function precompressDir(dir: string) {
  const plugin = precompress() as unknown as { configResolved(c: unknown): void; closeBundle(): void };
  plugin.configResolved({ root: dir, build: { outDir: "." } });
  plugin.closeBundle();
}

describe("compressed delivery of the built client", () => {
  let t: TestApp;
  let dir: string;
  const script = `export const text = ${JSON.stringify("Student Hub ".repeat(400))};`;
  const page = `<!doctype html><title>Student Hub</title>${"<!-- shell -->".repeat(200)}`;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "student-hub-dist-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), page);
    fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), script);
    fs.writeFileSync(path.join(dir, "assets", "tiny-abc123.js"), "console.log(1)");
    precompressDir(dir);
    t = await buildTestApp("sqlite", { clientDir: dir });
  });
  afterAll(() => t.close());

  it("the build writes brotli and gzip copies of text assets over 1 KB, and none of tiny ones", () => {
    const js = path.join(dir, "assets", "index-abc123.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, "assets", "tiny-abc123.js.br"))).toBe(false);
  });

  it.each([
    ["br, gzip, deflate", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1.0, br;q=0", "gzip"],
  ])("an asset asked for with Accept-Encoding %j comes %s-encoded, immutable, with Vary", async (acceptEncoding, encoding) => {
    const res = await t.app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": acceptEncoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const body = encoding === "br" ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
    expect(body.toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it("a client that accepts no encoding gets the plain file", async () => {
    const res = await t.app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it("the app shell of every page load is compressed too and revalidated", async () => {
    for (const url of ["/", "/auth", "/#calendar"]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html", "accept-encoding": "gzip, br" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    }
    const plain = await t.app.inject({ url: "/auth", headers: { accept: "text/html" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});

describe("compressed API answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("a list over 1 KB comes compressed to a browser that accepts it, a small answer plain", async () => {
    const client = new TestClient(t.app);
    await client.register();
    for (let i = 0; i < 40; i++)
      await client.request("POST", "/api/tasks", { title: `Read chapter ${i} of the biology book`, subject: "Biology" });
    const plain = await client.request("GET", "/api/tasks");
    const res = await client.request("GET", "/api/tasks", undefined, { "accept-encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzip = await client.request("GET", "/api/tasks", undefined, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const user = await client.request("GET", "/api/user", undefined, { "accept-encoding": "br, gzip" });
    expect(user.rawPayload.length).toBeLessThan(1024);
    expect(user.headers["content-encoding"]).toBeUndefined();
  });
});
