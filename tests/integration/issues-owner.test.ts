import { describe, expect, it } from "vitest";
import { findEmail, findEmailRows } from "@/lib/issues/repo";
import { registerUser, useDatabase } from "../support/api";
import { seedEmail } from "../support/seed";

useDatabase();

// The owner is part of the query itself: a caller that forgets to check cannot hand out another reader's copy.
describe("issue rows filter by owner in SQL", () => {
  it("gives a user their own emails and nothing for another user's ids", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const first = await seedEmail(owner.id, { subject: "First" });
    const second = await seedEmail(owner.id, { subject: "Second" });

    expect((await findEmailRows(owner.id, [second.id, first.id])).map((row) => row.email.subject)).toEqual(["Second", "First"]);
    expect(await findEmailRows(other.id, [first.id, second.id])).toEqual([]);
    expect((await findEmail(owner.id, first.id))?.email.bodyPlain).toBeDefined();
    expect(await findEmail(other.id, first.id)).toBeUndefined();
  });
});
