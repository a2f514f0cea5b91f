import { deliver, mail, uniqueSender } from "./inbound-support";
import { extractFromJson, extractFromXml } from "@extractus/feed-extractor";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { GET as folderFeed } from "@/app/feeds/[token]/folder/[file]/route";
import { GET as newsletterFeed } from "@/app/feeds/[token]/newsletter/[file]/route";
import { GET as allFeed } from "@/app/feeds/[token]/[file]/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as listFeeds } from "@/app/api/users/me/feeds/route";
import { POST as rotateFeeds } from "@/app/api/users/me/feeds/rotate/route";
import { GET as feedsOpml } from "@/app/api/users/me/feeds.opml/route";
import { POST as addToFolder } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { POST as createFolder } from "@/app/api/users/me/folders/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";

useDatabase();

const APP = process.env.APP_URL!;
type FeedLink = { scope: string; id: number | null; title: string; atom_url: string; json_url: string };
type FeedList = { token_created_at: string; items: FeedLink[] };

/** A reader with two issues of one newsletter (the first carrying a remote image), one of them in a folder. */
async function readerWithIssues() {
  const reader = await registerUser("Feed Reader");
  const from = `Weekly Letter <${uniqueSender()}>`;
  const first = await deliver(
    mail({
      to: reader.unique_email,
      from,
      subject: "First issue",
      date: "Tue, 01 Mar 2022 10:00:00 +0000",
      html: `<p>Opening words of the first issue.</p><img src="https://images.sender.example/hero.png" alt="Hero" width="600">`,
    }),
  );
  const second = await deliver(
    mail({
      to: reader.unique_email,
      from,
      subject: "Second issue",
      date: "Tue, 08 Mar 2022 10:00:00 +0000",
      html: "<p>Words of the second issue.</p>",
    }),
  );
  const [firstId, secondId] = [(first.body as { emails: number[] }).emails[0]!, (second.body as { emails: number[] }).emails[0]!];
  const newsletterId = (
    (await call(getEmail, `/api/issues/${firstId}`, { cookie: reader.cookie, params: { emailId: String(firstId) } })).body as {
      newsletter_id: number;
    }
  ).newsletter_id;
  const folder = (await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name: "Keepers" } }))
    .body as { id: number };
  await call(addToFolder, `/api/users/me/folders/${folder.id}/emails`, {
    method: "POST",
    cookie: reader.cookie,
    body: { email_id: firstId },
    params: { folderId: String(folder.id) },
  });
  return { reader, firstId, secondId, newsletterId, folderId: folder.id };
}

async function feeds(reader: TestUser): Promise<FeedList> {
  const result = await call(listFeeds, "/api/users/me/feeds", { cookie: reader.cookie });
  expect(result.status).toBe(200);
  return result.body as FeedList;
}

