import { describe, expect, it, onTestFinished } from "vitest";
import { GET as trendingIssues } from "@/app/api/issues/trending/route";
import { GET as recentIssues } from "@/app/api/newsletters/[newsletterId]/recent_issues/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { removeUsers, seedComment, seedEmail, seedLike, seedNewsletter, seedRead, seedSubscription } from "../support/seed";

useDatabase();

type Item = { id: number; issue_id: number; public_share_id: string | null };

const DAY = 86_400_000;
const recent = (user: TestUser, id: string) =>
  call(recentIssues, `/api/newsletters/${id}/recent_issues`, { cookie: user.cookie, params: { newsletterId: id } });

/** An issue the viewer did not receive: its shared content and none of the viewer's interactions. */
function sharedIssueBody(fields: {
  id: number;
  issueId: number;
  newsletterId: number;
  name: string;
  subject: string;
  date: Date;
  likes?: number;
  comments?: number;
  subscribed?: boolean;
}) {
  return {
    id: fields.id,
    issue_id: fields.issueId,
    newsletter_id: fields.newsletterId,
    newsletter_metadata_id: fields.newsletterId,
    newsletter: { id: fields.newsletterId },
    newsletter_metadata: { id: fields.newsletterId, newsletter_name: fields.name, newsletter_url: "https://letter.example", logoUrl: null },
    subject: fields.subject,
    sender_name: "Sender",
    sender_email: null,
    sender_verified: false,
    sender_verified_domain: null,
    email_summary: null,
    date_received: fields.date.toISOString(),
    thumbnail_image_url: null,
    word_count: 100,
    time_to_read: 1,
    is_read: false,
    read_progress: null,
    is_liked: false,
    is_favorited: false,
    is_subscribed: fields.subscribed ?? false,
    is_forwarded: false,
    folder_ids: [],
    newsletter_url: "https://letter.example",
    public_share_id: null,
    liked_at: null,
    favorited_at: null,
    like_count: fields.likes ?? 0,
    comment_count: fields.comments ?? 0,
    kind: "issue",
    confirmation_url: null,
  };
}

describe("GET /api/issues/trending", () => {
  it("lists this week's most engaged issues of public newsletters, mine as my own email", async () => {
    const viewer = await registerUser();
    const [first, second] = [await registerUser(), await registerUser()];
    onTestFinished(() => removeUsers([viewer.id, first.id, second.id]));
    const letter = await seedNewsletter({ name: "Open Letter", isPublic: true });
    const hidden = await seedNewsletter({ isPublic: false });
    const date = new Date(Date.now() - DAY);

    const hot = await seedEmail(first.id, { newsletterId: letter, subject: "Hot take", dateReceived: date });
    const hotCopy = await seedEmail(second.id, { newsletterId: letter, issueId: hot.issueId, subject: "Hot take", dateReceived: date });
    await seedLike(first.id, hot);
    await seedLike(second.id, hotCopy);
    await seedComment(second.id, hotCopy);
    const warm = await seedEmail(first.id, { newsletterId: letter, subject: "Warm take" });
    await seedRead(first.id, warm);
    await seedLike(first.id, warm);
    const mine = await seedEmail(viewer.id, { newsletterId: letter, issueId: warm.issueId, subject: "Warm take" });
    const cold = await seedEmail(first.id, { newsletterId: letter });
    await seedLike(first.id, cold, new Date(Date.now() - 8 * DAY));
    const secret = await seedEmail(first.id, { newsletterId: hidden });
    await seedLike(first.id, secret);
    await seedComment(first.id, secret);
    await seedSubscription(viewer.id, letter, "active");

    const result = await call(trendingIssues, "/api/issues/trending", { cookie: viewer.cookie });
    expect(result.status).toBe(200);
    const items = (result.body as { items: Item[] }).items;
    expect(items.length).toBeLessThanOrEqual(20);
    const ours = items.filter((item) => [hot, warm, cold, secret].some((seeded) => seeded.issueId === item.issue_id));
    expect(ours).toEqual([
      sharedIssueBody({
        id: hot.id,
        issueId: hot.issueId,
        newsletterId: letter,
        name: "Open Letter",
        subject: "Hot take",
        date,
        likes: 2,
        comments: 1,
        subscribed: true,
      }),
      expect.objectContaining({
        id: mine.id,
        issue_id: warm.issueId,
        is_subscribed: true,
        like_count: 1,
        public_share_id: expect.any(String),
      }),
    ]);
  });
});

describe("GET /api/newsletters/{id}/recent_issues", () => {
  it("lists the newest ten issues of a public newsletter, mine as my own emails", async () => {
    const viewer = await registerUser();
    const publisher = await registerUser();
    const letter = await seedNewsletter({ name: "Daily Letter", isPublic: true });
    const issues = [];
    const now = Math.floor(Date.now() / 1000) * 1000;
    const dayAgo = (day: number) => new Date(now - day * DAY);
    for (let day = 12; day >= 1; day--)
      issues.push(await seedEmail(publisher.id, { newsletterId: letter, subject: `Day ${day}`, dateReceived: dayAgo(day) }));
    const newest = issues.at(-1)!;
    const mine = await seedEmail(viewer.id, {
      newsletterId: letter,
      issueId: issues.at(-2)!.issueId,
      subject: "Day 2",
      dateReceived: dayAgo(2),
    });

    const result = await recent(viewer, String(letter));
    expect(result.status).toBe(200);
    const items = (result.body as { items: Item[] }).items;
    expect(items.map((item) => item.issue_id)).toEqual(
      issues
        .slice(2)
        .reverse()
        .map((seeded) => seeded.issueId),
    );
    expect(items.map((item) => item.id)).toEqual([
      newest.id,
      mine.id,
      ...issues
        .slice(2, 10)
        .reverse()
        .map((seeded) => seeded.id),
    ]);
    expect(items[0]).toEqual(
      sharedIssueBody({
        id: newest.id,
        issueId: newest.issueId,
        newsletterId: letter,
        name: "Daily Letter",
        subject: "Day 1",
        date: dayAgo(1),
      }),
    );
    expect(items[1]).toMatchObject({ id: mine.id, public_share_id: expect.any(String) });
  });

  it("lists only my own emails of a private newsletter, confirmations left out, and 404 to anyone else", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const older = await seedEmail(owner.id, { dateReceived: new Date(Date.now() - 2 * DAY) });
    const newer = await seedEmail(owner.id, { newsletterId: older.newsletterId, dateReceived: new Date(Date.now() - DAY) });
    await seedEmail(owner.id, { newsletterId: older.newsletterId, kind: "confirmation" });
    const result = await recent(owner, String(older.newsletterId));
    expect(result.status).toBe(200);
    expect((result.body as { items: Item[] }).items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(await recent(stranger, String(older.newsletterId))).toEqual(
      expect.objectContaining({ status: 404, body: { detail: "Newsletter not found" } }),
    );
  });

  it("answers 404 for an unknown or non-integer id", async () => {
    const user = await registerUser();
    for (const id of ["999999999", "latest", "2.5"])
      expect(await recent(user, id), id).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
  });
});
