import "server-only";
import { APIError } from "better-auth/api";
import { z } from "zod";
import { callerAddress } from "@/lib/api/caller";
import { BadRequestError, ForbiddenError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { getAuth } from "./auth";
import { deleteOtherSessions } from "./repo";
import { MAX_PASSWORD_LENGTH } from "./form-checks";
import type { ChangePasswordInput, PasswordResetConfirmInput, PasswordResetInput } from "./schemas";
import { forgetSessions, type SessionUser } from "./session";
import { deviceFor } from "./device";
import { admitPasswordGuess, throttle, withinBudget } from "./throttle";

export const PASSWORD_RESET_JOB = "password-reset";
const INVALID_RESET = "This reset link is invalid or has expired.";
const MAX_TOKEN_LENGTH = 200;

async function passwordHash(userId: number): Promise<string | null> {
  const context = await getAuth().$context;
  const credential = await context.internalAdapter.findCredentialAccount(String(userId));
  return credential?.password ?? null;
}

/** Whether the account has a password (one made with Google alone has none until a reset sets it). */
export async function hasPassword(userId: number): Promise<boolean> {
  return (await passwordHash(userId)) !== null;
}

/** True when `password` is the user's; false for a wrong one; null when the account has none. */
async function checkPassword(userId: number, password: string): Promise<boolean | null> {
  const hash = await passwordHash(userId);
  if (hash === null) return null;
  // Longer than any password can be: wrong, without hashing up to a megabyte of it.
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  return (await getAuth().$context).password.verify({ hash, password });
}

/** Verifies the current password (throttled like login) before anything else happens. */
export async function requirePassword(user: SessionUser, password: string, headers: Headers, wrong: string): Promise<void> {
  // Guessing a signed-in reader's password counts against the same budgets as guessing it at login.
  const guess = await admitPasswordGuess(user.email, callerAddress(headers), deviceFor(headers, user.email));
  const matches = await checkPassword(user.id, password);
  if (matches === null) throw new BadRequestError("This account has no password yet. Use 'Forgot password?' on the login page to set one.");
  if (!matches) {
    await guess.failed();
    throw new ForbiddenError(wrong);
  }
  await guess.succeeded();
}

/** docs/contract.md 6.3: the new password is set and every other session of the user ends. */
export async function changePassword(user: SessionUser, input: ChangePasswordInput, headers: Headers): Promise<void> {
  await requirePassword(user, input.current_password, headers, "Current password is wrong");
  const context = await getAuth().$context;
  await context.internalAdapter.updatePassword(String(user.id), await context.password.hash(input.new_password));
  const current = await getAuth().api.getSession({ headers, query: { disableCookieCache: true } });
  await deleteOtherSessions(user.id, current?.session.token ?? "");
  forgetSessions(user.id);
}

/**
 * Asks for a reset link. The work (looking the address up, making the token, mailing it) is a job,
 * so the answer takes the same time whether or not the address has an account. Past a budget the
 * request is dropped, not refused: the answer stays the same 202 (docs/contract.md 6.3).
 */
export async function requestPasswordReset(input: PasswordResetInput, headers: Headers): Promise<void> {
  const forAddress = await withinBudget("passwordReset", input.email);
  const fromClient = await withinBudget("passwordResetClient", callerAddress(headers));
  if (forAddress && fromClient) await enqueueJob(PASSWORD_RESET_JOB, { email: input.email }, { retryLimit: 3 });
}

const ResetJob = z.object({ email: z.string().min(1) });

/** The job: Better Auth makes a single-use token valid one hour and hands it to `sendResetPassword` (lib/auth/auth.ts). */
export async function handlePasswordResetJob(data: unknown): Promise<void> {
  const parsed = ResetJob.safeParse(data);
  if (!parsed.success) return;
  await getAuth().api.requestPasswordReset({ body: { email: parsed.data.email } });
}

/** Sets the password of the token's user (making a Google-only account a password one) and ends all their sessions. */
export async function confirmPasswordReset(input: PasswordResetConfirmInput, headers: Headers): Promise<void> {
  await throttle("passwordResetConfirmClient", callerAddress(headers));
  // A token is 24 characters: an empty or overlong one is simply not one (400, as any unknown token).
  if (input.token.length === 0 || input.token.length > MAX_TOKEN_LENGTH) throw new BadRequestError(INVALID_RESET);
  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    // Whose sessions ended is the token's secret: this process forgets every session it kept.
    forgetSessions();
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) throw new BadRequestError(INVALID_RESET);
    throw error;
  }
}
