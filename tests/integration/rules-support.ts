import { eq } from "drizzle-orm";
import { call, type TestUser } from "../support/api";

// Imported by a test after inbound-support has set the environment lib/env reads.
const rulesRoute = () => import("@/app/api/users/me/rules/route");
const ruleRoute = () => import("@/app/api/users/me/rules/[ruleId]/route");

export type RuleBody = {
  id: number;
  name: string;
  enabled: boolean;
  position: number;
  match: "all" | "any";
  conditions: { field: string; op: string; value: string }[];
  actions: ({ type: string } & Record<string, unknown>)[];
};

export async function createRule(reader: TestUser, body: Record<string, unknown>) {
  return call((await rulesRoute()).POST, "/api/users/me/rules", { method: "POST", cookie: reader.cookie, body });
}

export async function listRules(reader: TestUser): Promise<RuleBody[]> {
  return ((await call((await rulesRoute()).GET, "/api/users/me/rules", { cookie: reader.cookie })).body as { items: RuleBody[] }).items;
}

export async function patchRule(reader: TestUser, id: number, body: Record<string, unknown>) {
  return call((await ruleRoute()).PATCH, `/api/users/me/rules/${id}`, {
    method: "PATCH",
    cookie: reader.cookie,
    body,
    params: { ruleId: String(id) },
  });
}

export async function deleteRule(reader: TestUser, id: number) {
  return call((await ruleRoute()).DELETE, `/api/users/me/rules/${id}`, {
    method: "DELETE",
    cookie: reader.cookie,
    params: { ruleId: String(id) },
  });
}

export async function applyRule(reader: TestUser, id: number) {
  const { POST } = await import("@/app/api/users/me/rules/[ruleId]/apply/route");
  return call(POST, `/api/users/me/rules/${id}/apply`, { method: "POST", cookie: reader.cookie, params: { ruleId: String(id) } });
}

export async function makeFolder(reader: TestUser, name: string): Promise<number> {
  const { POST } = await import("@/app/api/users/me/folders/route");
  return ((await call(POST, "/api/users/me/folders", { method: "POST", cookie: reader.cookie, body: { name } })).body as { id: number }).id;
}

/** What the rules did to a reader's copies, by subject: its folders, read, favourite, left out of the feed. */
export async function stateOf(userId: number) {
  const { getDb } = await import("@/db/client");
  const { email, emailFavorite, folderEmail } = await import("@/db/schema");
  const { sql } = await import("drizzle-orm");
  const rows = await getDb()
    .select({
      id: email.id,
      subject: email.subject,
      read: email.isRead,
      skipped: email.skippedFeed,
      favorite: sql<boolean>`exists (select 1 from ${emailFavorite} where ${emailFavorite.emailId} = ${email.id})`,
      folders: sql<
        number[]
      >`array(select ${folderEmail.folderId} from ${folderEmail} where ${folderEmail.emailId} = ${email.id} order by 1)`,
    })
    .from(email)
    .where(eq(email.userId, userId))
    .orderBy(email.id);
  return rows;
}

/** The delivery log's entries, newest first, with the rules that ran. */
export async function deliveries(reader: TestUser) {
  const { GET } = await import("@/app/api/users/me/deliveries/route");
  const result = await call(GET, "/api/users/me/deliveries", { cookie: reader.cookie });
  return (
    result.body as { items: { subject: string | null; outcome: string; rules: { id: number; name: string }[]; email_id: number | null }[] }
  ).items;
}
