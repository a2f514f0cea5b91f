import { deliver, mail, uniqueSender } from "./inbound-support";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as getThumbnail } from "@/app/img/thumbnail/[emailId]/route";
import { getDb } from "@/db/client";
import { email } from "@/db/schema";
import { GET as issueShare } from "@/app/api/issues/share/[shareId]/route";
import { GET as emailShare } from "@/app/api/share/email/[shareId]/route";
import { proxiedImagePath } from "@/lib/images/sign";
import { call, registerUser, useDatabase } from "../support/api";
import { allowFetchTo, startLocalServer } from "../support/local-server";

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

describe("GET /img/thumbnail/<email id>", () => {
  it("serves an email card's picture through the proxy to a reader who may read the email, and to no one else", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
    const sender = await startLocalServer((_, res) => {
      res.writeHead(200, { "content-type": "image/png", "set-cookie": "tracker=reader-42" });
      res.end(png);
    });
    const undo = allowFetchTo(sender.hostPort);
    try {
      const reader = await registerUser();
      const delivered = await deliver(
        mail({
          to: reader.unique_email,
          from: `Pictures <${uniqueSender()}>`,
          html: '<img src="https://cdn.sender.example/hero.jpg" alt="Hero" width="600" height="300"><p>The week in pictures.</p>',
        }),
      );
      const id = (delivered.body as { emails: number[] }).emails[0]!;
      const path = `/img/thumbnail/${id}`;
      const thumbnail = (cookie?: string, emailId = id) => call(getThumbnail, path, { cookie, params: { emailId: String(emailId) } });
      const listed = (await call(getEmail, `/api/issues/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } })).body as {
        thumbnail_image_url: string;
      };
      expect(listed.thumbnail_image_url).toBe("https://cdn.sender.example/hero.jpg");
      await getDb()
        .update(email)
        .set({ thumbnailUrl: `${sender.origin}/hero.png` })
        .where(eq(email.id, id));

      const answer = await thumbnail(reader.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(sender.requests.map((request) => [request.url, request.headers.cookie])).toEqual([["/hero.png", undefined]]);

      expect((await thumbnail()).status).toBe(401);
      expect((await thumbnail((await registerUser()).cookie)).status).toBe(404);
      await getDb().update(email).set({ thumbnailUrl: null }).where(eq(email.id, id));
      expect(await thumbnail(reader.cookie)).toMatchObject({ status: 404, body: { detail: "Not found" } });
    } finally {
      undo();
      await sender.close();
    }
  });
});
