import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { TooManyRequestsError } from "@/lib/api/errors";

// In memory: the app runs as one process (PGlite allows no other), and a restart forgiving
// a few attempts is an acceptable trade for no extra infrastructure.
const limiters = {
  /** Guessing one account's password, from one address; a successful login clears the count. */
  login: new RateLimiterMemory({ keyPrefix: "login", points: 10, duration: 300 }),
  /** Guessing one account's password from many addresses (X-Forwarded-For is the caller's to write). */
  loginAccount: new RateLimiterMemory({ keyPrefix: "login-account", points: 50, duration: 900 }),
  /**
   * Bad Google tokens from one address. A signed token cannot be guessed, so this only bounds the
   * verification work; a successful sign-in clears the count, as readers behind one address share it.
   */
  google: new RateLimiterMemory({ keyPrefix: "google", points: 30, duration: 300 }),
  /** Hammering one e-mail address at registration. */
  registerEmail: new RateLimiterMemory({ keyPrefix: "register-email", points: 5, duration: 60 }),
  /** Mass sign-ups from one address: generous, as a school, an office or a test run signs hundreds up behind one. */
  registerClient: new RateLimiterMemory({ keyPrefix: "register-client", points: 2000, duration: 600 }),
  /** Probing which unique addresses are taken. */
  uniqueEmail: new RateLimiterMemory({ keyPrefix: "unique-email", points: 30, duration: 3600 }),
};

export type Throttle = keyof typeof limiters;

/** Counts one attempt; throws 429 with Retry-After once the budget for `key` is spent. */
export async function throttle(name: Throttle, key: string): Promise<void> {
  try {
    await limiters[name].consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new TooManyRequestsError(error.msBeforeNext / 1000);
    throw error;
  }
}

/** Clears the attempts counted for `key`: a success proves the earlier failures were no attack. */
export async function forgive(name: Throttle, key: string): Promise<void> {
  await limiters[name].delete(key);
}

export function clientKey(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "local";
}
