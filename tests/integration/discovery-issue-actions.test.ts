import { describe, expect, it, onTestFinished } from "vitest";
import { PUT as interact } from "@/app/api/issues/[emailId]/interactions/route";
import { GET as trendingIssues } from "@/app/api/issues/trending/route";
import { GET as recentIssues } from "@/app/api/newsletters/[newsletterId]/recent_issues/route";
import { call, registerUser, useDatabase } from "../support/api";
import { removeUsers, seedComment, seedEmail, seedLike, seedNewsletter } from "../support/seed";

// A file of its own: the trending ranking is kept for a minute per process, and this issue must be in it.
useDatabase();

const DAY = 86_400_000;

describe("an issue I liked, favourited and read without receiving it", () => {
  it("shows my like, favourite and read in trending and in the newsletter's recent issues, and no one else's", async () => {
    const [viewer, other, publisher, fan] = [await registerUser(), await registerUser(), await registerUser(), await registerUser()];
    onTestFinished(() => removeUsers([viewer.id, other.id, publisher.id, fan.id]));
    const letter = await seedNewsletter({ name: "Acted Letter", isPublic: true });
    const acted = await seedEmail(publisher.id, { newsletterId: letter, subject: "Acted on", dateReceived: new Date(Date.now() - DAY) });
    const fanCopy = await seedEmail(fan.id, { newsletterId: letter, issueId: acted.issueId, subject: "Acted on" });
    await seedLike(publisher.id, acted);
    await seedLike(fan.id, fanCopy);
    for (let count = 0; count < 5; count++) await seedComment(fan.id, fanCopy);
    const act = (body: object) =>
      call(interact, `/api/issues/${acted.id}/interactions`, {
        method: "PUT",
        cookie: viewer.cookie,
        params: { emailId: String(acted.id) },
        body,
      });
    const trending = async (cookie: string) => (await call(trendingIssues, "/api/issues/trending", { cookie })).body;
    const recent = async (cookie: string) =>
      (await call(recentIssues, `/api/newsletters/${letter}/recent_issues`, { cookie, params: { newsletterId: String(letter) } })).body;
    const find = (body: unknown) => (body as { items: { issue_id: number }[] }).items.find((item) => item.issue_id === acted.issueId);
    const untouched = (likes: number) => ({
      is_liked: false,
      is_favorited: false,
      is_read: false,
      liked_at: null,
      favorited_at: null,
      like_count: likes,
    });
    // Seen once before acting, so an answer kept from then would show up below.
    expect(find(await trending(viewer.cookie))).toMatchObject(untouched(2));
    expect(find(await recent(viewer.cookie))).toMatchObject(untouched(2));

    for (const body of [{ is_liked: true }, { is_favorited: true }, { is_read: true, read_duration_seconds: 30 }])
      expect((await act(body)).status, JSON.stringify(body)).toBe(200);
    const mine = {
      id: acted.id,
      is_liked: true,
      is_favorited: true,
      is_read: true,
      liked_at: expect.any(String),
      favorited_at: expect.any(String),
      like_count: 3,
      public_share_id: null,
    };
    expect(find(await trending(viewer.cookie))).toMatchObject(mine);
    expect(find(await recent(viewer.cookie))).toMatchObject(mine);
    expect(find(await trending(other.cookie))).toMatchObject(untouched(3));
    expect(find(await recent(other.cookie))).toMatchObject(untouched(3));

    expect((await act({ is_favorited: false })).status).toBe(200);
    expect(find(await trending(viewer.cookie))).toMatchObject({ is_favorited: false, favorited_at: null, is_liked: true });
    expect(find(await recent(viewer.cookie))).toMatchObject({ is_favorited: false, favorited_at: null, is_liked: true });
  });
});
