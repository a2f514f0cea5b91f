import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAndBuild, type MailContent } from "@/lib/mail/content/mail-content";

const corpus = path.resolve(import.meta.dirname, "../..", "../shared/corpus");
const present = existsSync(path.join(corpus, "MANIFEST.md"));

const read = (name: string) => readFileSync(path.join(corpus, name));

/** The HTML and text samples are bodies only: give them the headers a delivery would have. */
function wrap(body: Buffer, headers: { from: string; subject: string; type: "html" | "plain" }): Buffer {
  const head = [
    `From: ${headers.from}`,
    "To: reader@paperboy.localhost",
    `Subject: ${headers.subject}`,
    "Date: Tue, 01 Mar 2022 10:00:00 +0000",
    "Message-ID: <corpus@example.com>",
    "MIME-Version: 1.0",
    `Content-Type: text/${headers.type}; charset=utf-8`,
  ];
  return Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body]);
}

async function processFile(name: string): Promise<MailContent> {
  if (name.endsWith(".eml")) return (await parseAndBuild(read(name))).content;
  const forwarded = /fwd/.test(name);
  const from = forwarded ? "Forwarding Reader <forwarder@gmail.com>" : "Newsletter <news@publisher.example.com>";
  const subject = forwarded ? "Fwd: Integer consequat non purus" : "This week";
  return (await parseAndBuild(wrap(read(name), { from, subject, type: name.endsWith(".html") ? "html" : "plain" }))).content;
}

const PIXELS =
  /mailgun\.substack\.com\/api\/v1\/email\/open|ct\.sendgrid\.net\/ss\/o|open\.convertkit-mail|email\.mg\.every\.to\/o\/|weekly\.com\/open\/|go\.timetosignoff\.fr\/oo\/|email\.mg\d?\.substack\.com\/o\//;

