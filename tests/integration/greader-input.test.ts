import { describe, expect, it } from "vitest";
import { POST as clientLogin } from "@/app/api/greader/accounts/ClientLogin/route";
import { POST as editTag } from "@/app/api/greader/reader/api/0/edit-tag/route";
import { POST as markAllAsRead } from "@/app/api/greader/reader/api/0/mark-all-as-read/route";
import { GET as streamContents } from "@/app/api/greader/reader/api/0/stream/contents/[...stream]/route";
import { POST as itemContents } from "@/app/api/greader/reader/api/0/stream/items/contents/route";
import { GET as itemIds } from "@/app/api/greader/reader/api/0/stream/items/ids/route";
import { GET as subscriptionList } from "@/app/api/greader/reader/api/0/subscription/list/route";
import { GET as tagList } from "@/app/api/greader/reader/api/0/tag/list/route";
import { GET as actionToken } from "@/app/api/greader/reader/api/0/token/route";
import { GET as unreadCount } from "@/app/api/greader/reader/api/0/unread-count/route";
import { GET as userInfo } from "@/app/api/greader/reader/api/0/user-info/route";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { POST as mintToken } from "@/app/api/users/me/tokens/route";
import { call, registerUser, useDatabase, type CallResult, type TestUser } from "../support/api";
import { seedEmail } from "../support/seed";

useDatabase();

const API = "/api/greader/reader/api/0";
const READING_LIST = "user/-/state/com.google/reading-list";
const READ = "user/-/state/com.google/read";
const STARRED = "user/-/state/com.google/starred";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

type Handler = Parameters<typeof call>[0];

async function writeClient(reader: TestUser) {
  const made = await call(mintToken, "/api/users/me/tokens", {
    method: "POST",
    cookie: reader.cookie,
    body: { name: "App", scope: "write" },
  });
  const token = (made.body as { token: string }).token;
  const authorization = `GoogleLogin auth=${token}`;
  const T = String((await call(actionToken, `${API}/token`, { headers: { authorization } })).body);
  return {
    token,
    T,
    get: (handler: Handler, path: string, params?: Record<string, string[]>) => call(handler, path, { headers: { authorization }, params }),
    post: (handler: Handler, path: string, form: URLSearchParams | string) =>
      call(handler, path, { method: "POST", headers: { authorization, ...FORM }, rawBody: String(form) }),
  };
}

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("the Google Reader API reads the decimal short item id as decimal", () => {
  it("i=<id> as stream/items/ids gave it names that email in stream/items/contents and edit-tag", async () => {
    const reader = await registerUser();
    const first = await seedEmail(reader.id, { subject: "First" });
    const second = await seedEmail(reader.id, { subject: "Second" });
    const app = await writeClient(reader);
    const listed = (await app.get(itemIds, `${API}/stream/items/ids?s=${READING_LIST}&n=100`)).body as { itemRefs: { id: string }[] };
    const decimal = listed.itemRefs.map((ref) => ref.id);
    expect(decimal).toEqual([String(second.id), String(first.id)]);
    // 246 is the email 246 here as in FreshRSS, not 0x246: every such id must come back as itself.
    for (const id of decimal) expect(id).toMatch(/^[1-9]\d*$/);

    const contents = await app.post(itemContents, `${API}/stream/items/contents`, decimal.map((id) => `i=${id}`).join("&"));
    expect((contents.body as { items: { title: string }[] }).items.map((item) => item.title)).toEqual(["Second", "First"]);

    expect((await app.post(editTag, `${API}/edit-tag`, `T=${app.T}&i=${decimal[1]}&a=${READ}&a=${STARRED}`)).status).toBe(200);
    const feed = (await call(getFeed, "/api/issues/feed?page_size=100", { cookie: reader.cookie })).body as {
      items: { id: number; is_read: boolean; is_favorited: boolean }[];
    };
    expect(feed.items.find((item) => item.id === first.id)).toMatchObject({ is_read: true, is_favorited: true });
    expect(feed.items.find((item) => item.id === second.id)).toMatchObject({ is_read: false, is_favorited: false });
    // The long form and ReadYou's zero-padded 16 digits stay hex.
    const hex = first.id.toString(16).padStart(16, "0");
    for (const id of [hex, `tag:google.com,2005:reader/item/${hex}`]) {
      const one = await app.post(itemContents, `${API}/stream/items/contents`, `i=${encodeURIComponent(id)}`);
      expect(
        (one.body as { items: { title: string }[] }).items.map((item) => item.title),
        id,
      ).toEqual(["First"]);
    }
  });
});

