import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../web/build/precompress";
import { installWeb } from "./web";

describe("serving the built web app", () => {
  let root = "";
  const app = Fastify();
  const script = `console.log(${JSON.stringify("votespace ".repeat(400))});\n`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "web-dist-"));
    await mkdir(path.join(root, "assets"));
    await writeFile(
      path.join(root, "index.html"),
      `<!doctype html><title>Votespace</title>${"<p>".repeat(600)}`,
    );
    await writeFile(path.join(root, "assets", "index-abc123.js"), script);
    await writeFile(path.join(root, "assets", "tiny-abc123.js"), "1;");
    expect(await precompress(root)).toBe(2);
    await installWeb(app, true, root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it("sends the build's brotli copy, else its gzip copy, else the file itself", async () => {
    const url = "/assets/index-abc123.js";
    const br = await app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    // Too small to gain: no copy was written, the file itself is sent.
    const tiny = await app.inject({ url: "/assets/tiny-abc123.js", headers: { "accept-encoding": "br" } });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
  });

  it("caches hashed assets a year as immutable, and revalidates the page", async () => {
    const asset = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "br" } });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await app.inject({ url: "/member/elections", headers: { "accept-encoding": "br" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-encoding"]).toBe("br");
  });

  it("answers a missing asset 404, not with the page (a tab of an earlier build asks for its chunks)", async () => {
    const missing = await app.inject({ url: "/assets/index-gone99.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^application\/json/);
    expect((await app.inject({ url: "/member/assets-of-mine" })).statusCode).toBe(200);
  });
});
