import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseLocation, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs on a bare machine with the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      MAIL_DOMAIN: "paperboy.localhost",
      APP_URL: "http://localhost:3000",
      DATA_DIR: ".data",
      SMTP_PORT: 2525,
      MAX_MESSAGE_BYTES: 26_214_400,
      DATABASE_POOL_SIZE: 10,
      IMAGE_CACHE_MAX_BYTES: 268_435_456,
      IMAGE_CACHE_MAX_ENTRY_BYTES: 5_242_880,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty variables, as docker compose passes them, as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", APP_URL: "", MAIL_DOMAIN: "" });
    expect(env).toMatchObject({ APP_URL: "http://localhost:3000", MAIL_DOMAIN: "paperboy.localhost" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("serves its own origin on another PORT unless APP_URL says otherwise", () => {
    expect(parseEnv({ PORT: "3400" }).APP_URL).toBe("http://localhost:3400");
    expect(parseEnv({ PORT: "3400", APP_URL: "https://read.example.com" }).APP_URL).toBe("https://read.example.com");
  });

  it("accepts PostgreSQL URLs in their usual forms", () => {
    for (const url of [
      "postgres://paperboy:p%40ss@db:5432/paperboy",
      "postgresql://root@127.0.0.1/test",
      "postgres:///paperboy?host=/var/run/postgresql",
    ]) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it.each([
    [{ DATABASE_URL: "notaurl" }, "Invalid configuration: DATABASE_URL must be a postgres:// URL"],
    [{ DATABASE_URL: "mysql://root@localhost/paperboy" }, "Invalid configuration: DATABASE_URL must be a postgres:// URL"],
    [{ APP_URL: "localhost:3000" }, "Invalid configuration: APP_URL must be an http:// or https:// URL"],
    [{ MAIL_DOMAIN: "bad domain!" }, "Invalid configuration: MAIL_DOMAIN must be a domain name, such as paperboy.example"],
    [{ MAIL_DOMAIN: "@paperboy.example" }, "Invalid configuration: MAIL_DOMAIN must be a domain name, such as paperboy.example"],
    [{ SMTP_PORT: "smtp" }, "Invalid configuration: SMTP_PORT must be a port number"],
    [{ SMTP_URL: "http://relay:25" }, "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ FETCH_ALLOW_HOSTS: "127.0.0.1" }, "Invalid configuration: FETCH_ALLOW_HOSTS must be comma-separated host:port pairs"],
    [{ FETCH_ALLOW_HOSTS: "http://intranet:80" }, "Invalid configuration: FETCH_ALLOW_HOSTS must be comma-separated host:port pairs"],
    [{ WORKER: "yes" }, "Invalid configuration: WORKER must be on or off"],
    [{ IMAGE_CACHE_MAX_ENTRY_BYTES: "5MB" }, "Invalid configuration: IMAGE_CACHE_MAX_ENTRY_BYTES must be a number of bytes"],
  ])("refuses %o in one line", (source, message) => {
    expect(() => parseEnv(source)).toThrow(new Error(message));
  });

  it.each(["1", "-2", "2.5", "ten", "1001"])("refuses DATABASE_POOL_SIZE=%s in one line", (value) => {
    expect(() => parseEnv({ DATABASE_POOL_SIZE: value })).toThrow(
      new Error("Invalid configuration: DATABASE_POOL_SIZE must be a whole number of connections from 2 to 1000"),
    );
  });

  it("sizes each process's PostgreSQL pool from DATABASE_POOL_SIZE", () => {
    expect(parseEnv({ DATABASE_POOL_SIZE: "25" }).DATABASE_POOL_SIZE).toBe(25);
    expect(parseEnv({ DATABASE_POOL_SIZE: "" }).DATABASE_POOL_SIZE).toBe(10);
  });

  it("takes outbound mail and fetch settings", () => {
    const env = parseEnv({
      SMTP_URL: "smtp://user:pass@mailpit:1025",
      MAIL_FROM: "Paperboy <noreply@read.example>",
      FETCH_ALLOW_HOSTS: "intranet:8080, [::1]:3000,127.0.0.1:4000",
    });
    expect(env).toMatchObject({
      SMTP_URL: "smtp://user:pass@mailpit:1025",
      MAIL_FROM: "Paperboy <noreply@read.example>",
      FETCH_ALLOW_HOSTS: "intranet:8080, [::1]:3000,127.0.0.1:4000",
    });
  });

  it("names every wrong variable at once", () => {
    expect(() => parseEnv({ APP_URL: "x", MAIL_DOMAIN: "a b" })).toThrow(
      "Invalid configuration: MAIL_DOMAIN must be a domain name, such as paperboy.example; APP_URL must be an http:// or https:// URL",
    );
  });
});

describe("secrets in files (*_FILE)", () => {
  const secretFile = (value: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "env-")), "secret");
    writeFileSync(file, value);
    return file;
  };

  it("reads a secret from the file its _FILE variable names, without the newline that ends the file", () => {
    const env = parseEnv({
      AUTH_SECRET_FILE: secretFile("a-secret-from-a-file-long-enough\n"),
      DATABASE_URL_FILE: secretFile("postgres://paperboy:secret@db:5432/paperboy\r\n"),
      SMTP_URL_FILE: secretFile("smtp://user:pass@relay.example:587"),
    });
    expect(env).toMatchObject({
      AUTH_SECRET: "a-secret-from-a-file-long-enough",
      DATABASE_URL: "postgres://paperboy:secret@db:5432/paperboy",
      SMTP_URL: "smtp://user:pass@relay.example:587",
    });
  });

  it("prefers the variable itself, and checks a value from a file like any other", () => {
    expect(parseEnv({ METRICS_TOKEN: "direct", METRICS_TOKEN_FILE: secretFile("from-file") }).METRICS_TOKEN).toBe("direct");
    expect(() => parseEnv({ ENCRYPTION_KEY_FILE: secretFile("short") })).toThrow(
      "Invalid configuration: ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64",
    );
  });

  it("refuses to start when a named file cannot be read", () => {
    expect(() => parseEnv({ INBOUND_SECRET_FILE: "/nonexistent/inbound" })).toThrow(
      "Invalid configuration: INBOUND_SECRET_FILE cannot be read (ENOENT: /nonexistent/inbound)",
    );
  });

  it("refuses a web instance beside workers (WORKER=off) without a shared AUTH_SECRET", () => {
    expect(() => parseEnv({ WORKER: "off" })).toThrow("AUTH_SECRET must be set (or AUTH_SECRET_FILE) when WORKER=off");
    expect(parseEnv({ WORKER: "off", AUTH_SECRET_FILE: secretFile("shared-secret-long-enough") }).AUTH_SECRET).toBe(
      "shared-secret-long-enough",
    );
  });
});

