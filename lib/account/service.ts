import "server-only";
import { ValidationError } from "@/lib/api/errors";
import { hasPassword, requirePassword } from "@/lib/auth/password";
import { forgetSessions, type SessionUser } from "@/lib/auth/session";
import { eraseUser } from "./repo";
import { DELETE_CONFIRMATION } from "./delete-confirmation";
import type { DeleteAccountInput } from "./schemas";

/**
 * docs/contract.md 6.3: with the right password (or the typed confirmation, for an account that has none)
 * everything of the user is erased and their addresses retired; a wrong password erases nothing.
 */
export async function deleteAccount(user: SessionUser, input: DeleteAccountInput, headers: Headers): Promise<void> {
  if (await hasPassword(user.id)) {
    await requirePassword(user, input.password ?? "", headers, "Password is wrong");
  } else if (input.confirm !== DELETE_CONFIRMATION) {
    throw ValidationError.of("confirm", `Type ${DELETE_CONFIRMATION} to confirm.`);
  }
  await eraseUser(user.id);
  forgetSessions(user.id);
}

/** An operator's erasure (`npm run admin -- users delete EMAIL`): the same as the reader's own, without their password. */
export async function eraseAccount(userId: number): Promise<void> {
  await eraseUser(userId);
  forgetSessions(userId);
}
