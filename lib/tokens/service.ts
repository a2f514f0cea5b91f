import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { ConflictError, NotFoundError } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { deleteToken, findTokenOwner, findTokens, insertToken, touchToken, type AccessTokenRow } from "./repo";
import type { CreateTokenInput, TokenScope } from "./schemas";

/** How many tokens a reader may hold: enough for every program they use, few enough to review. */
const MAX_TOKENS = 50;
const TOKEN_PREFIX = "pb_";
// A token is the prefix and 32 random bytes in base64url (43 characters): anything much longer is not one, and is not hashed.
const MAX_TOKEN_LENGTH = 200;
// last_used_at says when, to the minute: a client polling every second writes once a minute, not sixty times.
const TOUCH_EVERY_SECONDS = 60;

export type AccessTokenDto = { id: number; name: string; scope: TokenScope; created_at: string; last_used_at: string | null };
export type NewAccessTokenDto = AccessTokenDto & { token: string };
export type TokenCaller = { user: SessionUser; scope: TokenScope; disabledAt: Date | null };

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const toDto = (row: AccessTokenRow): AccessTokenDto => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listTokens(userId: number): Promise<{ items: AccessTokenDto[] }> {
  return { items: (await findTokens(userId)).map(toDto) };
}

/** A new token: the answer is the only place it is ever shown; only its SHA-256 is kept. */
export async function createToken(userId: number, input: CreateTokenInput): Promise<NewAccessTokenDto> {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await insertToken(userId, { name: input.name, scope: input.scope, tokenHash: hashOf(token) }, MAX_TOKENS);
  if (!row) throw new ConflictError(`You have ${MAX_TOKENS} access tokens already. Revoke one you no longer use first.`);
  return { ...toDto(row), token };
}

export async function revokeToken(userId: number, id: number): Promise<void> {
  if (!(await deleteToken(userId, id))) throw new NotFoundError("Access token not found");
}

/**
 * Whose token this is, what it may do, and whether its account is disabled; an unknown or revoked one is
 * nobody's. Read from the database every time. Doors ask through lib/auth's tokenCallerOf, which refuses
 * a disabled account's.
 */
export async function tokenCaller(token: string): Promise<TokenCaller | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH) return null;
  const row = await findTokenOwner(hashOf(token));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= TOUCH_EVERY_SECONDS * 1000) await touchToken(row.id, TOUCH_EVERY_SECONDS);
  return { user: row.user, scope: row.scope, disabledAt: row.disabledAt };
}
