import "server-only";
import { RateLimiterPostgres, RateLimiterRes, type IRateLimiterStoreOptions } from "rate-limiter-flexible";
import { sqlClient, type SqlClient } from "@/db/client";
import { TooManyRequestsError } from "@/lib/api/errors";

// Counted in PostgreSQL (the rate_limit table, created by a migration), so alternating between app
// instances on one database gives an attacker no more attempts than one instance does.
const budgets = {
  /** Guessing one account's password from one caller (an address, or a device cookie): strict; a successful login clears the count. */
  login: { keyPrefix: "login-pair", points: 10, duration: 300 },
  /** Guessing many accounts' passwords from one caller; only failed attempts stay counted. */
  loginCaller: { keyPrefix: "login-caller", points: 100, duration: 900 },
  /** Failed attempts on one account from every caller, read to space further guesses out (never a wall). */
  loginAccountFailures: { keyPrefix: "login-account-failures", points: 1_000_000, duration: 3600 },
  /** Set by `block` for the growing delay; its own points are never consumed. */
  loginAccountDelay: { keyPrefix: "login-account-delay", points: 1, duration: 1 },
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
  /** Probing which addresses are taken, per reader: a new unique address and an extra address of a chosen name alike. */
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
export async function throttle(name: Throttle, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter(name).consume(key);
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

/** Account-wide failures allowed in an hour before further guesses from callers that failed are spaced out. */
const FREE_ACCOUNT_FAILURES = 10;
const MAX_ACCOUNT_DELAY_SECONDS = 300;

/** What a password check reports back to its throttles. */
export type PasswordGuess = { succeeded: () => Promise<void>; failed: () => Promise<void> };

/** The pair's key: the account first, so that a reset can clear every caller's count on it at once. */
const pairKey = (email: string, caller: string) => `${email} ${caller}`;

/**
 * Admits one guess of `email`'s password from `address`, or throws 429 with Retry-After. Three limits, so
 * that nobody's wrong passwords lock the owner out: the pair (caller, account) is strict; the caller is
 * limited across accounts; the account as a whole only slows guessing down, with a delay that doubles
 * per failure past FREE_ACCOUNT_FAILURES, and only for callers that already failed on it, so the owner
 * typing the right password from anywhere else is never held back. The caller is the browser when it
 * carries the account's device cookie (`device`, lib/auth/device.ts: it signed in with the password
 * before), else the address: so the owner's browser is let in beside someone who spent every try from
 * the same address (an office, a proxy), while a guesser still has only ten tries per address, or per
 * device of an account whose password it already knew.
 */
export async function admitPasswordGuess(email: string, address: string, device: string | null = null): Promise<PasswordGuess> {
  const key = pairKey(email, device === null ? address : `device:${device}`);
  const pair = await throttle("login", key);
  // A device cookie is one account's: there is nothing to spray across accounts with it.
  if (device === null) await throttle("loginCaller", address);
  const rewardCaller = () => (device === null ? limiter("loginCaller").reward(address, 1) : undefined);
  if (pair.consumedPoints > 1) {
    const delay = await limiter("loginAccountDelay").get(email);
    if (delay && delay.consumedPoints > 1) {
      // Not a guess: neither count keeps it.
      await Promise.all([limiter("login").reward(key, 1), rewardCaller()]);
      throw new TooManyRequestsError(delay.msBeforeNext / 1000);
    }
  }
  return {
    succeeded: async () => {
      await Promise.all([forgive("login", key), rewardCaller()]);
    },
    failed: async () => {
      const failures = await limiter("loginAccountFailures").consume(email);
      const beyond = failures.consumedPoints - FREE_ACCOUNT_FAILURES;
      if (beyond > 0) await limiter("loginAccountDelay").block(email, Math.min(2 ** beyond, MAX_ACCOUNT_DELAY_SECONDS));
    },
  };
}

/** A completed password reset proves the owner: every count against the account goes, whoever made it. */
export async function forgiveAccount(email: string): Promise<void> {
  await sqlClient().query({
    text: "DELETE FROM rate_limit WHERE starts_with(key, $1)",
    values: [`${budgets.login.keyPrefix}:${pairKey(email, "")}`],
  });
  await Promise.all([forgive("loginAccountFailures", email), forgive("loginAccountDelay", email)]);
}
