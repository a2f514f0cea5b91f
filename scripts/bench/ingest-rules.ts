import { withMessageId } from "./corpus";
import { cpuSample, databaseSecondsBetween, type CpuSample } from "./cpu";

type Side = { label: string; to: string; cpuMs: number; wallMs: number; messages: number };

/** Nine rule conditions no bench message meets: each is evaluated for every message, and none files it. */
export const MISSED_CONDITIONS = [
  { field: "from", op: "equals", value: "someone@elsewhere.example" },
  { field: "sender_domain", op: "ends_with", value: ".invalid" },
  { field: "list_id", op: "contains", value: "nothing-like-this" },
  { field: "subject", op: "contains", value: "a subject no issue has" },
  { field: "body", op: "contains", value: "a phrase no body holds" },
  { field: "subject", op: "equals", value: "exactly this" },
  { field: "from", op: "contains", value: "nobody@" },
  { field: "body", op: "ends_with", value: "the very last words" },
  { field: "newsletter_id", op: "equals", value: "0" },
] as const;

/**
 * bench:ingest's rules line (issue 30): CPU per filed message for a reader with ten enabled rules
 * against one with none, in alternating passes of the same run so both share the machine's load.
 * Nine rules miss (sender, domain, List-Id, subject and body conditions) and one matches every message
 * and files it into a folder: the cost of reading the rules, matching them and doing an action.
 */
export async function benchRules(set: Buffer[], options: { seconds: number; inFlight: number }): Promise<{ ok: boolean }> {
  const { closeDb, getDb, prepareDatabase } = await import("@/db/client");
  const { folder, rule, user } = await import("@/db/schema");
  const { receiveMessage } = await import("@/lib/mail/service");
  await prepareDatabase();
  const run = Date.now().toString(36);
  const reader = async (name: string) => {
    const local = `bench-${name}-${run}`;
    const [row] = await getDb()
      .insert(user)
      .values({ name: "Bench Reader", email: `${local}@bench.example`, username: local, uniqueLocal: local })
      .returning({ id: user.id });
    return { id: row!.id, to: `${local}@${process.env.MAIL_DOMAIN}` };
  };
  const plain = await reader("plain");
  const sorted = await reader("rules");
  const [box] = await getDb().insert(folder).values({ userId: sorted.id, name: "Bench" }).returning({ id: folder.id });
  await getDb()
    .insert(rule)
    .values([
      ...MISSED_CONDITIONS.map((condition, position) => ({
        userId: sorted.id,
        name: `Miss ${position}`,
        position,
        match: "all" as const,
        conditions: [condition],
        actions: [{ type: "mark_read" as const }],
      })),
      {
        userId: sorted.id,
        name: "Every bench issue",
        position: MISSED_CONDITIONS.length,
        match: "any" as const,
        conditions: [{ field: "sender_domain" as const, op: "contains" as const, value: "." }],
        actions: [{ type: "add_to_folder" as const, folder_id: box!.id }],
      },
    ]);
  const sides: Side[] = [
    { label: "file, reader without rules", to: plain.to, cpuMs: 0, wallMs: 0, messages: 0 },
    { label: "file, reader with 10 rules", to: sorted.to, cpuMs: 0, wallMs: 0, messages: 0 },
  ];
  const url = process.env.DATABASE_URL;
  const sample = (): Promise<CpuSample | null> => (url ? cpuSample(url, process.pid) : Promise.resolve(null));
  const ownMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let sequence = 0;
  const pass = async (side: Side) => {
    const queue = [...set];
    const before = await sample();
    const cpuBefore = ownMs();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.inFlight }, async () => {
        for (let raw = queue.pop(); raw; raw = queue.pop()) {
          await receiveMessage(withMessageId(raw, `bench-rules-${run}-${sequence++}@bench.example`), "cli", [side.to]).catch(
            () => undefined,
          );
        }
      }),
    );
    side.wallMs += performance.now() - started;
    const after = await sample();
    // This process and its preparing workers file (parse, match, statements); PostgreSQL's backends run the statements.
    side.cpuMs += before && after ? (after.door - before.door + databaseSecondsBetween(before, after)) * 1000 : ownMs() - cpuBefore;
    side.messages += set.length;
  };
  try {
    for (const side of sides) await pass(side);
    for (const side of sides) Object.assign(side, { cpuMs: 0, wallMs: 0, messages: 0 });
    const started = performance.now();
    // Each goes first every other round: the second pass of a round finds the first's pages in cache.
    for (let round = 0; performance.now() - started < options.seconds * 2000; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) await pass(side);
    }
  } finally {
    await closeDb();
  }
  const [without, withRules] = sides.map((side) => ({ ...side, perMessage: side.cpuMs / side.messages }));
  for (const side of [without!, withRules!]) {
    const rate = side.messages / (side.wallMs / 1000);
    console.log(
      `${side.label.padEnd(34)} ${rate.toFixed(1).padStart(8)} msg/s  ${side.perMessage.toFixed(2)} ms CPU per message (${side.messages})`,
    );
  }
  const extra = withRules!.perMessage / without!.perMessage - 1;
  const ok = extra < 0.05;
  console.log(`ten rules cost ${(extra * 100).toFixed(1)}% more CPU per message: ${ok ? "PASS" : "FAIL"} (goal under 5%)`);
  return { ok };
}
