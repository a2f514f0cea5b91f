import { randomBytes, scrypt } from "node:crypto";
import { promisify } from "node:util";

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

// Better Auth's format (salt:key in hex) at a cost a thousand times lower than its N=16384, r=16: the suites
// register hundreds of users, and the production cost was most of each registration.
const COST = { N: 16, r: 8, p: 1 };
const KEY_LENGTH = 64;

async function hash(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password.normalize("NFKC"), salt, KEY_LENGTH, COST)).toString("hex")}`;
}

async function verify({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = stored.split(":");
  if (!salt || !key) return false;
  return (await derive(password.normalize("NFKC"), salt, KEY_LENGTH, COST)).toString("hex") === key;
}

/** Installs the cheap hashing lib/auth/auth.ts takes under Vitest (NODE_ENV=test) instead of Better Auth's scrypt. */
export function useCheapPasswordHashing(): void {
  Object.assign(globalThis, { paperboyTestPasswordHashing: { hash, verify } });
}
