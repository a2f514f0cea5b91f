import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { preparedOnce } from "@/db/prepared";
import { feedChange, issueChange } from "@/db/schema";

// A stamp is the xmin of the change rows (db/schema/feed-changes.ts): each noted commit gives one of them a
// new one, and no two transactions share one, so an equal stamp means no change was committed in between.

/** The issue's stamp (its likes and comments), '' before any was noted. */
export function issueChanges(issueId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`coalesce((select string_agg(${issueChange}.xmin::text, '.' order by ${issueChange}.xmin::text) from ${issueChange} where ${issueChange.issueId} = ${issueId}), '')`;
}

/** The reader's stamp: their own rows and every reader's (user 0: the newsletters' names, logos and categories). */
const readerChanges = sql<string>`coalesce((select string_agg(${feedChange}.xmin::text, '.' order by ${feedChange}.xmin::text) from ${feedChange}
  where ${feedChange.userId} = any(array[0, ${sql.placeholder("userId")}::int])), '')`;

function prepareStamps(db: Database) {
  const issueId = sql`listed.issue_id`;
  return db
    .select({
      reader: readerChanges,
      issues: sql<
        string[]
      >`array(select ${issueChanges(issueId)} from unnest(${sql.placeholder("issueIds")}::int[]) with ordinality as listed(issue_id, position) order by position)`,
    })
    .from(sql`(select 1) as one`)
    .prepare("feed_change_stamps");
}

// Read by every feed request: parsed and planned once per connection.
const preparedStamps = new WeakMap<Database, Map<string, ReturnType<typeof prepareStamps>>>();

/** The reader's stamp and those of these issues, in their order, as of now. */
export async function findChangeStamps(userId: number, issueIds: number[]): Promise<{ reader: string; issues: string[] }> {
  const [row] = await preparedOnce(preparedStamps, "feed_change_stamps", prepareStamps).execute({ userId, issueIds });
  return { reader: row?.reader ?? "", issues: row?.issues ?? [] };
}
