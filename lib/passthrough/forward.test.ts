import { describe, expect, it } from "vitest";
import { forwardedBytes, isLoop, originalSender, srsAddress, srsOriginal } from "./forward";
import { readHeaders } from "./headers";

const SECRET = "test-secret";

describe("srsAddress", () => {
  it("writes an SRS0 address of our domain that names the original sender and reads back only with our secret", () => {
    const address = srsAddress("Codes@Accounts.Example", "paperboy.localhost", SECRET, new Date("2026-12-02T00:00:00Z"));
    expect(address).toMatch(/^SRS0=[A-Za-z0-9+/]{4}=[A-Z2-7]{2}=accounts\.example=Codes@paperboy\.localhost$/);
    expect(srsOriginal(address, "paperboy.localhost", SECRET)).toBe("Codes@accounts.example");
    expect(srsOriginal(address, "paperboy.localhost", "another-secret")).toBeNull();
    expect(srsOriginal(address, "elsewhere.example", SECRET)).toBeNull();
    expect(srsOriginal("reader@paperboy.localhost", "paperboy.localhost", SECRET)).toBeNull();
  });

  it("forwards a message without a sender address from postmaster", () => {
    expect(srsAddress(null, "paperboy.localhost", SECRET)).toBe("postmaster@paperboy.localhost");
  });
});

describe("isLoop", () => {
  it("knows our own header, for our domain only, and too many hops", () => {
    const ours = readHeaders(Buffer.from("X-Paperboy-Passed-Through: paperboy.localhost\r\nFrom: a@b.example\r\n\r\nx"));
    const theirs = readHeaders(Buffer.from("X-Paperboy-Passed-Through: other.example\r\nFrom: a@b.example\r\n\r\nx"));
    const hops = readHeaders(Buffer.from(`${"Received: from a by b\r\n".repeat(31)}From: a@b.example\r\n\r\nx`));
    const fine = readHeaders(Buffer.from(`${"Received: from a by b\r\n".repeat(5)}From: a@b.example\r\n\r\nx`));
    expect([ours, theirs, hops, fine].map((headers) => isLoop(headers, "paperboy.localhost"))).toEqual([true, false, true, false]);
  });
});

describe("forwardedBytes", () => {
  it("keeps the original bytes whole under the Resent- fields and our loop header", () => {
    const raw = Buffer.from("From: Shop <orders@shop.example>\r\nReply-To: help@shop.example\r\nSubject: Receipt\r\n\r\nThanks\r\n");
    const forwarded = forwardedBytes(raw, {
      to: "reader@mail.example",
      from: "Paperboy <noreply@paperboy.localhost>",
      messageId: "m1",
      mailDomain: "paperboy.localhost",
      date: new Date("2026-12-02T01:00:00Z"),
    });
    expect(forwarded.toString()).toBe(
      [
        "Resent-From: Paperboy <noreply@paperboy.localhost>",
        "Resent-To: reader@mail.example",
        "Resent-Date: Wed, 02 Dec 2026 01:00:00 +0000",
        "Resent-Message-ID: <m1@paperboy.localhost>",
        "X-Paperboy-Passed-Through: paperboy.localhost",
        raw.toString(),
      ].join("\r\n"),
    );
    expect(isLoop(readHeaders(forwarded), "paperboy.localhost")).toBe(true);
  });

  it("finds the original sender in Return-Path, else From", () => {
    expect(originalSender(readHeaders(Buffer.from("Return-Path: <bounce@esp.example>\r\nFrom: A <a@b.example>\r\n\r\n")))).toBe(
      "bounce@esp.example",
    );
    expect(originalSender(readHeaders(Buffer.from("From: A <a@b.example>\r\n\r\n")))).toBe("a@b.example");
    expect(originalSender(readHeaders(Buffer.from("Subject: none\r\n\r\n")))).toBeNull();
  });
});
