import { describe, expect, it } from "vitest";
import { emptySearch, fromKind, hasOperators, parseSearch, type SearchQuery } from "./search-query";

const parsed = (input: string): SearchQuery => {
  const result = parseSearch(input);
  if (!result.ok) throw new Error(result.message);
  return result.query;
};

describe("parseSearch", () => {
  it("leaves plain words as text, without operators", () => {
    const query = parsed("  rust   borrow checker ");
    expect(query).toEqual({ ...emptySearch(), text: "rust borrow checker" });
    expect(hasOperators(query)).toBe(false);
  });

  it("takes every operator out of the words", () => {
    expect(
      parsed(
        'from:news@x.com newsletter:"Money Stuff" folder:Work is:unread is:liked before:2024-03-01 after:2024-02-01 "exact phrase" -crypto markets',
      ),
    ).toEqual({
      text: "markets",
      phrases: ["exact phrase"],
      excluded: ["crypto"],
      from: ["news@x.com"],
      newsletters: ["Money Stuff"],
      folders: ["Work"],
      states: ["unread", "liked"],
      before: "2024-03-01",
      after: "2024-02-01",
    });
  });

  it("reads operator names and states in any case", () => {
    expect(parsed("FROM:X.com Is:UnRead IS:favourite Newsletter:money")).toEqual({
      ...emptySearch(),
      from: ["x.com"],
      states: ["unread", "favorite"],
      newsletters: ["money"],
    });
  });

  it("treats unknown operators, empty values and negated operators as words", () => {
    expect(parsed("subject:hello https://x.com from: -from:y")).toEqual({
      ...emptySearch(),
      text: "subject:hello https://x.com from: -from:y",
    });
  });

  it("keeps quoted values whole, an unclosed quote running to the end", () => {
    expect(parsed('folder:"Read later" -"bad news" "open ended')).toEqual({
      ...emptySearch(),
      folders: ["Read later"],
      excluded: ["bad news"],
      phrases: ["open ended"],
    });
  });

  it("drops punctuation beside operators, and keeps a search of punctuation alone", () => {
    expect(parsed('"tagliatelle" & !(')).toEqual({ ...emptySearch(), phrases: ["tagliatelle"] });
    expect(parsed(":* |")).toEqual({ ...emptySearch(), text: ":* |" });
  });

  it("ignores empty quotes and a lone minus", () => {
    expect(parsed('"" - word')).toEqual({ ...emptySearch(), text: "word" });
  });

  it.each([
    ["before:2024-13-01", "before: takes a date as YYYY-MM-DD, like before:2024-01-31."],
    ["after:2023-02-29", "after: takes a date as YYYY-MM-DD, like after:2024-01-31."],
    ["after:yesterday", "after: takes a date as YYYY-MM-DD, like after:2024-01-31."],
    ["is:starred", "is:starred is not a state to search by: use is:unread, is:read, is:liked or is:favorite."],
  ])("refuses %j", (input, message) => {
    expect(parseSearch(input)).toEqual({ ok: false, message });
  });

  it("accepts a leap day", () => {
    expect(parsed("after:2024-02-29").after).toBe("2024-02-29");
  });
});

describe("fromKind", () => {
  it.each([
    ["news@x.com", { kind: "address", value: "news@x.com" }],
    ["@x.com", { kind: "domain", value: "x.com" }],
    ["x.com", { kind: "domain", value: "x.com" }],
    ["substack", { kind: "sender", value: "substack" }],
  ])("reads %j", (value, expected) => {
    expect(fromKind(value)).toEqual(expected);
  });
});
