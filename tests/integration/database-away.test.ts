import { connect, createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, registerUser, useDatabase } from "../support/api";
import { deliver, mail, uniqueSender } from "./inbound-support";

// The app reaches PostgreSQL through a proxy this test can cut, as a restart or failover would.
const sockets = new Set<Socket>();
const target = new URL(process.env.DATABASE_URL ?? "postgres://localhost");
const proxy = createServer((client) => {
  const upstream = connect(Number(target.port || 5432), target.hostname);
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  }
  client.pipe(upstream).pipe(client);
});
let proxyPort = 0;

function cut(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => proxy.close(() => resolve()));
}

function restore(): Promise<void> {
  return new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyPort = (proxy.address() as { port: number }).port;
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(proxyPort);
  // Read when the app first loads its configuration, after this.
  process.env.DATABASE_URL = url.toString();
});
useDatabase();
afterAll(() => void proxy.close());

describe.skipIf(!process.env.DATABASE_URL)("the database away for a few seconds (needs DATABASE_URL)", () => {
  it("answers 503 with a detail meanwhile, and requests and jobs resume when it returns", async () => {
    const reader = await registerUser();
    const { enqueueJob } = await import("@/lib/jobs/queue");
    const { startRunner } = await import("@/lib/jobs/runner");
    const ran: number[] = [];
    const runner = await startRunner({ "test-outage": { handler: async () => void ran.push(Date.now()) } });
    // Due while the database is away.
    await enqueueJob("test-outage", {}, { startAfterSeconds: 1 });

    await cut();
    const { logger } = await import("@/lib/observability/log");
    const logged = vi.spyOn(logger, "warn");
    const during = await deliver(mail({ to: reader.unique_email, from: uniqueSender() }));
    expect(during).toEqual({ status: 503, body: { detail: expect.stringMatching(/unavailable/) } });
    // The reason, never the query's parameters (here the reader's address).
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ reason: "ECONNREFUSED" }), "Database unavailable");
    expect(JSON.stringify(logged.mock.calls)).not.toContain(reader.unique_email.split("@")[0]);
    logged.mockRestore();
    // Liveness and readiness both say so, without a session (docs/contract.md 4 and 7.7).
    const { GET: health } = await import("@/app/api/health/route");
    const { GET: ready } = await import("@/app/api/health/ready/route");
    expect(await call(health, "/api/health")).toMatchObject({ status: 503, body: { status: "error", database: "unavailable" } });
    expect(await call(ready, "/api/health/ready")).toMatchObject({ status: 503, body: { detail: "The database is not answering." } });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ran).toEqual([]);

    const back = Date.now();
    await restore();
    expect((await deliver(mail({ to: reader.unique_email, from: uniqueSender() }))).status).toBe(202);
    expect(await call(ready, "/api/health/ready")).toMatchObject({ status: 200, body: { status: "ready" } });
    await expect.poll(() => ran.length, { timeout: 10_000, interval: 100 }).toBe(1);
    console.log(`job ran ${((ran[0] - back) / 1000).toFixed(1)} s after the database returned`);
    await runner.stop(5000);
  }, 60_000);
});
