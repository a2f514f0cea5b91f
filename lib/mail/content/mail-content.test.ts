import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAndBuild, sharedContent } from "./mail-content";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/mail", name));
const run = async (name: string) => (await parseAndBuild(fixture(name), ["reader@paperboy.localhost"])).content;
const reader = { addresses: ["reader@paperboy.localhost"], names: ["Reader Person"], unsubscribeUrls: [] };

describe("parseAndBuild on each sender shape", () => {
  it("files a Substack issue under the publication, with its preheader, cover and no pixels", async () => {
    const content = await run("substack.eml");
    expect(content.identity).toEqual({
      listId: null,
      senderAddress: "slowletter@substack.com",
      senderDomain: "substack.com",
      name: "The Slow Letter",
    });
    expect(content.summary).toBe("Why some firms devour their staff");
    expect(content.thumbnailUrl).toBe("https://substackcdn.com/image/fetch/w_1100/cover-photo.jpg");
    expect(content.html).not.toMatch(/email\/open|\/o\/eJx|@import/);
    expect(content.html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(content.kind).toBe("issue");
    expect(content.date?.toISOString()).toBe("2022-02-18T23:57:00.000Z");
  });

  it("keys a beehiiv issue by its List-Id and keeps its emoji preheader", async () => {
    const content = await run("beehiiv.eml");
    expect(content.identity.listId).toBe("milkroad.beehiiv.com");
    expect(content.identity.name).toBe("Milk Road");
    expect(content.summary).toBe("Are NFTs in trouble?👀");
    expect(content.thumbnailUrl).toBe("https://media.beehiiv.net/uploads/asset/file/13449/cover.png");
    expect(content.html).not.toContain("sendgrid.net");
  });

  it("reads a Ghost preheader and skips the Ghost logo as thumbnail", async () => {
    const content = await run("ghost.eml");
    expect(content.summary).toBe("An experiment in re-organizing the newsletter.");
    expect(content.thumbnailUrl).toBe("https://www.openml.fyi/content/images/size/w1200/2022/10/hero.jpg");
    expect(content.identity.name).toBe("Open(ish) ML News");
  });

  it("decodes a quoted-printable Mailchimp campaign and drops its open pixel", async () => {
    const content = await run("mailchimp.eml");
    expect(content.identity.listId).toBe("0123456789abcdef.12345.list-id.mcsv.net");
    expect(content.summary).toBe("Tomatoes, beans and what to sow this week");
    expect(content.html).not.toContain("track/open");
    expect(content.thumbnailUrl).toBe("https://mcusercontent.com/abc/images/seedlings.jpg");
  });

  it("handles a Kit (ConvertKit) issue: ZWNJ-padded preheader, pixel removed", async () => {
    const content = await run("kit.eml");
    expect(content.summary).toBe("Cloud revenue growth slowed this quarter.");
    expect(content.html).not.toContain("open.convertkit-mail2.com");
    expect(content.thumbnailUrl).toBe("https://embed.filekitcdn.com/e/abc/chart.png");
  });

  it("summarizes a Buttondown issue from its first sentences", async () => {
    const content = await run("buttondown.eml");
    expect(content.summary).toBe(
      "Small software is software one person can hold in their head. Here are some notes about building it. Archive",
    );
    expect(content.identity.senderAddress).toBe("jim@buttondown.email");
  });

  it("turns plain text into safe HTML with linked URLs", async () => {
    const content = await run("plain-text.eml");
    expect(content.html).toContain('<a href="https://letters.example.org/plain?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">');
    expect(content.html).toContain("&lt;b&gt;details&lt;/b&gt;");
    expect(content.summary).toMatch(/^This week I wrote about plain text email\./);
    expect(content.wordCount).toBe(31);
  });

  it.each([
    ["latin1.eml", "Les crêpes de Noël", "Voici nos crêpes préférées pour Noël. À bientôt, chère lectrice."],
    ["windows-1252.eml", "Smart quotes", "“Curly quotes” — and the euro € sign … survive."],
    ["shift-jis.eml", "ニュース", "今週のニュースをお届けします。よろしくお願いします。"],
  ])("decodes %s without mojibake", async (name, subject, summary) => {
    const content = await run(name);
    expect(content.subject).toBe(subject);
    expect(content.summary).toBe(summary);
  });

  it("inlines cid images as data: URIs and drops unresolved ones", async () => {
    const content = await run("cid-images.eml");
    expect(content.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" width="400" height="300" alt="Harbour at dawn" \/>/);
    expect(content.html).not.toContain("cid:");
    expect(content.thumbnailUrl).toBeNull();
  });
});

describe("parseAndBuild on lists", () => {
  const post = (from: string, extra: string[] = []) =>
    Buffer.from(
      [
        `From: ${from}`,
        "To: shapelib@lists.maptools.org",
        "Subject: [Shapelib] need some help",
        "List-Id: Shapelib Development <shapelib.lists.maptools.org>",
        ...extra,
        "Content-Type: text/plain",
        "",
        "A question.",
      ].join("\r\n"),
    );

  it("names a discussion list (its members post to it) after its List-Id, not after whoever posted", async () => {
    const first = (
      await parseAndBuild(
        post("calpas calpas <calpas2007@yahoo.fr>", ["List-Post: <mailto:shapelib@lists.maptools.org>", "Precedence: list"]),
      )
    ).content;
    expect(first.identity).toMatchObject({ listId: "shapelib.lists.maptools.org", name: "Shapelib Development" });
    expect(first.from?.name).toBe("calpas calpas");
  });

  it("names a newsletter that only carries a List-Id after its sender", async () => {
    expect((await parseAndBuild(post("Milk Road <news@milkroad.com>"))).content.identity.name).toBe("Milk Road");
  });
});

describe("parseAndBuild on forwards", () => {
  it.each([
    "fwd-gmail.eml",
    "fwd-outlook.eml",
    "fwd-outlook-html.eml",
    "fwd-outlook-2013.eml",
    "fwd-apple.eml",
    "fwd-thunderbird.eml",
    "fwd-yahoo.eml",
    "fwd-attachment.eml",
  ])("files %s under the original sender, subject and date", async (name) => {
    const content = await run(name);
    expect(content.isForwarded).toBe(true);
    expect(content.from?.address).toBe("blog@tomtunguz.com");
    expect(content.identity.senderAddress).toBe("blog@tomtunguz.com");
    expect(content.identity.name).toBe("Tomasz Tunguz");
    expect(content.subject).toBe("Grey Skies in Cloud Earnings");
    expect(content.date?.toISOString()).toBe("2022-10-28T19:15:00.000Z");
    expect(content.text).toContain("Cloud earnings were grey this quarter");
    expect(content.forwarder?.address).toBe("reader.person@gmail.com");
  });

  it.each([
    "fwd-apple-html.eml",
    "fwd-thunderbird-html.eml",
    "fwd-yahoo-html.eml",
    "fwd-outlook-web-no-prefix.eml",
    "fwd-outlook-de.eml",
    "fwd-gmail-de.eml",
    "fwd-apple-ja.eml",
    "fwd-nested-attachment.eml",
    "fwd-attached-inline-forward.eml",
  ])("files %s (an HTML header block, another language, or a forward inside a forward) under the innermost original", async (name) => {
    const content = await run(name);
    expect(content).toMatchObject({ isForwarded: true, subject: "Grey Skies in Cloud Earnings" });
    expect(content.from).toEqual({ name: "Tomasz Tunguz", address: "blog@tomtunguz.com" });
    expect(content.identity.name).toBe("Tomasz Tunguz");
    expect(content.date?.toISOString()).toBe("2022-10-28T19:15:00.000Z");
    expect(content.summary).toBe("Cloud earnings were grey this quarter as growth slowed across the board.");
    expect(content.forwarder?.address).toBe("reader.person@gmail.com");
  });

  it("drops Thunderbird's and Outlook on the web's forward header blocks (they name the forwarder) from the HTML", async () => {
    for (const name of ["fwd-thunderbird-html.eml", "fwd-outlook-web-no-prefix.eml"]) {
      const content = await run(name);
      expect(content.html).not.toContain("reader.person@gmail.com");
      expect(content.html).toContain("Cloud earnings were grey");
    }
  });

  it("takes the arrival time, not the forward's own Date, when the original's date cannot be read", async () => {
    const raw = fixture("fwd-gmail.eml").toString("utf8").replace("Fri, 28 Oct 2022 at 19:15", "sometime last week");
    const { content } = await parseAndBuild(Buffer.from(raw));
    expect(content.from?.address).toBe("blog@tomtunguz.com");
    expect(content.date).toBeNull();
  });

  it("does not take a newsletter quoting a mail further down for a forward", async () => {
    const html = `<p>${"This week in review, with plenty to read. ".repeat(60)}</p><pre>From: Bob Example &lt;bob@example.com&gt;\nDate: Mon, 1 Jan 2024 10:00:00 +0000\nSubject: Lunch</pre>`;
    const raw = [
      "From: Weekly <news@weekly.example>",
      "To: reader@paperboy.localhost",
      "Subject: Weekly",
      "Content-Type: text/html; charset=utf-8",
      "",
      html,
    ].join("\r\n");
    const { content } = await parseAndBuild(Buffer.from(raw));
    expect(content).toMatchObject({ isForwarded: false, from: { address: "news@weekly.example" } });
  });

  it("names a forwarded Substack issue after its publication when the From line names only the author", async () => {
    const content = await run("fwd-substack-issue.eml");
    expect(content.identity).toEqual({
      listId: null,
      senderAddress: "teaweekly@substack.com",
      senderDomain: "substack.com",
      name: "The Tea Weekly 茶周报",
    });
    expect(content.from?.name).toBe("Mei Lin");
    expect(content.kind).toBe("issue");
  });

  it("files a forwarded Substack welcome as a confirmation of its publication, not as an issue", async () => {
    const content = await run("fwd-substack-welcome.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toBeNull();
    expect(content.identity.name).toBe("The Tea Weekly 茶周报");
    expect(content.subject).toBe("How can The Tea Weekly 茶周报 help you?");
  });

  it("drops Gmail's forward header (it names the forwarder) from the HTML", async () => {
    const content = await run("fwd-gmail.eml");
    expect(content.html).not.toContain("reader.person@gmail.com");
    expect(content.html).toContain("Cloud earnings were grey");
  });
});

describe("parseAndBuild on confirmations", () => {
  it("recognises a double opt-in and keeps its confirm link", async () => {
    const content = await run("confirm-double-opt-in.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toBe("https://app.kit.example/forms/confirm?key=164993ebe3eb&sid=5209835936");
    expect(content.html).toContain('href="https://app.kit.example/forms/confirm?key=164993ebe3eb&amp;sid=5209835936"');
  });

  it("recognises Gmail's forwarding confirmation with its code and link", async () => {
    const content = await run("confirm-gmail-forwarding.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toBe("https://mail-settings.google.com/mail/vf-%5BANGjdJ8abc%5D-abcdef");
    expect(content.summary).toMatch(/^Confirmation code: 123456789\./);
  });

  it("recognises Cloudflare's Email Routing verification", async () => {
    const content = await run("confirm-cloudflare.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toBe("https://dash.cloudflare.com/email-verification?token=abcDEF123");
  });

  it("recognises Outlook's verification code", async () => {
    const content = await run("confirm-outlook.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.summary).toMatch(/^Confirmation code: 482913\./);
  });

  it("recognises Ghost's sign-up magic link, whose subject and link say 'complete your sign up'", async () => {
    const content = await run("confirm-ghost-signup.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toBe(
      "https://rosie.land/members/?token=McJmN3f731hwGuW0I72tJ&action=signup&r=https%3A%2F%2Frosie.land%2F",
    );
  });

  it("recognises Gmail's forwarding confirmation in another language, with its code in the summary", async () => {
    const content = await run("confirm-gmail-forwarding-fr.eml");
    expect(content.kind).toBe("confirmation");
    expect(content.confirmationUrl).toBe("https://mail-settings.google.com/mail/vf-%5BANGjdJ8abc%5D-abcdef");
    expect(content.summary).toMatch(/^Confirmation code: 123456789\./);
  });

  it("recognises Mailchimp's 'Please Confirm Subscription' and keeps its confirm link", async () => {
    const content = await run("confirm-mailchimp.eml");
    expect(content).toMatchObject({
      kind: "confirmation",
      confirmationUrl: "https://gardennotes.us1.list-manage.com/subscribe/confirm?u=1a2b&id=3c4d&e=5e6f",
    });
    expect(content.html).toContain('href="https://gardennotes.us1.list-manage.com/subscribe/confirm?u=1a2b&amp;id=3c4d&amp;e=5e6f"');
  });

  it("keeps both the confirm link and the code when a confirmation has both", async () => {
    const content = await run("confirm-code-and-link.eml");
    expect(content).toMatchObject({ kind: "confirmation", confirmationUrl: "https://www.milkroad.com/subscribe/confirm?token=abc123" });
    expect(content.summary).toMatch(/^Confirmation code: 482913\./);
  });

  it("does not take the word after 'verification code' for a code", async () => {
    const raw = [
      "From: Letters <news@letters.example>",
      "To: reader@paperboy.localhost",
      "Subject: Please confirm your email",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Enter the verification code below on the page you came from.",
      "",
      "https://letters.example/confirm?t=abc",
    ].join("\r\n");
    const { content } = await parseAndBuild(Buffer.from(raw));
    expect(content).toMatchObject({ kind: "confirmation", confirmationUrl: "https://letters.example/confirm?t=abc" });
    expect(content.summary).not.toMatch(/Confirmation code/);
  });

  it("does not take an ordinary issue for a confirmation", async () => {
    for (const name of ["substack.eml", "kit.eml", "mailchimp.eml", "ghost.eml"]) expect((await run(name)).kind).toBe("issue");
  });
});

describe("sharedContent", () => {
  it("removes the recipient's address, name, unsubscribe and tracked links", async () => {
    const content = await run("substack.eml");
    const shared = sharedContent(content, reader);
    expect(shared.html).not.toContain("reader@paperboy.localhost");
    expect(shared.html).not.toContain("Reader Person");
    expect(shared.html).toContain("Hi there");
    expect(shared.html).not.toContain("disable_email");
    expect(shared.html).not.toContain("email.mg2.substack.com/c/");
    expect(shared.html).toContain('href="https://slowletter.substack.com/p/companies-that-eat-people"');
    expect(content.html).toContain("disable_email");
  });

  it("shares no thumbnail whose URL names the recipient", async () => {
    const content = await run("substack.eml");
    expect(
      sharedContent({ ...content, thumbnailUrl: "https://img.example/banner.jpg?for=reader%40paperboy.localhost" }, reader).thumbnailUrl,
    ).toBeNull();
    expect(sharedContent(content, reader).thumbnailUrl).toBe(content.thumbnailUrl);
  });

  it("takes the recipient's name out of the shared subject", async () => {
    const content = await run("substack.eml");
    expect(sharedContent({ ...content, subject: "Reader Person, your weekly letter" }, reader).subject).toBe(", your weekly letter");
  });

  it("removes Mailchimp's per-subscriber links and the forwarder's identity", async () => {
    const shared = sharedContent(await run("mailchimp.eml"), reader);
    expect(shared.html).not.toMatch(/e=fedcba9876|list-manage\.com\/profile|track\/click/);
    const forwarded = sharedContent(await run("fwd-outlook.eml"), reader);
    expect(forwarded.text).not.toContain("reader.person@gmail.com");
  });
});

describe("parseAndBuild on hostile input", () => {
  it("stays fast on pathological subjects, headers and bodies", async () => {
    const long = "@".repeat(200_000);
    const raw = [
      "From: a@b.example",
      "To: reader@paperboy.localhost",
      `Subject: Fwd: ${"confirm ".repeat(5000)}`,
      `Delivered-To: ${"a".repeat(200_000)}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      `On Mon, 1 Jan 2024, "x" <${long}> wrote:`,
      `From: ${"a".repeat(300_000)}`,
      `${"<style>".repeat(10_000)}${"/* url( ".repeat(10_000)}`,
    ].join("\r\n");
    const started = performance.now();
    await parseAndBuild(Buffer.from(raw));
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
