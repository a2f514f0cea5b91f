// `npm run smtp`: the SMTP receiver on SMTP_PORT, filing mail through the same path as the webhooks.
import { closeDb, prepareDatabase } from "@/db/client";
import { env } from "@/lib/env";
import { createSmtpServer } from "@/lib/mail/smtp";

await prepareDatabase();
const server = createSmtpServer();
server.on("error", (error) => console.error("SMTP error:", error.message));
server.listen(env.SMTP_PORT, () => console.log(`Paperboy SMTP receiver listening on port ${env.SMTP_PORT} for @${env.MAIL_DOMAIN}`));

function stop(): void {
  server.close(() => void closeDb().finally(() => process.exit(0)));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
