import "server-only";
import { UnauthorizedError } from "@/lib/api/errors";
import { deleteSessionByToken, findDisabledAt } from "./admin-repo";

/** What a disabled account is told, at sign-in and on every request of a session it still holds (docs/contract.md 7.7). */
export const ACCOUNT_DISABLED = "Account disabled";

/**
 * The one rule every door holds the account behind a credential to, whatever the credential (a session,
 * an access token in any header, a private feed's link): a disabled account is refused at once, 401
 * "Account disabled".
 */
export function refuseDisabledAccount(disabledAt: Date | null | undefined): void {
  if (disabledAt) throw new UnauthorizedError(ACCOUNT_DISABLED);
}

/**
 * After a sign-in proved the password (or Google's token): a disabled account gets no session. The one
 * Better Auth just made is ended at once, and the answer is 401 "Account disabled".
 */
export async function refuseDisabledSignIn(userId: number, sessionToken: string | null | undefined): Promise<void> {
  const disabledAt = await findDisabledAt(userId);
  if (disabledAt && sessionToken) await deleteSessionByToken(userId, sessionToken);
  refuseDisabledAccount(disabledAt);
}
