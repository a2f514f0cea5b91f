import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConflictError, TooManyRequestsError } from "@/lib/api/errors";
import { otherMethods, route } from "./route";

// Public routes only ("none"): no session is looked up, so no database is needed.
const request = (method: string, body?: string) =>
  new Request("http://localhost:3000/api/things", { method, body, headers: { origin: "http://localhost:3000" } });

async function answer(response: Response) {
  return { status: response.status, body: response.status === 204 ? null : await response.json(), headers: response.headers };
}

describe("route", () => {
  it("answers the handler's value as JSON, with a request id", async () => {
    const handler = route({ auth: "none", body: z.object({ name: z.string() }) }, ({ body }) => ({ hello: body.name }));
    const result = await answer(await handler(request("POST", '{"name":"Ann"}')));
    expect(result).toMatchObject({ status: 200, body: { hello: "Ann" } });
    expect(result.headers.get("x-request-id")).toBeTruthy();
  });

  it("maps typed errors to {detail} with their status and headers, fields under errors", async () => {
    const conflict = route({ auth: "none" }, () => {
      throw new ConflictError("Already there.");
    });
    expect(await answer(await conflict(request("GET")))).toMatchObject({ status: 409, body: { detail: "Already there." } });
    const throttled = await answer(
      await route({ auth: "none" }, () => {
        throw new TooManyRequestsError(2.5);
      })(request("GET")),
    );
    expect(throttled).toMatchObject({ status: 429 });
    expect(throttled.headers.get("retry-after")).toBe("3");
    const invalid = route({ auth: "none", body: z.object({ name: z.string().min(1, "Enter a name.") }) }, () => ({}));
    expect(await answer(await invalid(request("POST", '{"name":""}')))).toEqual(
      expect.objectContaining({ status: 422, body: { detail: "Enter a name.", errors: [{ field: "name", message: "Enter a name." }] } }),
    );
  });

  it("answers 503 with Retry-After when the database is out of reach, and a bare 500 for anything else", async () => {
    const unreachable = route({ auth: "none" }, () => {
      throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432 for reader@example.com"), { code: "ECONNREFUSED" });
    });
    const unavailable = await answer(await unreachable(request("GET")));
    expect(unavailable).toMatchObject({ status: 503, body: { detail: expect.stringContaining("briefly unavailable") } });
    expect(unavailable.headers.get("retry-after")).toBe("5");
    const broken = route({ auth: "none" }, () => {
      throw new Error("secret internals");
    });
    expect(await answer(await broken(request("GET")))).toMatchObject({ status: 500, body: { detail: "Internal server error" } });
  });

  it("refuses a write from another origin with 403, unless the route takes any origin", async () => {
    const write = (anyOrigin: boolean) => route({ auth: "none", anyOrigin }, () => ({ ok: true }));
    const foreign = new Request("http://localhost:3000/api/things", { method: "POST", headers: { origin: "https://evil.example" } });
    expect((await write(false)(foreign.clone())).status).toBe(403);
    expect((await write(true)(foreign)).status).toBe(200);
  });
});

describe("otherMethods", () => {
  it("answers the methods a path does not serve with a JSON 405 naming what it serves, HEAD with GET", async () => {
    const handlers = otherMethods("none", "GET", "POST");
    expect(Object.keys(handlers).sort()).toEqual(["DELETE", "OPTIONS", "PATCH", "PUT"]);
    const refused = await answer(await handlers.DELETE(request("DELETE")));
    expect(refused).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
    expect(refused.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    const options = await handlers.OPTIONS(request("OPTIONS"));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("names no HEAD for a path without GET", async () => {
    const handlers = otherMethods("none", "DELETE");
    expect((await handlers.OPTIONS(request("OPTIONS"))).headers.get("allow")).toBe("DELETE, OPTIONS");
  });
});
