import type { MailboxDto } from "@/lib/mailboxes/dto";
import { randomUUID } from "node:crypto";
import { GET as listRoute, POST as createRoute } from "@/app/api/users/me/mailboxes/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/users/me/mailboxes/[mailboxId]/route";
import { POST as syncRoute } from "@/app/api/users/me/mailboxes/[mailboxId]/sync/route";
import { call, type TestUser } from "../support/api";
import type { Dovecot, DovecotUser } from "../support/dovecot";
import { mail, uniqueSender } from "./inbound-support";

export type MailboxBody = MailboxDto;

export async function connect(reader: TestUser, body: Record<string, unknown>) {
  return call(createRoute, "/api/users/me/mailboxes", { method: "POST", cookie: reader.cookie, body });
}

export async function list(reader: TestUser) {
  return call(listRoute, "/api/users/me/mailboxes", { cookie: reader.cookie });
}

export async function patch(reader: TestUser, id: number, body: Record<string, unknown>) {
  return call(patchRoute, `/api/users/me/mailboxes/${id}`, {
    method: "PATCH",
    cookie: reader.cookie,
    body,
    params: { mailboxId: String(id) },
  });
}

export async function remove(reader: TestUser, id: number) {
  return call(deleteRoute, `/api/users/me/mailboxes/${id}`, { method: "DELETE", cookie: reader.cookie, params: { mailboxId: String(id) } });
}

export async function syncNow(reader: TestUser, id: number) {
  return call(syncRoute, `/api/users/me/mailboxes/${id}/sync`, {
    method: "POST",
    cookie: reader.cookie,
    params: { mailboxId: String(id) },
  });
}

/** A Dovecot user of their own for each test. */
export async function imapUser(dovecot: Dovecot): Promise<DovecotUser> {
  const user = { username: `reader-${randomUUID().slice(0, 8)}`, password: `secret-${randomUUID()}` };
  await dovecot.setUser(user.username, user.password);
  return user;
}

export function settingsFor(dovecot: Dovecot, user: DovecotUser, extra: Record<string, unknown> = {}) {
  return { host: dovecot.host, port: dovecot.port, tls: "none", username: user.username, password: user.password, ...extra };
}

export function newsletterMail(subject: string, options: { date?: string; messageId?: string; from?: string } = {}): string {
  return mail({
    to: "reader@imap.example",
    from: options.from ?? `Weekly Letters <${uniqueSender()}>`,
    subject,
    date: options.date ?? new Date().toUTCString(),
    messageId: options.messageId,
    extra: [`List-Unsubscribe: <https://letters.example.org/u/${randomUUID()}>`, "List-Id: <weekly.letters.example.org>"],
  });
}

export function personalMail(subject: string): string {
  return mail({ to: "reader@imap.example", from: "Aunt May <may@family.example>", subject, date: new Date().toUTCString() });
}

export async function until<T>(look: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