describe("the Google Reader API answers bad input with a 400, never a 500", () => {
  it.each([
    ["a NUL in a label stream of stream/items/ids", "ids", `s=${encodeURIComponent("user/-/label/a\u0000b")}`],
    ["a NUL in an excluded label", "ids", `s=${READING_LIST}&xt=${encodeURIComponent("user/-/label/\u0000")}`],
    ["a NUL in a label stream of mark-all-as-read", "mark", `s=${encodeURIComponent("user/-/label/a\u0000b")}`],
    ["a continuation on the 31st of February", "ids", `s=${READING_LIST}&c=${cursor(["2024-02-31 12:00:00+00", 5])}`],
    ["a continuation at 25 o'clock", "ids", `s=${READING_LIST}&c=${cursor(["2024-01-01 25:00:00+00", 5])}`],
    ["a continuation in the year 0", "ids", `s=${READING_LIST}&c=${cursor(["0000-01-01 00:00:00+00", 5])}`],
    ["a continuation past any email id", "ids", `s=${READING_LIST}&c=${cursor(["2024-01-01 12:00:00+00", 1e15])}`],
  ])("%s", async (_case, door, query) => {
    const app = await writeClient(await registerUser());
    const result =
      door === "ids"
        ? await app.get(itemIds, `${API}/stream/items/ids?${query}`)
        : await app.post(markAllAsRead, `${API}/mark-all-as-read`, `T=${app.T}&${query}`);
    expect(result).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
  });

  it("a NUL in the stream of stream/contents' path is a 404, as every path that cannot name anything", async () => {
    const app = await writeClient(await registerUser());
    const stream = ["user", "-", "label", "a\u0000b"];
    const result = await app.get(streamContents, `${API}/stream/contents/${stream.map(encodeURIComponent).join("/")}`, { stream });
    expect(result).toMatchObject({ status: 404, body: { detail: "Not found" } });
  });
});

