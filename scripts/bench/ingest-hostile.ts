import { withMessageId } from "./corpus";
import { median } from "./harness";

/**
 * bench:ingest's hostile shapes (issue 34): the time to file one message of N nested <div>, and how long
 * an ordinary message waits for its answer while three of 100,000 nested <div> are being filed, beside
 * the same ordinary message filed alone, in the same run. Preparing runs on worker threads, as in the
 * server. Goals: the largest hostile message costs at most twice as much per byte as the smallest (linear
 * time), and the ordinary message waits at most 5x its time alone.
 */
export async function benchHostile(ordinary: Buffer, options: { sizes?: number[] } = {}): Promise<{ ok: boolean }> {
  const { closeDb, getDb, prepareDatabase } = await import("@/db/client");
  const { user } = await import("@/db/schema");
  const { receiveMessage } = await import("@/lib/mail/service");
  (await import("../preparing-workers")).usePreparingWorkersUnderTsx();
  await prepareDatabase();
  const local = `bench-hostile-${Date.now().toString(36)}`;
  await getDb()
    .insert(user)
    .values({ name: "Bench Reader", email: `${local}@bench.example`, username: local, uniqueLocal: local });
  const to = `${local}@${process.env.MAIL_DOMAIN}`;
  let sequence = 0;
  const withId = (raw: Buffer) => withMessageId(raw, `${local}-${sequence++}@bench.example`);
  const nested = (depth: number) =>
    Buffer.from(
      `From: Deep <deep@hostile.example>\r\nTo: ${to}\r\nSubject: Nested ${depth}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n` +
        `${"<div>".repeat(depth)}Deep inside${"</div>".repeat(depth)}`,
    );
  const timed = async (raw: Buffer) => {
    const started = performance.now();
    const { status } = await receiveMessage(withId(raw), "cli", [to]);
    if (status !== 202) throw new Error(`Answered ${status}`);
    return performance.now() - started;
  };
  try {
    // Warm: both workers start, the code is compiled.
    await timed(ordinary);
    await timed(nested(50_000));
    const alone: number[] = [];
    for (let index = 0; index < 5; index++) alone.push(await timed(ordinary));
    const ordinaryMs = median(alone);
    console.log(`\nhostile shapes (preparing on worker threads; ordinary message ${(ordinary.length / 1024).toFixed(0)} KB)`);
    console.log(`  ordinary message alone           ${ordinaryMs.toFixed(0).padStart(7)} ms`);
    const perKb: number[] = [];
    for (const depth of options.sizes ?? [50_000, 100_000, 200_000]) {
      const raw = nested(depth);
      const ms = await timed(raw);
      perKb.push(ms / raw.length);
      console.log(
        `  ${`${depth.toLocaleString("en")} nested <div> (${(raw.length / 1024).toFixed(0)} KB)`.padEnd(33)}${ms.toFixed(0).padStart(7)} ms = ${(ms / ordinaryMs).toFixed(1)}x an ordinary message`,
      );
    }
    // Linear: the largest costs at most twice as much per byte as the smallest (quadratic work costs 4x per doubling).
    const linear = perKb.at(-1)! <= 2 * perKb[0]!;
    const hostile = [0, 1, 2].map(() => timed(nested(100_000)));
    // The ordinary message comes once the hostile ones are in preparation.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waited = await timed(ordinary);
    const hostileMs = Math.max(...(await Promise.all(hostile)));
    const ratio = waited / ordinaryMs;
    console.log(
      `  ordinary while 3 x 100,000 file  ${waited.toFixed(0).padStart(7)} ms = ${ratio.toFixed(1)}x alone (the three took ${hostileMs.toFixed(0)} ms)`,
    );
    const ok = linear && ratio <= 5;
    console.log(
      ok
        ? "  PASS: hostile nesting files in linear time and delays an ordinary message at most 5x"
        : "  FAIL: hostile nesting files past linear time, or delays an ordinary message more than 5x",
    );
    return { ok };
  } finally {
    await closeDb();
  }
}
