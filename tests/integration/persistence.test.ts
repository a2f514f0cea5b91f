import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/users/me/route";
import { closeDb, prepareDatabase } from "@/db/client";
import { call, registerUser, useDatabase } from "../support/api";

useDatabase();

describe("a restart", () => {
  it("keeps accounts and sessions once the database is closed and opened again", async () => {
    const user = await registerUser("Persistent Reader");
    await closeDb();
    await prepareDatabase();
    expect(await call(me, "/api/users/me", { cookie: user.cookie })).toMatchObject({ status: 200, body: { email: user.email } });
    const again = await call(login, "/api/auth/login", { method: "POST", body: { email: user.email, password: user.password } });
    expect(again.status).toBe(200);
  });
});
