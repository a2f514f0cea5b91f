import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { email } from "@/db/schema";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { POST as markRead } from "@/app/api/issues/feed/mark-read/route";
import { POST as markUnread } from "@/app/api/issues/feed/mark-unread/route";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { POST as createFolder } from "@/app/api/users/me/folders/route";
import { POST as addFolderEmail } from "@/app/api/users/me/folders/[folderId]/emails/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter, seedRead } from "../support/seed";

useDatabase();

type Item = { id: number; subject: string; is_read: boolean };
type Page = { items: Item[]; total_items: number };

const MAIL = [
  {
    subject: "Markets weekly",
    sender: "news@money.example",
    letter: "money",
    body: "Bonds and crypto rally",
    at: "2024-02-10T12:00:00Z",
  },
  {
    subject: "Crypto digest",
    sender: "alerts@mail.money.example",
    letter: "money",
    body: "Bitcoin and crypto news",
    at: "2024-03-05T12:00:00Z",
  },
  {
    subject: "Garden notes",
    sender: "hello@garden.example",
    letter: "garden",
    body: "Tomatoes grow in the sun",
    at: "2024-01-20T12:00:00Z",
  },
  { subject: "Soup season", sender: "chef@food.example", letter: "food", body: "Lentil soup recipes", at: "2024-02-20T12:00:00Z" },
] as const;

/** The same four issues for a user: one liked and in their folder "Work", one read, one favourited. */
async function seedMail(user: TestUser, letters: Record<string, number>): Promise<void> {
  const ids = new Map<string, { id: number; issueId: number }>();
  for (const mail of MAIL) {
    const seeded = await seedEmail(user.id, {
      newsletterId: letters[mail.letter],
      subject: mail.subject,
      senderName: mail.letter,
      bodyPlain: mail.body,
      dateReceived: new Date(mail.at),
    });
    await getDb().update(email).set({ senderEmail: mail.sender }).where(eq(email.id, seeded.id));
    ids.set(mail.subject, seeded);
  }
  const act = (subject: string, body: object) =>
    call(interact, `/api/issues/${ids.get(subject)!.id}/interactions`, {
      method: "PUT",
      cookie: user.cookie,
      params: { emailId: String(ids.get(subject)!.id) },
      body,
    });
  expect((await act("Markets weekly", { is_liked: true })).status).toBe(200);
  expect((await act("Garden notes", { is_favorited: true })).status).toBe(200);
  await seedRead(user.id, ids.get("Crypto digest")!);
  const folder = await call(createFolder, "/api/users/me/folders", { method: "POST", cookie: user.cookie, body: { name: "Work" } });
  const folderId = (folder.body as { id: number }).id;
  const added = await call(addFolderEmail, `/api/users/me/folders/${folderId}/emails`, {
    method: "POST",
    cookie: user.cookie,
    params: { folderId: String(folderId) },
    body: { email_id: ids.get("Markets weekly")!.id },
  });
  expect(added.status).toBeLessThan(300);
}

const feed = async (user: TestUser, search: string) => {
  const result = await call(getFeed, `/api/issues/feed?page_size=100&search=${encodeURIComponent(search)}`, { cookie: user.cookie });
  return { status: result.status, body: result.body as Page };
};
const subjects = (items: Item[]) => items.map((item) => item.subject).sort();
const readSubjects = async (user: TestUser) => subjects((await feed(user, "")).body.items.filter((item) => item.is_read));

