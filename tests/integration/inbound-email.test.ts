import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { call, registerUser, useDatabase } from "../support/api";
import { signMail } from "../support/dkim";
import { INBOUND_SECRET, deliver, emailRow, inboundRow, mail, newsletterRow, uniqueSender } from "./inbound-support";

useDatabase();

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../fixtures/mail", name), "utf8");
type Stored = { message_id: number; emails: number[] };

describe("POST /api/inbound/email", () => {
  it("stores a message for its recipient and answers 202 with the ids", async () => {
    const reader = await registerUser("Ada Reader");
    const result = await deliver(mail({ to: reader.unique_email, from: `Digest <${uniqueSender()}>` }));
    expect(result.status).toBe(202);
    const body = result.body as Stored;
    expect(body).toEqual({ message_id: expect.any(Number), emails: [expect.any(Number)] });
    const row = await emailRow(body.emails[0]);
    expect(row).toMatchObject({ userId: reader.id, subject: "This week in digests", kind: "issue", isForwarded: false });
    expect(row.dateReceived.toISOString()).toBe("2022-03-01T10:00:00.000Z");
    expect((await inboundRow(body.message_id)).status).toBe("filed");
  });

  it("answers 200 with the same ids when the same Message-ID comes again", async () => {
    const reader = await registerUser();
    const message = mail({ to: reader.unique_email, from: uniqueSender() });
    const first = await deliver(message);
    const second = await deliver(message);
    expect(first.status).toBe(202);
    expect(second).toEqual({ status: 200, body: first.body });
  });

  it("stores one copy when the same message arrives twice at once", async () => {
    const reader = await registerUser();
    const message = mail({ to: reader.unique_email, from: uniqueSender() });
    const results = await Promise.all([deliver(message), deliver(message), deliver(message)]);
    const ids = results.map((result) => (result.body as Stored).emails);
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 202]);
    expect(new Set(ids.flat()).size).toBe(1);
  });

  it("treats a message without Message-ID as a duplicate only when its bytes are the same", async () => {
    const reader = await registerUser();
    const sender = uniqueSender();
    const first = await deliver(mail({ to: reader.unique_email, from: sender, messageId: null }));
    const again = await deliver(mail({ to: reader.unique_email, from: sender, messageId: null }));
    const other = await deliver(mail({ to: reader.unique_email, from: sender, messageId: null, subject: "Another one" }));
    expect([first.status, again.status, other.status]).toEqual([202, 200, 202]);
  });

  it("refuses a missing or wrong secret with 401", async () => {
    const reader = await registerUser();
    const message = mail({ to: reader.unique_email });
    expect((await deliver(message, { authorization: "" })).status).toBe(401);
    expect(await deliver(message, { authorization: "Bearer wrong" })).toEqual({ status: 401, body: { detail: "Invalid credentials" } });
  });

  it("with INBOUND_SECRET unset, accepts the secret generated into DATA_DIR and nothing else; once set, only INBOUND_SECRET", async () => {
    vi.resetModules();
    const saved = process.env.INBOUND_SECRET;
    delete process.env.INBOUND_SECRET;
    try {
      const reader = await registerUser();
      const { POST } = await import("@/app/api/inbound/email/route");
      const post = (authorization: string) =>
        call(POST, "/api/inbound/email", { method: "POST", rawBody: mail({ to: reader.unique_email }), headers: { authorization } });
      for (const wrong of ["", "Bearer ", `Bearer ${INBOUND_SECRET}`, "Bearer undefined"])
        expect(await post(wrong)).toMatchObject({ status: 401, body: { detail: "Invalid credentials" } });
      // What `npm run mail:send` reads: the file the server generated, the same for every process on this folder.
      const generated = readFileSync(path.join(process.env.DATA_DIR ?? "", "inbound-secret"), "utf8");
      expect(generated).toMatch(/^[\w-]{43}$/);
      expect((await post(`Bearer ${generated}`)).status).toBe(202);

      // Once INBOUND_SECRET is set, it is the one secret: the generated file no longer opens the route.
      process.env.INBOUND_SECRET = saved;
      vi.resetModules();
      const configured = await import("@/app/api/inbound/email/route");
      const withGenerated = await call(configured.POST, "/api/inbound/email", {
        method: "POST",
        rawBody: mail({ to: reader.unique_email }),
        headers: { authorization: `Bearer ${generated}` },
      });
      expect(withGenerated.status).toBe(401);
    } finally {
      process.env.INBOUND_SECRET = saved;
      vi.resetModules();
    }
  });

  it("answers 404 for a recipient nobody owns", async () => {
    expect(await deliver(mail({ to: "nobody-at-all@paperboy.localhost" }))).toEqual({ status: 404, body: { detail: "Unknown recipient" } });
    expect((await deliver(mail({ to: "someone@elsewhere.example" }))).status).toBe(404);
  });

  it("answers 400 for an empty body and for bytes that are not a message", async () => {
    expect(await deliver("")).toEqual({ status: 400, body: { detail: "Empty message" } });
    expect((await deliver(randomBytes(4096))).status).toBe(400);
  });

  it("answers 413 past MAX_MESSAGE_BYTES, by Content-Length or by the bytes read", async () => {
    const reader = await registerUser();
    const big = mail({ to: reader.unique_email, html: `<p>${"x".repeat(1_100_000)}</p>` });
    expect((await deliver(big)).status).toBe(413);
    expect((await deliver(mail({ to: reader.unique_email }), { "content-length": "5000000" })).status).toBe(413);
  });

  it("delivers to an earlier address, ignoring case and +tags, and reads X-Envelope-To", async () => {
    const reader = await registerUser("Earl Ier");
    const { PUT } = await import("@/app/api/users/me/unique-email/route");
    const local = `moved-${randomBytes(4).toString("hex")}`;
    const changed = await call(PUT, "/api/users/me/unique-email", { method: "PUT", cookie: reader.cookie, body: { unique_email: local } });
    expect(changed.status).toBe(200);
    const old = reader.unique_email;
    const [oldLocal, domain] = old.split("@");
    for (const to of [old, `${oldLocal.toUpperCase()}+news@${domain.toUpperCase()}`, `${local}+weekly@${domain}`]) {
      const result = await deliver(mail({ to, from: uniqueSender() }));
      expect(result.status).toBe(202);
      expect((await emailRow((result.body as Stored).emails[0])).userId).toBe(reader.id);
    }
    const viaEnvelope = await deliver(mail({ to: "list@publisher.example", from: uniqueSender() }), {
      "x-envelope-to": `someone@else.example, ${local}@${domain}`,
    });
    expect(viaEnvelope.status).toBe(202);
  });

  it("finds the recipient in Cc, Delivered-To or X-Original-To when To is a list address", async () => {
    const reader = await registerUser();
    for (const header of ["Cc", "Delivered-To", "X-Original-To"]) {
      const result = await deliver(
        mail({ to: "Readers <readers@list.example>", from: uniqueSender(), extra: [`${header}: ${reader.unique_email}`] }),
      );
      expect(result.status, header).toBe(202);
      expect((await emailRow((result.body as Stored).emails[0])).userId).toBe(reader.id);
    }
  });

  it("gives every user who received the same issue (signed by its sender's domain) the same issue_id", async () => {
    const [ann, bob] = [await registerUser(), await registerUser()];
    const sender = uniqueSender();
    const a = (await deliver(await signMail(mail({ to: ann.unique_email, from: sender })))).body as Stored;
    const b = (await deliver(await signMail(mail({ to: bob.unique_email, from: sender })))).body as Stored;
    const [rowA, rowB] = [await emailRow(a.emails[0]), await emailRow(b.emails[0])];
    expect(rowA.issueId).toBe(rowB.issueId);
    expect(rowA.newsletterId).toBe(rowB.newsletterId);
    const both = (await deliver(mail({ to: `${ann.unique_email}, ${bob.unique_email}`, from: uniqueSender() }))).body as Stored;
    expect(both.emails).toHaveLength(2);
  });

  it("keeps two different issues sent the same day under one subject apart, each with its own shared content", async () => {
    const reader = await registerUser();
    const sender = `Daily <${uniqueSender()}>`;
    const morning = `<p>Morning edition: markets opened higher today.</p><img src="https://cdn.daily.example/morning.jpg" width="600" height="300">`;
    const evening = `<p>Evening edition: markets closed lower today.</p><img src="https://cdn.daily.example/evening.jpg" width="600" height="300">`;
    const a = (await deliver(mail({ to: reader.unique_email, from: sender, subject: "Daily Digest", html: morning }))).body as Stored;
    const b = (await deliver(mail({ to: reader.unique_email, from: sender, subject: "Daily Digest", html: evening }))).body as Stored;
    const [rowA, rowB] = [await emailRow(a.emails[0]), await emailRow(b.emails[0])];
    expect(rowA.newsletterId).toBe(rowB.newsletterId);
    expect(rowA.issueId).not.toBe(rowB.issueId);
    const { GET } = await import("@/app/api/issues/share/[shareId]/route");
    const { GET: getEmail } = await import("@/app/api/issues/[emailId]/route");
    const own = await call(getEmail, `/api/issues/${rowB.id}`, { cookie: reader.cookie, params: { emailId: String(rowB.id) } });
    const shareId = (own.body as { public_share_id: string }).public_share_id;
    const shared = await call(GET, `/api/issues/share/${shareId}`, { params: { shareId } });
    expect((shared.body as { body_html: string }).body_html).toContain("Evening edition");
  });

  it("files mail signed by a catalog newsletter's domain under that catalog entry", async () => {
    const reader = await registerUser();
    const { getDb } = await import("@/db/client");
    const { newsletter } = await import("@/db/schema");
    const domain = `catalog-${randomBytes(4).toString("hex")}.example.net`;
    const [entry] = await getDb()
      .insert(newsletter)
      .values({ source: "catalog", name: "Catalog Letter", websiteUrl: `https://www.${domain}/about`, isPublic: true, catalogKey: domain })
      .returning();
    const result = await deliver(
      await signMail(mail({ to: reader.unique_email, from: `Catalog Letter <issues@mail.${domain}>` }), { domain }),
    );
    expect((await emailRow((result.body as Stored).emails[0])).newsletterId).toBe(entry.id);
    expect(await newsletterRow(entry.id)).toMatchObject({ source: "catalog", isPublic: true, totalEmails: 1 });

    const publication = `pub${randomBytes(4).toString("hex")}`;
    const [substack] = await getDb()
      .insert(newsletter)
      .values({ source: "catalog", name: "A Substack", websiteUrl: `https://${publication}.substack.com`, catalogKey: publication })
      .returning();
    const fromSubstack = await deliver(
      await signMail(mail({ to: reader.unique_email, from: `Author from A Substack <${publication}@substack.com>` })),
    );
    expect((await emailRow((fromSubstack.body as Stored).emails[0])).newsletterId).toBe(substack.id);
  });

  it("files a forward under the original sender, subject and date", async () => {
    const reader = await registerUser();
    const forward = fixture("fwd-outlook.eml")
      .replace("reader@paperboy.localhost", reader.unique_email)
      .replace("<fwd-outlook.eml@mail.gmail.com>", `<${randomBytes(6).toString("hex")}@gmail.com>`);
    const result = await deliver(forward);
    const row = await emailRow((result.body as Stored).emails[0]);
    expect(row).toMatchObject({
      isForwarded: true,
      subject: "Grey Skies in Cloud Earnings",
      senderEmail: "blog@tomtunguz.com",
      senderName: "Tomasz Tunguz",
    });
    expect(row.dateReceived.toISOString()).toBe("2022-10-28T19:15:00.000Z");
    expect((await newsletterRow(row.newsletterId)).name).toBe("Tomasz Tunguz");
  });

  it("stores no subject for a message without one, so the screens can say 'No Subject'", async () => {
    const reader = await registerUser();
    const { GET: getEmail } = await import("@/app/api/issues/[emailId]/route");
    const withoutSubject = mail({ to: reader.unique_email, from: uniqueSender() }).replace(/^Subject: .*\r\n/m, "");
    const id = ((await deliver(withoutSubject)).body as Stored).emails[0];
    const served = await call(getEmail, `/api/issues/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } });
    expect(served).toMatchObject({ status: 200, body: { subject: null } });
  });

  it("dates mail at its arrival when its Date (or a forward's original date) is missing, unreadable or more than a day ahead", async () => {
    const reader = await registerUser();
    const soon = new Date(Date.now() + 20 * 3600_000).toUTCString();
    const late = new Date(Date.now() + 50 * 3600_000).toUTCString();
    const forward = fixture("fwd-gmail.eml")
      .replace("reader@paperboy.localhost", reader.unique_email)
      .replace("<fwd-gmail.eml@mail.gmail.com>", `<${randomBytes(6).toString("hex")}@gmail.com>`)
      .replace("Fri, 28 Oct 2022 at 19:15", "sometime last week");
    const cases: [string, boolean][] = [
      [mail({ to: reader.unique_email, from: uniqueSender() }).replace(/^Date:.*\r\n/m, ""), true],
      [mail({ to: reader.unique_email, from: uniqueSender(), date: "Wed, 15 Dec 2010    59:10 -0500" }), true],
      [mail({ to: reader.unique_email, from: uniqueSender(), date: late }), true],
      [mail({ to: reader.unique_email, from: uniqueSender(), date: soon }), false],
      [forward, true],
    ];
    for (const [raw, atArrival] of cases) {
      const before = Date.now();
      const result = await deliver(raw);
      const after = Date.now();
      const at = (await emailRow((result.body as Stored).emails[0])).dateReceived.getTime();
      if (atArrival) {
        expect(at).toBeGreaterThanOrEqual(before - 1000);
        expect(at).toBeLessThanOrEqual(after + 1000);
      } else {
        expect(at).toBe(Date.parse(soon));
      }
    }
  });

  it("files a confirmation with its link and an inactive subscription", async () => {
    const reader = await registerUser();
    const confirm = fixture("confirm-double-opt-in.eml")
      .replace("reader@paperboy.localhost", reader.unique_email)
      .replace("<confirm-1@", `<${randomBytes(6).toString("hex")}@`);
    const row = await emailRow(((await deliver(confirm)).body as Stored).emails[0]);
    expect(row).toMatchObject({
      kind: "confirmation",
      confirmationUrl: "https://app.kit.example/forms/confirm?key=164993ebe3eb&sid=5209835936",
    });
    const { getDb } = await import("@/db/client");
    const { subscription, share } = await import("@/db/schema");
    const { and, eq } = await import("drizzle-orm");
    const [sub] = await getDb()
      .select()
      .from(subscription)
      .where(and(eq(subscription.userId, reader.id), eq(subscription.newsletterId, row.newsletterId)));
    expect(sub.status).toBe("inactive");
    const [shared] = await getDb().select().from(share).where(eq(share.emailId, row.id));
    expect(shared.shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  // Being received never makes it public: an operator's review does (tests/integration/public-trust.test.ts).
  it("keeps a mail-created newsletter private when three new users receive its signed mail", async () => {
    const sender = uniqueSender();
    const users = [await registerUser(), await registerUser(), await registerUser()];
    const visibility: boolean[] = [];
    let newsletterId = 0;
    for (const [index, user] of users.entries()) {
      const body = (
        await deliver(
          await signMail(
            mail({ to: user.unique_email, from: `Private Letter <${sender}>`, date: `Tue, 0${index + 1} Mar 2022 10:00:00 +0000` }),
          ),
        )
      ).body as Stored;
      newsletterId = (await emailRow(body.emails[0])).newsletterId;
      visibility.push((await newsletterRow(newsletterId)).isPublic);
    }
    expect(visibility).toEqual([false, false, false]);
    expect(await newsletterRow(newsletterId)).toMatchObject({
      source: "mail",
      publicReview: null,
      recipientCount: 3,
      totalIssues: 3,
      totalEmails: 3,
      sendingFrequency: "Daily",
    });
    await deliver(
      await signMail(mail({ to: users[0].unique_email, from: `Private Letter <${sender}>`, date: "Fri, 04 Mar 2022 10:00:00 +0000" })),
    );
    expect(await newsletterRow(newsletterId)).toMatchObject({ recipientCount: 3, totalIssues: 4, totalEmails: 4 });
  });

  it("keeps the recipient's address and name out of the shared edition", async () => {
    const reader = await registerUser("Priya Private");
    const html = `<p>Hi Priya Private,</p><p>This copy was sent to ${reader.unique_email}.</p><a href="https://letters.example.org/unsubscribe?token=abcdefghijklmnopqrstuv">Unsubscribe</a><a href="https://letters.example.org/post">Read</a>`;
    const body = (await deliver(mail({ to: reader.unique_email, from: uniqueSender(), html }))).body as Stored;
    const row = await emailRow(body.emails[0]);
    const { getDb } = await import("@/db/client");
    const { issue } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [edition] = await getDb().select().from(issue).where(eq(issue.id, row.issueId));
    expect(row.bodyHtml).toContain(reader.unique_email);
    expect(edition.bodyHtml).not.toContain(reader.unique_email);
    expect(edition.bodyHtml).not.toContain("Priya");
    expect(edition.bodyHtml).not.toContain("unsubscribe?token");
    expect(edition.bodyHtml).toContain('href="https://letters.example.org/post"');
  });

  it("gives a reader's own mail that is no recognisable forward no sender in the shared edition", async () => {
    const reader = await registerUser("Olga Own");
    const body = (await deliver(mail({ to: reader.unique_email, from: `Olga Own <${reader.email.toUpperCase()}>` }))).body as Stored;
    const row = await emailRow(body.emails[0]);
    const { getDb } = await import("@/db/client");
    const { issue } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [edition] = await getDb().select().from(issue).where(eq(issue.id, row.issueId));
    expect(row).toMatchObject({ senderName: "Olga Own", senderEmail: reader.email });
    expect(edition).toMatchObject({ senderName: null, senderEmail: null });
  });

  it("files a message whose headers and envelope carry NUL bytes, which PostgreSQL text refuses", async () => {
    const reader = await registerUser();
    const raw = mail({
      to: reader.unique_email,
      from: `Nul News <nul-\u0000${uniqueSender()}>`,
      messageId: `<nul-\u0000${randomBytes(6).toString("hex")}@sender.example.com>`,
      extra: ["List-Id: Nul List <nul\u0000.list.example>", "List-Unsubscribe: <https://nul.example/u?\u0000>"],
    });
    const result = await deliver(await signMail(raw), { "x-envelope-to": reader.unique_email });
    expect(result.status).toBe(202);
    const { message_id, emails } = result.body as { message_id: number; emails: number[] };
    expect(emails).toHaveLength(1);
    expect(await inboundRow(message_id)).toMatchObject({ status: "filed" });
    expect((await newsletterRow((await emailRow(emails[0]!))!.newsletterId!))?.listId).toBe("nul.list.example");
  });

  it("never answers 5xx to hostile or broken input", async () => {
    const reader = await registerUser();
    const to = reader.unique_email;
    const inputs = [
      randomBytes(10_000),
      `From: a@b.example\r\nTo: ${to}\r\nSubject: truncated\r\nContent-Type: multipart/mixed; boundary="zz"\r\n\r\n--zz\r\nContent-Type: text/html\r\n\r\n<p>cut off`,
      `From: a@b.example\r\nTo: ${to}\r\nX-Long: ${"a".repeat(200_000)}\r\nSubject: long header\r\n\r\nbody`,
      `From: a@b.example\r\nTo: ${to}\r\nSubject: odd charset\r\nContent-Type: text/plain; charset=x-unknown-klingon\r\n\r\nQapla\xff\xfe`,
      `From: a@b.example\r\nTo: ${to}\r\nSubject: =?utf-8?B?broken?=\r\nDate: yesterday-ish\r\nContent-Type: text/html\r\n\r\n<svg><script>alert(1)</script>`,
      `To: ${to}\r\n\r\n`,
      "\r\n\r\n\r\n",
    ];
    for (const input of inputs) {
      const result = await deliver(input);
      expect(result.status, String(input).slice(0, 60)).toBeLessThan(500);
    }
  });
});
