import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as proxyImage } from "@/app/img/[signature]/[encoded]/route";
import { getDb } from "@/db/client";
import { setFetchResolver } from "@/lib/fetch/guarded-fetch";
import { cacheKey } from "@/lib/images/cache";
import { proxiedImagePath } from "@/lib/images/sign";
import { useDatabase } from "../support/api";
import { allowFetchTo, answerEveryName, startLocalServer, type LocalServer } from "../support/local-server";

// The cache is the database's, kept across runs: each run asks for addresses of its own.
const run = randomUUID();

// The smallest real images of each kind the proxy must tell apart by their bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const GIF = Buffer.from("R0lGODlhAQABAAAAACw=", "base64");
const SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`);

let server: LocalServer;
let undo: Array<() => void> = [];

useDatabase();

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const send = (status: number, type: string, body: Buffer | string, delay = 0) =>
      setTimeout(() => {
        res.writeHead(status, { "content-type": type, "set-cookie": "tracker=reader-42" });
        res.end(body);
      }, delay);
    const pathname = req.url.split("?")[0];
    if (pathname === "/logo.png") return send(200, "image/png", PNG, 50);
    if (pathname === "/mislabelled.png") return send(200, "image/png", GIF);
    if (pathname === "/page.png") return send(200, "text/html", "<html>not an image</html>");
    if (pathname === "/html-as-image.png") return send(200, "image/png", "<html>not an image</html>");
    if (pathname === "/vector.svg") return send(200, "image/svg+xml", SVG);
    if (pathname === "/svg-as-png.png") return send(200, "image/png", SVG);
    if (pathname === "/huge.png") return send(200, "image/png", Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024)]));
    if (pathname === "/loop.png") {
      res.writeHead(302, { location: "/loop.png" });
      return res.end();
    }
    send(404, "text/plain", "upstream secret page body");
  });
});
afterAll(() => server.close());
afterEach(() => {
  undo.forEach((restore) => restore());
  undo = [];
  server.requests.length = 0;
});

async function get(pathname: string) {
  const [, , signature, encoded] = pathname.split("/");
  const response = await proxyImage(new Request(new URL(pathname, process.env.APP_URL)), {
    params: Promise.resolve({ signature: signature!, encoded: encoded! }),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const imageAt = (pathname: string) => proxiedImagePath(`${server.origin}${pathname}?run=${run}`);
const asked = (pathname: string) => server.requests.filter((request) => request.url.split("?")[0] === pathname);

describe("GET /img/<signature>/<base64url of the URL>", () => {
  it("serves a remote image with its sniffed type, a year of immutable caching, nosniff and no cookie of the sender's", async () => {
    undo.push(allowFetchTo(server.hostPort));
    const answer = await get(imageAt("/mislabelled.png"));
    expect(answer.status).toBe(200);
    expect(answer.body.equals(GIF)).toBe(true);
    expect(answer.headers.get("content-type")).toBe("image/gif");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(server.requests[0]!.headers.cookie).toBeUndefined();
    expect(server.requests[0]!.headers.referer).toBeUndefined();
  });

  it("fetches an image once for many reads, concurrent first reads included, and keeps its bytes in the database", async () => {
    undo.push(allowFetchTo(server.hostPort));
    const url = `${server.origin}/logo.png?many=${run}`;
    const first = await Promise.all(Array.from({ length: 5 }, () => get(proxiedImagePath(url))));
    const later = await Promise.all(Array.from({ length: 5 }, () => get(proxiedImagePath(url))));
    for (const answer of [...first, ...later]) expect(answer).toMatchObject({ status: 200 });
    expect(asked("/logo.png")).toHaveLength(1);
    const key = Buffer.from(cacheKey(url), "hex");
    const { rows } = (await getDb().execute(sql`SELECT body, size FROM cache.image WHERE key = ${key}`)) as unknown as {
      rows: { body: Uint8Array; size: number }[];
    };
    expect(rows.map((row) => ({ body: Buffer.from(row.body), size: row.size }))).toEqual([{ body: PNG, size: PNG.length }]);
  });

  it("answers 403 to a signature that is not the server's, and fetches nothing", async () => {
    undo.push(allowFetchTo(server.hostPort));
    const [, , signature] = imageAt("/logo.png").split("/");
    const forged = `/img/${signature}/${Buffer.from(`${server.origin}/page.png`).toString("base64url")}`;
    for (const pathname of [forged, `/img/not-a-signature/${Buffer.from(`${server.origin}/logo.png`).toString("base64url")}`]) {
      const answer = await get(pathname);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body.toString())).toEqual({ detail: "Invalid image signature" });
    }
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ["an HTML page", "/page.png"],
    ["HTML called an image", "/html-as-image.png"],
    ["an SVG", "/vector.svg"],
    ["an SVG called a PNG", "/svg-as-png.png"],
    ["an image over 10 MB", "/huge.png"],
    ["a redirect loop", "/loop.png"],
    ["a 404", "/missing.png"],
  ])("answers 502 with a small body of its own, never cached, for %s", async (_, pathname) => {
    undo.push(allowFetchTo(server.hostPort));
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await get(imageAt(pathname));
      expect(answer.status).toBe(502);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.body.length).toBeLessThan(100);
      expect(answer.body.toString()).not.toMatch(/upstream|<svg|<html/);
    }
    // Not cached: the second read went out again.
    expect(asked(pathname).length).toBeGreaterThanOrEqual(2);
  });

  it("fetches nothing from a name that resolves to a private address", async () => {
    undo.push(setFetchResolver(answerEveryName("10.0.0.7")));
    const answer = await get(proxiedImagePath("https://images.sender.example/pixel.png"));
    expect(answer.status).toBe(502);
    undo.push(setFetchResolver(answerEveryName("127.0.0.1")));
    expect((await get(proxiedImagePath(`http://rebound.example:${server.port}/logo.png`))).status).toBe(502);
    expect(server.requests).toHaveLength(0);
  });
});
