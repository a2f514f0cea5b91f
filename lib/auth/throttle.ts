import "server-only";
import { RateLimiterPostgres, RateLimiterRes, type IRateLimiterStoreOptions } from "rate-limiter-flexible";
import { sqlClient, type SqlClient } from "@/db/client";
import { TooManyRequestsError } from "@/lib/api/errors";

// Counted in PostgreSQL (the rate_limit table, created by a migration), so alternating between app
// instances on one database gives an attacker no more attempts than one instance does.
const budgets = {
  /** Guessing one account's password, from one address; a successful login clears the count. */
  login: { keyPrefix: "login", points: 10, duration: 300 },
  /** Guessing one account's password from many addresses (X-Forwarded-For is the caller's to write). */
  loginAccount: { keyPrefix: "login-account", points: 50, duration: 900 },
  /**
   * Bad Google tokens from one address. A signed token cannot be guessed, so this only bounds the
   * verification work; a successful sign-in clears the count, as readers behind one address share it.
   */
  google: { keyPrefix: "google", points: 30, duration: 300 },
  /** Hammering one e-mail address at registration. */
  registerEmail: { keyPrefix: "register-email", points: 5, duration: 60 },
  /** Mass sign-ups from one address: generous, as a school, an office or a test run signs hundreds up behind one. */
  registerClient: { keyPrefix: "register-client", points: 2000, duration: 600 },
  /** Reset links mailed to one address: a few, so nobody can fill a stranger's inbox with them. */
  passwordReset: { keyPrefix: "password-reset", points: 5, duration: 3600 },
  /** Reset links asked for from one address: bounds the jobs a caller can queue. */
  passwordResetClient: { keyPrefix: "password-reset-client", points: 600, duration: 600 },
  /** Reset tokens tried from one address. */
  passwordResetConfirmClient: { keyPrefix: "password-reset-confirm-client", points: 60, duration: 600 },
  /** Probing which unique addresses are taken. */
  uniqueEmail: { keyPrefix: "unique-email", points: 30, duration: 3600 },
  /** "Send me a sample issue", per reader: enough to try it again, not to fill a feed with samples. */
  sampleIssue: { keyPrefix: "sample-issue", points: 10, duration: 3600 },
} satisfies Record<string, Pick<IRateLimiterStoreOptions, "keyPrefix" | "points" | "duration">>;

export type Throttle = keyof typeof budgets;

const holder = globalThis as typeof globalThis & { paperboyLimiters?: { client: SqlClient; limiters: Map<Throttle, RateLimiterPostgres> } };

/** The limiter of `name` on the open database, made again when the database was reopened (tests do). */
function limiter(name: Throttle): RateLimiterPostgres {
  const client = sqlClient();
  if (holder.paperboyLimiters?.client !== client) holder.paperboyLimiters = { client, limiters: new Map() };
  const { limiters } = holder.paperboyLimiters;
  let found = limiters.get(name);
  if (!found) {
    // storeType "pool": the store only calls `query`, which both of our drivers answer.
    found = new RateLimiterPostgres({
      ...budgets[name],
      storeClient: client,
      storeType: "pool",
      tableName: "rate_limit",
      tableCreated: true,
    });
    limiters.set(name, found);
  }
  return found;
}

/** Counts one attempt; throws 429 with Retry-After once the budget for `key` is spent. */
export async function throttle(name: Throttle, key: string): Promise<void> {
  try {
    await limiter(name).consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new TooManyRequestsError(error.msBeforeNext / 1000);
    throw error;
  }
}

/** Counts one attempt; false once the budget for `key` is spent, for a caller that must not say so. */
export async function withinBudget(name: Throttle, key: string): Promise<boolean> {
  try {
    await limiter(name).consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** Clears the attempts counted for `key`: a success proves the earlier failures were no attack. */
export async function forgive(name: Throttle, key: string): Promise<void> {
  await limiter(name).delete(key);
}

export function clientKey(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "local";
}
