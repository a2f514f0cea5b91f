// First: it sets the inbound secret the environment is read with.
import { deliver, uniqueSender } from "./inbound-support";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/worker/testing";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { unzip } from "../support/zip";

useDatabase();

const { GET: listAttachments } = await import("@/app/api/issues/[emailId]/attachments/route");
const { GET: exportData } = await import("@/app/api/users/me/export/route");
const { GET: downloadAttachment } = await import("@/app/api/issues/[emailId]/attachments/[attachmentId]/route");

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
const GIF = Buffer.from("R0lGODlhAQABAAAAACw=", "base64");

function part(headers: string[], body: Buffer): string {
  return [...headers, "Content-Transfer-Encoding: base64", "", body.toString("base64")].join("\r\n");
}

/** A newsletter with its PDF edition, two files a browser would run, and an image its HTML shows inline. */
function newsletterWithFiles(to: string): string {
  const boundary = "edition-boundary";
  return [
    `From: The Weekly <${uniqueSender()}>`,
    `To: ${to}`,
    "Subject: The weekly edition, as a PDF",
    "Date: Tue, 01 Dec 2026 08:00:00 +0000",
    `Message-ID: <${Math.random().toString(36).slice(2)}@weekly.example>`,
    "List-Unsubscribe: <mailto:leave@weekly.example>",
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    '<p>This week\'s edition is attached. <img src="cid:logo@weekly"></p>',
    `--${boundary}`,
    part(['Content-Type: application/pdf; name="edition 48.pdf"', 'Content-Disposition: attachment; filename="edition 48.pdf"'], PDF),
    `--${boundary}`,
    part(['Content-Type: image/svg+xml; name="chart.svg"', 'Content-Disposition: attachment; filename="chart.svg"'], SVG),
    `--${boundary}`,
    part(['Content-Type: text/html; name="../../page.html"', 'Content-Disposition: attachment; filename="../../page.html"'], HTML),
    `--${boundary}`,
    part(["Content-Type: image/gif", "Content-ID: <logo@weekly>", "Content-Disposition: inline"], GIF),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

type Listed = { items: { id: number; filename: string; content_type: string; size: number }[] };

async function fileEdition(reader: TestUser): Promise<number> {
  const arrived = await deliver(newsletterWithFiles(reader.unique_email));
  await runDueJobs();
  return (arrived.body as { emails: number[] }).emails[0]!;
}

const list = (reader: TestUser, emailId: number) =>
  call(listAttachments, `/api/issues/${emailId}/attachments`, { cookie: reader.cookie, params: { emailId: String(emailId) } });
const download = (reader: TestUser, emailId: number, attachmentId: number | string) =>
  call(downloadAttachment, `/api/issues/${emailId}/attachments/${attachmentId}`, {
    cookie: reader.cookie,
    params: { emailId: String(emailId), attachmentId: String(attachmentId) },
  });

describe("a newsletter's attachments", () => {
  it("are kept and listed with name, type and size; the image its HTML shows inline is not one", async () => {
    const reader = await registerUser();
    const emailId = await fileEdition(reader);
    const listed = await list(reader, emailId);
    expect(listed.status).toBe(200);
    expect((listed.body as Listed).items).toEqual([
      { id: expect.any(Number), filename: "edition 48.pdf", content_type: "application/pdf", size: PDF.length },
      { id: expect.any(Number), filename: "chart.svg", content_type: "image/svg+xml", size: SVG.length },
      { id: expect.any(Number), filename: "page.html", content_type: "text/html", size: HTML.length },
    ]);
  });

  it("download as files to save: the PDF as itself, SVG and HTML as bytes, never inline", async () => {
    const reader = await registerUser();
    const emailId = await fileEdition(reader);
    const [pdf, svg, html] = ((await list(reader, emailId)).body as Listed).items;
    // The response itself: its headers and bytes, as a browser gets them.
    const fetchFile = async (id: number) => {
      const request = new Request(new URL(`/api/issues/${emailId}/attachments/${id}`, process.env.APP_URL), {
        headers: { cookie: reader.cookie },
      });
      return downloadAttachment(request, { params: Promise.resolve({ emailId: String(emailId), attachmentId: String(id) }) });
    };
    const pdfResponse = await fetchFile(pdf!.id);
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get("content-type")).toBe("application/pdf");
    expect(pdfResponse.headers.get("content-disposition")).toBe(`attachment; filename="edition 48.pdf"; filename*=UTF-8''edition%2048.pdf`);
    expect(pdfResponse.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await pdfResponse.arrayBuffer())).toEqual(PDF);
    for (const file of [svg!, html!]) {
      const response = await fetchFile(file.id);
      expect(response.headers.get("content-type")).toBe("application/octet-stream");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("are another reader's business: their issue and attachment ids answer 404", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const emailId = await fileEdition(owner);
    const otherEmailId = await fileEdition(other);
    const [pdf] = ((await list(owner, emailId)).body as Listed).items;
    expect(await list(other, emailId)).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
    expect(await download(other, emailId, pdf!.id)).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
    // The attachment id through their own issue: still not theirs.
    expect(await download(other, otherEmailId, pdf!.id)).toMatchObject({ status: 404, body: { detail: "Attachment not found" } });
    expect(await download(owner, emailId, 99_999_999)).toMatchObject({ status: 404, body: { detail: "Attachment not found" } });
  });

  it("an issue without files lists none; bad ids and no session are refused", async () => {
    const reader = await registerUser();
    const arrived = await deliver(
      ["From: a@weekly.example", `To: ${reader.unique_email}`, "Subject: Plain", "Message-ID: <plain-x@weekly.example>", "", "Hello"].join(
        "\r\n",
      ),
    );
    const emailId = (arrived.body as { emails: number[] }).emails[0]!;
    expect((await list(reader, emailId)).body).toEqual({ items: [] });
    expect((await download(reader, emailId, "abc")).status).toBeGreaterThanOrEqual(400);
    expect((await download(reader, emailId, "abc")).status).toBeLessThan(500);
    expect((await call(listAttachments, `/api/issues/${emailId}/attachments`, { params: { emailId: String(emailId) } })).status).toBe(401);
  });
});

/** The names and bytes of a zip's files. */
describe("the account export", () => {
  it("holds each issue's attachments beside its original message", async () => {
    const reader = await registerUser();
    const emailId = await fileEdition(reader);
    const [pdf, svg, html] = ((await list(reader, emailId)).body as Listed).items;
    const response = await exportData(
      new Request(new URL("/api/users/me/export", process.env.APP_URL), { headers: { cookie: reader.cookie } }),
      {
        params: Promise.resolve({}),
      },
    );
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...files.keys()].filter((name) => name.startsWith("attachments/"))).toEqual([
      `attachments/${emailId}/${pdf!.id}-edition 48.pdf`,
      `attachments/${emailId}/${svg!.id}-chart.svg`,
      `attachments/${emailId}/${html!.id}-page.html`,
    ]);
    expect(files.get(`attachments/${emailId}/${pdf!.id}-edition 48.pdf`)).toEqual(PDF);
    expect(files.has(`mail/${emailId}.eml`)).toBe(true);
  });
});
