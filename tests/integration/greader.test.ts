import { describe, expect, it } from "vitest";
import { POST as unserved } from "@/app/api/greader/[...path]/route";
import { POST as clientLogin, GET as clientLoginGet } from "@/app/api/greader/accounts/ClientLogin/route";
import { POST as editTag, GET as editTagGet } from "@/app/api/greader/reader/api/0/edit-tag/route";
import { POST as markAllAsRead } from "@/app/api/greader/reader/api/0/mark-all-as-read/route";
import { GET as streamContents } from "@/app/api/greader/reader/api/0/stream/contents/[...stream]/route";
import { POST as itemContents } from "@/app/api/greader/reader/api/0/stream/items/contents/route";
import { GET as itemIds } from "@/app/api/greader/reader/api/0/stream/items/ids/route";
import { GET as subscriptionList } from "@/app/api/greader/reader/api/0/subscription/list/route";
import { GET as tagList } from "@/app/api/greader/reader/api/0/tag/list/route";
import { GET as unreadCount } from "@/app/api/greader/reader/api/0/unread-count/route";
import { GET as actionToken } from "@/app/api/greader/reader/api/0/token/route";
import { GET as userInfo } from "@/app/api/greader/reader/api/0/user-info/route";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { POST as addToFolder } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { POST as createFolder } from "@/app/api/users/me/folders/route";
import { POST as mintToken } from "@/app/api/users/me/tokens/route";
import { call, registerUser, useDatabase, type CallResult, type TestUser } from "../support/api";
import { seedCategory, seedEmail, seedNewsletter, seedRead } from "../support/seed";

/*
 * Request sequences recorded from the clients' sources (read through the code search, not run):
 *
 * NetNewsWire, Account/Sources/Account/ReaderAPI/ReaderAPICaller.swift and ReaderAPIAccountDelegate.swift:
 *   POST accounts/ClientLogin            Email=<user>&Passwd=<password>            -> lines, "Auth=" split on "="
 *   GET  reader/api/0/tag/list?output=json                                          -> {tags: [{id, type}]} (every /label/ is a folder)
 *   GET  reader/api/0/subscription/list?output=json                                 -> {subscriptions: [{id, title, categories: [{id, label}], url, htmlUrl, iconUrl}]}
 *   GET  reader/api/0/stream/items/ids?ot=<Double seconds>&n=10000&output=json&xt=user/-/state/com.google/read&s=user/-/state/com.google/reading-list
 *   GET  reader/api/0/token                                                         -> the T token, plain text
 *   POST reader/api/0/stream/items/contents  T=<T>&output=json&i=<unpadded hex>&i=...  -> {id, updated, items: [{id, title, published, summary.content, alternate[].href, categories, origin.streamId}]}
 *   GET  reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=10000&xt=user/-/state/com.google/read&output=json
 *   GET  reader/api/0/stream/items/ids?s=user/-/state/com.google/starred&n=10000&output=json  -> {itemRefs: [{id: decimal}]} (itemRefs must be an array)
 *   POST reader/api/0/edit-tag  T=<T>&i=<%.16llx>&...&a=user/-/state/com.google/read (r= to unmark; same for starred)
 *   (user-info is not in the version read; newer ones and ReadYou ask for it, so the session below does too.)
 *
 * ReadYou, app/src/main/java/me/ash/reader/infrastructure/rss/provider/greader/GoogleReaderAPI.kt:
 *   POST accounts/ClientLogin  output=json&Email&Passwd&client&accountType=HOSTED_OR_GOOGLE&service=reader -> JSON {Auth} first, lines as fallback
 *   GET  reader/api/0/token
 *   GET  reader/api/0/user-info?output=json
 *   GET  reader/api/0/subscription/list?output=json
 *   GET  reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/read&ot=<Long seconds>&n=10000
 *   GET  reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=10000
 *   GET  reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/starred&n=10000
 *   POST reader/api/0/stream/items/contents?output=json  i=<%016x>&...&T=<T>
 *   POST reader/api/0/edit-tag?output=json  i=tag:google.com,2005:reader/item/<%016x>&a=|r=...&T=<T>  -> "OK"
 *   POST reader/api/0/mark-all-as-read?output=json  s=<stream>&ts=<since>&T=<T>
 * Miniflux's internal/googlereader (handler.go, middleware.go, response.go) and FreshRSS's p/api/greader.php
 * were the servers read for the answers' shapes.
 */

