import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { registerUser, useDatabase, type TestUser } from "../support/api";
import { killRunning } from "../support/processes";
import { INBOUND_SECRET, mail, uniqueSender } from "./inbound-support";
import { freePort, hasBuild, multiProcess, startInstance, within } from "./instances-support";

// Real processes on one PostgreSQL: receivers, workers and web servers started as an operator would.
useDatabase();
afterEach(killRunning);

type Row = { id: number; status: string; attempts: number };

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  const { getDb } = await import("@/db/client");
  return ((await getDb().execute(text)) as unknown as { rows: T[] }).rows;
}

/** The reader's stored messages (the dedup key ends with the ids of the users a message reached). */
function storedFor(reader: TestUser): Promise<Row[]> {
  return query<Row>(sql`SELECT id, status, attempts FROM inbound_message WHERE dedup_key LIKE ${`% ${reader.id}`} ORDER BY id`);
}

/** What a process that died between storing and filing leaves: a stored row nobody files, `secondsAgo` old. */
async function storeUnfiled(reader: TestUser, count: number, secondsAgo: number): Promise<void> {
  const { insertInboundMessage } = await import("@/lib/mail/filing/repo");
  for (let index = 0; index < count; index++) {
    const raw = Buffer.from(mail({ to: reader.unique_email, from: uniqueSender(), subject: `Stored, never filed ${index}` }));
    const { row } = await insertInboundMessage({
      dedupKey: `crash-${randomUUID()} ${reader.id}`,
      source: "raw",
      envelopeTo: [],
      kept: { raw, rawKey: null, size: raw.length },
    });
    await query(sql`UPDATE inbound_message SET received_at = now() - make_interval(secs => ${secondsAgo}) WHERE id = ${row.id}`);
  }
}

async function allFiled(reader: TestUser): Promise<boolean> {
  return (await storedFor(reader)).every((row) => row.status === "filed");
}

