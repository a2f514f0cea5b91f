import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPTIONS as healthOptions, POST as postHealth } from "@/app/api/health/route";
import { GET as getInboundEmail } from "@/app/api/inbound/email/route";
import { POST as postFeed } from "@/app/api/issues/feed/route";
import { PUT as putFolder } from "@/app/api/users/me/folders/[folderId]/route";
import { call, registerUser, useDatabase } from "../support/api";

useDatabase();

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiRoot = path.join(import.meta.dirname, "../../app/api");
const routeFiles = readdirSync(apiRoot, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.join(apiRoot, file));

describe("methods a path does not serve", () => {
  it.each(routeFiles.map((file) => [path.relative(apiRoot, path.dirname(file)), file]))(
    "/api/%s answers every method itself (never Next's empty 405)",
    async (_path, file) => {
      const handlers = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of METHODS) expect(typeof handlers[method], method).toBe("function");
    },
  );

  it("need a session first, like every other call of a private path", async () => {
    expect(await call(postFeed, "/api/issues/feed", { method: "POST", body: {} })).toMatchObject({
      status: 401,
      body: { detail: "Not authenticated" },
    });
    expect(await call(putFolder, "/api/users/me/folders/1", { method: "PUT", params: { folderId: "1" } })).toMatchObject({
      status: 401,
      body: { detail: "Not authenticated" },
    });
  });

  it("answer 405 in JSON, naming the methods the path serves in Allow", async () => {
    const reader = await registerUser();
    const feed = await call(postFeed, "/api/issues/feed", { method: "POST", body: {}, cookie: reader.cookie });
    expect(feed).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
    expect(feed.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const folder = await call(putFolder, "/api/users/me/folders/1", { method: "PUT", cookie: reader.cookie, params: { folderId: "1" } });
    expect(folder).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
    expect(folder.headers.get("allow")).toBe("DELETE, OPTIONS");
  });

  it("answer 405 without a session on the public paths", async () => {
    const inbound = await call(getInboundEmail, "/api/inbound/email");
    expect(inbound).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
    expect(inbound.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await call(postHealth, "/api/health", { method: "POST" })).toMatchObject({
      status: 405,
      body: { detail: "Method not allowed" },
    });
  });

  it("are left out of what OPTIONS says the path serves", async () => {
    const options = await call(healthOptions, "/api/health", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
