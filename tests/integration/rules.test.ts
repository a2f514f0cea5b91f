import "./imports-env";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { deliver, mail, startSmtpReceiver, uniqueSender, type SmtpReceiver } from "./inbound-support";
import { applyRule, createRule, deleteRule, deliveries, listRules, makeFolder, patchRule, stateOf, type RuleBody } from "./rules-support";

useDatabase();

const { GET: getFeed } = await import("@/app/api/issues/feed/route");
const { POST: preview } = await import("@/app/api/users/me/rules/preview/route");
const { POST: postImport } = await import("@/app/api/users/me/imports/route");

const feedSubjects = async (reader: TestUser, query = "") =>
  (await call(getFeed, `/api/issues/feed${query}`, { cookie: reader.cookie })).body as {
    items: { subject: string }[];
    total_items: number;
  };

const folderRule = (folderId: number, conditions: { field: string; op: string; value: string }[], extra: Record<string, unknown> = {}) => ({
  name: "Sort",
  conditions,
  actions: [{ type: "add_to_folder", folder_id: folderId }],
  ...extra,
});

describe("/api/users/me/rules", () => {
  it("creates rules in order, changes, reorders, disables and deletes them", async () => {
    const reader = await registerUser();
    const folder = await makeFolder(reader, "Tech");
    const first = await createRule(reader, folderRule(folder, [{ field: "from", op: "equals", value: "a@example.org" }]));
    expect(first).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        name: "Sort",
        enabled: true,
        position: 0,
        match: "all",
        conditions: [{ field: "from", op: "equals", value: "a@example.org" }],
        actions: [{ type: "add_to_folder", folder_id: folder }],
      },
    });
    const second = (
      await createRule(reader, {
        name: "Read",
        match: "any",
        conditions: [{ field: "subject", op: "contains", value: "x" }],
        actions: [{ type: "mark_read" }],
      })
    ).body as RuleBody;
    expect(second.position).toBe(1);
    const moved = await patchRule(reader, second.id, { position: 0, enabled: false, name: "Read it" });
    expect(moved).toMatchObject({ status: 200, body: { id: second.id, position: 0, enabled: false, name: "Read it" } });
    expect((await listRules(reader)).map((rule) => [rule.name, rule.position])).toEqual([
      ["Read it", 0],
      ["Sort", 1],
    ]);
    expect((await deleteRule(reader, second.id)).status).toBe(204);
    expect((await listRules(reader)).map((rule) => rule.id)).toEqual([(first.body as RuleBody).id]);
    expect((await deleteRule(reader, second.id)).status).toBe(404);
  });

  it("refuses unknown fields and ops, too many conditions, a value too long, no action, with 422", async () => {
    const reader = await registerUser();
    const condition = { field: "from", op: "contains", value: "x" };
    const bad: Record<string, unknown>[] = [
      { name: "r", conditions: [{ ...condition, field: "to" }], actions: [{ type: "mark_read" }] },
      { name: "r", conditions: [{ ...condition, op: "matches" }], actions: [{ type: "mark_read" }] },
      { name: "r", conditions: Array.from({ length: 1000 }, () => condition), actions: [{ type: "mark_read" }] },
      { name: "r", conditions: [{ ...condition, value: "x".repeat(10_000) }], actions: [{ type: "mark_read" }] },
      { name: "r", conditions: [{ ...condition, value: "" }], actions: [{ type: "mark_read" }] },
      { name: "r", conditions: [], actions: [{ type: "mark_read" }] },
      { name: "r", conditions: [condition], actions: [] },
      { name: "r", conditions: [condition], actions: [{ type: "delete" }] },
      { name: "r", conditions: [condition], actions: [{ type: "add_to_folder" }] },
      { name: "", conditions: [condition], actions: [{ type: "mark_read" }] },
    ];
    for (const body of bad) {
      const result = await createRule(reader, body);
      expect(result, JSON.stringify(body).slice(0, 120)).toMatchObject({ status: 422, body: { detail: expect.any(String) } });
    }
    expect(await listRules(reader)).toEqual([]);
    const made = (await createRule(reader, { name: "r", conditions: [condition], actions: [{ type: "mark_read" }] })).body as RuleBody;
    expect((await patchRule(reader, made.id, { conditions: [{ ...condition, op: "regex" }] })).status).toBe(422);
  });

  it("keeps rules and folders to their reader: another reader's folder and rule are not found", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const theirFolder = await makeFolder(other, "Theirs");
    const condition = { field: "from", op: "contains", value: "x" };
    expect(await createRule(reader, folderRule(theirFolder, [condition]))).toMatchObject({
      status: 404,
      body: { detail: "Folder not found" },
    });
    const theirs = (await createRule(other, folderRule(theirFolder, [condition]))).body as RuleBody;
    expect((await patchRule(reader, theirs.id, { enabled: false })).status).toBe(404);
    expect((await deleteRule(reader, theirs.id)).status).toBe(404);
    expect((await applyRule(reader, theirs.id)).status).toBe(404);
    const mine = (await createRule(reader, { name: "r", conditions: [condition], actions: [{ type: "mark_read" }] })).body as RuleBody;
    expect((await patchRule(reader, mine.id, { actions: [{ type: "add_to_folder", folder_id: theirFolder }] })).status).toBe(404);
    expect((await listRules(other))[0]).toMatchObject({ id: theirs.id, enabled: true });
    expect((await call((await import("@/app/api/users/me/rules/route")).GET, "/api/users/me/rules")).status).toBe(401);
  });
});