describe.skipIf(!multiProcess)("many processes on one database (needs DATABASE_URL)", () => {
  it("after kill -9 of a receiver mid-burst, a worker files every stored message within 60 s", async () => {
    const reader = await registerUser();
    const smtpPort = await freePort();
    const receiver = startInstance("smtp", { SMTP_PORT: String(smtpPort) });
    const worker = startInstance("worker");
    await Promise.all([receiver.waitFor(/listening/), worker.waitFor(/running jobs/)]);

    // One the crash left mid-filing for certain; the burst leaves whatever the kill interrupts.
    await storeUnfiled(reader, 1, 0);
    const transport = createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 4 });
    const acked: string[] = [];
    const sends = Array.from({ length: 40 }, (_, index) => {
      const messageId = `<burst-${randomUUID()}@sender.example.com>`;
      const raw = mail({ to: reader.unique_email, from: uniqueSender(), subject: `Burst ${index}`, messageId });
      return transport
        .sendMail({ envelope: { from: "sender@example.com", to: [reader.unique_email] }, raw })
        .then(() => void acked.push(messageId));
    });
    await within(30_000, async () => acked.length >= 10);
    receiver.child.kill("SIGKILL");
    const killedAt = Date.now();
    await Promise.allSettled(sends);
    transport.close();

    await within(60_000, () => allFiled(reader));
    const seconds = (Date.now() - killedAt) / 1000;
    console.log(
      `kill -9 to every stored message filed: ${seconds.toFixed(1)} s (${(await storedFor(reader)).length} stored, ${acked.length} acknowledged)`,
    );
    const filedIds = await query<{ key: string }>(sql`SELECT message_key AS key FROM email WHERE user_id = ${reader.id}`);
    for (const messageId of acked) expect(filedIds.map((row) => row.key)).toContain(`mid:${messageId.slice(1, -1).toLowerCase()}`);
  }, 120_000);

  it("two workers racing file each stored message exactly once", async () => {
    const reader = await registerUser();
    await storeUnfiled(reader, 40, 30);
    const started = Date.now();
    const workers = [startInstance("worker"), startInstance("worker")];
    await Promise.all(workers.map((worker) => worker.waitFor(/running jobs/)));
    await within(30_000, () => allFiled(reader));
    const seconds = (Date.now() - started) / 1000;
    console.log(`two workers filed 40 stored messages in ${seconds.toFixed(1)} s from their start`);

    // Each claimed once (the attempt the crash used, plus one), one email per message, one job per message.
    expect((await storedFor(reader)).map((row) => row.attempts)).toEqual(Array(40).fill(2));
    const [emails] = await query<{ total: number; distinct: number }>(
      sql`SELECT count(*)::int AS total, count(DISTINCT message_key)::int AS distinct FROM email WHERE user_id = ${reader.id}`,
    );
    expect(emails).toEqual({ total: 40, distinct: 40 });
    await Promise.all(workers.map((worker) => (worker.child.kill("SIGTERM"), worker.exited)));
    for (const worker of workers) expect(await worker.exited).toBe(0);
  }, 90_000);

  describe.skipIf(!hasBuild)("web instances (need a production build: npm run build)", () => {
    async function startWeb(env: Record<string, string>) {
      const port = await freePort();
      const web = startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, ...env });
      const url = `http://127.0.0.1:${port}`;
      await within(60_000, async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true);
      return { web, url };
    }

    function deliverTo(url: string, raw: string): Promise<Response> {
      return fetch(`${url}/api/inbound/email`, {
        method: "POST",
        headers: { authorization: `Bearer ${INBOUND_SECRET}`, "content-type": "message/rfc822" },
        body: raw,
      });
    }

    it("with WORKER=off the web instance files what it receives but runs no job; npm run worker does", async () => {
      const reader = await registerUser();
      await storeUnfiled(reader, 1, 30);
      const { url } = await startWeb({ WORKER: "off" });
      const delivered = await deliverTo(url, mail({ to: reader.unique_email, from: uniqueSender() }));
      expect(delivered.status).toBe(202);
      expect(((await delivered.json()) as { emails: number[] }).emails).toHaveLength(1);
      // A worker sweeps as it starts: the web instance, running none, leaves the stored message alone.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await storedFor(reader)).map((row) => row.status).sort()).toEqual(["filed", "received"]);

      const worker = startInstance("worker");
      await worker.waitFor(/running jobs/);
      await within(15_000, () => allFiled(reader));
    }, 120_000);

    it("with WORKER=off and no AUTH_SECRET the web instance stops at once, saying why in one line", async () => {
      const port = await freePort();
      const web = startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, WORKER: "off", AUTH_SECRET: "" });
      expect(await web.exited).toBe(1);
      expect(web.output()).toContain(
        "Paperboy cannot start: Invalid configuration: AUTH_SECRET must be set (or AUTH_SECRET_FILE) when WORKER=off",
      );
      expect(web.output()).not.toMatch(/\n\s+at /);
    }, 120_000);

    /** A delivery on a connection of its own (a keep-alive connection idle at the signal is closed, as Node does). */
    function deliverAlone(url: string, raw: string): Promise<number | string> {
      return new Promise((resolve) => {
        const request = httpRequest(
          `${url}/api/inbound/email`,
          { method: "POST", agent: false, headers: { authorization: `Bearer ${INBOUND_SECRET}`, "content-type": "message/rfc822" } },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        request.end(raw);
      });
    }

    it("SIGTERM lets the requests in flight finish (none gets a 5xx), files what it acknowledged and exits 0", async () => {
      const reader = await registerUser();
      const { web, url } = await startWeb({});
      const answers = Array.from({ length: 30 }, (_, index) =>
        deliverAlone(url, mail({ to: reader.unique_email, from: uniqueSender(), subject: `In flight ${index}` })),
      );
      // Once the first answers, the rest are in flight or still connecting.
      await Promise.race(answers);
      const signalled = Date.now();
      web.child.kill("SIGTERM");
      const results = await Promise.all(answers);
      expect(await web.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(25_000);
      // A request the server answered got its 202; one that came after it closed found no listener.
      for (const result of results) expect([202, "ECONNREFUSED"]).toContain(result);
      const accepted = results.filter((result) => result === 202).length;
      console.log(
        `SIGTERM with 30 deliveries under way: ${accepted} answered 202, ${30 - accepted} refused a connection; exit 0 after ${Date.now() - signalled} ms`,
      );
      expect(accepted).toBeGreaterThan(1);
      const filed = (await storedFor(reader)).filter((row) => row.status === "filed").length;
      expect(filed).toBe(accepted);
    }, 120_000);
  });
});
