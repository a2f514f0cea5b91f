// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as issueEpub, POST as postIssueEpub } from "@/app/api/issues/[emailId]/epub/route";
import { GET as folderEpub } from "@/app/api/users/me/folders/[folderId]/epub/route";
import { POST as addToFolder } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { POST as createFolder } from "@/app/api/users/me/folders/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { allowFetchTo, startLocalServer, type LocalServer } from "../support/local-server";
import { readZip, type ZipEntry } from "../support/zip";

useDatabase();

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
let images: LocalServer;
let undoAllow: () => void;

beforeAll(async () => {
  images = await startLocalServer((request, res) => {
    if (request.url.startsWith("/missing")) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PNG);
  });
  undoAllow = allowFetchTo(images.hostPort);
});
afterAll(async () => {
  undoAllow();
  await images.close();
});

async function download(handler: typeof issueEpub, path: string, user: TestUser, params: Record<string, string>) {
  const request = new Request(new URL(path, process.env.APP_URL), { headers: { cookie: user.cookie } });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { response, entries: await readZip(Buffer.from(await response.arrayBuffer())) };
}

async function issue(reader: TestUser, subject: string, html: string): Promise<number> {
  const delivered = await deliver(mail({ to: reader.unique_email, from: `Pictures Weekly <${uniqueSender()}>`, subject, html }));
  return (delivered.body as { emails: number[] }).emails[0]!;
}

const text = (entries: ZipEntry[], name: string) => entries.find((entry) => entry.name === name)?.data.toString() ?? "";

/** What epubcheck's structure rules ask of the container, as a reading system opens it. */
function expectWellFormedBook(entries: ZipEntry[]) {
  expect(entries[0]).toMatchObject({ name: "mimetype", stored: true });
  expect(entries[0]!.data.toString()).toBe("application/epub+zip");
  expect(text(entries, "META-INF/container.xml")).toContain('full-path="OEBPS/content.opf"');
  const window = new JSDOM().window;
  const parse = (xml: string) => new window.DOMParser().parseFromString(xml, "application/xml");
  const opf = parse(text(entries, "OEBPS/content.opf"));
  expect(opf.getElementsByTagName("parsererror")).toHaveLength(0);
  const manifest = [...opf.getElementsByTagName("item")].map((item) => `OEBPS/${item.getAttribute("href")}`);
  const files = entries.map((entry) => entry.name).filter((name) => name.startsWith("OEBPS/") && name !== "OEBPS/content.opf");
  expect(manifest.sort()).toEqual(files.sort());
  for (const entry of entries.filter((candidate) => candidate.name.endsWith(".xhtml"))) {
    const document = parse(entry.data.toString());
    expect(document.getElementsByTagName("parsererror"), entry.name).toHaveLength(0);
    expect(document.documentElement.namespaceURI).toBe("http://www.w3.org/1999/xhtml");
  }
  return { opf, window };
}

