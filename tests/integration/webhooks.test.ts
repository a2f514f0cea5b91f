import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deliver, mail } from "./inbound-support";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/users/me/webhooks/route";
import { DELETE as deleteWebhook } from "@/app/api/users/me/webhooks/[webhookId]/route";
import { GET as listDeliveries } from "@/app/api/users/me/webhooks/[webhookId]/deliveries/route";
import { env } from "@/lib/env";
import { setFetchResolver } from "@/lib/fetch/guarded-fetch";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { allowFetchTo, answerEveryName, startLocalServer, type SeenRequest } from "../support/local-server";

useDatabase();

// As a worker does at its start: the queues exist before the first event is queued beside the polling below.
beforeAll(() => runDueJobs());

let undo: Array<() => void> = [];
afterEach(() => {
  for (const step of undo.reverse()) step();
  undo = [];
});

type NewWebhook = { id: number; url: string; events: string[]; secret: string; created_at: string };
type Delivery = { status: string; attempts: number; response_status: number | null; error: string | null };

const create = (user: TestUser, body: unknown) =>
  call(createWebhook, "/api/users/me/webhooks", { method: "POST", cookie: user.cookie, body });
const list = (user: TestUser) => call(listWebhooks, "/api/users/me/webhooks", { cookie: user.cookie });
const remove = (user: TestUser, id: number) =>
  call(deleteWebhook, `/api/users/me/webhooks/${id}`, { method: "DELETE", cookie: user.cookie, params: { webhookId: String(id) } });
const deliveries = (user: TestUser, id: number) =>
  call(listDeliveries, `/api/users/me/webhooks/${id}/deliveries`, { cookie: user.cookie, params: { webhookId: String(id) } });

async function made(user: TestUser, url: string): Promise<NewWebhook> {
  const result = await create(user, { url, events: ["email.received"] });
  expect(result.status).toBe(201);
  return result.body as NewWebhook;
}

