import { describe, expect, it } from "vitest";
import { shareLink, shareTargets } from "./share-links";

describe("shareLink", () => {
  it("is the origin plus /issues/share/{id}", () => {
    expect(shareLink("https://paperboy.example", "abc_DEF-123")).toBe("https://paperboy.example/issues/share/abc_DEF-123");
  });
});

describe("shareTargets", () => {
  it("encodes the subject and link for each network", () => {
    const [mail, x, linkedIn, whatsApp] = shareTargets("Hello & bye", "https://p.example/issues/share/a");
    expect(mail.href).toBe("mailto:?subject=Hello%20%26%20bye&body=Hello%20%26%20bye%0A%0Ahttps%3A%2F%2Fp.example%2Fissues%2Fshare%2Fa");
    expect(x.href).toBe("https://twitter.com/intent/tweet?text=Hello%20%26%20bye&url=https%3A%2F%2Fp.example%2Fissues%2Fshare%2Fa");
    expect(linkedIn.href).toBe("https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fp.example%2Fissues%2Fshare%2Fa");
    expect(whatsApp.href).toBe("https://wa.me/?text=Hello%20%26%20bye%20https%3A%2F%2Fp.example%2Fissues%2Fshare%2Fa");
  });
});
