import { makeTestKeys, startTestDns } from "../support/dns-server";

/**
 * One DNS server for the whole run (DNS_RESOLVER in playwright.config.ts), serving the key test mail is
 * signed with (tests/support/dkim.ts): journeys that need a verified sender sign their mail, and the
 * workers, which inherit these variables, never race for the port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const keys = makeTestKeys();
  process.env.PAPERBOY_TEST_DKIM_KEY = keys.good;
  process.env.PAPERBOY_TEST_DKIM_WEAK_KEY = keys.weak;
  const dns = await startTestDns(keys, Number(process.env.E2E_DNS_PORT));
  return () => dns.close();
}
