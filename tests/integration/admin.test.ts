// First: it sets the inbound secret before the environment is read.
import { deliver, mail } from "./inbound-support";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAdmin } from "@/lib/admin";
import { getBoss } from "@/lib/jobs/boss";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";

useDatabase();

// `npm run admin` (docs/contract.md 7.7): each command in-process through its main function, and the command as
// an operator runs it, a real process with one-line answers to mistakes.
async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

async function me(reader: TestUser) {
  const { GET } = await import("@/app/api/users/me/route");
  return call(GET, "/api/users/me", { cookie: reader.cookie });
}

async function login(reader: TestUser, password = reader.password) {
  const { POST } = await import("@/app/api/auth/login/route");
  return call(POST, "/api/auth/login", { method: "POST", body: { email: reader.email, password } });
}

describe("npm run admin -- users", () => {
  it("lists accounts and shows one by its e-mail, with its mail and state", async () => {
    const reader = await registerUser("Listed Reader");
    const listed = await admin("users", "list");
    expect(listed.code).toBe(0);
    expect(
      listed.out.some((line) => line.startsWith(`${reader.id}\t${reader.email}\t${reader.username}\t`) && line.includes("\tactive\t")),
    ).toBe(true);
    expect(listed.out.at(-1)).toMatch(/^\d+ users?$/);

    const shown = await admin("users", "show", reader.email.toUpperCase());
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out.join("\n"))).toMatchObject({
      id: reader.id,
      email: reader.email,
      username: reader.username,
      unique_email: reader.unique_email,
      disabled_at: null,
      emails: 0,
      sessions: 1,
    });
  });

  it("disables an account while it is signed in: its session and its sign-in get 401 Account disabled, its mail is still filed", async () => {
    const reader = await registerUser("Disabled Reader");
    expect((await me(reader)).status).toBe(200);
    const { POST: makeToken } = await import("@/app/api/users/me/tokens/route");
    const made = await call(makeToken, "/api/users/me/tokens", {
      method: "POST",
      cookie: reader.cookie,
      body: { name: "Reader app", scope: "read" },
    });
    const bearer = { authorization: `Bearer ${(made.body as { token: string }).token}` };
    const { GET: getMe } = await import("@/app/api/users/me/route");
    expect((await call(getMe, "/api/users/me", { headers: bearer })).status).toBe(200);

    const disabled = await admin("users", "disable", reader.email);
    expect(disabled).toMatchObject({ code: 0, out: [`${reader.email} disabled: sign-in and every session refused`] });
    expect(await me(reader)).toMatchObject({ status: 401, body: { detail: "Account disabled" } });
    expect(await login(reader)).toMatchObject({ status: 401, body: { detail: "Account disabled" } });
    expect(await call(getMe, "/api/users/me", { headers: bearer })).toMatchObject({ status: 401, body: { detail: "Account disabled" } });
    // Without the password nothing tells that the account exists, disabled or not.
    expect(await login(reader, "wrong-password")).toMatchObject({ status: 401, body: { detail: "Invalid email or password" } });
    const refusedLogin = await login(reader);
    expect(refusedLogin.cookie).not.toMatch(/session_token=[^;]+/);

    const filed = await deliver(mail({ to: reader.unique_email }));
    expect(filed.status).toBe(202);
    expect((filed.body as { emails: number[] }).emails).toHaveLength(1);
    expect(JSON.parse((await admin("users", "show", reader.email)).out.join("\n"))).toMatchObject({ emails: 1, sessions: 1 });

    expect(await admin("users", "enable", reader.email)).toMatchObject({ code: 0, out: [`${reader.email} enabled`] });
    expect((await me(reader)).status).toBe(200);
    const again = await login(reader);
    expect(again.status).toBe(200);
  });

  it("deletes an account with its mail and retires its address", async () => {
    const reader = await registerUser("Deleted Reader");
    await deliver(mail({ to: reader.unique_email }));
    expect(await admin("users", "delete", reader.email)).toMatchObject({
      code: 0,
      out: [`${reader.email} deleted with all their mail; their addresses are retired`],
    });
    expect((await me(reader)).status).toBe(401);
    expect(await admin("users", "show", reader.email)).toMatchObject({ code: 1, err: ["User not found"] });
    expect(await deliver(mail({ to: reader.unique_email }))).toMatchObject({ status: 404, body: { detail: "Unknown recipient" } });
  });

  it("answers an unknown account or command in one line", async () => {
    for (const command of ["show", "disable", "enable", "delete"]) {
      expect(await admin("users", command, "nobody-here@example.com")).toMatchObject({ code: 1, out: [], err: ["User not found"] });
    }
    const missing = await admin("users", "show");
    expect(missing.code).toBe(2);
    expect(missing.err).toHaveLength(1);
    expect(missing.err[0]).toMatch(/^Missing e-mail address\. Commands: users list/);
    expect((await admin("users", "promote", "x@example.com")).err[0]).toMatch(/^Unknown users command: promote\. /);
    expect((await admin()).err[0]).toMatch(/^No command given\. /);
    // A word too many is refused rather than ignored: `users disable a@x b@x` disables nobody.
    for (const args of [
      ["users", "list", "everyone"],
      ["users", "disable", "a@example.com", "b@example.com"],
      ["stats", "now"],
    ]) {
      const refused = await admin(...args);
      expect({ code: refused.code, out: refused.out }, args.join(" ")).toEqual({ code: 2, out: [] });
      expect(refused.err, args.join(" ")).toEqual([
        expect.stringMatching(new RegExp(`^Too many arguments: ${args.join(" ")}\\. Commands: users list`)),
      ]);
    }
  });
});