describe.skipIf(!present)("the shared corpus", () => {
  const files = present ? readdirSync(corpus).filter((name) => /\.(eml|html|txt)$/.test(name)) : [];

  it.each(files)("%s is processed without error into safe HTML", async (name) => {
    const content = await processFile(name);
    expect(content.html).not.toMatch(/<script|\son\w+=|javascript:|<iframe|<form|<object|<embed|<base|<meta|<link/i);
    expect(content.html).not.toMatch(PIXELS);
    expect(content.wordCount).toBeGreaterThanOrEqual(0);
    expect(content.summary.length).toBeLessThanOrEqual(300);
  });

  it.each([
    ["01-substack-slowchinese-fwd-gmail.html", "slowchinese@substack.com", "Companies that eat people", "2022-02-18T23:57:00.000Z"],
    ["03-substack-slowchinese-welcome-fwd-gmail.html", "slowchinese@substack.com", "How can Slow Chinese 每周漫闻 help you?", null],
    ["04-convertkit-tomtunguz-fwd-gmail.html", "blog@tomtunguz.com", "Grey Skies in Cloud Earnings", "2022-10-28T19:15:00.000Z"],
    ["33-fwd-applemail-as-attachment-rfc822.eml", "xxxx@xxxx.com", "Another PDF", null],
    ["38-fwd-zimbra-as-attachment-rfc822.eml", "dhaswell@zedcore.com", "Test 6", null],
    ["41-list-bulk-fwd-message-news-1996.eml", "mangi@moondog.pvi", "Netscape Enterprise vs. Apache Secure", null],
  ])("%s is filed under its original sender", async (name, sender, subject, date) => {
    const content = await processFile(name);
    expect(content.isForwarded).toBe(true);
    expect(content.identity.senderAddress).toBe(sender);
    expect(content.subject).toBe(subject);
    if (date) expect(content.date?.toISOString()).toBe(date);
  });

  it.each(["21", "22", "23", "24", "25", "26", "27", "28", "29"])(
    "forward body %s gives John Doe as the original sender",
    async (prefix) => {
      const name = readdirSync(corpus).find((file) => file.startsWith(`${prefix}-`)) ?? "";
      const content = await processFile(name);
      expect(content.isForwarded).toBe(true);
      expect(content.from).toEqual({ name: "John Doe", address: "john.doe@acme.com" });
      expect(content.text).toMatch(/^Aenean quis diam urna/);
    },
  );

  it.each([
    ["01-substack-slowchinese-fwd-gmail.html", "issue"],
    ["03-substack-slowchinese-welcome-fwd-gmail.html", "confirmation"],
  ])("%s is filed under its Substack publication, as %s", async (name, kind) => {
    const content = await processFile(name);
    expect(content.identity.name).toBe("Slow Chinese 每周漫闻");
    expect(content.kind).toBe(kind);
  });

  it.each([
    ["07-beehiiv-milkroad-sec-bored-apes.html", "Are NFTs in trouble?👀"],
    ["08-convertkit-fsblog-brainfood.html", "There are a lot of things in life that only work when you commit."],
    ["20-substack-tictoc-weekly-thoughts.html", "Parts Unknown..."],
  ])("%s is summarized by its preheader", async (name, preheader) => {
    expect((await processFile(name)).summary).toBe(preheader);
  });

  it("recognises the ConvertKit double opt-in and keeps its confirm link", async () => {
    const content = await processFile("09-convertkit-confirm-weekend-upgrade.html");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toMatch(/^https:\/\/click\.convertkit-mail2\.com\/d0uo2xqod0a5fm76qdtm\/reh8/);
    expect(content.html).toContain(content.confirmationUrl ?? "missing");
  });

  it("keeps ordinary issues as issues", async () => {
    for (const name of [
      "05-substack-astralcodexten-static-tweets.html",
      "06-beehiiv-milkroad-2022-03-07.html",
      "10-ghost-openml-whyish-2022-10-14.html",
      "12-cooperpress-nodeweekly-459.html",
    ]) {
      expect((await processFile(name)).kind).toBe("issue");
    }
  });

  it("decodes legacy charsets", async () => {
    expect((await processFile("34-charset-shift-jis.eml")).text).toContain("このメールはテスト用のメールです。");
    expect((await processFile("35-charset-ks-c-5601-1987.eml")).text).toContain("스티해");
    expect((await processFile("36-bulk-newsletter-x-mac-cyrillic-qp.eml")).text).toContain("©");
    expect((await processFile("39-charset-iso-8859-8-i-base64-attach.eml")).subject).toBe("מענה 'אני לא נמצא': Invoice 02722027");
    expect((await processFile("43-related-cid-eudora-iso8859-1.eml")).text).toContain("Die Hasen und die Frösche");
    const discover = await processFile("30-legacy-discover-card-news-2002.eml");
    expect(discover.text).toContain("DISCOVERÆ CARD");
    expect(discover.html).not.toContain("Ã");
  });

  it("identifies senders, lists and plain-text mail", async () => {
    const bulk = await processFile("36-bulk-newsletter-x-mac-cyrillic-qp.eml");
    expect(bulk.identity).toMatchObject({ senderAddress: "science@news-s.info", name: "Science and Education Foundation, Bulgaria" });
    expect((await processFile("42-mailinglist-mailman-listid-qp.eml")).identity.listId).toBe("shapelib.lists.maptools.org");
    expect((await processFile("30-legacy-discover-card-news-2002.eml")).identity.name).toBe("Discover Card");
    const plain = await processFile("44-applemail-plaintext.eml");
    expect(plain.html).toBe("<p>This is a plain text email.</p>");
    expect(plain.identity.name).toBe("Ben Ubois");
  });

  it("inlines multipart/related cid images", async () => {
    for (const name of ["37-related-cid-images-iso8859-1-qp.eml", "43-related-cid-eudora-iso8859-1.eml"]) {
      const content = await processFile(name);
      expect(content.html).toMatch(/<img src="data:image\/(?:gif|png);base64,/);
      expect(content.html).not.toContain("cid:");
    }
  });

  it("survives a garbage Date and a truncated attached message", async () => {
    const quilting = await processFile("32-legacy-free-quilting-enews.eml");
    expect(quilting.identity.senderAddress).toBe("enews@free-quilting.com");
    expect(quilting.date).toBeNull();
    const truncated = await processFile("46-fwd-as-attachment-8bit-iso8859-1.eml");
    expect(truncated.identity.senderAddress).toBe("booewq@uuui.com");
    expect(truncated.subject).toBe("fotos");
  });
});
