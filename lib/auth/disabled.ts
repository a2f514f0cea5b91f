import "server-only";
import { UnauthorizedError } from "@/lib/api/errors";
import { deleteSessionByToken, findDisabledAt } from "./admin-repo";

/** What a disabled account is told, at sign-in and on every request of a session it still holds (docs/contract.md 7.7). */
export const ACCOUNT_DISABLED = "Account disabled";

/**
 * After a sign-in proved the password (or Google's token): a disabled account gets no session. The one
 * Better Auth just made is ended at once, and the answer is 401 "Account disabled".
 */
export async function refuseDisabledSignIn(userId: number, sessionToken: string | null | undefined): Promise<void> {
  if (!(await findDisabledAt(userId))) return;
  if (sessionToken) await deleteSessionByToken(userId, sessionToken);
  throw new UnauthorizedError(ACCOUNT_DISABLED);
}
