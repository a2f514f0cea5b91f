import { ApiError } from "@/lib/api/client";

/** The feed call's fallback when the server gives no message (docs/spec.md section 8). */
const FEED_FALLBACK = "Failed to fetch feed emails";

/** docs/spec.md section 8: 'Error {status}: {message}', else the message, else a generic line. */
export function feedErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Error ${error.status}: ${error.detail || FEED_FALLBACK}`;
  if (error instanceof Error && error.message) return error.message;
  return "An unknown error occurred";
}
