import { hostname } from "node:os";
import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format";
import { describe, expect, it } from "vitest";
import { call, registerUser, useDatabase } from "../support/api";
import { deliver, mail } from "./inbound-support";

const METRICS_TOKEN = "test-metrics-token";
process.env.METRICS_TOKEN = METRICS_TOKEN;

useDatabase();

async function scrape(authorization?: string) {
  const { GET } = await import("@/app/api/metrics/route");
  return call(GET, "/api/metrics", { headers: authorization ? { authorization } : {} });
}

function sample(families: Family[], name: string, labels: Record<string, string>): number | undefined {
  const family = families.find((candidate) => candidate.name === name);
  const found = family?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return found?.value === undefined ? undefined : Number(found.value);
}

describe("GET /api/metrics", () => {
  it("answers 401 without the operator's token or with another one", async () => {
    expect(await scrape()).toMatchObject({ status: 401, body: { detail: "Invalid metrics token" } });
    expect(await scrape("Bearer not-the-token")).toMatchObject({ status: 401, body: { detail: "Invalid metrics token" } });
    expect((await scrape(`Basic ${METRICS_TOKEN}`)).status).toBe(401);
  });

  it("does not exist (404) when METRICS_TOKEN is unset", async () => {
    const { env } = await import("@/lib/env");
    env.METRICS_TOKEN = undefined;
    try {
      expect(await scrape(`Bearer ${METRICS_TOKEN}`)).toMatchObject({ status: 404, body: { detail: "Not found" } });
    } finally {
      env.METRICS_TOKEN = METRICS_TOKEN;
    }
  });

  it("counts requests by route template and status, and inbound messages by outcome, in Prometheus text", async () => {
    const reader = await registerUser();
    const before = parsePrometheusTextFormat((await scrape(`Bearer ${METRICS_TOKEN}`)).body as string);
    const { GET } = await import("@/app/api/issues/[emailId]/route");
    expect((await call(GET, "/api/issues/999999999", { cookie: reader.cookie, params: { emailId: "999999999" } })).status).toBe(404);
    expect((await deliver(mail({ to: reader.unique_email }))).status).toBe(202);
    expect((await deliver(mail({ to: "nobody-here@paperboy.localhost" }))).status).toBe(404);

    const answer = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(answer.body as string);
    const requests = { route: "/api/issues/[emailId]", method: "GET", status: "404" };
    expect(sample(families, "paperboy_http_requests_total", requests)).toBe(
      (sample(before, "paperboy_http_requests_total", requests) ?? 0) + 1,
    );
    // Each replica's figures name it (INSTANCE_ID, else the host name): behind the proxy a scrape reaches any one.
    expect(sample(families, "paperboy_http_requests_total", { ...requests, instance: hostname() })).toBeDefined();
    for (const outcome of ["stored", "unknown_recipient"]) {
      const labels = { source: "raw", outcome };
      expect(sample(families, "paperboy_inbound_messages_total", labels)).toBe(
        (sample(before, "paperboy_inbound_messages_total", labels) ?? 0) + 1,
      );
    }
    const filed = { source: "raw", status: "filed" };
    expect(sample(families, "paperboy_inbound_messages_stored", filed)).toBeGreaterThanOrEqual(
      (sample(before, "paperboy_inbound_messages_stored", filed) ?? 0) + 1,
    );
    // Neither the id asked for nor the reader's address becomes a label. Sample values are cut off
    // first: a float sum such as 0.0424783999999999 would otherwise contain the id's digits.
    const withoutValues = (answer.body as string).replace(/ \S+$/gm, "");
    expect(withoutValues).not.toContain("999999999");
    expect(withoutValues).not.toContain(reader.unique_email);
    expect(families.find((family) => family.name === "paperboy_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
  });

  it("reports the jobs waiting in the queue as PostgreSQL holds them, whichever process enqueued them", async () => {
    const { enqueueJob } = await import("@/lib/jobs/queue");
    const queue = `metrics-test-${Date.now()}`;
    await enqueueJob(queue, { n: 1 });
    await enqueueJob(queue, { n: 2 });
    const families = parsePrometheusTextFormat((await scrape(`Bearer ${METRICS_TOKEN}`)).body as string);
    expect(sample(families, "paperboy_jobs", { queue, state: "waiting" })).toBe(2);
    expect(sample(families, "paperboy_jobs", { queue, state: "active" })).toBe(0);
    expect(sample(families, "paperboy_jobs", { queue, state: "failed" })).toBe(0);
  });

  it("reports a queue with no jobs at 0 waiting, active and failed, so the series exist before anything is queued", async () => {
    const { ensureQueue, getBoss } = await import("@/lib/jobs/boss");
    const queue = `metrics-empty-${Date.now()}`;
    await ensureQueue(await getBoss(), queue);
    const families = parsePrometheusTextFormat((await scrape(`Bearer ${METRICS_TOKEN}`)).body as string);
    for (const state of ["waiting", "active", "failed"]) expect(sample(families, "paperboy_jobs", { queue, state })).toBe(0);
  });
});