describe("databaseLocation", () => {
  it("names the PostgreSQL server and database, never the password", () => {
    expect(databaseLocation(parseEnv({ DATABASE_URL: "postgres://paperboy:secret@db:5432/paperboy" }))).toBe("db:5432/paperboy");
    expect(databaseLocation(parseEnv({ DATABASE_URL: "postgres:///paperboy?host=/var/run/postgresql" }))).toBe(
      "/var/run/postgresql/paperboy",
    );
  });

  it("names the embedded database's folder", () => {
    expect(databaseLocation(parseEnv({ DATA_DIR: "/srv/paperboy" }))).toBe(path.resolve("/srv/paperboy/pglite"));
  });

  it("takes a bucket only with all four of its variables", () => {
    const bucket = { S3_ENDPOINT: "http://127.0.0.1:8333", S3_BUCKET: "paperboy", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(parseEnv(bucket)).toMatchObject({ ...bucket, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
    expect(parseEnv({ ...bucket, S3_FORCE_PATH_STYLE: "false" }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => parseEnv({ S3_ENDPOINT: bucket.S3_ENDPOINT, S3_BUCKET: "paperboy" })).toThrow(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set beside S3_ENDPOINT, S3_BUCKET",
    );
    expect(() => parseEnv({ ...bucket, S3_BUCKET: "No_Such" })).toThrow("S3_BUCKET must be a bucket name");
  });
});
