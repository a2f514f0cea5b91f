// First: it sets the inbound secret before lib/env is read.
import { deliver, emailRow, inboundRow, mail, startSmtpReceiver, uniqueSender, type SmtpReceiver } from "./inbound-support";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as addComment } from "@/app/api/issues/[emailId]/comments/route";
import { DELETE as deleteMe, GET as me } from "@/app/api/users/me/route";
import { PUT as putUniqueEmail } from "@/app/api/users/me/unique-email/route";
import { call, registerUser, useDatabase } from "../support/api";

useDatabase();

const SLOW = 120_000;
const client = () => ({ "x-forwarded-for": `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

let receiver: SmtpReceiver;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
});

afterAll(() => receiver.close());

/** The reply code the SMTP receiver gives RCPT TO for an address. */
async function rcptCode(address: string): Promise<number> {
  const codes = await receiver.session(["EHLO sender.example", "MAIL FROM:<a@sender.example>", `RCPT TO:<${address}>`, "QUIT"]);
  return codes[3];
}

function remove(cookie: string, body: unknown) {
  return call(deleteMe, "/api/users/me", { method: "DELETE", cookie, body, headers: client() });
}

describe("DELETE /api/users/me", () => {
  it(
    "answers a wrong password with 403 and erases nothing",
    async () => {
      const reader = await registerUser();
      const delivered = await deliver(mail({ to: reader.unique_email, from: uniqueSender() }));
      expect(await remove(reader.cookie, { password: "wrong-password" })).toMatchObject({
        status: 403,
        body: { detail: "Password is wrong" },
      });
      expect(await remove(reader.cookie, { confirm: "DELETE" })).toMatchObject({ status: 403, body: { detail: "Password is wrong" } });
      expect(await remove(reader.cookie, { password: "x".repeat(500) })).toMatchObject({
        status: 403,
        body: { detail: "Password is wrong" },
      });
      expect((await call(me, "/api/users/me", { cookie: reader.cookie })).status).toBe(200);
      const [emailId] = (delivered.body as { emails: number[] }).emails;
      expect(await emailRow(emailId)).toBeDefined();
    },
    SLOW,
  );

  it(
    "erases the account and its mail, and retires its addresses for webhooks, SMTP and everyone else",
    async () => {
      const reader = await registerUser();
      const neighbour = await registerUser();
      const own = await deliver(mail({ to: reader.unique_email, from: uniqueSender() }));
      const sharedMessage = mail({ to: `${reader.unique_email}, ${neighbour.unique_email}`, from: uniqueSender() });
      const shared = await deliver(sharedMessage);
      const ownId = (own.body as { message_id: number }).message_id;
      const [ownEmail] = (own.body as { emails: number[] }).emails;
      const sharedId = (shared.body as { message_id: number }).message_id;
      expect(
        (
          await call(addComment, `/api/issues/${ownEmail}/comments`, {
            method: "POST",
            cookie: reader.cookie,
            body: { content: "Mine" },
            params: { emailId: String(ownEmail) },
          })
        ).status,
      ).toBe(201);

      expect(await remove(reader.cookie, { password: reader.password })).toMatchObject({ status: 204 });

      expect((await call(me, "/api/users/me", { cookie: reader.cookie })).status).toBe(401);
      expect(
        (
          await call(login, "/api/auth/login", {
            method: "POST",
            body: { email: reader.email, password: reader.password },
            headers: client(),
          })
        ).status,
      ).toBe(401);
      expect(await emailRow(ownEmail)).toBeUndefined();
      expect(await inboundRow(ownId)).toBeUndefined();
      // The neighbour's copy of a message both received stays theirs.
      expect(await inboundRow(sharedId)).toBeDefined();
      const { getDb } = await import("@/db/client");
      const { comment, email } = await import("@/db/schema");
      expect(await getDb().select().from(comment).where(eq(comment.userId, reader.id))).toEqual([]);
      expect(await getDb().select({ id: email.id }).from(email).where(eq(email.userId, neighbour.id))).toHaveLength(1);

      expect(await deliver(mail({ to: reader.unique_email, from: uniqueSender() }))).toEqual({
        status: 404,
        body: { detail: "Unknown recipient" },
      });
      expect(await rcptCode(reader.unique_email)).toBe(550);
      const taken = await call(putUniqueEmail, "/api/users/me/unique-email", {
        method: "PUT",
        cookie: neighbour.cookie,
        body: { unique_email: reader.unique_email },
      });
      expect(taken).toMatchObject({ status: 409, body: { detail: "This address is already taken." } });
    },
    SLOW,
  );

  it("erases an account without a password on the typed confirmation alone", async () => {
    const reader = await registerUser();
    const { getDb } = await import("@/db/client");
    const { account } = await import("@/db/schema");
    await getDb().delete(account).where(eq(account.userId, reader.id));
    expect(await remove(reader.cookie, { confirm: "delete" })).toMatchObject({ status: 422, body: { detail: "Type DELETE to confirm." } });
    expect(await remove(reader.cookie, { confirm: "DELETE" })).toMatchObject({ status: 204 });
    expect((await call(me, "/api/users/me", { cookie: reader.cookie })).status).toBe(401);
  });

  it("gives a newcomer whose name matches a retired address another one", async () => {
    const first = await registerUser("Retired Name Person");
    expect(await remove(first.cookie, { password: first.password })).toMatchObject({ status: 204 });
    const second = await registerUser("Retired Name Person");
    expect(second.unique_email).not.toBe(first.unique_email);
  });
});
