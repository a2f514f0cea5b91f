import "server-only";
import { hostname } from "node:os";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { env } from "@/lib/env";

/**
 * This process's counters. Each instance serves its own (scrape every instance); the queue's figures
 * are read from PostgreSQL at scrape time instead, so they are the same whichever instance answers.
 */
function createMetrics() {
  const registry = new Registry();
  // Which replica answered: behind the proxy a scrape reaches any one of them.
  registry.setDefaultLabels({ instance: env.INSTANCE_ID ?? hostname() });
  return {
    registry,
    requests: new Counter({
      name: "paperboy_http_requests_total",
      help: "HTTP requests answered, by route template, method and status",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: "paperboy_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route template",
      labelNames: ["route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    inbound: new Counter({
      name: "paperboy_inbound_messages_total",
      help: "Inbound messages, by how they arrived and what became of them",
      labelNames: ["source", "outcome"],
      registers: [registry],
    }),
    inboundStage: new Histogram({
      name: "paperboy_inbound_stage_seconds",
      help: "Time a delivery spent in each stage of filing (check, store, authenticate, pass_through, file, announce), this instance's",
      labelNames: ["stage"],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    stored: new Gauge({
      name: "paperboy_inbound_messages_stored",
      help: "Inbound messages stored (all receivers and instances), by source and filing status: received, filed or failed",
      labelNames: ["source", "status"],
      registers: [registry],
    }),
    jobs: new Gauge({
      name: "paperboy_jobs",
      help: "Jobs in the queue (all instances), by queue and state: waiting, active or failed",
      labelNames: ["queue", "state"],
      registers: [registry],
    }),
    jobDuration: new Gauge({
      name: "paperboy_job_duration_seconds",
      help: "Run time of the jobs completed in the last 5 minutes (all instances), by queue: median, 95th percentile and longest",
      labelNames: ["queue", "quantile"],
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

// On globalThis: Next may load this module more than once in one process, and the counts must be one set.
const holder = globalThis as typeof globalThis & { paperboyMetrics?: Metrics };

export function metrics(): Metrics {
  holder.paperboyMetrics ??= createMetrics();
  return holder.paperboyMetrics;
}

// What an inbound route's status means for the message (docs/contract.md section 5).
const INBOUND_OUTCOMES: Record<number, string> = {
  200: "duplicate",
  202: "stored",
  400: "unparsable",
  401: "unauthenticated",
  404: "unknown_recipient",
  413: "too_large",
};
const INBOUND_SOURCES: Record<string, string> = {
  "/api/inbound/email": "raw",
  "/api/inbound/mailgun": "mailgun",
  "/api/inbound/postmark": "postmark",
};

export function countRequest(route: string, method: string, status: number, durationMs: number): void {
  const { requests, requestDuration } = metrics();
  requests.inc({ route, method, status: String(status) });
  requestDuration.observe({ route }, durationMs / 1000);
  const source = INBOUND_SOURCES[route];
  if (source && method === "POST") countInbound(source, INBOUND_OUTCOMES[status] ?? "error");
}

/** The stages of a delivery's walk (lib/mail/service.ts), as paperboy_inbound_stage_seconds names them. */
export type InboundStage = "check" | "store" | "authenticate" | "pass_through" | "file" | "announce";

/** Runs one stage of a delivery and counts its time, whether it answers or throws. */
export async function timeStage<T>(stage: InboundStage, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    metrics().inboundStage.observe({ stage }, (performance.now() - started) / 1000);
  }
}

/** One inbound message through `source` (raw, mailgun, postmark, smtp) and its outcome. */
function countInbound(source: string, outcome: string): void {
  metrics().inbound.inc({ source, outcome });
}