describe("search operators on GET /api/issues/feed and POST /api/issues/feed/mark-read", () => {
  let reader: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    reader = await registerUser("Operator Reader");
    bystander = await registerUser("Operator Bystander");
    const letters = {
      money: await seedNewsletter({ name: "Money Stuff" }),
      garden: await seedNewsletter({ name: "Garden Letter" }),
      food: await seedNewsletter({ name: "Food Letter" }),
    };
    await seedMail(reader, letters);
    await seedMail(bystander, letters);
  });

  it.each([
    ["from:news@money.example", ["Markets weekly"]],
    ["from:NEWS@Money.Example", ["Markets weekly"]],
    ["from:money.example", ["Crypto digest", "Markets weekly"]],
    ["from:@garden.example", ["Garden notes"]],
    ["from:chef", ["Soup season"]],
    ["from:nobody.example", []],
    // A domain is whole labels at the address's end: neither the end of a longer label nor a local part.
    ["from:ney.example", []],
    ["from:mail.money.example", ["Crypto digest"]],
    ["from:ALERTS@Mail.Money.Example", ["Crypto digest"]],
    ["from:news@money", []],
    ['newsletter:"Money Stuff"', ["Crypto digest", "Markets weekly"]],
    ["newsletter:garden", ["Garden notes"]],
    ["folder:work", ["Markets weekly"]],
    ['folder:"Read later"', []],
    ["is:unread", ["Garden notes", "Markets weekly", "Soup season"]],
    ["is:read", ["Crypto digest"]],
    ["is:liked", ["Markets weekly"]],
    ["is:favorite", ["Garden notes"]],
    ["before:2024-02-10", ["Garden notes"]],
    ["after:2024-02-20", ["Crypto digest", "Soup season"]],
    ['"lentil soup"', ["Soup season"]],
    ['"soup lentil"', []],
    ["-crypto", ["Garden notes", "Soup season"]],
    ['-"crypto rally"', ["Crypto digest", "Garden notes", "Soup season"]],
    ["from:money.example -bitcoin", ["Markets weekly"]],
    ['newsletter:"Money Stuff" is:unread crypto', ["Markets weekly"]],
    ["after:2024-02-01 before:2024-03-01 -soup", ["Markets weekly"]],
    ["FROM:Garden.Example IS:FAVOURITE", ["Garden notes"]],
    // Words the operators leave keep the feed's fallback to the words they begin.
    ["from:money.example bitc", ["Crypto digest"]],
    // An unknown operator is words: lentil and recipes.
    ["lentil:recipes", ["Soup season"]],
    ["is:liked is:favorite", []],
  ])("%j lists exactly the reader's matching issues, and mark-read marks exactly those", async (search, expected) => {
    const listed = await feed(reader, search);
    expect(listed.status).toBe(200);
    expect(subjects(listed.body.items)).toEqual(expected);
    expect(listed.body.total_items).toBe(expected.length);

    const wereRead = listed.body.items.filter((item) => item.is_read).map((item) => item.id);
    const marked = await call(markRead, "/api/issues/feed/mark-read", { method: "POST", cookie: reader.cookie, body: { search } });
    expect(marked.status).toBe(200);
    const markedIds = (marked.body as { email_ids: number[] }).email_ids;
    const unreadListed = listed.body.items.filter((item) => !wereRead.includes(item.id)).map((item) => item.id);
    expect(markedIds).toEqual(unreadListed.sort((left, right) => left - right));
    // Nobody else's mail changed; the reader's own goes back as it was.
    expect(await readSubjects(bystander)).toEqual(["Crypto digest"]);
    await call(markUnread, "/api/issues/feed/mark-unread", { method: "POST", cookie: reader.cookie, body: { email_ids: markedIds } });
    expect(await readSubjects(reader)).toEqual(["Crypto digest"]);
  });

  it("combines operators with the feed's own filters", async () => {
    const listed = await call(getFeed, `/api/issues/feed?read_status=unread&search=${encodeURIComponent("from:money.example")}`, {
      cookie: reader.cookie,
    });
    expect(subjects((listed.body as Page).items)).toEqual(["Markets weekly"]);
  });

  it("pages a search with operators, its total exact past the last page", async () => {
    const search = encodeURIComponent("is:unread");
    const first = await call(getFeed, `/api/issues/feed?page_size=2&search=${search}`, { cookie: reader.cookie });
    expect(first.body).toMatchObject({ total_items: 3, total_pages: 2 });
    expect((first.body as Page).items.map((item) => item.subject)).toEqual(["Soup season", "Markets weekly"]);
    const beyond = await call(getFeed, `/api/issues/feed?page_size=2&page=3&search=${search}`, { cookie: reader.cookie });
    expect(beyond.body).toMatchObject({ items: [], total_items: 3 });
  });

  it("lists the matches of searches of more shapes than the server keeps statements for (a hundred)", async () => {
    for (const sortBy of ["date_received", "subject", "sender_name", "time_to_read"])
      for (const sortOrder of ["asc", "desc"])
        for (let extra = 0; extra < 13; extra++) {
          const search = ["-crypto", ...Array.from({ length: extra }, (_, index) => `-zz${index}`)].join(" ");
          const listed = await call(
            getFeed,
            `/api/issues/feed?sort_by=${sortBy}&sort_order=${sortOrder}&search=${encodeURIComponent(search)}`,
            { cookie: reader.cookie },
          );
          expect({ search, sortBy, sortOrder, subjects: subjects((listed.body as Page).items) }).toEqual({
            search,
            sortBy,
            sortOrder,
            subjects: ["Garden notes", "Soup season"],
          });
        }
  });

  it.each([
    ["before:2024-02-30", "before: takes a date as YYYY-MM-DD, like before:2024-01-31."],
    ["after:last-week", "after: takes a date as YYYY-MM-DD, like after:2024-01-31."],
    ["is:starred", "is:starred is not a state to search by: use is:unread, is:read, is:liked or is:favorite."],
  ])("refuses %j with 422 on both, marking nothing", async (search, detail) => {
    const expected = { detail, errors: [{ field: "search", message: detail }] };
    const listed = await call(getFeed, `/api/issues/feed?search=${encodeURIComponent(search)}`, { cookie: reader.cookie });
    expect({ status: listed.status, body: listed.body }).toEqual({ status: 422, body: expected });
    const marked = await call(markRead, "/api/issues/feed/mark-read", { method: "POST", cookie: reader.cookie, body: { search } });
    expect({ status: marked.status, body: marked.body }).toEqual({ status: 422, body: expected });
    expect(await readSubjects(reader)).toEqual(["Crypto digest"]);
  });
});
