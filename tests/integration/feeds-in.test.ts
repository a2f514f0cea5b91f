import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listFollowed, POST as follow } from "@/app/api/users/me/feed-subscriptions/route";
import { DELETE as unfollow } from "@/app/api/users/me/feed-subscriptions/[subscriptionId]/route";
import { POST as refresh } from "@/app/api/users/me/feed-subscriptions/[subscriptionId]/refresh/route";
import { GET as listOpml, POST as importOpml } from "@/app/api/users/me/feed-subscriptions/opml/route";
import { GET as verifyHub, POST as pushToHub } from "@/app/api/inbound/websub/[feedId]/route";
import { GET as exportOpml } from "@/app/api/users/me/feeds.opml/route";
import { GET as feed } from "@/app/api/issues/feed/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { PUT as setScreener } from "@/app/api/users/me/screener/route";
import { POST as createRule } from "@/app/api/users/me/rules/route";
import { POST as createWebhook } from "@/app/api/users/me/webhooks/route";
import { setFetchResolver } from "@/lib/fetch/guarded-fetch";
import { feedFetchLimits } from "@/lib/feeds-in/fetch";
import { pollDueFeeds } from "@/lib/feeds-in/service";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { allowFetchTo, answerEveryName } from "../support/local-server";
import { atom, item, jsonFeed, rss, startFeedServer } from "./feeds-in-support";

useDatabase();

type Followed = {
  id: number;
  url: string;
  feed_url: string;
  title: string;
  site_url: string | null;
  newsletter_id: number | null;
  status: string;
  last_fetched_at: string | null;
  last_error: string | null;
  next_fetch_at: string;
};
type FeedEmail = {
  id: number;
  subject: string;
  date_received: string;
  newsletter_url: string | null;
  is_forwarded: boolean;
  is_read: boolean;
  newsletter_id: number;
  newsletter_metadata: { newsletter_name: string };
};

let server: Awaited<ReturnType<typeof startFeedServer>>;
let undoAllow: () => void;
let paths = 0;

beforeAll(async () => {
  server = await startFeedServer();
  undoAllow = allowFetchTo(server.hostPort);
  // As a worker does at its start: the queues exist before the first job is queued.
  await runDueJobs();
});
afterAll(async () => {
  undoAllow();
  await server.close();
});
const restore: (() => void)[] = [];
afterEach(() => {
  for (const step of restore.splice(0).reverse()) step();
});

/** A path of its own on the feed server, so tests sharing the database never share a feed. */
const fresh = (name: string) => `/${name}-${++paths}-${Math.random().toString(36).slice(2, 8)}`;

const followUrl = (user: TestUser, url: unknown) =>
  call(follow, "/api/users/me/feed-subscriptions", { method: "POST", cookie: user.cookie, body: { url } });
const list = async (user: TestUser) =>
  ((await call(listFollowed, "/api/users/me/feed-subscriptions", { cookie: user.cookie })).body as { items: Followed[] }).items;
const refreshNow = (user: TestUser, id: number | string) =>
  call(refresh, `/api/users/me/feed-subscriptions/${id}/refresh`, {
    method: "POST",
    cookie: user.cookie,
    params: { subscriptionId: String(id) },
  });
const unfollowNow = (user: TestUser, id: number | string) =>
  call(unfollow, `/api/users/me/feed-subscriptions/${id}`, {
    method: "DELETE",
    cookie: user.cookie,
    params: { subscriptionId: String(id) },
  });
const feedOf = async (user: TestUser) =>
  ((await call(feed, "/api/issues/feed?page_size=100", { cookie: user.cookie })).body as { items: FeedEmail[] }).items;

async function followed(user: TestUser, url: string): Promise<Followed> {
  const result = await followUrl(user, url);
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body as Followed;
}