/** Runs due jobs until `check` holds: the event is queued just after filing, without filing waiting for it. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  await vi.waitFor(
    async () => {
      await runDueJobs();
      expect(await check()).toBe(true);
    },
    { timeout: 10_000, interval: 100 },
  );
}

async function retriesDueNow(): Promise<void> {
  const { getDb } = await import("@/db/client");
  await getDb().execute(
    sql`UPDATE ${sql.identifier(env.JOBS_SCHEMA)}.job SET start_after = now() WHERE name = 'deliver-webhook' AND state = 'retry'`,
  );
}

function headersOf(request: SeenRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
}

describe("webhooks", () => {
  it("POST /api/users/me/webhooks answers the secret once; GET lists without it, and the database keeps it sealed", async () => {
    const reader = await registerUser();
    const hook = await made(reader, "https://93.184.216.34/paperboy");
    expect(hook).toEqual({
      id: expect.any(Number),
      url: "https://93.184.216.34/paperboy",
      events: ["email.received"],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const { secret, ...listed } = hook;
    expect(await list(reader)).toMatchObject({ status: 200, body: { items: [listed] } });
    const { getDb } = await import("@/db/client");
    const dump = JSON.stringify(await getDb().execute(sql`SELECT * FROM webhook WHERE id = ${hook.id}`));
    expect(dump).not.toContain(secret.slice(6));
  });

  it.each([
    [{ events: ["email.received"] }, "url", "Enter the URL to send events to, starting with https://."],
    [{ url: "not a url", events: ["email.received"] }, "url", "Enter the URL to send events to, starting with https://."],
    [{ url: "ftp://93.184.216.34/x", events: ["email.received"] }, "url", "Enter the URL to send events to, starting with https://."],
    [{ url: "http://93.184.216.34/x", events: ["email.received"] }, "url", "A webhook's URL must start with https://."],
    [
      { url: "https://10.1.2.3/x", events: ["email.received"] },
      "url",
      "This URL leads to a private address. Paperboy sends webhooks to public addresses only.",
    ],
    [
      { url: "https://[::1]:8443/x", events: ["email.received"] },
      "url",
      "This URL leads to a private address. Paperboy sends webhooks to public addresses only.",
    ],
    [
      { url: "https://[::127.0.0.1]/x", events: ["email.received"] },
      "url",
      "This URL leads to a private address. Paperboy sends webhooks to public addresses only.",
    ],
    [
      { url: "https://[::7f00:1]/x", events: ["email.received"] },
      "url",
      "This URL leads to a private address. Paperboy sends webhooks to public addresses only.",
    ],
    [
      { url: "https://[::a9fe:a9fe]/x", events: ["email.received"] },
      "url",
      "This URL leads to a private address. Paperboy sends webhooks to public addresses only.",
    ],
    [
      { url: "https://[64:ff9b::a00:1]/x", events: ["email.received"] },
      "url",
      "This URL leads to a private address. Paperboy sends webhooks to public addresses only.",
    ],
    [{ url: "https://93.184.216.34/x", events: [] }, "events", "Choose the events to send: email.received."],
    [{ url: "https://93.184.216.34/x" }, "events", "Choose the events to send: email.received."],
  ])("POST /api/users/me/webhooks refuses %j with 422, keeping nothing", async (body, field, message) => {
    const reader = await registerUser();
    const result = await create(reader, body);
    expect({ status: result.status, body: result.body }).toEqual({ status: 422, body: { detail: message, errors: [{ field, message }] } });
    expect((await list(reader)).body).toEqual({ items: [] });
  });

  it("POST /api/users/me/webhooks refuses an event it does not send (400, as every unknown value)", async () => {
    const reader = await registerUser();
    const result = await create(reader, { url: "https://93.184.216.34/x", events: ["email.sent"] });
    expect({ status: result.status, body: result.body }).toMatchObject({
      status: 400,
      body: { detail: "Unknown value for events.0" },
    });
    expect((await list(reader)).body).toEqual({ items: [] });
  });

  it("POST /api/users/me/webhooks refuses a name that resolves to a private address (422)", async () => {
    const reader = await registerUser();
    undo.push(setFetchResolver(answerEveryName("192.168.1.20")));
    const result = await create(reader, { url: "https://hooks.example.test/in", events: ["email.received"] });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ errors: [{ field: "url" }] });
  });

  it("keeps at most 10 webhooks a reader (409)", async () => {
    const reader = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 11 }, (_, n) => create(reader, { url: `https://93.184.216.34/${n}`, events: ["email.received"] })),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(10);
    expect(results.find((result) => result.status !== 201)).toMatchObject({
      status: 409,
      body: { detail: "You have 10 webhooks already. Delete one you no longer use first." },
    });
  });

  it("another reader's webhook is not found (404) and stays; its owner deletes it (204)", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const hook = await made(owner, "https://93.184.216.34/mine");
    expect(await remove(other, hook.id)).toMatchObject({ status: 404, body: { detail: "Webhook not found" } });
    expect(await deliveries(other, hook.id)).toMatchObject({ status: 404, body: { detail: "Webhook not found" } });
    expect(((await list(owner)).body as { items: unknown[] }).items).toHaveLength(1);
    expect((await remove(owner, hook.id)).status).toBe(204);
    expect((await list(owner)).body).toEqual({ items: [] });
    expect((await remove(owner, hook.id)).status).toBe(404);
  });

  it("POSTs email.received signed as Standard Webhooks sign, retries after a 503 with the same id, and lists the delivery", async () => {
    let answers = [503, 200];
    const receiver = await startLocalServer((_, res) => {
      res.statusCode = answers.shift() ?? 200;
      res.end("thanks");
    });
    undo.push(() => void receiver.close(), allowFetchTo(receiver.hostPort));
    const reader = await registerUser();
    const bystander = await registerUser();
    await made(bystander, `${receiver.origin}/bystander`);
    const hook = await made(reader, `${receiver.origin}/hook`);

    const filed = await deliver(mail({ to: reader.unique_email, subject: "Webhook weekly" }));
    expect(filed.status).toBe(202);
    const [emailId] = (filed.body as { emails: number[] }).emails;
    await until(() => receiver.requests.length === 1);
    const firstList = (await deliveries(reader, hook.id)).body as { items: Delivery[] };
    expect(firstList.items).toMatchObject([{ status: "pending", attempts: 1, response_status: 503, error: "The receiver answered 503." }]);

    await retriesDueNow();
    await until(() => receiver.requests.length === 2);
    const [first, second] = receiver.requests;
    expect(second.url).toBe("/hook");
    expect(second.headers["content-type"]).toBe("application/json");
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.headers["webhook-signature"]).toMatch(/^v1,/);
    const payload = new Webhook(hook.secret).verify(second.body, headersOf(second)) as {
      type: string;
      timestamp: string;
      data: { email: { id: number; subject: string } };
    };
    expect(payload).toMatchObject({ type: "email.received", data: { email: { id: emailId, subject: "Webhook weekly" } } });
    expect(new Date(payload.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Signed with another secret, the same request does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString("base64")}`).verify(second.body, headersOf(second))).toThrow();

    await until(async () => ((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items[0]?.status === "delivered");
    expect(((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items).toMatchObject([
      { status: "delivered", attempts: 2, response_status: 200, error: null },
    ]);
    // The bystander's webhook heard nothing of another reader's mail.
    expect(receiver.requests.filter((request) => request.url === "/bystander")).toHaveLength(0);
    answers = [];
  });

  it("tells the webhook of each email of a burst of mail once", async () => {
    const receiver = await startLocalServer((_, res) => {
      res.statusCode = 204;
      res.end();
    });
    undo.push(() => void receiver.close(), allowFetchTo(receiver.hostPort));
    const reader = await registerUser();
    const hook = await made(reader, `${receiver.origin}/burst`);
    const filed = await Promise.all(
      Array.from({ length: 6 }, (_, index) => deliver(mail({ to: reader.unique_email, subject: `Burst ${index}` }))),
    );
    const emailIds = filed.flatMap((result) => (result.body as { emails: number[] }).emails);
    expect(emailIds).toHaveLength(6);
    await until(() => receiver.requests.length >= 6);
    await until(async () =>
      ((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items.every((item) => item.status === "delivered"),
    );
    const told = receiver.requests.map((request) => (JSON.parse(request.body) as { data: { email: { id: number } } }).data.email.id);
    expect(told.sort((a, b) => a - b)).toEqual([...emailIds].sort((a, b) => a - b));
  });

  it("refuses at send time a URL that has come to resolve to a private address, without retrying", async () => {
    const reader = await registerUser();
    undo.push(setFetchResolver(answerEveryName("93.184.216.34")));
    const hook = await made(reader, "https://hooks.example.test/in");
    undo.push(setFetchResolver(answerEveryName("10.0.0.7")));
    expect((await deliver(mail({ to: reader.unique_email }))).status).toBe(202);
    await until(async () => ((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items[0]?.status === "failed");
    expect(((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items).toEqual([
      expect.objectContaining({ status: "failed", attempts: 1, response_status: null, error: "Not sent: the address is not public." }),
    ]);
  });

  it("a 4xx answer fails the delivery at once", async () => {
    const receiver = await startLocalServer((_, res) => {
      res.statusCode = 410;
      res.end();
    });
    undo.push(() => void receiver.close(), allowFetchTo(receiver.hostPort));
    const reader = await registerUser();
    const hook = await made(reader, `${receiver.origin}/gone`);
    await deliver(mail({ to: reader.unique_email }));
    await until(async () => ((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items[0]?.status === "failed");
    expect(((await deliveries(reader, hook.id)).body as { items: Delivery[] }).items).toMatchObject([
      { status: "failed", attempts: 1, response_status: 410, error: "The receiver answered 410." },
    ]);
    expect(receiver.requests).toHaveLength(1);
  });
});
