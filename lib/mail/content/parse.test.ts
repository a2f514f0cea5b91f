import { describe, expect, it } from "vitest";
import { parseMessage, receivedDate } from "./parse";

const raw = [
  'From: "Milk Road" <Milk@Mail.MilkRoad.com>',
  "To: Reader <Reader+news@Paperboy.localhost>, other@example.com",
  "Cc: second@paperboy.localhost",
  "Delivered-To: third@paperboy.localhost",
  "X-Original-To: fourth@paperboy.localhost",
  "Subject: =?utf-8?B?R00g4piV?=",
  "Date: Mon, 07 Mar 2022 12:00:00 +0000",
  "Message-ID: <ABC.123@Mail.MilkRoad.com>",
  "List-Id: Milk Road <milkroad.beehiiv.com>",
  "List-Unsubscribe: <mailto:unsub-1@unsub.beehiiv.com>,\r\n <https://milkroad.beehiiv.com/manage?token=abc>",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Hello",
].join("\r\n");

describe("parseMessage", () => {
  it("collects recipients envelope first, lower-cased and without duplicates", async () => {
    const parsed = await parseMessage(Buffer.from(raw), ["Envelope@paperboy.localhost", "second@paperboy.localhost"]);
    expect(parsed.recipients).toEqual([
      "envelope@paperboy.localhost",
      "second@paperboy.localhost",
      "reader+news@paperboy.localhost",
      "other@example.com",
      "third@paperboy.localhost",
      "fourth@paperboy.localhost",
    ]);
  });

  it("reads the sender, subject, Message-ID and List-* headers", async () => {
    const parsed = await parseMessage(Buffer.from(raw));
    expect(parsed).toMatchObject({
      from: { name: "Milk Road", address: "milk@mail.milkroad.com" },
      subject: "GM ☕",
      messageId: "ABC.123@Mail.MilkRoad.com",
      messageKey: "mid:abc.123@mail.milkroad.com",
      listId: "milkroad.beehiiv.com",
      listName: "Milk Road",
      listUnsubscribe: ["mailto:unsub-1@unsub.beehiiv.com", "https://milkroad.beehiiv.com/manage?token=abc"],
      hasHeaders: true,
    });
    expect(parsed.date?.toISOString()).toBe("2022-03-07T12:00:00.000Z");
  });

  it("reads a subject whose raw 8-bit bytes sit bare or inside encoded words in their own charset", async () => {
    const subject = (header: string) =>
      parseMessage(Buffer.from(`From: a@b.example\r\nSubject: ${header}\r\n\r\nx`, "latin1")).then((parsed) => parsed.subject);
    expect(await subject("=?iso-8859-1?Q?Die_Hasen_und_die_Fr\xf6sche?=")).toBe("Die Hasen und die Frösche");
    expect(await subject("Caf\xe9 =?iso-8859-1?Q?Fr\xf6sche?= =?utf-8?Q?_=C3=A9t=C3=A9?=")).toBe("Café Frösche été");
    expect(await subject("=?utf-8?B?R00g4piV?= caf\xc3\xa9")).toBe("GM ☕ café");
  });

  it("keys a message without Message-ID by a hash of its bytes", async () => {
    const parsed = await parseMessage(Buffer.from(raw.replace(/^Message-ID:.*\r\n/m, "")));
    expect(parsed.messageKey).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe("receivedDate", () => {
  const arrived = new Date("2026-01-10T12:00:00Z");

  it("keeps the message's Date, even an old one, and up to a day ahead", () => {
    expect(receivedDate(new Date("2020-01-01T00:00:00Z"), arrived).toISOString()).toBe("2020-01-01T00:00:00.000Z");
    expect(receivedDate(new Date("2026-01-11T11:00:00Z"), arrived).toISOString()).toBe("2026-01-11T11:00:00.000Z");
  });

  it("uses the arrival time when the Date is missing or more than a day ahead", () => {
    expect(receivedDate(null, arrived)).toBe(arrived);
    expect(receivedDate(new Date("2026-01-12T12:00:01Z"), arrived)).toBe(arrived);
  });
});
