// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { POST as addHighlight } from "@/app/api/issues/[emailId]/highlights/route";
import { GET as exportMarkdown, POST as postExport } from "@/app/api/users/me/export/markdown/route";
import { POST as addToFolder } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { POST as createFolder } from "@/app/api/users/me/folders/route";
import { proxiedImagePath } from "@/lib/images/sign";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { readZip } from "../support/zip";

useDatabase();

async function download(reader: TestUser) {
  const request = new Request(new URL("/api/users/me/export/markdown", process.env.APP_URL), { headers: { cookie: reader.cookie } });
  const response = await exportMarkdown(request, { params: Promise.resolve({}) });
  return { response, entries: await readZip(Buffer.from(await response.arrayBuffer())) };
}

function frontMatter(note: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(note);
  expect(match).not.toBeNull();
  return parse(match![1]!) as Record<string, unknown>;
}

describe("GET /api/users/me/export/markdown", () => {
  it("is a zip of one note per issue: front matter, the body as Markdown with images through the proxy, the highlights after it", async () => {
    const reader = await registerUser();
    const html = [
      "<h2>The week</h2>",
      "<p>Markets were <strong>calm</strong>; read <a href='https://sender.example/story?a=1&amp;b=2'>the story</a> or <a href='javascript:alert(1)'>this</a>.</p>",
      '<p><img src="https://cdn.sender.example/chart.png" alt="A [chart]"></p>',
      "<p>&lt;img src=x onerror=alert(1)&gt; stays text.</p>",
    ].join("");
    const subject = 'Markets: "calm" & #1 --- [really]';
    const delivered = await deliver(mail({ to: reader.unique_email, from: `Money Weekly <${uniqueSender()}>`, subject, html }));
    const id = (delivered.body as { emails: number[] }).emails[0]!;
    const params = { emailId: String(id) };
    const highlighted = await call(addHighlight, `/api/issues/${id}/highlights`, {
      method: "POST",
      cookie: reader.cookie,
      params,
      body: { quote: "Markets were calm", note: "See <script>alert(1)</script> and [me](javascript:alert(2))" },
    });
    expect(highlighted.status).toBe(201);
    const folder = (
      await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name: "Money Talk" } })
    ).body as { id: number };
    await call(addToFolder, `/api/users/me/folders/${folder.id}/emails`, {
      method: "POST",
      cookie: reader.cookie,
      body: { email_id: id },
      params: { folderId: String(folder.id) },
    });

    const { response, entries } = await download(reader);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="paperboy-markdown-\d{4}-\d\d-\d\d\.zip"$/);
    expect(entries.map((entry) => entry.name)).toEqual([`2022-03-01 Markets calm & 1 --- really (${id}).md`]);
    const note = entries[0]!.data.toString();
    const origin = new URL(process.env.APP_URL!).origin;
    expect(frontMatter(note)).toEqual({
      title: subject,
      newsletter: "Money Weekly",
      author: "Money Weekly",
      date: "2022-03-01T10:00:00.000Z",
      url: `${origin}/emails/${id}`,
      folders: ["Money Talk"],
      tags: ["newsletter", "money-talk"],
    });
    expect(note).toContain("## The week");
    expect(note).toContain("Markets were **calm**; read [the story](<https://sender.example/story?a=1&b=2>) or this.");
    expect(note).toContain(`![A \\[chart\\]](<${origin}${proxiedImagePath("https://cdn.sender.example/chart.png")}>)`);
    expect(note).toContain("\\<img src=x onerror=alert(1)\\> stays text.");
    expect(note).toContain(
      "## Highlights\n\n> Markets were calm\n\nSee \\<script\\>alert(1)\\</script\\> and \\[me\\](javascript:alert(2))\n",
    );
    // Only escaped: a `\]` or `\<` that Markdown shows as the character itself.
    expect(note).not.toMatch(/(?<!\\)\]\(javascript:|(?<!\\)<script|cdn\.sender\.example\/chart/);
  });

  it("is an empty zip for a reader without issues, 401 without a session, 405 for POST", async () => {
    const reader = await registerUser();
    const { response, entries } = await download(reader);
    expect(response.status).toBe(200);
    expect(entries).toEqual([]);
    expect((await call(exportMarkdown, "/api/users/me/export/markdown")).status).toBe(401);
    expect((await call(postExport, "/api/users/me/export/markdown", { method: "POST", cookie: reader.cookie })).status).toBe(405);
  });

  it("pages through a library larger than one page, one note per issue", async () => {
    const reader = await registerUser();
    const sender = uniqueSender();
    for (let index = 0; index < 30; index++)
      await deliver(
        mail({
          to: reader.unique_email,
          from: `Daily <${sender}>`,
          subject: `Day ${index}`,
          html: `<p>Issue number ${index} of the daily letter, long enough to be read.</p>`,
        }),
      );
    const { entries } = await download(reader);
    expect(entries).toHaveLength(30);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(30);
    expect(entries.every((entry) => entry.data.toString().startsWith("---\ntitle: Day "))).toBe(true);
  });
});
