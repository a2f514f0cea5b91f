// The sample issue: what `npm run mail:send` sends and what "Send me a sample issue" files. A newsletter
// by every rule of filing (a List-Unsubscribe), so it lands in the feed and its unsubscribe can be tried.
import { randomUUID } from "node:crypto";
import { DomUtils, parseDocument } from "htmlparser2";
import nodemailer from "nodemailer";

const SAMPLE_SENDER = "Paperboy Sample <hello@sample.paperboy.example>";
const SAMPLE_DOMAIN = "sample.paperboy.example";
const MAILTO_UNSUBSCRIBE = `mailto:unsubscribe@${SAMPLE_DOMAIN}?subject=Unsubscribe%20me`;

const SAMPLE_HTML =
  "<h1>It works!</h1><p>This sample issue travelled through the inbound route into your feed. " +
  "Forward any newsletter to your Paperboy address to see it here too.</p>";

export type SampleOptions = {
  to: string;
  /** An RFC 8058 one-click unsubscribe URL instead of the mailto one. */
  oneClick?: string;
  /** A body of one's own (an .html file); its <title>, when it has one, is the subject. */
  html?: string;
  now?: Date;
};

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** The sample issue to `to`, with a Message-ID of its own: a second one is a new issue, not a duplicate. */
export async function sampleIssue({ to, oneClick, html, now = new Date() }: SampleOptions): Promise<Buffer> {
  const subject = (html && htmlTitle(html)) || `Your first newsletter (${now.toISOString().slice(0, 16).replace("T", " ")})`;
  const { message } = (await composer.sendMail({
    from: SAMPLE_SENDER,
    to,
    subject,
    date: now,
    messageId: `<${randomUUID()}@${SAMPLE_DOMAIN}>`,
    html: html ?? SAMPLE_HTML,
    headers: oneClick
      ? { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : { "List-Unsubscribe": `<${MAILTO_UNSUBSCRIBE}>` },
  })) as { message: Buffer };
  return message;
}

/** The text of an HTML document's <title>, entities decoded and white space collapsed; "" without one. */
function htmlTitle(html: string): string {
  const title = DomUtils.findOne((element) => element.name === "title", parseDocument(html).children);
  return title ? DomUtils.textContent(title).replace(/\s+/g, " ").trim() : "";
}
