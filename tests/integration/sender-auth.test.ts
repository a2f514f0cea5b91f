// First: it sets the inbound secret before anything reads the environment.
import { deliver, emailRow, inboundRow, mail, newsletterRow } from "./inbound-support";
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getIssue } from "@/app/api/issues/[emailId]/route";
import { GET as trendingIssues } from "@/app/api/issues/trending/route";
import { GET as getNewsletter } from "@/app/api/newsletters/[newsletterId]/route";
import { GET as recentIssues } from "@/app/api/newsletters/[newsletterId]/recent_issues/route";
import { GET as search } from "@/app/api/newsletters/search/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { signMail } from "../support/dkim";
import { seedLike } from "../support/seed";

useDatabase();

type Stored = { message_id: number; emails: number[] };
type Items = { items: { id: number; issue_id?: number }[] };

let reader: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [reader, outsider] = [await registerUser(), await registerUser()];
});

/** A catalog newsletter whose website is on `domain`, as the catalog file makes them. */
async function catalogNewsletter(domain: string): Promise<{ id: number; name: string }> {
  const { getDb } = await import("@/db/client");
  const { newsletter } = await import("@/db/schema");
  const name = `Catalog ${randomBytes(4).toString("hex")} Weekly`;
  const [row] = await getDb()
    .insert(newsletter)
    .values({ source: "catalog", catalogKey: `test-${name}`, name, websiteUrl: `https://www.${domain}/`, isPublic: true })
    .returning({ id: newsletter.id });
  return { id: row!.id, name };
}

function freshDomain(): string {
  return `brand-${randomBytes(4).toString("hex")}.example.net`;
}

function issueMail(from: string, subject = `Issue ${randomBytes(3).toString("hex")}`): string {
  return mail({ to: reader.unique_email, from, subject, date: new Date().toUTCString() });
}

async function filed(raw: string | Buffer) {
  const result = await deliver(raw);
  expect(result.status).toBe(202);
  const { message_id, emails } = result.body as Stored;
  return { inbound: await inboundRow(message_id), email: await emailRow(emails[0]!) };
}

/** What a reader who did not receive it sees of the issue and its newsletter. */
async function outsiderSees(catalog: { id: number; name: string }, issueId: number) {
  const id = String(catalog.id);
  const recent = await call(recentIssues, `/api/newsletters/${id}/recent_issues`, {
    cookie: outsider.cookie,
    params: { newsletterId: id },
  });
  const trending = await call(trendingIssues, "/api/issues/trending", { cookie: outsider.cookie });
  const page = await call(getNewsletter, `/api/newsletters/${id}`, { cookie: outsider.cookie, params: { newsletterId: id } });
  return {
    inRecent: (recent.body as Items).items.some((item) => item.issue_id === issueId),
    inTrending: (trending.body as Items).items.some((item) => item.issue_id === issueId),
    totalIssues: (page.body as { total_issues: number }).total_issues,
  };
}

/** Files one message for the reader, likes it (so trending may list it), and says what the outsider then sees. */
async function deliverAndLook(catalog: { id: number; name: string }, raw: string | Buffer) {
  const { email, inbound } = await filed(raw);
  await seedLike(reader.id, email);
  return { email, inbound, seen: await outsiderSees(catalog, email.issueId) };
}

async function privateNewsletterIsHidden(newsletterId: number, name: string) {
  const id = String(newsletterId);
  const page = await call(getNewsletter, `/api/newsletters/${id}`, { cookie: outsider.cookie, params: { newsletterId: id } });
  const recent = await call(recentIssues, `/api/newsletters/${id}/recent_issues`, {
    cookie: outsider.cookie,
    params: { newsletterId: id },
  });
  const found = await call(search, `/api/newsletters/search?q=${encodeURIComponent(name)}`, { cookie: outsider.cookie });
  expect(page.status).toBe(404);
  expect(recent.status).toBe(404);
  expect((found.body as Items).items.map((item) => item.id)).not.toContain(newsletterId);
}

