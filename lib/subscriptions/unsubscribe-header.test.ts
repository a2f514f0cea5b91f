import { describe, expect, it } from "vitest";
import { parseUnsubscribeHeaders, unsubscribeMethods } from "./unsubscribe-header";

const ONE_CLICK = "List-Unsubscribe=One-Click";

describe("parseUnsubscribeHeaders", () => {
  it("reads one-click, mailto and link from an RFC 8058 header pair", () => {
    const options = parseUnsubscribeHeaders(
      "<mailto:leave-7f3a@list.example?subject=unsubscribe%20me>, <https://list.example/u/7f3a>",
      ONE_CLICK,
    );
    expect(options).toEqual({
      oneClick: "https://list.example/u/7f3a",
      mailto: { to: "leave-7f3a@list.example", subject: "unsubscribe me", body: "Unsubscribe" },
      link: "https://list.example/u/7f3a",
    });
    expect(unsubscribeMethods(options)).toEqual(["one_click", "mailto", "link"]);
  });

  it("offers no one-click without List-Unsubscribe-Post, nor for plain http unless the host is allowed", () => {
    expect(unsubscribeMethods(parseUnsubscribeHeaders("<https://list.example/u/1>", null))).toEqual(["link"]);
    expect(unsubscribeMethods(parseUnsubscribeHeaders("<https://list.example/u/1>", "List-Unsubscribe=Maybe"))).toEqual(["link"]);
    expect(unsubscribeMethods(parseUnsubscribeHeaders("<http://list.example/u/1>", ONE_CLICK))).toEqual(["link"]);
    expect(
      unsubscribeMethods(parseUnsubscribeHeaders("<http://127.0.0.1:4000/u/1>", ONE_CLICK, (url) => url.host === "127.0.0.1:4000")),
    ).toEqual(["one_click", "link"]);
  });

  it("ignores javascript:, data:, file: and other schemes", () => {
    const options = parseUnsubscribeHeaders(
      "<javascript:alert(1)>, <data:text/html,<b>x</b>>, <file:///etc/passwd>, <ftp://list.example/x>",
      ONE_CLICK,
    );
    expect(options).toEqual({ oneClick: null, mailto: null, link: null });
  });

  it("ignores a mailto with injected headers or several addresses, and every field but subject and body", () => {
    expect(parseUnsubscribeHeaders("<mailto:a@list.example%0d%0aBcc:victim@else.example>", null).mailto).toBeNull();
    expect(parseUnsubscribeHeaders("<mailto:a@list.example,b@list.example>", null).mailto).toBeNull();
    expect(parseUnsubscribeHeaders("<mailto:%22a%22%20<a@list.example>>", null).mailto).toBeNull();
    const mailto = parseUnsubscribeHeaders(
      "<mailto:leave@list.example?subject=bye%0d%0aBcc:%20victim@else.example&cc=victim@else.example&bcc=x@else.example&body=stop+now%0aplease>",
      null,
    ).mailto;
    expect(mailto).toEqual({ to: "leave@list.example", subject: "bye Bcc: victim@else.example", body: "stop+now\nplease" });
  });

  it("takes the first usable URI of each kind among several, skipping broken ones", () => {
    const options = parseUnsubscribeHeaders(
      "<https://>, <mailto:not-an-address>, <https://a.example/1>, <https://b.example/2>, <mailto:x@a.example>, <mailto:y@b.example>",
      ONE_CLICK,
    );
    expect(options).toEqual({
      oneClick: "https://a.example/1",
      mailto: { to: "x@a.example", subject: "Unsubscribe", body: "Unsubscribe" },
      link: "https://a.example/1",
    });
  });

  it("refuses URLs with credentials and drops huge parts", () => {
    expect(parseUnsubscribeHeaders("<https://user:pass@list.example/u>", ONE_CLICK).link).toBeNull();
    expect(parseUnsubscribeHeaders(`<https://list.example/${"a".repeat(5_000)}>`, ONE_CLICK).link).toBeNull();
    const many = Array.from({ length: 50 }, (_, index) => `<javascript:${index}>`).join(", ");
    expect(parseUnsubscribeHeaders(`${many}, <https://list.example/late>`, ONE_CLICK).link).toBeNull();
  });

  it("reads unbracketed values and whitespace left by folding", () => {
    expect(parseUnsubscribeHeaders("https://list.example/u/1", ONE_CLICK).oneClick).toBe("https://list.example/u/1");
    expect(parseUnsubscribeHeaders("<https://list.example/u/\t 1>", ONE_CLICK).oneClick).toBe("https://list.example/u/1");
    expect(parseUnsubscribeHeaders(null, ONE_CLICK)).toEqual({ oneClick: null, mailto: null, link: null });
    expect(parseUnsubscribeHeaders("", ONE_CLICK)).toEqual({ oneClick: null, mailto: null, link: null });
  });

  it("keeps the subject and body the URI describes, capped, on one line for the subject", () => {
    const mailto = parseUnsubscribeHeaders(`<mailto:u@list.example?subject=${"s".repeat(500)}&body=${"b".repeat(3_000)}>`, null).mailto;
    expect(mailto?.subject).toHaveLength(200);
    expect(mailto?.body).toHaveLength(2_000);
  });
});
