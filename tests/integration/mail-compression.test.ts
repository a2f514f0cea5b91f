import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
// First: it sets the inbound secret before the routes read the environment.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { POST as createWebhook } from "@/app/api/users/me/webhooks/route";
import { call, registerUser, useDatabase } from "../support/api";
import { allowFetchTo, startLocalServer } from "../support/local-server";

useDatabase();

let undo: Array<() => void> = [];
afterEach(() => {
  for (const step of undo.reverse()) step();
  undo = [];
});

type Compression = { raw: string | null; issue_html: string | null; words: string | null; payload: string | null };

async function compressionOf(messageId: number, emailId: number): Promise<Compression | undefined> {
  const { getDb } = await import("@/db/client");
  const result = (await getDb().execute(sql`
    SELECT pg_column_compression(m.raw) AS raw, pg_column_compression(i.body_html) AS issue_html,
      pg_column_compression(e.search_vector) AS words, pg_column_compression(d.payload) AS payload
    FROM inbound_message m, email e JOIN issue i ON i.id = e.issue_id JOIN webhook_delivery d ON d.email_id = e.id
    WHERE m.id = ${messageId} AND e.id = ${emailId}`)) as unknown as { rows: Compression[] };
  return result.rows[0];
}

// PGlite (embedded) has pglz only, and the migrations leave it there. CI runs these on PostgreSQL.
describe.runIf(process.env.DATABASE_URL)("a filed message's large values on PostgreSQL", () => {
  it("are kept with lz4: the raw message, the body, its words and the webhook's payload (migrations 0007, 0036)", async () => {
    const receiver = await startLocalServer((_, res) => res.end());
    undo.push(() => void receiver.close(), allowFetchTo(receiver.hostPort));
    const reader = await registerUser();
    const hook = await call(createWebhook, "/api/users/me/webhooks", {
      method: "POST",
      cookie: reader.cookie,
      body: { url: `${receiver.origin}/hook`, events: ["email.received"] },
    });
    expect(hook.status).toBe(201);
    // Some 20 KB of text in many different words: values past TOAST's 2 KB threshold, which it compresses.
    const paragraphs = Array.from(
      { length: 400 },
      (_, index) => `<p>Note ${index.toString(36)}x${(index * 7919).toString(36)}: the week's reading, kept.</p>`,
    );
    const filed = await deliver(
      mail({ to: reader.unique_email, from: uniqueSender(), html: `<html><body>${paragraphs.join("\n")}</body></html>` }),
    );
    expect(filed.status).toBe(202);
    const { message_id: messageId, emails } = filed.body as { message_id: number; emails: number[] };
    // The webhook's delivery is written just after the filing commits, which does not wait for it.
    const kept = await vi.waitFor(
      async () => {
        const row = await compressionOf(messageId, emails[0]!);
        expect(row).toBeDefined();
        return row;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(kept).toEqual({ raw: "lz4", issue_html: "lz4", words: "lz4", payload: "lz4" });
  });
});
