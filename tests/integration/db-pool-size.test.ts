import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "../support/api";

// Read when the app first loads its configuration, after this.
beforeAll(() => {
  process.env.DATABASE_POOL_SIZE = "2";
});
useDatabase();

describe.skipIf(!process.env.DATABASE_URL)("DATABASE_POOL_SIZE (needs DATABASE_URL)", () => {
  it("opens at most that many PostgreSQL connections however many queries wait, and runs them all", async () => {
    const { getDb } = await import("@/db/client");
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const result = (await getDb().execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.1)`)) as unknown as {
          rows: { pid: number }[];
        };
        return result.rows[0]!.pid;
      }),
    );
    expect(answers).toHaveLength(6);
    expect(new Set(answers).size).toBe(2);
  });
});
