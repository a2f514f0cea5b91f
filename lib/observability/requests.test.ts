import { describe, expect, it } from "vitest";
import { describeError } from "./log";
import { requestId, routeTemplate } from "./requests";

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