describe("sender authentication on arrival", () => {
  it("files mail signed by the From domain under the catalog newsletter, verified, for every reader to see", async () => {
    const domain = freshDomain();
    const catalog = await catalogNewsletter(domain);
    const { email, inbound, seen } = await deliverAndLook(catalog, await signMail(issueMail(`${catalog.name} <news@${domain}>`)));
    expect(email).toMatchObject({ newsletterId: catalog.id, senderVerified: true, senderVerifiedDomain: domain });
    expect(inbound).toMatchObject({ authStatus: "checked", senderVerifiedDomain: domain });
    expect(inbound.authCheckedAt).toBeInstanceOf(Date);
    expect(inbound.authResults).toMatchObject({ dkim: [{ domain, result: "pass" }], dmarc: { result: "pass" } });
    expect(seen).toEqual({ inRecent: true, inTrending: true, totalIssues: 1 });
    const dto = await call(getIssue, `/api/issues/${email.id}`, { cookie: reader.cookie, params: { emailId: String(email.id) } });
    expect(dto.body).toMatchObject({ sender_verified: true, sender_verified_domain: domain });
    // The outsider reads the public issue in its shared form, verified alike.
    const shared = await call(getIssue, `/api/issues/${email.id}`, { cookie: outsider.cookie, params: { emailId: String(email.id) } });
    expect(shared.body).toMatchObject({ sender_verified: true, sender_verified_domain: domain });
  });

  it("accepts a signature of a parent domain for a subdomain sender", async () => {
    const domain = freshDomain();
    const catalog = await catalogNewsletter(domain);
    const { email, seen } = await deliverAndLook(catalog, await signMail(issueMail(`News <letters@mail.${domain}>`), { domain }));
    expect(email).toMatchObject({ newsletterId: catalog.id, senderVerified: true, senderVerifiedDomain: domain });
    expect(seen.inRecent).toBe(true);
  });

  const forgeries: [string, (from: string, domain: string) => Promise<string>][] = [
    ["no signature", async (from) => issueMail(from)],
    ["an altered body", async (from) => (await signMail(issueMail(from))).replace("Hello reader", "Sign in here, reader")],
    ["a signature by the wrong key", async (from) => signMail(issueMail(from), { key: "other" })],
    ["a signature of another domain", async (from) => signMail(issueMail(from), { domain: "attacker.example.org" })],
    ["a key record that is garbage", async (from) => signMail(issueMail(from), { key: "garbage" })],
    ["a 512-bit RSA key", async (from) => signMail(issueMail(from), { key: "weak" })],
    ["a child domain's signature", async (from, domain) => signMail(issueMail(from), { domain: `mail.${domain}` })],
  ];

  for (const [what, make] of forgeries) {
    it(`keeps mail with ${what} the reader's own: private, unverified, unseen by others`, async () => {
      const domain = freshDomain();
      const catalog = await catalogNewsletter(domain);
      const { email, inbound, seen } = await deliverAndLook(catalog, await make(`${catalog.name} <news@${domain}>`, domain));
      expect(email.senderVerified).toBe(false);
      expect(email.senderVerifiedDomain).toBeNull();
      expect(email.newsletterId).not.toBe(catalog.id);
      expect(inbound.authStatus).toBe("checked");
      expect(seen).toEqual({ inRecent: false, inTrending: false, totalIssues: 0 });
      await privateNewsletterIsHidden(email.newsletterId, catalog.name);
      // The reader still has it, under the sender's name, marked unverified.
      const own = await call(getIssue, `/api/issues/${email.id}`, { cookie: reader.cookie, params: { emailId: String(email.id) } });
      expect(own.body).toMatchObject({
        sender_verified: false,
        sender_verified_domain: null,
        newsletter_metadata: { newsletter_name: catalog.name },
      });
    });
  }

  it("never counts a 512-bit key as a pass, whatever the library says", async () => {
    const domain = freshDomain();
    const { inbound } = await filed(await signMail(issueMail(`Weak <news@${domain}>`), { key: "weak" }));
    const results = inbound.authResults as { dkim: { result: string }[] };
    expect(results.dkim[0]!.result).not.toBe("pass");
    expect(inbound.senderVerifiedDomain).toBeNull();
  });

  it("verifies a forward attached as message/rfc822 on the attached original", async () => {
    const domain = freshDomain();
    const catalog = await catalogNewsletter(domain);
    const original = await signMail(issueMail(`${catalog.name} <news@${domain}>`, "The attached original"));
    const boundary = "b-forward";
    const forward = [
      `From: Reader <reader@gmail.com>`,
      `To: ${reader.unique_email}`,
      "Subject: Fwd: The attached original",
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomBytes(6).toString("hex")}@gmail.com>`,
      "MIME-Version: 1.0",
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Have a look at this one.",
      `--${boundary}`,
      "Content-Type: message/rfc822",
      "",
      original,
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const { email, inbound, seen } = await deliverAndLook(catalog, forward);
    expect(email).toMatchObject({ isForwarded: true, senderVerified: true, senderVerifiedDomain: domain, newsletterId: catalog.id });
    expect(inbound.authResults).toMatchObject({ source: "attached" });
    expect(seen.inRecent).toBe(true);
  });

  it("never verifies a quoted forward, even one whose forwarder signed it", async () => {
    const domain = freshDomain();
    const catalog = await catalogNewsletter(domain);
    const quoted = mail({
      to: reader.unique_email,
      from: `Reader <reader@${domain}>`,
      subject: "Fwd: Quoted",
      date: new Date().toUTCString(),
      html: `<p>See below.</p><p>---------- Forwarded message ---------<br>From: ${catalog.name} &lt;news@${domain}&gt;<br>Date: Tue, 1 Mar 2022<br>Subject: Quoted<br>To: someone@example.com</p><p>Sign in at our new page.</p>`,
    });
    const { email, inbound, seen } = await deliverAndLook(catalog, await signMail(quoted));
    expect(email).toMatchObject({ isForwarded: true, senderVerified: false });
    expect(inbound.authResults).toMatchObject({ source: "quoted", dkim: [] });
    expect(seen).toEqual({ inRecent: false, inTrending: false, totalIssues: 0 });
  });

  it("authenticates the raw message of Mailgun and Postmark posts", async () => {
    const domain = freshDomain();
    const catalog = await catalogNewsletter(domain);
    const { MAILGUN_KEY, POSTMARK } = await import("./inbound-support");
    const mailgun = await signMail(issueMail(`${catalog.name} <news@${domain}>`, "By Mailgun"));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = randomBytes(25).toString("hex");
    const form = new FormData();
    const fields = {
      timestamp,
      token,
      signature: createHmac("sha256", MAILGUN_KEY)
        .update(timestamp + token)
        .digest("hex"),
      recipient: reader.unique_email,
      "body-mime": mailgun,
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const { POST: mailgunPost } = await import("@/app/api/inbound/mailgun/route");
    const byMailgun = await mailgunPost(new Request(new URL("/api/inbound/mailgun", process.env.APP_URL), { method: "POST", body: form }));
    expect(byMailgun.status).toBe(202);
    const mailgunEmail = await emailRow(((await byMailgun.json()) as Stored).emails[0]!);
    expect(mailgunEmail).toMatchObject({ newsletterId: catalog.id, senderVerified: true });

    const { POST: postmarkPost } = await import("@/app/api/inbound/postmark/route");
    const forged = issueMail(`${catalog.name} <news@${domain}>`, "By Postmark");
    const byPostmark = await postmarkPost(
      new Request(new URL("/api/inbound/postmark", process.env.APP_URL), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Basic ${Buffer.from(`${POSTMARK.user}:${POSTMARK.password}`).toString("base64")}`,
        },
        body: JSON.stringify({ RawEmail: forged, OriginalRecipient: reader.unique_email }),
      }),
    );
    expect(byPostmark.status).toBe(202);
    const postmarkEmail = await emailRow(((await byPostmark.json()) as Stored).emails[0]!);
    expect(postmarkEmail.senderVerified).toBe(false);
    expect(postmarkEmail.newsletterId).not.toBe(catalog.id);
    expect((await outsiderSees(catalog, postmarkEmail.issueId)).inRecent).toBe(false);
  });

  it("files unverified mail to two readers into each one's own newsletter", async () => {
    const other = await registerUser();
    const domain = freshDomain();
    const raw = mail({
      to: `${reader.unique_email}, ${other.unique_email}`,
      from: `Forged <news@${domain}>`,
      date: new Date().toUTCString(),
    });
    const result = await deliver(raw);
    const [first, second] = await Promise.all((result.body as Stored).emails.map((id) => emailRow(id)));
    expect(first!.newsletterId).not.toBe(second!.newsletterId);
    expect(first!.issueId).not.toBe(second!.issueId);
    expect((await newsletterRow(first!.newsletterId)).isPublic).toBe(false);
  });
});

