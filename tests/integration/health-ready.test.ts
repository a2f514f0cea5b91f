import { describe, expect, it } from "vitest";
import { GET as ready } from "@/app/api/health/ready/route";
import { call, useDatabase } from "../support/api";

useDatabase();

describe("GET /api/health/ready", () => {
  it("answers 200 without a session once the database answers and holds every migration", async () => {
    const result = await call(ready, "/api/health/ready");
    expect({ status: result.status, body: result.body }).toEqual({ status: 200, body: { status: "ready" } });
  });
});
