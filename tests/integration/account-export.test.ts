// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { describe, expect, it } from "vitest";
import { POST as addComment } from "@/app/api/issues/[emailId]/comments/route";
import { POST as addHighlight } from "@/app/api/issues/[emailId]/highlights/route";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { GET as exportData } from "@/app/api/users/me/export/route";
import { GET as opmlOfFeeds } from "@/app/api/users/me/feeds.opml/route";
import { POST as addToFolder } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { POST as createFolder } from "@/app/api/users/me/folders/route";
import { call, registerUser, useDatabase } from "../support/api";
import { unzip } from "../support/zip";

useDatabase();

/** Every file of a zip, by name. */
async function download(cookie: string) {
  const response = await exportData(new Request(new URL("/api/users/me/export", process.env.APP_URL), { headers: { cookie } }), {
    params: Promise.resolve({}),
  });
  return { response, data: Buffer.from(await response.arrayBuffer()) };
}

describe("GET /api/users/me/export", () => {
  it("streams a zip of account.json, every original message byte for byte and feeds.opml", async () => {
    const reader = await registerUser("Export Reader");
    const sender = uniqueSender();
    // Bytes no parser would write back the same: odd spacing, a bare LF, 8-bit text.
    const first = Buffer.from(
      `${mail({ to: reader.unique_email, from: `Odd Letter <${sender}>`, subject: "First  issue" })}\n\xe9t\xe9 \r\n`,
      "latin1",
    );
    const second = Buffer.from(
      mail({ to: reader.unique_email, from: `Odd Letter <${sender}>`, subject: "Second issue", date: "Wed, 02 Mar 2022 10:00:00 +0000" }),
    );
    const [firstId] = ((await deliver(first)).body as { emails: number[] }).emails;
    const [secondId] = ((await deliver(second)).body as { emails: number[] }).emails;
    const params = (id: number) => ({ emailId: String(id) });
    await call(interact, `/api/issues/${firstId}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      body: { is_liked: true },
      params: params(firstId),
    });
    await call(interact, `/api/issues/${secondId}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      body: { is_favorited: true },
      params: params(secondId),
    });
    await call(interact, `/api/issues/${secondId}/interactions`, {
      method: "PUT",
      cookie: reader.cookie,
      body: { is_read: true, read_duration_seconds: 42 },
      params: params(secondId),
    });
    await call(addComment, `/api/issues/${firstId}/comments`, {
      method: "POST",
      cookie: reader.cookie,
      body: { content: "Worth it" },
      params: params(firstId),
    });
    const folder = (await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name: "Keep" } }))
      .body as { id: number };
    await call(addToFolder, `/api/users/me/folders/${folder.id}/emails`, {
      method: "POST",
      cookie: reader.cookie,
      body: { email_id: secondId },
      params: { folderId: String(folder.id) },
    });

    const { response, data } = await download(reader.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="paperboy-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(data);
    expect([...files.keys()].sort()).toEqual(
      ["account.json", "feeds.opml", "highlights.json", `mail/${firstId}.eml`, `mail/${secondId}.eml`].sort(),
    );
    expect(files.get(`mail/${firstId}.eml`)?.equals(first)).toBe(true);
    expect(files.get(`mail/${secondId}.eml`)?.equals(second)).toBe(true);

    const account = JSON.parse(files.get("account.json")?.toString("utf8") ?? "{}");
    expect(account.user).toMatchObject({ id: reader.id, email: reader.email, unique_email: reader.unique_email, name: "Export Reader" });
    expect(account.subscriptions).toEqual([expect.objectContaining({ name: "Odd Letter", status: "inactive" })]);
    expect(account.folders).toEqual([expect.objectContaining({ id: folder.id, name: "Keep", email_ids: [secondId] })]);
    expect(account.comments).toEqual([expect.objectContaining({ email_id: firstId, content: "Worth it" })]);
    expect(account.likes).toEqual([expect.objectContaining({ email_id: firstId })]);
    expect(account.favourites).toEqual([expect.objectContaining({ email_id: secondId })]);
    expect(account.read_state).toEqual([expect.objectContaining({ email_id: secondId, duration_seconds: 42 })]);
    expect(account.emails.map((item: { id: number; original: string }) => [item.id, item.original])).toEqual([
      [firstId, `mail/${firstId}.eml`],
      [secondId, `mail/${secondId}.eml`],
    ]);
    // The newsletter feeds GET /api/users/me/feeds.opml lists, each outline with the xmlUrl a feed reader subscribes to.
    const opml = files.get("feeds.opml")?.toString("utf8");
    expect(opml).toBe((await call(opmlOfFeeds, "/api/users/me/feeds.opml", { cookie: reader.cookie })).body);
    const newsletterId = account.emails[0].newsletter_id;
    expect(opml).toMatch(new RegExp(`<outline [^>]*text="Odd Letter"[^>]*xmlUrl="[^"]+/newsletter/${newsletterId}\\.atom"`));
  });

  it("gives a reader with nothing yet an account.json and empty lists", async () => {
    const reader = await registerUser();
    const files = await unzip((await download(reader.cookie)).data);
    const account = JSON.parse(files.get("account.json")?.toString("utf8") ?? "{}");
    expect(account).toMatchObject({ subscriptions: [], folders: [], comments: [], likes: [], favourites: [], read_state: [], emails: [] });
    expect([...files.keys()].sort()).toEqual(["account.json", "feeds.opml", "highlights.json"]);
    expect(JSON.parse(files.get("highlights.json")?.toString("utf8") ?? "null")).toEqual([]);
  });

  it("adds highlights.json: every highlight with its issue's subject and newsletter", async () => {
    const reader = await registerUser();
    const [emailId] = (
      (
        await deliver(
          mail({ to: reader.unique_email, from: `Marked Letter <${uniqueSender()}>`, subject: "Marked", html: "<p>Keep this line.</p>" }),
        )
      ).body as { emails: number[] }
    ).emails;
    const made = await call(addHighlight, `/api/issues/${emailId}/highlights`, {
      method: "POST",
      cookie: reader.cookie,
      body: { quote: "this line", note: "Why" },
      params: { emailId: String(emailId) },
    });
    expect(made.status).toBe(201);
    const files = await unzip((await download(reader.cookie)).data);
    expect(JSON.parse(files.get("highlights.json")?.toString("utf8") ?? "null")).toEqual([
      { ...(made.body as object), subject: "Marked", newsletter_name: "Marked Letter" },
    ]);
  });

  it("needs a session", async () => {
    expect((await call(exportData, "/api/users/me/export")).status).toBe(401);
  });
});
