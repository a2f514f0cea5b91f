import { describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { call, registerUser, uniqueEmail, useDatabase } from "../support/api";

// Behind a proxy the operator trusts, the address it appends to X-Forwarded-For names the caller.
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
});

useDatabase();

// Every check of a password runs scrypt, deliberately slow.
const SLOW = 120_000;
// Each run its own callers, as suites may share one database (and its throttles) under DATABASE_URL.
const run = 30 + Math.floor(Math.random() * 200);
let callers = 0;
/** A caller the proxy saw: the last X-Forwarded-For entry is its; anything before it the client wrote. */
const newCaller = () => `10.${run}.${Math.floor(callers / 250)}.${callers++ % 250}`;
const from = (caller: string, forged = "203.0.113.7") => ({ "x-forwarded-for": `${forged}, ${caller}` });

function signIn(email: string, password: string, headers: Record<string, string>) {
  return call(login, "/api/auth/login", { method: "POST", body: { email, password }, headers });
}

async function resetTokenFor(email: string): Promise<string> {
  expect(
    (await call(requestReset, "/api/auth/password-reset", { method: "POST", body: { email }, headers: from(newCaller()) })).status,
  ).toBe(202);
  const { runDueJobs } = await import("@/lib/worker/testing");
  await runDueJobs();
  const { listOutbox } = await import("@/lib/outbound/outbox");
  const mail = (await listOutbox()).find((message) => message.to.includes(email));
  const token = /reset-password\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no reset link mailed");
  return token;
}

describe("login throttling that nobody can turn against the owner", () => {
  it(
    "refuses a caller's eleventh wrong password with 429 and Retry-After, while the owner signs in from elsewhere",
    async () => {
      const owner = await registerUser();
      const attacker = newCaller();
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let attempt = 0; attempt < 13; attempt++) {
        // A different first entry each time: only the proxy's own entry names the caller.
        const result = await signIn(owner.email, `guess-${attempt}`, from(attacker, `198.51.100.${attempt}`));
        statuses.push(result.status);
        if (result.status === 429) retryAfter ??= result.headers.get("retry-after");
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(300);

      expect((await signIn(owner.email, owner.password, from(newCaller()))).status).toBe(200);
      // The owner's success does not free the attacker.
      expect((await signIn(owner.email, owner.password, from(attacker))).status).toBe(429);
    },
    SLOW,
  );

  it(
    "lets the owner's browser in from the very address that spent every try, while guesses from it stay refused",
    async () => {
      const owner = await registerUser();
      const shared = newCaller();
      // The browser the owner registered (or signed in) with carries its device cookie; a stranger's does not.
      const device = owner.cookie.split("; ").find((cookie) => cookie.startsWith("paperboy.device="))!;
      expect(device).toMatch(/^paperboy\.device=[\w-]{16}\.[\w-]{22}$/);
      for (let attempt = 0; attempt < 11; attempt++) await signIn(owner.email, `guess-${attempt}`, from(shared));
      expect((await signIn(owner.email, "guess-again", from(shared))).status).toBe(429);

      const signedIn = await signIn(owner.email, owner.password, { ...from(shared), cookie: device });
      expect(signedIn.status).toBe(200);
      // Without the cookie the same address is still refused, the right password too: brute force gains nothing.
      expect((await signIn(owner.email, owner.password, from(shared))).status).toBe(429);
      // A forged or another account's cookie is no device at all.
      expect(
        (await signIn(owner.email, owner.password, { ...from(shared), cookie: "paperboy.device=AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA" }))
          .status,
      ).toBe(429);
      const other = await registerUser();
      const otherDevice = other.cookie.split("; ").find((cookie) => cookie.startsWith("paperboy.device="))!;
      expect((await signIn(owner.email, owner.password, { ...from(shared), cookie: otherDevice })).status).toBe(429);

      // Once the device fails too, it waits out the account's delay like every caller that failed.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++)
        statuses.push((await signIn(owner.email, `device-guess-${attempt}`, { ...from(shared), cookie: device })).status);
      expect(statuses).toEqual([401, 429, 429]);
    },
    SLOW,
  );

  it(
    "slows guesses from many callers down with a growing delay, but lets the owner in from a caller without failures",
    async () => {
      const owner = await registerUser();
      const guessers = Array.from({ length: 12 }, newCaller);
      for (const caller of guessers) expect((await signIn(owner.email, "wrong-password", from(caller))).status).toBe(401);

      const again = await signIn(owner.email, "wrong-password", from(guessers[0]));
      expect(again.status).toBe(429);
      const firstDelay = Number(again.headers.get("retry-after"));
      expect(firstDelay).toBeGreaterThan(0);

      for (let index = 0; index < 3; index++) expect((await signIn(owner.email, "wrong-password", from(newCaller()))).status).toBe(401);
      const later = await signIn(owner.email, "wrong-password", from(guessers[1]));
      expect(later.status).toBe(429);
      expect(Number(later.headers.get("retry-after"))).toBeGreaterThan(firstDelay);

      expect((await signIn(owner.email, owner.password, from(newCaller()))).status).toBe(200);
    },
    SLOW,
  );

  it(
    "gives a device ten tries of its own at its account, as an address has",
    async () => {
      const owner = await registerUser();
      const device = owner.cookie.split("; ").find((cookie) => cookie.startsWith("paperboy.device="))!;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++)
        statuses.push((await signIn(owner.email, `guess-${attempt}`, { ...from(newCaller()), cookie: device })).status);
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    },
    SLOW,
  );

  it(
    "limits one caller guessing across many accounts",
    async () => {
      const sprayer = newCaller();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 101; attempt++) statuses.push((await signIn(uniqueEmail(), "wrong-password", from(sprayer))).status);
      expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
      expect(statuses[100]).toBe(429);
      // Another caller is not held back by it.
      expect((await signIn(uniqueEmail(), "wrong-password", from(newCaller()))).status).toBe(401);
    },
    SLOW,
  );

  it(
    "lets the owner in after a completed reset, even from the caller that spent every try",
    async () => {
      const owner = await registerUser();
      const shared = newCaller();
      for (let attempt = 0; attempt < 10; attempt++) await signIn(owner.email, `guess-${attempt}`, from(shared));
      for (let attempt = 0; attempt < 5; attempt++) await signIn(owner.email, "wrong-password", from(newCaller()));
      expect((await signIn(owner.email, owner.password, from(shared))).status).toBe(429);

      const token = await resetTokenFor(owner.email);
      const reset = await call(confirmReset, "/api/auth/password-reset/confirm", {
        method: "POST",
        body: { token, password: "a-new-secret" },
        headers: from(shared),
      });
      expect(reset.status).toBe(204);
      expect((await signIn(owner.email, "a-new-secret", from(shared))).status).toBe(200);
    },
    SLOW,
  );
});
