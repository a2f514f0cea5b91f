import { afterAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { killRunning } from "../support/processes";
import { seedCategory, seedEmail, seedNewsletter } from "../support/seed";
import { freePort, hasBuild, multiProcess, startInstance, within } from "./instances-support";

// The Google Reader API through `next start`: the routes' paths (the stream id in the path, with its
// slashes) are served by the production build as a reader app calls them.
useDatabase();
afterAll(killRunning);

describe.skipIf(!multiProcess || !hasBuild)("Google Reader API on the built server (needs DATABASE_URL and a fresh build)", () => {
  it("logs in with an access token and reads the reading list", async () => {
    const reader = await registerUser();
    const categoryName = `Tech & News ${Math.random().toString(36).slice(2, 8)}`;
    const newsletterId = await seedNewsletter({ name: "Built Weekly", categoryIds: [await seedCategory(categoryName)] });
    const email = await seedEmail(reader.id, { newsletterId, subject: "Served by next start" });
    const port = await freePort();
    startInstance("web", { PORT: String(port), APP_URL: `http://localhost:${port}`, WORKER: "off" });
    const url = `http://127.0.0.1:${port}`;
    await within(60_000, async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok === true);

    const made = await fetch(`${url}/api/users/me/tokens`, {
      method: "POST",
      headers: { cookie: reader.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "NetNewsWire", scope: "read" }),
    });
    const { token } = (await made.json()) as { token: string };
    const login = await fetch(`${url}/api/greader/accounts/ClientLogin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `Email=me&Passwd=${token}`,
    });
    expect(login.status).toBe(200);
    const auth = /^Auth=(.+)$/m.exec(await login.text())?.[1];
    expect(auth).toBe(token);

    const stream = await fetch(`${url}/api/greader/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=5&output=json`, {
      headers: { authorization: `GoogleLogin auth=${auth}` },
    });
    expect(stream.status).toBe(200);
    const body = (await stream.json()) as { items: { id: string; title: string; origin: { title: string } }[] };
    expect(body.items).toEqual([
      expect.objectContaining({
        id: `tag:google.com,2005:reader/item/${email.id.toString(16).padStart(16, "0")}`,
        title: "Served by next start",
        origin: expect.objectContaining({ title: "Built Weekly" }),
      }),
    ]);
    // A label's name travels encoded in the path, and arrives decoded.
    const label = await fetch(`${url}/api/greader/reader/api/0/stream/contents/user/-/label/${encodeURIComponent(categoryName)}`, {
      headers: { authorization: `GoogleLogin auth=${auth}` },
    });
    expect(((await label.json()) as { items: { title: string }[] }).items.map((item) => item.title)).toEqual(["Served by next start"]);
    expect((await fetch(`${url}/api/greader/reader/api/0/tag/list`)).status).toBe(401);
  }, 120_000);
});