// A fuzz of every parameter every Google Reader call reads, seeded so a failure is replayed as it was,
// and bounded so it runs in the suite: whatever comes, the answer is below 500 and an error says why.
describe("a fuzz of the Google Reader API's parameters", () => {
  // mulberry32: small, seeded, good enough to pick test inputs.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const SEED = 40;
  const ROUNDS_PER_CALL = 80;
  const CHARS = [
    "0",
    "1",
    "9",
    "a",
    "f",
    "z",
    "/",
    "-",
    ".",
    ":",
    "%",
    "+",
    " ",
    "\u0000",
    "\n",
    "\u007f",
    "é",
    "😀",
    "\ud800",
    "'",
    "&",
    "=",
  ];
  const NASTY = ["", "0", "-1", "1.5", "1e309", "NaN", "99999999999999999999", "9223372036854775807", "\u0000", "\ud800", "x".repeat(3000)];

  it(`never answers 500 (seed ${SEED}, ${ROUNDS_PER_CALL} requests to each call)`, async () => {
    const reader = await registerUser();
    const mail = await seedEmail(reader.id, { subject: "Fuzzed" });
    const app = await writeClient(reader);
    const next = random(SEED);
    const int = (below: number) => Math.floor(next() * below);
    const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;
    const noise = (length = int(24)) => Array.from({ length }, () => pick(CHARS)).join("");
    const two = (below: number) => String(int(below)).padStart(2, "0");
    // A continuation of the right shape with fields in and out of range, or of the wrong shape.
    const continuation = () => {
      const at = `${String(int(10_000)).padStart(4, "0")}-${two(14)}-${two(34)} ${two(27)}:${two(62)}:${two(62)}.${int(999)}${pick(["+", "-"])}${two(20)}`;
      const id = pick([int(1000), -1, 0, 2147483648, 1e15, 1.5, mail.id]);
      return Buffer.from(JSON.stringify(pick([[at, id], [at, id, 1], [id, at], { at }, at]))).toString("base64url");
    };
    const hex = mail.id.toString(16).padStart(16, "0");
    // Each parameter's well-formed values, which the fuzz sends as they are, cut, or with noise inside.
    const valid: Record<string, () => string> = {
      s: () =>
        pick([READING_LIST, READ, STARRED, "user/-/label/Tech", `user/${reader.id}/state/com.google/read`, `feed/${int(3_000_000_000)}`]),
      it: () => pick([READ, STARRED, "user/-/label/Tech"]),
      xt: () => pick([READ, STARRED, "user/-/label/Tech"]),
      n: () => String(int(20_000)),
      c: continuation,
      ot: () => String(next() * 200_000_000_000),
      nt: () => String(int(200_000_000_000)),
      ts: () => String(int(2 ** 53)).repeat(1 + int(2)),
      r: () => pick(["o", "n", READ, STARRED, "user/-/state/com.google/kept-unread"]),
      a: () => pick([READ, STARRED, "user/-/state/com.google/kept-unread", "user/-/state/com.google/tracking-body-link-used"]),
      i: () => pick([String(mail.id), hex, `tag:google.com,2005:reader/item/${hex}`, mail.id.toString(16), String(int(2 ** 40))]),
      output: () => pick(["json", "xml", "atom"]),
      Email: () => pick(["anyone", reader.email]),
      Passwd: () => pick([app.token, `pb_${noise(43)}`]),
      accountType: () => "HOSTED_OR_GOOGLE",
      service: () => "reader",
    };
    const fuzzed = (name: string) => {
      const well = valid[name]!();
      const roll = next();
      if (roll < 0.2) return well;
      if (roll < 0.5) {
        const at = int(well.length + 1);
        return well.slice(0, at) + noise(1 + int(3)) + well.slice(at + int(2));
      }
      if (roll < 0.65) return well.slice(0, int(well.length));
      if (roll < 0.85) return pick(NASTY);
      return noise();
    };
    const value = (name: string) => (next() < 0.5 ? valid[name]!() : fuzzed(name));
    // Well-formed values for some of the parameters, and one of them (present or not) fuzzed: a bad value
    // then reaches the code past the checks of the others.
    const form = (names: readonly string[]) => {
      const params = new URLSearchParams();
      for (const name of names)
        if (next() < 0.5) for (let count = next() < 0.2 ? 3 : 1; count > 0; count--) params.append(name, valid[name]!());
      const target = pick(names);
      params.delete(target);
      for (let count = next() < 0.2 ? 2 : 1; count > 0; count--) params.append(target, fuzzed(target));
      return params;
    };
    const STREAM = ["s", "n", "c", "it", "xt", "ot", "nt", "r", "output"] as const;
    const calls: Array<() => Promise<[string, CallResult]>> = [
      async () => {
        const query = form(STREAM);
        return [`GET stream/items/ids?${query}`, await app.get(itemIds, `${API}/stream/items/ids?${query}`)];
      },
      async () => {
        const query = form(STREAM.filter((name) => name !== "s"));
        const stream = value("s").split("/");
        const path = `${API}/stream/contents/${stream.map((part) => encodeURIComponent(part.toWellFormed())).join("/")}?${query}`;
        return [`GET ${path}`, await app.get(streamContents, path, { stream })];
      },
      async () => {
        const body = form(["i", "output"]);
        return [`POST stream/items/contents ${body}`, await app.post(itemContents, `${API}/stream/items/contents`, body)];
      },
      async () => {
        const body = form(["i", "a", "r"]);
        body.set("T", next() < 0.9 ? app.T : noise());
        return [`POST edit-tag ${body}`, await app.post(editTag, `${API}/edit-tag`, body)];
      },
      async () => {
        const body = form(["s", "ts"]);
        body.set("T", app.T);
        return [`POST mark-all-as-read ${body}`, await app.post(markAllAsRead, `${API}/mark-all-as-read`, body)];
      },
      async () => {
        const body = form(["Email", "Passwd", "output", "accountType", "service"]);
        const query = next() < 0.2 ? `?${form(["Passwd", "output"])}` : "";
        const result = await call(clientLogin, `/api/greader/accounts/ClientLogin${query}`, {
          method: "POST",
          headers: FORM,
          rawBody: String(body),
        });
        return [`POST ClientLogin${query} ${body}`, result];
      },
      async () => {
        const [name, handler] = pick([
          ["subscription/list", subscriptionList],
          ["tag/list", tagList],
          ["unread-count", unreadCount],
          ["user-info", userInfo],
          ["token", actionToken],
        ] as const);
        const query = form(["output", "n", "c"]);
        return [`GET ${name}?${query}`, await app.get(handler, `${API}/${name}?${query}`)];
      },
    ];
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS_PER_CALL; round++) {
      for (const send of calls) {
        const [request, result] = await send();
        const explained = result.status < 400 || typeof (result.body as { detail?: unknown } | null)?.detail === "string";
        if (result.status >= 500 || !explained) failures.push(`${result.status} ${request.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
