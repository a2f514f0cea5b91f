import { ApiError } from "@/lib/api/client";

/** docs/spec.md section 8, identity-provider sign-in, with {provider} = Google. */
export const GOOGLE_SIGN_IN_TIMEOUT_MS = 30_000;

export const GoogleMessages = {
  notAvailable: "Google authentication is not available. Please try again.",
  setupFailed: "Google authentication setup failed. Please try again.",
  stillLoading: "Google authentication is still loading. Please wait.",
  noCredential: "Google authentication failed. No credential received.",
  invalidToken: "Invalid Google token. Please try again.",
  badCredentials: "Google authentication failed. Please check your credentials.",
  serverError: "Server error during authentication. Please try again later.",
  failed: "Google authentication failed. Please try again.",
  timedOut: "Google authentication timed out. Please try again.",
  noSession: "Please sign into Google in your browser first, then try again.",
  httpsRequired: "Google sign-in requires HTTPS. Please use a secure connection.",
  promptUnavailable: "Google sign-in not available. Please try again or use email/password.",
  cancelled: "Google sign-in was cancelled.",
} as const;

/** The message for the answer of POST /api/auth/google. */
export function messageForStatus(status: number): string {
  if (status === 400) return GoogleMessages.invalidToken;
  if (status === 401) return GoogleMessages.badCredentials;
  if (status >= 500) return GoogleMessages.serverError;
  return GoogleMessages.failed;
}

/** Why Google's prompt did not show, as named by the SDK's notDisplayedReason. */
export function messageForNotDisplayed(reason: string | undefined): string {
  if (reason === "opt_out_or_no_session") return GoogleMessages.noSession;
  if (reason === "secure_http_required") return GoogleMessages.httpsRequired;
  return GoogleMessages.promptUnavailable;
}

/**
 * Any failure of the sign-in call: the table's text for 400, 401 and 5xx; for another answer the
 * server's own words when it gave any (docs/spec.md section 8), else the generic text.
 */
export function messageForSignInError(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return GoogleMessages.failed;
  const { status, detail } = error;
  if (status === 400 || status === 401 || status >= 500) return messageForStatus(status);
  return detail || GoogleMessages.failed;
}
