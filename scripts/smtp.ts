// `npm run smtp`: the SMTP receiver on SMTP_PORT, filing mail through the same path as the webhooks.
import "./load-env.mjs";
import { errorMessage } from "./command";
import { listenFailure, stopWithNpm } from "./lifecycle.mjs";

async function main(): Promise<void> {
  const { closeDb, openDatabase } = await import("./database");
  const { env } = await import("@/lib/env");
  const { createSmtpServer } = await import("@/lib/mail/intake/smtp");
  const { readSmtpTls } = await import("@/lib/mail/intake/smtp-tls");
  // Before the database: unreadable certificate files stop the receiver at once, in one line.
  const tls = readSmtpTls();
  await openDatabase();
  (await import("./preparing-workers")).usePreparingWorkersUnderTsx();
  const server = createSmtpServer(env.MAX_MESSAGE_BYTES, tls);
  // SIGTERM: no new connection; sessions in flight finish their message (stored before it is acknowledged),
  // those still open at 20 s get 421 (lib/mail/intake/smtp.ts), then the database closes and the process exits 0.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => void closeDb().finally(() => process.exit(0)));
  };
  server.on("error", (error: NodeJS.ErrnoException) => {
    // Failing to listen ends the receiver; an error on one connection does not.
    if (error.syscall !== "listen") return console.error("SMTP error:", error.message);
    console.error(`SMTP receiver failed: ${listenFailure(error, env.SMTP_PORT, "SMTP_PORT")}`);
    void closeDb().finally(() => process.exit(1));
  });
  const offers = tls ? " (STARTTLS offered)" : "";
  server.listen(env.SMTP_PORT, () =>
    console.log(`Paperboy SMTP receiver listening on port ${env.SMTP_PORT} for @${env.MAIL_DOMAIN}${offers}`),
  );
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  stopWithNpm(stop);
}

await main().catch((error: unknown) => {
  console.error(`SMTP receiver failed: ${errorMessage(error)}`);
  process.exit(1);
});
