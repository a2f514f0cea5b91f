import "server-only";
import { getAuth } from "./auth";

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  username: string;
  uniqueLocal: string;
  onboarded: boolean;
};

/** The signed-in user of a request, or null; a cookie whose session was ended finds nothing. */
export async function currentUser(headers: Headers): Promise<SessionUser | null> {
  if (!headers.get("cookie")?.includes("session_token")) return null;
  const session = await getAuth().api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  const { user } = session;
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    username: String(user.username ?? ""),
    uniqueLocal: String(user.uniqueLocal ?? ""),
    onboarded: Boolean(user.onboarded),
  };
}
