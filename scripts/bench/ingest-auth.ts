import { signMail } from "../../tests/support/dkim";
import { cpuSample, databaseSecondsBetween, type CpuSample } from "./cpu";
import { makeTestKeys, startTestDns, type TestDnsServer } from "../../tests/support/dns-server";

/**
 * bench:ingest's sender authentication (issue 28). Every delivery of the bench is authenticated against
 * a DNS server on loopback (started here, before anything reads DNS_RESOLVER); this line signs the
 * corpus with a key that server serves, so each check does the whole work of a real newsletter's mail
 * (body hash, RSA-2048 verify, DMARC), and compares the CPU per message of the check alone with that
 * of filing the same signed messages, check included (this process, its preparing workers and the
 * database's backends), in alternating passes of the same run.
 */
export async function startBenchDns(): Promise<TestDnsServer> {
  const keys = makeTestKeys();
  const dns = await startTestDns(keys);
  process.env.DNS_RESOLVER = dns.address;
  process.env.PAPERBOY_TEST_DKIM_KEY = keys.good;
  return dns;
}

export async function benchAuth(set: Buffer[], options: { seconds: number; inFlight: number }): Promise<{ ok: boolean }> {
  const { closeDb, getDb, prepareDatabase } = await import("@/db/client");
  const { user } = await import("@/db/schema");
  const { receiveMessage } = await import("@/lib/mail/service");
  const { authenticateContent } = await import("@/lib/sender-auth/service");
  await prepareDatabase();
  const signed: Buffer[] = [];
  for (const raw of set) {
    try {
      signed.push(Buffer.from(await signMail(raw)));
    } catch {
      // A message without a From address has no domain to sign for.
    }
  }
  const run = Date.now().toString(36);
  const local = `bench-auth-${run}`;
  await getDb()
    .insert(user)
    .values({ name: "Bench Reader", email: `${local}@bench.example`, username: local, uniqueLocal: local });
  const to = `${local}@${process.env.MAIL_DOMAIN}`;
  const ownMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let sequence = 0;
  const sides = [
    {
      label: "file signed mail (check included)",
      work: (raw: Buffer) =>
        receiveMessage(Buffer.concat([Buffer.from(`Message-ID: <bench-auth-${run}-${sequence++}@bench.example>\r\n`), raw]), "cli", [to]),
      cpuMs: 0,
      messages: 0,
    },
    {
      label: "sender authentication alone",
      work: (raw: Buffer) => authenticateContent(raw, { isForwarded: false, signedOriginal: null }),
      cpuMs: 0,
      messages: 0,
    },
  ];
  const url = process.env.DATABASE_URL;
  const sample = (): Promise<CpuSample | null> => (url ? cpuSample(url, process.pid) : Promise.resolve(null));
  const pass = async (side: (typeof sides)[number]) => {
    const queue = [...signed];
    const sampled = await sample();
    const before = ownMs();
    await Promise.all(
      Array.from({ length: options.inFlight }, async () => {
        for (let raw = queue.pop(); raw; raw = queue.pop()) await side.work(raw).catch(() => undefined);
      }),
    );
    const after = await sample();
    side.cpuMs += ownMs() - before + (sampled && after ? databaseSecondsBetween(sampled, after) * 1000 : 0);
    side.messages += signed.length;
  };
  try {
    // A first pass each warms the DNS cache and the prepared statements, as a running server has them.
    for (const side of sides) await pass(side);
    for (const side of sides) [side.cpuMs, side.messages] = [0, 0];
    const started = performance.now();
    while (performance.now() - started < options.seconds * 1000 * sides.length) for (const side of sides) await pass(side);
  } finally {
    await closeDb();
  }
  const [filing, check] = sides.map((side) => side.cpuMs / side.messages);
  const share = check / (filing - check);
  console.log(`\n${signed.length} signed messages, DNS on loopback (cached for its TTL after the first lookup)`);
  console.log(`file signed mail, check included      ${filing.toFixed(2).padStart(7)} ms CPU per message (with PostgreSQL's)`);
  console.log(`sender authentication alone           ${check.toFixed(2).padStart(7)} ms CPU per message`);
  console.log(`filing without the check (difference) ${(filing - check).toFixed(2).padStart(7)} ms CPU per message`);
  const ok = share < 0.1;
  console.log(`authentication adds ${(share * 100).toFixed(1)}% CPU per message: ${ok ? "PASS" : "FAIL"} (goal under 10%)`);
  return { ok };
}
