import "server-only";
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { mailAddress } from "@/lib/auth/addresses";
import { env } from "@/lib/env";
import { FetchRefusedError, guardedFetch } from "@/lib/fetch/guarded-fetch";
import { sendMail } from "@/lib/outbound/service";
import { findSubscriptionTo, findUnsubscribeRoutes, findVisibleNewsletterIds, updateLeftAt, upsertSubscriptions } from "./repo";
import { describeSubscriptions, unsubscribeOptions } from "./service";
import type { UnsubscribeMethod, UnsubscribeOptions } from "./unsubscribe-header";

type UnsubscribeOutcome = "sent" | "failed" | "open_link";
type Attempt = { method: UnsubscribeMethod; outcome: UnsubscribeOutcome; url: string | null };

// Only the status of the sender's answer matters, but its page is read whole: room for a heavy one.
const ONE_CLICK_MAX_BYTES = 2 * 1024 * 1024;

/**
 * docs/contract.md 6.2: leaves the newsletter by the best way this reader's own mail offers (RFC 8058
 * one-click, then the mailto message, then the page for the reader to open). Unless it failed, the
 * subscription becomes inactive and later mail from the sender is watched for.
 */
export async function unsubscribe(reader: { id: number; uniqueLocal: string }, newsletterId: number) {
  const [visible] = await findVisibleNewsletterIds(reader.id, [newsletterId]);
  if (!visible) throw new NotFoundError("Newsletter not found");
  const [route] = await findUnsubscribeRoutes(reader.id, [newsletterId]);
  const options = unsubscribeOptions(route);
  const attempt = await tryBestMethod(reader, options);
  if (!attempt) throw ValidationError.of("newsletter_id", "This newsletter gave no way to unsubscribe.");
  let row = await findSubscriptionTo(reader.id, newsletterId);
  if (attempt.outcome !== "failed") {
    const now = new Date();
    await updateLeftAt(reader.id, newsletterId, now);
    [row] = await upsertSubscriptions(reader.id, [newsletterId], "inactive");
  }
  if (!row) throw new NotFoundError("Subscription not found");
  const [subscription] = await describeSubscriptions(reader.id, [row]);
  // After a failed one-click the reader can still finish on the sender's page, when there is one.
  const url = attempt.outcome === "failed" ? options.link : attempt.url;
  return { subscription, method: attempt.method, outcome: attempt.outcome, url };
}

export type Unsubscribed = Awaited<ReturnType<typeof unsubscribe>>;

async function tryBestMethod(reader: { uniqueLocal: string }, options: UnsubscribeOptions): Promise<Attempt | null> {
  if (options.oneClick) return { method: "one_click", outcome: (await postOneClick(options.oneClick)) ? "sent" : "failed", url: null };
  if (options.mailto) {
    const { to, subject, body } = options.mailto;
    await sendMail({ to, subject, text: body, from: mailAddress(reader.uniqueLocal, env.MAIL_DOMAIN), private: true });
    return { method: "mailto", outcome: "sent", url: null };
  }
  if (options.link) return { method: "link", outcome: "open_link", url: options.link };
  return null;
}

/** RFC 8058 section 3.2: a POST of `List-Unsubscribe=One-Click`, form-encoded, without cookies or credentials. */
async function postOneClick(url: string): Promise<boolean> {
  try {
    const response = await guardedFetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      maxBytes: ONE_CLICK_MAX_BYTES,
    });
    return response.status >= 200 && response.status < 300;
  } catch (error) {
    if (error instanceof FetchRefusedError) return false;
    throw error;
  }
}
