import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getMe } from "@/app/api/users/me/route";
import { getDb, sqlClient } from "@/db/client";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";

useDatabase();

// The session and user rows a process keeps between requests live a second at most (lib/auth/session.ts);
// these changes must show well within it, so each wait below ends long before the second would.
const AT_ONCE = { timeout: 400, interval: 10 };

const me = (user: TestUser) => call(getMe, "/api/users/me", { cookie: user.cookie });

/** Signs in twice, so that the second request has read the rows the next ones may keep. */
async function warm(user: TestUser): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await me(user)).status).toBe(200);
}

const listener = {
  text: `SELECT "pid" FROM pg_stat_activity WHERE "application_name" = $1 AND "query" LIKE 'LISTEN %'`,
  values: [`paperboy listen ${process.pid}`],
};

/** Until this process hears of changes (its first signed-in request starts listening): only then does it keep rows. */
async function listening(): Promise<void> {
  await warm(await registerUser());
  if (!process.env.DATABASE_URL) return;
  await vi.waitFor(async () => expect((await sqlClient().query(listener)).rows).toHaveLength(1), { timeout: 5_000 });
}

beforeAll(listening);

describe("sessions read between requests", () => {
  it("refuses a session ended by a write that did not go through this process's services, as another instance's", async () => {
    const user = await registerUser();
    await warm(user);
    await getDb().execute(sql`DELETE FROM "session" WHERE "user_id" = ${user.id}`);
    await expect.poll(async () => (await me(user)).status, AT_ONCE).toBe(401);
  });

  it("shows a user changed elsewhere at once", async () => {
    const user = await registerUser("Before Rename");
    await warm(user);
    await getDb().execute(sql`UPDATE "user" SET "name" = 'After Rename' WHERE "id" = ${user.id}`);
    await expect.poll(async () => ((await me(user)).body as { name: string }).name, AT_ONCE).toBe("After Rename");
  });

  it("refuses the sessions of an account deleted elsewhere", async () => {
    const user = await registerUser();
    await warm(user);
    await getDb().execute(sql`DELETE FROM "user" WHERE "id" = ${user.id}`);
    await expect.poll(async () => (await me(user)).status, AT_ONCE).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)("keeps nothing while the connection that hears of changes is lost", async () => {
    const user = await registerUser();
    await warm(user);
    for (const { pid } of (await sqlClient().query(listener)).rows)
      await sqlClient().query({ text: "SELECT pg_terminate_backend($1)", values: [pid] });
    await getDb().execute(sql`DELETE FROM "session" WHERE "user_id" = ${user.id}`);
    await expect.poll(async () => (await me(user)).status, AT_ONCE).toBe(401);
    // Listening again, it keeps rows again, and still hears of their changes.
    await listening();
    const again = await registerUser();
    await warm(again);
    await getDb().execute(sql`DELETE FROM "session" WHERE "user_id" = ${again.id}`);
    await expect.poll(async () => (await me(again)).status, AT_ONCE).toBe(401);
  });
});
