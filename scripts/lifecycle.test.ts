// What `npm start` prints: Next's own banner is held back, and one line says where to go once the server answers.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bannerLine, readyLine, waitUntilAnswering } from "./lifecycle.mjs";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

describe("npm start's output", () => {
  it("holds back Next's banner, keeping the LAN address it names, and passes every other line on", () => {
    const banner = [
      "   \u001b[1m\u001b[35m▲ Next.js 16.4.6\u001b[39m\u001b[22m",
      "   - Local:         http://localhost:3000",
      "   - Network:       http://192.168.1.20:3000",
      "",
      " \u001b[32m✓\u001b[39m Starting...",
      " \u001b[32m✓\u001b[39m Ready in 412ms",
      "\u001b[32m✓\u001b[39m Running next.config.ts took 48ms",
    ].map(bannerLine);
    expect(banner.every((line) => line.banner)).toBe(true);
    expect(banner.map((line) => line.networkUrl).filter(Boolean)).toEqual(["http://192.168.1.20:3000"]);
    for (const line of [
      '{"level":"info","msg":"Newsletter catalog: 120 newsletters"}',
      "Paperboy cannot start: the job queue did not start",
    ])
      expect(bannerLine(line)).toEqual({ banner: false, networkUrl: null });
  });

  it("says where to open the app, and from another device when Next named a LAN address", () => {
    expect(readyLine("http://localhost:3000", null)).toBe("Paperboy is ready: open http://localhost:3000");
    expect(readyLine("http://localhost:3400", "http://192.168.1.20:3400")).toBe(
      "Paperboy is ready: open http://localhost:3400 (from another device on your network: http://192.168.1.20:3400)",
    );
  });

  it("waits for the server to answer 200, not merely to listen", async () => {
    let calls = 0;
    const server = createServer((_request, response) => {
      calls++;
      response.writeHead(calls < 3 ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => server.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
    expect(await waitUntilAnswering(url, () => true, 10)).toBe(true);
    expect(calls).toBe(3);
  });

  it("stops waiting when the server has exited", async () => {
    let checks = 0;
    expect(await waitUntilAnswering("http://127.0.0.1:1/api/health", () => ++checks < 3, 10)).toBe(false);
  });
});