/** Fetches a feed URL through the route that serves it, as a feed reader would. */
async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const path = new URL(url).pathname;
  const [, , token, ...rest] = path.split("/");
  const handler = rest.length === 1 ? allFeed : rest[0] === "folder" ? folderFeed : newsletterFeed;
  const response = await handler(new Request(url, { headers }), {
    params: Promise.resolve({ token: token!, file: rest[rest.length - 1]! }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// The parser keeps an Atom <content> as an element: its text, attributes aside.
const contentText = (content: unknown) =>
  typeof content === "object" && content !== null ? (content as Record<string, unknown>)["#text"] : content;
const entriesOf = (xml: string) =>
  extractFromXml(xml, {
    descriptionMaxLen: 0,
    getExtraEntryFields: (entry: Record<string, unknown>) => ({ content: contentText(entry.content) }),
  });

describe("GET /api/users/me/feeds", () => {
  it("lists the reader's feeds: all, each folder and each newsletter, with Atom and JSON URLs under one token", async () => {
    const { reader, newsletterId, folderId } = await readerWithIssues();
    const list = await feeds(reader);
    expect(new Date(list.token_created_at).toISOString()).toBe(list.token_created_at);
    const token = /\/feeds\/([^/]+)\/all\.atom$/.exec(list.items[0]!.atom_url)![1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(list.items).toEqual([
      {
        scope: "all",
        id: null,
        title: "All newsletters",
        atom_url: `${APP}/feeds/${token}/all.atom`,
        json_url: `${APP}/feeds/${token}/all.json`,
      },
      {
        scope: "folder",
        id: folderId,
        title: "Keepers",
        atom_url: `${APP}/feeds/${token}/folder/${folderId}.atom`,
        json_url: `${APP}/feeds/${token}/folder/${folderId}.json`,
      },
      {
        scope: "newsletter",
        id: newsletterId,
        title: "Weekly Letter",
        atom_url: `${APP}/feeds/${token}/newsletter/${newsletterId}.atom`,
        json_url: `${APP}/feeds/${token}/newsletter/${newsletterId}.json`,
      },
    ]);
    expect(await feeds(reader)).toEqual(list);
  });

  it("answers 401 without a session, on the list, the rotation and the OPML", async () => {
    expect(await call(listFeeds, "/api/users/me/feeds")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    expect(await call(rotateFeeds, "/api/users/me/feeds/rotate", { method: "POST" })).toMatchObject({
      status: 401,
      body: { detail: "Not authenticated" },
    });
    expect(await call(feedsOpml, "/api/users/me/feeds.opml")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });
});

describe("GET /feeds/<token>/...", () => {
  it("serves Atom 1.0 that a feed parser reads: the latest issues, newest first, full HTML with proxied images", async () => {
    const { reader, firstId, secondId } = await readerWithIssues();
    const all = (await feeds(reader)).items[0]!;
    const atom = await fetchFeed(all.atom_url);
    expect(atom.status).toBe(200);
    expect(atom.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(atom.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    const parsed = entriesOf(atom.text);
    expect(parsed.title).toBe("All newsletters");
    expect(parsed.entries!.map((entry) => [entry.title, entry.link])).toEqual([
      ["Second issue", `${APP}/emails/${secondId}`],
      ["First issue", `${APP}/emails/${firstId}`],
    ]);
    const content = String((parsed.entries![1] as { content?: unknown }).content);
    expect(content).toContain("Opening words of the first issue.");
    expect(content).toMatch(new RegExp(`<img src="${APP}/img/[A-Za-z0-9_-]{43}/[A-Za-z0-9_-]+"`));
    expect(atom.text).not.toContain("images.sender.example");
  });

  it("stays well-formed Atom whatever the mail holds: control characters, ]]> twice, markup in a plain-text subject", async () => {
    const reader = await registerUser("Feed Reader");
    await deliver(
      mail({
        to: reader.unique_email,
        from: `"Odd <Sender> & Co" <${uniqueSender()}>`,
        subject: "=?utf-8?Q?Bell_=07_then_]]>_one_]]>_two_<b>bold</b>?=",
        html: "<p>Hello ]]> there ]]> again, form&#12;feed</p>",
      }),
    );
    const atom = await fetchFeed((await feeds(reader)).items[0]!.atom_url);
    expect(atom.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const [entry] = entriesOf(atom.text).entries! as { title: string; content?: unknown }[];
    expect(entry!.title).toBe("Bell  then ]]> one ]]> two <b>bold</b>");
    expect(String(entry!.content)).toContain("formfeed");
  });

  it("serves JSON Feed 1.1 with the same entries", async () => {
    const { reader, firstId, secondId } = await readerWithIssues();
    const all = (await feeds(reader)).items[0]!;
    const json = await fetchFeed(all.json_url);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    const document = JSON.parse(json.text) as {
      version: string;
      title: string;
      items: { id: string; title: string; content_html: string; authors: { name: string }[] }[];
    };
    expect(document.version).toBe("https://jsonfeed.org/version/1.1");
    expect(document.items.map((item) => [item.id, item.title, item.authors])).toEqual([
      [`${APP}/emails/${secondId}`, "Second issue", [{ name: "Weekly Letter" }]],
      [`${APP}/emails/${firstId}`, "First issue", [{ name: "Weekly Letter" }]],
    ]);
    expect(document.items[1]!.content_html).toContain(`${APP}/img/`);
    expect(json.text).not.toContain("images.sender.example");
    expect(extractFromJson(json.text).entries!.map((entry) => entry.title)).toEqual(["Second issue", "First issue"]);
  });

  it("serves a folder's and a newsletter's feeds with their own issues only", async () => {
    const { reader, firstId, newsletterId, folderId } = await readerWithIssues();
    const items = (await feeds(reader)).items;
    const folder = items.find((item) => item.scope === "folder" && item.id === folderId)!;
    const folderEntries = entriesOf((await fetchFeed(folder.atom_url)).text);
    expect(folderEntries.title).toBe("Keepers");
    expect(folderEntries.entries!.map((entry) => entry.link)).toEqual([`${APP}/emails/${firstId}`]);
    const newsletter = items.find((item) => item.scope === "newsletter" && item.id === newsletterId)!;
    expect(entriesOf((await fetchFeed(newsletter.atom_url)).text).entries!.map((entry) => entry.title)).toEqual([
      "Second issue",
      "First issue",
    ]);
  });

  it("answers 304 to If-None-Match with the current ETag, and 200 once the feed has changed", async () => {
    const { reader } = await readerWithIssues();
    for (const url of [(await feeds(reader)).items[0]!.atom_url, (await feeds(reader)).items[0]!.json_url]) {
      const first = await fetchFeed(url);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await fetchFeed(url)).headers.get("etag")).toBe(etag);
      const again = await fetchFeed(url, { "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect((await fetchFeed(url, { "if-none-match": '"something-else"' })).status).toBe(200);
    }
    const url = (await feeds(reader)).items[0]!.atom_url;
    const before = (await fetchFeed(url)).headers.get("etag")!;
    await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Third issue", date: "Tue, 15 Mar 2022 10:00:00 +0000" }));
    const after = await fetchFeed(url, { "if-none-match": before });
    expect(after.status).toBe(200);
    expect(entriesOf(after.text).entries![0]!.title).toBe("Third issue");
  });

  it("answers 404, revealing nothing, for an unknown token, a malformed name and another reader's folder", async () => {
    const { reader, folderId } = await readerWithIssues();
    const other = await readerWithIssues();
    const mine = (await feeds(reader)).items[0]!.atom_url;
    const token = /\/feeds\/([^/]+)\//.exec(mine)![1]!;
    const forged = `${token.slice(0, 30)}${token.slice(30).split("").reverse().join("")}`;
    const urls = [
      mine.replace(token, forged === token ? `A${token.slice(1)}` : forged),
      mine.replace(token, "not-a-token"),
      mine.replace("all.atom", "all.rss"),
      mine.replace("all.atom", `folder/${other.folderId}.atom`),
      mine.replace("all.atom", "folder/0.atom"),
      mine.replace("all.atom", `newsletter/999999999.json`),
    ];
    for (const url of urls) {
      const answer = await fetchFeed(url);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ detail: "Not found" });
    }
    expect((await fetchFeed(mine.replace("all.atom", `folder/${folderId}.atom`))).status).toBe(200);
  });
});

describe("POST /api/users/me/feeds/rotate", () => {
  it("gives a new token; every URL of the old one answers 404 from then on", async () => {
    const { reader } = await readerWithIssues();
    const before = await feeds(reader);
    const rotated = await call(rotateFeeds, "/api/users/me/feeds/rotate", { method: "POST", cookie: reader.cookie });
    expect(rotated.status).toBe(200);
    const after = rotated.body as FeedList;
    expect(after.items).toHaveLength(before.items.length);
    expect(after.items[0]!.atom_url).not.toBe(before.items[0]!.atom_url);
    expect(await feeds(reader)).toEqual(after);
    for (const item of before.items) {
      expect((await fetchFeed(item.atom_url)).status).toBe(404);
      expect((await fetchFeed(item.json_url)).status).toBe(404);
    }
    for (const item of after.items) expect((await fetchFeed(item.atom_url)).status).toBe(200);
  });
});

describe("GET /api/users/me/feeds.opml", () => {
  it("lists the reader's newsletter feeds as OPML outlines", async () => {
    const { reader, newsletterId } = await readerWithIssues();
    const newsletter = (await feeds(reader)).items.find((item) => item.scope === "newsletter" && item.id === newsletterId)!;
    const result = await call(feedsOpml, "/api/users/me/feeds.opml", { cookie: reader.cookie });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/x-opml; charset=utf-8");
    const outlines: Record<string, string>[] = [];
    const parser = new Parser({ onopentag: (name, attribs) => name === "outline" && outlines.push(attribs) }, { xmlMode: true });
    parser.end(String(result.body));
    expect(outlines).toEqual([
      { type: "rss", text: "Weekly Letter", title: "Weekly Letter", xmlUrl: newsletter.atom_url, htmlUrl: expect.any(String) },
    ]);
  });
});
