import { describe, expect, it } from "vitest";
import { readerAction } from "./reader-keys";

const press = (key: string, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  isComposing: false,
  ...extra,
});

/** A stand-in element whose closest() answers whether it sits in what the selector names. */
const element = (matches: (selector: string) => boolean) =>
  ({ closest: (selector: string) => (matches(selector) ? {} : null) }) as unknown as Element;
const page = element(() => false);
const field = element((selector) => selector.includes("input"));
const link = element((selector) => selector.includes("a[href]"));

describe("readerAction", () => {
  it.each([
    ["j", "next"],
    ["k", "previous"],
    ["o", "open"],
    ["Enter", "open"],
    ["u", "back"],
    ["Escape", "back"],
    ["m", "toggleRead"],
    ["s", "favourite"],
    ["l", "like"],
    ["/", "search"],
    ["?", "help"],
  ])("maps %s to %s", (key, action) => {
    expect(readerAction(press(key), page, false)).toBe(action);
  });

  it("ignores other keys and capitals", () => {
    expect(readerAction(press("x"), page, false)).toBeNull();
    expect(readerAction(press("J"), page, false)).toBeNull();
  });

  it.each([["ctrlKey"], ["metaKey"], ["altKey"]])("ignores a key with %s held", (modifier) => {
    expect(readerAction(press("j", { [modifier]: true }), page, false)).toBeNull();
  });

  it("does nothing while typing in a field, composing text, or with a dialog open", () => {
    expect(readerAction(press("j"), field, false)).toBeNull();
    expect(readerAction(press("/"), field, false)).toBeNull();
    expect(readerAction(press("j", { isComposing: true }), page, false)).toBeNull();
    expect(readerAction(press("j"), page, true)).toBeNull();
    expect(readerAction(press("?"), page, true)).toBeNull();
  });

  it("leaves Enter to the link or button it is pressed on, and keys already handled alone", () => {
    expect(readerAction(press("Enter"), link, false)).toBeNull();
    expect(readerAction(press("o"), link, false)).toBe("open");
    expect(readerAction(press("j", { defaultPrevented: true }), page, false)).toBeNull();
  });
});
