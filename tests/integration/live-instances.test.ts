import { afterEach, describe, expect, it } from "vitest";
import { runAdmin } from "@/lib/admin";
import { call, registerUser, useDatabase } from "../support/api";
import { seedEmail } from "../support/seed";
import { killRunning } from "../support/processes";
import { INBOUND_SECRET, mail, uniqueSender } from "./inbound-support";
import { freePort, hasBuild, multiProcess, startInstance, within } from "./instances-support";
import { eventReader } from "./live-support";

// Real `next start` processes on one PostgreSQL: a reader's stream on one, their mail filed by another.
useDatabase();
afterEach(killRunning);

async function startWeb() {
  const port = await freePort();
  const web = startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, WORKER: "off" });
  const url = `http://127.0.0.1:${port}`;
  await within(60_000, async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true);
  return { web, url };
}

/** Reads a stream until it ends; true when it ended within `ms`, delivering no email meanwhile. */
async function endsWithin(stream: ReturnType<typeof eventReader>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const event = await stream.next(Math.max(1, deadline - Date.now())).catch(() => "open" as const);
    if (event === null) return true;
    if (event === "open" || ("event" in event && event.event === "email")) return false;
  }
}

describe.skipIf(!multiProcess || !hasBuild)("live events across instances (needs DATABASE_URL and npm run build)", () => {
  it("a stream on one instance ends within a second of its token revoked, its session signed out or its account disabled on another", async () => {
    const reader = await registerUser();
    const { POST: login } = await import("@/app/api/auth/login/route");
    const laptop = (await call(login, "/api/auth/login", { method: "POST", body: { email: reader.email, password: reader.password } }))
      .cookie;
    const [streaming, other] = await Promise.all([startWeb(), startWeb()]);
    const made = await fetch(`${other.url}/api/users/me/tokens`, {
      method: "POST",
      headers: { cookie: reader.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Sync app", scope: "read" }),
    });
    const { id, token } = (await made.json()) as { id: number; token: string };
    const open = async (headers: Record<string, string>) => {
      const response = await fetch(`${streaming.url}/api/users/me/events`, { headers });
      expect(response.status).toBe(200);
      const stream = eventReader(response.body!);
      expect(await stream.next(10_000)).toEqual({ comment: "connected" });
      return stream;
    };
    const [byToken, bySession, byLaptop] = [
      await open({ authorization: `Bearer ${token}` }),
      await open({ cookie: reader.cookie }),
      await open({ cookie: laptop }),
    ];

    expect((await fetch(`${other.url}/api/users/me/tokens/${id}`, { method: "DELETE", headers: { cookie: reader.cookie } })).status).toBe(
      204,
    );
    expect(await endsWithin(byToken, 1_000)).toBe(true);
    expect((await fetch(`${other.url}/api/auth/logout`, { method: "POST", headers: { cookie: reader.cookie } })).status).toBe(204);
    expect(await endsWithin(bySession, 1_000)).toBe(true);
    // The laptop's session still holds: its stream goes on through both, and hears the next email.
    const next = await seedEmail(reader.id);
    expect((await byLaptop.nextEmail(2_000)).data).toMatchObject({ id: next.id });
    expect(await runAdmin(["users", "disable", reader.email], { out: () => undefined, err: () => undefined })).toBe(0);
    expect(await endsWithin(byLaptop, 1_000)).toBe(true);
  }, 180_000);

  it("an email filed by one instance reaches the reader's stream on another within 2 s, and a SIGTERM ends the stream at once", async () => {
    const reader = await registerUser();
    const [streaming, filing] = await Promise.all([startWeb(), startWeb()]);
    const response = await fetch(`${streaming.url}/api/users/me/events`, { headers: { cookie: reader.cookie } });
    expect(response.status).toBe(200);
    const stream = eventReader(response.body!);
    expect(await stream.next(10_000)).toEqual({ comment: "connected" });

    const subject = `Across instances ${uniqueSender()}`;
    const started = Date.now();
    const delivered = await fetch(`${filing.url}/api/inbound/email`, {
      method: "POST",
      headers: { authorization: `Bearer ${INBOUND_SECRET}`, "content-type": "message/rfc822" },
      body: mail({ to: reader.unique_email, from: uniqueSender(), subject }),
    });
    expect(delivered.status).toBe(202);
    const [emailId] = ((await delivered.json()) as { emails: number[] }).emails;
    const event = await stream.nextEmail(2_000);
    const elapsed = Date.now() - started;
    console.log(`filed on one instance -> event on the other: ${elapsed} ms (the delivery's own answer included)`);
    expect(event).toEqual({ id: String(emailId), data: expect.objectContaining({ id: emailId, subject }) });
    expect(elapsed).toBeLessThan(2_000);

    const signalled = Date.now();
    streaming.web.child.kill("SIGTERM");
    expect(await stream.next(5_000)).toBeNull();
    expect(await streaming.web.exited).toBe(0);
    // An open stream holds no drain: the process is gone well before the 25 s it may take.
    expect(Date.now() - signalled).toBeLessThan(5_000);
  }, 120_000);
});
