import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "@/lib/env";
import { listOutbox } from "@/lib/outbound/outbox";
import { sendMail } from "@/lib/outbound/service";
import { runDueJobs } from "@/lib/worker/testing";
import { useDatabase } from "../support/api";

useDatabase();

afterEach(() => {
  env.SMTP_URL = undefined;
  vi.restoreAllMocks();
});

async function sendMailJobs(): Promise<Array<{ state: string; output: unknown }>> {
  const { getDb } = await import("@/db/client");
  const { sql } = await import("drizzle-orm");
  const result = (await getDb().execute(
    sql`SELECT state, output FROM ${sql.identifier(env.JOBS_SCHEMA)}.job WHERE name = 'send-mail' AND data->>'subject' LIKE 'Relay test%' ORDER BY created_on`,
  )) as unknown as { rows: Array<{ state: string; output: unknown }> };
  return result.rows;
}

/** Makes the waiting retries due now instead of after their backoff. */
async function retriesDueNow() {
  const { getDb } = await import("@/db/client");
  const { sql } = await import("drizzle-orm");
  await getDb().execute(
    sql`UPDATE ${sql.identifier(env.JOBS_SCHEMA)}.job SET start_after = now() WHERE name = 'send-mail' AND state = 'retry'`,
  );
}

function startRelay(port = 0) {
  const received: string[] = [];
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      received.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  return new Promise<{ port: number; received: string[]; close: () => Promise<void> }>((resolve) =>
    relay.listen(port, "127.0.0.1", () =>
      resolve({
        port: (relay.server.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((done) => relay.close(() => done())),
      }),
    ),
  );
}

describe("sendMail", () => {
  it("is a job: without SMTP_URL the outbox gets the message once the job runs", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await sendMail({ to: "queued@example.com", subject: "Queued hello", text: "Hi." });
    expect((await listOutbox()).filter((item) => item.subject === "Queued hello")).toHaveLength(0);
    await runDueJobs();
    expect((await listOutbox()).filter((item) => item.subject === "Queued hello")).toMatchObject([{ to: "queued@example.com" }]);
  });

  it("keeps a message while the relay is down, retries it with backoff, and delivers it once the relay is back", async () => {
    const probe = await startRelay();
    await probe.close();
    env.SMTP_URL = `smtp://127.0.0.1:${probe.port}`;
    vi.spyOn(console, "error").mockImplementation(() => {});

    await sendMail({ to: "leave-7f3a@list.example", subject: "Relay test", text: "Unsubscribe" });
    await runDueJobs();
    const [waiting] = await sendMailJobs();
    expect(waiting?.state).toBe("retry");
    // The failure kept on the job names no address.
    expect(JSON.stringify(waiting!.output)).toMatch(/The mail relay did not take the message \(ESOCKET\)/);
    expect(JSON.stringify(waiting!.output)).not.toContain("7f3a");

    const relay = await startRelay(probe.port);
    try {
      await retriesDueNow();
      await runDueJobs();
      expect(relay.received).toEqual(["leave-7f3a@list.example"]);
      expect((await sendMailJobs()).map((job) => job.state)).toEqual(["completed"]);
    } finally {
      await relay.close();
    }
  });
});
