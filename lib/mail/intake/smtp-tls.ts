import "server-only";
import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";
import { env, type Env } from "@/lib/env";

export type SmtpTls = { cert: Buffer; key: Buffer };

/**
 * The operator's certificate and key for STARTTLS (SMTP_TLS_CERT, SMTP_TLS_KEY), or null for plain text
 * when neither is set. Anything else throws one line naming the variable, so the receiver stops at start
 * instead of offering a STARTTLS that would fail every sender.
 */
export function readSmtpTls(config: Pick<Env, "SMTP_TLS_CERT" | "SMTP_TLS_KEY"> = env): SmtpTls | null {
  const { SMTP_TLS_CERT: certPath, SMTP_TLS_KEY: keyPath } = config;
  if (!certPath && !keyPath) return null;
  if (!certPath || !keyPath) throw new Error("SMTP_TLS_CERT and SMTP_TLS_KEY must be set together (PEM certificate and its key)");
  const tls = { cert: readPem("SMTP_TLS_CERT", certPath), key: readPem("SMTP_TLS_KEY", keyPath) };
  try {
    createSecureContext(tls);
  } catch (error) {
    throw new Error(
      `SMTP_TLS_CERT and SMTP_TLS_KEY are not a PEM certificate and its private key: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return tls;
}

function readPem(variable: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file"
        : (error as NodeJS.ErrnoException).code === "EACCES"
          ? "permission denied"
          : (error as Error).message;
    throw new Error(`${variable} ${file} cannot be read: ${reason}`);
  }
}
