import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A DNS server that answers every TXT question after a moment, counting the questions it was asked; one under
// silent. it never answers, as a resolver that is away.
const asked: string[] = [];
const server = createSocket("udp4");
server.on("message", (message, remote) => {
  const query = packet.decode(message);
  const question = query.questions![0]!;
  asked.push(question.name);
  if (question.name.startsWith("silent.")) return;
  const reply = packet.encode({
    type: "response",
    id: query.id,
    flags: packet.RECURSION_AVAILABLE,
    questions: [question],
    answers: question.name.startsWith("missing.")
      ? []
      : [{ type: "TXT", name: question.name, ttl: 300, class: "IN", data: [`v=spf1 -all ${question.name}`] }],
  });
  setTimeout(() => server.send(reply, remote.port, remote.address), 50);
});

let resolve: typeof import("./dns").resolve;

beforeAll(async () => {
  await new Promise<void>((done) => server.bind(0, "127.0.0.1", done));
  vi.stubEnv("DNS_RESOLVER", `127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.resetModules();
  ({ resolve } = await import("./dns"));
});

afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});

describe("sender authentication's DNS lookups", () => {
  it("asks once for a name many messages look up at the same moment, and gives each the answer", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => resolve("_dmarc.burst.example", "TXT")));
    expect(answers).toEqual(Array.from({ length: 8 }, () => [["v=spf1 -all _dmarc.burst.example"]]));
    expect(asked.filter((name) => name === "_dmarc.burst.example")).toHaveLength(1);
  });

  it("answers a name asked again within its TTL from the cache", async () => {
    await resolve("cached.example", "TXT");
    await resolve("CACHED.example", "TXT");
    expect(asked.filter((name) => name === "cached.example")).toHaveLength(1);
  });

  it("gives every lookup waiting on one question the same refusal when the name has no record", async () => {
    const lookups = await Promise.allSettled([resolve("missing.example", "TXT"), resolve("missing.example", "TXT")]);
    expect(lookups.map((lookup) => lookup.status === "rejected" && (lookup.reason as { code: string }).code)).toEqual([
      "ENODATA",
      "ENODATA",
    ]);
    expect(asked.filter((name) => name === "missing.example")).toHaveLength(1);
  });

  it("answers a question that timed out with the same failure at once for a few seconds, without asking again", async () => {
    const code = (lookup: Promise<unknown>) =>
      lookup.then(
        () => "answered",
        (error: unknown) => (error as { code: string }).code,
      );
    const started = Date.now();
    expect(await code(resolve("silent.example", "TXT"))).toBe("ETIMEOUT");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    const again = Date.now();
    expect(await code(resolve("silent.example", "TXT"))).toBe("ETIMEOUT");
    expect(Date.now() - again).toBeLessThan(500);
    expect(asked.filter((name) => name === "silent.example")).toHaveLength(1);
    // Another name is still asked.
    expect(await code(resolve("other.example", "TXT"))).toBe("answered");
  });
});
