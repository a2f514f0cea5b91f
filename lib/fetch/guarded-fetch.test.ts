import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { allowFetchTo, answerEveryName, startLocalServer, type LocalServer } from "@/tests/support/local-server";
import { DEFAULT_TIMEOUT_MS, FetchRefusedError, guardedFetch, resolveGuardedAddress, setFetchResolver } from "./guarded-fetch";

let server: LocalServer;
let undo: Array<() => void> = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const hops = /^\/hops\/(\d+)$/.exec(req.url);
    if (hops) {
      const left = Number(hops[1]);
      res.writeHead(left > 0 ? 302 : 200, left > 0 ? { location: `/hops/${left - 1}` } : {});
      return res.end(left > 0 ? "" : "arrived");
    }
    if (req.url === "/to-private") {
      res.writeHead(302, { location: "http://intranet.example/admin" });
      return res.end();
    }
    if (req.url.startsWith("/status/")) {
      const [, , code, location] = req.url.split("/");
      res.writeHead(Number(code), { location: `/${location}` });
      return res.end();
    }
    if (req.url === "/slow") return setTimeout(() => res.end("late"), 2_000);
    if (req.url === "/big") return res.end("x".repeat(4_000));
    if (req.url === "/big-chunked") {
      res.write("x".repeat(3_000));
      return setTimeout(() => res.end("x".repeat(3_000)), 20);
    }
    res.setHeader("set-cookie", "tracker=1");
    res.end("hello");
  });
});
afterAll(() => server.close());
afterEach(() => {
  undo.forEach((restore) => restore());
  undo = [];
  server.requests.length = 0;
});

