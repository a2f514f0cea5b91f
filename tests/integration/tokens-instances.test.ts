import { afterAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { killRunning } from "../support/processes";
import { hasBuild, multiProcess, startWebInstance } from "./instances-support";

// Two web instances on one PostgreSQL: a token made on one works on the other, and a revoke on one is
// refused by the other on the very next request (nothing of a token is kept in a process).
useDatabase();
afterAll(killRunning);

describe.skipIf(!multiProcess || !hasBuild)("access tokens on several instances (needs DATABASE_URL and a fresh build)", () => {
  it("a token revoked on one instance is refused by another at once", async () => {
    const reader = await registerUser();
    const [first, second] = await Promise.all([startWebInstance(), startWebInstance()]);
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