describe("rules on arrival", () => {
  it("matches each field with each op, case aside, and takes a pattern-looking value literally", async () => {
    const reader = await registerUser();
    const folder = await makeFolder(reader, "Matched");
    const domain = `letters-${randomUUID().slice(0, 8)}.example.org`;
    const sender = `News@${domain}`;
    const listId = `weekly.${domain}`;
    // The newsletter's id comes from a first delivery of the same sender.
    const warmup = (await deliver(mail({ to: reader.unique_email, from: sender, subject: "Warm up", extra: [`List-Id: <${listId}>`] })))
      .body as {
      emails: number[];
    };
    const { emailRow } = await import("./inbound-support");
    const newsletterId = (await emailRow(warmup.emails[0]!))!.newsletterId;
    const cases: [string, string, string, boolean][] = [
      ["from", "equals", sender.toLowerCase(), true],
      ["from", "contains", "NEWS@", true],
      ["from", "ends_with", `@${domain.toUpperCase()}`, true],
      ["from", "equals", "news@", false],
      ["sender_domain", "equals", domain, true],
      ["sender_domain", "ends_with", ".example.org", true],
      ["sender_domain", "contains", "nomatch", false],
      ["list_id", "equals", listId, true],
      ["list_id", "contains", "weekly.", true],
      ["list_id", "ends_with", domain, true],
      ["newsletter_id", "equals", String(newsletterId), true],
      ["newsletter_id", "equals", String(newsletterId + 100_000), false],
      ["subject", "contains", "big (launch)", true],
      ["subject", "equals", "the big (launch) [.*] today", true],
      ["subject", "ends_with", "[.*] TODAY", true],
      ["subject", "contains", ".*", true],
      ["subject", "contains", "b.g", false],
      ["body", "contains", "secret ingredient", true],
      ["body", "ends_with", "nothing", false],
      ["body", "contains", "^hello", false],
    ];
    const rules: number[] = [];
    for (const [field, op, value] of cases) {
      rules.push(
        ((await createRule(reader, folderRule(folder, [{ field, op, value }], { name: `${field} ${op} ${value}` }))).body as RuleBody).id,
      );
    }
    const html = "<p>Hello reader, the SECRET ingredient is patience and a good newsletter.</p>";
    await deliver(
      mail({ to: reader.unique_email, from: sender, subject: "The Big (Launch) [.*] Today", html, extra: [`List-Id: <${listId}>`] }),
    );
    const [latest] = await deliveries(reader);
    const ran = latest!.rules.map((rule) => rule.id);
    expect(ran).toEqual(rules.filter((_, index) => cases[index]![3]));
    const state = await stateOf(reader.id);
    expect(state.find((row) => row.subject === "The Big (Launch) [.*] Today")).toMatchObject({ folders: [folder] });
  });

  it("runs enabled rules in order, 'any' and 'all', every action, and skips disabled rules", async () => {
    const reader = await registerUser();
    const first = await makeFolder(reader, "First");
    const second = await makeFolder(reader, "Second");
    const sender = uniqueSender();
    await createRule(reader, {
      name: "Both",
      match: "all",
      conditions: [
        { field: "from", op: "equals", value: sender },
        { field: "subject", op: "contains", value: "digest" },
      ],
      actions: [{ type: "add_to_folder", folder_id: first }, { type: "mark_read" }],
    });
    const off = (
      await createRule(reader, {
        name: "Off",
        conditions: [{ field: "from", op: "equals", value: sender }],
        actions: [{ type: "favorite" }],
      })
    ).body as RuleBody;
    await patchRule(reader, off.id, { enabled: false });
    await createRule(reader, {
      name: "Either",
      match: "any",
      conditions: [
        { field: "subject", op: "equals", value: "nope" },
        { field: "from", op: "ends_with", value: sender.slice(sender.indexOf("@")) },
      ],
      actions: [{ type: "add_to_folder", folder_id: second }, { type: "skip_feed" }, { type: "favorite" }],
    });
    await deliver(mail({ to: reader.unique_email, from: sender, subject: "Weekly digest" }));
    await deliver(mail({ to: reader.unique_email, from: sender, subject: "Weekly letter" }));
    const [letter, digest] = await deliveries(reader);
    expect(digest!.rules.map((rule) => rule.name)).toEqual(["Both", "Either"]);
    expect(letter!.rules.map((rule) => rule.name)).toEqual(["Either"]);
    expect(await stateOf(reader.id)).toEqual([
      expect.objectContaining({ subject: "Weekly digest", folders: [first, second], read: true, favorite: true, skipped: true }),
      expect.objectContaining({ subject: "Weekly letter", folders: [second], read: false, favorite: true, skipped: true }),
    ]);
    // Left out of the feed, still found by a search and by include_skipped=true.
    expect((await feedSubjects(reader)).total_items).toBe(0);
    expect((await feedSubjects(reader)).items).toEqual([]);
    expect((await feedSubjects(reader, "?include_skipped=true")).total_items).toBe(2);
    expect((await feedSubjects(reader, "?search=letter")).items.map((item) => item.subject)).toEqual(["Weekly letter"]);
    expect((await feedSubjects(reader, "?read_status=unread")).total_items).toBe(0);
  });

  it("runs on mail from the SMTP door", async () => {
    const receiver: SmtpReceiver = await startSmtpReceiver();
    try {
      const reader = await registerUser();
      const sender = uniqueSender();
      await createRule(reader, {
        name: "Read SMTP",
        conditions: [{ field: "from", op: "equals", value: sender }],
        actions: [{ type: "mark_read" }],
      });
      const body = mail({ to: reader.unique_email, from: sender, subject: "By SMTP" }).replace(/^\./gm, "..");
      const codes = await receiver.session([
        "EHLO sender.example",
        `MAIL FROM:<${sender}>`,
        `RCPT TO:<${reader.unique_email}>`,
        "DATA",
        `${body}\r\n.`,
        "QUIT",
      ]);
      expect(codes).toEqual([220, 250, 250, 250, 354, 250, 221]);
      expect(await stateOf(reader.id)).toEqual([expect.objectContaining({ subject: "By SMTP", read: true })]);
      expect((await deliveries(reader))[0]!.rules.map((rule) => rule.name)).toEqual(["Read SMTP"]);
    } finally {
      await receiver.close();
    }
  });

  it("runs on an import, loading the reader's rules once for the batch", async () => {
    const reader = await registerUser();
    const folder = await makeFolder(reader, "Imported");
    const sender = uniqueSender();
    await createRule(reader, folderRule(folder, [{ field: "sender_domain", op: "equals", value: sender.slice(sender.indexOf("@") + 1) }]));
    const messages = ["One", "Two"].map((subject, index) =>
      mail({
        to: "me@gmail.example",
        from: `Letters <${sender}>`,
        subject,
        date: `Mon, 0${index + 1} Feb 2022 08:00:00 +0000`,
        extra: ["List-Unsubscribe: <https://x.example/u>"],
      }).replace(/\r\n/g, "\n"),
    );
    const file = Buffer.from(messages.map((message) => `From sender@example.com Tue Mar  1 10:00:00 2022\n${message}\n\n`).join(""));
    const request = new Request(new URL("/api/users/me/imports", process.env.APP_URL), {
      method: "POST",
      headers: { cookie: reader.cookie, "content-type": "application/mbox" },
      body: new Uint8Array(file),
    });
    expect((await postImport(request, { params: Promise.resolve({}) })).status).toBe(202);
    const { runDueJobs } = await import("@/lib/worker/testing");
    await runDueJobs();
    expect(await stateOf(reader.id)).toEqual([
      expect.objectContaining({ subject: "One", folders: [folder] }),
      expect.objectContaining({ subject: "Two", folders: [folder] }),
    ]);
  });

  it("skips a folder deleted since the rule was written, and files the mail", async () => {
    const reader = await registerUser();
    const folder = await makeFolder(reader, "Gone");
    const sender = uniqueSender();
    await createRule(reader, folderRule(folder, [{ field: "from", op: "equals", value: sender }]));
    const { DELETE } = await import("@/app/api/users/me/folders/[folderId]/route");
    await call(DELETE, `/api/users/me/folders/${folder}`, {
      method: "DELETE",
      cookie: reader.cookie,
      params: { folderId: String(folder) },
    });
    expect((await deliver(mail({ to: reader.unique_email, from: sender, subject: "Still here" }))).status).toBe(202);
    expect(await stateOf(reader.id)).toEqual([expect.objectContaining({ subject: "Still here", folders: [] })]);
  });
});

