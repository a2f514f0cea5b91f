import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as proxyFont } from "@/app/img/font/[signature]/[encoded]/route";
import { GET as proxyImage } from "@/app/img/[signature]/[encoded]/route";
import { setFetchResolver } from "@/lib/fetch/guarded-fetch";
import { proxiedPath } from "@/lib/images/sign";
import { useDatabase } from "../support/api";
import { allowFetchTo, answerEveryName, startLocalServer, type LocalServer } from "../support/local-server";

// A WOFF2 file's signature and enough bytes after it to pass for one; the proxy checks no further.
const WOFF2 = Buffer.concat([Buffer.from("wOF2", "latin1"), Buffer.alloc(200, 1)]);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

let server: LocalServer;
let undo: Array<() => void> = [];

// The proxy's cache is in the database.
useDatabase();

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { "content-type": type, "set-cookie": "tracker=reader-42" });
      res.end(body);
    };
    if (req.url.startsWith("/brand.woff2")) return send("font/woff2", WOFF2);
    if (req.url === "/s3.woff2") return send("binary/octet-stream", WOFF2);
    if (req.url === "/page.woff2") return send("text/html", "<html>not a font</html>");
    if (req.url === "/logo.png") return send("image/png", PNG);
    if (req.url === "/script-as-font.woff2") return send("font/woff2", "alert(1)");
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("upstream secret page body");
  });
});
afterAll(() => server.close());
afterEach(() => {
  undo.forEach((restore) => restore());
  undo = [];
  server.requests.length = 0;
});

async function getFont(pathname: string) {
  const [, , , signature, encoded] = pathname.split("/");
  const response = await proxyFont(new Request(new URL(pathname, process.env.APP_URL)), {
    params: Promise.resolve({ signature: signature!, encoded: encoded! }),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const fontAt = (pathname: string) => proxiedPath(`${server.origin}${pathname}`, "font");

describe("GET /img/font/<signature>/<base64url of the URL>", () => {
  it("serves a newsletter's web font with its sniffed type, cached a year, with nosniff and no cookie of the sender's", async () => {
    undo.push(allowFetchTo(server.hostPort));
    for (const pathname of [`/brand.woff2?at=${Date.now()}`, "/s3.woff2"]) {
      const answer = await getFont(fontAt(pathname));
      expect(answer.status).toBe(200);
      expect(answer.body.equals(WOFF2)).toBe(true);
      expect(answer.headers.get("content-type")).toBe("font/woff2");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    expect(server.requests[0]!.headers.cookie).toBeUndefined();
  });

  it.each([
    ["an HTML page", "/page.woff2"],
    ["an image", "/logo.png"],
    ["a script called a font", "/script-as-font.woff2"],
    ["a 404", "/missing.woff2"],
  ])("answers 502 with a small body of its own, never cached, for %s", async (_, pathname) => {
    undo.push(allowFetchTo(server.hostPort));
    const answer = await getFont(fontAt(pathname));
    expect(answer.status).toBe(502);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(answer.body.toString()).detail).toMatch(/font/);
    expect(answer.body.toString()).not.toMatch(/upstream|<html|alert/);
  });

  it("refuses an image's signature, and an image address refuses a font's: 403, nothing fetched", async () => {
    undo.push(allowFetchTo(server.hostPort));
    const [, , imageSignature, encoded] = proxiedPath(`${server.origin}/brand.woff2`, "image").split("/");
    const asFont = await getFont(`/img/font/${imageSignature}/${encoded}`);
    expect(asFont.status).toBe(403);
    expect(JSON.parse(asFont.body.toString())).toEqual({ detail: "Invalid font signature" });
    const [, , , fontSignature] = fontAt("/brand.woff2").split("/");
    const asImage = await proxyImage(new Request(new URL(`/img/${fontSignature}/${encoded}`, process.env.APP_URL)), {
      params: Promise.resolve({ signature: fontSignature!, encoded: encoded! }),
    });
    expect(asImage.status).toBe(403);
    expect(server.requests).toHaveLength(0);
  });

  it("goes through the outbound guard: nothing fetched from a name that resolves to a private address", async () => {
    undo.push(setFetchResolver(answerEveryName("10.0.0.7")));
    expect((await getFont(proxiedPath("https://fonts.sender.example/brand.woff2", "font"))).status).toBe(502);
    undo.push(setFetchResolver(answerEveryName("127.0.0.1")));
    expect((await getFont(proxiedPath(`http://rebound.example:${server.port}/brand.woff2`, "font"))).status).toBe(502);
    expect(server.requests).toHaveLength(0);
  });
});
