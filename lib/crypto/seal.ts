import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret, env, keyBytes } from "@/lib/env";

/**
 * A secret at rest (a mailbox's password, docs/contract.md 7.1; a webhook's signing secret, 7.6): AES-256-GCM
 * under ENCRYPTION_KEY, or a key derived from the auth secret with HKDF. Bound to its owner, so a sealed value copied onto another reader's row
 * does not open. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */

const VERSION = "v1";

function key(): Buffer {
  if (env.ENCRYPTION_KEY) return keyBytes(env.ENCRYPTION_KEY);
  return Buffer.from(hkdfSync("sha256", authSecret(), "paperboy", "secrets at rest", 32));
}

export function sealSecret(userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret, or null when it no longer opens (the key changed, or the value was tampered with). */
export function openSecret(userId: number, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