describe("npm run admin -- jobs and stats", () => {
  it("lists a failed job with its reason and queues it again", async () => {
    const boss = await getBoss();
    const queue = `admin-test-${process.pid}`;
    await boss.createQueue(queue, { name: queue, retryLimit: 0 });
    const id = await boss.send(queue, { what: "fails" }, { retryLimit: 0 });
    expect(id).toBeTruthy();
    const [job] = await boss.fetch(queue);
    await boss.fail(queue, job.id, { message: "The mailbox answered 535 Authentication failed" });

    const failed = await admin("jobs", "failed");
    expect(failed.code).toBe(0);
    const line = failed.out.find((entry) => entry.startsWith(`${id}\t${queue}\t`));
    expect(line).toMatch(/\t1 attempts\t\S+\tThe mailbox answered 535 Authentication failed$/);

    expect(await admin("jobs", "retry", id!)).toMatchObject({ code: 0, out: [`${id} (${queue}) queued again`] });
    expect((await admin("jobs", "failed")).out.some((entry) => entry.startsWith(`${id}\t`))).toBe(false);
    expect((await boss.fetch(queue)).map((fetched) => fetched.id)).toEqual([id]);

    expect(await admin("jobs", "retry", id!)).toMatchObject({ code: 1, err: ["Failed job not found"] });
    expect(await admin("jobs", "retry", "42")).toMatchObject({ code: 1, err: ["A job id is a UUID"] });
  });

  it("counts users, newsletters, stored mail and jobs", async () => {
    const reader = await registerUser("Counted Reader");
    await deliver(mail({ to: reader.unique_email }));
    await admin("users", "disable", reader.email);
    const stats = await admin("stats");
    expect(stats.code).toBe(0);
    const counts = JSON.parse(stats.out.join("\n")) as {
      users: { total: number; disabled: number };
      newsletters: Record<string, number>;
      jobs: Record<string, number>;
      inbound: Record<string, number>;
    };
    expect(counts.users.total).toBeGreaterThanOrEqual(1);
    expect(counts.users.disabled).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts.newsletters).sort()).toEqual(["catalog", "pending_review", "private", "public_from_mail"]);
    expect(Object.keys(counts.jobs).sort()).toEqual(["active", "failed", "waiting"]);
    expect(counts.inbound.filed).toBeGreaterThanOrEqual(1);
  });
});

describe("npm run admin -- storage without a bucket", () => {
  it("says a bucket must be configured first, and names the commands for one it does not know", async () => {
    for (const action of ["verify", "move-to-bucket"])
      expect(await admin("storage", action)).toEqual({
        code: 1,
        out: [],
        err: [
          "No bucket is configured: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the database keeps every byte meanwhile)",
        ],
      });
    const unknown = await admin("storage", "shrink");
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toMatch(/^Unknown storage command: shrink\. Commands: .*storage verify \| storage move-to-bucket/);
  });
});

describe("npm run admin as an operator runs it", () => {
  // On the embedded database the test process holds it open: the command gets a folder of its own.
  const childEnv = (): NodeJS.ProcessEnv =>
    process.env.DATABASE_URL ? { ...process.env } : { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "paperboy-admin-")) };
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/admin.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: childEnv(),
      encoding: "utf8",
      timeout: 90_000,
    });

  it("prints its answer and exits 0, and names a mistake in one line with exit 1 or 2", () => {
    const listed = run("users", "list");
    expect(listed.stderr).toBe("");
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split("\n").at(-1)).toMatch(/^\d+ users?$/);

    const unknown = run("users", "show", "nobody-here@example.com");
    expect({ status: unknown.status, stderr: unknown.stderr, stdout: unknown.stdout }).toEqual({
      status: 1,
      stderr: "User not found\n",
      stdout: "",
    });

    const wrong = run("frobnicate");
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trim().split("\n")).toHaveLength(1);
    expect(wrong.stderr).toMatch(/^Unknown command: frobnicate\. Commands: /);
  }, 120_000);
});
