import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAndBuild } from "@/lib/mail/content/mail-content";
import { classifyMail, mailSigns, type Classification, type SenderChoice } from "./classify";
import { readHeaders } from "./headers";

// Beside the repository, as for the other corpus suites; CORPUS_DIR names it when the checkout is elsewhere (a worktree).
const corpus = process.env.CORPUS_DIR ?? path.resolve(import.meta.dirname, "../..", "../shared/corpus");
const present = existsSync(path.join(corpus, "MANIFEST.md"));
const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/mail");

/** The corpus's HTML samples are bodies only: they get the headers a delivery would have, the subject from their title. */
function wrap(body: Buffer): Buffer {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body.toString("utf8"))?.[1]?.trim() || "This week";
  const head = [
    "From: Newsletter <news@publisher.example.com>",
    "To: reader@paperboy.localhost",
    `Subject: ${title.replace(/\s+/g, " ")}`,
    "Date: Tue, 01 Mar 2022 10:00:00 +0000",
    "Message-ID: <corpus@example.com>",
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
  ];
  return Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body]);
}

async function classify(raw: Buffer, choice: SenderChoice | null = null): Promise<Classification> {
  const { content } = await parseAndBuild(raw);
  return classifyMail(mailSigns(readHeaders(raw), content), choice);
}

const corpusFile = (name: string) => {
  const bytes = readFileSync(path.join(corpus, name));
  return name.endsWith(".html") ? wrap(bytes) : bytes;
};
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

// Every file the corpus's MANIFEST names a newsletter of (not a list, a welcome or a confirmation).
const NEWSLETTERS = [
  "01-substack-slowchinese-fwd-gmail.html",
  "04-convertkit-tomtunguz-fwd-gmail.html",
  "05-substack-astralcodexten-static-tweets.html",
  "06-beehiiv-milkroad-2022-03-07.html",
  "07-beehiiv-milkroad-sec-bored-apes.html",
  "08-convertkit-fsblog-brainfood.html",
  "10-ghost-openml-whyish-2022-10-14.html",
  "11-heyworld-dhh.html",
  "12-cooperpress-nodeweekly-459.html",
  "13-every-divinations-endgame.html",
  "14-generic-ttso-fr-2023-01-31.html",
  "15-axios-am-2022-09-20.html",
  "16-bloomberg-big-take-oil.html",
  "18-cooperpress-golang-weekly-400.html",
  "20-substack-tictoc-weekly-thoughts.html",
  "30-legacy-discover-card-news-2002.eml",
  "31-legacy-apple-news-marketing.eml",
  "32-legacy-free-quilting-enews.eml",
  "36-bulk-newsletter-x-mac-cyrillic-qp.eml",
];

describe("classifyMail on the shared corpus", () => {
  if (!present) {
    it.skip(`skipped: the corpus is not at ${corpus}`, () => {});
    console.warn(`classify.test.ts: the shared corpus is not at ${corpus}; its newsletters are not classified`);
    return;
  }

  it.each(NEWSLETTERS)("%s is a newsletter", async (name) => {
    expect((await classify(corpusFile(name))).kind).toBe("newsletter");
  });

  it("a newsletter the reader forwarded in says so", async () => {
    expect(await classify(corpusFile("01-substack-slowchinese-fwd-gmail.html"))).toEqual({
      kind: "newsletter",
      reasons: ["forwarded-by-reader"],
    });
  });

  it("a double opt-in keeps the confirmation flow", async () => {
    expect(await classify(corpusFile("09-convertkit-confirm-weekend-upgrade.html"))).toEqual({
      kind: "confirmation",
      reasons: ["confirmation"],
    });
  });

  it("a mailing list's post is a newsletter by its List-Id", async () => {
    const { kind, reasons } = await classify(corpusFile("42-mailinglist-mailman-listid-qp.eml"));
    expect(kind).toBe("newsletter");
    expect(reasons).toEqual(expect.arrayContaining(["list-id", "list-unsubscribe", "precedence-bulk"]));
  });
});

describe("classifyMail on transactional and personal mail", () => {
  it.each([
    ["transactional-sign-in-code.eml", ["code"]],
    ["transactional-magic-link.eml", ["sign-in"]],
    ["transactional-password-reset.eml", ["password-reset"]],
    ["transactional-receipt.eml", ["receipt"]],
    ["transactional-account-notice.eml", ["account-notice"]],
    ["personal-reply.eml", ["one-to-one"]],
  ])("%s is personal: %j", async (name, reasons) => {
    expect(await classify(fixture(name))).toEqual({ kind: "personal", reasons });
  });

  it("a code in the first lines of the text is a code, whatever the subject", async () => {
    const raw = Buffer.from("From: a@b.example\r\nTo: r@paperboy.localhost\r\nSubject: Hello\r\n\r\nYour login code is 7Q2K9X.\r\n");
    expect(await classify(raw)).toEqual({ kind: "personal", reasons: ["code"] });
  });

  it("a newsletter without list headers stays a newsletter", async () => {
    const raw = Buffer.from(
      "From: a@b.example\r\nTo: r@paperboy.localhost\r\nSubject: This week in digests\r\n\r\nThe week's reading.\r\n",
    );
    expect(await classify(raw)).toEqual({ kind: "newsletter", reasons: [] });
  });

  it("a List-Id outweighs a transactional subject: a list's post about passwords is an issue", async () => {
    const raw = Buffer.from(
      "From: a@b.example\r\nTo: r@paperboy.localhost\r\nList-Id: <security.lists.example>\r\nSubject: How to reset your password safely\r\n\r\nEssay.\r\n",
    );
    expect(await classify(raw)).toEqual({ kind: "newsletter", reasons: ["list-id"] });
  });

  it("the reader's choice for the sender decides first", async () => {
    expect(await classify(fixture("transactional-receipt.eml"), "newsletter")).toEqual({
      kind: "newsletter",
      reasons: ["reader-newsletter"],
    });
    expect(await classify(fixture("beehiiv.eml"), "forward")).toEqual({ kind: "personal", reasons: ["reader-forward"] });
  });

  it("the newsletters and confirmations among the fixtures are not personal", async () => {
    for (const name of ["beehiiv.eml", "buttondown.eml", "fwd-gmail.eml", "fwd-substack-issue.eml"]) {
      expect((await classify(fixture(name))).kind, name).toBe("newsletter");
    }
    for (const name of ["confirm-double-opt-in.eml", "confirm-mailchimp.eml", "confirm-code-and-link.eml"]) {
      expect((await classify(fixture(name))).kind, name).toBe("confirmation");
    }
  });
});
