import "server-only";
import { ValidationError } from "@/lib/api/errors";
import { hasPassword, requirePassword } from "@/lib/auth/password";
import { forgetSessions, type SessionUser } from "@/lib/auth/session";
import { objectStore } from "@/lib/storage/store";
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
  await deleteObjects(await eraseUser(user.id));
  forgetSessions(user.id);
}

/** An operator's erasure (`npm run admin -- users delete EMAIL`): the same as the reader's own, without their password. */
export async function eraseAccount(userId: number): Promise<void> {
  await deleteObjects(await eraseUser(userId));
  forgetSessions(userId);
}

/**
 * The bucket's objects of an erased account: each key, or every object under a key ending in `/` (an
 * upload's chunks). One left behind by a failure is named by no row: `storage verify` lists it.
 */
async function deleteObjects(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const store = await objectStore();
  for (const key of keys) {
    if (!key.endsWith("/")) await store.delete(key);
    else for await (const item of store.list(key)) await store.delete(item.key);
  }
}
