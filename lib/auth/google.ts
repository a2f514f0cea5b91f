import "server-only";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { env } from "@/lib/env";

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

/** A Google ID token is good when GOOGLE_JWKS_URL's keys signed it for our client and Google verified the e-mail. */
export async function isValidGoogleIdToken(token: string): Promise<boolean> {
  if (!env.GOOGLE_CLIENT_ID) return false;
  keySet ??= createRemoteJWKSet(new URL(env.GOOGLE_JWKS_URL), { timeoutDuration: 5000 });
  try {
    const { payload } = await jwtVerify(token, keySet, {
      issuer: GOOGLE_ISSUERS,
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "sub", "email"],
    });
    return payload.email_verified === true || payload.email_verified === "true";
  } catch {
    return false;
  }
}
