import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optional = z.string().optional();

const EnvSchema = z.object({
  DATABASE_URL: optional,
  DATA_DIR: z.string().default(".data"),
  MAIL_DOMAIN: z.string().default("paperboy.localhost"),
  APP_URL: z.url().default("http://localhost:3000"),
  AUTH_SECRET: optional,
  INBOUND_SECRET: optional,
  MAILGUN_SIGNING_KEY: optional,
  POSTMARK_INBOUND_USER: optional,
  POSTMARK_INBOUND_PASSWORD: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
  SMTP_PORT: z.coerce.number().int().positive().default(2525),
  MAX_MESSAGE_BYTES: z.coerce.number().int().positive().default(26_214_400),
});

// An empty variable (as docker compose passes an unset one) means "use the default".
const provided = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));

export const env = EnvSchema.parse(provided);

export const appOrigin = new URL(env.APP_URL).origin;

export function dataPath(...segments: string[]): string {
  const dir = path.resolve(env.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, ...segments);
}

let cachedSecret: string | undefined;

/** AUTH_SECRET, or one generated once into the data folder so sessions survive restarts. */
export function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (cachedSecret) return cachedSecret;
  const file = dataPath("auth-secret");
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  cachedSecret = readFileSync(file, "utf8").trim();
  return cachedSecret;
}
