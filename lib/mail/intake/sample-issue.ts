import "server-only";
import { mailAddress } from "@/lib/auth/addresses";
import { throttle } from "@/lib/auth/throttle";
import { env } from "@/lib/env";
import { sampleIssue } from "./sample";
import { receiveMessage, type InboundResult } from "@/lib/mail/service";

/**
 * "Send me a sample issue": the sample of `npm run mail:send`, to the reader's unique address, stored
 * and filed through the ordinary inbound path (source "sample"), so it shows in their delivery log too.
 */
export async function sendSampleIssue(user: { id: number; uniqueLocal: string }): Promise<InboundResult["body"]> {
  await throttle("sampleIssue", String(user.id));
  const to = mailAddress(user.uniqueLocal, env.MAIL_DOMAIN);
  const { body } = await receiveMessage(await sampleIssue({ to }), "sample", [to]);
  return body;
}
