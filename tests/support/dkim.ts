import { dkimSign } from "mailauth";
import { SELECTORS } from "./dns-server";

/**
 * Signs test mail with DKIM under a key the tests' DNS server (tests/support/dns-server.ts, started by
 * global-setup.ts) serves, so the sender is verified as a real newsletter's would be.
 */
export type SignOptions = {
  /** The signing domain (d=); by default the From address's domain. */
  domain?: string;
  /** `good` passes; `other` is checked against another key's record; `weak` is a 512-bit key; `garbage` has no key. */
  key?: keyof typeof SELECTORS;
};

function fromDomain(raw: string): string {
  const from = /^From:.*?@([^>\s]+)>?\s*$/im.exec(raw);
  if (!from) throw new Error("No From address to sign for");
  return from[1].toLowerCase();
}

export async function signMail(message: string | Buffer, options: SignOptions = {}): Promise<string> {
  const raw = typeof message === "string" ? message : message.toString("utf8");
  const key = options.key ?? "good";
  const privateKey = key === "weak" ? process.env.PAPERBOY_TEST_DKIM_WEAK_KEY : process.env.PAPERBOY_TEST_DKIM_KEY;
  if (!privateKey) throw new Error("The tests' DKIM keys are made by tests/support/global-setup.ts");
  const signingDomain = options.domain ?? fromDomain(raw);
  const { signatures, errors } = await dkimSign(raw, {
    signingDomain,
    selector: SELECTORS[key],
    privateKey,
    signatureData: [{ signingDomain, selector: SELECTORS[key], privateKey, canonicalization: "relaxed/relaxed", algorithm: "rsa-sha256" }],
  });
  if (errors.length > 0) throw errors[0];
  return signatures + raw;
}