describe("following a feed", () => {
  it("follows a page's RSS feed found by <link rel=alternate> and files its whole archive at once, with each entry's date and link", async () => {
    const feedPath = fresh("rss");
    const pagePath = fresh("page");
    const pictured = {
      ...item(3),
      html: `${item(3).html}<img src="https://cdn.example.com/photo.jpg" alt="Photo"><img src="https://open.convertkit-mail2.com/abc123" width="1" height="1">`,
    };
    server.routes.set(feedPath, { type: "application/rss+xml", body: rss("The Weekly Tinker", [item(1), item(2), pictured]) });
    server.routes.set(pagePath, {
      type: "text/html; charset=utf-8",
      body: `<!doctype html><html><head><title>Tinker</title><link rel="alternate" type="application/rss+xml" title="RSS" href="${feedPath}"></head><body>Hi</body></html>`,
    });
    const reader = await registerUser();
    const subscription = await followed(reader, `${server.origin}${pagePath}`);
    expect(subscription).toMatchObject({
      url: `${server.origin}${pagePath}`,
      feed_url: `${server.origin}${feedPath}`,
      title: "The Weekly Tinker",
      site_url: "https://example.com/",
      newsletter_id: expect.any(Number),
      status: "ok",
      last_fetched_at: expect.any(String),
      last_error: null,
    });
    const emails = await feedOf(reader);
    expect(emails.map((email) => email.subject)).toEqual(["post number 3", "post number 2", "post number 1"]);
    expect(emails[0]).toMatchObject({
      date_received: item(3).date,
      newsletter_url: item(3).link,
      is_forwarded: false,
      newsletter_id: subscription.newsletter_id,
      newsletter_metadata: { newsletter_name: "The Weekly Tinker" },
    });
    const opened = await call(getEmail, `/api/issues/${emails[0].id}`, {
      cookie: reader.cookie,
      params: { emailId: String(emails[0].id) },
    });
    // Sanitised as mail is: the image through the proxy, the open-tracking pixel gone.
    const body = (opened.body as { body_html: string }).body_html;
    expect(body).toContain("Entry 3 of post");
    expect(body).toMatch(/<img[^>]+src="[^"]*\/img\/[^"]+"[^>]*alt="Photo"|<img[^>]+alt="Photo"[^>]+src="[^"]*\/img\//);
    expect(body).not.toContain("convertkit");
    expect(body).not.toContain("cdn.example.com/photo.jpg");
    expect(await list(reader)).toEqual([subscription]);
  });

  it.each([
    ["Atom 1.0", "application/atom+xml", atom, "https://atom.example.org/"],
    ["JSON Feed 1.1", "application/feed+json", jsonFeed, "https://json.example.net/"],
  ])("follows an %s feed by its own URL", async (_name, type, render, site) => {
    const path = fresh("doc");
    server.routes.set(path, { type, body: render("Format Weekly", [item(4, "entry"), item(5, "entry")]) });
    const reader = await registerUser();
    expect(await followed(reader, `${server.origin}${path}`)).toMatchObject({ title: "Format Weekly", site_url: site });
    const emails = await feedOf(reader);
    expect(emails.map((email) => [email.subject, email.date_received, email.newsletter_url])).toEqual([
      ["entry number 5", item(5, "entry").date, item(5, "entry").link],
      ["entry number 4", item(4, "entry").date, item(4, "entry").link],
    ]);
  });

  it("answers 409 when the reader already follows the feed, by its URL or its page's", async () => {
    const path = fresh("rss");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Twice", [item(1)]) });
    const reader = await registerUser();
    await followed(reader, `${server.origin}${path}`);
    expect(await followUrl(reader, `${server.origin}${path}`)).toMatchObject({
      status: 409,
      body: { detail: "You already follow this feed" },
    });
    expect(await feedOf(reader)).toHaveLength(1);
  });

  it("files the archive past the Screener, and the reader's rules apply to it", async () => {
    const path = fresh("rss");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Screened Weekly", [item(1), item(2)]) });
    const reader = await registerUser();
    expect(
      (await call(setScreener, "/api/users/me/screener", { method: "PUT", cookie: reader.cookie, body: { enabled: true } })).status,
    ).toBe(200);
    const rule = await call(createRule, "/api/users/me/rules", {
      method: "POST",
      cookie: reader.cookie,
      body: {
        name: "Read the first",
        conditions: [{ field: "subject", op: "contains", value: "number 1" }],
        actions: [{ type: "mark_read" }],
      },
    });
    expect(rule.status).toBe(201);
    await followed(reader, `${server.origin}${path}`);
    const emails = await feedOf(reader);
    expect(emails.map((email) => [email.subject, email.is_read])).toEqual([
      ["post number 2", false],
      ["post number 1", true],
    ]);
  });

  it("sends each filed entry to the reader's webhooks, as mail is", async () => {
    const path = fresh("hooked");
    const hook = fresh("hook");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Hooked Weekly", [item(1), item(2)]) });
    server.routes.set(hook, { type: "text/plain", body: "thanks" });
    const reader = await registerUser();
    const created = await call(createWebhook, "/api/users/me/webhooks", {
      method: "POST",
      cookie: reader.cookie,
      body: { url: `${server.origin}${hook}`, events: ["email.received"] },
    });
    expect(created.status).toBe(201);
    await followed(reader, `${server.origin}${path}`);
    await vi.waitFor(
      async () => {
        await runDueJobs();
        expect(server.fetches(hook)).toHaveLength(2);
      },
      { timeout: 10_000, interval: 100 },
    );
    const sent = server
      .fetches(hook)
      .map((request) => (JSON.parse(request.body) as { type: string; data: { email: FeedEmail } }).data.email);
    expect(sent.map((email) => email.subject).sort()).toEqual(["post number 1", "post number 2"]);
    expect(sent[0]).toMatchObject({ is_forwarded: false, newsletter_metadata: { newsletter_name: "Hooked Weekly" } });
  });

  it.each([
    ["", "Enter the address of a feed or of a page that links one"],
    ["ftp://example.com/feed", "Enter an http or https address"],
    [42, "Enter the address of a feed or of a page that links one"],
  ])("answers 422 for the url %j", async (url, message) => {
    const reader = await registerUser();
    expect(await followUrl(reader, url)).toMatchObject({ status: 422, body: { detail: message, errors: [{ field: "url", message }] } });
  });

  it("answers 400 for a body that is not JSON, and 401 without a session", async () => {
    const reader = await registerUser();
    const malformed = await call(follow, "/api/users/me/feed-subscriptions", {
      method: "POST",
      cookie: reader.cookie,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await call(follow, "/api/users/me/feed-subscriptions", { method: "POST", body: { url: "https://example.com" } })).status).toBe(
      401,
    );
    expect((await call(listFollowed, "/api/users/me/feed-subscriptions")).status).toBe(401);
  });
});