describe("bad input", () => {
  it("files mail whose DNS server never answers, unverified, within the deadline, to be checked again", async () => {
    const { AUTH_DEADLINE_MS } = await import("@/lib/sender-auth/authenticate");
    const domain = `x.silent.${freshDomain()}`;
    const started = Date.now();
    const { email, inbound } = await filed(await signMail(issueMail(`Silent <news@${domain}>`)));
    expect(Date.now() - started).toBeLessThan(AUTH_DEADLINE_MS + 3_000);
    expect(inbound).toMatchObject({ status: "filed", authStatus: "temperror", senderVerifiedDomain: null });
    expect(email.senderVerified).toBe(false);
  });

  it("survives a 100 KB signature header and 50 signatures on one message", async () => {
    const domain = freshDomain();
    const huge = `DKIM-Signature: v=1; a=rsa-sha256; d=${domain}; s=pb; h=from; bh=${"A".repeat(44)}; b=${"B".repeat(100_000)}\r\n`;
    const many = Array.from(
      { length: 50 },
      (_, index) => `DKIM-Signature: v=1; a=rsa-sha256; d=${domain}; s=sel${index}; h=from; bh=${"A".repeat(44)}; b=${"C".repeat(344)}\r\n`,
    ).join("");
    for (const extra of [huge, many]) {
      const started = Date.now();
      const { email, inbound } = await filed(extra + issueMail(`Noisy <news@${domain}>`));
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(email.senderVerified).toBe(false);
      expect(inbound.status).toBe("filed");
    }
  });
});

