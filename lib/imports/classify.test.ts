import { describe, expect, it } from "vitest";
import { parseMessage } from "@/lib/mail/content/parse";
import { headerMessageKey, readHeader } from "./classify";

const message = (...header: string[]) =>
  Buffer.from([...header, "From: Letters <letters@example.org>", "Subject: Issue", "", "Hello"].join("\r\n"));

describe("headerMessageKey", () => {
  it.each([
    ["bracketed", message("Message-ID: <Issue.42@Letters.Example.org>")],
    ["without brackets", message("Message-Id: issue-42@letters.example.org")],
    ["with one bracket", message("Message-ID: <issue-42@letters.example.org")],
    ["folded", message("Message-ID:\r\n  <issue-42@letters.example.org>")],
    ["the last of two", message("Message-ID: <first@letters.example.org>", "Message-ID: <second@letters.example.org>")],
    ["an empty one after a real one", message("Message-ID: <real@letters.example.org>", "Message-ID: ")],
    ["absent", message()],
    ["empty brackets", message("Message-ID: <>")],
  ])("is the key filing dedupes by, for a Message-ID %s", async (_, raw) => {
    const key = headerMessageKey(readHeader(raw), raw);
    expect(key).not.toBeNull();
    expect(key).toBe((await parseMessage(raw)).messageKey);
  });

  it("leaves to the parser a Message-ID that is encoded or holds spaces", () => {
    for (const raw of [message("Message-ID: =?utf-8?Q?<id@x.example>?="), message("Message-ID: <an id@x.example>")])
      expect(headerMessageKey(readHeader(raw), raw)).toBeNull();
  });
});
