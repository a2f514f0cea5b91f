import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optional = z.string().optional();
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i;
const POOL_SIZE = "must be a whole number of connections from 2 to 1000";

/** 32 bytes written as 64 hex digits or as base64 (either alphabet). */
export function keyBytes(value: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, "hex");
  return Buffer.from(value, /[-_]/.test(value) ? "base64url" : "base64");
}

function isKeyOf32Bytes(value: string): boolean {
  return /^[0-9a-f]{64}$/i.test(value) || (/^[A-Za-z0-9+/_-]{43}=?$/.test(value) && keyBytes(value).length === 32);
}

function envSchema(port: string | undefined) {
  return z.object({
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    // The most PostgreSQL connections one process's pool opens (an app instance's LISTEN connection is one more); at
    // least 2, so a transaction and a query beside it never wait for each other.
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: POOL_SIZE })
      .int({ error: POOL_SIZE })
      .min(2, { error: POOL_SIZE })
      .max(1000, { error: POOL_SIZE })
      .default(10),
    // Megabytes of feed answers each process keeps, each checked against the database's change stamps before it
    // is answered again (lib/issues/feed-answers.ts); 0 keeps none.
    FEED_ANSWERS_MB: z.coerce
      .number({ error: "must be a number of megabytes from 0 to 4096" })
      .int({ error: "must be a number of megabytes from 0 to 4096" })
      .min(0, { error: "must be a number of megabytes from 0 to 4096" })
      .max(4096, { error: "must be a number of megabytes from 0 to 4096" })
      .default(32),
    DATA_DIR: z.string().default(".data"),
    MAIL_DOMAIN: z.hostname({ error: "must be a domain name, such as paperboy.example" }).default("paperboy.localhost"),
    // Follows PORT, so `PORT=3400 npm start` accepts the writes of its own pages.
    APP_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).default(`http://localhost:${port ?? 3000}`),
    AUTH_SECRET: optional,
    INBOUND_SECRET: optional,
    MAILGUN_SIGNING_KEY: optional,
    POSTMARK_INBOUND_USER: optional,
    POSTMARK_INBOUND_PASSWORD: optional,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_JWKS_URL: z.url({ error: "must be a URL" }).default("https://www.googleapis.com/oauth2/v3/certs"),
    SMTP_PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65_535).default(2525),
    MAX_MESSAGE_BYTES: z.coerce.number({ error: "must be a number of bytes" }).int().positive().default(26_214_400),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: optional,
    // Comma-separated host:port pairs that outgoing requests may reach although they resolve to a private address.
    FETCH_ALLOW_HOSTS: z
      .string()
      .refine((value) => value.split(",").every((pair) => HOST_PORT.test(pair.trim())), {
        error: "must be comma-separated host:port pairs",
      })
      .optional(),
    // Only a proxy in front of every request may say which name and scheme a request was addressed to.
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    // `off` on web instances when `npm run worker` processes run the jobs beside them.
    WORKER: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    // Where the job queue keeps its tables; tests give each process its own so they never take each other's jobs.
    JOBS_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,49}$/, { error: "must be a lowercase SQL name" })
      .default("pgboss"),
    // The image proxy's cache in PostgreSQL, shared by every instance: the least recently used images go past this.
    IMAGE_CACHE_MAX_BYTES: z.coerce.number({ error: "must be a number of bytes" }).int().positive().default(268_435_456),
    // A larger image or font is served but kept only in the memory of the instance that fetched it.
    IMAGE_CACHE_MAX_ENTRY_BYTES: z.coerce.number({ error: "must be a number of bytes" }).int().positive().default(5_242_880),
    METRICS_TOKEN: optional,
    SMTP_TLS_CERT: optional,
    SMTP_TLS_KEY: optional,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    // Where the log lines go instead of stdout: `npm start` sets 3, its own stdout, past its reading of the server's.
    LOG_FD: z.coerce.number({ error: "must be a file descriptor number" }).int().min(1).optional(),
    // The largest mailbox one import may upload (docs/contract.md 6.3): 5 GiB, a large Takeout mbox.
    IMPORT_MAX_BYTES: z.coerce.number({ error: "must be a number of bytes" }).int().positive().default(5_368_709_120),
    // The key for secrets kept at rest (connected mailboxes' passwords): 32 bytes, as 64 hex digits or base64.
    // Unset: derived from AUTH_SECRET (or the generated one), so changing that makes the kept passwords unreadable.
    ENCRYPTION_KEY: z.string().refine(isKeyOf32Bytes, { error: "must be 32 bytes, as 64 hex digits or base64" }).optional(),
    // How often a connected mailbox whose server offers no IDLE is looked at again, in seconds.
    MAILBOX_POLL_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).int().min(1).max(120).default(120),
    // How often each worker looks for due digests, in seconds: one is sent within this of its hour.
    DIGEST_TICK_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).int().min(1).max(600).default(30),
    // How often each followed feed is fetched again, in minutes (lib/feeds-in).
    FEED_POLL_MINUTES: z.coerce.number({ error: "must be a number of minutes" }).int().min(1).max(1440).default(30),
    // host:port of the DNS server sender authentication asks (DKIM keys, DMARC, SPF); unset: the system's.
    DNS_RESOLVER: z.string().regex(HOST_PORT, { error: "must be host:port" }).optional(),
    // The file `npm run worker` touches every 15 s, for a container's health check; unset: none.
    WORKER_HEARTBEAT_FILE: optional,
    // This process's name in the metrics' `instance` label; unset: the host name (a container's id).
    INSTANCE_ID: optional,
    // An S3-compatible bucket for the bytes that grow with use (lib/storage); all four set, or none: the database keeps them.
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens" })
      .optional(),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_REGION: z.string().min(1).default("us-east-1"),
    // Path-style addresses (endpoint/bucket/key), which every S3-compatible store answers; false for virtual-hosted ones.
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    // An OpenAI-compatible endpoint (Ollama's http://localhost:11434/v1) that writes the summaries readers turn on; unset: none.
    AI_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    AI_MODEL: optional,
    AI_API_KEY: optional,
    // The most summaries the model writes for one reader in a UTC day; past it the extractive summary stays.
    AI_DAILY_SUMMARIES: z.coerce.number({ error: "must be a number" }).int().min(0).default(50),
  });
}

