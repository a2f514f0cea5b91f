// Sets the inbound secret and a 1 MB MAX_MESSAGE_BYTES before lib/env is first read.
import "./inbound-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { allowFetchTo, answerEveryName } from "../support/local-server";
import { registerUser, useDatabase } from "../support/api";
import { dovecotInstalled, startDovecot, type Dovecot } from "../support/dovecot";
import { connect, imapUser, list, patch, remove, settingsFor, syncNow, type MailboxBody } from "./mailboxes-support";

useDatabase();

let dovecot: Dovecot;
const undo: (() => void)[] = [];

beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.close();
});
afterEach(() => {
  for (const step of undo.splice(0).reverse()) step();
});

async function mailboxRows(userId: number) {
  const { getDb } = await import("@/db/client");
  const { mailbox } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  return getDb().select().from(mailbox).where(eq(mailbox.userId, userId));
}

describe.skipIf(!dovecotInstalled())("connected mailboxes: the API", () => {
  it("POST /api/users/me/mailboxes logs in, keeps the mailbox and answers 201 with the contract's shape and no password", async () => {
    undo.push(allowFetchTo(dovecot.allowHost));
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const created = await connect(reader, settingsFor(dovecot, user, { since: "2024-01-15" }));
    expect(created.status).toBe(201);
    const body = created.body as MailboxBody;
    expect(body).toEqual({
      id: expect.any(Number),
      host: "127.0.0.1",
      port: dovecot.port,
      tls: "none",
      username: user.username,
      folders: ["INBOX"],
      since: "2024-01-15",
      after_filing: "leave",
      move_to: null,
      paused: false,
      status: "syncing",
      last_error: null,
      last_synced_at: null,
      total: 0,
      processed: 0,
      filed: 0,
      skipped: 0,
      failed: 0,
    });
    expect(JSON.stringify(body)).not.toContain(user.password);
    const listed = await list(reader);
    expect(listed).toMatchObject({ status: 200, body: { items: [body] } });
    const [row] = await mailboxRows(reader.id);
    expect(row.passwordSealed).not.toContain(user.password);
  });

  it("POST /api/users/me/mailboxes defaults since to 90 days ago", async () => {
    undo.push(allowFetchTo(dovecot.allowHost));
    const reader = await registerUser();
    const created = await connect(reader, settingsFor(dovecot, await imapUser(dovecot)));
    const expected = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    expect((created.body as MailboxBody).since).toBe(expected);
  });

  it("POST /api/users/me/mailboxes with a wrong password is 422, saying authentication failed, and keeps nothing", async () => {
    undo.push(allowFetchTo(dovecot.allowHost));
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const answer = await connect(reader, settingsFor(dovecot, user, { password: "not-the-password" }));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ detail: expect.stringMatching(/^Authentication failed/) });
    expect(await mailboxRows(reader.id)).toEqual([]);
  });

  it("POST /api/users/me/mailboxes naming a folder that does not exist is 422 and keeps nothing", async () => {
    undo.push(allowFetchTo(dovecot.allowHost));
    const reader = await registerUser();
    const answer = await connect(reader, settingsFor(dovecot, await imapUser(dovecot), { folders: ["INBOX", "Newsletters"] }));
    expect(answer).toMatchObject({ status: 422, body: { detail: 'Folder not found: "Newsletters" is not in this mailbox.' } });
    expect(await mailboxRows(reader.id)).toEqual([]);
  });

  it("POST /api/users/me/mailboxes refuses a loopback server that FETCH_ALLOW_HOSTS does not name, before any connection", async () => {
    const reader = await registerUser();
    const answer = await connect(reader, settingsFor(dovecot, await imapUser(dovecot), { tls: "implicit" }));
    expect(answer).toMatchObject({ status: 422, body: { detail: "Address refused: this server's address is private or local." } });
    expect(await mailboxRows(reader.id)).toEqual([]);
  });

  it("POST /api/users/me/mailboxes refuses a host name resolving to a private address", async () => {
    const { setFetchResolver } = await import("@/lib/fetch/guarded-fetch");
    undo.push(setFetchResolver(answerEveryName("10.0.0.7")));
    const reader = await registerUser();
    const answer = await connect(reader, {
      ...settingsFor(dovecot, await imapUser(dovecot)),
      host: "imap.intranet.example",
      tls: "implicit",
      port: 993,
    });
    expect(answer).toMatchObject({ status: 422, body: { detail: "Address refused: this server's address is private or local." } });
    expect(await mailboxRows(reader.id)).toEqual([]);
  });

  it('POST /api/users/me/mailboxes refuses tls "none" to a server FETCH_ALLOW_HOSTS does not name', async () => {
    const { setFetchResolver } = await import("@/lib/fetch/guarded-fetch");
    undo.push(setFetchResolver(answerEveryName("93.184.216.34")));
    const reader = await registerUser();
    const answer = await connect(reader, { ...settingsFor(dovecot, await imapUser(dovecot)), host: "imap.example.com", port: 143 });
    expect(answer).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/^TLS failed/) } });
  });

  it("POST /api/users/me/mailboxes to a port where nothing listens is 422, connection refused", async () => {
    const reader = await registerUser();
    const closedPort = dovecot.port + 1;
    undo.push(allowFetchTo(`127.0.0.1:${closedPort}`));
    const answer = await connect(reader, { ...settingsFor(dovecot, await imapUser(dovecot)), port: closedPort });
    expect(answer).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/^Connection refused/) } });
  });

  it("POST /api/users/me/mailboxes to a server that never answers is 422, timed out, within about 10 s", async () => {
    const { createServer } = await import("node:net");
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    undo.push(allowFetchTo(`127.0.0.1:${port}`), () => silent.close());
    const reader = await registerUser();
    const started = Date.now();
    const answer = await connect(reader, { ...settingsFor(dovecot, await imapUser(dovecot)), port });
    expect(answer).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/^Timed out/) } });
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 20_000);

  it("POST /api/users/me/mailboxes refuses bad input with 422 and the fields, an unknown tls with 400", async () => {
    const reader = await registerUser();
    const answer = await connect(reader, { host: "", port: 70000, tls: "none", username: "", password: "" });
    expect(answer.status).toBe(422);
    const fields = (answer.body as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(["host", "port", "username", "password"]));
    const unknownTls = await connect(reader, { ...settingsFor(dovecot, await imapUser(dovecot)), tls: "ssl" });
    expect(unknownTls).toMatchObject({ status: 400, body: { detail: "Unknown value for tls" } });
    const move = await connect(reader, { ...settingsFor(dovecot, await imapUser(dovecot)), after_filing: "move" });
    expect(move).toMatchObject({ status: 422, body: { errors: [{ field: "move_to" }] } });
  });

  it("PATCH pauses and resumes, DELETE erases the credentials, and another reader's mailbox is 404", async () => {
    undo.push(allowFetchTo(dovecot.allowHost));
    const reader = await registerUser();
    const other = await registerUser();
    const user = await imapUser(dovecot);
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    expect(await patch(reader, id, { paused: true })).toMatchObject({ status: 200, body: { id, paused: true, status: "paused" } });
    expect(await patch(reader, id, { paused: false })).toMatchObject({ status: 200, body: { id, paused: false, status: "syncing" } });
    expect(await patch(reader, id, { password: "wrong" })).toMatchObject({
      status: 422,
      body: { detail: expect.stringMatching(/^Authentication failed/) },
    });
    expect(await patch(reader, id, { folders: ["Nowhere"] })).toMatchObject({
      status: 422,
      body: { detail: expect.stringMatching(/^Folder not found/) },
    });
    expect(await patch(reader, id, { after_filing: "move" })).toMatchObject({ status: 422, body: { errors: [{ field: "move_to" }] } });
    expect(await patch(reader, id, { after_filing: "move", move_to: "Newsletters" })).toMatchObject({
      status: 200,
      body: { after_filing: "move", move_to: "Newsletters" },
    });
    expect(await patch(other, id, { paused: true })).toMatchObject({ status: 404, body: { detail: "Mailbox not found" } });
    expect(await syncNow(other, id)).toMatchObject({ status: 404 });
    expect(await remove(other, id)).toMatchObject({ status: 404 });
    expect(await syncNow(reader, id)).toMatchObject({ status: 202, body: { id } });
    expect(await remove(reader, id)).toMatchObject({ status: 204 });
    expect(await mailboxRows(reader.id)).toEqual([]);
    expect(await list(reader)).toMatchObject({ status: 200, body: { items: [] } });
    expect(await remove(reader, id)).toMatchObject({ status: 404 });
  });

  it("the password is in no text column of the database", async () => {
    undo.push(allowFetchTo(dovecot.allowHost));
    const reader = await registerUser();
    const user = await imapUser(dovecot);
    const { id } = (await connect(reader, settingsFor(dovecot, user))).body as MailboxBody;
    expect(await patch(reader, id, { password: user.password })).toMatchObject({ status: 200 });
    const { getDb } = await import("@/db/client");
    const columns = (await getDb().execute(
      sql`SELECT table_schema, table_name, column_name FROM information_schema.columns
          WHERE data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY') AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { table_schema: string; table_name: string; column_name: string }[] };
    expect(columns.rows.length).toBeGreaterThan(10);
    for (const column of columns.rows) {
      const found = (await getDb().execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(column.table_schema)}.${sql.identifier(column.table_name)}
            WHERE ${sql.identifier(column.column_name)}::text LIKE ${`%${user.password}%`}`,
      )) as unknown as { rows: { n: number }[] };
      expect(found.rows[0].n, `${column.table_name}.${column.column_name}`).toBe(0);
    }
  });
});
