import { afterAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { killRunning } from "../support/processes";
import { freePort, hasBuild, multiProcess, startInstance, within } from "./instances-support";

// Two web instances on one PostgreSQL: a token made on one works on the other, and a revoke on one is
// refused by the other on the very next request (nothing of a token is kept in a process).
useDatabase();
afterAll(killRunning);

async function startWeb(): Promise<string> {
  const port = await freePort();
  // No jobs: a token needs none, and two instances starting their job runners at once on a busy machine took past the wait.
  startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, WORKER: "off" });
  const url = `http://127.0.0.1:${port}`;
  await within(60_000, async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true);
  return url;
}

describe.skipIf(!multiProcess || !hasBuild)("access tokens on several instances (needs DATABASE_URL and a fresh build)", () => {
  it("a token revoked on one instance is refused by another at once", async () => {
    const reader = await registerUser();
    const [first, second] = await Promise.all([startWeb(), startWeb()]);
    const made = await fetch(`${first}/api/users/me/tokens`, {
      method: "POST",
      headers: { cookie: reader.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Sync app", scope: "read" }),
    });
    expect(made.status).toBe(201);
    const { id, token } = (await made.json()) as { id: number; token: string };
    const me = (url: string) => fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });

    expect((await me(second)).status).toBe(200);
    expect((await me(first)).status).toBe(200);
    const revoked = await fetch(`${first}/api/users/me/tokens/${id}`, { method: "DELETE", headers: { cookie: reader.cookie } });
    expect(revoked.status).toBe(204);
    const refused = await me(second);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: "Not authenticated" });
  }, 120_000);
});
