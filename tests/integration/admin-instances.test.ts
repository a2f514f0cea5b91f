import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail, useDatabase } from "../support/api";
import { killRunning, root } from "../support/processes";
import { hasBuild, multiProcess, startWebInstance } from "./instances-support";

// `npm run admin -- users disable` run as an operator runs it, while the reader is signed in on two web
// instances (docs/contract.md 7.7): every session of the account is refused on both at once, and so is a
// new sign-in; enabling the account lets the same sessions in again.
useDatabase();
afterAll(killRunning);

// An instance keeps a session's rows for at most a second (lib/auth/session.ts); the refusal must come
// well within it, by the database's notice, not by the rows running out.
const AT_ONCE = { timeout: 400, interval: 10 };

function admin(...args: string[]) {
  return spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/admin.ts", ...args], {
    cwd: root,
    env: { ...process.env },
    encoding: "utf8",
    timeout: 90_000,
  });
}

async function me(url: string, cookie: string): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${url}/api/users/me`, { headers: { cookie } });
  return { status: answer.status, body: await answer.json() };
}

type Reader = { email: string; password: string; cookie: string };

/** Registers through the instance, so the password is hashed as the built server hashes it (the tests' own hashing is cheaper). */
async function register(url: string): Promise<Reader> {
  const reader = { email: uniqueEmail(), password: "correct-horse" };
  const answer = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Two Instance Reader", ...reader }),
  });
  expect(answer.status).toBe(201);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { ...reader, cookie };
}

async function login(url: string, reader: Reader): Promise<{ status: number; body: unknown; cookie: string }> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: reader.email, password: reader.password }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { status: answer.status, body: await answer.json(), cookie };
}

describe.skipIf(!multiProcess || !hasBuild)(
  "an account disabled while signed in on two instances (needs DATABASE_URL and a fresh build)",
  () => {
    it("has every session and a new sign-in refused with 401 Account disabled on both at once, and back after enable", async () => {
      const instances = await Promise.all([startWebInstance(), startWebInstance()]);
      const reader = await register(instances[0]);
      // A second session, signed in through the second instance.
      const second = await login(instances[1], reader);
      expect(second.status).toBe(200);
      const sessions = [reader.cookie, second.cookie];
      // Twice each, so that every instance keeps the rows it read.
      for (let round = 0; round < 2; round++)
        for (const url of instances) for (const cookie of sessions) expect((await me(url, cookie)).status).toBe(200);

      const disabled = admin("users", "disable", reader.email);
      expect({ status: disabled.status, stdout: disabled.stdout, stderr: disabled.stderr }).toEqual({
        status: 0,
        stdout: `${reader.email} disabled: sign-in and every session refused\n`,
        stderr: "",
      });
      for (const url of instances) {
        for (const cookie of sessions)
          await expect.poll(() => me(url, cookie), AT_ONCE).toEqual({ status: 401, body: { detail: "Account disabled" } });
        expect(await login(url, reader)).toMatchObject({
          status: 401,
          body: { detail: "Account disabled" },
          cookie: expect.not.stringMatching(/session_token=[^;]/),
        });
      }

      expect(admin("users", "enable", reader.email)).toMatchObject({ status: 0, stdout: `${reader.email} enabled\n`, stderr: "" });
      for (const url of instances)
        for (const cookie of sessions) await expect.poll(async () => (await me(url, cookie)).status, AT_ONCE).toBe(200);
    }, 240_000);
  },
);
