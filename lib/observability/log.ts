import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

// Whatever could identify a reader or act as them, wherever a caller might put it in a log record.
// The request lines name none of these; this catches a careless `logger.info({ body })` later.
const SECRET_KEYS = ["password", "token", "cookie", "authorization", "email", "address", "body", "raw", "headers", "secret"];
const REDACT = SECRET_KEYS.flatMap((key) => [key, `*.${key}`]);

/** The process's logger: JSON lines on stdout (or LOG_FD), ISO times, the level by name. */
export const logger = pino(
  {
    level: env.LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT, censor: "[redacted]" },
    serializers: { err: describeError },
  },
  env.LOG_FD === undefined ? undefined : pino.destination({ fd: env.LOG_FD }),
);

// Drizzle's failed-query error puts the query's parameters (addresses, tokens, message text) in its
// message, after this marker; what went wrong is in its cause.
const QUERY_PARAMS = /\nparams:[\s\S]*$/;
const ADDRESS = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/g;

/** An error as a log record: its type, a message without query parameters or e-mail addresses, and the stack's frames. */
export function describeError(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)) };
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  const frames = error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  return { type: error.name, message: scrub(error.message.replace(QUERY_PARAMS, "") + cause), ...(frames ? { stack: frames } : {}) };
}

/** `text` with every e-mail address masked: for a reason or message a log line repeats. */
export function scrub(text: string): string {
  return text.replace(ADDRESS, "[address]");
}