describe("the re-check job", () => {
  it("takes mail filed before authentication out of public view when it does not verify, and keeps it for its reader", async () => {
    const domain = freshDomain();
    const catalog = await catalogNewsletter(domain);
    const { getDb } = await import("@/db/client");
    const { email: emailTable, inboundMessage } = await import("@/db/schema");
    const verified = await filed(await signMail(issueMail(`${catalog.name} <news@${domain}>`, "Still signed")));
    const forged = await filed(await signMail(issueMail(`${catalog.name} <news@${domain}>`, "Will be forged")));
    // As filed before the upgrade: unchecked, in the catalog newsletter, one of them no longer verifying.
    const forgedRaw = forged.inbound.raw!.toString("utf8").replace("Hello reader", "Hello victim");
    for (const row of [verified, forged]) {
      await getDb().update(inboundMessage).set({ authStatus: "pending", authResults: null }).where(eq(inboundMessage.id, row.inbound.id));
      await getDb().update(emailTable).set({ senderVerified: false, senderVerifiedDomain: null }).where(eq(emailTable.id, row.email.id));
    }
    await getDb()
      .update(inboundMessage)
      .set({ raw: Buffer.from(forgedRaw) })
      .where(eq(inboundMessage.id, forged.inbound.id));
    expect((await outsiderSees(catalog, forged.email.issueId)).inRecent).toBe(true);

    const { recheckJob } = await import("@/lib/mail/filing/auth-recheck");
    await recheckJob({});

    expect(await emailRow(verified.email.id)).toMatchObject({
      newsletterId: catalog.id,
      senderVerified: true,
      senderVerifiedDomain: domain,
    });
    const moved = await emailRow(forged.email.id);
    expect(moved.newsletterId).not.toBe(catalog.id);
    expect(moved.senderVerified).toBe(false);
    expect(await inboundRow(forged.inbound.id)).toMatchObject({ authStatus: "checked", senderVerifiedDomain: null });
    expect((await outsiderSees(catalog, moved.issueId)).inRecent).toBe(false);
    expect((await outsiderSees(catalog, forged.email.issueId)).inRecent).toBe(false);
    expect((await outsiderSees(catalog, verified.email.issueId)).inRecent).toBe(true);
    const own = await call(getIssue, `/api/issues/${moved.id}`, { cookie: reader.cookie, params: { emailId: String(moved.id) } });
    expect(own.status).toBe(200);
    await privateNewsletterIsHidden(moved.newsletterId, catalog.name);
  });
});
