import { describe, expect, it } from "vitest";
import { GET as issueShare } from "@/app/api/issues/share/[shareId]/route";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as emailShare } from "@/app/api/share/email/[shareId]/route";
import { call, registerUser, useDatabase } from "../support/api";
import { seedEmail } from "../support/seed";

useDatabase();

describe("GET /api/issues/share/{shareId} and /api/share/email/{shareId}", () => {
  it("give anyone, without a session, exactly the contract's fields of the shared issue and nothing about the sharer", async () => {
    const sharer = await registerUser("Secret Sharer");
    const { id, issueId } = await seedEmail(sharer.id, { subject: "Worth sharing", senderName: "The Letter", bodyPlain: "Public words" });
    const own = (await call(getEmail, `/api/issues/${id}`, { cookie: sharer.cookie, params: { emailId: String(id) } })).body as {
      public_share_id: string;
    };
    for (const handler of [issueShare, emailShare]) {
      const result = await call(handler, `/api/issues/share/${own.public_share_id}`, { params: { shareId: own.public_share_id } });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({
        id: issueId,
        subject: "Worth sharing",
        sender_name: "The Letter",
        date_received: expect.any(String),
        body_html: null,
        body_plain: "Public words",
        newsletter_metadata: {
          id: expect.any(Number),
          newsletter_name: expect.any(String),
          newsletter_url: "https://letter.example",
          logoUrl: null,
        },
      });
      const text = JSON.stringify(result.body);
      expect(text).not.toContain(sharer.email);
      expect(text).not.toContain(sharer.unique_email);
      expect(text).not.toContain("Secret Sharer");
    }
  });

  it.each(["doesnotexist_doesnotexist_0", "short", "has spaces in it at all....", "../../etc/passwd"])(
    "answer 404 for %j",
    async (shareId) => {
      for (const handler of [issueShare, emailShare]) {
        expect(await call(handler, `/api/issues/share/${encodeURIComponent(shareId)}`, { params: { shareId } })).toMatchObject({
          status: 404,
          body: { detail: expect.any(String) },
        });
      }
    },
  );
});