function allow(...hostPorts: string[]) {
  undo.push(allowFetchTo(...hostPorts));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("the request went through"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return (error as FetchRefusedError).reason;
}

describe("guardedFetch", () => {
  it("reaches a loopback server listed in FETCH_ALLOW_HOSTS and sends nothing of ours", async () => {
    allow(server.hostPort);
    const response = await guardedFetch(`http://user:secret@127.0.0.1:${server.port}/page`, {
      method: "POST",
      headers: {
        "content-type": "text/plain",
        cookie: "session=ours",
        referer: "http://localhost:3000/feed",
        authorization: "Bearer ours",
      },
      body: "hi",
    });
    expect(response).toMatchObject({ status: 200, url: `http://user:secret@127.0.0.1:${server.port}/page` });
    expect(response.body.toString()).toBe("hello");
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: "POST", url: "/page", body: "hi" });
    expect(seen!.headers["content-type"]).toBe("text/plain");
    for (const header of ["cookie", "referer", "authorization"]) expect(seen!.headers[header]).toBeUndefined();
  });

  it("keeps no cookie a server sets", async () => {
    allow(server.hostPort);
    await guardedFetch(`${server.origin}/first`);
    await guardedFetch(`${server.origin}/second`);
    expect(server.requests.map((req) => req.headers.cookie)).toEqual([undefined, undefined]);
  });

  it("refuses loopback addresses that FETCH_ALLOW_HOSTS does not list, before any packet", async () => {
    for (const url of [
      `${server.origin}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      `http://2130706433:${server.port}/`,
      `http://localhost:${server.port}/`,
    ]) {
      expect(await refusal(guardedFetch(url))).toBe("the address is not public");
    }
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "127.0.0.53",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
  ])("refuses a name that resolves to %s", async (address) => {
    undo.push(setFetchResolver(answerEveryName(address)));
    expect(await refusal(guardedFetch("https://sender.example/unsubscribe"))).toBe("the address is not public");
    expect(await refusal(guardedFetch("http://sender.example/unsubscribe"))).toBe("the address is not public");
  });

  it("checks the address connected to, not the name: an allowed address behind an unlisted name is refused", async () => {
    allow(server.hostPort);
    undo.push(setFetchResolver(answerEveryName("127.0.0.1")));
    expect(await refusal(guardedFetch(`http://rebinding.example:${server.port}/`))).toBe("the address is not public");
    expect(server.requests).toHaveLength(0);
  });

  it.each(["ftp://sender.example/x", "file:///etc/passwd", "javascript:alert(1)", "data:text/plain,hi", "not a url"])(
    "refuses %s",
    async (url) => {
      expect(await refusal(guardedFetch(url))).toMatch(/^(only http and https URLs are fetched|not a URL)$/);
    },
  );

  it("follows up to 3 redirects and refuses a fourth", async () => {
    allow(server.hostPort);
    const arrived = await guardedFetch(`${server.origin}/hops/3`);
    expect(arrived).toMatchObject({ status: 200, url: `${server.origin}/hops/0` });
    expect(await refusal(guardedFetch(`${server.origin}/hops/5`))).toBe("more than 3 redirects");
  });

  it("checks every redirect again: one into a private address is refused", async () => {
    allow(server.hostPort);
    undo.push(setFetchResolver(answerEveryName("10.0.0.1")));
    expect(await refusal(guardedFetch(`${server.origin}/to-private`))).toBe("the address is not public");
  });

  it("repeats a POST on 307 and turns it into a GET on 303", async () => {
    allow(server.hostPort);
    await guardedFetch(`${server.origin}/status/307/kept`, { method: "POST", body: "List-Unsubscribe=One-Click" });
    await guardedFetch(`${server.origin}/status/303/dropped`, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(server.requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "POST", url: "/status/307/kept", body: "List-Unsubscribe=One-Click" },
      { method: "POST", url: "/kept", body: "List-Unsubscribe=One-Click" },
      { method: "POST", url: "/status/303/dropped", body: "List-Unsubscribe=One-Click" },
      { method: "GET", url: "/dropped", body: "" },
    ]);
  });

  it("gives up on a slow server at the deadline (10 s unless told)", async () => {
    allow(server.hostPort);
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    const started = Date.now();
    expect(await refusal(guardedFetch(`${server.origin}/slow`, { timeoutMs: 300 }))).toBe("timed out");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("stops reading past the size cap, declared or not", async () => {
    allow(server.hostPort);
    expect(await refusal(guardedFetch(`${server.origin}/big`, { maxBytes: 1_000 }))).toBe("response larger than 1000 bytes");
    expect(await refusal(guardedFetch(`${server.origin}/big-chunked`, { maxBytes: 5_000 }))).toBe("response larger than 5000 bytes");
    expect((await guardedFetch(`${server.origin}/big`, { maxBytes: 4_000 })).body).toHaveLength(4_000);
  });

  it("says so when nothing listens", async () => {
    const closed = await startLocalServer();
    await closed.close();
    allow(closed.hostPort);
    expect(await refusal(guardedFetch(`${closed.origin}/`))).toBe("could not connect (ECONNREFUSED)");
  });
});

describe("resolveGuardedAddress", () => {
  it("answers a public name with the address it resolves to", async () => {
    undo.push(setFetchResolver(answerEveryName("93.184.216.34")));
    expect(await resolveGuardedAddress("imap.example.com", 993)).toBe("93.184.216.34");
  });

  it.each(["127.0.0.1", "10.0.0.7", "192.168.1.20", "169.254.169.254", "::1", "::ffff:10.0.0.1", "0.0.0.0"])(
    "refuses a name resolving to %s",
    async (address) => {
      undo.push(setFetchResolver(answerEveryName(address)));
      expect(await refusal(resolveGuardedAddress("imap.example.com", 993))).toBe("the address is not public");
    },
  );

  it("refuses a private address written as the host, unless FETCH_ALLOW_HOSTS names its host:port", async () => {
    expect(await refusal(resolveGuardedAddress("127.0.0.1", 1143))).toBe("the address is not public");
    allow("127.0.0.1:1143");
    expect(await resolveGuardedAddress("127.0.0.1", 1143)).toBe("127.0.0.1");
    expect(await refusal(resolveGuardedAddress("127.0.0.1", 1144))).toBe("the address is not public");
  });
});
