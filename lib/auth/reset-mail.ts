import "server-only";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/outbound/service";

/** The reset link is APP_URL/reset-password?token=...: the page the reader sets the new password on. */
function resetLink(token: string): string {
  const url = new URL("/reset-password", env.APP_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

export async function sendResetLink(to: string, token: string): Promise<void> {
  const link = resetLink(token);
  await sendMail({
    to,
    subject: "Reset your Paperboy password",
    text: [
      "Someone (we hope you) asked to reset the password of your Paperboy account.",
      "",
      `Set a new password here: ${link}`,
      "",
      "The link works once and for one hour. If you did not ask for it, ignore this message: your password stays as it is.",
    ].join("\n"),
  });
}