describe("bad feeds get a clear 422 and crash nothing", () => {
  const cases: [string, () => string, RegExp][] = [
    [
      "a page that links no feed",
      () => {
        const path = fresh("plain");
        server.routes.set(path, {
          type: "text/html",
          body: "<!doctype html><html><head><title>x</title></head><body>no feed</body></html>",
        });
        return path;
      },
      /^No feed found at this address$/,
    ],
    [
      "malformed XML",
      () => {
        const path = fresh("broken");
        server.routes.set(path, { type: "application/rss+xml", body: `<rss version="2.0"><channel><title>Cut</title><item><title>half` });
        return path;
      },
      /^The feed is not well-formed XML$/,
    ],
    [
      "a server error",
      () => {
        const path = fresh("down");
        server.routes.set(path, { type: "text/plain", body: "down", status: 503 });
        return path;
      },
      /^The feed's server answered 503$/,
    ],
    ["a missing page", () => fresh("missing"), /^The feed's server answered 404$/],
  ];

  it.each(cases)("%s", async (_name, make, detail) => {
    const reader = await registerUser();
    const result = await followUrl(reader, `${server.origin}${make()}`);
    expect(result.status).toBe(422);
    expect((result.body as { detail: string }).detail).toMatch(detail);
    expect(await list(reader)).toEqual([]);
  });

  it("a slow feed is given up after the fetch's deadline", async () => {
    const previous = feedFetchLimits.timeoutMs;
    feedFetchLimits.timeoutMs = 300;
    restore.push(() => (feedFetchLimits.timeoutMs = previous));
    const path = fresh("slow");
    server.hold.add(path);
    const reader = await registerUser();
    expect(await followUrl(reader, `${server.origin}${path}`)).toMatchObject({
      status: 422,
      body: { detail: "The feed could not be fetched: timed out" },
    });
  });

  it("a huge feed is refused past the size cap", async () => {
    const previous = feedFetchLimits.maxBytes;
    feedFetchLimits.maxBytes = 64 * 1024;
    restore.push(() => (feedFetchLimits.maxBytes = previous));
    const path = fresh("huge");
    const items = Array.from({ length: 400 }, (_, index) => ({
      ...item(1 + (index % 28)),
      id: `big-${index}`,
      html: "<p>".padEnd(400, "x") + "</p>",
    }));
    server.routes.set(path, { type: "application/rss+xml", body: rss("Huge", items) });
    const reader = await registerUser();
    expect(await followUrl(reader, `${server.origin}${path}`)).toMatchObject({
      status: 422,
      body: { detail: `The feed could not be fetched: response larger than ${64 * 1024} bytes` },
    });
  });

  it("a redirect to a private address is refused by the guard", async () => {
    restore.push(setFetchResolver(answerEveryName("10.0.0.9")));
    const path = fresh("redirect");
    server.routes.set(path, { type: "text/plain", body: "", status: 302, headers: { location: "http://intranet.example/feed.xml" } });
    const reader = await registerUser();
    expect(await followUrl(reader, `${server.origin}${path}`)).toMatchObject({
      status: 422,
      body: { detail: "The feed could not be fetched: the address is not public" },
    });
  });

  it("a loopback feed not allowed by FETCH_ALLOW_HOSTS is refused", async () => {
    const reader = await registerUser();
    const other = `http://127.0.0.1:${server.port === 65535 ? 1 : server.port + 1}/feed`;
    expect(await followUrl(reader, other)).toMatchObject({
      status: 422,
      body: { detail: "The feed could not be fetched: the address is not public" },
    });
  });
});

describe("refreshing and polling", () => {
  it("files a new entry on refresh without filing the earlier ones again, and asks conditionally (304) when nothing changed", async () => {
    const path = fresh("changing");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Changing", [item(1), item(2)]) });
    const reader = await registerUser();
    const subscription = await followed(reader, `${server.origin}${path}`);
    expect(await feedOf(reader)).toHaveLength(2);

    // A new entry, and an old one whose guid changed but whose link did not: only the new one is filed.
    server.routes.set(path, { type: "application/rss+xml", body: rss("Changing", [{ ...item(1), id: "renamed-guid" }, item(2), item(3)]) });
    expect(await refreshNow(reader, subscription.id)).toMatchObject({ status: 202, body: { id: subscription.id } });
    await runDueJobs();
    expect((await feedOf(reader)).map((email) => email.subject)).toEqual(["post number 3", "post number 2", "post number 1"]);

    const before = server.fetches(path).length;
    await refreshNow(reader, subscription.id);
    await runDueJobs();
    const asked = server.fetches(path).slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0].headers["if-none-match"]).toMatch(/^".+"$/);
    expect(await feedOf(reader)).toHaveLength(3);
    expect((await list(reader))[0]).toMatchObject({ status: "ok", last_error: null });
  });

  it("a 429 with Retry-After puts the next fetch past it, with the status and error in the list", async () => {
    const path = fresh("busy");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Busy", [item(1)]) });
    const reader = await registerUser();
    const subscription = await followed(reader, `${server.origin}${path}`);
    server.routes.set(path, { type: "text/plain", body: "slow down", status: 429, headers: { "retry-after": "86400" } });
    await refreshNow(reader, subscription.id);
    await runDueJobs();
    const [listed] = await list(reader);
    expect(listed).toMatchObject({ status: "error", last_error: "The feed's server asked us to slow down (429)" });
    expect(new Date(listed.next_fetch_at).getTime()).toBeGreaterThan(Date.now() + 86_000_000);
  });

  it("backs off a failing feed, and a later success clears the error", async () => {
    const path = fresh("flaky");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Flaky", [item(1)]) });
    const reader = await registerUser();
    const subscription = await followed(reader, `${server.origin}${path}`);
    server.routes.set(path, { type: "application/rss+xml", body: "<rss><channel><title>broken" });
    await refreshNow(reader, subscription.id);
    await runDueJobs();
    const first = (await list(reader))[0];
    await refreshNow(reader, subscription.id);
    await runDueJobs();
    const second = (await list(reader))[0];
    expect(first).toMatchObject({ status: "error", last_error: "The feed is not well-formed XML" });
    // 30 minutes after one failure, 60 after two.
    const wait = (row: Followed) => new Date(row.next_fetch_at).getTime() - new Date(row.last_fetched_at!).getTime();
    expect(Math.round(wait(first) / 60_000)).toBe(30);
    expect(Math.round(wait(second) / 60_000)).toBe(60);
    server.routes.set(path, { type: "application/rss+xml", body: rss("Flaky", [item(1), item(2)]) });
    await refreshNow(reader, subscription.id);
    await runDueJobs();
    expect((await list(reader))[0]).toMatchObject({ status: "ok", last_error: null });
    expect(await feedOf(reader)).toHaveLength(2);
  });

  it("a feed many readers follow is fetched once per round and filed for each, even when other pollers look while it is being fetched", async () => {
    const path = fresh("popular");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Popular", [item(1)]) });
    const readers = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const subscriptions = [];
    for (const reader of readers) subscriptions.push(await followed(reader, `${server.origin}${path}`));
    // Slow to answer: the second poller looks for due feeds while the first still fetches this one.
    server.routes.set(path, { type: "application/rss+xml", body: rss("Popular", [item(1), item(2)]), delayMs: 1500 });
    await refreshNow(readers[0], subscriptions[0].id);
    const before = server.fetches(path).length;
    const first = pollDueFeeds("instance-a", 100);
    await vi.waitFor(() => expect(server.fetches(path).length).toBe(before + 1));
    await Promise.all([pollDueFeeds("instance-b", 100), pollDueFeeds("instance-c", 100)]);
    await first;
    expect(server.fetches(path).length - before).toBe(1);
    for (const reader of readers) expect((await feedOf(reader)).map((email) => email.subject)).toEqual(["post number 2", "post number 1"]);
  });

  it("answers 404 for a refresh or unfollow of a subscription that is not the reader's", async () => {
    const path = fresh("mine");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Mine", [item(1)]) });
    const owner = await registerUser();
    const stranger = await registerUser();
    const subscription = await followed(owner, `${server.origin}${path}`);
    expect(await refreshNow(stranger, subscription.id)).toMatchObject({ status: 404, body: { detail: "Feed subscription not found" } });
    expect(await unfollowNow(stranger, subscription.id)).toMatchObject({ status: 404 });
    expect((await refreshNow(owner, "abc")).status).toBe(404);
    expect(await list(owner)).toHaveLength(1);
  });

  it("unfollowing answers 204 and keeps the issues", async () => {
    const path = fresh("leaving");
    server.routes.set(path, { type: "application/rss+xml", body: rss("Leaving", [item(1)]) });
    const reader = await registerUser();
    const subscription = await followed(reader, `${server.origin}${path}`);
    expect((await unfollowNow(reader, subscription.id)).status).toBe(204);
    expect(await list(reader)).toEqual([]);
    expect(await feedOf(reader)).toHaveLength(1);
    expect((await unfollowNow(reader, subscription.id)).status).toBe(404);
  });
});

