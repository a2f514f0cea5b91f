import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { PUT as changePassword } from "@/app/api/users/me/password/route";
import { GET as me } from "@/app/api/users/me/route";
import { call, registerUser, uniqueEmail, useDatabase, type TestUser } from "../support/api";

useDatabase();

// Every check of a password runs scrypt, deliberately slow.
const SLOW = 120_000;
const client = () => ({ "x-forwarded-for": `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

async function signIn(email: string, password: string) {
  return call(login, "/api/auth/login", { method: "POST", body: { email, password }, headers: client() });
}

function change(reader: TestUser, body: unknown, headers = client()) {
  return call(changePassword, "/api/users/me/password", { method: "PUT", cookie: reader.cookie, body, headers });
}

async function jobs() {
  const { runDueJobs } = await import("@/lib/worker/testing");
  await runDueJobs();
}

async function resetMailsTo(address: string) {
  const { listOutbox } = await import("@/lib/outbound/outbox");
  return (await listOutbox()).filter((message) => message.to.includes(address));
}

function tokenOf(text: string): string {
  const match = /(https?:\/\/\S+\/reset-password\?token=([\w-]+))/.exec(text);
  if (!match) throw new Error(`no reset link in ${text}`);
  expect(match[1].startsWith(`${process.env.APP_URL}/reset-password?token=`)).toBe(true);
  return match[2];
}

describe("PUT /api/users/me/password", () => {
  it(
    "sets the new password and ends every other session, keeping this one",
    async () => {
      const reader = await registerUser();
      const other = await signIn(reader.email, reader.password);
      expect(other.status).toBe(200);
      expect(await change(reader, { current_password: reader.password, new_password: "brand-new-secret" })).toMatchObject({ status: 204 });
      expect((await call(me, "/api/users/me", { cookie: reader.cookie })).status).toBe(200);
      expect(await call(me, "/api/users/me", { cookie: other.cookie })).toMatchObject({ status: 401 });
      expect((await signIn(reader.email, reader.password)).status).toBe(401);
      expect((await signIn(reader.email, "brand-new-secret")).status).toBe(200);
    },
    SLOW,
  );

  it(
    "answers a wrong current password with 403 and changes nothing",
    async () => {
      const reader = await registerUser();
      expect(await change(reader, { current_password: "not-my-password", new_password: "brand-new-secret" })).toEqual(
        expect.objectContaining({ status: 403, body: { detail: "Current password is wrong" } }),
      );
      // Longer than any password may be, and still only a wrong one.
      expect(await change(reader, { current_password: "x".repeat(500), new_password: "brand-new-secret" })).toEqual(
        expect.objectContaining({ status: 403, body: { detail: "Current password is wrong" } }),
      );
      expect((await signIn(reader.email, reader.password)).status).toBe(200);
    },
    SLOW,
  );

  it.each([
    [{ current_password: "x", new_password: "12345" }, "new_password", "Password must be at least 6 characters long."],
    [{ current_password: "x" }, "new_password", "New password is required."],
    [{ new_password: "long-enough" }, "current_password", "Current password is required."],
  ])("answers %j with 422", async (body, field, message) => {
    const reader = await registerUser();
    const result = await change(reader, body);
    expect(result.status).toBe(422);
    expect(result.body).toEqual({ detail: message, errors: expect.arrayContaining([{ field, message }]) });
  });

  it("needs a session", async () => {
    const result = await call(changePassword, "/api/users/me/password", {
      method: "PUT",
      body: { current_password: "a", new_password: "bbbbbb" },
    });
    expect(result).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });

  it(
    "is throttled like login: the eleventh wrong guess from one address gets 429",
    async () => {
      const reader = await registerUser();
      const headers = client();
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await change(reader, { current_password: `guess-${attempt}`, new_password: "brand-new-secret" }, headers)).status).toBe(
          403,
        );
      }
      const refused = await change(reader, { current_password: reader.password, new_password: "brand-new-secret" }, headers);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    },
    SLOW,
  );
});

describe("POST /api/auth/password-reset and /confirm", () => {
  it(
    "mails a single-use link that sets the password and ends every session",
    async () => {
      const reader = await registerUser();
      const answer = await call(requestReset, "/api/auth/password-reset", {
        method: "POST",
        body: { email: reader.email.toUpperCase() },
        headers: client(),
      });
      expect(answer.status).toBe(202);
      await jobs();
      const mails = await resetMailsTo(reader.email);
      expect(mails).toHaveLength(1);
      const token = tokenOf(mails[0].text);
      expect(
        await call(confirmReset, "/api/auth/password-reset/confirm", {
          method: "POST",
          body: { token, password: "reset-secret" },
          headers: client(),
        }),
      ).toMatchObject({ status: 204 });
      expect((await call(me, "/api/users/me", { cookie: reader.cookie })).status).toBe(401);
      expect((await signIn(reader.email, "reset-secret")).status).toBe(200);
      const again = await call(confirmReset, "/api/auth/password-reset/confirm", {
        method: "POST",
        body: { token, password: "another-secret" },
        headers: client(),
      });
      expect(again).toMatchObject({ status: 400, body: { detail: "This reset link is invalid or has expired." } });
      expect((await signIn(reader.email, "reset-secret")).status).toBe(200);
    },
    SLOW,
  );

  it(
    "lets only one of two confirms racing with one link set the password",
    async () => {
      const reader = await registerUser();
      await call(requestReset, "/api/auth/password-reset", { method: "POST", body: { email: reader.email }, headers: client() });
      await jobs();
      const token = tokenOf((await resetMailsTo(reader.email))[0].text);
      const confirm = (password: string) =>
        call(confirmReset, "/api/auth/password-reset/confirm", { method: "POST", body: { token, password }, headers: client() });
      const answers = await Promise.all([confirm("first-racer"), confirm("second-racer")]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400]);
      const winner = answers[0].status === 204 ? "first-racer" : "second-racer";
      expect((await signIn(reader.email, winner)).status).toBe(200);
    },
    SLOW,
  );

  it("answers an address without an account exactly as one with, and mails nothing", async () => {
    const reader = await registerUser();
    const nobody = uniqueEmail("nobody");
    const known = await call(requestReset, "/api/auth/password-reset", {
      method: "POST",
      body: { email: reader.email },
      headers: client(),
    });
    const unknown = await call(requestReset, "/api/auth/password-reset", { method: "POST", body: { email: nobody }, headers: client() });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    await jobs();
    expect(await resetMailsTo(nobody)).toEqual([]);
    expect(await resetMailsTo(reader.email)).toHaveLength(1);
  });

  it("answers 202 however often an address is asked for, mailing it at most 5 links an hour", async () => {
    const reader = await registerUser();
    const nobody = uniqueEmail("nobody");
    // One caller, as a test run or a household behind one address is.
    const headers = client();
    for (const email of [reader.email, nobody]) {
      for (let attempt = 0; attempt < 7; attempt++) {
        const answer = await call(requestReset, "/api/auth/password-reset", { method: "POST", body: { email }, headers });
        expect(answer.status).toBe(202);
      }
    }
    await jobs();
    expect(await resetMailsTo(reader.email)).toHaveLength(5);
    expect(await resetMailsTo(nobody)).toEqual([]);
  });

  it("answers 202 to one caller asking for many addresses, as a test run does", async () => {
    const headers = client();
    for (let attempt = 0; attempt < 70; attempt++) {
      const answer = await call(requestReset, "/api/auth/password-reset", {
        method: "POST",
        body: { email: uniqueEmail("many") },
        headers,
      });
      expect(answer.status).toBe(202);
    }
  });

  it("refuses an expired or forged token with 400", async () => {
    const reader = await registerUser();
    await call(requestReset, "/api/auth/password-reset", { method: "POST", body: { email: reader.email }, headers: client() });
    await jobs();
    const token = tokenOf((await resetMailsTo(reader.email))[0].text);
    const { getDb } = await import("@/db/client");
    const { verification } = await import("@/db/schema");
    // An hour and a minute later.
    await getDb()
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verification.identifier, `reset-password:${token}`));
    for (const tried of [token, "forged-token-0123456789abcdef", `${token}x`, "", "t".repeat(500)]) {
      const result = await call(confirmReset, "/api/auth/password-reset/confirm", {
        method: "POST",
        body: { token: tried, password: "reset-secret" },
        headers: client(),
      });
      expect(result).toMatchObject({ status: 400, body: { detail: "This reset link is invalid or has expired." } });
    }
  });

  it("refuses a short new password with 422 before looking at the token", async () => {
    const result = await call(confirmReset, "/api/auth/password-reset/confirm", {
      method: "POST",
      body: { token: "whatever", password: "123" },
      headers: client(),
    });
    expect(result).toMatchObject({ status: 422, body: { detail: "Password must be at least 6 characters long." } });
  });

  it(
    "lets an account made with Google alone set a password",
    async () => {
      const reader = await registerUser();
      const { getDb } = await import("@/db/client");
      const { account } = await import("@/db/schema");
      // What a Google-only account looks like: no credential account.
      await getDb().delete(account).where(eq(account.userId, reader.id));
      expect((await signIn(reader.email, reader.password)).status).toBe(401);
      await call(requestReset, "/api/auth/password-reset", { method: "POST", body: { email: reader.email }, headers: client() });
      await jobs();
      const token = tokenOf((await resetMailsTo(reader.email))[0].text);
      expect(
        (
          await call(confirmReset, "/api/auth/password-reset/confirm", {
            method: "POST",
            body: { token, password: "first-password" },
            headers: client(),
          })
        ).status,
      ).toBe(204);
      expect((await signIn(reader.email, "first-password")).status).toBe(200);
    },
    SLOW,
  );
});