/**
 * The variables that may instead name a file holding their value (`AUTH_SECRET_FILE=/run/secrets/auth`), as
 * Docker and Kubernetes secrets are mounted: a value given directly wins.
 */
const FILE_VARIABLES = [
  "DATABASE_URL",
  "AUTH_SECRET",
  "ENCRYPTION_KEY",
  "INBOUND_SECRET",
  "MAILGUN_SIGNING_KEY",
  "POSTMARK_INBOUND_PASSWORD",
  "SMTP_URL",
  "METRICS_TOKEN",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "AI_API_KEY",
] as const;

/** `source` with each unset FILE_VARIABLES entry read from the file its `_FILE` names (its last newline dropped). */
function withFileVariables(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...source };
  const unreadable: string[] = [];
  for (const name of FILE_VARIABLES) {
    const file = source[`${name}_FILE`];
    if (source[name] || !file) continue;
    try {
      resolved[name] = readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      unreadable.push(`${name}_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}: ${file})`);
    }
  }
  if (unreadable.length > 0) throw new Error(`Invalid configuration: ${unreadable.join("; ")}`);
  return resolved;
}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export type Env = z.infer<ReturnType<typeof envSchema>>;

/** The configuration in `source`; throws one line naming every variable that is wrong, so each entry point can print it as is. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (as docker compose passes an unset one) means "use the default".
  const provided = withFileVariables(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")));
  const result = envSchema(provided.PORT).safeParse(provided);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  // Web instances beside workers share no data folder, so each would generate a secret of its own: every
  // session and signed image address made by one would be refused by the others.
  if (result.success && result.data.WORKER === "off" && !result.data.AUTH_SECRET)
    problems.push("AUTH_SECRET must be set (or AUTH_SECRET_FILE) when WORKER=off: every instance and worker must share it");
  if (result.success) {
    const bucket = S3_VARIABLES.filter((name) => result.data[name]);
    if (bucket.length > 0 && bucket.length < S3_VARIABLES.length)
      problems.push(
        `${S3_VARIABLES.filter((name) => !result.data[name]).join(", ")} must be set beside ${bucket.join(", ")}: a bucket needs all four`,
      );
  }
  if (result.success && result.data.AI_BASE_URL && !result.data.AI_MODEL) problems.push("AI_MODEL must be set when AI_BASE_URL is");
  if (result.success && problems.length === 0) return result.data;
  throw new Error(`Invalid configuration: ${problems.join("; ")}`);
}

export const env = parseEnv(process.env);

export const appOrigin = new URL(env.APP_URL).origin;

export function dataPath(...segments: string[]): string {
  const dir = path.resolve(env.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, ...segments);
}

/** Where the database is, for messages: PostgreSQL's host and database (never its password), else PGlite's folder. */
export function databaseLocation(config: Env = env): string {
  if (!config.DATABASE_URL) return path.resolve(config.DATA_DIR, "pglite");
  const url = new URL(config.DATABASE_URL);
  return `${url.host || url.searchParams.get("host") || "localhost"}${url.pathname}`;
}

const generatedSecrets = new Map<string, string>();

/**
 * The secret kept in the data folder's `name`, generated on first use: every process on this folder (the
 * server, the command-line tools) reads the same one, and it survives restarts.
 */
function generatedSecret(name: string): string {
  const file = dataPath(name);
  const cached = generatedSecrets.get(file);
  if (cached) return cached;
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const secret = readFileSync(file, "utf8").trim();
  generatedSecrets.set(file, secret);
  return secret;
}

/** AUTH_SECRET, or one generated once into the data folder so sessions survive restarts. */
export function authSecret(): string {
  return env.AUTH_SECRET ?? generatedSecret("auth-secret");
}

/** INBOUND_SECRET, or one generated once into the data folder, where `npm run mail:send` finds it too. */
export function inboundSecret(): string {
  return env.INBOUND_SECRET ?? generatedSecret("inbound-secret");
}
