import { describe, expect, it } from "vitest";
import { addressFor, cleanLocalPart, splitAddress } from "./unique-address";

describe("splitAddress", () => {
  it("splits at the last @", () => {
    expect(splitAddress("jane.doe@paperboy.localhost")).toEqual({ local: "jane.doe", domain: "paperboy.localhost" });
  });

  it("keeps a bare local part", () => {
    expect(splitAddress("jane")).toEqual({ local: "jane", domain: "" });
  });
});

describe("cleanLocalPart", () => {
  it("drops spaces and @ so the domain stays fixed", () => {
    expect(cleanLocalPart(" jane @evil.com")).toBe("janeevil.com");
  });
});

describe("addressFor", () => {
  it("puts the chosen part on the fixed domain in lower case", () => {
    expect(addressFor(" Jane.Doe ", "paperboy.localhost")).toBe("jane.doe@paperboy.localhost");
    expect(addressFor("jane", "")).toBe("jane");
  });
});
