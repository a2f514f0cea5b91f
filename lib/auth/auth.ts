import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getDb, type Database } from "@/db/client";
import * as schema from "@/db/schema";
import { allowedOrigins } from "@/lib/api/origin";
import { authSecret, env } from "@/lib/env";
import { isValidGoogleIdToken } from "./google";
import { sendResetLink } from "./reset-mail";
import { assignIdentity, recordAddress } from "./repo";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./form-checks";
import { forgiveAccount } from "./throttle";

type PasswordHashing = { hash(password: string): Promise<string>; verify(data: { hash: string; password: string }): Promise<boolean> };

/**
 * Better Auth's scrypt, except under Vitest, whose setup (tests/support/setup.ts) may put a cheaper one on
 * globalThis for the hundreds of users the suites register. Next inlines NODE_ENV as "production" in the
 * build, which drops the test branch there: a built server always hashes at Better Auth's own cost.
 */
function passwordHashing(): PasswordHashing | undefined {
  if (process.env.NODE_ENV !== "test") return undefined;
  return (globalThis as typeof globalThis & { paperboyTestPasswordHashing?: PasswordHashing }).paperboyTestPasswordHashing;
}

function createAuth(db: Database) {
  const password = passwordHashing();
  return betterAuth({
    appName: "Paperboy",
    baseURL: env.APP_URL,
    // The contract owns /api/auth/*; Better Auth's own handler lives beside it.
    basePath: "/api/better-auth",
    secret: authSecret(),
    // The same origins our own routes accept writes from (lib/api/origin.ts).
    trustedOrigins: (request) => (request ? allowedOrigins(request.headers) : []),
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic, not warnings worth a log line each.
    logger: { level: "error" },
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Our routes apply their own throttles and call Better Auth's API directly.
    rateLimit: { enabled: false },
    disabledPaths: ["/sign-up/email", "/sign-in/email", "/sign-in/social"],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      ...(password && { password }),
      autoSignIn: true,
      // docs/contract.md 6.3: a reset link is valid one hour, used once, and ends every session of the user.
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => sendResetLink(user.email, token),
      // The link proves the owner: nobody's wrong passwords may keep them from the new one.
      onPasswordReset: ({ user }) => forgiveAccount(user.email),
    },
    socialProviders: {
      google: {
        clientId: env.GOOGLE_CLIENT_ID ?? "",
        clientSecret: "",
        verifyIdToken: (token) => isValidGoogleIdToken(token),
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    user: {
      additionalFields: {
        username: { type: "string", input: false, required: false },
        uniqueLocal: { type: "string", input: false, required: false },
        onboarded: { type: "boolean", input: false, required: false, defaultValue: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, ...(await assignIdentity(user.name, user.email)) } }),
          after: async (user) => {
            await recordAddress(Number(user.id), String(user.uniqueLocal));
          },
        },
      },
    },
    advanced: {
      database: { generateId: "serial" },
      cookiePrefix: "paperboy",
    },
  });
}

type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { paperboyAuth?: { auth: Auth; db: Database } };

/** Better Auth, created on first use (importing this module opens nothing) and again if the database was reopened. */
export function getAuth(): Auth {
  const db = getDb();
  if (holder.paperboyAuth?.db !== db) holder.paperboyAuth = { auth: createAuth(db), db };
  return holder.paperboyAuth.auth;
}
