import { ApiError } from "@/lib/api/client";

/** SPEC.md section 8: 'Error {status}: {message}', else the message, else a generic line. */
export function feedErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Error ${error.status}: ${error.detail}`;
  if (error instanceof Error && error.message) return error.message;
  return "An unknown error occurred";
}
