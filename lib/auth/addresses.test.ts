import { describe, expect, it } from "vitest";
import { checkUniqueAddress, recipientLocalPart, slugFromName, withSuffix } from "./addresses";

const DOMAIN = "paperboy.localhost";

describe("checkUniqueAddress", () => {
  it.each([
    ["jane.doe", "jane.doe"],
    ["Jane.Doe", "jane.doe"],
    ["  jane_doe-2  ", "jane_doe-2"],
    ["jane@paperboy.localhost", "jane"],
    ["JANE@PAPERBOY.LOCALHOST", "jane"],
    ["abc", "abc"],
    ["a".repeat(40), "a".repeat(40)],
  ])("accepts %j as %j", (input, localPart) => {
    expect(checkUniqueAddress(input, DOMAIN)).toEqual({ ok: true, localPart });
  });

  it.each([
    ["ab", "The address must be 3 to 40 characters long."],
    ["a".repeat(41), "The address must be 3 to 40 characters long."],
    [".jane", "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit."],
    ["jane-", "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit."],
    ["ja ne", "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit."],
    ["jane+news", "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit."],
    ["zoë", "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit."],
    ["jane@gmail.com", "The address must be on paperboy.localhost."],
  ])("refuses %j", (input, message) => {
    expect(checkUniqueAddress(input, DOMAIN)).toEqual({ ok: false, message });
  });

  it.each(["postmaster", "abuse", "admin", "root", "noreply", "no-reply", "mailer-daemon", "Postmaster@paperboy.localhost"])(
    "refuses the reserved name %j",
    (input) => {
      expect(checkUniqueAddress(input, DOMAIN)).toEqual({ ok: false, message: "This address is reserved. Please choose another." });
    },
  );
});

describe("slugFromName", () => {
  it.each([
    ["Jane Doe", "jane.doe"],
    ["  Zoë  O'Brien ", "zoe.obrien"],
    ["José María López-García", "jose.maria.lopez.garcia"],
    ["Al", "reader"],
    ["Admin", "admin.reader"],
    ["李小龍", "reader"],
  ])("makes %j into %j", (name, slug) => {
    expect(slugFromName(name, "")).toBe(slug);
  });

  it("falls back to the e-mail's local part when the name gives too little", () => {
    expect(slugFromName("李", "li.xiaolong")).toBe("li.xiaolong");
  });

  it("keeps the result a valid address even for very long names", () => {
    const slug = slugFromName("Maximilian Alexander Bartholomew Fitzgerald-Worthington", "");
    expect(checkUniqueAddress(slug, DOMAIN).ok).toBe(true);
    expect(checkUniqueAddress(withSuffix(slug), DOMAIN).ok).toBe(true);
  });
});

describe("withSuffix", () => {
  it("adds a short suffix that keeps the address valid", () => {
    expect(withSuffix("jane.doe")).toMatch(/^jane\.doe-[a-z0-9]{4}$/);
  });
});

describe("recipientLocalPart", () => {
  it.each([
    ["Jane.Doe@paperboy.localhost", "jane.doe"],
    ["jane.doe+news@paperboy.localhost", "jane.doe"],
    ["JANE+A+B@x", "jane"],
  ])("reads %j as %j", (address, localPart) => {
    expect(recipientLocalPart(address)).toBe(localPart);
  });
});
