import { dkimVerify } from "mailauth";
import { describe, expect, it, vi } from "vitest";
import { signMail } from "@/tests/support/dkim";
import { authenticate } from "./authenticate";

vi.mock("mailauth", async (importOriginal) => {
  const actual = await importOriginal<typeof import("mailauth")>();
  return { ...actual, dkimVerify: vi.fn(actual.dkimVerify) };
});

// An issue the size of bench:ingest's: its body is what DKIM's body hash would walk.
const body = `${"<p>Today's issue, at length.</p>\r\n".repeat(6_000)}`;
const issue = (domain: string) =>
  `From: Weekly Letter <news@${domain}>\r\nTo: reader@example.com\r\nSubject: This week\r\nMessage-ID: <issue@${domain}>\r\nContent-Type: text/html\r\n\r\n${body}`;

describe("sender authentication", () => {
  it("reads only the header of a message with no DKIM signature, and still judges its From domain's DMARC", async () => {
    vi.mocked(dkimVerify).mockClear();
    const checked = await authenticate(Buffer.from(issue("unsigned.example.net")), "message");
    expect(checked).toEqual({
      status: "checked",
      verifiedDomain: null,
      passingDomains: [],
      results: {
        source: "message",
        from: "unsigned.example.net",
        dkim: [],
        dmarc: { result: "fail", policy: "reject", domain: "example.net" },
        spf: null,
      },
    });
    const [read] = vi.mocked(dkimVerify).mock.calls.map(([input]) => (input as Buffer).toString("latin1"));
    expect(read).toMatch(/^From: Weekly Letter <news@unsigned\.example\.net>\r\n[\s\S]*\r\n\r\n$/);
  });

  it("verifies a signed message over its whole body", async () => {
    const checked = await authenticate(Buffer.from(await signMail(issue("signed.example.net"))), "message");
    expect(checked).toMatchObject({
      status: "checked",
      verifiedDomain: "signed.example.net",
      results: { dkim: [{ domain: "signed.example.net", result: "pass" }], dmarc: { result: "pass" } },
    });
  });
});
