import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser, useDatabase } from "../support/api";
import { mail, uniqueSender } from "./inbound-support";

useDatabase();

// A self-signed certificate for localhost, made for this run.
const folder = mkdtempSync(path.join(tmpdir(), "paperboy-smtp-tls-"));
const certFile = path.join(folder, "cert.pem");
const keyFile = path.join(folder, "key.pem");
execFileSync(
  "openssl",
  ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=localhost"],
  { stdio: "ignore" },
);

const servers: SMTPServer[] = [];

async function listen(tls: { cert: Buffer; key: Buffer } | null): Promise<number> {
  const { createSmtpServer } = await import("@/lib/mail/intake/smtp");
  const server = createSmtpServer(50_000, tls);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.server.address() as AddressInfo).port;
}

let tlsPort = 0;
let plainPort = 0;

beforeAll(async () => {
  const { readSmtpTls } = await import("@/lib/mail/intake/smtp-tls");
  tlsPort = await listen(readSmtpTls({ SMTP_TLS_CERT: certFile, SMTP_TLS_KEY: keyFile }));
  plainPort = await listen(null);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

function sender(port: number) {
  // requireTLS: the client refuses to send anything unless STARTTLS succeeds first.
  return createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    connectionTimeout: 5000,
  });
}

describe("SMTP receiver with SMTP_TLS_CERT and SMTP_TLS_KEY", () => {
  it("offers STARTTLS with the operator's certificate and files mail sent over it", async () => {
    const reader = await registerUser();
    const subject = `Over TLS ${Date.now()}`;
    const info = await sender(tlsPort).sendMail({
      envelope: { from: "digest@sender.example", to: [reader.unique_email] },
      raw: mail({ to: reader.unique_email, from: uniqueSender(), subject }),
    });
    expect(info.accepted).toEqual([reader.unique_email]);
    const { GET } = await import("@/app/api/issues/feed/route");
    const feed = await call(GET, "/api/issues/feed", { cookie: reader.cookie });
    expect(JSON.stringify(feed.body)).toContain(subject);
  });

  it("speaks plain text as before without them: a sender that requires TLS is refused", async () => {
    await expect(
      sender(plainPort).sendMail({ envelope: { from: "a@sender.example", to: ["b@paperboy.localhost"] }, raw: "Subject: x\r\n\r\nx" }),
    ).rejects.toThrow(/STARTTLS/);
  });

  it("stops `npm run smtp` with one clear line when a file cannot be read", () => {
    const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/smtp.ts"], {
      env: { ...process.env, SMTP_TLS_CERT: path.join(folder, "missing.pem"), SMTP_TLS_KEY: keyFile },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `SMTP receiver failed: SMTP_TLS_CERT ${path.join(folder, "missing.pem")} cannot be read: no such file`,
    ]);
  });

  it("refuses a key that does not belong to the certificate, or one file without the other", async () => {
    const { readSmtpTls } = await import("@/lib/mail/intake/smtp-tls");
    const notAKey = path.join(folder, "not-a-key.pem");
    writeFileSync(notAKey, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    expect(() => readSmtpTls({ SMTP_TLS_CERT: certFile, SMTP_TLS_KEY: notAKey })).toThrow(
      /^SMTP_TLS_CERT and SMTP_TLS_KEY are not a PEM certificate and its private key/,
    );
    expect(() => readSmtpTls({ SMTP_TLS_CERT: certFile, SMTP_TLS_KEY: undefined })).toThrow(
      "SMTP_TLS_CERT and SMTP_TLS_KEY must be set together",
    );
  });
});
