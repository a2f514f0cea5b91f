import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { countUsers, findUserSummaries, findUserSummaryByEmail, updateUserDisabled, type UserSummary } from "./admin-repo";
import { forgetSessions } from "./session";

/** An account as the admin command prints it. */
export type AdminUser = {
  id: number;
  email: string;
  name: string;
  username: string;
  unique_email: string;
  created_at: string;
  disabled_at: string | null;
  emails: number;
  subscriptions: number;
  sessions: number;
};

const LIST_LIMIT = 1000;

function toAdminUser(row: UserSummary, mailDomain: string): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    unique_email: `${row.uniqueLocal}@${mailDomain}`,
    created_at: new Date(row.createdAt).toISOString(),
    disabled_at: row.disabledAt ? new Date(row.disabledAt).toISOString() : null,
    emails: row.emails,
    subscriptions: row.subscriptions,
    sessions: row.sessions,
  };
}

export async function listUsers(mailDomain: string): Promise<AdminUser[]> {
  return (await findUserSummaries(LIST_LIMIT)).map((row) => toAdminUser(row, mailDomain));
}

export async function findUserForAdmin(address: string, mailDomain: string): Promise<AdminUser> {
  const row = await findUserSummaryByEmail(address);
  if (!row) throw new NotFoundError("User not found");
  return toAdminUser(row, mailDomain);
}

/** Disabling refuses sign-in and every session of the account at once on every instance; its mail is still filed. */
export async function setUserDisabled(address: string, disabled: boolean, mailDomain: string): Promise<AdminUser> {
  const row = await findUserSummaryByEmail(address);
  if (!row) throw new NotFoundError("User not found");
  await updateUserDisabled(row.id, disabled);
  forgetSessions(row.id);
  return findUserForAdmin(address, mailDomain);
}

export function userCounts(): Promise<{ total: number; disabled: number }> {
  return countUsers();
}
