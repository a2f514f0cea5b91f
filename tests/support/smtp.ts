import { createTransport } from "nodemailer";

/**
 * Sends one message, byte for byte, over SMTP to `host`:`port` as a sending server would (EHLO sender.example,
 * plain text, no AUTH), and resolves with the server's last reply: 250 once it queued the message, or the code
 * it refused it with (550 for an unknown recipient). Fails only when there was no SMTP conversation at all.
 */
export async function sendOverSmtp(port: number, from: string, to: string, message: string, host = "127.0.0.1"): Promise<number> {
  const transport = createTransport({ host, port, secure: false, ignoreTLS: true, name: "sender.example" });
  try {
    const sent = await transport.sendMail({ envelope: { from, to: [to] }, raw: message });
    return Number(sent.response.slice(0, 3));
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    if (code) return code;
    throw error;
  } finally {
    transport.close();
  }
}
