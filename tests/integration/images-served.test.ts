import { deliver, mail, uniqueSender } from "./inbound-support";
import { describe, expect, it } from "vitest";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as issueShare } from "@/app/api/issues/share/[shareId]/route";
import { GET as emailShare } from "@/app/api/share/email/[shareId]/route";
import { proxiedImagePath } from "@/lib/images/sign";
import { call, registerUser, useDatabase } from "../support/api";

useDatabase();

const HTML = [
  "<style>.hero{background:url(https://cdn.sender.example/sheet.png)}</style>",
  '<div class="hero" style="background-image:url(\'https://cdn.sender.example/inline.jpg\');padding:8px">',
  '<img src="https://cdn.sender.example/photo.jpg?id=7&amp;size=large" alt="Photo" width="600" height="300">',
  '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" alt="Inline" width="40" height="40">',
  "<p>Read the full story of this week in the newsletter world, with pictures.</p>",
  '<a href="https://sender.example/story">Open the story</a></div>',
].join("");

describe("HTML the server hands out points every remote image at its own proxy", () => {
  it("GET /api/issues/{id} and both share lookups: img src, style url() and <style> sheets; data: images and links kept", async () => {
    const reader = await registerUser();
    const delivered = await deliver(
      mail({ to: reader.unique_email, from: `Pictures <${uniqueSender()}>`, subject: "With pictures", html: HTML }),
    );
    const id = (delivered.body as { emails: number[] }).emails[0]!;
    const own = (await call(getEmail, `/api/issues/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } })).body as {
      body_html: string;
      public_share_id: string;
    };
    const shared = await Promise.all(
      [issueShare, emailShare].map(
        async (handler) =>
          (
            (await call(handler, `/api/issues/share/${own.public_share_id}`, { params: { shareId: own.public_share_id } })).body as {
              body_html: string;
            }
          ).body_html,
      ),
    );
    for (const html of [own.body_html, ...shared]) {
      expect(html).not.toContain("cdn.sender.example");
      expect(html).toContain(`src="${proxiedImagePath("https://cdn.sender.example/photo.jpg?id=7&size=large")}"`);
      expect(html).toContain(`url(&quot;${proxiedImagePath("https://cdn.sender.example/inline.jpg")}&quot;)`);
      expect(html).toContain(`url("${proxiedImagePath("https://cdn.sender.example/sheet.png")}")`);
      expect(html).toContain('src="data:image/png;base64,');
      expect(html).toContain('href="https://sender.example/story"');
    }
  });
});
