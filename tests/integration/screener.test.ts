import "./inbound-support";
import { describe, expect, it } from "vitest";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { deliver, mail, uniqueSender } from "./inbound-support";
import { createRule, deliveries, makeFolder, stateOf } from "./rules-support";

useDatabase();

const screener = await import("@/app/api/users/me/screener/route");
const { GET: senders } = await import("@/app/api/users/me/screener/senders/route");
const { POST: allow } = await import("@/app/api/users/me/screener/allow/route");
const { POST: deny } = await import("@/app/api/users/me/screener/deny/route");
const { GET: listBlocked } = await import("@/app/api/users/me/blocked-senders/route");
const { GET: getFeed } = await import("@/app/api/issues/feed/route");

const turn = (reader: TestUser, enabled: unknown) =>
  call(screener.PUT, "/api/users/me/screener", { method: "PUT", cookie: reader.cookie, body: { enabled } });
const waiting = async (reader: TestUser) =>
  (
    (await call(senders, "/api/users/me/screener/senders", { cookie: reader.cookie })).body as {
      items: { sender: string; held: number; subject: string }[];
    }
  ).items;
const decide = (handler: typeof allow, reader: TestUser, sender: unknown, path: string) =>
  call(handler, path, { method: "POST", cookie: reader.cookie, body: { sender } });
const feed = async (reader: TestUser) =>
  ((await call(getFeed, "/api/issues/feed", { cookie: reader.cookie })).body as { items: { subject: string }[] }).items.map(
    (item) => item.subject,
  );

describe("the screener", () => {
  it("is off by default: a new sender's mail goes straight to the feed", async () => {
    const reader = await registerUser();
    expect(await call(screener.GET, "/api/users/me/screener", { cookie: reader.cookie })).toMatchObject({
      status: 200,
      body: { enabled: false, pending: 0 },
    });
    await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Straight in" }));
    expect(await feed(reader)).toEqual(["Straight in"]);
    expect(await waiting(reader)).toEqual([]);
  });

  it("holds a new sender's mail until allowed, then files it (with the reader's rules) and what follows", async () => {
    const reader = await registerUser();
    const known = uniqueSender();
    await deliver(mail({ to: reader.unique_email, from: known, subject: "Known before" }));
    expect(await turn(reader, true)).toMatchObject({ status: 200, body: { enabled: true, pending: 0 } });
    const folder = await makeFolder(reader, "Allowed");
    const sender = uniqueSender();
    await createRule(reader, {
      name: "File new",
      conditions: [{ field: "from", op: "equals", value: sender }],
      actions: [{ type: "add_to_folder", folder_id: folder }],
    });

    await deliver(mail({ to: reader.unique_email, from: `New Letter <${sender.toUpperCase()}>`, subject: "First from new" }));
    await deliver(mail({ to: reader.unique_email, from: sender, subject: "Second from new" }));
    await deliver(mail({ to: reader.unique_email, from: known, subject: "Known again" }));
    expect(await feed(reader)).toEqual(["Known again", "Known before"]);
    expect(await waiting(reader)).toEqual([{ sender, held: 2, subject: "Second from new", received_at: expect.any(String) }]);
    expect((await call(screener.GET, "/api/users/me/screener", { cookie: reader.cookie })).body).toEqual({ enabled: true, pending: 1 });
    expect((await deliveries(reader)).map((entry) => [entry.subject, entry.outcome])).toEqual([
      ["Known again", "filed"],
      ["Second from new", "screened"],
      ["First from new", "screened"],
      ["Known before", "filed"],
    ]);

    const other = await registerUser();
    expect((await decide(allow, other, sender, "/api/users/me/screener/allow")).status).toBe(404);
    const allowed = await decide(allow, reader, sender, "/api/users/me/screener/allow");
    expect(allowed).toMatchObject({ status: 200, body: { sender, status: "allowed", emails: [expect.any(Number), expect.any(Number)] } });
    expect(await waiting(reader)).toEqual([]);
    expect((await feed(reader)).sort()).toEqual(["First from new", "Known again", "Known before", "Second from new"]);
    expect((await stateOf(reader.id)).filter((row) => row.subject?.endsWith("from new")).map((row) => row.folders)).toEqual([
      [folder],
      [folder],
    ]);
    expect((await deliveries(reader)).find((entry) => entry.subject === "First from new")).toMatchObject({
      outcome: "filed",
      rules: [{ name: "File new" }],
    });

    await deliver(mail({ to: reader.unique_email, from: sender, subject: "Third from new" }));
    expect(await feed(reader)).toContain("Third from new");
    expect((await decide(allow, reader, sender, "/api/users/me/screener/allow")).status).toBe(404);
  });

  it("denies a sender: blocked, nothing filed, and later mail blocked too", async () => {
    const reader = await registerUser();
    await turn(reader, true);
    const sender = uniqueSender();
    await deliver(mail({ to: reader.unique_email, from: sender, subject: "Unwanted" }));
    expect((await waiting(reader)).map((item) => item.sender)).toEqual([sender]);
    expect(await decide(deny, reader, sender, "/api/users/me/screener/deny")).toMatchObject({
      status: 200,
      body: { sender, status: "denied" },
    });
    expect(await waiting(reader)).toEqual([]);
    const blocked = (await call(listBlocked, "/api/users/me/blocked-senders", { cookie: reader.cookie })).body as {
      items: { sender: string }[];
    };
    expect(blocked.items.map((item) => item.sender)).toEqual([sender]);
    await deliver(mail({ to: reader.unique_email, from: sender, subject: "Unwanted again" }));
    expect(await feed(reader)).toEqual([]);
    expect((await deliveries(reader)).map((entry) => entry.outcome)).toEqual(["blocked", "blocked"]);
  });

  it("holds only the reader who screens: another recipient of the same message gets it", async () => {
    const screening = await registerUser();
    const open = await registerUser();
    await turn(screening, true);
    await deliver(mail({ to: `${screening.unique_email}, ${open.unique_email}`, from: uniqueSender(), subject: "To both" }));
    expect(await feed(screening)).toEqual([]);
    expect(await feed(open)).toEqual(["To both"]);
  });

  it("refuses bad input: 422 for a missing or mistyped setting or sender, 401 without a session", async () => {
    const reader = await registerUser();
    expect(await turn(reader, "yes")).toMatchObject({ status: 422, body: { detail: expect.any(String) } });
    expect((await decide(allow, reader, 42, "/api/users/me/screener/allow")).status).toBe(422);
    expect((await decide(deny, reader, "nobody@example.org", "/api/users/me/screener/deny")).status).toBe(404);
    expect((await call(screener.GET, "/api/users/me/screener")).status).toBe(401);
  });
});
