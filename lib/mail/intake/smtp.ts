import "server-only";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { HttpError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";
import { isKnownRecipient, receiveMessage } from "@/lib/mail/service";
import { readSmtpTls, type SmtpTls } from "./smtp-tls";

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * The MX-facing receiver: unknown recipients refused at RCPT TO (550), oversize at DATA (552). With the
 * operator's certificate it offers STARTTLS (senders choose; plain text stays allowed, as MX servers do).
 */
export function createSmtpServer(maxBytes = env.MAX_MESSAGE_BYTES, tls: SmtpTls | null = readSmtpTls()): SMTPServer {
  return new SMTPServer({
    name: env.MAIL_DOMAIN,
    banner: "Paperboy inbound mail",
    size: maxBytes,
    authOptional: true,
    // Without a certificate of the operator's, smtp-server would offer STARTTLS with its own self-signed one.
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(tls ? { cert: tls.cert, key: tls.key } : {}),
    logger: false,
    // On stop (SIGTERM), sessions still open this long after it are told 421 and closed: a message
    // not yet acknowledged is sent again by its relay, one acknowledged was stored before the 250.
    closeTimeout: 20_000,
    onRcptTo(address, _session, callback) {
      isKnownRecipient(address.address).then(
        (known) => callback(known ? undefined : smtpError("No such recipient here", 550)),
        () => callback(smtpError("Temporary lookup failure, try again later", 451)),
      );
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(smtpError("Message exceeds the maximum size", 552));
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        // The connecting server is known here, so SPF is checked beside DKIM (lib/sender-auth).
        const connection = {
          ip: session.remoteAddress,
          helo: session.hostNameAppearsAs,
          sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        };
        receiveMessage(Buffer.concat(chunks), "smtp", recipients, connection).then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 400) return callback(smtpError("Message could not be parsed", 554));
            if (error instanceof HttpError && error.status === 404) return callback(smtpError("No such recipient here", 550));
            logger.error({ err: error }, "SMTP delivery could not be stored");
            callback(smtpError("Temporary failure, try again later", 451));
          },
        );
      });
    },
  });
}
