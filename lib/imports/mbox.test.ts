import { describe, expect, it } from "vitest";
import { fromLineDate, splitMbox } from "./mbox";

async function* chunksOf(data: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function split(text: string, size: number, base = 0, max = 1_000_000) {
  const out = [];
  for await (const message of splitMbox(chunksOf(Buffer.from(text, "latin1").subarray(base), size), base, max)) out.push(message);
  return out;
}

const MBOX = [
  "From sender@example.com Tue Mar  1 10:00:00 2022",
  "Subject: one",
  "",
  "Hello",
  ">From the top, quoted",
  ">>From deeper",
  "From here on, not a separator: no empty line before it",
  "",
  "From other@example.com Wed Mar  2 11:00:00 2022",
  "Subject: two",
  "",
  "Second body",
  "",
].join("\n");

describe("splitMbox", () => {
  it.each([1, 2, 5, 7, 64, 4096])("splits messages at From lines after an empty line, in chunks of %i bytes", async (size) => {
    const messages = await split(MBOX, size);
    expect(messages.map((message) => message.raw?.toString("latin1"))).toEqual([
      "Subject: one\n\nHello\nFrom the top, quoted\n>From deeper\nFrom here on, not a separator: no empty line before it\n",
      "Subject: two\n\nSecond body\n",
    ]);
    expect(messages.map((message) => message.fromLine)).toEqual([
      "From sender@example.com Tue Mar  1 10:00:00 2022",
      "From other@example.com Wed Mar  2 11:00:00 2022",
    ]);
    expect(messages[0].start).toBe(0);
    expect(messages[1].start).toBe(messages[0].next);
    expect(messages[1].next).toBe(Buffer.byteLength(MBOX, "latin1"));
  });

  it("goes on from a message's offset as if it had read everything before", async () => {
    const [first] = await split(MBOX, 16);
    const rest = await split(MBOX, 16, first.next);
    expect(rest.map((message) => message.raw?.toString("latin1"))).toEqual(["Subject: two\n\nSecond body\n"]);
  });

  it("keeps CRLF messages byte for byte, without the separating empty line", async () => {
    const crlf =
      "From a@b.c Tue Mar  1 10:00:00 2022\r\nSubject: x\r\n\r\nBody\r\n\r\nFrom a@b.c Tue Mar  1 10:00:00 2022\r\nSubject: y\r\n\r\nTwo\r\n";
    const messages = await split(crlf, 3);
    expect(messages.map((message) => message.raw?.toString("latin1"))).toEqual(["Subject: x\r\n\r\nBody\r\n", "Subject: y\r\n\r\nTwo\r\n"]);
  });

  it("gives no bytes for a message past the limit, and goes on with the next", async () => {
    const big = `From a@b.c Tue Mar  1 10:00:00 2022\nSubject: big\n\n${"x".repeat(5000)}\n\nFrom a@b.c Tue Mar  1 10:00:00 2022\nSubject: small\n\nok\n`;
    const messages = await split(big, 100, 0, 1000);
    expect(messages.map((message) => message.raw?.toString("latin1") ?? null)).toEqual([null, "Subject: small\n\nok\n"]);
  });

  it("reads the date of a From line", () => {
    expect(fromLineDate("From sender@example.com Tue Mar  1 10:00:00 2022")?.getUTCFullYear()).toBe(2022);
    expect(fromLineDate("From - nonsense")).toBeNull();
  });
});
