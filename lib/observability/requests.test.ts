import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError, logger } from "./log";
import { metrics } from "./metrics";
import { recordRequest, requestId, routeTemplate } from "./requests";

describe("routeTemplate", () => {
  it("names a route by its template, never by the values in its path", () => {
    expect(routeTemplate("/api/issues/42/comments", { emailId: "42" })).toBe("/api/issues/[emailId]/comments");
    expect(routeTemplate("/api/share/email/ab%40cd", { shareId: "ab@cd" })).toBe("/api/share/email/[shareId]");
    expect(routeTemplate("/api/no/such/reader@example.com", { path: ["no", "such", "reader@example.com"] })).toBe("/api/[...path]");
    expect(routeTemplate("/api/users/me", {})).toBe("/api/users/me");
  });
});

describe("requestId", () => {
  it("keeps a caller's id that looks like one and replaces anything else", () => {
    expect(requestId(new Headers({ "x-request-id": "trace-1.2:3" }))).toBe("trace-1.2:3");
    expect(requestId(new Headers({ "x-request-id": "reader@example.com" }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("describeError", () => {
  it("keeps a failed query's parameters and any address out of the record", () => {
    const error = new Error('Failed query: insert into "user" ("email") values ($1)\nparams: reader@example.com,hunter2', {
      cause: new Error("duplicate key value violates unique constraint"),
    });
    const described = describeError(error);
    expect(described.message).toBe(
      'Failed query: insert into "user" ("email") values ($1): duplicate key value violates unique constraint',
    );
    expect(JSON.stringify(described)).not.toMatch(/hunter2|reader@example\.com/);
    expect(describeError(new Error("no mailbox for reader@example.com")).message).toBe("no mailbox for [address]");
  });
});

describe("recordRequest", () => {
  afterEach(() => vi.restoreAllMocks());
  const record = (route: string, status: number) => ({ requestId: "r-1", method: "GET", route, status, durationMs: 1.23 });
  const healthCount = async (status: number) =>
    (await metrics().requests.get()).values.find((value) => value.labels.route === "/api/health" && value.labels.status === String(status))
      ?.value ?? 0;

  it("logs every request but a healthy health check, and counts them all", async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const healthyBefore = await healthCount(200);
    recordRequest(record("/api/health", 200));
    expect(info).not.toHaveBeenCalled();
    expect(await healthCount(200)).toBe(healthyBefore + 1);

    recordRequest(record("/api/health", 503));
    recordRequest(record("/api/users/me", 200));
    expect(info.mock.calls).toEqual([
      [{ request_id: "r-1", method: "GET", route: "/api/health", status: 503, duration_ms: 1.2 }, "request"],
      [{ request_id: "r-1", method: "GET", route: "/api/users/me", status: 200, duration_ms: 1.2 }, "request"],
    ]);
  });
});