describe("OPML", () => {
  const opml = (urls: string[]) =>
    `<?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body><outline text="News">${urls
      .map((url, index) => `<outline type="rss" text="Feed ${index}" xmlUrl="${url}"/>`)
      .join("")}</outline></body></opml>`;
  const upload = (user: TestUser, body: string) =>
    call(importOpml, "/api/users/me/feed-subscriptions/opml", {
      method: "POST",
      cookie: user.cookie,
      rawBody: body,
      headers: { "content-type": "text/x-opml" },
    });

  it("follows each outline of an imported file in a job whose progress is listed, and the export lists followed feeds", async () => {
    const first = fresh("opml-a");
    const second = fresh("opml-b");
    server.routes.set(first, { type: "application/rss+xml", body: rss("Outline A", [item(1)]) });
    server.routes.set(second, { type: "application/atom+xml", body: atom("Outline B", [item(2)]) });
    const reader = await registerUser();
    const started = await upload(
      reader,
      opml([`${server.origin}${first}`, `${server.origin}${second}`, `${server.origin}${fresh("gone")}`]),
    );
    expect(started).toMatchObject({ status: 202, body: { id: expect.any(Number), status: "running", total: 3, processed: 0 } });
    await runDueJobs();
    const imports = (await call(listOpml, "/api/users/me/feed-subscriptions/opml", { cookie: reader.cookie })).body as { items: unknown[] };
    expect(imports.items[0]).toMatchObject({ status: "done", total: 3, processed: 3, followed: 2, failed: 1 });
    expect((await list(reader)).map((row) => row.title)).toEqual(["Outline A", "Outline B"]);
    expect(await feedOf(reader)).toHaveLength(2);

    const exported = await call(exportOpml, "/api/users/me/feeds.opml", { cookie: reader.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain(`xmlUrl="${server.origin}${first}"`);
    expect(exported.body).toContain(`text="Outline B"`);
  });

  it.each([
    ["a file that is not OPML", "just text", 422],
    ["an OPML file that lists no feed", opml([]), 422],
  ])("answers 422 for %s", async (_name, body, status) => {
    const reader = await registerUser();
    const result = await upload(reader, body);
    expect(result).toMatchObject({ status, body: { detail: expect.any(String) } });
  });

  it("answers 413 for a file over 1 MB", async () => {
    const reader = await registerUser();
    expect((await upload(reader, "x".repeat(1024 * 1024 + 1))).status).toBe(413);
  });
});

describe("WebSub", () => {
  it("subscribes at the hub the feed names, echoes the hub's challenge, and files a push whose signature verifies", async () => {
    const path = fresh("hubbed");
    const hub = fresh("hub");
    server.routes.set(hub, { type: "text/plain", body: "", status: 202 });
    const self = `${server.origin}${path}`;
    const links = `<atom:link rel="hub" href="${server.origin}${hub}"/><atom:link rel="self" href="${self}"/>`;
    server.routes.set(path, { type: "application/rss+xml", body: rss("Hubbed", [item(1)], links) });
    const reader = await registerUser();
    const subscription = await followed(reader, self);
    const [asked] = server.fetches(hub);
    const form = new URLSearchParams(asked.body);
    expect(form.get("hub.mode")).toBe("subscribe");
    expect(form.get("hub.topic")).toBe(self);
    const callback = new URL(form.get("hub.callback")!);
    const feedId = callback.pathname.split("/").at(-1)!;
    expect(callback.pathname).toBe(`/api/inbound/websub/${feedId}`);
    const secret = form.get("hub.secret")!;

    const verify = (topic: string) =>
      call(
        verifyHub,
        `/api/inbound/websub/${feedId}?hub.mode=subscribe&hub.topic=${encodeURIComponent(topic)}&hub.challenge=abc123&hub.lease_seconds=600`,
        {
          params: { feedId },
        },
      );
    expect(await verify(self)).toMatchObject({ status: 200, body: "abc123" });
    expect((await verify("https://elsewhere.example/feed")).status).toBe(404);

    const pushed = rss("Hubbed", [item(1), item(2)], links);
    const push = (signature: string) =>
      call(pushToHub, `/api/inbound/websub/${feedId}`, {
        method: "POST",
        params: { feedId },
        rawBody: pushed,
        headers: { "content-type": "application/rss+xml", "x-hub-signature": signature },
      });
    expect(await push(`sha1=${createHmac("sha1", "not the secret").update(pushed).digest("hex")}`)).toMatchObject({
      status: 403,
      body: { detail: "The signature does not verify" },
    });
    expect(await feedOf(reader)).toHaveLength(1);
    expect(await push(`sha256=${createHmac("sha256", secret).update(pushed).digest("hex")}`)).toMatchObject({
      status: 202,
      body: { filed: 1 },
    });
    expect((await feedOf(reader)).map((email) => email.subject)).toEqual(["post number 2", "post number 1"]);

    // Its last follower gone, the hub is told to stop.
    expect((await unfollowNow(reader, subscription.id)).status).toBe(204);
    const last = new URLSearchParams(server.fetches(hub).at(-1)!.body);
    expect([last.get("hub.mode"), last.get("hub.topic"), last.get("hub.callback")]).toEqual(["unsubscribe", self, callback.href]);
  });

  it("answers 404 to a hub about a feed it was never asked about", async () => {
    const result = await call(verifyHub, "/api/inbound/websub/2147483647?hub.mode=subscribe&hub.topic=x&hub.challenge=y", {
      params: { feedId: "2147483647" },
    });
    expect(result.status).toBe(404);
  });
});
