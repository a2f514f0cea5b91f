import { deliver, mail, uniqueSender } from "./inbound-support";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { GET as getEmail } from "@/app/api/issues/[emailId]/route";
import { GET as getLogo } from "@/app/img/logo/[newsletterId]/route";
import { GET as getThumbnail } from "@/app/img/thumbnail/[emailId]/route";
import { getDb } from "@/db/client";
import { email, issue, newsletter } from "@/db/schema";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase } from "../support/api";
import { allowFetchTo, startLocalServer } from "../support/local-server";
import { seedNewsletter } from "../support/seed";

useDatabase();

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** A sender's picture host on loopback: `/missing...` is not found, anything else a PNG. */
async function pictureHost() {
  const host = await startLocalServer((request, res) => {
    if (request.url.startsWith("/missing")) {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<p>Not here</p>");
      return;
    }
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PNG);
  });
  const undo = allowFetchTo(host.hostPort);
  return { ...host, close: async () => (undo(), await host.close()) };
}

/**
 * Files an issue whose picture is `picture`. Mail names https pictures only, which a test may not fetch, so the
 * filed email and issue are pointed at the loopback host before any job runs.
 */
async function deliverPictured(reader: { unique_email: string }, picture: string): Promise<number> {
  const delivered = await deliver(
    mail({
      to: reader.unique_email,
      from: `Pictures <${uniqueSender()}>`,
      html: '<img src="https://cdn.sender.example/hero.jpg" alt="Hero" width="600" height="300"><p>The week in pictures.</p>',
    }),
  );
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(202);
  const id = (delivered.body as { emails: number[] }).emails[0]!;
  const [filed] = await getDb().update(email).set({ thumbnailUrl: picture }).where(eq(email.id, id)).returning({ issueId: email.issueId });
  await getDb().update(issue).set({ thumbnailUrl: picture }).where(eq(issue.id, filed!.issueId));
  return id;
}

describe("an issue's picture is fetched and kept when it is filed", () => {
  it("fetches the picture once on a job, and the card's picture is then served from the cache", async () => {
    const host = await pictureHost();
    try {
      const reader = await registerUser();
      const picture = `${host.origin}/hero.png?run=${Date.now()}`;
      const id = await deliverPictured(reader, picture);
      await vi.waitFor(async () => {
        await runDueJobs();
        expect(host.requests.map((request) => request.url)).toEqual([new URL(picture).pathname + new URL(picture).search]);
      });
      const answer = await call(getThumbnail, `/img/thumbnail/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(host.requests).toHaveLength(1);
    } finally {
      await host.close();
    }
  });

  it("drops a picture the server cannot fetch, so the feed never asks for it", async () => {
    const host = await pictureHost();
    try {
      const reader = await registerUser();
      const id = await deliverPictured(reader, `${host.origin}/missing.png`);
      const read = async () =>
        (
          (await call(getEmail, `/api/issues/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } })).body as {
            thumbnail_image_url: string | null;
          }
        ).thumbnail_image_url;
      await vi.waitFor(async () => {
        await runDueJobs();
        expect(await read()).toBeNull();
      });
    } finally {
      await host.close();
    }
  });

  it("GET /img/thumbnail/<id> answers 204 with no body for a picture the server cannot fetch", async () => {
    const host = await pictureHost();
    try {
      const reader = await registerUser();
      const id = await deliverPictured(reader, `${host.origin}/missing.png`);
      const answer = await call(getThumbnail, `/img/thumbnail/${id}`, { cookie: reader.cookie, params: { emailId: String(id) } });
      expect(answer.status).toBe(204);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    } finally {
      await host.close();
    }
  });
});

describe("GET /img/logo/<newsletter id>", () => {
  it("serves a public newsletter's logo through the proxy, 204 when it cannot be fetched, 404 without one, 401 signed out", async () => {
    const host = await pictureHost();
    try {
      const reader = await registerUser();
      const logo = (newsletterId: number, cookie: string | undefined = reader.cookie) =>
        call(getLogo, `/img/logo/${newsletterId}`, { cookie, params: { newsletterId: String(newsletterId) } });
      const shown = await seedNewsletter({ isPublic: true });
      await getDb()
        .update(newsletter)
        .set({ logoUrl: `${host.origin}/logo.png` })
        .where(eq(newsletter.id, shown));
      const answer = await logo(shown);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(host.requests.map((request) => [request.url, request.headers.cookie])).toEqual([["/logo.png", undefined]]);

      const gone = await seedNewsletter({ isPublic: true });
      await getDb()
        .update(newsletter)
        .set({ logoUrl: `${host.origin}/missing-logo.png` })
        .where(eq(newsletter.id, gone));
      expect((await logo(gone)).status).toBe(204);

      expect(await logo(await seedNewsletter({ isPublic: true }))).toMatchObject({ status: 404, body: { detail: "Not found" } });
      const hidden = await seedNewsletter({ isPublic: false });
      await getDb()
        .update(newsletter)
        .set({ logoUrl: `${host.origin}/logo.png` })
        .where(eq(newsletter.id, hidden));
      expect((await logo(hidden)).status).toBe(404);
      expect((await call(getLogo, `/img/logo/${shown}`, { params: { newsletterId: String(shown) } })).status).toBe(401);
    } finally {
      await host.close();
    }
  });
});