describe("apply to existing mail and the preview", () => {
  it("counts what matches, then applies the rule: matched and changed, and a second run changes nothing", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const folder = await makeFolder(reader, "Later");
    const sender = uniqueSender();
    for (const subject of ["Old one", "Old two"])
      await deliver(mail({ to: `${reader.unique_email}, ${other.unique_email}`, from: sender, subject }));
    await deliver(mail({ to: reader.unique_email, from: uniqueSender(), subject: "Unrelated" }));
    const conditions = [{ field: "from", op: "equals", value: sender.toUpperCase() }];
    const previewed = await call(preview, "/api/users/me/rules/preview", { method: "POST", cookie: reader.cookie, body: { conditions } });
    expect(previewed).toMatchObject({ status: 200, body: { matched: 2 } });
    expect(
      (
        await call(preview, "/api/users/me/rules/preview", {
          method: "POST",
          cookie: reader.cookie,
          body: { conditions: [{ field: "x", op: "equals", value: "y" }] },
        })
      ).status,
    ).toBe(422);
    const rule = (
      await createRule(reader, {
        name: "Later",
        conditions,
        actions: [{ type: "add_to_folder", folder_id: folder }, { type: "mark_read" }, { type: "skip_feed" }],
      })
    ).body as RuleBody;
    expect(await applyRule(reader, rule.id)).toEqual(expect.objectContaining({ status: 200, body: { matched: 2, changed: 2 } }));
    expect(await applyRule(reader, rule.id)).toEqual(expect.objectContaining({ status: 200, body: { matched: 2, changed: 0 } }));
    expect((await stateOf(reader.id)).map((row) => [row.subject, row.read, row.skipped, row.folders])).toEqual([
      ["Old one", true, true, [folder]],
      ["Old two", true, true, [folder]],
      ["Unrelated", false, false, []],
    ]);
    // The other recipient's copies are theirs alone.
    expect((await stateOf(other.id)).map((row) => [row.read, row.skipped])).toEqual([
      [false, false],
      [false, false],
    ]);
  });
});