describe("GET /api/issues/{id}/epub", () => {
  it("is an EPUB 3 of the issue: stored mimetype first, package with title, sender, date; XHTML body with its images inside", async () => {
    const reader = await registerUser("Book Reader");
    const id = await issue(
      reader,
      "Tea & <Biscuits>",
      [
        "<center><font face='Georgia'>Hello<br>reader</font></center>",
        `<p style="color:red" bgcolor="#fff">A photo: <img src="${images.origin}/photo.png" alt="Photo" width="600" height="300"></p>`,
        `<img src="${images.origin}/pixel.gif" width="1" height="1">`,
        `<img src="${images.origin}/missing.png" alt="gone">`,
        "<table border=1 cellpadding=4><tr><td nowrap colspan=2>Cell &amp; more&nbsp;text</td></tr></table>",
        "<p>Read on: <a href='https://sender.example/story' target=_blank>the story</a> <a href='javascript:alert(1)'>bad</a></p>",
      ].join(""),
    );
    const { response, entries } = await download(issueEpub, `/api/issues/${id}/epub`, reader, { emailId: String(id) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/epub+zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Tea-Biscuits.epub"; filename*=UTF-8''Tea-Biscuits.epub`,
    );
    const { opf } = expectWellFormedBook(entries);
    expect(opf.getElementsByTagName("dc:title")[0]!.textContent).toBe("Tea & <Biscuits>");
    expect(opf.getElementsByTagName("dc:creator")[0]!.textContent).toBe("Pictures Weekly");
    expect(opf.getElementsByTagName("dc:date")[0]!.textContent).toBe("2022-03-01T10:00:00Z");
    expect(opf.getElementsByTagName("dc:identifier")[0]!.textContent).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(opf.querySelector("meta[property='dcterms:modified']")!.textContent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(opf.querySelector("item[properties='nav']")!.getAttribute("href")).toBe("nav.xhtml");
    const chapter = text(entries, "OEBPS/chapter1.xhtml");
    expect(chapter).toContain("<h1>Tea &#38; &#60;Biscuits&#62;</h1>");
    expect(chapter).toContain('<img src="images/image1.png" alt="Photo" width="600" height="300"/>');
    expect(chapter).toContain('<a href="https://sender.example/story">the story</a>');
    expect(chapter).toContain("<div><span>Hello<br/>reader</span></div>");
    expect(chapter).toContain('<td colspan="2">Cell &amp; more&#xa0;text</td>');
    expect(chapter).not.toMatch(/style=|bgcolor|nowrap|cellpadding|javascript:|missing\.png|pixel\.gif/);
    expect(entries.find((entry) => entry.name === "OEBPS/images/image1.png")?.data).toEqual(PNG);
    // The tracking pixel was left out by the sanitiser: the book never asked for it.
    expect(images.requests.map((request) => request.url)).not.toContain("/pixel.gif");
    expect(text(entries, "OEBPS/nav.xhtml")).toContain('<a href="chapter1.xhtml">Tea &#38; &#60;Biscuits&#62;</a>');
  });

  it("is 404 for another reader's issue and an unknown id, 401 without a session, 405 for other methods", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const id = await issue(owner, "Private", "<p>Only for the owner, a long enough body to be an issue of a newsletter.</p>");
    for (const emailId of [String(id), "999999999"]) {
      const answer = await call(issueEpub, `/api/issues/${emailId}/epub`, { cookie: stranger.cookie, params: { emailId } });
      expect(answer).toMatchObject({ status: 404, body: { detail: "Email not found" } });
    }
    expect((await call(issueEpub, `/api/issues/${id}/epub`, { params: { emailId: String(id) } })).status).toBe(401);
    expect((await call(issueEpub, `/api/issues/x/epub`, { cookie: owner.cookie, params: { emailId: "x" } })).status).toBe(404);
    const post = await call(postIssueEpub, `/api/issues/${id}/epub`, {
      method: "POST",
      cookie: owner.cookie,
      params: { emailId: String(id) },
    });
    expect(post.status).toBe(405);
  });
});

describe("GET /api/users/me/folders/{id}/epub", () => {
  it("makes one book of the folder's issues, a chapter each, in the nav document", async () => {
    const reader = await registerUser();
    const first = await issue(reader, "First issue", "<p>The first one, with enough words to read as a newsletter issue.</p>");
    const second = await issue(reader, "Second issue", "<p>The second one, with enough words to read as a newsletter issue.</p>");
    const folder = (
      await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name: "Weekend reading" } })
    ).body as { id: number };
    for (const emailId of [first, second])
      await call(addToFolder, `/api/users/me/folders/${folder.id}/emails`, {
        method: "POST",
        cookie: reader.cookie,
        body: { email_id: emailId },
        params: { folderId: String(folder.id) },
      });
    const { response, entries } = await download(folderEpub, `/api/users/me/folders/${folder.id}/epub`, reader, {
      folderId: String(folder.id),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain('filename="Weekend-reading.epub"');
    const { opf } = expectWellFormedBook(entries);
    expect(opf.getElementsByTagName("dc:title")[0]!.textContent).toBe("Weekend reading");
    expect([...opf.getElementsByTagName("itemref")].map((item) => item.getAttribute("idref"))).toEqual(["chapter1", "chapter2"]);
    expect(text(entries, "OEBPS/chapter1.xhtml")).toContain("<h1>First issue</h1>");
    expect(text(entries, "OEBPS/chapter2.xhtml")).toContain("<h1>Second issue</h1>");
    expect(text(entries, "OEBPS/nav.xhtml")).toMatch(/chapter1\.xhtml">First issue<.*\n.*chapter2\.xhtml">Second issue</);
  });

  it("is 404 for another reader's folder", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const folder = (await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: owner.cookie, body: { name: "Mine" } }))
      .body as {
      id: number;
    };
    const answer = await call(folderEpub, `/api/users/me/folders/${folder.id}/epub`, {
      cookie: stranger.cookie,
      params: { folderId: String(folder.id) },
    });
    expect(answer).toMatchObject({ status: 404, body: { detail: "Folder not found" } });
  });
});
