// PostgreSQL out of reach (restarting, failing over, the network): what a caller may retry shortly.
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// SQLSTATE class 08 (connection exception), the server shutting down or starting, too many connections.
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;
const CONNECTION_MESSAGES =
  /Connection terminated( unexpectedly)?|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * Why the database could not be reached, when `error` or an error it wraps (drizzle wraps the driver's)
 * says so, else null. Only the code or the driver's fixed wording: a wrapper's message names the query
 * and its parameters, which may be a reader's address, and must not reach a log line.
 */
export function databaseUnavailable(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return code;
    const message = CONNECTION_MESSAGES.exec(current.message);
    if (message) return message[0];
  }
  return null;
}
