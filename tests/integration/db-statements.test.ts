import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { useDatabase } from "../support/api";

useDatabase();

async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await getDb().execute(query)) as unknown as { rows: Row[] }).rows;
}

// The embedded database keeps no pool of connections; these run on PostgreSQL, as CI does.
describe.runIf(process.env.DATABASE_URL)("queries on PostgreSQL", () => {
  const preparedWith = async (fragment: string) => {
    const [row] = await rowsOf<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement LIKE ${`%${fragment}%`}`,
    );
    return row!.count;
  };

  it("are kept parsed and planned on their connection after the first run", async () => {
    const marker = `marker_${Date.now()}`;
    for (const value of [1, 2, 3]) {
      const [row] = await rowsOf<{ doubled: number }>(sql`SELECT ${value}::int * 2 AS doubled, ${sql.raw(`'${marker}'`)} AS marker`);
      expect(row!.doubled).toBe(value * 2);
    }
    expect(await preparedWith(marker)).toBe(1);
  });

  it("are never JIT-compiled: on a new database's unanalysed tables the feed's estimate made compiling cost 0.6 s a request", async () => {
    const [row] = await rowsOf<{ jit: string }>(sql`SELECT current_setting('jit') AS jit`);
    expect(row!.jit).toBe("off");
  });

  it("still answer after a prepared statement fails, and fail again the same way", async () => {
    const divide = (divisor: number) =>
      rowsOf<{ quotient: number }>(sql`SELECT 10 / ${divisor}::int AS quotient, 'divide_marker' AS marker`);
    const byZero = { cause: expect.objectContaining({ message: "division by zero" }) };
    await expect(divide(0)).rejects.toMatchObject(byZero);
    expect((await divide(2))[0]!.quotient).toBe(5);
    await expect(divide(0)).rejects.toMatchObject(byZero);
  });
});
