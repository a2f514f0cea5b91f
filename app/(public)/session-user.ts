import "server-only";
import { headers } from "next/headers";
import { currentUser, type SessionUser } from "@/lib/auth/session";

/** The visitor's signed-in user, read on the server so guest pages never flash the wrong state. */
export async function sessionUser(): Promise<SessionUser | null> {
  return currentUser(new Headers(await headers()));
}