useDatabase();

const BASE = "/api/greader";
const API = `${BASE}/reader/api/0`;
const READ = "user/-/state/com.google/read";
const STARRED = "user/-/state/com.google/starred";
const READING_LIST = "user/-/state/com.google/reading-list";

type Handler = Parameters<typeof call>[0];
type Item = {
  id: string;
  title: string;
  published: number;
  timestampUsec: string;
  summary: { content: string };
  canonical: { href: string }[];
  alternate: { href: string }[];
  categories: string[];
  origin: { streamId: string; title: string };
};
type ItemRefs = { itemRefs: { id: string }[]; continuation?: string };

const hex = (id: number) => id.toString(16).padStart(16, "0");
const longId = (id: number) => `tag:google.com,2005:reader/item/${hex(id)}`;

async function tokenFor(user: TestUser, scope: "read" | "write"): Promise<string> {
  const made = await call(mintToken, "/api/users/me/tokens", {
    method: "POST",
    cookie: user.cookie,
    body: { name: `${scope} app`, scope },
  });
  return (made.body as { token: string }).token;
}

/** A client's request: `GoogleLogin auth=` once logged in, and a form body for POSTs, as the clients send them. */
function client(auth: string | null) {
  const headers = (extra: Record<string, string> = {}) => ({ ...(auth ? { authorization: `GoogleLogin auth=${auth}` } : {}), ...extra });
  return {
    get: (handler: Handler, path: string, params?: Record<string, string[]>) => call(handler, path, { headers: headers(), params }),
    post: (handler: Handler, path: string, form: string) =>
      call(handler, path, { method: "POST", headers: headers({ "content-type": "application/x-www-form-urlencoded" }), rawBody: form }),
  };
}

async function login(token: string): Promise<string> {
  const result = await client(null).post(clientLogin, `${BASE}/accounts/ClientLogin`, `Email=anyone&Passwd=${encodeURIComponent(token)}`);
  expect(result.status).toBe(200);
  // NetNewsWire's parse: lines split on "=", two parts each.
  const fields = Object.fromEntries(
    String(result.body)
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const parts = line.split("=");
        expect(parts).toHaveLength(2);
        return parts as [string, string];
      }),
  );
  expect(Object.keys(fields)).toEqual(["SID", "LSID", "Auth"]);
  return fields.Auth!;
}

const ids = (result: CallResult) => (result.body as ItemRefs).itemRefs.map((ref) => Number(ref.id));
const feedIsRead = async (user: TestUser) => {
  const feed = await call(getFeed, "/api/issues/feed?page_size=100", { cookie: user.cookie });
  return Object.fromEntries((feed.body as { items: { id: number; is_read: boolean }[] }).items.map((item) => [item.id, item.is_read]));
};

/** A reader with three newsletters' mail (one of them in a category), a folder, and a bystander with mail of their own. */
async function readerWithMail() {
  const reader = await registerUser("Sync Reader");
  const bystander = await registerUser("Bystander");
  const categoryName = `Tech ${Math.random().toString(36).slice(2, 8)}`;
  const category = await seedCategory(categoryName);
  const tech = await seedNewsletter({ name: "Tech Weekly", categoryIds: [category] });
  const food = await seedNewsletter({ name: "Food Letter" });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const older = await seedEmail(reader.id, {
    newsletterId: food,
    subject: "Pasta by hand",
    dateReceived: minutesAgo(30),
    bodyPlain: "Flour & eggs",
  });
  const newer = await seedEmail(reader.id, { newsletterId: tech, subject: "Compilers", dateReceived: minutesAgo(10) });
  const newest = await seedEmail(reader.id, { newsletterId: tech, subject: "Kernels", dateReceived: minutesAgo(5) });
  const foreign = await seedEmail(bystander.id, { newsletterId: tech, subject: "Not yours", dateReceived: minutesAgo(1) });
  return { reader, bystander, categoryName, tech, food, older, newer, newest, foreign };
}

describe("Google Reader API", () => {
  it("serves a NetNewsWire session: login, token, lists, unread and starred ids, contents, edit-tag read and starred", async () => {
    const { reader, categoryName, tech, food, older, newer, newest, foreign } = await readerWithMail();
    const folder = await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name: "Keep" } });
    const folderId = (folder.body as { id: number }).id;
    const filed = await call(addToFolder, `/api/users/me/folders/${folderId}/emails`, {
      method: "POST",
      cookie: reader.cookie,
      body: { email_id: older.id },
      params: { folderId: String(folderId) },
    });
    expect(filed.status).toBeLessThan(300);
    await seedRead(reader.id, older);

    const auth = await login(await tokenFor(reader, "write"));
    const nnw = client(auth);
    const t = await nnw.get(actionToken, `${API}/token`);
    expect(t.status).toBe(200);
    expect(t.headers.get("content-type")).toMatch(/^text\/plain/);
    const T = String(t.body);
    expect(T).toMatch(/^[0-9a-f]{57}$/);

    expect((await nnw.get(userInfo, `${API}/user-info?output=json`)).body).toMatchObject({
      userId: String(reader.id),
      userEmail: reader.email,
    });

    const tags = (await nnw.get(tagList, `${API}/tag/list?output=json`)).body as { tags: { id: string; type?: string }[] };
    expect(tags.tags).toEqual([
      { id: STARRED },
      { id: `user/-/label/${categoryName}`, type: "folder" },
      { id: "user/-/label/Keep", type: "tag" },
    ]);

    const subscriptions = (await nnw.get(subscriptionList, `${API}/subscription/list?output=json`)).body as {
      subscriptions: { id: string; title: string; categories: { id: string; label: string }[]; url: string; htmlUrl: string }[];
    };
    expect(subscriptions.subscriptions.map((sub) => [sub.id, sub.title, sub.categories])).toEqual([
      [`feed/${food}`, "Food Letter", []],
      [`feed/${tech}`, "Tech Weekly", [{ id: `user/-/label/${categoryName}`, label: categoryName, type: "folder" }]],
    ]);
    expect(subscriptions.subscriptions[0]!.url).toBe(`${process.env.APP_URL}/newsletter/${food}`);

    // Unread since three months ago (ot as a Swift Double), then all unread, then starred.
    const since = (Date.now() / 1000 - 90 * 86_400).toFixed(6);
    const unreadSince = await nnw.get(itemIds, `${API}/stream/items/ids?ot=${since}&n=10000&output=json&xt=${READ}&s=${READING_LIST}`);
    expect(unreadSince.status).toBe(200);
    expect(ids(unreadSince)).toEqual([newest.id, newer.id]);
    expect(ids(await nnw.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=10000&xt=${READ}&output=json`))).toEqual([
      newest.id,
      newer.id,
    ]);
    expect(await nnw.get(itemIds, `${API}/stream/items/ids?s=${STARRED}&n=10000&output=json`)).toMatchObject({
      status: 200,
      body: { itemRefs: [] },
    });

    // Contents of the unread ids, as stream/items/ids gave them (decimal, read as FreshRSS reads them: an
    // unpadded hex id of digits only would be taken for decimal there too); another reader's id is left out.
    const contents = await nnw.post(
      itemContents,
      `${API}/stream/items/contents`,
      `T=${T}&output=json&i=${newest.id}&i=${newer.id}&i=${foreign.id}`,
    );
    expect(contents.status).toBe(200);
    const body = contents.body as { id: string; updated: number; items: Item[] };
    expect(body.updated).toEqual(expect.any(Number));
    expect(body.items.map((item) => item.id)).toEqual([longId(newest.id), longId(newer.id)]);
    const [first] = body.items;
    expect(first).toMatchObject({
      title: "Kernels",
      summary: { content: "<p>Hello</p>" },
      canonical: [{ href: `${process.env.APP_URL}/emails/${newest.id}` }],
      alternate: [{ href: `${process.env.APP_URL}/emails/${newest.id}` }],
      origin: { streamId: `feed/${tech}`, title: "Tech Weekly" },
    });
    expect(first!.categories).toEqual([READING_LIST, `user/-/label/${categoryName}`]);
    expect(first!.published).toBe(Math.floor(Number(first!.timestampUsec) / 1e6));

    // The read email in the folder says so in its categories.
    const readOne = (await nnw.post(itemContents, `${API}/stream/items/contents`, `T=${T}&i=${hex(older.id)}`)).body as { items: Item[] };
    expect(readOne.items[0]!.categories).toEqual([READING_LIST, READ, "user/-/label/Keep"]);

    // Marked read and starred in the app: Paperboy's feed and favourites follow.
    expect(await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newer.id)}&a=${READ}`)).toMatchObject({ status: 200, body: "OK" });
    expect(await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newest.id)}&a=${STARRED}`)).toMatchObject({ status: 200 });
    expect(await feedIsRead(reader)).toEqual({ [older.id]: true, [newer.id]: true, [newest.id]: false });
    expect(ids(await nnw.get(itemIds, `${API}/stream/items/ids?s=${STARRED}&n=10000&output=json`))).toEqual([newest.id]);
    expect(ids(await nnw.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=10000&xt=${READ}`))).toEqual([newest.id]);

    // And back: unread and unstarred.
    await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newer.id)}&r=${READ}`);
    await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newest.id)}&r=${STARRED}`);
    expect(await feedIsRead(reader)).toMatchObject({ [newer.id]: false });
    expect(ids(await nnw.get(itemIds, `${API}/stream/items/ids?s=${STARRED}&n=10000`))).toEqual([]);

    // kept-unread, as Miniflux reads it: added is unread, removed is read; with read itself at once, a 400.
    await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newer.id)}&r=user/-/state/com.google/kept-unread`);
    expect(await feedIsRead(reader)).toMatchObject({ [newer.id]: true });
    await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newer.id)}&a=user/-/state/com.google/kept-unread`);
    expect(await feedIsRead(reader)).toMatchObject({ [newer.id]: false });
    expect(
      (await nnw.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(newer.id)}&a=${READ}&a=user/-/state/com.google/kept-unread`)).status,
    ).toBe(400);
  });

  it("follows what the reader does in Paperboy: read there is left out of unread and marked read here", async () => {
    const { reader, tech, food, newer, newest, older } = await readerWithMail();
    const app = client(await login(await tokenFor(reader, "read")));
    const marked = await call(interact, `/api/issues/${newer.id}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      body: { is_read: true },
      params: { emailId: String(newer.id) },
    });
    expect(marked.status).toBe(200);
    await call(interact, `/api/issues/${newest.id}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      body: { is_favorited: true },
      params: { emailId: String(newest.id) },
    });
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&xt=${READ}&n=10000`))).toEqual([newest.id, older.id]);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=${READ}&n=10000`))).toEqual([newer.id]);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=${STARRED}&n=10000`))).toEqual([newest.id]);
    const counts = (await app.get(unreadCount, `${API}/unread-count?output=json`)).body as {
      unreadcounts: { id: string; count: number; newestItemTimestampUsec: string }[];
    };
    // Tech was made before Food: feeds come in the order of their ids, then the reading list's total.
    expect(counts.unreadcounts.map(({ id, count }) => [id, count])).toEqual([
      [`feed/${tech}`, 1],
      [`feed/${food}`, 1],
      [READING_LIST, 2],
    ]);
    expect(counts.unreadcounts.at(-1)!.newestItemTimestampUsec).toMatch(/^\d{16}$/);
    const item = (await app.post(itemContents, `${API}/stream/items/contents`, `i=${longId(newer.id)}`)).body as { items: Item[] };
    expect(item.items[0]!.categories).toContain(READ);
  });

  it("serves a ReadYou session: JSON login, read ids since, long ids in edit-tag, mark-all-as-read", async () => {
    const { reader, tech, older, newer, newest } = await readerWithMail();
    const token = await tokenFor(reader, "write");
    const loggedIn = await client(null).post(
      clientLogin,
      `${BASE}/accounts/ClientLogin`,
      `output=json&Email=me&Passwd=${token}&client=ReadYou&accountType=HOSTED_OR_GOOGLE&service=reader`,
    );
    expect(loggedIn).toMatchObject({ status: 200, body: { Auth: token } });
    const app = client((loggedIn.body as { Auth: string }).Auth);
    const T = String((await app.get(actionToken, `${API}/token`)).body);
    expect((await app.get(userInfo, `${API}/user-info?output=json`)).body).toMatchObject({ userName: "Sync Reader" });
    const since = Math.floor(Date.now() / 1000) - 3600;
    expect(await app.get(itemIds, `${API}/stream/items/ids?output=json&s=${READ}&ot=${since}&n=10000`)).toMatchObject({
      body: { itemRefs: [] },
    });
    const edited = await app.post(editTag, `${API}/edit-tag?output=json`, `i=${encodeURIComponent(longId(older.id))}&a=${READ}&T=${T}`);
    expect(edited).toMatchObject({ status: 200, body: "OK" });
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?output=json&s=${READ}&ot=${since}&n=10000`))).toEqual([older.id]);

    // Mark the Tech feed read up to (and including) the newer issue, in microseconds: the newest stays unread.
    const upTo = (await app.post(itemContents, `${API}/stream/items/contents`, `i=${hex(newer.id)}`)).body as { items: Item[] };
    const marked = await app.post(
      markAllAsRead,
      `${API}/mark-all-as-read?output=json`,
      `s=feed/${tech}&ts=${upTo.items[0]!.timestampUsec}&T=${T}`,
    );
    expect(marked).toMatchObject({ status: 200, body: "OK" });
    expect(await feedIsRead(reader)).toEqual({ [older.id]: true, [newer.id]: true, [newest.id]: false });
    await app.post(markAllAsRead, `${API}/mark-all-as-read`, `s=${READING_LIST}&T=${T}`);
    expect(await feedIsRead(reader)).toEqual({ [older.id]: true, [newer.id]: true, [newest.id]: true });
  });

  it("pages with continuation, oldest first with r=o, within ot/nt, and by feed and label streams", async () => {
    const { reader, categoryName, food, older, newer, newest } = await readerWithMail();
    const app = client(await login(await tokenFor(reader, "read")));
    const first = await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=2`);
    expect(ids(first)).toEqual([newest.id, newer.id]);
    const continuation = (first.body as ItemRefs).continuation!;
    expect(continuation).toEqual(expect.any(String));
    const second = await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=2&c=${continuation}`);
    expect(ids(second)).toEqual([older.id]);
    expect((second.body as ItemRefs).continuation).toBeUndefined();

    const ascending = await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=1&r=o`);
    expect(ids(ascending)).toEqual([older.id]);
    const next = await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=5&r=o&c=${(ascending.body as ItemRefs).continuation}`);
    expect(ids(next)).toEqual([newer.id, newest.id]);

    const fifteenMinutesAgo = Math.floor(Date.now() / 1000) - 15 * 60;
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&ot=${fifteenMinutesAgo}`))).toEqual([newest.id, newer.id]);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&nt=${fifteenMinutesAgo}`))).toEqual([older.id]);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=feed/${food}`))).toEqual([older.id]);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=user/-/label/${encodeURIComponent(categoryName)}`))).toEqual([
      newest.id,
      newer.id,
    ]);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=user/-/label/Nothing`))).toEqual([]);

    // stream/contents takes the stream in the path, and pages the same way.
    const path = READING_LIST.split("/");
    const page = await app.get(streamContents, `${API}/stream/contents/${READING_LIST}?n=2`, { stream: path });
    const pageBody = page.body as { id: string; items: Item[]; continuation?: string };
    expect(pageBody.id).toBe(READING_LIST);
    expect(pageBody.items.map((item) => item.title)).toEqual(["Kernels", "Compilers"]);
    const rest = await app.get(streamContents, `${API}/stream/contents/${READING_LIST}?n=2&c=${pageBody.continuation}`, { stream: path });
    expect((rest.body as { items: Item[] }).items.map((item) => item.title)).toEqual(["Pasta by hand"]);
    expect((rest.body as { continuation?: string }).continuation).toBeUndefined();
    expect((rest.body as { items: Item[] }).items[0]!.summary.content).toBe("<p>Flour & eggs</p>");
  });

  it("never shows or changes another reader's items", async () => {
    const { reader, bystander, foreign, tech } = await readerWithMail();
    const token = await tokenFor(reader, "write");
    const app = client(await login(token));
    const T = String((await app.get(actionToken, `${API}/token`)).body);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=10000`))).not.toContain(foreign.id);
    expect(ids(await app.get(itemIds, `${API}/stream/items/ids?s=feed/${tech}&n=10000`))).not.toContain(foreign.id);
    expect(await app.post(itemContents, `${API}/stream/items/contents`, `i=${hex(foreign.id)}`)).toMatchObject({ body: { items: [] } });
    expect(await app.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(foreign.id)}&a=${READ}`)).toMatchObject({ status: 200 });
    expect(await app.post(editTag, `${API}/edit-tag`, `T=${T}&i=${hex(foreign.id)}&a=${STARRED}`)).toMatchObject({ status: 200 });
    await app.post(markAllAsRead, `${API}/mark-all-as-read`, `s=feed/${tech}&T=${T}`);
    expect(await feedIsRead(bystander)).toEqual({ [foreign.id]: false });
    const theirs = client(await login(await tokenFor(bystander, "read")));
    expect(ids(await theirs.get(itemIds, `${API}/stream/items/ids?s=${STARRED}`))).toEqual([]);
  });

  it("refuses a missing or bad token with 401, a read token's edits with 403, and a stale T with 401", async () => {
    const { reader, newer } = await readerWithMail();
    expect(await client(null).post(clientLogin, `${BASE}/accounts/ClientLogin`, "Email=a&Passwd=pb_not-a-token")).toMatchObject({
      status: 401,
      body: { detail: expect.any(String) },
    });
    expect((await client(null).post(clientLogin, `${BASE}/accounts/ClientLogin`, "Email=a")).status).toBe(401);
    // A token in a URL stays in logs: ClientLogin is a POST of a form, and a Passwd in its query is refused unread.
    expect(await call(clientLoginGet, `${BASE}/accounts/ClientLogin?Email=a&Passwd=nope`)).toMatchObject({ status: 405 });
    const validToken = await tokenFor(reader, "read");
    expect(await call(clientLoginGet, `${BASE}/accounts/ClientLogin?Email=a&Passwd=${validToken}`)).toMatchObject({ status: 405 });
    expect(await client(null).post(clientLogin, `${BASE}/accounts/ClientLogin?Passwd=${validToken}`, "Email=a")).toMatchObject({
      status: 400,
      body: { detail: "Send Email and Passwd in the body of a POST, never in the URL." },
    });
    for (const auth of [null, "pb_not-a-token", ""]) {
      expect(await client(auth).get(subscriptionList, `${API}/subscription/list`)).toMatchObject({
        status: 401,
        body: { detail: "Not authenticated" },
      });
    }
    expect((await call(tagList, `${API}/tag/list`, { cookie: reader.cookie })).status).toBe(401);

    const readToken = await tokenFor(reader, "read");
    const reading = client(await login(readToken));
    const readT = String((await reading.get(actionToken, `${API}/token`)).body);
    expect((await reading.get(subscriptionList, `${API}/subscription/list`)).status).toBe(200);
    expect(await reading.post(editTag, `${API}/edit-tag`, `T=${readT}&i=${hex(newer.id)}&a=${READ}`)).toMatchObject({
      status: 403,
      body: { detail: "This access token can only read." },
    });
    expect((await reading.post(markAllAsRead, `${API}/mark-all-as-read`, `T=${readT}&s=${READING_LIST}`)).status).toBe(403);
    expect(await feedIsRead(reader)).toMatchObject({ [newer.id]: false });

    const writing = client(await login(await tokenFor(reader, "write")));
    const stale = await writing.post(editTag, `${API}/edit-tag`, `T=${readT}&i=${hex(newer.id)}&a=${READ}`);
    expect(stale.status).toBe(401);
    expect(stale.headers.get("x-reader-google-bad-token")).toBe("true");
    expect((await writing.post(editTag, `${API}/edit-tag`, `i=${hex(newer.id)}&a=${READ}`)).status).toBe(401);
    expect((await call(editTagGet, `${API}/edit-tag`)).status).toBe(405);
    // A call Paperboy does not serve is a 404 for a known caller, not a 401 the apps would take for a wrong password.
    expect((await client(null).post(unserved, `${API}/subscription/quickadd`, "quickadd=https://x.example")).status).toBe(401);
    expect(await writing.post(unserved, `${API}/subscription/quickadd`, "quickadd=https://x.example")).toMatchObject({
      status: 404,
      body: { detail: expect.stringContaining("newsletters arrive by mail") },
    });
  });

  it("refuses malformed ids, streams, counts and continuations with 400", async () => {
    const { reader } = await readerWithMail();
    const token = await tokenFor(reader, "write");
    const app = client(await login(token));
    const T = String((await app.get(actionToken, `${API}/token`)).body);
    for (const id of ["xyz", "-12", "tag:google.com,2005:reader/item/", "12345678901234567890", "tag:google.com,2005:reader/item/zz"]) {
      expect(await app.post(itemContents, `${API}/stream/items/contents`, `i=${encodeURIComponent(id)}`), id).toMatchObject({
        status: 400,
        body: { detail: expect.stringContaining("Malformed item id") },
      });
      expect((await app.post(editTag, `${API}/edit-tag`, `T=${T}&i=${encodeURIComponent(id)}&a=${READ}`)).status, id).toBe(400);
    }
    expect((await app.post(itemContents, `${API}/stream/items/contents`, "")).status).toBe(400);
    expect((await app.post(editTag, `${API}/edit-tag`, `T=${T}&a=${READ}`)).status).toBe(400);
    expect((await app.post(editTag, `${API}/edit-tag`, `T=${T}&i=1`)).status).toBe(400);
    expect((await app.post(markAllAsRead, `${API}/mark-all-as-read`, `T=${T}`)).status).toBe(400);
    expect((await app.post(markAllAsRead, `${API}/mark-all-as-read`, `T=${T}&s=${READING_LIST}&ts=soon`)).status).toBe(400);
    for (const query of [
      "",
      `s=user/-/state/com.google/like`,
      `s=feed/abc`,
      `s=${READING_LIST}&n=0`,
      `s=${READING_LIST}&n=ten`,
      `s=${READING_LIST}&c=bogus`,
      `s=${READING_LIST}&c=${Buffer.from('["yesterday", 1]').toString("base64url")}`,
      `s=${READING_LIST}&ot=yesterday`,
      `s=${READING_LIST}&xt=user/-/state/com.google/nonsense`,
    ]) {
      expect(await app.get(itemIds, `${API}/stream/items/ids?${query}`), query).toMatchObject({
        status: 400,
        body: { detail: expect.any(String) },
      });
    }
  });
});
